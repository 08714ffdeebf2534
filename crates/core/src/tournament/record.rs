//! What the web layer records for a match: how far it got and how it ended.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{MatchKey, Side, Slot};

/// How a finished match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Played to the end: games (Trionfetti games won, the blobs) and points of each side.
    Played {
        winner: Side,
        games: [u32; 2],
        points: [i32; 2],
    },
    /// The loser forfeited (or did not show up): the winner takes the match, nothing else
    /// is counted.
    Forfeit { winner: Side },
}

impl Outcome {
    pub const fn winner(self) -> Side {
        match self {
            Outcome::Played { winner, .. } | Outcome::Forfeit { winner } => winner,
        }
    }
}

/// What the web layer has recorded for a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    InProgress,
    Finished(Outcome),
    /// The organizer voided the match (a rotating night's table a player left): it is
    /// decided and nobody scores it.
    Voided,
}

/// A recorded result: the sides it was played by (as they were shown when it started) and
/// how far it got. Keeping the sides lets the core notice that a correction upstream
/// changed who should be playing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    pub sides: [Slot; 2],
    pub progress: Progress,
    /// The organizer decided to keep this result as played after a correction upstream
    /// changed who should have played: the recorded sides stand for this match (see
    /// `settle`) and advancement continues from its result.
    #[serde(default)]
    pub kept: bool,
}

impl Recorded {
    pub fn finished(sides: [Slot; 2], outcome: Outcome) -> Recorded {
        Recorded {
            sides,
            progress: Progress::Finished(outcome),
            kept: false,
        }
    }

    pub fn in_progress(sides: [Slot; 2]) -> Recorded {
        Recorded {
            sides,
            progress: Progress::InProgress,
            kept: false,
        }
    }

    pub fn voided(sides: [Slot; 2]) -> Recorded {
        Recorded {
            sides,
            progress: Progress::Voided,
            kept: false,
        }
    }

    /// The same result, kept as played (the organizer's decision on a flagged match).
    pub fn kept_as_played(mut self) -> Recorded {
        self.kept = true;
        self
    }
}

/// All results recorded so far, by match key.
pub type Results = BTreeMap<MatchKey, Recorded>;
