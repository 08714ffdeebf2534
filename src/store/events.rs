//! Events, their entrants and players, the matches of an event and the notices left for
//! the organizer after a correction. What the rows mean for the tournament is decided in
//! `crate::events`; this module only stores.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entrants, event_notices, events, match_referees, matches};
use super::{DbConnection, StoreError, StoreResult, now};
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

pub fn insert(connection: &mut DbConnection, new: &NewEvent<'_>) -> StoreResult<EventRow> {
    diesel::insert_into(events::table)
        .values((
            events::public_id.eq(new.public_id),
            events::club_id.eq(new.club_id),
            events::name.eq(new.name),
            events::starts_at.eq(new.starts_at),
            events::venue.eq(new.venue),
            events::game.eq(new.game.name()),
            events::game_options_json.eq(new.game_options_json),
            events::format_json.eq(new.format_json),
            events::listed.eq(new.listed),
            events::status.eq(EventStatus::Setup.as_str()),
            events::created_by.eq(new.created_by),
            events::created_at.eq(now()),
            events::time_zone.eq(new.time_zone),
        ))
        .execute(connection)?;
    find_by_public_id(connection, new.public_id)?
        .ok_or(StoreError::Query(diesel::result::Error::NotFound))
}

pub fn find_by_public_id(
    connection: &mut DbConnection,
    public_id: &str,
) -> StoreResult<Option<EventRow>> {
    Ok(super::typed!(connection, |inner| events::table
        .filter(events::public_id.eq(public_id))
        .select(EventRow::as_select())
        .first(inner)
        .optional())?)
}

pub fn find(connection: &mut DbConnection, id: i64) -> StoreResult<Option<EventRow>> {
    Ok(events::table
        .find(id)
        .select(EventRow::as_select())
        .first(connection)
        .optional()?)
}

/// The club's events, soonest first.
pub fn of_club(connection: &mut DbConnection, club_id: i64) -> StoreResult<Vec<EventRow>> {
    Ok(events::table
        .filter(events::club_id.eq(club_id))
        .order(events::starts_at.asc())
        .then_order_by(events::id.asc())
        .select(EventRow::as_select())
        .load(connection)?)
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
    diesel::update(events::table.find(event_id))
        .set((
            events::name.eq(settings.name),
            events::starts_at.eq(settings.starts_at),
            events::venue.eq(settings.venue),
            events::listed.eq(settings.listed),
            events::game.eq(settings.game.name()),
            events::game_options_json.eq(settings.game_options_json),
            events::format_json.eq(settings.format_json),
            events::time_zone.eq(settings.time_zone),
        ))
        .execute(connection)?;
    diesel::update(
        matches::table
            .filter(matches::event_id.eq(event_id))
            .filter(matches::status.eq(super::matches::MatchStatus::Scheduled.as_str())),
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
    use super::schema::match_entries;
    let entries: i64 = match_entries::table
        .inner_join(matches::table)
        .filter(matches::event_id.eq(event_id))
        .count()
        .get_result(connection)?;
    let started: i64 = matches::table
        .filter(matches::event_id.eq(event_id))
        .filter(matches::status.ne(super::matches::MatchStatus::Scheduled.as_str()))
        .count()
        .get_result(connection)?;
    Ok(entries + started > 0)
}

/// The seed order with a late entrant added at the end.
pub fn set_seed_order(
    connection: &mut DbConnection,
    event_id: i64,
    order_json: &str,
) -> StoreResult<()> {
    diesel::update(events::table.find(event_id))
        .set(events::seed_order_json.eq(order_json))
        .execute(connection)?;
    Ok(())
}

pub fn set_status(
    connection: &mut DbConnection,
    event_id: i64,
    status: EventStatus,
) -> StoreResult<()> {
    diesel::update(events::table.find(event_id))
        .set(events::status.eq(status.as_str()))
        .execute(connection)?;
    Ok(())
}

/// Freezes the seed order at the draw and starts the event.
pub fn start(
    connection: &mut DbConnection,
    event_id: i64,
    seeding: &str,
    order_json: &str,
) -> StoreResult<()> {
    diesel::update(events::table.find(event_id))
        .set((
            events::seeding.eq(seeding),
            events::seed_order_json.eq(order_json),
            events::status.eq(EventStatus::Running.as_str()),
        ))
        .execute(connection)?;
    Ok(())
}

// ---------------------------------------------------------------- players

pub use super::players::{PlayerRow, player, player_named, players_by_id, players_of_event};

// ---------------------------------------------------------------- entrants

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = entrants)]
pub struct EntrantRow {
    pub id: i64,
    pub event_id: i64,
    /// The entrant's number in the event: its `EntrantId` for the tournament core.
    pub number: i32,
    pub label: String,
    pub player1_id: i64,
    pub player2_id: Option<i64>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn_round: Option<i32>,
    // Read without chrono's format parser: an event's every entrant is read for each
    // result it advances.
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: NaiveDateTime,
    /// A late entrant of a Swiss or rotating-partners event: the round it joins from.
    pub joined_round: Option<i32>,
}

pub fn entrants(connection: &mut DbConnection, event_id: i64) -> StoreResult<Vec<EntrantRow>> {
    Ok(super::typed!(connection, |inner| entrants::table
        .filter(entrants::event_id.eq(event_id))
        .order(entrants::number.asc())
        .select(EntrantRow::as_select())
        .load(inner))?)
}

pub fn add_entrant(
    connection: &mut DbConnection,
    event_id: i64,
    label: &str,
    player1: i64,
    player2: Option<i64>,
    late: bool,
) -> StoreResult<EntrantRow> {
    let last: Option<i32> = entrants::table
        .filter(entrants::event_id.eq(event_id))
        .select(diesel::dsl::max(entrants::number))
        .first(connection)?;
    let number = last.unwrap_or(0) + 1;
    diesel::insert_into(entrants::table)
        .values((
            entrants::event_id.eq(event_id),
            entrants::number.eq(number),
            entrants::label.eq(label),
            entrants::player1_id.eq(player1),
            entrants::player2_id.eq(player2),
            entrants::checked_in.eq(false),
            entrants::late.eq(late),
            entrants::created_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(entrants::table
        .filter(entrants::event_id.eq(event_id))
        .filter(entrants::number.eq(number))
        .select(EntrantRow::as_select())
        .first(connection)?)
}

pub fn set_checked_in(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    checked_in: bool,
) -> StoreResult<usize> {
    Ok(diesel::update(
        entrants::table
            .filter(entrants::event_id.eq(event_id))
            .filter(entrants::number.eq(number)),
    )
    .set(entrants::checked_in.eq(checked_in))
    .execute(connection)?)
}

pub fn check_in_all(connection: &mut DbConnection, event_id: i64) -> StoreResult<usize> {
    Ok(
        diesel::update(entrants::table.filter(entrants::event_id.eq(event_id)))
            .set(entrants::checked_in.eq(true))
            .execute(connection)?,
    )
}

/// Marks a late entrant of a running event: drawn from `round` on.
pub fn set_joined(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    round: i32,
) -> StoreResult<usize> {
    Ok(diesel::update(
        entrants::table
            .filter(entrants::event_id.eq(event_id))
            .filter(entrants::number.eq(number)),
    )
    .set((
        entrants::joined_round.eq(round),
        entrants::checked_in.eq(true),
    ))
    .execute(connection)?)
}

pub fn set_withdrawn(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    round: Option<i32>,
) -> StoreResult<usize> {
    Ok(diesel::update(
        entrants::table
            .filter(entrants::event_id.eq(event_id))
            .filter(entrants::number.eq(number)),
    )
    .set(entrants::withdrawn_round.eq(round))
    .execute(connection)?)
}

/// Entrants a player was part of, with their events (newest first).
pub fn entries_of_player(
    connection: &mut DbConnection,
    player_id: i64,
) -> StoreResult<Vec<(EntrantRow, EventRow)>> {
    Ok(entrants::table
        .inner_join(events::table)
        .filter(
            entrants::player1_id
                .eq(player_id)
                .or(entrants::player2_id.eq(player_id)),
        )
        .order(events::starts_at.desc())
        .select((EntrantRow::as_select(), EventRow::as_select()))
        .load(connection)?)
}

// ---------------------------------------------------------------- the event's matches

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub struct EventMatchRow {
    pub id: i64,
    pub public_id: String,
    pub title: String,
    #[diesel(deserialize_as = super::StoredGame)]
    pub game: GameKind,
    pub options_json: String,
    pub players_json: String,
    pub first_dealer: i32,
    status: String,
    pub status_note: Option<String>,
    pub event_id: Option<i64>,
    /// `None` once superseded (the organizer replaced it after a correction).
    pub match_key: Option<String>,
    pub table_number: Option<i32>,
    pub sides_json: Option<String>,
    pub forfeit_winner: Option<String>,
    /// The organizer kept this flagged match's result as played.
    pub kept_as_played: bool,
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: NaiveDateTime,
}

impl EventMatchRow {
    pub fn status(&self) -> super::matches::MatchStatus {
        super::matches::MatchStatus::parse(&self.status)
            .unwrap_or(super::matches::MatchStatus::Scheduled)
    }

    /// Players by seat: four, or two in a two-player game.
    pub fn players(&self) -> Vec<String> {
        serde_json::from_str(&self.players_json).unwrap_or_default()
    }
}

pub fn event_matches(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<EventMatchRow>> {
    Ok(super::typed!(connection, |inner| matches::table
        .filter(matches::event_id.eq(event_id))
        .order(matches::id.asc())
        .select(EventMatchRow::as_select())
        .load(inner))?)
}

pub fn event_match(
    connection: &mut DbConnection,
    match_id: i64,
) -> StoreResult<Option<EventMatchRow>> {
    Ok(super::typed!(connection, |inner| matches::table
        .find(match_id)
        .select(EventMatchRow::as_select())
        .first(inner)
        .optional())?)
}

pub struct NewEventMatch<'a> {
    pub public_id: &'a str,
    pub title: &'a str,
    pub game: GameKind,
    pub options_json: &'a str,
    pub players: &'a [String],
    pub created_by: i64,
    pub event_id: i64,
    pub match_key: &'a str,
    pub sides_json: &'a str,
    pub table_number: Option<i32>,
}

pub fn insert_match(connection: &mut DbConnection, new: &NewEventMatch<'_>) -> StoreResult<i64> {
    let players_json = serde_json::to_string(new.players).unwrap_or_else(|_| "[]".to_string());
    let at = now();
    diesel::insert_into(matches::table)
        .values((
            matches::public_id.eq(new.public_id),
            matches::title.eq(new.title),
            matches::game.eq(new.game.name()),
            matches::options_json.eq(new.options_json),
            matches::players_json.eq(players_json),
            matches::first_dealer.eq(0),
            matches::status.eq(super::matches::MatchStatus::Scheduled.as_str()),
            matches::status_by.eq("segnapunti"),
            matches::status_at.eq(at),
            matches::created_by.eq(new.created_by),
            matches::created_at.eq(at),
            matches::event_id.eq(new.event_id),
            matches::match_key.eq(new.match_key),
            matches::sides_json.eq(new.sides_json),
            matches::table_number.eq(new.table_number),
        ))
        .execute(connection)?;
    Ok(matches::table
        .filter(matches::public_id.eq(new.public_id))
        .select(matches::id)
        .first(connection)?)
}

/// New sides for a match not started yet (a correction upstream changed them).
pub fn update_sides(
    connection: &mut DbConnection,
    match_id: i64,
    title: &str,
    players: &[String],
    sides_json: &str,
) -> StoreResult<()> {
    let players_json = serde_json::to_string(players).unwrap_or_else(|_| "[]".to_string());
    diesel::update(matches::table.find(match_id))
        .set((
            matches::title.eq(title),
            matches::players_json.eq(players_json),
            matches::sides_json.eq(sides_json),
        ))
        .execute(connection)?;
    Ok(())
}

pub fn set_table(
    connection: &mut DbConnection,
    match_id: i64,
    table_number: Option<i32>,
) -> StoreResult<()> {
    diesel::update(matches::table.find(match_id))
        .set(matches::table_number.eq(table_number))
        .execute(connection)?;
    Ok(())
}

/// Takes a match out of the event's draw: it keeps its log and its event, loses its key.
pub fn supersede(
    connection: &mut DbConnection,
    match_id: i64,
    note: &str,
    by: &str,
) -> StoreResult<()> {
    diesel::update(matches::table.find(match_id))
        .set((
            matches::match_key.eq(None::<String>),
            matches::table_number.eq(None::<i32>),
            matches::status_note.eq(note),
            matches::status_by.eq(by),
            matches::status_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// The organizer's decision to keep a flagged match's result as played.
pub fn set_kept(
    connection: &mut DbConnection,
    match_id: i64,
    kept: bool,
    by: &str,
) -> StoreResult<()> {
    diesel::update(matches::table.find(match_id))
        .set((
            matches::kept_as_played.eq(kept),
            matches::status_by.eq(by),
            matches::status_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// How many entries the log of each match of the event has (matches with none are absent).
pub fn entry_counts(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<std::collections::HashMap<i64, i64>> {
    use super::schema::match_entries;
    let rows: Vec<(i64, i64)> = super::typed!(connection, |inner| match_entries::table
        .inner_join(matches::table)
        .filter(matches::event_id.eq(event_id))
        .group_by(match_entries::match_id)
        .select((match_entries::match_id, diesel::dsl::count_star()))
        .load(inner))?;
    Ok(rows.into_iter().collect())
}

/// A forfeit decided by the organizer: the winning side (`A` or `B`).
pub fn set_forfeit(
    connection: &mut DbConnection,
    match_id: i64,
    winner: Option<&str>,
    by: &str,
) -> StoreResult<()> {
    let status = if winner.is_some() {
        super::matches::MatchStatus::Forfeit
    } else {
        super::matches::MatchStatus::Scheduled
    };
    diesel::update(matches::table.find(match_id))
        .set((
            matches::forfeit_winner.eq(winner),
            matches::status.eq(status.as_str()),
            matches::status_by.eq(by),
            matches::status_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// Referees assigned to any match of the event: (match id, user id, name).
pub fn event_referees(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<(i64, i64, String)>> {
    use super::schema::users;
    Ok(match_referees::table
        .inner_join(matches::table)
        .inner_join(users::table)
        .filter(matches::event_id.eq(event_id))
        .select((match_referees::match_id, users::id, users::display_name))
        .load(connection)?)
}

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
    diesel::insert_into(event_notices::table)
        .values((
            event_notices::event_id.eq(event_id),
            event_notices::notice_json.eq(notice_json),
            event_notices::created_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// Newest first.
pub fn notices(connection: &mut DbConnection, event_id: i64) -> StoreResult<Vec<NoticeRow>> {
    Ok(event_notices::table
        .filter(event_notices::event_id.eq(event_id))
        .order(event_notices::id.desc())
        .limit(50)
        .select(NoticeRow::as_select())
        .load(connection)?)
}
