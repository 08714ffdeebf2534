//! A ranking: the 52 cards as levels of equal strength, lowest first.
//!
//! Every ranking, whether read from a comanda or entered as an explicit list,
//! passes through [`Ranking::from_levels`], which enforces the two restrictions
//! of the rules text.

use super::card::{Card, CardSet, Deck, Rank, Suit};
use super::game::Message;
use super::words::card_msg;
use crate::lang::Msg;

/// A checked ranking of the 52-card deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    levels: Vec<Vec<Card>>,
    /// Strength by card index: the index of the card's level. Higher beats lower.
    strength: [u8; 52],
}

/// Why a list of levels is not a ranking.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankingError {
    /// Restriction 1: cards of different default ranks may not be equal.
    #[error("{first} and {second} have different ranks and cannot be equal")]
    UnequalRanksShareLevel { first: Card, second: Card },
    /// Restriction 2: one linear list covering each card exactly once.
    #[error("{card} appears more than once")]
    CardRepeated { card: Card },
    #[error("{card} is missing from the ranking")]
    CardMissing { card: Card },
    #[error("a level of the ranking is empty")]
    EmptyLevel,
}

impl Message for RankingError {
    /// What is wrong, naming the cards in words ("l'asso di denari", never "1d") and the
    /// broken restriction, as data for the shell.
    fn msg(&self) -> Msg {
        match *self {
            RankingError::UnequalRanksShareLevel { first, second } => {
                Msg::new("ranking-unequal_ranks")
                    .arg("first", card_msg(first))
                    .arg("second", card_msg(second))
            }
            RankingError::CardRepeated { card } => {
                Msg::new("ranking-card_repeated").arg("card", card_msg(card))
            }
            RankingError::CardMissing { card } => {
                Msg::new("ranking-card_missing").arg("card", card_msg(card))
            }
            RankingError::EmptyLevel => Msg::new("ranking-empty_level"),
        }
    }
}

impl Ranking {
    /// Builds a ranking from levels listed lowest first, enforcing both restrictions.
    /// The cards inside each level are kept in suit order (`Suit::ALL`).
    pub fn from_levels(levels: Vec<Vec<Card>>) -> Result<Ranking, RankingError> {
        let mut seen = CardSet::EMPTY;
        let mut strength = [0u8; 52];
        for (level_index, level) in levels.iter().enumerate() {
            let first = *level.first().ok_or(RankingError::EmptyLevel)?;
            for &card in level {
                if card.rank != first.rank {
                    return Err(RankingError::UnequalRanksShareLevel {
                        first,
                        second: card,
                    });
                }
                if !seen.insert(card) {
                    return Err(RankingError::CardRepeated { card });
                }
                strength[card.index()] = level_index as u8;
            }
        }
        if let Some(card) = Deck::Trevigiane52
            .cards()
            .find(|card| !seen.contains(*card))
        {
            return Err(RankingError::CardMissing { card });
        }
        // Equal cards in a fixed (suit) order, so that equal rankings compare equal.
        let mut levels = levels;
        for level in &mut levels {
            level.sort();
        }
        Ok(Ranking { levels, strength })
    }

    /// The default order: 1 2 3 … 10 F C R, suits equal.
    pub fn default_order() -> Ranking {
        Ranking::by_ranks(Rank::all())
    }

    /// A ranking in which suits are equal and ranks follow the given order, lowest first.
    /// The iterator must name each of the 13 ranks once.
    pub fn by_ranks(ranks: impl IntoIterator<Item = Rank>) -> Ranking {
        let levels = ranks
            .into_iter()
            .map(|rank| {
                super::card::Suit::ALL
                    .into_iter()
                    .map(|suit| Card::new(rank, suit))
                    .collect()
            })
            .collect();
        Ranking::from_levels(levels).expect("every rank once makes a valid ranking")
    }

    pub fn levels(&self) -> &[Vec<Card>] {
        &self.levels
    }

    /// The card's strength: higher beats lower, equal cards tie.
    pub fn strength(&self, card: Card) -> u8 {
        self.strength[card.index()]
    }

    /// The levels, lowest first, as canonical card codes. Inside a level the cards are
    /// sorted by suit letter (`b`, `c`, `d`, `s`), which is the order the JSON form uses.
    pub fn level_codes(&self) -> Vec<Vec<String>> {
        self.levels
            .iter()
            .map(|level| {
                let mut cards = level.clone();
                cards.sort_by_key(|card| card.suit.letter());
                cards.into_iter().map(Card::code).collect()
            })
            .collect()
    }

    /// One readable line, lowest to highest.
    ///
    /// Consecutive levels that hold the same suits form a block; blocks are separated by
    /// ` | `. A block holding all four suits shows bare ranks (`F C R 1 2`); any other
    /// block is labelled with its suits (`denari: 1 2 3`), and each rank in it stands for
    /// the cards of that rank in exactly those suits, all equal. `suit_name` words a
    /// suit in the reader's language (the shell's `Tr::ranking_line`).
    pub fn render_line(&self, suit_name: impl Fn(Suit) -> String) -> String {
        let mut blocks: Vec<(Vec<Suit>, Vec<Rank>)> = Vec::new();
        for level in &self.levels {
            let mut suits: Vec<Suit> = level.iter().map(|card| card.suit).collect();
            suits.sort_by_key(|suit| suit.letter());
            let rank = level[0].rank;
            match blocks.last_mut() {
                Some((block_suits, ranks)) if *block_suits == suits => ranks.push(rank),
                _ => blocks.push((suits, vec![rank])),
            }
        }
        blocks
            .iter()
            .map(|(suits, ranks)| {
                let ranks: Vec<&str> = ranks.iter().map(|rank| rank.code()).collect();
                let ranks = ranks.join(" ");
                if suits.len() == Suit::ALL.len() {
                    ranks
                } else {
                    let names: Vec<String> = suits.iter().map(|suit| suit_name(*suit)).collect();
                    format!("{}: {}", names.join(", "), ranks)
                }
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::Suit;
    use crate::rules::test_support::card;

    #[test]
    fn default_order_ranks_king_highest_and_ignores_suits() {
        let ranking = Ranking::default_order();
        assert_eq!(ranking.levels().len(), 13);
        assert!(ranking.strength(card("Rs")) > ranking.strength(card("Cd")));
        assert_eq!(ranking.strength(card("7d")), ranking.strength(card("7b")));
        assert!(ranking.strength(card("1c")) < ranking.strength(card("2c")));
    }

    #[test]
    fn different_ranks_in_one_level_are_refused() {
        let mut levels: Vec<Vec<Card>> = Ranking::default_order().levels().to_vec();
        let kings = levels.pop().unwrap();
        levels.last_mut().unwrap().extend(kings);
        assert!(matches!(
            Ranking::from_levels(levels),
            Err(RankingError::UnequalRanksShareLevel { .. })
        ));
    }

    #[test]
    fn missing_and_repeated_cards_are_refused() {
        let mut levels: Vec<Vec<Card>> = Ranking::default_order().levels().to_vec();
        levels[0].retain(|card| card.suit != Suit::Denari);
        assert_eq!(
            Ranking::from_levels(levels.clone()),
            Err(RankingError::CardMissing { card: card("1d") })
        );
        levels.push(vec![card("Rs")]);
        levels[0].push(card("1d"));
        assert_eq!(
            Ranking::from_levels(levels),
            Err(RankingError::CardRepeated { card: card("Rs") })
        );
    }
}
