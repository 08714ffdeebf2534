//! The match keys as pages, exports and the CLI show them: every kind of key in both
//! languages, pinned to the exact text they read before their words moved to Fluent.

use crate::lang::Lang;
use crate::tournament::MatchKey;

fn label(key: &str, lang: Lang) -> String {
    MatchKey::new(key).label(lang)
}

fn title(title: &str, lang: Lang) -> String {
    crate::events::title_text(title, lang)
}

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
    for (key, italian) in KEYS {
        assert_eq!(label(key, Lang::It), italian, "{key}");
        assert_eq!(label(key, Lang::En), key, "{key}");
    }
}

#[test]
fn text_that_is_not_a_key_is_not_read_as_one() {
    for text in [
        "Finale",
        "W R1",
        "Swiss R4 T",
        "Rot R2 out uno",
        "G R1 T1",
        "",
    ] {
        assert_eq!(label(text, Lang::It), text, "{text}");
        assert_eq!(label(text, Lang::En), text, "{text}");
    }
}

#[test]
fn an_event_match_title_reads_its_key_in_the_readers_language() {
    assert_eq!(
        title("Torneo · Swiss R4 T7", Lang::It),
        "Torneo · Svizzero T4 tav. 7"
    );
    assert_eq!(
        title("Torneo · Swiss R4 T7", Lang::En),
        "Torneo · Swiss R4 T7"
    );
    assert_eq!(
        title("Coppa · Venezia · GF reset", Lang::It),
        "Coppa · Venezia · Finalissima (spareggio)"
    );
    assert_eq!(title("Amici · domenica", Lang::It), "Amici · domenica");
    assert_eq!(title("Amici · domenica", Lang::En), "Amici · domenica");
    assert_eq!(title("Finale", Lang::It), "Finale");
    for (key, italian) in KEYS {
        assert_eq!(
            title(&format!("Ev · {key}"), Lang::It),
            format!("Ev · {italian}")
        );
        assert_eq!(
            title(&format!("Ev · {key}"), Lang::En),
            format!("Ev · {key}")
        );
    }
}
