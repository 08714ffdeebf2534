//! Tricks: who played what, in order, and who takes them under a ranking.

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::game::Seat;
use super::ranking::Ranking;

/// A trick as recorded: the seat that led and the cards in the order they were played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trick {
    pub leader: Seat,
    pub cards: Vec<Card>,
}

impl Trick {
    /// A trick `leader` is about to lead, with room for a card from each player.
    pub fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: Vec::with_capacity(4),
        }
    }

    /// The seat that played the card at `position` (0 = the leader).
    pub fn seat_at(&self, position: usize) -> Seat {
        self.leader.after(position)
    }

    /// Who played each card, in play order.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards
            .iter()
            .enumerate()
            .map(|(position, &card)| (self.seat_at(position), card))
    }
}

/// The position of the winning card: the strongest, the first played among equals.
///
/// Returns `None` for an empty slice.
pub fn winning_position(cards: &[Card], ranking: &Ranking) -> Option<usize> {
    let mut best: Option<(usize, u8)> = None;
    for (position, &card) in cards.iter().enumerate() {
        let strength = ranking.strength(card);
        if best.is_none_or(|(_, top)| strength > top) {
            best = Some((position, strength));
        }
    }
    best.map(|(position, _)| position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(codes: &[&str]) -> Vec<Card> {
        codes.iter().map(|code| code.parse().unwrap()).collect()
    }

    #[test]
    fn highest_card_wins_first_played_among_equals() {
        let ranking = Ranking::default_order();
        assert_eq!(
            winning_position(&cards(&["7d", "Rs", "1b", "2c"]), &ranking),
            Some(1)
        );
        assert_eq!(
            winning_position(&cards(&["5d", "Rs", "Rb", "2c"]), &ranking),
            Some(1)
        );
        assert_eq!(winning_position(&[], &ranking), None);
    }

    #[test]
    fn plays_name_the_seats_in_turn() {
        let trick = Trick {
            leader: Seat::new(3).unwrap(),
            cards: cards(&["7d", "Rs"]),
        };
        let seats: Vec<u8> = trick.plays().map(|(seat, _)| seat.into()).collect();
        assert_eq!(seats, vec![3, 0]);
    }
}

/// Why a seat had to lead a trick, in the games where the dealer's right leads
/// first (Trionfetti, Madrasso, Tressette).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum LeadReason {
    /// The first trick is led by the dealer's right.
    DealersRight { dealer: Seat },
    /// Later tricks are led by whoever won the one before.
    WonPrevious { trick: u8, seat: Seat, card: Card },
}
