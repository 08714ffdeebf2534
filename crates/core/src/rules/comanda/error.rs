//! Errors of the comanda reader, as data the shell words (`locales/*/rules_comanda.ftl`).

use crate::lang::Msg;
use crate::rules::game::Message;
use crate::rules::ranking::RankingError;

/// What went wrong while reading a comanda or a club's nicknames.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The comanda has no words at all.
    Empty,
    /// A word that is neither in the vocabulary nor a nickname.
    UnknownWord,
    /// A word of the vocabulary standing where it cannot be read ("di figure", "col").
    Misplaced,
    /// A rank had to follow `after` ("al", "fino al", "a"): the word is what was found
    /// instead, or `after` itself when nothing followed.
    RankExpected { after: String },
    /// A suit had to follow `after` ("di", "de", "in").
    SuitExpected { after: String },
    /// Two direction words in a row ("più manco").
    DirectionTwice,
    /// A second, different suit in one clause ("figure di spade di coppe").
    TwoSuits,
    /// The clause's suit contradicts a set that has its own suit ("meneghello di coppe").
    SuitClash,
    /// A suit with no cards to restrict ("e denari"): say which ranks, e.g. "denari al tredici".
    SuitWithoutCards,
    /// The comanda (after nickname expansion) is unreasonably long.
    TooLong,
    /// A line of a nicknames file is not `name = expansion`.
    NicknameSyntax,
    /// A nickname must be one word of letters or digits.
    NicknameName,
    /// The nickname is already a word of the vocabulary (or a built-in nickname).
    NicknameClash,
    /// The nickname refers back to itself, directly or through other nicknames.
    NicknameLoop,
    /// The same nickname is defined twice in one file.
    NicknameDuplicate,
    /// The nickname has an empty expansion.
    NicknameEmpty,
    /// The cards read do not make a valid ranking (never expected from a comanda).
    Ranking(RankingError),
}

impl ErrorKind {
    /// A stable short code for APIs and test data, e.g. `unknown-word`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Empty => "empty",
            ErrorKind::UnknownWord => "unknown-word",
            ErrorKind::Misplaced => "misplaced",
            ErrorKind::RankExpected { .. } => "rank-expected",
            ErrorKind::SuitExpected { .. } => "suit-expected",
            ErrorKind::DirectionTwice => "direction-twice",
            ErrorKind::TwoSuits => "two-suits",
            ErrorKind::SuitClash => "suit-clash",
            ErrorKind::SuitWithoutCards => "suit-without-cards",
            ErrorKind::TooLong => "too-long",
            ErrorKind::NicknameSyntax => "nickname-syntax",
            ErrorKind::NicknameName => "nickname-name",
            ErrorKind::NicknameClash => "nickname-clash",
            ErrorKind::NicknameLoop => "nickname-loop",
            ErrorKind::NicknameDuplicate => "nickname-duplicate",
            ErrorKind::NicknameEmpty => "nickname-empty",
            ErrorKind::Ranking(_) => "ranking",
        }
    }
}

/// Where the offending word stands in the text that was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 1-based index of the word; words are separated by spaces, commas, semicolons and
    /// full stops, so `all'otto` is one word.
    pub word_index: usize,
    /// 0-based byte offset of the word (or of the part of it that is wrong) in the text.
    pub byte_offset: usize,
}

/// A structured error: its kind, the offending word as written, and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComandaError {
    pub kind: ErrorKind,
    /// The offending word as written (for a nickname error: the nickname's name).
    pub word: Option<String>,
    /// Position of the word in the comanda (or in the nickname's expansion).
    pub position: Option<Position>,
    /// When the fault lies inside a nickname's expansion: that nickname, as written in
    /// the comanda. The position is then the nickname's own position.
    pub nickname: Option<String>,
    /// 1-based line, for errors in a nicknames file.
    pub line: Option<usize>,
}

impl ComandaError {
    pub(crate) fn new(kind: ErrorKind) -> ComandaError {
        ComandaError {
            kind,
            word: None,
            position: None,
            nickname: None,
            line: None,
        }
    }

    pub(crate) fn at(kind: ErrorKind, word: &str, position: Position) -> ComandaError {
        ComandaError {
            word: Some(word.to_string()),
            position: Some(position),
            ..ComandaError::new(kind)
        }
    }

    pub(crate) fn named(kind: ErrorKind, name: &str) -> ComandaError {
        ComandaError {
            word: Some(name.to_string()),
            ..ComandaError::new(kind)
        }
    }
}

impl Message for ComandaError {
    /// What went wrong, naming the word and where it stands, as data for the shell.
    fn msg(&self) -> Msg {
        let word = || self.word.clone().unwrap_or_default();
        let with_word = |id: &'static str| Msg::new(id).arg("word", word());
        let mut msg = match &self.kind {
            ErrorKind::Empty => Msg::new("comanda-empty"),
            ErrorKind::UnknownWord => with_word("comanda-unknown_word"),
            ErrorKind::Misplaced => with_word("comanda-misplaced"),
            ErrorKind::RankExpected { after } if *after == word() => {
                with_word("comanda-rank_missing")
            }
            ErrorKind::RankExpected { after } => {
                with_word("comanda-rank_expected").arg("after", after.clone())
            }
            ErrorKind::SuitExpected { after } if *after == word() => {
                with_word("comanda-suit_missing")
            }
            ErrorKind::SuitExpected { after } => {
                with_word("comanda-suit_expected").arg("after", after.clone())
            }
            ErrorKind::DirectionTwice => with_word("comanda-direction_twice"),
            ErrorKind::TwoSuits => with_word("comanda-two_suits"),
            ErrorKind::SuitClash => with_word("comanda-suit_clash"),
            ErrorKind::SuitWithoutCards => with_word("comanda-suit_without_cards"),
            ErrorKind::TooLong => Msg::new("comanda-too_long"),
            ErrorKind::NicknameSyntax => Msg::new("comanda-nickname_syntax"),
            ErrorKind::NicknameName => with_word("comanda-nickname_name"),
            ErrorKind::NicknameClash => with_word("comanda-nickname_clash"),
            ErrorKind::NicknameLoop => with_word("comanda-nickname_loop"),
            ErrorKind::NicknameDuplicate => with_word("comanda-nickname_duplicate"),
            ErrorKind::NicknameEmpty => with_word("comanda-nickname_empty"),
            ErrorKind::Ranking(error) => error.msg(),
        };
        if let Some(position) = self.position {
            msg = Msg::new("comanda-at_word")
                .arg("text", msg)
                .arg("word", position.word_index)
                .arg("byte", position.byte_offset);
        }
        if let Some(nickname) = &self.nickname {
            msg = Msg::new("comanda-in_nickname")
                .arg("text", msg)
                .arg("nickname", nickname.clone());
        }
        if let Some(line) = self.line {
            msg = Msg::new("comanda-at_line")
                .arg("text", msg)
                .arg("line", line);
        }
        msg
    }
}

crate::rules::game::message_error!(ComandaError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_word_and_position_in_both_languages() {
        let error = ComandaError::at(
            ErrorKind::UnknownWord,
            "zucchero",
            Position {
                word_index: 4,
                byte_offset: 17,
            },
        );
        // Worded in both languages: `web/i18n/rule_words_tests.rs`.
        assert_eq!(
            error.msg(),
            Msg::new("comanda-at_word")
                .arg(
                    "text",
                    Msg::new("comanda-unknown_word").arg("word", "zucchero")
                )
                .arg("word", 4usize)
                .arg("byte", 17usize)
        );
        assert!(error.to_string().contains("zucchero"));
    }

    #[test]
    fn kind_codes_are_distinct() {
        let kinds = [
            ErrorKind::Empty,
            ErrorKind::UnknownWord,
            ErrorKind::Misplaced,
            ErrorKind::RankExpected { after: "al".into() },
            ErrorKind::SuitExpected { after: "di".into() },
            ErrorKind::DirectionTwice,
            ErrorKind::TwoSuits,
            ErrorKind::SuitClash,
            ErrorKind::SuitWithoutCards,
            ErrorKind::TooLong,
            ErrorKind::NicknameSyntax,
            ErrorKind::NicknameName,
            ErrorKind::NicknameClash,
            ErrorKind::NicknameLoop,
            ErrorKind::NicknameDuplicate,
            ErrorKind::NicknameEmpty,
        ];
        let mut codes: Vec<&str> = kinds.iter().map(ErrorKind::code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), kinds.len());
    }
}
