//! The match keys as pages, exports and the CLI show them: every kind of key in both
//! languages, pinned to the exact text they read before their words moved to Fluent.

use super::Tr;
use crate::lang::Msg;
use crate::tournament::{MatchKey, key_label};

fn readers() -> [Tr; 2] {
    super::in_both(|tr| tr)
}

/// Each kind of key, with its Italian reading; English reads the key as it is.
const KEYS: [(&str, &str); 15] = [
    ("W R1 M2", "Vincenti T1 P2"),
    ("L R2 M1", "Perdenti T2 P1"),
    ("GF", "Finalissima"),
    ("GF reset", "Finalissima (spareggio)"),
    ("3rd", "3° posto"),
    ("RR R3 T2", "Italiana T3 tav. 2"),
    ("RR R3 bye", "Italiana T3 riposo"),
    ("G2 R1 T1", "Girone 2 T1 tav. 1"),
    ("KO W R1 M1", "Eliminazione Vincenti T1 P1"),
    ("KO 3rd", "Eliminazione 3° posto"),
    ("Swiss R4 T7", "Svizzero T4 tav. 7"),
    ("Swiss R4 bye", "Svizzero T4 riposo"),
    ("Rot R2 T3", "Rotazione T2 tav. 3"),
    ("Rot R2 out 1", "Rotazione T2 riposo 1"),
    ("Swiss R12 T1042", "Svizzero T12 tav. 1042"),
];

#[test]
fn every_kind_of_key_reads_in_italian_and_stays_itself_in_english() {
    let [it, en] = readers();
    for (key, italian) in KEYS {
        let label = MatchKey::new(key).label();
        assert_eq!(it.msg(&label), italian, "{key}");
        assert_eq!(en.msg(&label), key, "{key}");
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
    assert_eq!(title(&it, swiss), "Torneo · Svizzero T4 tav. 7");
    assert_eq!(title(&en, swiss), swiss);
    // Only the last part is the key: an event's name may hold the separator too.
    let reset = "Coppa · Venezia · GF reset";
    assert_eq!(
        title(&it, reset),
        "Coppa · Venezia · Finalissima (spareggio)"
    );
    // A standalone match keeps the title it was given.
    for standalone in ["Amici · domenica", "Finale"] {
        assert_eq!(title(&it, standalone), standalone);
        assert_eq!(title(&en, standalone), standalone);
    }
    for (key, italian) in KEYS {
        assert_eq!(
            title(&it, &format!("Ev · {key}")),
            format!("Ev · {italian}")
        );
        assert_eq!(title(&en, &format!("Ev · {key}")), format!("Ev · {key}"));
    }
}
