//! Scores: [`Points`], whole wins or a share of one, and what a round sat out scores
//! ([`ByeScore`]), which the standings add up.

use serde::{Deserialize, Serialize};

use crate::lang::Msg;
use crate::rules::game::Message;

/// A match score in thousandths of a win: whole for every format except a bye that scores
/// the average of its round, and exact integers keep the standings a total order.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub(crate) i64);

impl Points {
    /// Thousandths in a whole win.
    pub const UNIT: i64 = 1000;

    pub const fn whole(n: i64) -> Points {
        Points(n * Points::UNIT)
    }

    pub const fn thousandths(self) -> i64 {
        self.0
    }

    /// The whole number, when there is no fraction.
    pub const fn as_whole(self) -> Option<i64> {
        if self.0 % Points::UNIT == 0 {
            Some(self.0 / Points::UNIT)
        } else {
            None
        }
    }

    /// The share `part / of` of a win, rounded to the nearest thousandth (none of nothing).
    pub fn share(part: u32, of: u32) -> Points {
        if of == 0 {
            return Points(0);
        }
        let (part, of) = (i64::from(part), i64::from(of));
        Points((part * Points::UNIT + of / 2) / of)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Mul<Points> for i64 {
    type Output = Points;
    fn mul(self, p: Points) -> Points {
        Points(self * p.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// A decimal with a point and no trailing zeros ("2", "2.5", "-0.25"); pages put their
/// language's separator in its place.
impl std::fmt::Display for Points {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (int, frac) = (abs / Points::UNIT as u64, abs % Points::UNIT as u64);
        if frac == 0 {
            return write!(f, "{sign}{int}");
        }
        let digits = format!("{frac:03}");
        write!(f, "{sign}{int}.{}", digits.trim_end_matches('0'))
    }
}

/// What a bye (a round sat out) scores.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeScore {
    /// Nothing: the round counts as unplayed.
    #[default]
    Nothing,
    /// A win.
    Win,
    /// The share of wins among the players of the same round's decided matches (half a
    /// win on a rotating night, where two of each table's four win); nothing while none
    /// of the round is decided.
    RoundAverage,
}

impl ByeScore {
    pub const ALL: [ByeScore; 3] = [ByeScore::Nothing, ByeScore::Win, ByeScore::RoundAverage];

    /// A stable key for storage and forms.
    pub const fn key(self) -> &'static str {
        match self {
            ByeScore::Nothing => "nothing",
            ByeScore::Win => "win",
            ByeScore::RoundAverage => "round_average",
        }
    }

    pub fn from_key(key: &str) -> Option<ByeScore> {
        ByeScore::ALL.into_iter().find(|b| b.key() == key)
    }

    /// `true` scores a win, `false` nothing (the options' old boolean).
    pub const fn from_win(win: bool) -> ByeScore {
        if win {
            ByeScore::Win
        } else {
            ByeScore::Nothing
        }
    }

    /// The choice's short name (a form's option), as data for `locales/*/events.ftl`.
    pub fn name_msg(self) -> Msg {
        Msg::new(match self {
            ByeScore::Nothing => "event-sit_out_nothing",
            ByeScore::Win => "event-sit_out_win",
            ByeScore::RoundAverage => "event-sit_out_round_average",
        })
    }

    /// The choice as a sentence among an event's facts, as data for `locales/*/events.ftl`.
    pub fn fact_msg(self) -> Msg {
        Msg::new(match self {
            ByeScore::Nothing => "event-sit_out_fact_nothing",
            ByeScore::Win => "event-sit_out_fact_win",
            ByeScore::RoundAverage => "event-sit_out_fact_round_average",
        })
    }
}

impl Message for ByeScore {
    /// What a round sat out scores, in a sentence, as data for `locales/*/tournament.ftl`.
    fn msg(&self) -> Msg {
        Msg::new(match self {
            ByeScore::Nothing => "tournament-sit_out_nothing_explained",
            ByeScore::Win => "tournament-sit_out_win_explained",
            ByeScore::RoundAverage => "tournament-sit_out_round_average_explained",
        })
    }
}
