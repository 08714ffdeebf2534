//! The refusals of card play that the trick games share (Madrasso, Tressette,
//! Trionfetti): the match is over, a trick of the wrong size, the wrong leader, a card
//! played twice, a card outside the deck, a revoke. Each game nests [`PlayError`] in its
//! own `RuleError` (`RuleError::Play`), with its own kind of place in the match; the
//! games played by two or four nest [`table::TableError`] likewise.

pub mod table;

use serde::Serialize;

use super::card::{Card, CardSet, Deck};
use super::game::{Message, Seat, Team, message_error};
use super::trick::{LeadReason, Trick};
use super::words::{
    at, card_msg, lead_reason_msg, match_over, played, revoke_msg, team_msg, wrong_leader_msg,
};
use crate::lang::Msg;

/// Where a deal stands in a game's own terms ("Game 1, deal 3", "Smazzata 2, hand 1"),
/// as data for the Fluent files.
pub trait DealPlace: Copy {
    fn msg(self) -> Msg;

    /// The Fluent id of a revoke, in the game's own words (what it costs differs from
    /// game to game).
    const REVOKE: &'static str = "rules-revoke";
    /// The Fluent id of the card that proves a revoke (in Tressette a declaration proves
    /// it too).
    const HELD: &'static str = "rules-held";
}

/// A play the rules of every trick game refuse. `D` is the game's place of a deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum PlayError<D> {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// A trick without exactly one card from every seat.
    WrongTrickSize { deal: D, trick: u8, found: usize },
    /// The wrong seat led a trick.
    WrongLeader {
        deal: D,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: LeadReason,
    },
    /// A card can be played only once in a deal.
    CardPlayedTwice {
        deal: D,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
    },
    /// A card outside the 40-card deck (trick 0 means the face-up card).
    NotInDeck { deal: D, trick: u8, card: Card },
    /// A seat failed to follow suit while holding the suit led.
    Revoke {
        deal: D,
        #[serde(flatten)]
        breach: Breach,
    },
}

/// A card played against a rule of play, and the card that proves the seat could have
/// kept the rule: one it held of the suit it had to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Breach {
    pub trick: u8,
    pub seat: Seat,
    pub card: Card,
    /// The card that led the trick.
    pub led: Card,
    pub held: Card,
    /// The trick where `held` was played later; 0 when it was known otherwise (still in
    /// the hand, or declared).
    pub held_played: u8,
}

impl Breach {
    /// `card`, played by `seat` in trick `trick` on `led`, while the seat held `held`
    /// (played later in trick `held_played`, or 0).
    pub fn new(
        trick: u8,
        (seat, card): (Seat, Card),
        led: Card,
        (held, held_played): (Card, u8),
    ) -> Breach {
        Breach {
            trick,
            seat,
            card,
            led,
            held,
            held_played,
        }
    }
}

impl<D: DealPlace> Message for PlayError<D> {
    fn msg(&self) -> Msg {
        match *self {
            PlayError::MatchOver { winner, games_won } => match_over(team_msg(winner), games_won),
            PlayError::WrongTrickSize { deal, trick, found } => {
                at("rules-wrong_trick_size", deal.msg())
                    .arg("trick", trick)
                    .arg("found", found)
            }
            PlayError::WrongLeader {
                deal,
                trick,
                found,
                expected,
                because,
            } => wrong_leader_msg(deal.msg(), found, trick, lead_reason_msg(expected, because)),
            PlayError::CardPlayedTwice {
                deal,
                trick,
                seat,
                card,
                first_trick,
            } => played(
                at("rules-card_played_twice", deal.msg()),
                seat,
                card_msg(card),
                trick,
            )
            .arg("first_trick", first_trick),
            PlayError::NotInDeck { deal, trick, card } => at("rules-not_in_deck", deal.msg())
                .arg("card", card_msg(card))
                .arg("trick", trick),
            PlayError::Revoke { deal, breach } => {
                revoke_msg(at(D::REVOKE, deal.msg()), breach, D::HELD)
            }
        }
    }
}

message_error!(impl<D: DealPlace> for PlayError<D>);

/// Where each card of a deal recorded card by card was played: its trick and its seat.
#[derive(Debug, Clone)]
pub struct PlayedCards {
    trick: [u8; 52],
    seat: [Option<Seat>; 52],
    by_seat: [CardSet; 4],
}

impl PlayedCards {
    /// Checks, trick by trick, that each has `cards_a_trick` cards, all from `deck` and
    /// none played before, and says where each was played. The first fault found is
    /// the error.
    pub fn check<D: DealPlace>(
        deal: D,
        tricks: &[Trick],
        cards_a_trick: usize,
        deck: Deck,
    ) -> Result<PlayedCards, PlayError<D>> {
        PlayedCards::check_stopped(deal, tricks, cards_a_trick, deck, false)
    }

    /// Like [`PlayedCards::check`]; with `last_may_stop` the last trick may hold fewer
    /// cards (at least one), for play that stopped in the middle of it.
    pub fn check_stopped<D: DealPlace>(
        deal: D,
        tricks: &[Trick],
        cards_a_trick: usize,
        deck: Deck,
        last_may_stop: bool,
    ) -> Result<PlayedCards, PlayError<D>> {
        let mut seen = CardSet::EMPTY;
        let mut played = PlayedCards {
            trick: [0; 52],
            seat: [None; 52],
            by_seat: [CardSet::EMPTY; 4],
        };
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            let stops = last_may_stop && index + 1 == tricks.len();
            let size_ok = match stops {
                true => (1..=cards_a_trick).contains(&trick.cards.len()),
                false => trick.cards.len() == cards_a_trick,
            };
            if !size_ok {
                return Err(PlayError::WrongTrickSize {
                    deal,
                    trick: number,
                    found: trick.cards.len(),
                });
            }
            for (seat, card) in trick.plays() {
                if !deck.contains(card) {
                    return Err(PlayError::NotInDeck {
                        deal,
                        trick: number,
                        card,
                    });
                }
                if !seen.insert(card) {
                    return Err(PlayError::CardPlayedTwice {
                        deal,
                        trick: number,
                        seat,
                        card,
                        first_trick: played.trick[card.index()],
                    });
                }
                played.trick[card.index()] = number;
                played.seat[card.index()] = Some(seat);
                played.by_seat[seat.index()].insert(card);
            }
        }
        Ok(played)
    }

    /// The trick (1-based) the card was played in; 0 when it was not played.
    pub fn trick_of(&self, card: Card) -> u8 {
        self.trick[card.index()]
    }

    /// The seat that played the card, if it was played.
    pub fn seat_of(&self, card: Card) -> Option<Seat> {
        self.seat[card.index()]
    }

    /// The cards each seat played: what it is known to have held when the deal began.
    pub fn by_seat(&self) -> [CardSet; 4] {
        self.by_seat
    }

    /// Refuses `card`, played by `seat` in trick `trick` on `led`, when it does not
    /// follow suit while `hand` (what the seat is known to hold then) has the suit led:
    /// a revoke, proved by that card.
    pub fn follows_suit<D>(
        &self,
        deal: D,
        trick: u8,
        (seat, card): (Seat, Card),
        led: Card,
        hand: CardSet,
    ) -> Result<(), PlayError<D>> {
        let proof = hand.iter().find(|held| held.suit == led.suit);
        match proof {
            Some(held) if card.suit != led.suit => Err(PlayError::Revoke {
                deal,
                breach: Breach::new(trick, (seat, card), led, (held, self.trick_of(held))),
            }),
            _ => Ok(()),
        }
    }
}

/// Who must lead each trick in the games where the dealer's right leads the first and
/// the winner of a trick the next (Madrasso, Tressette, Trionfetti), and why.
#[derive(Debug, Clone, Copy)]
pub struct Leads {
    leader: Seat,
    because: LeadReason,
}

impl Leads {
    /// The first trick of a deal `dealer` dealt.
    pub fn after_deal(dealer: Seat) -> Leads {
        Leads {
            leader: dealer.right(),
            because: LeadReason::DealersRight { dealer },
        }
    }

    /// The seat due to lead the next trick.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Refuses trick `number` unless the seat due to lead it did.
    pub fn check<D>(&self, deal: D, number: u8, trick: &Trick) -> Result<(), PlayError<D>> {
        if trick.leader == self.leader {
            return Ok(());
        }
        Err(PlayError::WrongLeader {
            deal,
            trick: number,
            found: trick.leader,
            expected: self.leader,
            because: self.because,
        })
    }

    /// Trick `number` was won by `seat` with `card`: the seat leads the next.
    pub fn won(&mut self, number: u8, seat: Seat, card: Card) {
        self.leader = seat;
        self.because = LeadReason::WonPrevious {
            trick: number,
            seat,
            card,
        };
    }
}
