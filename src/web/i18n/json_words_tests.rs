//! serde's complaints worded through the Fluent files (`locales/*/rules_json.ftl`):
//! the assertions `rules::json_text`'s tests made while the core wrote Italian itself.
//! Each case is built from serde's own errors, so a change in its wording fails here
//! rather than leaking English onto the pages.

use serde::Deserialize;
use serde::de::Error as _;

use super::Tr;
use crate::lang::Lang;
use crate::rules::card::{Card, Suit};
use crate::rules::game::Seat;
use crate::rules::json_text::{Complaint, bare_message};
use crate::rules::test_support::{Body, error_of};

type Error = serde_json::Error;

/// An error of serde_json in the reader's language.
fn describe(error: &Error, lang: Lang) -> String {
    Tr::new(lang).msg(&Complaint::new(error).msg)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

/// Each case: what serde really says about a bad text, and what an Italian
/// reader is shown instead. Built from serde's own errors, so a change in its
/// wording fails here rather than leaking English onto the pages.
#[test]
fn serde_messages_read_in_italian() {
    let cases: Vec<(serde_json::Error, &str, &str)> = vec![
        (
            error_of::<Body>(r#"{"winner":"A"}"#),
            "missing field `expected_seq`",
            "manca il campo `expected_seq`",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":"A","winer":1}"#),
            "unknown field `winer`, expected one of `expected_seq`, `winner`, `pair`, `side`",
            "campo `winer` sconosciuto: previsto uno tra `expected_seq`, `winner`, `pair`, `side`",
        ),
        (
            error_of::<Empty>(r#"{"x":1}"#),
            "unknown field `x`, there are no fields",
            "campo `x` non previsto: qui non ce ne sono",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":"3","winner":"A"}"#),
            "invalid type: string \"3\", expected i64",
            "la stringa \"3\" dove è atteso un numero intero",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1.5,"winner":"A"}"#),
            "invalid type: floating point `1.5`, expected i64",
            "il numero `1.5` dove è atteso un numero intero",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":null}"#),
            "invalid type: null, expected a string",
            "null dove è atteso una stringa",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":"A","pair":[1]}"#),
            "invalid length 1, expected a tuple of size 2",
            "lunghezza 1 non valida: attesa una lista di 2 elementi",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":"A","pair":[1,300]}"#),
            "invalid value: integer `300`, expected u8",
            "valore non valido: il numero intero `300`, atteso un numero intero",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":"A","side":"C"}"#),
            "unknown variant `C`, expected `A` or `B`",
            "valore `C` sconosciuto: previsto `A` o `B`",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1,"winner":"A","winner":"B"}"#),
            "duplicate field `winner`",
            "il campo `winner` è ripetuto",
        ),
        (
            error_of::<Body>("true"),
            "invalid type: boolean `true`, expected struct Body",
            "il valore `true` dove è atteso un oggetto",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":1"#),
            "EOF while parsing an object",
            "il testo finisce dentro un oggetto",
        ),
        (
            error_of::<Body>(r#"{"expected_seq":"#),
            "EOF while parsing a value",
            "il testo finisce dove è atteso un valore",
        ),
        (
            error_of::<Body>(r#"{"expected_seq" 1}"#),
            "expected `:`",
            "atteso `:`",
        ),
        (
            error_of::<Body>("{\"expected_seq\":1,\"winner\":\"A\"} x"),
            "trailing characters",
            "caratteri in più dopo la fine",
        ),
        (
            error_of::<Body>("nope"),
            "expected ident",
            "parola non valida (sono ammesse true, false e null)",
        ),
        (
            error_of::<Card>(r#""7x""#),
            "not a card: \"7x\"",
            "\"7x\" non è una carta",
        ),
        (
            error_of::<Suit>(r#""x""#),
            "not a suit: \"x\" (suits are \"s\", \"b\", \"c\", \"d\")",
            "\"x\" non è un seme (i semi sono \"s\", \"b\", \"c\", \"d\")",
        ),
        (
            error_of::<Seat>("7"),
            "seat 7 does not exist (seats are 0 to 3)",
            "il posto 7 non esiste (i posti vanno da 0 a 3)",
        ),
        (
            error_of::<crate::rules::vitou::Bid>("5"),
            "a bid is 3, 6, 12 or \"baraque\"",
            "una chiamata vale 3, 6, 12 o \"baraque\"",
        ),
    ];
    for (error, english, italian) in cases {
        let bare = bare_message(&error);
        assert_eq!(bare, english, "serde's own text");
        assert_eq!(describe(&error, Lang::En), english);
        assert_eq!(describe(&error, Lang::It), italian, "for {english:?}");
    }
}

#[test]
fn a_message_of_another_shape_is_shown_as_it_came() {
    assert_eq!(
        describe(&Error::custom("something nobody wrote yet"), Lang::It),
        "something nobody wrote yet"
    );
    assert_eq!(
        describe(&Error::custom("unknown field without a list"), Lang::It),
        "unknown field without a list"
    );
}
