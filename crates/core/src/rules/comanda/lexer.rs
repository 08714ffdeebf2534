//! Words of a comanda: splitting the text, folding each word and looking it up in the
//! vocabulary or in the club's nicknames.

use super::error::{ComandaError, ErrorKind, Position};
use super::nicknames::Nicknames;
use crate::rules::card::{Rank, Suit, fold_word};

/// More tokens than this (after nickname expansion) is refused as too long.
pub(crate) const MAX_TOKENS: usize = 4096;

/// The two directions of a clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// "più": default order, ace lowest, king highest.
    Piu,
    /// "manco"/"meno": reverse order, king lowest, ace highest.
    Manco,
}

/// Named sets of ranks, each listed in its own "più" order (lowest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetName {
    Ponto,
    Figure,
    Scartine,
    Napoli,
    Pari,
    Dispari,
    Primiera,
    /// "strette col palo": 1 3 5 7 9 of swords.
    StretteColPalo,
    /// "donne veneziane": the 4 then the 6 of swords.
    DonneVeneziane,
    /// "meneghello": the 2 of swords.
    Meneghello,
}

impl SetName {
    /// The ranks in "più" order and the suit the set carries by itself, if any.
    pub(crate) fn ranks(self) -> (Vec<u8>, Option<Suit>) {
        match self {
            SetName::Ponto => ((1..=10).collect(), None),
            SetName::Figure => (vec![11, 12, 13], None),
            SetName::Scartine => (vec![8, 9, 10], None),
            SetName::Napoli => (vec![1, 2, 3], None),
            SetName::Pari => (vec![2, 4, 6, 8, 10, 12], None),
            SetName::Dispari => (vec![1, 3, 5, 7, 9, 11, 13], None),
            SetName::Primiera => (vec![8, 9, 10, 11, 12, 13, 2, 3, 4, 5, 1, 6, 7], None),
            SetName::StretteColPalo => (vec![1, 3, 5, 7, 9], Some(Suit::Spade)),
            SetName::DonneVeneziane => (vec![4, 6], Some(Suit::Spade)),
            SetName::Meneghello => (vec![2], Some(Suit::Spade)),
        }
    }
}

/// What a word means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Word {
    /// "e", "ed", a comma, a semicolon or a full stop: ends a clause.
    Separator,
    Direction(Direction),
    Rank(Rank),
    Set(SetName),
    Suit(Suit),
    /// "di", "de", "in", "del", "dei", "delle": a suit must follow.
    Preposition,
    /// "a": a suit ("a spade") or more cards of the clause ("a asso") follow.
    A,
    /// "al", "all'", "al'": "up to", a rank follows.
    Al,
    /// "fino": "al"/"a" and a rank follow.
    Fino,
    /// "tutto"/"tutti"/"tutte".
    Tutto,
    /// "il", "lo", "la", "i", "gli", "le", "l'": ignored.
    Article,
    /// Words that only exist inside a phrase ("col", "palo", "donne", "veneziane").
    PhrasePart,
}

/// One word of the comanda, after nickname expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub word: Word,
    /// The word as written.
    pub text: String,
    pub position: Position,
    /// The outermost nickname this token came from, as written in the comanda.
    pub nickname: Option<String>,
}

impl Token {
    pub(crate) fn error(&self, kind: ErrorKind) -> ComandaError {
        ComandaError {
            nickname: self.nickname.clone(),
            ..ComandaError::at(kind, &self.text, self.position)
        }
    }
}

/// A piece of text between separators and apostrophes, not yet looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Piece<'a> {
    pub text: &'a str,
    /// Folded form; empty for a separator.
    pub folded: String,
    pub position: Position,
    pub separator: bool,
}

fn is_apostrophe(ch: char) -> bool {
    matches!(ch, '\'' | '’' | '‘' | '`' | '´' | 'ʼ')
}

fn is_separator(ch: char) -> bool {
    matches!(ch, ',' | ';' | '.')
}

/// Splits text into pieces: whitespace and separators end a word, apostrophes split a
/// word into pieces that share its index ("all'otto" is word 1, pieces "all" and "otto").
pub(crate) fn pieces<'a>(text: &'a str) -> Vec<Piece<'a>> {
    let mut word_index = 0;
    let mut in_word = false;
    let mut start: Option<usize> = None;
    let flush =
        |start: &mut Option<usize>, end: usize, word_index: usize, pieces: &mut Vec<Piece<'a>>| {
            if let Some(begin) = start.take() {
                let piece = &text[begin..end];
                let folded = fold_word(piece);
                if !folded.is_empty() {
                    pieces.push(Piece {
                        text: piece,
                        folded,
                        position: Position {
                            word_index,
                            byte_offset: begin,
                        },
                        separator: false,
                    });
                }
            }
        };
    let mut pending: Vec<Piece<'a>> = Vec::new();
    for (offset, ch) in text.char_indices() {
        if ch.is_whitespace() || is_separator(ch) {
            flush(&mut start, offset, word_index, &mut pending);
            in_word = false;
            if is_separator(ch) {
                pending.push(Piece {
                    text: &text[offset..offset + ch.len_utf8()],
                    folded: String::new(),
                    position: Position {
                        word_index: word_index + 1,
                        byte_offset: offset,
                    },
                    separator: true,
                });
            }
        } else if is_apostrophe(ch) {
            flush(&mut start, offset, word_index, &mut pending);
        } else {
            if !in_word {
                in_word = true;
                word_index += 1;
            }
            if start.is_none() {
                start = Some(offset);
            }
        }
    }
    flush(&mut start, text.len(), word_index, &mut pending);
    pending
}

/// Looks a folded word up in the vocabulary (phrases and nicknames aside).
pub(crate) fn vocabulary(folded: &str) -> Option<Word> {
    if let Some(rank) = Rank::from_word(folded) {
        return Some(Word::Rank(rank));
    }
    if let Some(suit) = Suit::from_word(folded) {
        return Some(Word::Suit(suit));
    }
    let word = match folded {
        "e" | "ed" => Word::Separator,
        "piu" => Word::Direction(Direction::Piu),
        "manco" | "meno" => Word::Direction(Direction::Manco),
        "ponto" | "ponti" | "punto" | "punti" => Word::Set(SetName::Ponto),
        "figure" | "figura" => Word::Set(SetName::Figure),
        "scartine" | "scartina" => Word::Set(SetName::Scartine),
        "napoli" => Word::Set(SetName::Napoli),
        "pari" => Word::Set(SetName::Pari),
        "dispari" => Word::Set(SetName::Dispari),
        "primiera" => Word::Set(SetName::Primiera),
        "meneghello" => Word::Set(SetName::Meneghello),
        "di" | "de" | "in" | "del" | "dei" | "delle" => Word::Preposition,
        "a" => Word::A,
        "al" | "all" => Word::Al,
        "fino" => Word::Fino,
        "tutto" | "tutti" | "tutte" => Word::Tutto,
        "il" | "lo" | "la" | "i" | "gli" | "le" | "l" => Word::Article,
        "col" | "palo" | "donne" | "veneziane" => Word::PhrasePart,
        _ => return None,
    };
    Some(word)
}

/// True when the folded word belongs to the vocabulary, including the words that are
/// read as something else ("mancoprimiera") and the built-in nicknames.
pub(crate) fn is_vocabulary(folded: &str) -> bool {
    vocabulary(folded).is_some()
        || folded == "mancoprimiera"
        || super::nicknames::builtin(folded).is_some()
}

/// Reads the text into tokens, expanding nicknames (the built-in ones and the club's).
pub(crate) fn lex(text: &str, nicknames: &Nicknames) -> Result<Vec<Token>, ComandaError> {
    let mut tokens = Vec::new();
    lex_into(text, nicknames, 0, &mut tokens)?;
    Ok(tokens)
}

fn lex_into(
    text: &str,
    nicknames: &Nicknames,
    depth: usize,
    tokens: &mut Vec<Token>,
) -> Result<(), ComandaError> {
    let pieces = pieces(text);
    let mut index = 0;
    while index < pieces.len() {
        let piece = &pieces[index];
        let token = |word: Word| Token {
            word,
            text: piece.text.to_string(),
            position: piece.position,
            nickname: None,
        };
        let folded_at = |offset: usize| pieces.get(index + offset).map(|p| p.folded.as_str());
        if tokens.len() >= MAX_TOKENS {
            return Err(ComandaError::at(
                ErrorKind::TooLong,
                piece.text,
                piece.position,
            ));
        }
        if piece.separator {
            tokens.push(token(Word::Separator));
        } else if piece.folded == "strette"
            && folded_at(1) == Some("col")
            && folded_at(2) == Some("palo")
        {
            tokens.push(token(Word::Set(SetName::StretteColPalo)));
            index += 2;
        } else if piece.folded == "donne" && folded_at(1) == Some("veneziane") {
            tokens.push(token(Word::Set(SetName::DonneVeneziane)));
            index += 1;
        } else if piece.folded == "mancoprimiera" {
            tokens.push(token(Word::Direction(Direction::Manco)));
            tokens.push(token(Word::Set(SetName::Primiera)));
        } else if let Some(word) = vocabulary(&piece.folded) {
            tokens.push(token(word));
        } else if let Some(expansion) = nicknames.expansion(&piece.folded) {
            if depth > MAX_DEPTH {
                return Err(ComandaError::at(
                    ErrorKind::NicknameLoop,
                    piece.text,
                    piece.position,
                ));
            }
            let start = tokens.len();
            lex_into(expansion, nicknames, depth + 1, tokens)?;
            for inner in &mut tokens[start..] {
                inner.position = piece.position;
                inner.nickname = Some(piece.text.to_string());
            }
        } else {
            return Err(ComandaError::at(
                ErrorKind::UnknownWord,
                piece.text,
                piece.position,
            ));
        }
        index += 1;
    }
    Ok(())
}

/// Nicknames cannot loop (they are checked when defined); this is a second guard.
const MAX_DEPTH: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Word> {
        lex(text, &Nicknames::new())
            .unwrap()
            .into_iter()
            .map(|token| token.word)
            .collect()
    }

    #[test]
    fn pieces_keep_word_index_and_byte_offset() {
        let pieces = pieces("Più  all'otto, piu'");
        let seen: Vec<(&str, &str, usize, usize)> = pieces
            .iter()
            .map(|p| {
                (
                    p.text,
                    p.folded.as_str(),
                    p.position.word_index,
                    p.position.byte_offset,
                )
            })
            .collect();
        assert_eq!(
            seen,
            vec![
                ("Più", "piu", 1, 0),
                ("all", "all", 2, 6),
                ("otto", "otto", 2, 10),
                (",", "", 3, 14),
                ("piu", "piu", 3, 16),
            ]
        );
    }

    #[test]
    fn vocabulary_ignores_case_accents_and_apostrophes() {
        let piu = Word::Direction(Direction::Piu);
        assert_eq!(words("più PIU piu' Piú"), vec![piu; 4]);
        assert_eq!(
            words("meno MANCO"),
            vec![Word::Direction(Direction::Manco); 2]
        );
    }

    #[test]
    fn phrases_and_mancoprimiera() {
        assert_eq!(
            words("strette col palo e strette"),
            vec![
                Word::Set(SetName::StretteColPalo),
                Word::Separator,
                Word::Suit(Suit::Spade)
            ]
        );
        assert_eq!(
            words("Donne Veneziane"),
            vec![Word::Set(SetName::DonneVeneziane)]
        );
        assert_eq!(
            words("mancoprimiera"),
            vec![
                Word::Direction(Direction::Manco),
                Word::Set(SetName::Primiera)
            ]
        );
    }

    #[test]
    fn al_forms_split_at_the_apostrophe() {
        let eight = Word::Rank(Rank::new(8).unwrap());
        assert_eq!(words("al'otto"), vec![Word::Al, eight]);
        assert_eq!(words("all'otto"), vec![Word::Al, eight]);
        assert_eq!(words("al 8"), vec![Word::Al, eight]);
        assert_eq!(words("all’ 8"), vec![Word::Al, eight]);
    }

    #[test]
    fn unknown_word_is_named_with_its_position() {
        let error = lex("più ponto e zucchero", &Nicknames::new()).unwrap_err();
        assert_eq!(error.kind, ErrorKind::UnknownWord);
        assert_eq!(error.word.as_deref(), Some("zucchero"));
        assert_eq!(
            error.position,
            Some(Position {
                word_index: 4,
                byte_offset: 13
            })
        );
    }

    #[test]
    fn builtin_nicknames_expand_at_their_position() {
        let tokens = lex("Bomba", &Nicknames::new()).unwrap();
        assert!(tokens.len() > 5);
        assert!(
            tokens
                .iter()
                .all(|token| token.nickname.as_deref() == Some("Bomba"))
        );
        assert!(tokens.iter().all(|token| token.position.word_index == 1));
    }
}
