//! Vitou (Nice) scoring as a state machine.
//!
//! Two players, or four in two partnerships, with the 32-card French deck; suits are
//! ignored and cards rank 10 9 A K Q J 8 7. Play goes clockwise and seats are numbered
//! in the order of play, so the next seat (`seat + 1`) sits on a player's left: the
//! dealer's left (`dealer + 1`) leads, and the deal passes to it after every round.
//! With four players team A is seats 0 and 2, team B seats 1 and 3; with two players
//! only seats 0 (side A) and 1 (side B) exist.
//!
//! A round is up to three tricks of one card each, won by two tricks out of three
//! (with the tie rules), for 1 point or the stake bid: 3, 6, 12 or baraque (the game).
//! Games go to 21; at 20 the special rules apply. See `docs/games-trijumf-vitou.md`
//! for the JSON form of the entries.

mod bid;
mod checks;
mod error;
mod record;
pub mod simulate;

use serde::{Deserialize, Serialize};

pub use self::bid::Bid;
pub(crate) use self::error::card_msg;
pub use self::error::{LeadReason, RoundNumber, RuleError};
use super::card::{Card, Deck};
use super::game::{Game, Seat, Seating, Summary, Team, check_noted, stamped_entry};
use super::play_error::table::TableError;
use super::progress::{MatchProgress, game_basics, progress_accessors, summary_of, summary_type};
use super::record::game_entry;
use super::trick::Trick;

/// Match options. The defaults are the rules text's: four players, games to 21, one
/// game per match, the special rules at 20.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// 2 or 4.
    pub players: u8,
    /// Points that win a game.
    pub target_points: u32,
    /// Games that win the match.
    pub games_to_win: u32,
    /// Whether the special rules for a side on one point short of the target (and for
    /// both sides there) apply.
    pub twenty_rules: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 4,
            target_points: 21,
            games_to_win: 1,
            twenty_rules: true,
        }
    }
}

impl Seating for Options {
    fn players(&self) -> u8 {
        self.players
    }
}

impl super::progress::MatchLength for Options {
    fn games_to_win(&self) -> u32 {
        self.games_to_win
    }
}

/// A bid or raise, made at the bidder's turn before its card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BidCall {
    pub seat: Seat,
    pub bid: Bid,
    /// The trick (1-3) of the bid; required card by card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u8>,
}

/// A refusal of the last raise, by the player right after the raiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    pub seat: Seat,
    /// The trick (1-3); required card by card, where the refusal ends the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u8>,
}

stamped_entry! {
    /// One round as recorded: by outcome (`winner` or `tied`) or card by card (`tricks`).
    #[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct RoundEntry {
        /// The side that won the round; required by outcome unless tied, refused,
        /// declined or passed; checked card by card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub winner: Option<Team>,
        /// By outcome: all three tricks were tied, nobody scores.
        #[serde(default, skip_serializing_if = "is_false")]
        pub tied: bool,
        /// Present means card by card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tricks: Option<Vec<Trick>>,
        /// Bids and raises in the order they were made.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub bids: Vec<BidCall>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub refusal: Option<Refusal>,
        /// One side on 20: it chose not to play the round.
        #[serde(default, skip_serializing_if = "is_false")]
        pub declined: bool,
        /// Both sides on 20: every player passed.
        #[serde(default, skip_serializing_if = "is_false")]
        pub all_passed: bool,
        /// The points scored, as the referee noted them; checked when present.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub points: Option<u32>,
    }
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl RoundEntry {
    /// A round by outcome, won by `winner` with no bidding.
    pub fn won_by(winner: Team) -> RoundEntry {
        RoundEntry {
            winner: Some(winner),
            ..RoundEntry::default()
        }
    }
}

game_entry!(Round(RoundEntry): "round");

/// Which rules a round was played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Stage {
    Normal,
    /// One side (`team`) on one point short of the target: no bidding.
    OnTwenty {
        team: Team,
    },
    /// Both sides there: no bidding, the round decides the game.
    BothOnTwenty,
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RoundEnd {
    /// Played to a decision (`winner`) or all three tricks tied (`winner` null).
    Played { winner: Option<Team> },
    /// The last raise was refused by `seat`.
    Refused { seat: Seat },
    /// The side on 20 did not play.
    Declined { team: Team },
    /// Both on 20 and everybody passed.
    AllPassed,
}

/// One row of the score sheet: one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetRow {
    pub round: u32,
    pub game: u32,
    pub dealer: Seat,
    pub stage: Stage,
    /// The last bid made, if any.
    pub bid: Option<Bid>,
    pub end: RoundEnd,
    /// What the round added to side A and side B.
    pub points: [u32; 2],
    /// The scores after the round (before a reset for a won game).
    pub scores: [u32; 2],
    pub game_won: Option<Team>,
}

/// A game won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameWon {
    pub game: u32,
    pub winner: Team,
    pub round: u32,
    pub scores: [u32; 2],
    /// Won by an accepted baraque.
    pub baraque: bool,
}

/// The state of a Vitou match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vitou {
    progress: MatchProgress<Options, u32, SheetRow, GameWon>,
    round: u32,
}

summary_type! {
    /// Everything a referee page shows about a Vitou match.
    VitouSummary, sheet: SheetRow {
        /// The next round, 1-based over the whole match.
        pub round: u32,
        /// The rules of the next round (`None` once the match is over).
        pub stage: Option<Stage>,
        /// Whether bids are allowed in the next round.
        pub bidding: bool,
    }
}

/// Strength in a trick: 10 9 A K Q J 8 7, suits ignored.
pub fn strength(card: Card) -> u8 {
    match card.rank.value() {
        10 => 8,
        9 => 7,
        1 => 6,
        13 => 5,
        12 => 4,
        11 => 3,
        8 => 2,
        _ => 1,
    }
}

/// The position of the card that takes the trick, or `None` when two or more cards
/// share the highest rank (a tie) or the trick is empty.
pub fn trick_winner(cards: &[Card]) -> Option<usize> {
    let top = cards.iter().map(|&card| strength(card)).max()?;
    let mut at_top = (0..cards.len()).filter(|&position| strength(cards[position]) == top);
    let first = at_top.next()?;
    at_top.next().is_none().then_some(first)
}

/// Who has won the round after these tricks (`None` per trick: tied): `None` while
/// undecided, `Some(None)` when three tricks were all tied, `Some(Some(team))` when
/// decided: two tricks, or, once a trick is tied, the first side that won one.
pub fn round_decision(results: &[Option<Team>]) -> Option<Option<Team>> {
    let mut won = [0; 2];
    for team in results.iter().flatten() {
        won[team.index()] += 1;
        if won[team.index()] == 2 {
            return Some(Some(*team));
        }
    }
    let first = results.iter().flatten().next().copied();
    if results.iter().any(Option::is_none) && first.is_some() {
        return Some(first);
    }
    (results.len() >= 3).then_some(None)
}

pub(crate) use super::game::seat_after;

impl Vitou {
    progress_accessors!(Options, scores: [u32; 2], SheetRow, GameWon);

    pub fn new(options: Options, first_dealer: Seat) -> Vitou {
        Vitou {
            progress: MatchProgress::new(options, first_dealer),
            round: 1,
        }
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// The rules of the next round.
    pub fn stage(&self) -> Stage {
        let short = self.progress.options.target_points.saturating_sub(1);
        if !self.progress.options.twenty_rules {
            return Stage::Normal;
        }
        match (
            self.progress.points[0] == short,
            self.progress.points[1] == short,
        ) {
            (true, true) => Stage::BothOnTwenty,
            (true, false) => Stage::OnTwenty { team: Team::A },
            (false, true) => Stage::OnTwenty { team: Team::B },
            (false, false) => Stage::Normal,
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        let players = self.progress.options.players;
        TableError::check_seat(RoundNumber { round: self.round }, seat, players)
    }

    /// Records one round. On error nothing changes.
    pub fn apply_round(&mut self, entry: &RoundEntry) -> Result<(), RuleError> {
        TableError::check_open(&self.progress)?;
        let players = self.progress.options.players;
        let round = self.round;
        let stage = self.stage();
        let no_play = entry.declined || entry.all_passed;
        if entry.declined && !matches!(stage, Stage::OnTwenty { .. }) {
            return Err(RuleError::DeclineNotAllowed {
                round,
                scores: self.progress.points,
            });
        }
        if entry.all_passed && stage != Stage::BothOnTwenty {
            return Err(RuleError::AllPassedNotAllowed {
                round,
                scores: self.progress.points,
            });
        }
        if no_play
            && (entry.tricks.is_some()
                || entry.winner.is_some()
                || entry.tied
                || !entry.bids.is_empty()
                || entry.refusal.is_some()
                || (entry.declined && entry.all_passed))
        {
            return Err(RuleError::PlayWithoutRound { round });
        }
        if !entry.bids.is_empty() && stage != Stage::Normal {
            return Err(RuleError::BiddingClosed {
                round,
                scores: self.progress.points,
            });
        }
        // The bids: 3, 6, 12, baraque, each by the side that did not make the last.
        for (index, call) in entry.bids.iter().enumerate() {
            self.check_seat(call.seat)?;
            let expected = Bid::ORDER.get(index).copied();
            if expected != Some(call.bid) {
                return Err(RuleError::BidOutOfOrder {
                    round,
                    seat: call.seat,
                    bid: call.bid,
                    expected,
                });
            }
            if index > 0 {
                let last = entry.bids[index - 1];
                if last.seat.team() == call.seat.team() {
                    return Err(RuleError::RaiseOwnSide {
                        round,
                        seat: call.seat,
                        bid: call.bid,
                        last: last.seat,
                    });
                }
            }
        }
        let last_bid = entry.bids.last().copied();
        if let Some(refusal) = entry.refusal {
            self.check_seat(refusal.seat)?;
            let Some(last) = last_bid else {
                return Err(RuleError::RefusalWithoutBid { round });
            };
            let expected = seat_after(last.seat, 1, players);
            if refusal.seat != expected {
                return Err(RuleError::RefusalOutOfTurn {
                    round,
                    seat: refusal.seat,
                    expected,
                    raiser: last.seat,
                });
            }
            if entry.tied {
                return Err(RuleError::TiedAndRefused { round });
            }
        }

        // Who won the round.
        let outcome: Option<Team> = if no_play {
            None
        } else if let Some(tricks) = &entry.tricks {
            let decided = self.check_tricks(entry, tricks)?;
            if let Some(recorded) = entry.winner
                && Some(recorded) != decided
            {
                return Err(RuleError::WinnerContradictsCards {
                    round,
                    recorded,
                    actual: decided,
                });
            }
            if let (true, Some(actual)) = (entry.tied, decided) {
                return Err(RuleError::TiedContradictsCards { round, actual });
            }
            decided
        } else if let Some(refusal) = entry.refusal {
            let team = seat_after(refusal.seat, players as usize - 1, players).team();
            check_noted(entry.winner, &team, |recorded| {
                RuleError::WinnerContradictsRefusal {
                    round,
                    recorded,
                    refuser: refusal.seat,
                }
            })?;
            Some(team)
        } else {
            match (entry.winner, entry.tied) {
                (Some(_), true) => return Err(RuleError::WinnerAndTied { round }),
                (None, false) => return Err(RuleError::WinnerMissing { round }),
                (winner, _) => winner,
            }
        };

        // The points.
        let refused = entry.refusal.is_some();
        let mut baraque = false;
        let (end, scorer, points) = if entry.declined {
            let Stage::OnTwenty { team } = stage else {
                unreachable!("checked above")
            };
            (RoundEnd::Declined { team }, Some(team.other()), 1)
        } else if entry.all_passed {
            (RoundEnd::AllPassed, None, 0)
        } else if refused {
            let refusal = entry.refusal.expect("refused");
            let last = last_bid.expect("a refusal follows a bid");
            (
                RoundEnd::Refused { seat: refusal.seat },
                outcome,
                last.bid.refused_points(),
            )
        } else {
            let end = RoundEnd::Played { winner: outcome };
            match outcome {
                None => (end, None, 0),
                Some(team) => {
                    let points = match stage {
                        Stage::Normal => match last_bid.map(|call| call.bid) {
                            None => 1,
                            Some(Bid::Baraque) => {
                                baraque = true;
                                self.progress
                                    .options
                                    .target_points
                                    .saturating_sub(self.progress.points[team.index()])
                                    .max(1)
                            }
                            Some(bid) => bid.points(),
                        },
                        Stage::OnTwenty { team: on_twenty } if on_twenty == team => 1,
                        Stage::OnTwenty { .. } => 3,
                        Stage::BothOnTwenty => 1,
                    };
                    (end, Some(team), points)
                }
            }
        };
        check_noted(entry.points, &points, |recorded| RuleError::StakeMismatch {
            round,
            recorded,
            expected: points,
            bid: last_bid.map(|call| call.bid),
            refused,
        })?;

        // Everything is checked: from here on the state changes.
        let mut added = [0, 0];
        if let Some(team) = scorer {
            added[team.index()] = points;
        }
        self.progress.add_points(added);
        let game_won = scorer.filter(|team| {
            baraque || self.progress.points[team.index()] >= self.progress.options.target_points
        });
        self.progress.sheet.push(SheetRow {
            round,
            game: self.progress.game,
            dealer: self.progress.dealer,
            stage,
            bid: last_bid.map(|call| call.bid),
            end,
            points: added,
            scores: self.progress.points,
            game_won,
        });
        let decided = game_won.map(|team| {
            let won = GameWon {
                game: self.progress.game,
                winner: team,
                round,
                scores: self.progress.points,
                baraque,
            };
            (team, won)
        });
        self.progress.end_deal_in_match(&mut self.round, decided);
        Ok(())
    }
}

impl Game for Vitou {
    game_basics!(Vitou, VitouSummary; Round => apply_round);

    fn summary(&self) -> VitouSummary {
        let open = !self.is_over();
        summary_of!(
            self,
            VitouSummary {
                round: self.round,
                stage: open.then(|| self.stage()),
                bidding: open && self.stage() == Stage::Normal,
            }
        )
    }
}

#[cfg(test)]
mod tests;
