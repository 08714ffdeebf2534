//! Who deals first: the `first_dealer` entry every game's log may hold before its first
//! hand, and the draw of a card by each player that settles it at the table.
//!
//! The entry sets the dealer of hand 1; the rest of the rotation is each game's own.
//! Seats are numbered in the order of play in every game, so whatever the direction
//! the same seats follow from the dealer: the next one leads, the one before (the
//! previous dealer) cuts. What differs between the games is the draw ([`DrawRule`],
//! on each game's descriptor): the deck, the ranking and whether the highest card
//! deals (the lowest in Vitou).

use serde::{Deserialize, Serialize};

use super::card::{Card, CardSet, Deck};
use super::game::{Game, Message, Seat, seat_after};
use super::words::seat_msg;
use crate::lang::Msg;

/// `{"type": "first_dealer", "seat": 2, "draw": [["7d", "Rs", "3c", "Rb"], [null, "5s", null, "2d"]]}`:
/// seat 2 deals first, as the draw decided. `draw` is optional: the rounds of the draw,
/// each the card of every seat in seat order (`null` for a seat that did not draw in a
/// later round, where only the seats tied for the deal draw again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstDealerEntry {
    pub seat: Seat,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw: Vec<Vec<Option<Card>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

/// Which card of a draw deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawWins {
    Highest,
    /// Vitou: "the player with the lowest ranked card is the first to deal".
    Lowest,
}

/// How a game draws for the first deal: its deck, its ranks strongest first (the
/// default ranking; suits never matter), and which end of it deals.
#[derive(Debug, Clone, Copy)]
pub struct DrawRule {
    pub deck: Deck,
    pub order: &'static [u8],
    pub wins: DrawWins,
    /// How a card of this deck is named in messages.
    pub card_words: fn(Card) -> Msg,
}

impl DrawRule {
    /// How strongly `card` claims the deal: higher claims it.
    pub fn claim(&self, card: Card) -> u8 {
        let strength = card.rank.strength_in(self.order);
        match self.wins {
            DrawWins::Highest => strength,
            DrawWins::Lowest => u8::MAX - strength,
        }
    }
}

/// Where a draw stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawOutcome {
    /// This seat deals first, with this card.
    Dealer(Seat, Card),
    /// These seats tied for the deal (with this card's rank): they draw again.
    Again(Vec<Seat>, Card),
}

/// Why a first dealer cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FirstDealerError {
    /// A hand is already recorded.
    AfterStart,
    /// No hand yet, but the first smazzata's comanda is recorded (Trionfetti).
    AfterComanda,
    /// The seat is not at this table.
    SeatNotAtTable { seat: Seat, players: usize },
    /// A round of the draw does not name a card (or `null`) for every seat.
    RoundSize {
        round: usize,
        found: usize,
        players: usize,
    },
    /// A seat has no card in a round it had to draw in.
    MustDraw { round: usize, seat: Seat },
    /// A seat drew again though it was not tied for the deal.
    NotTied { round: usize, seat: Seat },
    /// A card this game's deck does not have.
    NotInDeck {
        round: usize,
        seat: Seat,
        card: Card,
    },
    /// The same card drawn twice in one round.
    CardTwice { round: usize, card: Card },
    /// The draw ends in a tie: these seats must draw again.
    Undecided { seats: Vec<Seat>, card: Card },
    /// The draw gives the deal to another seat than the one recorded.
    Contradicts {
        recorded: Seat,
        drawn: Seat,
        card: Card,
    },
    /// A draw with no round.
    NoRound,
    /// A round after the one that decided the deal.
    ExtraRound { round: usize },
}

/// Where a draw of `rounds` stands at a table of `players`: the dealer, or who draws
/// again. Round 1 is everyone's; each later round is only the tied seats'.
pub fn settle(
    rule: &DrawRule,
    players: usize,
    rounds: &[Vec<Option<Card>>],
) -> Result<DrawOutcome, FirstDealerError> {
    let mut drawing: Vec<Seat> = (0..players)
        .filter_map(|seat| Seat::new(seat as u8))
        .collect();
    let mut outcome = Err(FirstDealerError::NoRound);
    for (index, cards) in rounds.iter().enumerate() {
        let round = index + 1;
        if drawing.is_empty() {
            // Nobody draws once the deal is decided.
            return Err(FirstDealerError::ExtraRound { round });
        }
        if cards.len() != players {
            return Err(FirstDealerError::RoundSize {
                round,
                found: cards.len(),
                players,
            });
        }
        let mut seen = CardSet::EMPTY;
        let mut drawn = Vec::new();
        for (position, card) in cards.iter().enumerate() {
            let seat = seat_after(Seat::ALL[0], position, players as u8);
            match (card, drawing.contains(&seat)) {
                (None, true) => return Err(FirstDealerError::MustDraw { round, seat }),
                (Some(_), false) => return Err(FirstDealerError::NotTied { round, seat }),
                (None, false) => {}
                (Some(card), true) => {
                    if !rule.deck.contains(*card) {
                        return Err(FirstDealerError::NotInDeck {
                            round,
                            seat,
                            card: *card,
                        });
                    }
                    if !seen.insert(*card) {
                        return Err(FirstDealerError::CardTwice { round, card: *card });
                    }
                    drawn.push((seat, *card));
                }
            }
        }
        let best = drawn
            .iter()
            .map(|(_, card)| rule.claim(*card))
            .max()
            .expect("someone draws in every round");
        let tied: Vec<(Seat, Card)> = drawn
            .into_iter()
            .filter(|(_, card)| rule.claim(*card) == best)
            .collect();
        let card = tied[0].1;
        if tied.len() == 1 {
            outcome = Ok(DrawOutcome::Dealer(tied[0].0, card));
            drawing.clear();
        } else {
            drawing = tied.iter().map(|(seat, _)| *seat).collect();
            outcome = Ok(DrawOutcome::Again(drawing.clone(), card));
        }
    }
    outcome
}

/// Applies a `first_dealer` entry to `state`, a match of `players`: the match starts
/// again with the seat dealing first, as long as nothing has been played. On error
/// `state` is unchanged.
pub(crate) fn apply<G: Game>(
    state: &mut G,
    entry: &FirstDealerEntry,
    players: usize,
) -> Result<(), FirstDealerError> {
    let Some(restarted) = state.restarted(entry.seat) else {
        return Err(if state.only_comanda() {
            FirstDealerError::AfterComanda
        } else {
            FirstDealerError::AfterStart
        });
    };
    if entry.seat.index() >= players {
        return Err(FirstDealerError::SeatNotAtTable {
            seat: entry.seat,
            players,
        });
    }
    if !entry.draw.is_empty() {
        match settle(&G::KIND.descriptor().first_deal, players, &entry.draw)? {
            DrawOutcome::Dealer(seat, _) if seat == entry.seat => {}
            DrawOutcome::Dealer(drawn, card) => {
                return Err(FirstDealerError::Contradicts {
                    recorded: entry.seat,
                    drawn,
                    card,
                });
            }
            DrawOutcome::Again(seats, card) => {
                return Err(FirstDealerError::Undecided { seats, card });
            }
        }
    }
    *state = restarted;
    Ok(())
}

/// Who cuts before `dealer` deals at a table of `players`: the seat before it in the
/// order of play, the previous dealer (Trionfetti's "dealer's left", Trijumf's
/// "right-hand opponent"; Madrasso's and Tressette's texts are silent and Vitou's says
/// only an opponent, so they follow the same custom).
pub fn cutter(dealer: Seat, players: usize) -> Seat {
    seat_after(dealer, players.max(1) - 1, players as u8)
}

/// "seat 1 and seat 3", as data: the seats' messages joined by the Fluent files.
pub fn seats_msg(seats: &[Seat]) -> Msg {
    let mut msg = Msg::new("first_dealer-seats").arg("count", seats.len());
    for (index, seat) in seats.iter().take(4).enumerate() {
        msg = msg.arg(["a", "b", "c", "d"][index], seat_msg(*seat));
    }
    msg
}

impl FirstDealerError {
    /// The message, naming cards in the words of `rule`'s deck.
    pub fn msg_with(&self, rule: &DrawRule) -> Msg {
        use FirstDealerError::*;
        let card = |card: &Card| (rule.card_words)(*card);
        // Most faults are in a round of the draw, which the message names first.
        let in_round = |id: &'static str, round: &usize| Msg::new(id).arg("round", *round);
        match self {
            AfterStart => Msg::new("first_dealer-after_start"),
            AfterComanda => Msg::new("first_dealer-after_comanda"),
            SeatNotAtTable { seat, players } => Msg::new("first_dealer-seat_not_at_table")
                .arg("seat", seat_msg(*seat))
                .arg("players", *players),
            RoundSize {
                round,
                found,
                players,
            } => in_round("first_dealer-round_size", round)
                .arg("found", *found)
                .arg("players", *players),
            MustDraw { round, seat } => {
                in_round("first_dealer-must_draw", round).arg("seat", seat_msg(*seat))
            }
            NotTied { round, seat } => {
                in_round("first_dealer-not_tied", round).arg("seat", seat_msg(*seat))
            }
            NotInDeck {
                round,
                seat,
                card: drawn,
            } => in_round("first_dealer-not_in_deck", round)
                .arg("seat", seat_msg(*seat))
                .arg("card", card(drawn)),
            CardTwice { round, card: drawn } => {
                in_round("first_dealer-card_twice", round).arg("card", card(drawn))
            }
            Undecided { seats, card: drawn } => Msg::new("first_dealer-undecided")
                .arg("seats", seats_msg(seats))
                .arg("card", card(drawn)),
            Contradicts {
                recorded,
                drawn,
                card: with,
            } => Msg::new("first_dealer-contradicts")
                .arg("recorded", seat_msg(*recorded))
                .arg("drawn", seat_msg(*drawn))
                .arg("card", card(with)),
            NoRound => Msg::new("first_dealer-no_round"),
            ExtraRound { round } => in_round("first_dealer-extra_round", round),
        }
    }
}

/// The error of a game's record, with the game's own card words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFirstDealerError {
    pub game: super::kind::GameKind,
    pub error: FirstDealerError,
}

impl Message for GameFirstDealerError {
    fn msg(&self) -> Msg {
        self.error.msg_with(&self.game.descriptor().first_deal)
    }
}

#[cfg(test)]
mod tests;
