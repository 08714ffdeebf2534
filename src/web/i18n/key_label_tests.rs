//! The match keys as pages, exports and the CLI show them: every kind of key in both
//! languages, pinned to the exact text they read before their words moved to Fluent.

use super::Tr;
use crate::lang::Msg;
use crate::tournament::{MatchKey, key_label};

fn readers() -> [Tr; 2] {
    super::in_both(|tr| tr)
}

/// Each kind of key, with its Italian and English readings: in words, never the code.
const KEYS: [(&str, &str, &str); 15] = [
    ("W R1 M2", "Turno 1, partita 2", "Round 1, match 2"),
    (
        "L R2 M1",
        "Perdenti, turno 2, partita 1",
        "Losers' bracket, round 2, match 1",
    ),
    ("GF", "Finale assoluta", "Grand final"),
    (
        "GF reset",
        "Finale assoluta (spareggio)",
        "Grand final (reset)",
    ),
    ("3rd", "Finale 3° posto", "Third-place final"),
    (
        "RR R3 T2",
        "Italiana · Turno 3, tavolo 2",
        "Round robin · Round 3, table 2",
    ),
    (
        "RR R3 bye",
        "Italiana · Turno 3, riposo",
        "Round robin · Round 3, bye",
    ),
    (
        "G2 R1 T1",
        "Girone 2 · Turno 1, tavolo 1",
        "Group 2 · Round 1, table 1",
    ),
    (
        "KO W R1 M1",
        "Eliminazione · Turno 1, partita 1",
        "Knockout · Round 1, match 1",
    ),
    (
        "KO 3rd",
        "Eliminazione · Finale 3° posto",
        "Knockout · Third-place final",
    ),
    (
        "Swiss R4 T7",
        "Svizzero · Turno 4, tavolo 7",
        "Swiss · Round 4, table 7",
    ),
    (
        "Swiss R4 bye",
        "Svizzero · Turno 4, riposo",
        "Swiss · Round 4, bye",
    ),
    (
        "Rot R2 T3",
        "Rotazione · Turno 2, tavolo 3",
        "Rotation · Round 2, table 3",
    ),
    (
        "Rot R2 out 1",
        "Rotazione · Turno 2, riposo 1",
        "Rotation · Round 2, sits out 1",
    ),
    (
        "Swiss R12 T1042",
        "Svizzero · Turno 12, tavolo 1042",
        "Swiss · Round 12, table 1042",
    ),
];

#[test]
fn every_kind_of_key_reads_in_words_in_both_languages() {
    let [it, en] = readers();
    for (key, italian, english) in KEYS {
        let label = MatchKey::new(key).label();
        assert_eq!(it.msg(&label), italian, "{key}");
        assert_eq!(en.msg(&label), english, "{key}");
    }
}

#[test]
fn text_that_is_not_a_key_is_not_read_as_one() {
    let not_keys = [
        "Finale",
        "W R1",
        "Swiss R4 T",
        "Rot R2 out uno",
        "G R1 T1",
        "",
    ];
    for text in not_keys {
        assert_eq!(key_label(text), None, "{text}");
        assert_eq!(MatchKey::new(text).label(), Msg::text(text), "{text}");
        for reader in readers() {
            assert_eq!(reader.msg(&MatchKey::new(text).label()), text, "{text}");
        }
    }
}

#[test]
fn an_event_match_title_reads_its_key_in_the_readers_language() {
    let [it, en] = readers();
    let title = |reader: &Tr, title: &str| reader.msg(&crate::events::title_msg(title));
    let swiss = "Torneo · Swiss R4 T7";
    assert_eq!(title(&it, swiss), "Torneo · Svizzero · Turno 4, tavolo 7");
    assert_eq!(title(&en, swiss), "Torneo · Swiss · Round 4, table 7");
    // Only the last part is the key: an event's name may hold the separator too.
    let reset = "Coppa · Venezia · GF reset";
    assert_eq!(
        title(&it, reset),
        "Coppa · Venezia · Finale assoluta (spareggio)"
    );
    // A standalone match keeps the title it was given.
    for standalone in ["Amici · domenica", "Finale"] {
        assert_eq!(title(&it, standalone), standalone);
        assert_eq!(title(&en, standalone), standalone);
    }
    for (key, italian, english) in KEYS {
        assert_eq!(
            title(&it, &format!("Ev · {key}")),
            format!("Ev · {italian}")
        );
        assert_eq!(
            title(&en, &format!("Ev · {key}")),
            format!("Ev · {english}")
        );
    }
}
