//! Who plays: entrants, the two sides of a match and what fills them, and entrants
//! leaving or joining an event after its draw.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::MatchKey;

/// An entrant: a fixed pair (or team) in most formats, an individual in rotating partners.
/// Opaque to the core; the web layer maps it to names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntrantId(pub u32);

impl fmt::Display for EntrantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// One of the two sides of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Where a not-yet-known side of a match comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    WinnerOf(MatchKey),
    LoserOf(MatchKey),
    /// The entrant finishing at `place` (1-based) in group `group` (1-based).
    GroupPlace {
        group: u32,
        place: u32,
    },
}

/// Who sits on one side of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    Entrant(EntrantId),
    /// Rotating partners: two individuals playing together this round.
    Partnership([EntrantId; 2]),
    /// Nobody: the other side advances (or scores) as the format says.
    Bye,
    /// Not known yet.
    Pending(Source),
}

impl Slot {
    /// The individuals or entrants on this side (empty for a bye or a pending side).
    pub fn entrants(&self) -> Vec<EntrantId> {
        match self {
            Slot::Entrant(e) => vec![*e],
            Slot::Partnership(p) => p.to_vec(),
            Slot::Bye | Slot::Pending(_) => Vec::new(),
        }
    }

    pub fn entrant(&self) -> Option<EntrantId> {
        match self {
            Slot::Entrant(e) => Some(*e),
            _ => None,
        }
    }
}

/// An entrant leaving the event. The entrant forfeits every match not yet finished; in the
/// round-based formats (Swiss, rotating partners) they are no longer drawn from
/// `from_round` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Withdrawal {
    pub entrant: EntrantId,
    pub from_round: u32,
}

/// An entrant registered after the draw (Swiss and rotating partners only): drawn from
/// `from_round` on. The rounds before are not theirs: they score nothing for them, and
/// the draws of those rounds are exactly what they were without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LateEntry {
    pub entrant: EntrantId,
    pub from_round: u32,
}
