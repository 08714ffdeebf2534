//! Errors of the comanda reader, with Italian and English messages.

use std::fmt;

use crate::lang::Lang;
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

    /// The message in the given language, naming the word and its position.
    pub fn message(&self, lang: Lang) -> String {
        let word = self.word.as_deref().unwrap_or("");
        let it = lang == Lang::It;
        let mut text = match &self.kind {
            ErrorKind::Empty => lang
                .pick("la comanda è vuota", "the comanda is empty")
                .into(),
            ErrorKind::UnknownWord => {
                if it {
                    format!("parola sconosciuta «{word}»")
                } else {
                    format!("unknown word \"{word}\"")
                }
            }
            ErrorKind::Misplaced => {
                if it {
                    format!("«{word}» non può stare qui")
                } else {
                    format!("\"{word}\" cannot stand here")
                }
            }
            ErrorKind::RankExpected { after } if after == word => {
                if it {
                    format!("dopo «{word}» manca una carta (asso … re, 1 … 13)")
                } else {
                    format!("\"{word}\" must be followed by a rank (asso … re, 1 … 13)")
                }
            }
            ErrorKind::RankExpected { after } => {
                if it {
                    format!("dopo «{after}» ci vuole una carta (asso … re, 1 … 13), non «{word}»")
                } else {
                    format!(
                        "after \"{after}\" a rank is needed (asso … re, 1 … 13), not \"{word}\""
                    )
                }
            }
            ErrorKind::SuitExpected { after } if after == word => {
                if it {
                    format!("dopo «{word}» manca il seme (spade, bastoni, coppe, denari)")
                } else {
                    format!("\"{word}\" must be followed by a suit (spade, bastoni, coppe, denari)")
                }
            }
            ErrorKind::SuitExpected { after } => {
                if it {
                    format!(
                        "dopo «{after}» ci vuole un seme (spade, bastoni, coppe, denari), non «{word}»"
                    )
                } else {
                    format!(
                        "after \"{after}\" a suit is needed (spade, bastoni, coppe, denari), not \"{word}\""
                    )
                }
            }
            ErrorKind::DirectionTwice => {
                if it {
                    format!("«{word}» segue un'altra parola di direzione (più, manco, meno)")
                } else {
                    format!("\"{word}\" follows another direction word (più, manco, meno)")
                }
            }
            ErrorKind::TwoSuits => {
                if it {
                    format!("«{word}» è un secondo seme nella stessa parte della comanda")
                } else {
                    format!("\"{word}\" is a second suit in the same clause")
                }
            }
            ErrorKind::SuitClash => {
                if it {
                    format!("«{word}» contraddice il seme di un'altra parola della stessa parte")
                } else {
                    format!("\"{word}\" contradicts the suit of another word of the same clause")
                }
            }
            ErrorKind::SuitWithoutCards => {
                if it {
                    format!(
                        "«{word}»: quali carte di questo seme? (per esempio «{word} al tredici»)"
                    )
                } else {
                    format!(
                        "\"{word}\": which cards of this suit? (for example \"{word} al tredici\")"
                    )
                }
            }
            ErrorKind::TooLong => lang
                .pick("la comanda è troppo lunga", "the comanda is too long")
                .into(),
            ErrorKind::NicknameSyntax => lang
                .pick(
                    "la riga non è nella forma «nome = espansione»",
                    "the line is not of the form \"name = expansion\"",
                )
                .into(),
            ErrorKind::NicknameName => {
                if it {
                    format!("«{word}» non è un nome valido: una sola parola di lettere o cifre")
                } else {
                    format!("\"{word}\" is not a valid name: one word of letters or digits")
                }
            }
            ErrorKind::NicknameClash => {
                if it {
                    format!("«{word}» è già una parola del vocabolario")
                } else {
                    format!("\"{word}\" is already a word of the vocabulary")
                }
            }
            ErrorKind::NicknameLoop => {
                if it {
                    format!("il soprannome «{word}» rimanda a se stesso")
                } else {
                    format!("the nickname \"{word}\" refers back to itself")
                }
            }
            ErrorKind::NicknameDuplicate => {
                if it {
                    format!("il soprannome «{word}» è definito due volte")
                } else {
                    format!("the nickname \"{word}\" is defined twice")
                }
            }
            ErrorKind::NicknameEmpty => {
                if it {
                    format!("il soprannome «{word}» non ha espansione")
                } else {
                    format!("the nickname \"{word}\" has no expansion")
                }
            }
            ErrorKind::Ranking(error) => error.message(lang),
        };
        if let Some(position) = self.position {
            if it {
                text += &format!(
                    " (parola {}, byte {})",
                    position.word_index, position.byte_offset
                );
            } else {
                text += &format!(
                    " (word {}, byte {})",
                    position.word_index, position.byte_offset
                );
            }
        }
        if let Some(nickname) = &self.nickname {
            if it {
                text += &format!(", nell'espansione di «{nickname}»");
            } else {
                text += &format!(", in the expansion of \"{nickname}\"");
            }
        }
        if let Some(line) = self.line {
            if it {
                text += &format!(", riga {line}");
            } else {
                text += &format!(", line {line}");
            }
        }
        text
    }
}

impl fmt::Display for ComandaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for ComandaError {}

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
        assert_eq!(
            error.to_string(),
            "unknown word \"zucchero\" (word 4, byte 17)"
        );
        assert_eq!(
            error.message(Lang::It),
            "parola sconosciuta «zucchero» (parola 4, byte 17)"
        );
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
