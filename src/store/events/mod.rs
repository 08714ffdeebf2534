//! Events and the notices left for the organizer after a correction; an event's
//! entrants and its matches in the modules beside. What the rows mean for the
//! tournament is decided in `crate::events`; this module only stores.

mod drawn;
mod entrants;
mod listed;
mod physical;

use chrono::NaiveDateTime;
use diesel::prelude::*;

pub use self::drawn::{
    DRAW_LABEL, EventMatchRow, entry_counts, event_match, event_matches, event_matches_since,
    event_referees, insert_match, set_forfeit, set_kept, set_players, set_table, supersede,
    update_sides,
};
pub use self::entrants::{
    EntrantRow, add_entrant, check_in_all, entrants, events_of_player, set_checked_in, set_joined,
    set_withdrawn,
};
pub(crate) use self::entrants::{EntrantValues, insert_values as insert_entrant_values};
pub use self::listed::{
    ArchiveFilter, ClubEvent, Window, archive_window, begun_of_club, of_club_between,
    of_club_by_public_ids, of_club_in_status, of_club_since, of_status, page_of_club,
};
pub use self::physical::{
    TableLinkRow, ensure_table_link, referees_table, referees_table_of_match, set_table_referee,
    table_link_by_token, table_links_of, table_referees_of, tables_of_referee,
};
use super::matches::MatchStatus;
pub use super::players::{PlayerRow, player, player_named, players_by_id, players_of_event};
use super::schema::{event_notices, events, match_entries, matches};
use super::{DbConnection, StoreResult, now, required, update};
use crate::rules::kind::GameKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventStatus {
    /// Registration and check-in; no draw yet.
    Setup,
    Running,
    Finished,
}

impl EventStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            EventStatus::Setup => "setup",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> EventStatus {
        match text {
            "running" => EventStatus::Running,
            "finished" => EventStatus::Finished,
            _ => EventStatus::Setup,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct EventRow {
    pub id: i64,
    pub public_id: String,
    pub club_id: i64,
    pub name: String,
    pub starts_at: NaiveDateTime,
    pub venue: String,
    #[diesel(deserialize_as = super::StoredGame)]
    pub game: GameKind,
    pub game_options_json: String,
    pub format_json: String,
    pub listed: bool,
    status: String,
    /// How the seed order was chosen, in words (e.g. `random 1234`).
    pub seeding: Option<String>,
    /// The seed order (entrant numbers) frozen at the draw.
    pub seed_order_json: Option<String>,
    pub created_by: i64,
    pub created_at: NaiveDateTime,
    /// The event's own time zone (IANA name); `None`: its club's.
    pub time_zone: Option<String>,
}

impl EventRow {
    pub fn status(&self) -> EventStatus {
        EventStatus::parse(&self.status)
    }

    /// The zone of its wall clock: its own, else `club_zone` (its club's); a stored
    /// name this build does not offer is damaged data.
    pub fn zone(&self, club_zone: &str) -> StoreResult<chrono_tz::Tz> {
        crate::zone::of_event(self.time_zone.as_deref(), club_zone)
            .map_err(super::StoreError::Corrupt)
    }
}

pub struct NewEvent<'a> {
    pub public_id: &'a str,
    pub club_id: i64,
    pub name: &'a str,
    pub starts_at: NaiveDateTime,
    pub venue: &'a str,
    pub game: GameKind,
    pub game_options_json: &'a str,
    pub format_json: &'a str,
    pub listed: bool,
    pub created_by: i64,
    pub time_zone: Option<&'a str>,
}

/// A new `events` row: one made now, or one imported as it was exported.
#[derive(Insertable)]
#[diesel(table_name = events, treat_none_as_default_value = false)]
pub(crate) struct EventValues<'a> {
    pub public_id: &'a str,
    pub club_id: i64,
    pub name: &'a str,
    pub starts_at: NaiveDateTime,
    pub venue: &'a str,
    pub game: &'a str,
    pub game_options_json: &'a str,
    pub format_json: &'a str,
    pub listed: bool,
    pub status: &'a str,
    pub seeding: Option<&'a str>,
    pub seed_order_json: Option<&'a str>,
    pub created_by: i64,
    pub created_at: NaiveDateTime,
    pub time_zone: Option<&'a str>,
}

/// Inserts the row and answers its id.
pub(crate) fn insert_values(
    connection: &mut DbConnection,
    values: &EventValues<'_>,
) -> StoreResult<i64> {
    crate::store::insert_by_public_id!(connection, events, values)
}

pub fn insert(connection: &mut DbConnection, new: &NewEvent<'_>) -> StoreResult<EventRow> {
    insert_values(
        connection,
        &EventValues {
            public_id: new.public_id,
            club_id: new.club_id,
            name: new.name,
            starts_at: new.starts_at,
            venue: new.venue,
            game: new.game.name(),
            game_options_json: new.game_options_json,
            format_json: new.format_json,
            listed: new.listed,
            status: EventStatus::Setup.as_str(),
            seeding: None,
            seed_order_json: None,
            created_by: new.created_by,
            created_at: now(),
            time_zone: new.time_zone,
        },
    )?;
    required(find_by_public_id(connection, new.public_id)?)
}

crate::store::finders!(events => EventRow);

/// Every event, in the order they were made.
pub fn all(connection: &mut DbConnection) -> StoreResult<Vec<EventRow>> {
    Ok(events::table
        .order(events::id.asc())
        .select(EventRow::as_select())
        .load(connection)?)
}

/// The event a match belongs to, if it belongs to one.
pub fn of_match(connection: &mut DbConnection, match_id: i64) -> StoreResult<Option<EventRow>> {
    Ok(matches::table
        .inner_join(events::table)
        .filter(matches::id.eq(match_id))
        .select(EventRow::as_select())
        .first(connection)
        .optional()?)
}

/// The events of these matches, by match id (matches outside events are left out).
pub fn of_matches(
    connection: &mut DbConnection,
    match_ids: &[i64],
) -> StoreResult<Vec<(i64, EventRow)>> {
    Ok(matches::table
        .inner_join(events::table)
        .filter(matches::id.eq_any(match_ids))
        .select((matches::id, EventRow::as_select()))
        .load(connection)?)
}

crate::store::list_by!(
    /// The club's events, soonest first.
    of_club: events where events.club_id,
        order (events::starts_at.asc(), events::id.asc()) => EventRow
);

/// The club's event made last: a new event's form starts from it.
pub fn last_of_club(connection: &mut DbConnection, club_id: i64) -> StoreResult<Option<EventRow>> {
    Ok(events::table
        .filter(events::club_id.eq(club_id))
        .order(events::id.desc())
        .select(EventRow::as_select())
        .first(connection)
        .optional()?)
}

/// What the organizer may change after creating an event.
pub struct EventSettings<'a> {
    pub name: &'a str,
    pub starts_at: NaiveDateTime,
    pub venue: &'a str,
    pub listed: bool,
    pub game: GameKind,
    pub game_options_json: &'a str,
    pub format_json: &'a str,
    pub time_zone: Option<&'a str>,
}

/// New settings for an event; the matches not started yet take the new game options
/// (whether that is allowed is decided by the caller).
pub fn update_settings(
    connection: &mut DbConnection,
    event_id: i64,
    settings: &EventSettings<'_>,
) -> StoreResult<()> {
    update(
        connection,
        events::table.find(event_id),
        (
            events::name.eq(settings.name),
            events::starts_at.eq(settings.starts_at),
            events::venue.eq(settings.venue),
            events::listed.eq(settings.listed),
            events::game.eq(settings.game.name()),
            events::game_options_json.eq(settings.game_options_json),
            events::format_json.eq(settings.format_json),
            events::time_zone.eq(settings.time_zone),
        ),
    )?;
    // The players' figures carry the event's day and listing, to page in their order.
    super::player_figures::set_event_day(
        connection,
        event_id,
        settings.starts_at,
        settings.listed,
    )?;
    diesel::update(
        matches::table
            .filter(matches::event_id.eq(event_id))
            .filter(matches::status.eq(MatchStatus::Scheduled.as_str())),
    )
    .set((
        matches::game.eq(settings.game.name()),
        matches::options_json.eq(settings.game_options_json),
    ))
    .execute(connection)?;
    Ok(())
}

/// Whether any match of the event has an entry or a forfeit.
pub fn any_match_started(connection: &mut DbConnection, event_id: i64) -> StoreResult<bool> {
    let entries: i64 = match_entries::table
        .inner_join(matches::table)
        .filter(matches::event_id.eq(event_id))
        .count()
        .get_result(connection)?;
    let started: i64 = matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::status.ne(MatchStatus::Scheduled.as_str()))
        .count()
        .get_result(connection)?;
    Ok(entries + started > 0)
}

crate::store::update_by_id!(
    /// The seed order with a late entrant added at the end.
    set_seed_order: events(event_id, order_json: &str) => events::seed_order_json.eq(order_json)
);

crate::store::update_by_id!(
    set_status: events(event_id, status: EventStatus) => events::status.eq(status.as_str())
);

crate::store::update_by_id!(
    /// Freezes the seed order at the draw and starts the event.
    start: events(event_id, seeding: &str, order_json: &str) => (
        events::seeding.eq(seeding),
        events::seed_order_json.eq(order_json),
        events::status.eq(EventStatus::Running.as_str()),
    )
);

// ---------------------------------------------------------------- notices

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = event_notices)]
pub struct NoticeRow {
    pub id: i64,
    pub event_id: i64,
    pub notice_json: String,
    pub created_at: NaiveDateTime,
}

pub fn add_notice(
    connection: &mut DbConnection,
    event_id: i64,
    notice_json: &str,
) -> StoreResult<()> {
    add_notice_at(connection, event_id, notice_json, now())
}

/// A notice left at `at` (an import keeps the time).
pub fn add_notice_at(
    connection: &mut DbConnection,
    event_id: i64,
    notice_json: &str,
    at: NaiveDateTime,
) -> StoreResult<()> {
    diesel::insert_into(event_notices::table)
        .values((
            event_notices::event_id.eq(event_id),
            event_notices::notice_json.eq(notice_json),
            event_notices::created_at.eq(at),
        ))
        .execute(connection)?;
    Ok(())
}

/// Every notice of the event, oldest first (what `check` and `export` read).
pub fn all_notices(connection: &mut DbConnection, event_id: i64) -> StoreResult<Vec<NoticeRow>> {
    Ok(event_notices::table
        .filter(event_notices::event_id.eq(event_id))
        .order(event_notices::id.asc())
        .select(NoticeRow::as_select())
        .load(connection)?)
}

/// The latest 50, newest first (what the organizer's page shows).
pub fn notices(connection: &mut DbConnection, event_id: i64) -> StoreResult<Vec<NoticeRow>> {
    Ok(event_notices::table
        .filter(event_notices::event_id.eq(event_id))
        .order(event_notices::id.desc())
        .limit(50)
        .select(NoticeRow::as_select())
        .load(connection)?)
}

/// An event held by the transaction running: its id, and the version it was found at,
/// before this transaction changed anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldEvent {
    pub event_id: i64,
    pub version: i64,
}

#[derive(QueryableByName)]
struct Versioned {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    version: i64,
}

impl From<Versioned> for HeldEvent {
    /// The row as the bump left it: one version past the one found.
    fn from(row: Versioned) -> HeldEvent {
        HeldEvent {
            event_id: row.id,
            version: row.version - 1,
        }
    }
}

/// Runs `sql`, a statement answering one event's `id, version`, with `id` bound to `$1`.
fn versioned(connection: &mut DbConnection, sql: &str, id: i64) -> StoreResult<Option<Versioned>> {
    Ok(typed!(connection, |inner| diesel::sql_query(sql)
        .bind::<diesel::sql_types::BigInt, _>(id)
        .get_result::<Versioned>(inner)
        .optional())?)
}

/// Holds the event of match `match_id` (if any) until the transaction ends, so that
/// results of one event are derived one after another, and moves its version: what an
/// instance keeps of the event is then known to be out of date. On PostgreSQL two
/// matches finishing at once would otherwise each derive the event without the other's
/// result and neither would draw the next round; SQLite has one writer already. Take it
/// before writing to the event's matches, so locks are always taken event first.
pub fn hold_event_of_match(
    connection: &mut DbConnection,
    match_id: i64,
) -> StoreResult<Option<HeldEvent>> {
    hold(
        connection,
        "(SELECT event_id FROM matches WHERE id = $1)",
        match_id,
    )
}

/// [`hold_event_of_match`] for an event known by its id.
pub fn hold_event(connection: &mut DbConnection, event_id: i64) -> StoreResult<Option<HeldEvent>> {
    hold(connection, "$1", event_id)
}

/// Moves the version of the event whose id `event_sql` gives (`$1` bound to `id`).
fn hold(connection: &mut DbConnection, event_sql: &str, id: i64) -> StoreResult<Option<HeldEvent>> {
    let sql = format!(
        "UPDATE events SET version = version + 1 WHERE id = {event_sql} RETURNING id, version"
    );
    Ok(versioned(connection, &sql, id)?.map(HeldEvent::from))
}

/// The event's version now (every change moves it).
pub fn version(connection: &mut DbConnection, event_id: i64) -> StoreResult<Option<i64>> {
    let row = versioned(
        connection,
        "SELECT id, version FROM events WHERE id = $1",
        event_id,
    )?;
    Ok(row.map(|row| row.version))
}
