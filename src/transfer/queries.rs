//! The queries of export and import that the table-family modules of `crate::store` do
//! not have: an event's matches with every column, its notices without a limit, and
//! the exported rows written through the store's row types (`MatchValues`, …) with
//! their own times, statuses and authors.
//!
//! The log stays append-only: entries are only inserted, once, into a match created in
//! the same transaction.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::document::{EntrantDocument, EntryDocument, EventFields, MatchDocument};
use crate::accounts::Role;
use crate::store::clubs::{self, Club};
use crate::store::events::{self as store_events, EntrantValues, EventValues};
use crate::store::matches::{self as store_matches, EntryValues, MatchValues};
use crate::store::schema::{clubs as clubs_table, events, matches, users};
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

/// An account the imported rows can be credited to (never its password hash).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
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

crate::store::find_by!(account_named: users.username => Account);

/// The oldest administrator.
pub fn first_administrator(connection: &mut DbConnection) -> StoreResult<Option<Account>> {
    Ok(users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .order(users::id.asc())
        .select(Account::as_select())
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
    store_events::insert_values(
        connection,
        &EventValues {
            public_id: &fields.public_id,
            club_id,
            name: &fields.name,
            starts_at: fields.starts_at,
            venue: &fields.venue,
            game: &fields.game,
            game_options_json: &fields.game_options_json,
            format_json: &fields.format_json,
            listed: fields.listed,
            status: &fields.status,
            seeding: fields.seeding.as_deref(),
            seed_order_json: fields.seed_order_json.as_deref(),
            created_by,
            created_at: fields.created_at,
            time_zone,
        },
    )
}

pub fn insert_entrant(
    connection: &mut DbConnection,
    event_id: i64,
    entrant: &EntrantDocument,
    player1_id: i64,
    player2_id: Option<i64>,
) -> StoreResult<()> {
    store_events::insert_entrant_values(
        connection,
        &EntrantValues {
            event_id,
            number: entrant.number,
            label: &entrant.label,
            player1_id,
            player2_id,
            checked_in: entrant.checked_in,
            late: entrant.late,
            withdrawn_round: entrant.withdrawn_round,
            joined_round: entrant.joined_round,
            created_at: entrant.created_at,
        },
    )
}

/// The match row as exported, credited to `created_by`; answers its new id.
pub fn insert_match(
    connection: &mut DbConnection,
    event_id: i64,
    created_by: i64,
    row: &MatchDocument,
) -> StoreResult<i64> {
    store_matches::insert_values(
        connection,
        &MatchValues {
            public_id: &row.public_id,
            title: &row.title,
            game: &row.game,
            options_json: &row.options_json,
            players_json: &row.players_json,
            first_dealer: row.first_dealer,
            status: &row.status,
            status_note: row.status_note.as_deref(),
            status_by: &row.status_by,
            status_at: row.status_at,
            created_by,
            created_at: row.created_at,
            event_id: Some(event_id),
            match_key: row.match_key.as_deref(),
            table_number: row.table_number,
            sides_json: row.sides_json.as_deref(),
            forfeit_winner: row.forfeit_winner.as_deref(),
            kept_as_played: row.kept_as_played,
        },
    )
}

/// One log entry with its original author label and time. It points at no account and
/// no scoring link: those belong to the database it came from.
pub fn insert_entry(
    connection: &mut DbConnection,
    match_id: i64,
    entry: &EntryDocument,
) -> StoreResult<()> {
    store_matches::insert_entry(
        connection,
        &EntryValues {
            match_id,
            seq: entry.seq,
            entry_json: &entry.entry_json,
            author_user_id: None,
            author_link_id: None,
            author_label: &entry.author_label,
            submission_key: &entry.submission_key,
            created_at: entry.created_at,
        },
    )?;
    Ok(())
}
