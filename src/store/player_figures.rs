//! A player's figures for the player page (issue 39): a row per night, per finished match
//! and per opponent met, kept by `crate::player_figures` in the write that changes an
//! event's matches. Derived data, rewritten whole by `segnapunti ratings rebuild`. Every
//! read here is one player's index range, a page at a time.

use chrono::NaiveDateTime;
use diesel::dsl::{count_star, sum};
use diesel::prelude::*;

use super::schema::{clubs, events, player_meetings, player_nights, player_results, players};
use super::schema::{season_events, seasons};
use super::seasons::SeasonRow;
use super::{DbConnection, StoreResult};

/// A night: the entrant the player played as, the place in the event's last standings
/// table, the matches won and lost, and the final place a season counts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Queryable, Selectable, Insertable)]
#[diesel(table_name = player_nights)]
pub struct NightRow {
    pub player_id: i64,
    pub event_id: i64,
    pub entrant_label: String,
    pub position: Option<i32>,
    pub wins: i32,
    pub losses: i32,
    pub starts_at: NaiveDateTime,
    pub listed: bool,
    /// The core's `final_places` place (knockout order first); `None` on rows written
    /// before it was kept.
    pub final_place: Option<i32>,
}

/// A finished match as one of its players sees it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Queryable, Selectable, Insertable)]
#[diesel(table_name = player_results)]
pub struct ResultRow {
    pub player_id: i64,
    pub match_id: i64,
    pub event_id: i64,
    pub match_key: String,
    /// The opposing side's entrants' names.
    pub opponent: String,
    pub won: bool,
    pub starts_at: NaiveDateTime,
    pub listed: bool,
}

/// One opposing player of one finished match.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Queryable, Selectable, Insertable)]
#[diesel(table_name = player_meetings)]
pub struct MeetingRow {
    pub player_id: i64,
    pub opponent_id: i64,
    pub match_id: i64,
    pub event_id: i64,
    /// 1 when the player's side won, else 0: head to head sums it.
    pub won: i32,
    pub listed: bool,
}

/// An event's figures, or the whole database's, each kind in its key's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub nights: Vec<NightRow>,
    pub results: Vec<ResultRow>,
    pub meetings: Vec<MeetingRow>,
}

impl Figures {
    pub fn extend(&mut self, other: Figures) {
        self.nights.extend(other.nights);
        self.results.extend(other.results);
        self.meetings.extend(other.meetings);
    }

    /// Each kind sorted by its key, as they are read back.
    pub fn sorted(mut self) -> Figures {
        self.nights.sort_by_key(|r| (r.player_id, r.event_id));
        self.results.sort_by_key(|r| (r.player_id, r.match_id));
        self.meetings
            .sort_by_key(|r| (r.player_id, r.opponent_id, r.match_id));
        self
    }
}

/// The stored figures of one event: every night, and the results and meetings of the
/// matches `only` (all of the event's when `None`).
pub fn of_event(
    connection: &mut DbConnection,
    event_id: i64,
    only: Option<&[i64]>,
) -> StoreResult<Figures> {
    let nights = player_nights::table
        .filter(player_nights::event_id.eq(event_id))
        .select(NightRow::as_select())
        .load(connection)?;
    let mut results = player_results::table
        .filter(player_results::event_id.eq(event_id))
        .select(ResultRow::as_select())
        .into_boxed();
    let mut meetings = player_meetings::table
        .filter(player_meetings::event_id.eq(event_id))
        .select(MeetingRow::as_select())
        .into_boxed();
    if let Some(ids) = only {
        results = results.filter(player_results::match_id.eq_any(ids.to_vec()));
        meetings = meetings.filter(player_meetings::match_id.eq_any(ids.to_vec()));
    }
    Ok(Figures {
        nights,
        results: results.load(connection)?,
        meetings: meetings.load(connection)?,
    }
    .sorted())
}

/// Every stored figure, sorted by key.
pub fn all(connection: &mut DbConnection) -> StoreResult<Figures> {
    Ok(Figures {
        nights: player_nights::table
            .order((player_nights::player_id, player_nights::event_id))
            .select(NightRow::as_select())
            .load(connection)?,
        results: player_results::table
            .order((player_results::player_id, player_results::match_id))
            .select(ResultRow::as_select())
            .load(connection)?,
        meetings: player_meetings::table
            .order((
                player_meetings::player_id,
                player_meetings::opponent_id,
                player_meetings::match_id,
            ))
            .select(MeetingRow::as_select())
            .load(connection)?,
    })
}

/// Deletes the rows `gone` and inserts `new` (the rows of one event that changed).
pub fn replace(connection: &mut DbConnection, gone: &Figures, new: &Figures) -> StoreResult<()> {
    for row in &gone.nights {
        diesel::delete(player_nights::table.find((row.player_id, row.event_id)))
            .execute(connection)?;
    }
    for row in &gone.results {
        diesel::delete(player_results::table.find((row.player_id, row.match_id)))
            .execute(connection)?;
    }
    for row in &gone.meetings {
        diesel::delete(player_meetings::table.find((row.player_id, row.opponent_id, row.match_id)))
            .execute(connection)?;
    }
    insert(connection, new)
}

pub fn insert(connection: &mut DbConnection, figures: &Figures) -> StoreResult<()> {
    // A few hundred rows a statement keeps within SQLite's limit of bound values.
    for chunk in figures.nights.chunks(300) {
        typed!(connection, |inner| diesel::insert_into(
            player_nights::table
        )
        .values(chunk)
        .execute(inner))?;
    }
    for chunk in figures.results.chunks(300) {
        typed!(connection, |inner| diesel::insert_into(
            player_results::table
        )
        .values(chunk)
        .execute(inner))?;
    }
    for chunk in figures.meetings.chunks(300) {
        typed!(connection, |inner| diesel::insert_into(
            player_meetings::table
        )
        .values(chunk)
        .execute(inner))?;
    }
    Ok(())
}

pub fn delete_all(connection: &mut DbConnection) -> StoreResult<()> {
    diesel::delete(player_nights::table).execute(connection)?;
    diesel::delete(player_results::table).execute(connection)?;
    diesel::delete(player_meetings::table).execute(connection)?;
    Ok(())
}

/// The event's new day and listing, copied onto its figures.
pub fn set_event_day(
    connection: &mut DbConnection,
    event_id: i64,
    starts_at: NaiveDateTime,
    listed: bool,
) -> StoreResult<()> {
    diesel::update(player_nights::table.filter(player_nights::event_id.eq(event_id)))
        .set((
            player_nights::starts_at.eq(starts_at),
            player_nights::listed.eq(listed),
        ))
        .execute(connection)?;
    diesel::update(player_results::table.filter(player_results::event_id.eq(event_id)))
        .set((
            player_results::starts_at.eq(starts_at),
            player_results::listed.eq(listed),
        ))
        .execute(connection)?;
    diesel::update(player_meetings::table.filter(player_meetings::event_id.eq(event_id)))
        .set(player_meetings::listed.eq(listed))
        .execute(connection)?;
    Ok(())
}

/// A night on the page: the row with its event's public id and name, and its club's name
/// (a player who moved played at more than one).
pub type ListedNight = (NightRow, String, String, String);

/// Up to `limit` of the player's nights at listed events from `offset`, newest first.
pub fn nights_page(
    connection: &mut DbConnection,
    player_id: i64,
    offset: i64,
    limit: i64,
) -> StoreResult<Vec<ListedNight>> {
    Ok(player_nights::table
        .inner_join(events::table)
        .inner_join(clubs::table.on(clubs::id.eq(events::club_id)))
        .filter(player_nights::player_id.eq(player_id))
        .filter(player_nights::listed.eq(true))
        .order((
            player_nights::starts_at.desc(),
            player_nights::event_id.desc(),
        ))
        .offset(offset)
        .limit(limit)
        .select((
            NightRow::as_select(),
            events::public_id,
            events::name,
            clubs::name,
        ))
        .load(connection)?)
}

/// A result on the page: the row with its event.
pub type ListedResult = (ResultRow, super::events::EventRow);

/// Up to `limit` of the player's results at listed events from `offset`, newest first.
pub fn results_page(
    connection: &mut DbConnection,
    player_id: i64,
    offset: i64,
    limit: i64,
) -> StoreResult<Vec<ListedResult>> {
    Ok(player_results::table
        .inner_join(events::table)
        .filter(player_results::player_id.eq(player_id))
        .filter(player_results::listed.eq(true))
        .order((
            player_results::starts_at.desc(),
            player_results::match_id.desc(),
        ))
        .offset(offset)
        .limit(limit)
        .select((ResultRow::as_select(), super::events::EventRow::as_select()))
        .load(connection)?)
}

/// The `limit` opponents the player met most often at listed events (then by name):
/// (player id, name, matches won, matches played).
pub fn head_to_head(
    connection: &mut DbConnection,
    player_id: i64,
    limit: i64,
) -> StoreResult<Vec<(i64, String, i64, i64)>> {
    let rows: Vec<(i64, String, Option<i64>, i64)> = player_meetings::table
        .inner_join(players::table.on(players::id.eq(player_meetings::opponent_id)))
        .filter(player_meetings::player_id.eq(player_id))
        .filter(player_meetings::listed.eq(true))
        .group_by((player_meetings::opponent_id, players::name))
        .order((count_star().desc(), players::name.asc()))
        .limit(limit)
        .select((
            player_meetings::opponent_id,
            players::name,
            sum(player_meetings::won),
            count_star(),
        ))
        .load(connection)?;
    Ok(rows
        .into_iter()
        .map(|(id, name, won, played)| (id, name, won.unwrap_or(0), played))
        .collect())
}

/// The latest `limit` seasons (by first day) that count a listed night of the player.
pub fn latest_seasons(
    connection: &mut DbConnection,
    player_id: i64,
    limit: i64,
) -> StoreResult<Vec<SeasonRow>> {
    let ids: Vec<(String, i64)> = player_nights::table
        .inner_join(season_events::table.on(season_events::event_id.eq(player_nights::event_id)))
        .inner_join(seasons::table.on(seasons::id.eq(season_events::season_id)))
        .filter(player_nights::player_id.eq(player_id))
        .filter(player_nights::listed.eq(true))
        .select((seasons::starts_on, seasons::id))
        .distinct()
        .order((seasons::starts_on.desc(), seasons::id.desc()))
        .limit(limit)
        .load(connection)?;
    let ids: Vec<i64> = ids.into_iter().map(|(_, id)| id).collect();
    let mut rows: Vec<SeasonRow> = seasons::table
        .filter(seasons::id.eq_any(&ids))
        .select(SeasonRow::as_select())
        .load(connection)?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
    Ok(rows)
}

/// The final place of every player of `event_ids`' nights, as (event, player, place),
/// by event: one index range per event.
pub fn final_places_of(
    connection: &mut DbConnection,
    event_ids: &[i64],
) -> StoreResult<Vec<(i64, i64, Option<i32>)>> {
    Ok(player_nights::table
        .filter(player_nights::event_id.eq_any(event_ids))
        .select((
            player_nights::event_id,
            player_nights::player_id,
            player_nights::final_place,
        ))
        .order((player_nights::event_id, player_nights::player_id))
        .load(connection)?)
}
