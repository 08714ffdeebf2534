//! Why a record cannot be read at all, as opposed to entries that cannot happen.

use super::{FORMAT_VERSION, GAMES};
use crate::lang::{Lang, Msg};
use crate::rules::game::Message;
use crate::rules::json_text::Complaint;

/// Why a record cannot be read at all (as opposed to entries that cannot happen).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxError {
    /// Not JSON, or not the shape of a match record.
    Json {
        message: Complaint,
        line: usize,
        column: usize,
    },
    /// `format_version` missing or not one this code reads.
    Version { found: Option<String> },
    /// `game` missing, not a game this code knows, or not the game expected.
    Game {
        found: Option<String>,
        expected: Vec<&'static str>,
    },
    /// `options` cannot be read as the game's options.
    Options {
        game: &'static str,
        message: Complaint,
    },
    /// The options ask for a number of players the game is not played with.
    PlayersNotSupported { game: &'static str, players: usize },
    /// `players` does not name as many players as the game has.
    Players {
        game: &'static str,
        expected: usize,
        found: usize,
    },
    /// `first_dealer` is not a seat of the game.
    FirstDealer { seat: u64, seats: usize },
    /// One entry cannot be read.
    Entry { index: usize, message: Complaint },
}

fn quoted(names: &[&str], or: &str) -> String {
    let names: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {or} {last}", rest.join(", ")),
    }
}

impl SyntaxError {
    /// Text that is not JSON at all, with where serde_json stopped reading it.
    pub fn json(error: &serde_json::Error) -> SyntaxError {
        SyntaxError::Json {
            message: Complaint::new(error),
            line: error.line(),
            column: error.column(),
        }
    }

    /// The words of the faults other than serde's, written here in Italian or English.
    fn inline_words(&self, lang: Lang) -> String {
        let it = lang == Lang::It;
        match self {
            SyntaxError::Json { .. } | SyntaxError::Options { .. } | SyntaxError::Entry { .. } => {
                unreachable!("serde's complaints are worded through the Fluent files")
            }
            SyntaxError::Version { found } => match (found, it) {
                (None, true) => format!("manca \"format_version\" (atteso {FORMAT_VERSION})"),
                (None, false) => {
                    format!("\"format_version\" is missing (expected {FORMAT_VERSION})")
                }
                (Some(found), true) => format!(
                    "versione del formato {found} non supportata (supportata: {FORMAT_VERSION})"
                ),
                (Some(found), false) => {
                    format!("format version {found} is not supported (supported: {FORMAT_VERSION})")
                }
            },
            SyntaxError::Game { found, expected } => {
                let expected_it = quoted(expected, "o");
                let expected_en = quoted(expected, "or");
                let known = found
                    .as_deref()
                    .and_then(|found| serde_json::from_str::<String>(found).ok())
                    .filter(|name| GAMES.contains(&name.as_str()));
                match (found, known, it) {
                    (None, _, true) => format!("manca \"game\" (atteso {expected_it})"),
                    (None, _, false) => format!("\"game\" is missing (expected {expected_en})"),
                    (Some(found), Some(_), true) => {
                        format!("qui si legge una partita di {expected_it}, non di {found}")
                    }
                    (Some(found), Some(_), false) => {
                        format!("a {found} record where {expected_en} is expected")
                    }
                    (Some(found), None, true) => {
                        format!("gioco {found} sconosciuto (previsto {expected_it})")
                    }
                    (Some(found), None, false) => {
                        format!("unknown game {found} (expected {expected_en})")
                    }
                }
            }
            SyntaxError::PlayersNotSupported { game, players } => {
                if it {
                    format!("{game} si gioca in 2 o in 4, non in {players} (opzione \"players\")")
                } else {
                    format!(
                        "{game} is played by 2 or 4 players, not {players} (option \"players\")"
                    )
                }
            }
            SyntaxError::Players {
                game,
                expected,
                found,
            } => {
                if it {
                    format!(
                        "\"players\" dà {found} nomi, ma questa partita di {game} ha {expected} giocatori"
                    )
                } else {
                    format!(
                        "\"players\" names {found} players, but this {game} match has {expected}"
                    )
                }
            }
            SyntaxError::FirstDealer { seat, seats } => {
                let last = seats.saturating_sub(1);
                if it {
                    format!(
                        "\"first_dealer\": il posto {seat} non esiste (i posti vanno da 0 a {last})"
                    )
                } else {
                    format!("\"first_dealer\": seat {seat} does not exist (seats are 0 to {last})")
                }
            }
        }
    }
}

impl Message for SyntaxError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            SyntaxError::Json {
                message,
                line,
                column,
            } => Msg::new("json-unreadable")
                .arg("line", line)
                .arg("column", column)
                .arg("message", message.msg.clone()),
            SyntaxError::Options { game, message } => Msg::new("json-options_unreadable")
                .arg("game", *game)
                .arg("message", message.msg.clone()),
            SyntaxError::Entry { index, message } => Msg::new("json-entry_unreadable")
                .arg("index", index)
                .arg("message", message.msg.clone()),
            _ => Msg::text(self.inline_words(lang)),
        }
    }
}

crate::rules::game::message_error!(SyntaxError);
