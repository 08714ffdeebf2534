//! The language of every page and message, and messages as data.
//!
//! A language is a locale of the Fluent files (`locales/<code>/*.ftl`): the shell
//! finds them at build time, so a new language is a new folder, not a new variant
//! here. Italian is the default for these clubs and the fallback of every other.
//! The core says what happened as a [`Msg`] (an id and its arguments); the shell
//! words it in the reader's language.

use std::borrow::Cow;
use std::fmt;

/// A language: the code of its folder of Fluent files (`it`, `en`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

#[allow(non_upper_case_globals)]
impl Lang {
    /// Italian: the default, and the words of every message another language lacks.
    pub const It: Lang = Lang("it");
    /// English.
    pub const En: Lang = Lang("en");

    /// The two languages the core's inline words are written in (until they move to
    /// the Fluent files); the shell knows every language of the Fluent files.
    pub const ALL: [Lang; 2] = [Lang::It, Lang::En];

    /// A language by its folder's code; the shell makes these from the folders it finds.
    pub const fn from_static(code: &'static str) -> Lang {
        Lang(code)
    }

    pub const fn code(self) -> &'static str {
        self.0
    }

    /// The language the core's inline words read in: English, or Italian for every
    /// other language (matched on while those words move to the Fluent files).
    pub fn written(self) -> Written {
        if self == Lang::En {
            Written::En
        } else {
            Written::It
        }
    }

    /// Picks the text for this language; keeps call sites short for two languages.
    /// A language with no inline words reads Italian, as it does any missing message.
    pub fn pick<'a>(self, italian: &'a str, english: &'a str) -> &'a str {
        if self == Lang::En { english } else { italian }
    }
}

/// The two languages of the core's inline words (round 2 moves them to the Fluent
/// files); `Lang::written` gives a language's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    It,
    En,
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::It
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A message as data: a Fluent id and its named arguments, worded by the shell in the
/// reader's language (`web::i18n::Tr::msg`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A message's argument: a number (plurals select on it), a text shown as it is (a
/// player's name, a card's code), or another message worded in the same language (a
/// team's or a card's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Number(i64),
    Text(Cow<'static, str>),
    Msg(Msg),
}

impl Msg {
    /// The id of a message that is no words of ours (a name, a label someone typed): its
    /// one argument, `text`, is shown as it is.
    pub const TEXT: &'static str = "text";

    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    /// A text shown as it is in every language: a name, or a label someone typed.
    pub fn text(text: impl Into<Cow<'static, str>>) -> Msg {
        Msg::new(Msg::TEXT).arg("text", Arg::Text(text.into()))
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The argument called `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args
            .iter()
            .find(|(given, _)| *given == name)
            .map(|(_, value)| value)
    }
}

macro_rules! number_args {
    ($($kind:ty),*) => {$(
        impl From<$kind> for Arg {
            fn from(value: $kind) -> Arg {
                Arg::Number(value as i64)
            }
        }

        impl From<&$kind> for Arg {
            fn from(value: &$kind) -> Arg {
                Arg::Number(*value as i64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, i32, i64);

/// An index or count: past `i64` (an entry number typed as 2^63) it is shown as given,
/// never wrapped to a negative number.
impl From<usize> for Arg {
    fn from(value: usize) -> Arg {
        i64::try_from(value).map_or_else(|_| Arg::Text(Cow::Owned(value.to_string())), Arg::Number)
    }
}

impl From<&usize> for Arg {
    fn from(value: &usize) -> Arg {
        Arg::from(*value)
    }
}

impl From<&'static str> for Arg {
    fn from(value: &'static str) -> Arg {
        Arg::Text(Cow::Borrowed(value))
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Arg {
        Arg::Text(Cow::Owned(value))
    }
}

impl From<Msg> for Arg {
    fn from(value: Msg) -> Arg {
        Arg::Msg(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_without_inline_words_reads_italian() {
        assert_eq!(Lang::En.pick("sì", "yes"), "yes");
        assert_eq!(Lang::It.pick("sì", "yes"), "sì");
        assert_eq!(Lang::from_static("xx").pick("sì", "yes"), "sì");
        assert_eq!(Lang::default(), Lang::It);
    }

    #[test]
    fn messages_carry_their_arguments_by_name() {
        let home = Msg::new("nav-home");
        let message = Msg::new("rotation-round")
            .arg("round", home.clone())
            .arg("count", 3usize);
        assert_eq!(message.get("round"), Some(&Arg::Msg(home)));
        assert_eq!(message.get("count"), Some(&Arg::Number(3)));
        assert_eq!(message.get("other"), None);
        // An index past i64 stays the number it was.
        let huge = 1usize << 63;
        assert_eq!(Arg::from(huge), Arg::Text("9223372036854775808".into()));
        assert_eq!(Arg::from(&7usize), Arg::Number(7));
        assert_eq!(
            Msg::text("già scritto").get("text"),
            Some(&Arg::Text("già scritto".into()))
        );
    }
}
