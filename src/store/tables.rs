//! The tables someone looks after on a club night: the matches of live and upcoming
//! events assigned to a referee, or those of an organizer's events, for their home
//! page; and a referee's own matches outside events that are not over yet.

use diesel::prelude::*;

use super::schema::{events, match_referees, matches};
use super::{DbConnection, StoreResult};
use crate::store::events::EventStatus;
use crate::store::matches::MatchStatus;

/// Whose tables: a referee's (assigned to them), an organizer's (the matches of the
/// events they made), or every event's (an administrator).
#[derive(Debug, Clone, Copy)]
pub enum Whose {
    Referee(i64),
    Organizer(i64),
    Everyone,
}

/// A match at a table, with its event when it has one.
#[derive(Debug, Clone, Queryable)]
pub struct TableRow {
    pub public_id: String,
    pub title: String,
    pub players_json: String,
    status: String,
    pub table_number: Option<i32>,
    pub match_key: Option<String>,
    pub event_name: Option<String>,
    pub event_public_id: Option<String>,
}

impl TableRow {
    pub fn status(&self) -> MatchStatus {
        MatchStatus::parse(&self.status).unwrap_or(MatchStatus::Scheduled)
    }

    /// Player names by seat (two or four).
    pub fn players(&self) -> Vec<String> {
        serde_json::from_str(&self.players_json).unwrap_or_default()
    }
}

/// The tables of `whose`: the matches of events not finished (by the event's start,
/// then table), then, for a referee, the matches outside events not over yet. A
/// referee's are those assigned to them and `also` (the matches now at the tables they
/// look after).
pub fn tables(
    connection: &mut DbConnection,
    whose: Whose,
    also: &[i64],
) -> StoreResult<Vec<TableRow>> {
    let assigned: Vec<i64> = match whose {
        Whose::Referee(user_id) => {
            let mut assigned: Vec<i64> = match_referees::table
                .filter(match_referees::user_id.eq(user_id))
                .select(match_referees::match_id)
                .load(connection)?;
            assigned.extend_from_slice(also);
            assigned
        }
        _ => Vec::new(),
    };
    let open = [MatchStatus::Scheduled, MatchStatus::InProgress].map(MatchStatus::as_str);
    let mut query = matches::table
        .left_join(events::table)
        .filter(
            events::status
                .nullable()
                .ne(EventStatus::Finished.as_str())
                // A superseded match has no key: the organizer replaced it.
                .and(matches::match_key.is_not_null())
                .or(matches::event_id
                    .is_null()
                    .and(matches::status.eq_any(open))),
        )
        .select((
            matches::public_id,
            matches::title,
            matches::players_json,
            matches::status,
            matches::table_number,
            matches::match_key,
            events::name.nullable(),
            events::public_id.nullable(),
        ))
        // Events first on both engines, which sort NULLs differently.
        .order((
            matches::event_id.is_null().asc(),
            events::starts_at.nullable().asc(),
            events::id.nullable().asc(),
            matches::table_number.asc(),
            matches::id.asc(),
        ))
        .into_boxed();
    query = match whose {
        Whose::Referee(_) => query.filter(matches::id.eq_any(&assigned)),
        Whose::Organizer(user_id) => query
            .filter(matches::event_id.is_not_null())
            .filter(matches::created_by.eq(user_id)),
        Whose::Everyone => query.filter(matches::event_id.is_not_null()),
    };
    Ok(query.load(connection)?)
}
