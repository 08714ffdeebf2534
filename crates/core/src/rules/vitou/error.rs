//! Why a Vitou entry cannot happen: every variant says what was expected and what was
//! found, and where (round, trick, seat, card), as data the shell words
//! (`locales/*/rules_vitou.ftl`).

use serde::Serialize;

use super::Bid;
use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team, message_error};
use crate::rules::play_error::table::{LeadWhy, TableError, TablePlace};
use crate::rules::words::{
    self, beyond_record, dealers_left_msg, played, scores, seat_msg, team_msg, won_previous_msg,
};

/// Where a round stands: its number in the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundNumber {
    pub round: u32,
}

impl TablePlace for RoundNumber {
    const PLAYERS_NOT_SUPPORTED: &'static str = "vitou-players_not_supported";

    fn msg(self) -> Msg {
        round_msg(self.round)
    }

    fn card_msg(card: Card) -> Msg {
        card_msg(card)
    }
}

/// Why a seat had to lead a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LeadReason {
    /// The first trick is led by the dealer's left.
    DealersLeft { dealer: Seat },
    /// A won trick: its winner leads.
    WonPrevious { trick: u8, seat: Seat, card: Card },
    /// A tied trick: who led it leads again.
    Tied { trick: u8 },
}

impl LeadWhy for LeadReason {
    fn msg(self, expected: Seat) -> Msg {
        match self {
            LeadReason::DealersLeft { dealer } => dealers_left_msg(expected, dealer),
            LeadReason::WonPrevious { trick, seat, card } => {
                won_previous_msg(trick, seat, card_msg(card))
            }
            LeadReason::Tied { trick } => Msg::new("vitou-lead_tied")
                .arg("trick", trick)
                .arg("expected", seat_msg(expected)),
        }
    }
}

/// A Vitou entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// Only a side on 20 (the other not) may decline to play.
    DeclineNotAllowed {
        round: u32,
        scores: [u32; 2],
    },
    /// Only at 20-20 do the players pass or play.
    AllPassedNotAllowed {
        round: u32,
        scores: [u32; 2],
    },
    /// A declined or passed round has no play, bids or winner.
    PlayWithoutRound {
        round: u32,
    },
    /// No bidding once a side is on 20.
    BiddingClosed {
        round: u32,
        scores: [u32; 2],
    },
    /// Bids go 3, 6, 12, baraque, without jumps.
    BidOutOfOrder {
        round: u32,
        seat: Seat,
        bid: Bid,
        expected: Option<Bid>,
    },
    /// Only the other side may raise.
    RaiseOwnSide {
        round: u32,
        seat: Seat,
        bid: Bid,
        last: Seat,
    },
    RefusalWithoutBid {
        round: u32,
    },
    /// Only the player right after the last raiser may refuse.
    RefusalOutOfTurn {
        round: u32,
        seat: Seat,
        expected: Seat,
        raiser: Seat,
    },
    TiedAndRefused {
        round: u32,
    },
    WinnerContradictsCards {
        round: u32,
        recorded: Team,
        actual: Option<Team>,
    },
    TiedContradictsCards {
        round: u32,
        actual: Team,
    },
    WinnerContradictsRefusal {
        round: u32,
        recorded: Team,
        refuser: Seat,
    },
    WinnerAndTied {
        round: u32,
    },
    WinnerMissing {
        round: u32,
    },
    /// The recorded points are not what the round is worth.
    StakeMismatch {
        round: u32,
        recorded: u32,
        expected: u32,
        bid: Option<Bid>,
        refused: bool,
    },
    NoTricks {
        round: u32,
    },
    TooManyTricks {
        round: u32,
        found: usize,
    },
    /// Card by card, bids and refusals say in which trick they were made.
    CallTrickMissing {
        round: u32,
        seat: Seat,
    },
    /// A refusal ends the round: its trick is the last recorded.
    PlayedAfterRefusal {
        round: u32,
        trick: u8,
        recorded: usize,
    },
    /// The round was already decided.
    TrickAfterDecided {
        round: u32,
        trick: u8,
        winner: Option<Team>,
    },
    /// The 32-card deck has 7 to 10, J, Q, K and A.
    CardNotInDeck {
        round: u32,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// The bidder's turn in that trick is not in the record.
    BidNotReached {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// The last player to a trick may not bid or raise.
    BidByLast {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// The bids are listed in the order of play.
    BidsOutOfPlayOrder {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// A refusal comes right after the raise, before the refuser's card.
    RefusalNotAfterRaise {
        round: u32,
        seat: Seat,
        trick: u8,
    },
    /// The tricks recorded do not decide the round.
    RoundUndecided {
        round: u32,
        results: Vec<Option<Team>>,
    },
    /// A refusal every game played by two or four shares.
    #[serde(untagged)]
    Table(TableError<RoundNumber, LeadReason>),
}

/// A card of the 32-card deck by its French name ("the 10 of hearts"), as data.
pub(crate) fn card_msg(card: Card) -> Msg {
    Msg::new("vitou-card")
        .arg("rank", card.rank.value())
        .arg("suit", card.suit.italian_name())
}

/// Adds who bid what.
fn bid_msg(msg: Msg, seat: Seat, bid: Bid) -> Msg {
    msg.arg("seat", seat_msg(seat)).arg("bid", bid.word())
}

/// "Round 3", as data.
fn round_msg(round: u32) -> Msg {
    Msg::new("vitou-round").arg("round", round)
}

/// The tricks recorded, each by its winner's letter or as tied ("A, tied, B").
fn results_msg(results: &[Option<Team>]) -> Msg {
    let result = |result: &Option<Team>| match result {
        Some(winner) => Msg::new("vitou-won").arg("team", winner.letter()),
        None => Msg::new("vitou-tied"),
    };
    match results {
        [] => Msg::text(""),
        [only] => result(only),
        [first, rest @ ..] => Msg::new("vitou-list")
            .arg("head", result(first))
            .arg("tail", results_msg(rest)),
    }
}

impl Message for RuleError {
    fn msg(&self) -> Msg {
        use RuleError::*;
        let at = |id: &'static str, round: u32| Msg::new(id).arg("round", round_msg(round));
        match *self {
            Table(ref error) => error.msg(),
            DeclineNotAllowed { round, scores: now } => {
                scores(at("vitou-decline_not_allowed", round), now)
            }
            AllPassedNotAllowed { round, scores: now } => {
                scores(at("vitou-all_passed_not_allowed", round), now)
            }
            PlayWithoutRound { round } => at("vitou-play_without_round", round),
            BiddingClosed { round, scores: now } => scores(at("vitou-bidding_closed", round), now),
            BidOutOfOrder {
                round,
                seat,
                bid,
                expected,
            } => match expected {
                // The opening is always 3: there is no bid before it to follow.
                Some(Bid::Three) => bid_msg(at("vitou-bid_opening", round), seat, bid),
                Some(expected) => {
                    let index = Bid::ORDER.iter().position(|each| *each == expected);
                    let last = Bid::ORDER[index.expect("every bid is in the order") - 1];
                    bid_msg(at("vitou-bid_out_of_order", round), seat, bid)
                        .arg("last", last.word())
                        .arg("expected", expected.word())
                }
                None => bid_msg(at("vitou-bid_above_baraque", round), seat, bid),
            },
            RaiseOwnSide {
                round,
                seat,
                bid,
                last,
            } => bid_msg(at("vitou-raise_own_side", round), seat, bid).arg("last", seat_msg(last)),
            RefusalWithoutBid { round } => at("vitou-refusal_without_bid", round),
            RefusalOutOfTurn {
                round,
                seat,
                expected,
                raiser,
            } => at("vitou-refusal_out_of_turn", round)
                .arg("seat", seat_msg(seat))
                .arg("expected", seat_msg(expected))
                .arg("raiser", seat_msg(raiser)),
            TiedAndRefused { round } => at("vitou-tied_and_refused", round),
            WinnerContradictsCards {
                round,
                recorded,
                actual,
            } => match actual {
                Some(actual) => at("vitou-winner_contradicts_cards", round)
                    .arg("recorded", team_msg(recorded))
                    .arg("actual", team_msg(actual)),
                None => {
                    at("vitou-winner_contradicts_ties", round).arg("recorded", team_msg(recorded))
                }
            },
            TiedContradictsCards { round, actual } => {
                at("vitou-tied_contradicts_cards", round).arg("actual", team_msg(actual))
            }
            WinnerContradictsRefusal {
                round,
                recorded,
                refuser,
            } => at("vitou-winner_contradicts_refusal", round)
                .arg("recorded", team_msg(recorded))
                .arg("refuser", seat_msg(refuser)),
            WinnerAndTied { round } => at("vitou-winner_and_tied", round),
            WinnerMissing { round } => at("vitou-winner_missing", round),
            StakeMismatch {
                round,
                recorded,
                expected,
                bid,
                refused,
            } => {
                let why = match (bid, refused) {
                    (None, _) => Msg::new("vitou-no_bidding"),
                    (Some(bid), true) => Msg::new("vitou-bid_refused").arg("bid", bid.word()),
                    (Some(bid), false) => Msg::new("vitou-bid_accepted").arg("bid", bid.word()),
                };
                at("vitou-stake_mismatch", round)
                    .arg("why", why)
                    .arg("expected", expected)
                    .arg("recorded", recorded)
            }
            NoTricks { round } => words::at("rules-no_tricks", round_msg(round)),
            TooManyTricks { round, found } => {
                at("vitou-too_many_tricks", round).arg("found", found)
            }
            CallTrickMissing { round, seat } => {
                at("vitou-call_trick_missing", round).arg("seat", seat_msg(seat))
            }
            PlayedAfterRefusal {
                round,
                trick,
                recorded,
            } => beyond_record(at("vitou-played_after_refusal", round), trick, recorded),
            TrickAfterDecided {
                round,
                trick,
                winner,
            } => {
                let who = match winner {
                    Some(winner) => Msg::new("vitou-won_by").arg("team", team_msg(winner)),
                    None => Msg::new("vitou-tied"),
                };
                at("vitou-trick_after_decided", round)
                    .arg("trick", trick)
                    .arg("who", who)
            }
            CardNotInDeck {
                round,
                trick,
                seat,
                card,
            } => played(
                at("vitou-card_not_in_deck", round),
                seat,
                card_msg(card),
                trick,
            ),
            BidNotReached {
                round,
                seat,
                bid,
                trick,
            } => bid_msg(at("vitou-bid_not_reached", round), seat, bid).arg("trick", trick),
            BidByLast {
                round,
                seat,
                bid,
                trick,
            } => bid_msg(at("vitou-bid_by_last", round), seat, bid).arg("trick", trick),
            BidsOutOfPlayOrder {
                round,
                seat,
                bid,
                trick,
            } => at("vitou-bids_out_of_play_order", round)
                .arg("bid", bid.word())
                .arg("seat", seat_msg(seat))
                .arg("trick", trick),
            RefusalNotAfterRaise { round, seat, trick } => {
                at("vitou-refusal_not_after_raise", round)
                    .arg("seat", seat_msg(seat))
                    .arg("trick", trick)
            }
            RoundUndecided { round, ref results } => {
                at("vitou-round_undecided", round).arg("results", results_msg(results))
            }
        }
    }
}

message_error!(RuleError, Table(TableError<RoundNumber, LeadReason>));
