//! The pure tournament core: formats, pairings, advancement, corrections and standings.
//!
//! Everything here is a pure function of the entrants (in seed order), the format's
//! options, the withdrawals and the results recorded so far. There is no IO, clock or
//! random source: draws come from a seed passed in (see [`crate::rng`]).
//!
//! The central call is [`Tournament::schedule`]: it derives every match that exists now,
//! each with a stable [`MatchKey`] the web layer stores results under. A corrected result
//! is simply a different [`Results`] map: recompute, and [`diff`] tells the organizer which
//! later matches changed, splitting those not started (updated) from those in progress or
//! finished (flagged, never changed silently: a recorded result whose participants no
//! longer match is shown as [`Status::Conflict`] and is not used for advancement).

mod apart;
pub mod bracket;
mod correction;
pub mod double_elimination;
mod event;
pub mod groups;
mod key;
pub mod live;
pub mod matching;
mod points;
pub mod rating;
mod record;
pub mod rotating;
pub mod round_robin;
pub mod season;
pub mod seeding;
mod sides;
pub mod single_elimination;
mod spoken;
pub mod standings;
mod status;
pub mod swiss;
pub mod whist;

pub use correction::{Correction, MatchChange, changes_between, diff};
pub use event::{Cycles, DrawNotes, Format, Schedule, Tournament, TournamentError};
pub use key::{MatchKey, key_label, key_label_in};
pub use record::{Outcome, Progress, Recorded, Results};
pub use seeding::Seeding;
pub use sides::{EntrantId, LateEntry, Side, Slot, Source, Withdrawal};
pub use spoken::Knockout;
pub use standings::{ByeScore, Points, StandingRow, Standings, StandingsTable, TieBreak};
pub use status::{Match, Stage, Status, WalkoverReason};
pub(crate) use status::{resolve, settle};
