//! What serde and serde_json say about JSON they cannot read, in the reader's language.
//!
//! Their messages are English and carry no structure beyond their text, so a referee
//! reading Italian saw "manca il campo" next to "missing field `winner`". Their shapes
//! are few and fixed (serde's `de::Error` defaults, serde_json's syntax errors, and
//! this engine's own `custom` messages for cards, seats and bids); each is turned into
//! Italian here. A message of another shape is shown as it came, rather than lost.

use crate::lang::{Lang, Written};

/// The message of a serde_json error without the position serde_json appends to
/// it: callers that show the line and column say so in the reader's language.
pub fn bare_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match text.strip_suffix(&suffix) {
        Some(bare) if error.line() > 0 => bare.to_string(),
        _ => text,
    }
}

/// A serde message in the reader's language.
pub fn describe(message: &str, lang: Lang) -> String {
    match lang.written() {
        Written::En => message.to_string(),
        Written::It => italian(message).unwrap_or_else(|| message.to_string()),
    }
}

fn italian(message: &str) -> Option<String> {
    if let Some(text) = syntax(message) {
        return Some(text.to_string());
    }
    if let Some(name) = message.strip_prefix("missing field ") {
        return Some(format!("manca il campo {name}"));
    }
    if let Some(name) = message.strip_prefix("duplicate field ") {
        return Some(format!("il campo {name} è ripetuto"));
    }
    for (unknown, noun, none_expected) in [
        ("unknown field ", "campo", "there are no fields"),
        ("unknown variant ", "valore", "there are no variants"),
    ] {
        if let Some(rest) = message.strip_prefix(unknown) {
            let (name, expected) = rest.split_once(", ")?;
            if expected == none_expected {
                return Some(format!("{noun} {name} non previsto: qui non ce ne sono"));
            }
            let expected = names(expected.strip_prefix("expected ")?)?;
            return Some(format!("{noun} {name} sconosciuto: previsto {expected}"));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (found, expected) = rest.rsplit_once(", expected ")?;
        return Some(format!(
            "{} dove è atteso {}",
            unexpected(found),
            expected_shape(expected)
        ));
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        let (found, expected) = rest.rsplit_once(", expected ")?;
        return Some(format!(
            "valore non valido: {}, atteso {}",
            unexpected(found),
            expected_shape(expected)
        ));
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (length, expected) = rest.split_once(", expected ")?;
        return Some(format!(
            "lunghezza {length} non valida: attesa {}",
            expected_shape(expected)
        ));
    }
    if message.starts_with("data did not match any variant of untagged enum") {
        return Some("il valore non ha nessuna delle forme previste".to_string());
    }
    own(message)
}

/// serde_json's syntax errors, which are whole sentences.
fn syntax(message: &str) -> Option<&'static str> {
    Some(match message {
        "EOF while parsing a list" => "il testo finisce dentro una lista",
        "EOF while parsing an object" => "il testo finisce dentro un oggetto",
        "EOF while parsing a string" => "il testo finisce dentro una stringa",
        "EOF while parsing a value" => "il testo finisce dove è atteso un valore",
        "expected `:`" => "atteso `:`",
        "expected `,` or `]`" => "attesi `,` o `]`",
        "expected `,` or `}`" => "attesi `,` o `}`",
        "expected ident" => "parola non valida (sono ammesse true, false e null)",
        "expected value" => "atteso un valore",
        "expected `\"`" => "atteso `\"`",
        "invalid escape" => "sequenza di escape non valida",
        "invalid number" => "numero non valido",
        "number out of range" => "numero fuori dai limiti",
        "invalid unicode code point" => "carattere Unicode non valido",
        "control character (\\u0000-\\u001F) found while parsing a string" => {
            "carattere di controllo dentro una stringa"
        }
        "key must be a string" => "le chiavi devono essere stringhe",
        "lone leading surrogate in hex escape" => "surrogato Unicode isolato in una sequenza \\u",
        "trailing comma" => "virgola di troppo",
        "trailing characters" => "caratteri in più dopo la fine",
        "unexpected end of hex escape" => "sequenza \\u incompleta",
        "recursion limit exceeded" => "troppi livelli annidati",
        _ => return None,
    })
}

/// "one of `a`, `b`", "`a` or `b`", "`a`": serde's lists of the names it expects.
fn names(expected: &str) -> Option<String> {
    if let Some(list) = expected.strip_prefix("one of ") {
        return Some(format!("uno tra {list}"));
    }
    if let Some((first, second)) = expected.split_once(" or ") {
        return Some(format!("{first} o {second}"));
    }
    expected.starts_with('`').then(|| expected.to_string())
}

/// What serde found, as `de::Unexpected` and serde_json write it.
fn unexpected(found: &str) -> String {
    if let Some(text) = found.strip_prefix("string ") {
        return format!("la stringa {text}");
    }
    if let Some(number) = found.strip_prefix("integer ") {
        return format!("il numero intero {number}");
    }
    if let Some(number) = found.strip_prefix("floating point ") {
        return format!("il numero {number}");
    }
    if let Some(value) = found.strip_prefix("boolean ") {
        return format!("il valore {value}");
    }
    if let Some(value) = found.strip_prefix("character ") {
        return format!("il carattere {value}");
    }
    match found {
        "null" | "unit value" => "null".to_string(),
        "map" => "un oggetto".to_string(),
        "sequence" => "una lista".to_string(),
        _ => found.to_string(),
    }
}

/// What serde expected: a Rust type's name, or a `Visitor`'s own words.
fn expected_shape(expected: &str) -> String {
    let text = match expected {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64" | "u128"
        | "usize" => "un numero intero",
        "f32" | "f64" => "un numero",
        "a string" | "a borrowed string" => "una stringa",
        "a boolean" => "true o false",
        "a character" => "un carattere",
        "a sequence" => "una lista",
        "a map" => "un oggetto",
        "any valid JSON value" => "un valore JSON",
        "unit" => "null",
        _ => {
            if let Some(size) = expected
                .strip_prefix("a tuple of size ")
                .or_else(|| expected.strip_prefix("an array of length "))
            {
                return format!("una lista di {size} elementi");
            }
            if expected.starts_with("struct ")
                || expected.starts_with("internally tagged enum ")
                || expected.starts_with("struct variant ")
            {
                return "un oggetto".to_string();
            }
            if expected.starts_with("enum ") {
                return "uno dei valori previsti".to_string();
            }
            if let Some(list) = names(expected) {
                return list;
            }
            return expected.to_string();
        }
    };
    text.to_string()
}

/// The engine's own `custom` messages (`card.rs`, `game.rs`, `vitou`).
fn own(message: &str) -> Option<String> {
    if let Some(input) = message.strip_prefix("not a card: ") {
        return Some(format!("{input} non è una carta"));
    }
    if let Some(rest) = message.strip_prefix("not a suit: ") {
        let (input, _) = rest.split_once(" (suits are ")?;
        return Some(format!(
            "{input} non è un seme (i semi sono \"s\", \"b\", \"c\", \"d\")"
        ));
    }
    if let Some(rest) = message.strip_prefix("seat ") {
        let (seat, range) = rest.split_once(" does not exist (seats are ")?;
        let (first, last) = range.strip_suffix(')')?.split_once(" to ")?;
        return Some(format!(
            "il posto {seat} non esiste (i posti vanno da {first} a {last})"
        ));
    }
    if message == "a bid is 3, 6, 12 or \"baraque\"" {
        return Some("una chiamata vale 3, 6, 12 o \"baraque\"".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::{Card, Suit};
    use crate::rules::game::Seat;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        expected_seq: i64,
        winner: String,
        #[serde(default)]
        pair: Option<(u8, u8)>,
        #[serde(default)]
        side: Option<Side>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    enum Side {
        A,
        B,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Empty {}

    fn error_of<T: for<'de> Deserialize<'de> + std::fmt::Debug>(text: &str) -> serde_json::Error {
        serde_json::from_str::<T>(text).expect_err(text)
    }

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
            assert_eq!(describe(&bare, Lang::En), english);
            assert_eq!(describe(&bare, Lang::It), italian, "for {english:?}");
        }
    }

    #[test]
    fn a_bid_of_the_wrong_shape_says_what_a_bid_is() {
        let error = error_of::<crate::rules::vitou::Bid>("true");
        assert_eq!(bare_message(&error), "a bid is 3, 6, 12 or \"baraque\"");
    }

    #[test]
    fn the_position_is_taken_off_only_where_serde_json_put_it() {
        let error = error_of::<Body>("{\n\"winner\": 3}");
        assert_eq!((error.line(), error.column()), (2, 11));
        assert!(error.to_string().ends_with(" at line 2 column 11"));
        assert_eq!(
            bare_message(&error),
            "invalid type: integer `3`, expected a string"
        );
        // From a value there is no position to take off.
        let error = serde_json::from_value::<Body>(serde_json::json!({"winner": "A"}))
            .expect_err("missing field");
        assert_eq!(error.line(), 0);
        assert_eq!(bare_message(&error), "missing field `expected_seq`");
    }

    #[test]
    fn a_message_of_another_shape_is_shown_as_it_came() {
        assert_eq!(
            describe("something nobody wrote yet", Lang::It),
            "something nobody wrote yet"
        );
        assert_eq!(
            describe("unknown field without a list", Lang::It),
            "unknown field without a list"
        );
    }
}
