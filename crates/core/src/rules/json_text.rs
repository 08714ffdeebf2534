//! What serde and serde_json say about JSON they cannot read, as messages for the
//! Fluent files (`locales/*/rules_json.ftl`), with where it was said.
//!
//! serde_json tells whether a text is not JSON or not of the shape expected
//! (`Error::classify`) and where it stopped reading (line and column), and
//! `serde_path_to_error` tells the path of the field at fault. *What* went wrong serde
//! gives only as English text: serde_json's syntax errors are a private enum shown as
//! fixed sentences, and serde's `de::Error` constructors (missing field, invalid type,
//! …) write fixed shapes into serde_json's one string. Those sentences and shapes are
//! read here, and nowhere else; a message of another shape is shown as it came.

use std::fmt;

use serde::de::DeserializeOwned;
use serde_json::error::Category;

use crate::lang::{Arg, Msg};

/// serde's complaint about a JSON text or value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Complaint {
    /// What is wrong, as a message for the Fluent files (English: serde's own words).
    pub msg: Msg,
    /// serde's own words without the position, for logs and `Display`.
    pub text: String,
    /// The path of the field at fault (`entries[3].type`), empty for the whole value
    /// or where it was not tracked.
    pub path: String,
    /// Where serde_json stopped reading a text (1-based); 0 for a value.
    pub line: usize,
    pub column: usize,
}

impl Complaint {
    /// The complaint of `error`, without a path.
    pub fn new(error: &serde_json::Error) -> Complaint {
        let text = bare_message(error);
        Complaint {
            msg: words(error.classify(), &text),
            text,
            path: String::new(),
            line: error.line(),
            column: error.column(),
        }
    }

    /// The complaint of `error`, at the path a second, tracked reading found.
    fn tracked<T>(
        error: &serde_json::Error,
        again: Result<T, serde_path_to_error::Error<serde_json::Error>>,
    ) -> Complaint {
        let mut complaint = Complaint::new(error);
        if let Err(tracked) = again {
            let path = tracked.path().to_string();
            // "." is the whole value, "?" a place serde_path_to_error cannot name.
            if path != "." && path != "?" {
                complaint.path = path;
            }
        }
        complaint
    }
}

impl fmt::Display for Complaint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reads a `T` from a JSON text. The path is tracked only for a text that fails, by
/// reading it again, so that a text that reads well costs what `serde_json::from_str` does.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Complaint> {
    serde_json::from_str(text).map_err(|error| {
        let mut tracked = serde_json::Deserializer::from_str(text);
        Complaint::tracked(
            &error,
            serde_path_to_error::deserialize::<_, T>(&mut tracked),
        )
    })
}

/// Reads a `T` from a JSON value, tracking the path only when it fails, as [`from_str`].
pub fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, Complaint> {
    T::deserialize(value).map_err(|error| {
        Complaint::tracked(&error, serde_path_to_error::deserialize::<_, T>(value))
    })
}

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

/// serde's `text` as a message, by its category: a text that is not JSON, or JSON of
/// another shape (serde's own shapes, then this engine's `custom` ones).
fn words(category: Category, text: &str) -> Msg {
    let known = match category {
        Category::Syntax | Category::Eof => syntax(text),
        Category::Data => data(text).or_else(|| own(text)),
        Category::Io => None,
    };
    known.unwrap_or_else(|| Msg::text(text.to_string()))
}

/// serde_json's syntax errors: its `ErrorCode` is private, so its sentence is the only
/// name of the fault.
const SYNTAX: [(&str, &str); 21] = [
    ("EOF while parsing a list", "json-eof_list"),
    ("EOF while parsing an object", "json-eof_object"),
    ("EOF while parsing a string", "json-eof_string"),
    ("EOF while parsing a value", "json-eof_value"),
    ("expected `:`", "json-expected_colon"),
    ("expected `,` or `]`", "json-expected_list_comma"),
    ("expected `,` or `}`", "json-expected_object_comma"),
    ("expected ident", "json-expected_ident"),
    ("expected value", "json-expected_value"),
    ("expected `\"`", "json-expected_quote"),
    ("invalid escape", "json-invalid_escape"),
    ("invalid number", "json-invalid_number"),
    ("number out of range", "json-number_out_of_range"),
    ("invalid unicode code point", "json-invalid_unicode"),
    (
        "control character (\\u0000-\\u001F) found while parsing a string",
        "json-control_character",
    ),
    ("key must be a string", "json-key_not_string"),
    (
        "lone leading surrogate in hex escape",
        "json-lone_surrogate",
    ),
    ("trailing comma", "json-trailing_comma"),
    ("trailing characters", "json-trailing_characters"),
    ("unexpected end of hex escape", "json-hex_escape_end"),
    ("recursion limit exceeded", "json-recursion_limit"),
];

fn syntax(text: &str) -> Option<Msg> {
    SYNTAX
        .iter()
        .find(|(sentence, _)| *sentence == text)
        .map(|(_, id)| Msg::new(id))
}

/// A message naming one thing serde wrote (a field's, a variant's or an enum's name).
fn named(id: &'static str, name: &str) -> Msg {
    Msg::new(id).arg("name", name.to_string())
}

/// The shapes serde's `de::Error` constructors give their messages (serde's
/// `de/mod.rs`): serde_json keeps nothing of them but the text.
fn data(text: &str) -> Option<Msg> {
    if let Some(name) = text.strip_prefix("missing field ") {
        return Some(named("json-missing_field", name));
    }
    if let Some(name) = text.strip_prefix("duplicate field ") {
        return Some(named("json-duplicate_field", name));
    }
    let unknown = [
        (
            "unknown field ",
            "json-unknown_field",
            "there are no fields",
        ),
        (
            "unknown variant ",
            "json-unknown_variant",
            "there are no variants",
        ),
    ];
    for (prefix, id, none_expected) in unknown {
        if let Some(rest) = text.strip_prefix(prefix) {
            let (name, expected) = rest.split_once(", ")?;
            if expected == none_expected {
                let none_id = if id == "json-unknown_field" {
                    "json-unknown_field_none"
                } else {
                    "json-unknown_variant_none"
                };
                return Some(named(none_id, name));
            }
            let expected = names(expected.strip_prefix("expected ")?)?;
            return Some(named(id, name).arg("expected", expected));
        }
    }
    for (prefix, id) in [
        ("invalid type: ", "json-invalid_type"),
        ("invalid value: ", "json-invalid_value"),
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            let (found, expected) = rest.rsplit_once(", expected ")?;
            return Some(
                Msg::new(id)
                    .arg("found", unexpected(found))
                    .arg("expected", shape(expected)),
            );
        }
    }
    if let Some(rest) = text.strip_prefix("invalid length ") {
        let (length, expected) = rest.split_once(", expected ")?;
        return Some(
            Msg::new("json-invalid_length")
                .arg("length", length.to_string())
                .arg("expected", shape(expected)),
        );
    }
    text.strip_prefix("data did not match any variant of untagged enum ")
        .map(|name| named("json-untagged", name))
}

/// "one of `a`, `b`", "`a` or `b`", "`a`": serde's lists of the names it expects.
fn names(expected: &str) -> Option<Arg> {
    if let Some(list) = expected.strip_prefix("one of ") {
        return Some(
            Msg::new("json-one_of")
                .arg("names", list.to_string())
                .into(),
        );
    }
    if let Some((first, second)) = expected.split_once(" or ") {
        let either = Msg::new("json-either")
            .arg("first", first.to_string())
            .arg("second", second.to_string());
        return Some(either.into());
    }
    expected
        .starts_with('`')
        .then(|| Arg::from(expected.to_string()))
}

/// What serde found, as `de::Unexpected` and serde_json write it.
fn unexpected(found: &str) -> Arg {
    let valued = [
        ("string ", "json-found_string"),
        ("integer ", "json-found_integer"),
        ("floating point ", "json-found_float"),
        ("boolean ", "json-found_boolean"),
        ("character ", "json-found_char"),
    ];
    for (prefix, id) in valued {
        if let Some(value) = found.strip_prefix(prefix) {
            return Msg::new(id).arg("value", value.to_string()).into();
        }
    }
    match found {
        "null" | "unit value" => Msg::new("json-found_null")
            .arg("text", found.to_string())
            .into(),
        "map" => Msg::new("json-found_map").into(),
        "sequence" => Msg::new("json-found_sequence").into(),
        _ => Arg::from(found.to_string()),
    }
}

/// What serde expected: a Rust type's name, or a `Visitor`'s own words. Where serde
/// names a type of its own the message carries the name, which the English repeats.
fn shape(expected: &str) -> Arg {
    let fixed = match expected {
        "a boolean" => Some("json-shape_boolean"),
        "a character" => Some("json-shape_char"),
        "a sequence" => Some("json-shape_sequence"),
        "a map" => Some("json-shape_map"),
        "any valid JSON value" => Some("json-shape_json"),
        "unit" => Some("json-shape_unit"),
        _ => None,
    };
    if let Some(id) = fixed {
        return Msg::new(id).into();
    }
    for (prefix, id) in [
        ("a tuple of size ", "json-shape_tuple"),
        ("an array of length ", "json-shape_array"),
    ] {
        if let Some(size) = expected.strip_prefix(prefix) {
            return Msg::new(id).arg("size", size.to_string()).into();
        }
    }
    let id = match expected {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64" | "u128"
        | "usize" => "json-shape_integer",
        "f32" | "f64" => "json-shape_number",
        "a string" | "a borrowed string" => "json-shape_string",
        _ if ["struct ", "internally tagged enum ", "struct variant "]
            .iter()
            .any(|prefix| expected.starts_with(prefix)) =>
        {
            "json-shape_object"
        }
        _ if expected.starts_with("enum ") => "json-shape_enum",
        _ => return names(expected).unwrap_or_else(|| Arg::from(expected.to_string())),
    };
    Msg::new(id).arg("text", expected.to_string()).into()
}

/// The engine's own `custom` messages (`card.rs`, `game.rs`, `vitou`): serde carries
/// them as text too.
fn own(text: &str) -> Option<Msg> {
    if let Some(input) = text.strip_prefix("not a card: ") {
        return Some(Msg::new("json-not_card").arg("input", input.to_string()));
    }
    if let Some(rest) = text.strip_prefix("not a suit: ") {
        let (input, _) = rest.split_once(" (suits are ")?;
        return Some(Msg::new("json-not_suit").arg("input", input.to_string()));
    }
    if let Some(rest) = text.strip_prefix("seat ") {
        let (seat, range) = rest.split_once(" does not exist (seats are ")?;
        let (first, last) = range.strip_suffix(')')?.split_once(" to ")?;
        return Some(
            Msg::new("json-no_seat")
                .arg("seat", seat.to_string())
                .arg("first", first.to_string())
                .arg("last", last.to_string()),
        );
    }
    if text == crate::rules::record::NO_SUCH_ENTRY {
        return Some(Msg::new("json-no_such_entry"));
    }
    (text == "a bid is 3, 6, 12 or \"baraque\"").then(|| Msg::new("json-bid"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::{Body, error_of};

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
    fn a_complaint_is_classified_by_category_and_keeps_the_position() {
        let syntax = Complaint::new(&error_of::<Body>(r#"{"expected_seq" 1}"#));
        assert_eq!(syntax.msg, Msg::new("json-expected_colon"));
        assert_eq!((syntax.line, syntax.column), (1, 17));
        let data = Complaint::new(&error_of::<Body>(r#"{"winner":"A"}"#));
        assert_eq!(
            data.msg,
            Msg::new("json-missing_field").arg("name", "`expected_seq`")
        );
        assert_eq!(data.text, "missing field `expected_seq`");
        assert_eq!(data.to_string(), data.text);
    }

    #[test]
    fn the_path_names_the_field_at_fault_once_reading_fails() {
        let complaint =
            from_str::<Body>(r#"{"expected_seq":1,"winner":"A","pair":[1,300]}"#).unwrap_err();
        assert_eq!(complaint.path, "pair[1]");
        assert_eq!(complaint.text, "invalid value: integer `300`, expected u8");
        let complaint = from_str::<Body>(r#"{"winner":"A"}"#).unwrap_err();
        assert_eq!(
            complaint.path, "",
            "a missing field is the whole object's fault"
        );
        let value = serde_json::json!({"expected_seq": 1, "winner": null});
        let complaint = from_value::<Body>(&value).unwrap_err();
        assert_eq!((complaint.path.as_str(), complaint.line), ("winner", 0));
        assert_eq!(
            from_str::<Body>("{\"expected_seq\":1,\"winner\":\"A\"} x")
                .unwrap_err()
                .msg,
            Msg::new("json-trailing_characters")
        );
        assert!(from_str::<Body>(r#"{"expected_seq":1,"winner":"A"}"#).is_ok());
    }

    #[test]
    fn an_entry_number_past_any_entry_is_no_entry_never_a_rounded_float() {
        use crate::rules::record::VoidEntry;
        // Past u64 serde_json keeps only a float ("1.8446744073709552e19").
        let text = r#"{"target": 18446744073709551616, "reason": "x"}"#;
        let complaint = from_str::<VoidEntry>(text).unwrap_err();
        assert_eq!(complaint.msg, Msg::new("json-no_such_entry"));
        assert_eq!(complaint.path, "target");
        let value = serde_json::json!({"target": 1e30, "reason": "x"});
        let complaint = from_value::<VoidEntry>(&value).unwrap_err();
        assert_eq!(complaint.msg, Msg::new("json-no_such_entry"));
        // A number below 0 or with a fraction is shown as given.
        let complaint = from_str::<VoidEntry>(r#"{"target": -1, "reason": "x"}"#).unwrap_err();
        assert_eq!(
            complaint.text,
            "invalid value: integer `-1`, expected usize"
        );
        let complaint = from_str::<VoidEntry>(r#"{"target": 1.5, "reason": "x"}"#).unwrap_err();
        assert_eq!(
            complaint.text,
            "invalid type: floating point `1.5`, expected usize"
        );
        // 2^63 is an entry number like any other (the replay says there is no such entry).
        let read = from_str::<VoidEntry>(r#"{"target": 9223372036854775808, "reason": "x"}"#);
        assert_eq!(read.unwrap().target, 1usize << 63);
    }

    #[test]
    fn a_message_of_another_shape_is_carried_as_it_came() {
        use serde::de::Error;
        let error = serde_json::Error::custom("something nobody wrote yet");
        assert_eq!(
            Complaint::new(&error).msg,
            Msg::text("something nobody wrote yet")
        );
    }
}
