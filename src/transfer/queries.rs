//! The queries of export and import that the table-family modules of `crate::store` do
//! not have: an event's matches with every column, its notices without a limit, and
//! inserts that keep the times, statuses and authors of the exported rows.
//!
//! The log stays append-only: entries are only inserted, once, into a match created in
//! the same transaction.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::document::{EntrantDocument, EntryDocument, EventFields, MatchDocument, NoticeDocument};
use crate::accounts::Role;
use crate::store::clubs::{self, Club};
use crate::store::schema::{
    club_nicknames, clubs as clubs_table, entrants, event_notices, events, match_entries, matches,
    users,
};
use crate::store::{DbConnection, StoreError, StoreResult};

/// A `matches` row of an event with every column the document carries.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub struct StoredMatch {
    pub id: i64,
    pub public_id: String,
    pub title: String,
    pub game: String,
    pub options_json: String,
    pub players_json: String,
    pub first_dealer: i32,
    pub status: String,
    pub status_note: Option<String>,
    pub status_by: String,
    pub status_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub match_key: Option<String>,
    pub table_number: Option<i32>,
    pub sides_json: Option<String>,
    pub forfeit_winner: Option<String>,
    pub kept_as_played: bool,
}

/// In the order they were made.
pub fn event_matches(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<StoredMatch>> {
    Ok(matches::table
        .filter(matches::event_id.eq(event_id))
        .order(matches::id.asc())
        .select(StoredMatch::as_select())
        .load(connection)?)
}

/// Every notice of the event, oldest first.
pub fn notices(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<(String, NaiveDateTime)>> {
    Ok(event_notices::table
        .filter(event_notices::event_id.eq(event_id))
        .order(event_notices::id.asc())
        .select((event_notices::notice_json, event_notices::created_at))
        .load(connection)?)
}

/// An account the imported rows can be credited to (never its password hash).
#[derive(Debug, Clone, Queryable)]
pub struct Account {
    pub id: i64,
    pub username: String,
    role: String,
}

impl Account {
    pub fn role(&self) -> Role {
        Role::stored(&self.role)
    }
}

pub fn account_named(
    connection: &mut DbConnection,
    username: &str,
) -> StoreResult<Option<Account>> {
    Ok(users::table
        .filter(users::username.eq(username))
        .select((users::id, users::username, users::role))
        .first(connection)
        .optional()?)
}

/// The oldest administrator.
pub fn first_administrator(connection: &mut DbConnection) -> StoreResult<Option<Account>> {
    Ok(users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .order(users::id.asc())
        .select((users::id, users::username, users::role))
        .first(connection)
        .optional()?)
}

/// The oldest club of exactly this name.
pub fn club_named(connection: &mut DbConnection, name: &str) -> StoreResult<Option<Club>> {
    Ok(clubs_table::table
        .filter(clubs_table::name.eq(name))
        .order(clubs_table::id.asc())
        .select(Club::as_select())
        .first(connection)
        .optional()?)
}

/// A new club with this slug, or with the first free one of `slug-2`, `slug-3`, …
pub fn create_club(connection: &mut DbConnection, slug: &str, name: &str) -> StoreResult<Club> {
    let candidates =
        std::iter::once(slug.to_string()).chain((2..1000).map(|n| format!("{slug}-{n}")));
    for candidate in candidates {
        if clubs::find_by_slug(connection, &candidate)?.is_none() {
            return clubs::create(connection, &candidate, name);
        }
    }
    Err(StoreError::Duplicate)
}

pub fn insert_nickname(
    connection: &mut DbConnection,
    club_id: i64,
    name: &str,
    expansion: &str,
) -> StoreResult<()> {
    diesel::insert_into(club_nicknames::table)
        .values((
            club_nicknames::club_id.eq(club_id),
            club_nicknames::name.eq(name.trim()),
            club_nicknames::folded.eq(crate::rules::card::fold_word(name.trim())),
            club_nicknames::expansion.eq(expansion.trim()),
        ))
        .execute(connection)?;
    Ok(())
}

/// Which of these match public ids the database already has.
pub fn match_ids_taken(
    connection: &mut DbConnection,
    public_ids: &[&str],
) -> StoreResult<Vec<String>> {
    let mut taken = Vec::new();
    // Bounded batches keep the statement under SQLite's parameter limit.
    for batch in public_ids.chunks(500) {
        taken.extend(
            matches::table
                .filter(matches::public_id.eq_any(batch))
                .select(matches::public_id)
                .load::<String>(connection)?,
        );
    }
    taken.sort();
    Ok(taken)
}

pub fn event_id_taken(connection: &mut DbConnection, public_id: &str) -> StoreResult<bool> {
    let count: i64 = events::table
        .filter(events::public_id.eq(public_id))
        .count()
        .get_result(connection)?;
    Ok(count > 0)
}

/// The event row as exported, credited to `created_by`; answers its new id.
pub fn insert_event(
    connection: &mut DbConnection,
    fields: &EventFields,
    club_id: i64,
    created_by: i64,
    time_zone: Option<&str>,
) -> StoreResult<i64> {
    diesel::insert_into(events::table)
        .values((
            events::public_id.eq(&fields.public_id),
            events::club_id.eq(club_id),
            events::name.eq(&fields.name),
            events::starts_at.eq(fields.starts_at),
            events::venue.eq(&fields.venue),
            events::game.eq(&fields.game),
            events::game_options_json.eq(&fields.game_options_json),
            events::format_json.eq(&fields.format_json),
            events::listed.eq(fields.listed),
            events::status.eq(&fields.status),
            events::seeding.eq(&fields.seeding),
            events::seed_order_json.eq(&fields.seed_order_json),
            events::created_by.eq(created_by),
            events::created_at.eq(fields.created_at),
            events::time_zone.eq(time_zone),
        ))
        .execute(connection)?;
    // RETURNING does not pass through MultiConnection; the public id is unique.
    Ok(events::table
        .filter(events::public_id.eq(&fields.public_id))
        .select(events::id)
        .first(connection)?)
}

pub fn insert_entrant(
    connection: &mut DbConnection,
    event_id: i64,
    entrant: &EntrantDocument,
    player1_id: i64,
    player2_id: Option<i64>,
) -> StoreResult<()> {
    diesel::insert_into(entrants::table)
        .values((
            entrants::event_id.eq(event_id),
            entrants::number.eq(entrant.number),
            entrants::label.eq(&entrant.label),
            entrants::player1_id.eq(player1_id),
            entrants::player2_id.eq(player2_id),
            entrants::checked_in.eq(entrant.checked_in),
            entrants::late.eq(entrant.late),
            entrants::withdrawn_round.eq(entrant.withdrawn_round),
            entrants::joined_round.eq(entrant.joined_round),
            entrants::created_at.eq(entrant.created_at),
        ))
        .execute(connection)?;
    Ok(())
}

/// The match row as exported, credited to `created_by`; answers its new id.
pub fn insert_match(
    connection: &mut DbConnection,
    event_id: i64,
    created_by: i64,
    row: &MatchDocument,
) -> StoreResult<i64> {
    diesel::insert_into(matches::table)
        .values((
            matches::public_id.eq(&row.public_id),
            matches::title.eq(&row.title),
            matches::game.eq(&row.game),
            matches::options_json.eq(&row.options_json),
            matches::players_json.eq(&row.players_json),
            matches::first_dealer.eq(row.first_dealer),
            matches::status.eq(&row.status),
            matches::status_note.eq(&row.status_note),
            matches::status_by.eq(&row.status_by),
            matches::status_at.eq(row.status_at),
            matches::created_by.eq(created_by),
            matches::created_at.eq(row.created_at),
            matches::event_id.eq(event_id),
            matches::match_key.eq(&row.match_key),
            matches::table_number.eq(row.table_number),
            matches::sides_json.eq(&row.sides_json),
            matches::forfeit_winner.eq(&row.forfeit_winner),
            matches::kept_as_played.eq(row.kept_as_played),
        ))
        .execute(connection)?;
    Ok(matches::table
        .filter(matches::public_id.eq(&row.public_id))
        .select(matches::id)
        .first(connection)?)
}

/// One log entry with its original author label and time. It points at no account and
/// no scoring link: those belong to the database it came from.
pub fn insert_entry(
    connection: &mut DbConnection,
    match_id: i64,
    entry: &EntryDocument,
) -> StoreResult<()> {
    diesel::insert_into(match_entries::table)
        .values((
            match_entries::match_id.eq(match_id),
            match_entries::seq.eq(entry.seq),
            match_entries::entry_json.eq(&entry.entry_json),
            match_entries::author_user_id.eq(None::<i64>),
            match_entries::author_link_id.eq(None::<i64>),
            match_entries::author_label.eq(&entry.author_label),
            match_entries::submission_key.eq(&entry.submission_key),
            match_entries::created_at.eq(entry.created_at),
        ))
        .execute(connection)?;
    Ok(())
}

pub fn insert_notice(
    connection: &mut DbConnection,
    event_id: i64,
    notice: &NoticeDocument,
) -> StoreResult<()> {
    diesel::insert_into(event_notices::table)
        .values((
            event_notices::event_id.eq(event_id),
            event_notices::notice_json.eq(&notice.notice_json),
            event_notices::created_at.eq(notice.created_at),
        ))
        .execute(connection)?;
    Ok(())
}
