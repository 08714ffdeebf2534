//! Explicit rankings: a referee types the levels, lowest first, when no comanda words
//! describe the order.
//!
//! Levels are separated by new lines or by `<`; cards of one level by spaces, commas or
//! `=`. A card is a code in any letter case (`7d`, `Cc`) or words ("sette di denari",
//! "re de coppe", "7 denari"); a rank alone ("7", "sette", "F") stands for its four cards.

use crate::lang::Msg;
use crate::rules::card::{Card, Rank, Suit, fold_word, is_suit_preposition};
use crate::rules::game::Message;
use crate::rules::ranking::{Ranking, RankingError};

/// What is wrong with an explicit ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExplicitErrorKind {
    /// No levels at all.
    Empty,
    /// A word that is not a card, a rank or a suit.
    UnknownWord,
    /// A suit with no rank before it.
    SuitWithoutRank,
    /// A rank followed by "di"/"de"/… but no suit.
    SuitExpected,
    /// The levels break a restriction (or a card is repeated or missing).
    Ranking(RankingError),
}

/// An explicit ranking refused, with the level (1-based, lowest first) at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplicitError {
    pub kind: ExplicitErrorKind,
    /// The level where the fault was found.
    pub level: Option<usize>,
    /// For a repeated card: the level where it first appeared.
    pub first_level: Option<usize>,
    /// The offending word as written.
    pub word: Option<String>,
}

impl ExplicitError {
    fn new(kind: ExplicitErrorKind, level: Option<usize>, word: Option<&str>) -> ExplicitError {
        ExplicitError {
            kind,
            level,
            first_level: None,
            word: word.map(str::to_string),
        }
    }
}

impl Message for ExplicitError {
    /// What is wrong, naming the card, the level and the restriction, as data.
    fn msg(&self) -> Msg {
        let word = || self.word.clone().unwrap_or_default();
        let body = match &self.kind {
            ExplicitErrorKind::Empty => Msg::new("comanda-explicit_empty"),
            ExplicitErrorKind::UnknownWord => {
                Msg::new("comanda-explicit_unknown_word").arg("word", word())
            }
            ExplicitErrorKind::SuitWithoutRank => {
                Msg::new("comanda-explicit_suit_without_rank").arg("word", word())
            }
            ExplicitErrorKind::SuitExpected => {
                Msg::new("comanda-explicit_suit_expected").arg("word", word())
            }
            ExplicitErrorKind::Ranking(error) => error.msg(),
        };
        match (self.level, self.first_level) {
            (Some(level), Some(first)) => Msg::new("comanda-explicit_at_level_again")
                .arg("level", level)
                .arg("text", body)
                .arg("first", first),
            (Some(level), None) => Msg::new("comanda-explicit_at_level")
                .arg("level", level)
                .arg("text", body),
            (None, _) => body,
        }
    }
}

crate::rules::game::message_error!(ExplicitError);

/// Reads an explicit ranking typed by a referee and checks both restrictions.
pub fn parse_explicit(text: &str) -> Result<Ranking, ExplicitError> {
    let mut levels = Vec::new();
    for chunk in text.split(['\n', '<']) {
        let words: Vec<&str> = chunk
            .split(|ch: char| ch.is_whitespace() || matches!(ch, ',' | ';' | '=' | '\'' | '’'))
            .filter(|word| !fold_word(word).is_empty())
            .collect();
        if words.is_empty() {
            continue;
        }
        let level_number = levels.len() + 1;
        levels.push(read_level(&words, level_number)?);
    }
    check(levels)
}

/// Builds a ranking from canonical codes, lowest level first (the JSON form).
pub fn ranking_from_codes(levels: &[Vec<String>]) -> Result<Ranking, ExplicitError> {
    let mut cards = Vec::with_capacity(levels.len());
    for (index, level) in levels.iter().enumerate() {
        let level_cards = level
            .iter()
            .map(|code| {
                code.parse::<Card>().map_err(|_| {
                    ExplicitError::new(ExplicitErrorKind::UnknownWord, Some(index + 1), Some(code))
                })
            })
            .collect::<Result<Vec<Card>, ExplicitError>>()?;
        cards.push(level_cards);
    }
    check(cards)
}

fn read_level(words: &[&str], level: usize) -> Result<Vec<Card>, ExplicitError> {
    let error = |kind, word: &str| ExplicitError::new(kind, Some(level), Some(word));
    let mut cards = Vec::new();
    let mut index = 0;
    while index < words.len() {
        let word = words[index];
        let folded = fold_word(word);
        if let Some(card) = Card::from_code_any_case(&folded) {
            cards.push(card);
        } else if let Some(rank) = rank_word(&folded) {
            let mut next = index + 1;
            let preposition = words
                .get(next)
                .is_some_and(|w| is_suit_preposition(&fold_word(w)));
            if preposition {
                next += 1;
            }
            match words.get(next).and_then(|w| Suit::from_word(w)) {
                Some(suit) => {
                    cards.push(Card::new(rank, suit));
                    index = next;
                }
                None if preposition => {
                    return Err(error(ExplicitErrorKind::SuitExpected, words[index + 1]));
                }
                None => cards.extend(Suit::ALL.map(|suit| Card::new(rank, suit))),
            }
        } else if Suit::from_word(&folded).is_some() {
            return Err(error(ExplicitErrorKind::SuitWithoutRank, word));
        } else {
            return Err(error(ExplicitErrorKind::UnknownWord, word));
        }
        index += 1;
    }
    Ok(cards)
}

/// A rank as a word, a numeral or a rank code (`F`, `C`, `R`).
fn rank_word(folded: &str) -> Option<Rank> {
    Rank::from_word(folded).or_else(|| Rank::from_code(&folded.to_uppercase()))
}

fn check(levels: Vec<Vec<Card>>) -> Result<Ranking, ExplicitError> {
    if levels.is_empty() {
        return Err(ExplicitError::new(ExplicitErrorKind::Empty, None, None));
    }
    let levels_with = |card: Card| -> Vec<usize> {
        levels
            .iter()
            .enumerate()
            .flat_map(|(index, level)| {
                level
                    .iter()
                    .filter(move |other| **other == card)
                    .map(move |_| index + 1)
            })
            .collect()
    };
    match Ranking::from_levels(levels.clone()) {
        Ok(ranking) => Ok(ranking),
        Err(error) => {
            let mut explicit =
                ExplicitError::new(ExplicitErrorKind::Ranking(error.clone()), None, None);
            match error {
                RankingError::UnequalRanksShareLevel { second, .. } => {
                    explicit.level = levels_with(second).first().copied();
                    explicit.word = Some(second.code());
                }
                RankingError::CardRepeated { card } => {
                    let found = levels_with(card);
                    explicit.first_level = found.first().copied();
                    explicit.level = found.get(1).copied();
                    explicit.word = Some(card.code());
                }
                RankingError::CardMissing { card } => explicit.word = Some(card.code()),
                RankingError::EmptyLevel => {}
            }
            Err(explicit)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::card;

    #[test]
    fn reads_ranks_codes_and_words() {
        let text = "F < C < R\n1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10";
        assert_eq!(
            parse_explicit(text).unwrap(),
            Ranking::by_ranks(
                [11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(|v| Rank::new(v).unwrap())
            )
        );
        let mut text: String = Rank::all()
            .filter(|rank| *rank != Rank::ACE)
            .map(|rank| format!("{}\n", rank.italian_name()))
            .collect();
        text += "1b, asso de bastoni\n";
        let error = parse_explicit(&text).unwrap_err();
        assert_eq!(
            error.kind,
            ExplicitErrorKind::Ranking(RankingError::CardRepeated { card: card("1b") })
        );
        assert_eq!((error.first_level, error.level), (Some(13), Some(13)));
        let text = text.replace("1b, asso de bastoni", "1B = asso di spade, 1c Asso Denari");
        let ranking = parse_explicit(&text).unwrap();
        assert_eq!(ranking.levels().len(), 13);
        assert_eq!(ranking.strength(card("1s")), 12);
    }

    #[test]
    fn names_the_broken_restriction() {
        let error = parse_explicit("1 2 < 3 4 5 6 7 8 9 10 F C R").unwrap_err();
        // Worded: `web/i18n/rule_words_tests.rs`.
        assert_eq!(error.level, Some(1));
        assert_eq!(error.first_level, None);
        assert_eq!(
            error.kind,
            ExplicitErrorKind::Ranking(RankingError::UnequalRanksShareLevel {
                first: card("1s"),
                second: card("2s")
            })
        );

        let error = parse_explicit("1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < F < C < Rs Rb Rc")
            .unwrap_err();
        assert_eq!(
            error.kind,
            ExplicitErrorKind::Ranking(RankingError::CardMissing { card: card("Rd") })
        );

        let error =
            parse_explicit("1 < 2 < 7d < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < F < C < R").unwrap_err();
        assert_eq!((error.first_level, error.level), (Some(3), Some(8)));
        assert_eq!(
            error.kind,
            ExplicitErrorKind::Ranking(RankingError::CardRepeated { card: card("7d") })
        );
        assert_eq!(error.msg().id, "comanda-explicit_at_level_again");
    }

    #[test]
    fn word_errors_name_level_and_word() {
        let error = parse_explicit("1\n2 zucchero").unwrap_err();
        assert_eq!(error.kind, ExplicitErrorKind::UnknownWord);
        assert_eq!(
            (error.level, error.word.as_deref()),
            (Some(2), Some("zucchero"))
        );
        assert_eq!(
            parse_explicit("denari").unwrap_err().kind,
            ExplicitErrorKind::SuitWithoutRank
        );
        assert_eq!(
            parse_explicit("sette di").unwrap_err().kind,
            ExplicitErrorKind::SuitExpected
        );
        assert_eq!(
            parse_explicit("  \n < ").unwrap_err().kind,
            ExplicitErrorKind::Empty
        );
    }

    #[test]
    fn codes_round_trip() {
        let ranking = crate::rules::comanda::parse(
            "primiera e mancoprimiera a spade",
            &crate::rules::comanda::Nicknames::new(),
        )
        .unwrap();
        assert_eq!(ranking_from_codes(&ranking.level_codes()), Ok(ranking));
        let error = ranking_from_codes(&[vec!["7x".to_string()]]).unwrap_err();
        assert_eq!(
            (error.kind, error.level),
            (ExplicitErrorKind::UnknownWord, Some(1))
        );
    }
}
