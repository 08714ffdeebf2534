//! A match as derived now: its stage, sides and status, and how a status follows from
//! the sides, the results recorded and the withdrawals.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{EntrantId, MatchKey, Outcome, Progress, Recorded, Results, Side, Slot};

/// Why a match was decided without being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WalkoverReason {
    /// The other side is a bye.
    Bye,
    /// The other side withdrew.
    Withdrawal,
}

/// The state of a match as derived now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// A side is not known yet.
    Waiting,
    /// Both sides known, not started.
    Ready,
    InProgress,
    Finished(Outcome),
    /// Decided without play.
    Walkover {
        winner: Side,
        reason: WalkoverReason,
    },
    /// Neither side can play (two byes or withdrawals): nobody advances.
    Void,
    /// A result is recorded but for other participants (a correction upstream changed
    /// them). It is not used until the organizer decides.
    Conflict {
        recorded: Box<Recorded>,
    },
}

impl Status {
    /// Finished, walked over or void: nothing more will happen in this match.
    pub fn is_decided(&self) -> bool {
        matches!(
            self,
            Status::Finished(_) | Status::Walkover { .. } | Status::Void
        )
    }
}

/// Which part of the event a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Single elimination, or the winners' bracket of double elimination.
    Winners,
    Losers,
    GrandFinal,
    GrandFinalReset,
    ThirdPlace,
    RoundRobin,
    /// A group (1-based) of a groups-then-knockout event.
    Group(u32),
    Swiss,
    Rotating,
}

/// One match (a table, in card-game terms) as derived now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub key: MatchKey,
    pub stage: Stage,
    /// Round within the stage, from 1.
    pub round: u32,
    pub sides: [Slot; 2],
    pub status: Status,
}

impl Match {
    /// The match filed under `key`, between `sides`, its status resolved from the results
    /// and the withdrawals.
    pub(crate) fn resolved(
        key: MatchKey,
        stage: Stage,
        round: u32,
        sides: [Slot; 2],
        results: &Results,
        withdrawn: &BTreeSet<EntrantId>,
    ) -> Match {
        let status = resolve(&key, &sides, results, withdrawn);
        Match {
            key,
            stage,
            round,
            sides,
            status,
        }
    }

    /// The side going on, once decided (a void match sends on a bye).
    pub fn winner(&self) -> Option<Slot> {
        match &self.status {
            Status::Finished(outcome) => Some(self.sides[outcome.winner().index()].clone()),
            Status::Walkover { winner, .. } => Some(self.sides[winner.index()].clone()),
            Status::Void => Some(Slot::Bye),
            _ => None,
        }
    }

    /// The side that lost, once decided. A withdrawn loser, a bye and a void match send on
    /// a bye: a withdrawn entrant leaves the event.
    pub fn loser(&self) -> Option<Slot> {
        match &self.status {
            Status::Finished(outcome) => Some(self.sides[outcome.winner().other().index()].clone()),
            Status::Walkover { .. } | Status::Void => Some(Slot::Bye),
            _ => None,
        }
    }
}

/// The sides a match is played by: the derived ones, unless the organizer kept the
/// recorded result as played, in which case the recorded sides stand.
pub(crate) fn settle(key: &MatchKey, sides: [Slot; 2], results: &Results) -> [Slot; 2] {
    match results.get(key) {
        Some(recorded) if recorded.kept => recorded.sides.clone(),
        _ => sides,
    }
}

/// Resolves the status of a match whose sides are known as far as they are.
pub(crate) fn resolve(
    key: &MatchKey,
    sides: &[Slot; 2],
    results: &Results,
    withdrawn: &BTreeSet<EntrantId>,
) -> Status {
    if let Some(recorded) = results.get(key)
        && &recorded.sides != sides
    {
        return Status::Conflict {
            recorded: Box::new(recorded.clone()),
        };
    }
    if sides.iter().any(|s| matches!(s, Slot::Pending(_))) {
        return Status::Waiting;
    }
    let bye = [sides[0] == Slot::Bye, sides[1] == Slot::Bye];
    match bye {
        [true, true] => return Status::Void,
        [true, false] => {
            return Status::Walkover {
                winner: Side::B,
                reason: WalkoverReason::Bye,
            };
        }
        [false, true] => {
            return Status::Walkover {
                winner: Side::A,
                reason: WalkoverReason::Bye,
            };
        }
        [false, false] => {}
    }
    let gone = [
        sides[0].entrants().iter().any(|e| withdrawn.contains(e)),
        sides[1].entrants().iter().any(|e| withdrawn.contains(e)),
    ];
    if let Some(Recorded {
        progress: Progress::Finished(outcome),
        ..
    }) = results.get(key)
    {
        return Status::Finished(*outcome);
    }
    if results
        .get(key)
        .is_some_and(|r| r.progress == Progress::Voided)
    {
        return Status::Void;
    }
    match gone {
        [true, true] => Status::Void,
        [true, false] => Status::Walkover {
            winner: Side::B,
            reason: WalkoverReason::Withdrawal,
        },
        [false, true] => Status::Walkover {
            winner: Side::A,
            reason: WalkoverReason::Withdrawal,
        },
        [false, false] => {
            if results.contains_key(key) {
                Status::InProgress
            } else {
                Status::Ready
            }
        }
    }
}
