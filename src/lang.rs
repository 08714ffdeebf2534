//! The two languages of every page and message. Italian is the default for these clubs.

use std::fmt;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    It,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::It, Lang::En];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.trim();
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(primary))
    }

    /// Picks the text for this language; keeps call sites short for two languages.
    pub const fn pick<'a>(self, italian: &'a str, english: &'a str) -> &'a str {
        match self {
            Lang::It => italian,
            Lang::En => english,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_language_tags() {
        assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("IT"), Some(Lang::It));
        assert_eq!(Lang::from_code("de"), None);
    }
}
