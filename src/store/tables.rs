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
#[derive(Debug, Clone)]
pub struct TableRow {
    pub public_id: String,
    pub title: String,
    pub players_json: String,
    status: String,
    pub table_number: Option<i32>,
    pub match_key: Option<String>,
    /// The event's name and public id.
    pub event: Option<(String, String)>,
}

/// The match's own columns a [`TableRow`] shows.
type MatchColumns = (String, String, String, String, Option<i32>, Option<String>);

impl TableRow {
    fn new(
        (public_id, title, players_json, status, table_number, match_key): MatchColumns,
        event: Option<(String, String)>,
    ) -> TableRow {
        TableRow {
            public_id,
            title,
            players_json,
            status,
            table_number,
            match_key,
            event,
        }
    }

    pub fn status(&self) -> MatchStatus {
        MatchStatus::parse(&self.status).unwrap_or(MatchStatus::Scheduled)
    }

    /// Player names by seat (two or four).
    pub fn players(&self) -> Vec<String> {
        serde_json::from_str(&self.players_json).unwrap_or_default()
    }
}

const MATCH_COLUMNS: (
    matches::public_id,
    matches::title,
    matches::players_json,
    matches::status,
    matches::table_number,
    matches::match_key,
) = (
    matches::public_id,
    matches::title,
    matches::players_json,
    matches::status,
    matches::table_number,
    matches::match_key,
);

/// The tables of `whose`: event matches first (events by start, then table), then a
/// referee's matches outside events that are not over.
pub fn tables(connection: &mut DbConnection, whose: Whose) -> StoreResult<Vec<TableRow>> {
    let assigned: Vec<i64> = match whose {
        Whose::Referee(user_id) => match_referees::table
            .filter(match_referees::user_id.eq(user_id))
            .select(match_referees::match_id)
            .load(connection)?,
        _ => Vec::new(),
    };
    let mut query = matches::table
        .inner_join(events::table)
        .filter(events::status.ne(EventStatus::Finished.as_str()))
        // A superseded match has no key: the organizer replaced it.
        .filter(matches::match_key.is_not_null())
        .select((MATCH_COLUMNS, (events::name, events::public_id)))
        .order((
            events::starts_at.asc(),
            events::id.asc(),
            matches::table_number.asc(),
            matches::id.asc(),
        ))
        .into_boxed();
    match whose {
        Whose::Referee(_) => query = query.filter(matches::id.eq_any(&assigned)),
        Whose::Organizer(user_id) => query = query.filter(matches::created_by.eq(user_id)),
        Whose::Everyone => {}
    }
    let rows: Vec<(MatchColumns, (String, String))> = query.load(connection)?;
    let mut rows: Vec<TableRow> = rows
        .into_iter()
        .map(|(columns, event)| TableRow::new(columns, Some(event)))
        .collect();
    if let Whose::Referee(_) = whose {
        let open = [MatchStatus::Scheduled, MatchStatus::InProgress].map(MatchStatus::as_str);
        let standalone: Vec<MatchColumns> = matches::table
            .filter(matches::event_id.is_null())
            .filter(matches::status.eq_any(open))
            .filter(matches::id.eq_any(&assigned))
            .select(MATCH_COLUMNS)
            .order(matches::id.asc())
            .load(connection)?;
        rows.extend(
            standalone
                .into_iter()
                .map(|columns| TableRow::new(columns, None)),
        );
    }
    Ok(rows)
}
