//! The refusals of card play that the trick games share (Madrasso, Tressette,
//! Trionfetti): the match is over, a trick of the wrong size, the wrong leader, a card
//! played twice, a card outside the deck. Each game nests [`PlayError`] in its own
//! `RuleError` (`RuleError::Play`), with its own kind of place in the match.

use std::fmt;

use serde::Serialize;

use super::card::{Card, CardSet, Deck};
use super::game::{Message, Seat, Team, describe};
use super::trick::{LeadReason, Trick};
use super::words::{at, card_msg, lead_reason_msg, match_over, played, team_msg, wrong_leader_msg};
use crate::lang::{Lang, Msg};

/// Where a deal stands in a game's own terms ("Game 1, deal 3", "Smazzata 2, hand 1"),
/// as data for the Fluent files.
pub trait DealPlace: Copy {
    fn msg(self) -> Msg;
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
}

impl<D: DealPlace> Message for PlayError<D> {
    fn msg(&self, _: Lang) -> Msg {
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
        }
    }
}

impl<D: DealPlace> fmt::Display for PlayError<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe(&self.msg(Lang::En)))
    }
}

impl<D: DealPlace + fmt::Debug> std::error::Error for PlayError<D> {}

/// Where each card of a deal recorded card by card was played: its trick and its seat.
#[derive(Debug, Clone)]
pub struct PlayedCards {
    trick: [u8; 52],
    seat: [Option<Seat>; 52],
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
        let mut seen = CardSet::EMPTY;
        let mut played = PlayedCards {
            trick: [0; 52],
            seat: [None; 52],
        };
        for (index, trick) in tricks.iter().enumerate() {
            let number = index as u8 + 1;
            if trick.cards.len() != cards_a_trick {
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
