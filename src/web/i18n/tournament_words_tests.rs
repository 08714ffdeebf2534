//! The words of the tournament core (errors, standings, Swiss pairing notes), worded
//! through the Fluent files: the assertions on words the core's unit tests made while it
//! wrote them itself, and the exact texts the pages and exports showed then.

use super::{TieBreakName, Tr, Worded};
use crate::lang::Lang;
use crate::tournament::standings::TableTitle;
use crate::tournament::swiss::{ByeReason, FloatReason, PairingNote};
use crate::tournament::{EntrantId, TieBreak, TournamentError};

fn odd_group_float() -> PairingNote {
    PairingNote::FloatDown {
        entrant: EntrantId(3),
        from_score: 2,
        to_score: 1,
        reason: FloatReason::OddGroup,
    }
}

#[test]
fn a_float_from_an_odd_group_says_so_in_both_languages() {
    let note = odd_group_float();
    assert!(note.message(Lang::En).contains("odd number"));
    assert!(note.message(Lang::It).contains("dispari"));
}

#[test]
fn tie_break_explanations_differ_between_languages() {
    for tb in TieBreak::ALL {
        assert_ne!(tb.message(Lang::It), tb.message(Lang::En));
    }
}

#[test]
fn pairing_notes_read_as_they_always_did() {
    let name = |entrant: EntrantId| format!("Team {}", entrant.0);
    let word = |note: &PairingNote, lang| Tr::new(lang).msg(&note.msg_with(&name));
    let cases = [
        (
            PairingNote::Bye {
                entrant: EntrantId(5),
                reason: ByeReason::LowestWithoutBye,
            },
            "riposo a Team 5: il più basso in classifica senza riposi",
            "bye to Team 5: lowest ranked without a bye",
        ),
        (
            PairingNote::Bye {
                entrant: EntrantId(5),
                reason: ByeReason::EveryoneHadOne,
            },
            "riposo a Team 5: tutti hanno già riposato, tocca al più basso in classifica",
            "bye to Team 5: everyone has had a bye, so the lowest ranked",
        ),
        (
            odd_group_float(),
            "Team 3 scende dal gruppo di punteggio 2 al 1: il gruppo era dispari",
            "Team 3 floated down from score group 2 to 1 because the group had an odd number",
        ),
        (
            PairingNote::FloatDown {
                entrant: EntrantId(3),
                from_score: 2,
                to_score: 1,
                reason: FloatReason::SmallestGaps,
            },
            "Team 3 scende dal gruppo di punteggio 2 al 1: nessun abbinamento del turno ha differenze di punteggio minori",
            "Team 3 floated down from score group 2 to 1: no pairing of the round has smaller score gaps",
        ),
        (
            PairingNote::FloatDown {
                entrant: EntrantId(3),
                from_score: 2,
                to_score: 1,
                reason: FloatReason::AvoidRematch { with: EntrantId(4) },
            },
            "Team 3 scende dal gruppo di punteggio 2 al 1 per evitare di incontrare di nuovo Team 4",
            "Team 3 floated down from score group 2 to 1 to avoid a rematch with Team 4",
        ),
        (
            PairingNote::Transposed {
                entrant: EntrantId(1),
                opponent: EntrantId(2),
                instead_of: EntrantId(6),
            },
            "Team 1 contro Team 2 invece di Team 6 (già incontrato)",
            "Team 1 paired with Team 2 instead of Team 6 to avoid a rematch",
        ),
        (
            PairingNote::Rearranged {
                entrant: EntrantId(1),
                opponent: EntrantId(2),
            },
            "Team 1 contro Team 2 fuori dal proprio gruppo di punteggio per evitare una rivincita",
            "Team 1 paired with Team 2 across score groups to avoid a rematch",
        ),
        (
            PairingNote::Rematch {
                a: EntrantId(1),
                b: EntrantId(2),
            },
            "Team 1 e Team 2 si incontrano di nuovo: nessun abbinamento lo evitava",
            "Team 1 and Team 2 meet again: no pairing avoided it",
        ),
    ];
    for (note, italian, english) in cases {
        assert_eq!(word(&note, Lang::It), italian);
        assert_eq!(word(&note, Lang::En), english);
    }
    assert_eq!(
        odd_group_float().message(Lang::En),
        "#3 floated down from score group 2 to 1 because the group had an odd number"
    );
}

#[test]
fn tournament_errors_read_as_they_always_did() {
    let cases = [
        (
            TournamentError::TooFewEntrants { needed: 4, got: 3 },
            "questa formula richiede almeno 4, iscritti presenti 3",
            "this format needs at least 4, entrants present 3",
        ),
        (
            TournamentError::DuplicateEntrant(EntrantId(7)),
            "l'iscritto #7 compare due volte",
            "entrant #7 is listed twice",
        ),
        (
            TournamentError::UnknownEntrant(EntrantId(7)),
            "l'iscritto #7 non partecipa a questo torneo",
            "entrant #7 is not in this event",
        ),
        (
            TournamentError::SeedingMismatch,
            "il tabellone manuale deve elencare ogni iscritto una volta sola",
            "a manual seeding must list every entrant exactly once",
        ),
        (
            TournamentError::InvalidOption("rounds"),
            "opzione non valida: rounds",
            "invalid option: rounds",
        ),
        (
            TournamentError::LateEntryRefused,
            "questa formula non accetta iscritti dopo il sorteggio",
            "this format takes no entrants after the draw",
        ),
    ];
    reads_in_both(cases);
}

/// Each message reads as its Italian and English text.
fn reads_in_both<T: Worded>(cases: impl IntoIterator<Item = (T, &'static str, &'static str)>) {
    for (message, italian, english) in cases {
        assert_eq!(message.message(Lang::It), italian);
        assert_eq!(message.message(Lang::En), english);
    }
}

#[test]
fn standings_titles_and_tie_breaks_read_as_they_always_did() {
    let titles = [
        (TableTitle::Overall, "Classifica", "Standings"),
        (TableTitle::Group(2), "Girone 2", "Group 2"),
        (TableTitle::Knockout, "Eliminazione diretta", "Knockout"),
    ];
    reads_in_both(titles);
    let names = [
        (TieBreak::Buchholz, "Buchholz", "Buchholz"),
        (
            TieBreak::MedianBuchholz,
            "Buchholz mediano",
            "Median-Buchholz",
        ),
        (
            TieBreak::SonnebornBerger,
            "Sonneborn-Berger",
            "Sonneborn-Berger",
        ),
        (TieBreak::HeadToHead, "Scontri diretti", "Head-to-head"),
        (
            TieBreak::GamesDifference,
            "Differenza partite",
            "Games difference",
        ),
        (
            TieBreak::PointsDifference,
            "Differenza punti",
            "Points difference",
        ),
    ];
    for (tie_break, italian, english) in names {
        assert_eq!(tie_break.name(Lang::It), italian);
        assert_eq!(tie_break.name(Lang::En), english);
    }
    assert_eq!(
        TieBreak::Buchholz.message(Lang::It),
        "somma dei punteggi di tutti gli avversari incontrati; un riposo conta come un avversario con il punteggio dell'iscritto stesso"
    );
    assert_eq!(
        TieBreak::PointsDifference.message(Lang::En),
        "points scored minus points conceded"
    );
}
