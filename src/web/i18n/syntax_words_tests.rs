//! Why a record cannot be read at all (`rules::record::SyntaxError`), worded through
//! the Fluent files in both languages.

use super::in_both;
use crate::rules::game::Message;
use crate::rules::record::SyntaxError;

fn words(error: SyntaxError) -> [String; 2] {
    in_both(|tr| tr.msg(&error.msg()))
}

#[test]
fn a_record_without_a_readable_version_or_game_says_what_was_expected() {
    let cases = [
        (
            SyntaxError::Version { found: None },
            "manca \"format_version\" (atteso 1)",
            "\"format_version\" is missing (expected 1)",
        ),
        (
            SyntaxError::Version {
                found: Some("2".to_string()),
            },
            "versione del formato 2 non supportata (supportata: 1)",
            "format version 2 is not supported (supported: 1)",
        ),
        (
            SyntaxError::Game {
                found: None,
                expected: vec!["trijumf"],
            },
            "manca \"game\" (atteso \"trijumf\")",
            "\"game\" is missing (expected \"trijumf\")",
        ),
        (
            SyntaxError::Game {
                found: Some("\"vitou\"".to_string()),
                expected: vec!["trijumf"],
            },
            "qui si legge una partita di \"trijumf\", non di \"vitou\"",
            "a \"vitou\" record where \"trijumf\" is expected",
        ),
        (
            SyntaxError::Game {
                found: Some("\"scopa\"".to_string()),
                expected: vec!["madrasso", "tressette", "trijumf"],
            },
            "gioco \"scopa\" sconosciuto (previsto \"madrasso\", \"tressette\" o \"trijumf\")",
            "unknown game \"scopa\" (expected \"madrasso\", \"tressette\" or \"trijumf\")",
        ),
        (
            SyntaxError::Game {
                found: Some("5".to_string()),
                expected: vec!["trijumf", "vitou"],
            },
            "gioco 5 sconosciuto (previsto \"trijumf\" o \"vitou\")",
            "unknown game 5 (expected \"trijumf\" or \"vitou\")",
        ),
    ];
    for (error, italian, english) in cases {
        assert_eq!(words(error), [italian, english]);
    }
}

#[test]
fn a_record_whose_players_do_not_fit_the_game_says_how_many() {
    let cases = [
        (
            SyntaxError::PlayersNotSupported {
                game: "trijumf",
                players: 3,
            },
            "trijumf si gioca in 2 o in 4, non in 3 (opzione \"players\")",
            "trijumf is played by 2 or 4 players, not 3 (option \"players\")",
        ),
        (
            SyntaxError::Players {
                game: "madrasso",
                expected: 4,
                found: 3,
            },
            "\"players\" dà 3 nomi, ma questa partita di madrasso ha 4 giocatori",
            "\"players\" names 3 players, but this madrasso match has 4",
        ),
        (
            SyntaxError::FirstDealer { seat: 7, seats: 4 },
            "\"first_dealer\": il posto 7 non esiste (i posti vanno da 0 a 3)",
            "\"first_dealer\": seat 7 does not exist (seats are 0 to 3)",
        ),
        (
            SyntaxError::FirstDealer {
                seat: u64::MAX,
                seats: 2,
            },
            "\"first_dealer\": il posto 18446744073709551615 non esiste (i posti vanno da 0 a 1)",
            "\"first_dealer\": seat 18446744073709551615 does not exist (seats are 0 to 1)",
        ),
    ];
    for (error, italian, english) in cases {
        assert_eq!(words(error), [italian, english]);
    }
}
