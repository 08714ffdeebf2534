//! The rules for every text a person or a document hands the application: the web
//! forms and API bodies (`web::text_guard`), `import` documents (`transfer::check`)
//! and what `check` finds stored. One place, so that both backends and every way in
//! refuse the same text with the same words.
//!
//! No control character is taken (a NUL breaks PostgreSQL, and SQLite would store it
//! and send it raw in pages), but the line breaks and tabs of a text that has lines.
//! Names are also kept to one spelling: Unicode NFC, inner spaces collapsed, trimmed,
//! and without format characters (bidi overrides and isolates, zero-width spaces),
//! which would make "Nane\u{200b}" a player other than "Nane" or show a name reversed.

use std::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

use crate::lang::Msg;

/// What kind of text a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One line: no control characters, no line breaks.
    Line,
    /// A text of lines (a note, a pasted list): line breaks and tabs allowed.
    Lines,
    /// A name of a person, a match, a club or an event: one line, no format characters.
    Name,
}

/// Why a text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// A control character: NUL, the other C0 and C1 controls, DEL.
    Control,
    /// A line break where the text is one line.
    LineBreak,
    /// An invisible or direction-changing character (Unicode category Cf) in a name.
    Format,
}

impl Refused {
    /// The refusal in words, naming the field (as its reader knows it).
    pub fn msg(self, field: &str) -> Msg {
        let id = match self {
            Refused::Control => "text-control",
            Refused::LineBreak => "text-line_break",
            Refused::Format => "text-format",
        };
        // The field in words where it has some (`text-field`), else by its name.
        let named = Msg::new("text-field").arg("field", field.to_string());
        Msg::new(id).arg("field", named)
    }
}

/// The first thing in `text` that a field of this shape refuses.
pub fn refused_in(text: &str, shape: Shape) -> Option<Refused> {
    let categories = CodePointMapData::<GeneralCategory>::new();
    for c in text.chars() {
        let line_break = matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}');
        if shape == Shape::Lines && (line_break || c == '\t') {
            continue;
        }
        if line_break {
            return Some(Refused::LineBreak);
        }
        if c.is_control() {
            return Some(Refused::Control);
        }
        if shape == Shape::Name && categories.get(c) == GeneralCategory::Format {
            return Some(Refused::Format);
        }
    }
    None
}

/// A name as it is kept: refused if it holds what a name may not, else in NFC with
/// its spaces collapsed and trimmed.
pub fn name(text: &str) -> Result<String, Refused> {
    if let Some(refused) = refused_in(text, Shape::Name) {
        return Err(refused);
    }
    let composed = ComposingNormalizerBorrowed::new_nfc().normalize(text);
    Ok(collapse(&composed))
}

/// The text of `shape` as it is kept: names normalized ([`name`]), other texts as they are.
pub fn accepted(text: &str, shape: Shape) -> Result<Cow<'_, str>, Refused> {
    match shape {
        Shape::Name => name(text).map(|name| {
            if name == text {
                Cow::Borrowed(text)
            } else {
                Cow::Owned(name)
            }
        }),
        _ => match refused_in(text, shape) {
            Some(refused) => Err(refused),
            None => Ok(Cow::Borrowed(text)),
        },
    }
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_but_the_breaks_of_a_text_of_lines() {
        assert_eq!(refused_in("T\0nul", Shape::Line), Some(Refused::Control));
        assert_eq!(
            refused_in("k\u{1b}[2J", Shape::Line),
            Some(Refused::Control)
        );
        assert_eq!(refused_in("c1\u{9b}", Shape::Lines), Some(Refused::Control));
        assert_eq!(refused_in("a\nb", Shape::Line), Some(Refused::LineBreak));
        assert_eq!(refused_in("a\r\nb\tc", Shape::Lines), None);
        assert_eq!(refused_in("a\0b", Shape::Lines), Some(Refused::Control));
        assert_eq!(refused_in("Nanè à Treviso", Shape::Line), None);
    }

    #[test]
    fn names_refuse_format_characters_and_line_breaks() {
        for refused in [
            "Nane\u{200b}",
            "x\u{202e}gnp.exe",
            "\u{2066}Bepi\u{2069}",
            "\u{feff}Toni",
            "Zen\u{200d}o",
        ] {
            assert_eq!(name(refused), Err(Refused::Format), "{refused:?}");
        }
        assert_eq!(name("Nane\nBepi"), Err(Refused::LineBreak));
        assert_eq!(name("Nane\u{2028}Bepi"), Err(Refused::LineBreak));
        assert_eq!(name("Na\0ne"), Err(Refused::Control));
        // Only a name's text is held to them; a note may carry a joined emoji.
        assert_eq!(refused_in("👨\u{200d}👩", Shape::Lines), None);
    }

    #[test]
    fn names_are_kept_in_one_spelling() {
        assert_eq!(
            name("  Nane   dei\u{a0} Bepi ").as_deref(),
            Ok("Nane dei Bepi")
        );
        // "e" and a combining grave accent: the one letter è.
        assert_eq!(name("Nane\u{300}").as_deref(), Ok("Nanè"));
        assert_eq!(accepted("Nanè", Shape::Name), Ok(Cow::Borrowed("Nanè")));
    }
}
