//! Group commit for PostgreSQL's score-entry fast path: the entries pending at
//! once go into the log in one statement, which commits by itself.
//!
//! Every entry keeps its own conditions (the match still in progress, the log
//! still ending with the entry its state was built from), so an entry that no
//! longer fits is left out without holding the others back, and its caller takes
//! the transaction (`scoring::strategy::append_in_transaction`), which gives the
//! answer it always gave.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chrono::NaiveDateTime;
use diesel::pg::{Pg, PgConnection};
use diesel::query_builder::{AstPass, QueryFragment};
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use diesel::{QueryResult, RunQueryDsl};

use super::batch::{Answer, Batcher, Connect};
use super::listen::Announcer;
use crate::store::matches::{MatchStatus, NextEntry};
use crate::store::{StoreResult, track};

/// A batch is one statement; beyond this many entries the rest wait for the next.
const MOST_ENTRIES_PER_STATEMENT: usize = 256;

/// Whether the entry is in the log; answered once the statement has committed.
pub type Written = Answer<bool>;

/// Starts the thread that writes the batches.
pub(super) fn start(
    connect: Connect,
    announcer: Announcer,
    writes_failing: Arc<AtomicBool>,
) -> std::io::Result<Batcher<NextEntry, bool>> {
    Batcher::start(
        "pg-entries",
        MOST_ENTRIES_PER_STATEMENT,
        connect,
        move |connection, batch| {
            let outcome = insert(connection, batch);
            track(&writes_failing, &outcome);
            let written = outcome?;
            Ok(batch
                .iter()
                .map(|entry| {
                    let stored = written.iter().any(|(match_id, seq, key)| {
                        *match_id == entry.match_id
                            && *seq == entry.seq
                            && *key == entry.submission_key
                    });
                    if stored {
                        announcer.announce(entry.match_id);
                    }
                    stored
                })
                .collect())
        },
    )
}

/// Writes the batch; answers (match, sequence number, submission key) of each
/// entry written.
fn insert(
    connection: &mut PgConnection,
    batch: &[NextEntry],
) -> StoreResult<Vec<(i64, i64, String)>> {
    let mut rows = InsertEntries::default();
    for entry in batch {
        let (user_id, link_id) = entry.author.ids();
        rows.match_ids.push(entry.match_id);
        rows.seqs.push(entry.seq);
        rows.entries.push(&entry.entry_json);
        rows.user_ids.push(user_id);
        rows.link_ids.push(link_id);
        rows.labels.push(entry.author.label());
        rows.keys.push(&entry.submission_key);
        rows.previous_keys.push(&entry.previous_key);
        rows.times.push(entry.created_at);
    }
    Ok(rows.load(connection)?)
}

/// One `INSERT … SELECT` over the arrays of the batch. Each row is taken only
/// while its match is in progress and the log's entry before it has the
/// submission key the state was built from (so the log ends there: the next
/// sequence number is the row's own, which the unique key guards); `ON CONFLICT DO NOTHING` leaves out
/// a row whose sequence number or submission key another write took first. The
/// text never changes, so the statement is prepared once per connection.
#[derive(Default)]
struct InsertEntries<'a> {
    match_ids: Vec<i64>,
    seqs: Vec<i64>,
    entries: Vec<&'a str>,
    user_ids: Vec<Option<i64>>,
    link_ids: Vec<Option<i64>>,
    labels: Vec<&'a str>,
    keys: Vec<&'a str>,
    previous_keys: Vec<&'a str>,
    times: Vec<NaiveDateTime>,
}

impl QueryFragment<Pg> for InsertEntries<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "INSERT INTO match_entries (match_id, seq, entry_json, author_user_id, \
             author_link_id, author_label, submission_key, created_at) \
             SELECT b.match_id, b.seq, b.entry_json, b.user_id, b.link_id, b.label, \
             b.submission_key, b.created_at FROM unnest(",
        );
        bind_arrays!(out,
            BigInt => &self.match_ids,
            BigInt => &self.seqs,
            Text => &self.entries,
            Nullable<BigInt> => &self.user_ids,
            Nullable<BigInt> => &self.link_ids,
            Text => &self.labels,
            Text => &self.keys,
            Text => &self.previous_keys,
            Timestamp => &self.times,
        );
        out.push_sql(
            ") AS b(match_id, seq, entry_json, user_id, link_id, label, submission_key, \
             previous_key, created_at) \
             WHERE (SELECT m.status FROM matches m WHERE m.id = b.match_id \
             AND (m.event_id IS NULL OR m.match_key IS NOT NULL)) = '",
        );
        out.push_sql(MatchStatus::InProgress.as_str());
        // A match taken out of its event's draw (no key) takes no entry. Scalar
        // subqueries, which the planner cannot turn into joins: each row's
        // conditions are index lookups whatever plan is kept for the statement (as
        // `EXISTS`, its generic plan scanned the matches table for every batch).
        out.push_sql(
            "' AND (SELECT p.submission_key FROM match_entries p \
             WHERE p.match_id = b.match_id AND p.seq = b.seq - 1) = b.previous_key \
             ON CONFLICT DO NOTHING RETURNING match_id, seq, submission_key",
        );
        Ok(())
    }
}

batch_statement!(InsertEntries => (BigInt, BigInt, Text));
