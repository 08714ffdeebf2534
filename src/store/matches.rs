//! Matches, their append-only log, private scoring links and assigned referees.
//!
//! The log rows are only ever inserted (triggers refuse updates and deletes on
//! both backends). Whether an entry may be appended is decided by the rules
//! engine in `crate::scoring`; this module only stores.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{match_entries, match_referees, matches, scoring_links, users};
use super::{DbConnection, StoreError, StoreResult, now, required, update};
use crate::rules::kind::GameKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    Scheduled,
    InProgress,
    Finished,
    Forfeit,
}

impl MatchStatus {
    pub const ALL: [MatchStatus; 4] = [
        MatchStatus::Scheduled,
        MatchStatus::InProgress,
        MatchStatus::Finished,
        MatchStatus::Forfeit,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Scheduled => "scheduled",
            MatchStatus::InProgress => "in_progress",
            MatchStatus::Finished => "finished",
            MatchStatus::Forfeit => "forfeit",
        }
    }

    pub fn parse(text: &str) -> Option<MatchStatus> {
        MatchStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
    }
}

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = matches)]
pub struct MatchRow {
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
    pub status_by: String,
    #[diesel(deserialize_as = super::StoredTime)]
    pub status_at: NaiveDateTime,
    pub created_by: i64,
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: NaiveDateTime,
}

impl MatchRow {
    pub fn status(&self) -> MatchStatus {
        MatchStatus::parse(&self.status).unwrap_or(MatchStatus::Scheduled)
    }

    /// Player names by seat, padded to four (a two-player match has two empty
    /// names after its own); a damaged value reads as four empty names.
    pub fn players(&self) -> [String; 4] {
        let mut names = self.player_names().into_iter();
        std::array::from_fn(|_| names.next().unwrap_or_default())
    }

    /// Player names by seat, as many as the match has (2 or 4).
    pub fn player_names(&self) -> Vec<String> {
        serde_json::from_str(&self.players_json).unwrap_or_else(|_| vec![String::new(); 4])
    }
}

pub struct NewMatch<'a> {
    pub public_id: &'a str,
    pub title: &'a str,
    pub game: GameKind,
    pub options_json: &'a str,
    /// Names by seat: four, or two in a two-player game.
    pub players: &'a [String],
    pub first_dealer: i32,
    pub created_by: i64,
    pub created_by_label: &'a str,
}

pub fn insert(connection: &mut DbConnection, new: &NewMatch<'_>) -> StoreResult<MatchRow> {
    insert_scheduled(connection, new, None)?;
    required(find_by_public_id(connection, new.public_id)?)
}

/// Where an event's draw put a match: its key, its sides and its table.
pub struct Placement<'a> {
    pub event_id: i64,
    pub match_key: &'a str,
    pub sides_json: &'a str,
    pub table_number: Option<i32>,
}

/// Inserts a match made now, scheduled, on its own or placed in an event; answers its id.
pub(super) fn insert_scheduled(
    connection: &mut DbConnection,
    new: &NewMatch<'_>,
    placement: Option<&Placement<'_>>,
) -> StoreResult<i64> {
    let players_json = players_json(new.players);
    let values = MatchValues {
        first_dealer: new.first_dealer,
        ..MatchValues::scheduled(
            new.public_id,
            new.title,
            new.game.name(),
            new.options_json,
            &players_json,
            new.created_by,
            new.created_by_label,
        )
    };
    let values = match placement {
        None => values,
        Some(place) => MatchValues {
            event_id: Some(place.event_id),
            match_key: Some(place.match_key),
            sides_json: Some(place.sides_json),
            table_number: place.table_number,
            ..values
        },
    };
    insert_values(connection, &values)
}

/// A new `matches` row with every column: a match on its own, an event's, or one
/// imported as it was exported.
#[derive(Insertable)]
#[diesel(table_name = matches, treat_none_as_default_value = false)]
pub(crate) struct MatchValues<'a> {
    pub public_id: &'a str,
    pub title: &'a str,
    pub game: &'a str,
    pub options_json: &'a str,
    pub players_json: &'a str,
    pub first_dealer: i32,
    pub status: &'a str,
    pub status_note: Option<&'a str>,
    pub status_by: &'a str,
    pub status_at: NaiveDateTime,
    pub created_by: i64,
    pub created_at: NaiveDateTime,
    pub event_id: Option<i64>,
    pub match_key: Option<&'a str>,
    pub table_number: Option<i32>,
    pub sides_json: Option<&'a str>,
    pub forfeit_winner: Option<&'a str>,
    pub kept_as_played: bool,
}

impl<'a> MatchValues<'a> {
    /// A match made now, scheduled, outside any event, the first seat dealing.
    pub fn scheduled(
        public_id: &'a str,
        title: &'a str,
        game: &'a str,
        options_json: &'a str,
        players_json: &'a str,
        created_by: i64,
        by: &'a str,
    ) -> MatchValues<'a> {
        let at = now();
        MatchValues {
            public_id,
            title,
            game,
            options_json,
            players_json,
            first_dealer: 0,
            status: MatchStatus::Scheduled.as_str(),
            status_note: None,
            status_by: by,
            status_at: at,
            created_by,
            created_at: at,
            event_id: None,
            match_key: None,
            table_number: None,
            sides_json: None,
            forfeit_winner: None,
            kept_as_played: false,
        }
    }
}

/// Inserts the row and answers its id.
pub(crate) fn insert_values(
    connection: &mut DbConnection,
    values: &MatchValues<'_>,
) -> StoreResult<i64> {
    super::insert_by_public_id!(connection, matches, values)
}

/// The `players_json` column: names by seat.
pub(super) fn players_json(players: &[String]) -> String {
    serde_json::to_string(players).unwrap_or_else(|_| "[]".to_string())
}

/// Who changed a match's status and when, written with every change of it.
pub(super) type Stamp<'a> = (
    diesel::dsl::Eq<matches::status_by, &'a str>,
    diesel::dsl::Eq<matches::status_at, NaiveDateTime>,
);

pub(super) fn stamp(by: &str) -> Stamp<'_> {
    (matches::status_by.eq(by), matches::status_at.eq(now()))
}

crate::store::finders!(matches => MatchRow);

/// Newest first.
pub fn list(connection: &mut DbConnection, limit: i64) -> StoreResult<Vec<MatchRow>> {
    Ok(matches::table
        .order(matches::created_at.desc())
        .then_order_by(matches::id.desc())
        .limit(limit)
        .select(MatchRow::as_select())
        .load(connection)?)
}

/// Which matches the organizers' list shows.
#[derive(Debug, Clone, Default)]
pub struct MatchFilter {
    /// Only the matches this account made (an organizer's list); `None`: every match
    /// (an administrator's).
    pub created_by: Option<i64>,
    pub status: Option<MatchStatus>,
    /// Only matches of these events (one event).
    pub events: Option<Vec<i64>>,
    /// Only matches of this club's events, read in SQL rather than listed.
    pub club_id: Option<i64>,
}

/// One page of the matches `filter` takes, newest first, and whether more follow.
pub fn page(
    connection: &mut DbConnection,
    filter: &MatchFilter,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<MatchRow>, bool)> {
    let mut query = matches::table.into_boxed();
    if let Some(user_id) = filter.created_by {
        query = query.filter(matches::created_by.eq(user_id));
    }
    if let Some(status) = filter.status {
        query = query.filter(matches::status.eq(status.as_str()));
    }
    if let Some(events) = &filter.events {
        query = query.filter(matches::event_id.eq_any(events.clone()));
    }
    if let Some(club_id) = filter.club_id {
        query = query.filter(
            matches::event_id.eq_any(
                super::schema::events::table
                    .filter(super::schema::events::club_id.eq(club_id))
                    .select(super::schema::events::id.nullable()),
            ),
        );
    }
    let mut rows = query
        .order(matches::created_at.desc())
        .then_order_by(matches::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(MatchRow::as_select())
        .load(connection)?;
    let more = rows.len() as i64 > size;
    rows.truncate(size as usize);
    Ok((rows, more))
}

super::update_by_id!(
    set_status: matches(match_id, status: MatchStatus, note: Option<&str>, by: &str) =>
        status_change(status, note, by)
);

/// A new status with its note, and who set it when.
#[allow(clippy::type_complexity)]
fn status_change<'a>(
    status: MatchStatus,
    note: Option<&'a str>,
    by: &'a str,
) -> (
    diesel::dsl::Eq<matches::status, &'static str>,
    diesel::dsl::Eq<matches::status_note, Option<&'a str>>,
    Stamp<'a>,
) {
    (
        matches::status.eq(status.as_str()),
        matches::status_note.eq(note),
        stamp(by),
    )
}

/// Sets the status and note only while the status is still `from` (an organizer's
/// change, decided on the state the page showed); false when it changed meanwhile.
/// The caller brings an event's matches in step (`events::sync`).
pub fn set_status_from(
    connection: &mut DbConnection,
    match_id: i64,
    from: MatchStatus,
    to: MatchStatus,
    note: Option<&str>,
    by: &str,
) -> StoreResult<bool> {
    let still_from = matches::table
        .find(match_id)
        .filter(matches::status.eq(from.as_str()));
    let changed = update(connection, still_from, status_change(to, note, by))?;
    if changed == 1 && to != MatchStatus::Forfeit {
        // An event's forfeit names its winner: a match no longer forfeited has none.
        update(
            connection,
            matches::table.find(match_id),
            matches::forfeit_winner.eq(None::<String>),
        )?;
    }
    Ok(changed == 1)
}

// ---------------------------------------------------------------- the log

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = match_entries)]
pub struct EntryRow {
    pub id: i64,
    pub match_id: i64,
    pub seq: i64,
    pub entry_json: String,
    pub author_user_id: Option<i64>,
    pub author_link_id: Option<i64>,
    pub author_label: String,
    pub submission_key: String,
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: NaiveDateTime,
}

/// Who wrote an entry: an account, or the holder of a scoring link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Author {
    User { id: i64, label: String },
    Link { id: i64, label: String },
}

impl Author {
    /// The author's columns of a log row: (author_user_id, author_link_id).
    pub fn ids(&self) -> (Option<i64>, Option<i64>) {
        match self {
            Author::User { id, .. } => (Some(*id), None),
            Author::Link { id, .. } => (None, Some(*id)),
        }
    }

    pub fn label(&self) -> &str {
        match self {
            Author::User { label, .. } | Author::Link { label, .. } => label,
        }
    }
}

super::list_by!(entries: match_entries where match_entries.match_id,
    order match_entries::seq.asc() => EntryRow);

/// The sequence number the next entry of the match takes: the length of its log.
pub fn next_seq(connection: &mut DbConnection, match_id: i64) -> StoreResult<i64> {
    let last: Option<i64> = typed!(connection, |inner| match_entries::table
        .filter(match_entries::match_id.eq(match_id))
        .select(diesel::dsl::max(match_entries::seq))
        .first(inner))?;
    Ok(last.map_or(0, |last| last + 1))
}

/// The sequence number and submission key of the match's last entry: the key tells
/// a log that is the one remembered from one that merely has as many entries.
pub fn last_entry(
    connection: &mut DbConnection,
    match_id: i64,
) -> StoreResult<Option<(i64, String)>> {
    Ok(typed!(connection, |inner| match_entries::table
        .filter(match_entries::match_id.eq(match_id))
        .order(match_entries::seq.desc())
        .select((match_entries::seq, match_entries::submission_key))
        .first(inner)
        .optional())?)
}

/// The entry recorded earlier under this submission key, if any.
pub fn find_by_submission(
    connection: &mut DbConnection,
    match_id: i64,
    submission_key: &str,
) -> StoreResult<Option<EntryRow>> {
    Ok(typed!(connection, |inner| match_entries::table
        .filter(match_entries::match_id.eq(match_id))
        .filter(match_entries::submission_key.eq(submission_key))
        .select(EntryRow::as_select())
        .first(inner)
        .optional())?)
}

/// A new log row: an entry appended now, or one imported with its time and author.
#[derive(Insertable)]
#[diesel(table_name = match_entries, treat_none_as_default_value = false)]
pub(crate) struct EntryValues<'a> {
    pub match_id: i64,
    pub seq: i64,
    pub entry_json: &'a str,
    pub author_user_id: Option<i64>,
    pub author_link_id: Option<i64>,
    pub author_label: &'a str,
    pub submission_key: &'a str,
    pub created_at: NaiveDateTime,
}

/// Inserts one log row; the unique keys refuse a taken sequence number or submission key.
pub(crate) fn insert_entry(
    connection: &mut DbConnection,
    values: &EntryValues<'_>,
) -> diesel::QueryResult<usize> {
    typed!(connection, |inner| diesel::insert_into(
        match_entries::table
    )
    .values(values)
    .execute(inner))
}

/// Appends at `seq`. Another writer that took the same number first gives
/// `StoreError::Stale` (the unique key on (match, seq) decides, on both backends).
pub fn append(
    connection: &mut DbConnection,
    match_id: i64,
    seq: i64,
    entry_json: &str,
    author: &Author,
    submission_key: &str,
) -> StoreResult<()> {
    let (author_user_id, author_link_id) = author.ids();
    let inserted = insert_entry(
        connection,
        &EntryValues {
            match_id,
            seq,
            entry_json,
            author_user_id,
            author_link_id,
            author_label: author.label(),
            submission_key,
            created_at: now(),
        },
    );
    match inserted {
        Ok(_) => {
            super::pg::listen::announce(connection, match_id);
            Ok(())
        }
        Err(error) => match StoreError::from(error) {
            StoreError::Duplicate => Err(StoreError::Stale),
            other => Err(other),
        },
    }
}

/// An entry checked against the state its match was remembered in, to append
/// only while the log still ends with the entry that state was built from: by
/// SQLite's writer (`store::sqlite::log::append_if_next`) or PostgreSQL's entry
/// batch (`store::pg::entry_batch`).
#[derive(Debug, Clone)]
pub struct NextEntry {
    pub match_id: i64,
    /// At least 1: a match's first entry always goes through a transaction.
    pub seq: i64,
    pub entry_json: String,
    pub author: Author,
    pub submission_key: String,
    /// The submission key of the entry at `seq - 1`.
    pub previous_key: String,
    pub created_at: NaiveDateTime,
}

// ---------------------------------------------------------------- scoring links

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = scoring_links)]
pub struct LinkRow {
    pub id: i64,
    pub match_id: i64,
    pub token: String,
    pub created_by: i64,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
}

/// The match's link that is not revoked, if there is one.
pub fn active_link(connection: &mut DbConnection, match_id: i64) -> StoreResult<Option<LinkRow>> {
    Ok(scoring_links::table
        .filter(scoring_links::match_id.eq(match_id))
        .filter(scoring_links::revoked_at.is_null())
        .order(scoring_links::id.desc())
        .select(LinkRow::as_select())
        .first(connection)
        .optional()?)
}

/// A live link by its token.
pub fn link_by_token(connection: &mut DbConnection, token: &str) -> StoreResult<Option<LinkRow>> {
    Ok(typed!(connection, |inner| scoring_links::table
        .filter(scoring_links::token.eq(token))
        .filter(scoring_links::revoked_at.is_null())
        .select(LinkRow::as_select())
        .first(inner)
        .optional())?)
}

/// Whether `token` was a scoring link, since revoked.
pub fn link_was_revoked(connection: &mut DbConnection, token: &str) -> StoreResult<bool> {
    let count: i64 = typed!(connection, |inner| scoring_links::table
        .filter(scoring_links::token.eq(token))
        .filter(scoring_links::revoked_at.is_not_null())
        .count()
        .get_result(inner))?;
    Ok(count > 0)
}

/// Revokes every live link of the match.
pub fn revoke_links(connection: &mut DbConnection, match_id: i64) -> StoreResult<usize> {
    let live = scoring_links::table
        .filter(scoring_links::match_id.eq(match_id))
        .filter(scoring_links::revoked_at.is_null());
    update(connection, live, scoring_links::revoked_at.eq(now()))
}

/// Revokes the old links and issues a new one.
pub fn issue_link(
    connection: &mut DbConnection,
    match_id: i64,
    token: &str,
    by: i64,
) -> StoreResult<LinkRow> {
    revoke_links(connection, match_id)?;
    diesel::insert_into(scoring_links::table)
        .values((
            scoring_links::match_id.eq(match_id),
            scoring_links::token.eq(token),
            scoring_links::created_by.eq(by),
            scoring_links::created_at.eq(now()),
        ))
        .execute(connection)?;
    required(active_link(connection, match_id)?)
}

/// Whether the match is one of an event's (else a casual match of its own).
pub fn in_event(connection: &mut DbConnection, match_id: i64) -> StoreResult<bool> {
    let event: Option<Option<i64>> = typed!(connection, |inner| matches::table
        .find(match_id)
        .select(matches::event_id)
        .first(inner)
        .optional())?;
    Ok(event.flatten().is_some())
}

// ---------------------------------------------------------------- referees

super::user_link!(match_referees.match_id: is_referee, referees,
    /// Makes the user a referee of the match, unless it is one already.
    assign_referee, unassign_referee);

super::update_by_id!(
    /// Sets the game, players, options and first dealer (an import into a scheduled match).
    replace_setup: matches(
        match_id,
        game: GameKind,
        options_json: &str,
        players: &[String],
        first_dealer: i32
    ) => (
        matches::game.eq(game.name()),
        matches::options_json.eq(options_json),
        matches::players_json.eq(players_json(players)),
        matches::first_dealer.eq(first_dealer),
    )
);
