//! The matches of an event: drawn with a key and sides, given a table, superseded after
//! a correction, forfeited or kept as played by the organizer. They are rows of the one
//! `matches` table (`store::matches` keeps their logs).

use diesel::prelude::*;

use crate::store::matches::{
    MatchRow, MatchStatus, NewMatch, Placement, insert_scheduled, players_json, stamp,
};
use crate::store::schema::{match_entries, match_referees, matches, users};
use crate::store::{DbConnection, StoreResult};

/// A match's row with the columns its event gives it; the match's own columns are read
/// through it (`Deref` to `MatchRow`).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub struct EventMatchRow {
    #[diesel(embed)]
    pub row: MatchRow,
    pub event_id: Option<i64>,
    /// `None` once superseded (the organizer replaced it after a correction).
    pub match_key: Option<String>,
    pub table_number: Option<i32>,
    pub sides_json: Option<String>,
    pub forfeit_winner: Option<String>,
    /// The organizer kept this flagged match's result as played.
    pub kept_as_played: bool,
}

impl std::ops::Deref for EventMatchRow {
    type Target = MatchRow;

    fn deref(&self) -> &MatchRow {
        &self.row
    }
}

impl EventMatchRow {
    /// Players by seat: four, or two in a two-player game.
    pub fn players(&self) -> Vec<String> {
        serde_json::from_str(&self.players_json).unwrap_or_default()
    }
}

crate::store::list_by!(event_matches: matches where matches.event_id,
    order matches::id.asc() => EventMatchRow);

/// The event's match rows among `ids`, and those made after match `after` (by id).
pub fn event_matches_since(
    connection: &mut DbConnection,
    event_id: i64,
    after: i64,
    ids: &[i64],
) -> StoreResult<Vec<EventMatchRow>> {
    Ok(typed!(connection, |inner| matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::id.gt(after).or(matches::id.eq_any(ids)))
        .order(matches::id.asc())
        .select(EventMatchRow::as_select())
        .load(inner))?)
}

crate::store::find_by_id!(event_match: matches => EventMatchRow);

/// Who the status of a match the draw made is credited to.
pub const DRAW_LABEL: &str = "segnapunti";

pub fn insert_match(
    connection: &mut DbConnection,
    new: &NewMatch<'_>,
    placement: &Placement<'_>,
) -> StoreResult<i64> {
    insert_scheduled(connection, new, Some(placement))
}

crate::store::update_by_id!(
    /// New sides for a match not started yet (a correction upstream changed them).
    update_sides: matches(match_id, title: &str, players: &[String], sides_json: &str) => (
        matches::title.eq(title),
        matches::players_json.eq(players_json(players)),
        matches::sides_json.eq(sides_json),
    )
);

crate::store::update_by_id!(
    /// The players by seat of a match under way, after the organizer named a substitute;
    /// its sides (who the result counts for) stay as drawn.
    set_players: matches(match_id, players: &[String]) =>
        matches::players_json.eq(players_json(players))
);

crate::store::update_by_id!(
    set_table: matches(match_id, table_number: Option<i32>) =>
        matches::table_number.eq(table_number)
);

crate::store::update_by_id!(
    /// Takes a match out of the event's draw: it keeps its log, its event and its table
    /// (whose match now its old link names), loses its key.
    supersede: matches(match_id, note: &str, by: &str) => (
        matches::match_key.eq(None::<String>),
        matches::status_note.eq(note),
        stamp(by),
    )
);

crate::store::update_by_id!(
    /// The organizer's decision to keep a flagged match's result as played.
    set_kept: matches(match_id, kept: bool, by: &str) =>
        (matches::kept_as_played.eq(kept), stamp(by))
);

crate::store::update_by_id!(
    /// A forfeit decided by the organizer: the winning side (`A` or `B`).
    set_forfeit: matches(match_id, winner: Option<&str>, by: &str) => {
        let status = if winner.is_some() {
            MatchStatus::Forfeit
        } else {
            MatchStatus::Scheduled
        };
        (
            matches::forfeit_winner.eq(winner),
            matches::status.eq(status.as_str()),
            stamp(by),
        )
    }
);

/// How many entries the log of each match of the event has (matches with none are absent).
pub fn entry_counts(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<std::collections::HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = typed!(connection, |inner| match_entries::table
        .inner_join(matches::table)
        .filter(matches::event_id.eq(event_id))
        .group_by(match_entries::match_id)
        .select((match_entries::match_id, diesel::dsl::count_star()))
        .load(inner))?;
    Ok(rows.into_iter().collect())
}

/// Referees assigned to any match of the event: (match id, user id, name, username).
pub fn event_referees(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<(i64, i64, String, String)>> {
    Ok(match_referees::table
        .inner_join(matches::table)
        .inner_join(users::table)
        .filter(matches::event_id.eq(event_id))
        .select((
            match_referees::match_id,
            users::id,
            users::display_name,
            users::username,
        ))
        .load(connection)?)
}
