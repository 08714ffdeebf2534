//! Running an event: the stored rows read as a [`Tournament`] and its [`Results`], and the
//! matches of the event kept in step with what the pure core derives.
//!
//! - [`sync`] creates a `matches` row for every match that became ready, gives new sides to
//!   a match not started yet whose sides changed upstream, and takes out of the draw a match
//!   not started that no longer exists. A match in progress or finished is never changed:
//!   when its sides no longer match the core shows it as a conflict, which the organizer's
//!   page flags for a decision.
//! - [`after_append`] runs in the same transaction as every entry appended to an event's
//!   match that starts it, finishes it or changes it once finished (the event sees nothing
//!   of the entries in between): advancement is automatic, and a correction that changes a finished match's
//!   winner leaves a notice listing exactly which later matches changed ([`crate::tournament::diff`]).
//!
//! Beside them: `sync` (the two above and the organizer's decisions that advance the
//! event), `data` (the stored rows read once), `options` (a game's options in an event),
//! `results` (what each match's log says, and the event derived from it), `view` (the
//! read model the event's pages show), `entrants` (registration, late entrants included)
//! and `draw` (seeding and the event's start).

use serde_json::Value;

use crate::rules::kind::GameKind;
use crate::store::events::EventRow;
use crate::store::{StoreError, StoreResult};
use crate::tournament::Format;

mod advance;
pub mod changes;
mod data;
pub mod draw;
pub mod entrants;
mod options;
mod results;
mod sync;
pub mod tables;
pub mod view;

pub use advance::Advancement;
pub use data::EventData;
pub use options::{OptionsError, check_options};
pub use results::{
    Derived, MatchSummary, Remember, derive, derive_remembered, is_remembered, results,
    results_from, summaries,
};
pub use sync::{
    CorrectionNotice, Decision, SyncReport, VOID, after_append, keep_flagged, replay_flagged,
    set_forfeit, substitute, sync, sync_event_of, title_msg, title_msg_in,
};

/// A game's name as pages show it.
pub fn game_label(game: GameKind) -> &'static str {
    game.label()
}

pub fn format_of(event: &EventRow) -> StoreResult<Format> {
    serde_json::from_str(&event.format_json).map_err(|error| {
        StoreError::Corrupt(format!("format of event {} unreadable: {error}", event.id))
    })
}

/// The shape of the event's bracket once drawn, which names its rounds as people say
/// them; `None` before the draw and for formats without one.
pub fn knockout_of(event: &EventRow) -> Option<crate::tournament::Knockout> {
    let order: Vec<u32> = serde_json::from_str(event.seed_order_json.as_deref()?).ok()?;
    crate::tournament::Knockout::of(&format_of(event).ok()?, order.len())
}

/// A match's title as pages show it, its knockout round named as people say it when the
/// match belongs to a drawn bracket ("Quarti, partita 1").
pub fn spoken_title(
    connection: &mut crate::store::DbConnection,
    row: &crate::store::matches::MatchRow,
) -> StoreResult<crate::lang::Msg> {
    let knockout = crate::store::events::of_match(connection, row.id)?
        .as_ref()
        .and_then(knockout_of);
    Ok(title_msg_in(&row.title, knockout))
}

/// The event's game options as JSON (an object; the game's defaults fill what is absent).
pub fn game_options_of(event: &EventRow) -> Value {
    serde_json::from_str(&event.game_options_json)
        .unwrap_or_else(|_| Value::Object(Default::default()))
}

/// Players at a table of this game with these options: 4, or 2 for a two-player Trijumf
/// or Vitou.
pub fn players_per_match(game: GameKind, options: &Value) -> usize {
    game.descriptor().players(options)
}

/// The game's default options as JSON (every field, with its default).
pub fn default_options(game: GameKind) -> Value {
    game.descriptor().default_options()
}

// The notes the event stores on a match it takes out of play. They stay in English in
// the database (older databases hold these words); pages translate them when shown.
pub const NOTE_SIDES_CHANGED: &str = "no longer played: its sides changed";
pub const NOTE_OUT_OF_DRAW: &str = "no longer in the draw";
pub const NOTE_REPLACED: &str = "replaced after a correction upstream";

/// Whether entrants are individuals (rotating partners) rather than fixed pairs.
pub fn individual(format: &Format) -> bool {
    matches!(format, Format::RotatingPartners(_))
}

/// Whether the event's entrants are single players: rotating partners (individual
/// standings), or a two-player game.
pub fn solo_entrants(event: &EventRow, format: &Format) -> bool {
    individual(format) || players_per_match(event.game, &game_options_of(event)) == 2
}
