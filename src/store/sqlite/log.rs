//! The score-entry fast path's statements on SQLite: an entry checked against the
//! remembered state of its match, written by the group writer only while the match
//! and its log are as that state saw them.

use diesel::prelude::*;

use crate::store::StoreResult;
use crate::store::matches::NextEntry;

/// Appends an entry on SQLite's writer thread, inside its group transaction, only
/// if the match is still in progress and its log still ends with the entry the
/// caller checked against (`previous_key` at `seq - 1`; a conflict on either
/// unique key of the log writes nothing): the conditions checked by one query
/// where the match row, the submission key and the last entry were read one query
/// at a time, then a plain insert. Not one `INSERT … SELECT` as on PostgreSQL
/// (`store::pg::entry_batch`): a SELECT that reads the table it
/// inserts into makes SQLite copy its result into a temporary table first, which
/// cost more than the queries it replaced. The transaction keeps the check valid
/// until the insert (another process that commits meanwhile makes the insert
/// fail with `SQLITE_BUSY_SNAPSHOT` rather than write). Both statements are
/// written out by hand, with their binds, so that diesel finds them by type and
/// walks no query tree.
pub fn append_if_next(
    connection: &mut diesel::sqlite::SqliteConnection,
    next: &NextEntry,
) -> StoreResult<bool> {
    let after = LogEndsWith {
        match_id: next.match_id,
        seq: next.seq - 1,
        submission_key: &next.previous_key,
    };
    if after.get_result::<i32>(connection).optional()?.is_none() {
        return Ok(false);
    }
    let (user_id, link_id) = next.author.ids();
    let insert = InsertEntry {
        next,
        user_id,
        link_id,
        at: super::timestamp::written(next.created_at),
    };
    Ok(insert.execute(connection)? == 1)
}

/// A row while the match is in progress (and in its event's draw) and its entry at
/// `seq` has this key.
struct LogEndsWith<'a> {
    match_id: i64,
    seq: i64,
    submission_key: &'a str,
}

impl diesel::query_builder::QueryId for LogEndsWith<'_> {
    type QueryId = LogEndsWith<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl diesel::query_builder::Query for LogEndsWith<'_> {
    type SqlType = diesel::sql_types::Integer;
}

impl diesel::query_builder::QueryFragment<diesel::sqlite::Sqlite> for LogEndsWith<'_> {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::sqlite::Sqlite>,
    ) -> QueryResult<()> {
        use diesel::sql_types::{BigInt, Text};
        out.push_sql(
            "SELECT 1 FROM match_entries JOIN matches ON matches.id = match_entries.match_id \
             WHERE match_entries.match_id = ",
        );
        out.push_bind_param::<BigInt, _>(&self.match_id)?;
        out.push_sql(" AND match_entries.seq = ");
        out.push_bind_param::<BigInt, _>(&self.seq)?;
        out.push_sql(" AND match_entries.submission_key = ");
        out.push_bind_param::<Text, _>(self.submission_key)?;
        out.push_sql(" AND matches.status = 'in_progress'");
        // A match taken out of its event's draw (no key) takes no entry.
        out.push_sql(" AND (matches.event_id IS NULL OR matches.match_key IS NOT NULL)");
        Ok(())
    }
}

impl RunQueryDsl<diesel::sqlite::SqliteConnection> for LogEndsWith<'_> {}

/// The entry, unless its sequence number or submission key is taken.
struct InsertEntry<'a> {
    next: &'a NextEntry,
    user_id: Option<i64>,
    link_id: Option<i64>,
    /// `created_at` as diesel would write it: SQLite keeps timestamps as text.
    at: String,
}

impl diesel::query_builder::QueryId for InsertEntry<'_> {
    type QueryId = InsertEntry<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl diesel::query_builder::QueryFragment<diesel::sqlite::Sqlite> for InsertEntry<'_> {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::sqlite::Sqlite>,
    ) -> QueryResult<()> {
        use diesel::sql_types::{BigInt, Nullable, Text};
        let next = self.next;
        out.push_sql(
            "INSERT INTO match_entries (match_id, seq, entry_json, author_user_id, \
             author_link_id, author_label, submission_key, created_at) VALUES (",
        );
        out.push_bind_param::<BigInt, _>(&next.match_id)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&next.seq)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&next.entry_json)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<BigInt>, _>(&self.user_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<BigInt>, _>(&self.link_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(next.author.label())?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&next.submission_key)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&self.at)?;
        out.push_sql(") ON CONFLICT DO NOTHING");
        Ok(())
    }
}

impl RunQueryDsl<diesel::sqlite::SqliteConnection> for InsertEntry<'_> {}
