//! Group commit for PostgreSQL's score-entry fast path: the entries pending at
//! once go into the log in one statement, which commits by itself.
//!
//! Each entry sent alone cost PostgreSQL a statement and a commit of its own, and
//! the server a pool checkout and a thread hop: with two cores shared by the
//! server, the database and the clients, that CPU was the cap on entries per
//! second. One statement for a batch pays those once. Every entry keeps its own
//! conditions (the match still in progress, the log still ending with the entry
//! its state was built from), so an entry that no longer fits is left out of the
//! statement without holding the others back, and its caller takes the
//! transaction (`scoring::append`), which gives the answer it always gave.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::thread;

use chrono::NaiveDateTime;
use diesel::pg::{Pg, PgConnection};
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Nullable, Text, Timestamp};
use diesel::{QueryResult, RunQueryDsl};

use super::listen::Announcer;
use super::matches::{Author, MatchStatus};
use super::{DbConnection, StoreError, StoreResult, track};

/// A batch is one statement; beyond this many entries the rest wait for the next.
const MOST_ENTRIES_PER_STATEMENT: usize = 256;

/// An entry to append to a match in progress, valid only on the log its state
/// was built from.
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

/// Whether the entry is in the log; answered once the statement has committed.
pub type Written = tokio::sync::oneshot::Receiver<StoreResult<bool>>;

struct Job {
    entry: NextEntry,
    answer: tokio::sync::oneshot::Sender<StoreResult<bool>>,
}

/// Opens the batch's connection, again after it was lost.
pub(super) type Connect = Box<dyn Fn() -> StoreResult<DbConnection> + Send>;

/// The queue to the thread that writes the batches; cheap to clone.
#[derive(Clone)]
pub(super) struct EntryBatcher {
    jobs: mpsc::Sender<Job>,
}

impl EntryBatcher {
    /// Starts the thread; it ends when the last handle is dropped.
    pub(super) fn start(
        connect: Connect,
        announcer: Announcer,
        writes_failing: Arc<AtomicBool>,
    ) -> std::io::Result<EntryBatcher> {
        let (jobs, queue) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("pg-entries".into())
            .spawn(move || run(&connect, &announcer, &writes_failing, &queue))?;
        Ok(EntryBatcher { jobs })
    }

    /// Queues `entry`. A batcher that has stopped drops the answer, which its
    /// receiver reports as an error.
    pub(super) fn submit(&self, entry: NextEntry) -> Written {
        let (answer, written) = tokio::sync::oneshot::channel();
        if self.jobs.send(Job { entry, answer }).is_err() {
            tracing::error!("the entry batcher has stopped; an entry takes the transaction");
        }
        written
    }
}

fn run(
    connect: &Connect,
    announcer: &Announcer,
    writes_failing: &AtomicBool,
    queue: &mpsc::Receiver<Job>,
) {
    let mut connection: Option<PgConnection> = None;
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MOST_ENTRIES_PER_STATEMENT
            && let Ok(job) = queue.try_recv()
        {
            batch.push(job);
        }
        let outcome = match &mut connection {
            Some(open) => insert(open, &batch),
            None => open(connect).and_then(|mut open| {
                let outcome = insert(&mut open, &batch);
                connection = Some(open);
                outcome
            }),
        };
        track(writes_failing, &outcome);
        match outcome {
            Ok(written) => {
                for job in batch {
                    let stored = written.iter().any(|(match_id, seq, key)| {
                        *match_id == job.entry.match_id
                            && *seq == job.entry.seq
                            && *key == job.entry.submission_key
                    });
                    if stored {
                        announcer.announce(job.entry.match_id);
                    }
                    let _ = job.answer.send(Ok(stored));
                }
            }
            Err(error) => {
                tracing::warn!(%error, entries = batch.len(), "a batch of entries was not written");
                if error.is_connection_lost() {
                    connection = None;
                }
                for job in batch {
                    let _ = job
                        .answer
                        .send(Err(StoreError::Interrupted(error.to_string())));
                }
            }
        }
    }
}

fn open(connect: &Connect) -> StoreResult<PgConnection> {
    match connect()? {
        DbConnection::Postgres(postgres) => Ok(postgres),
        DbConnection::Sqlite(_) => Err(StoreError::Interrupted(
            "the entry batcher runs on PostgreSQL only".into(),
        )),
    }
}

/// Writes the batch; answers (match, sequence number, submission key) of each
/// entry written.
fn insert(connection: &mut PgConnection, batch: &[Job]) -> StoreResult<Vec<(i64, i64, String)>> {
    let mut rows = InsertEntries::default();
    for Job { entry, .. } in batch {
        let (user_id, link_id) = match &entry.author {
            Author::User { id, .. } => (Some(*id), None),
            Author::Link { id, .. } => (None, Some(*id)),
        };
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
/// while its match is in progress and the log ends with the entry it follows
/// (same sequence number and submission key); `ON CONFLICT DO NOTHING` leaves out
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
        out.push_bind_param::<Array<BigInt>, _>(&self.match_ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<BigInt>, _>(&self.seqs)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.entries)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<BigInt>>, _>(&self.user_ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<BigInt>>, _>(&self.link_ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.labels)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.keys)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.previous_keys)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Timestamp>, _>(&self.times)?;
        out.push_sql(
            ") AS b(match_id, seq, entry_json, user_id, link_id, label, submission_key, \
             previous_key, created_at) \
             WHERE EXISTS (SELECT 1 FROM matches m WHERE m.id = b.match_id AND m.status = '",
        );
        out.push_sql(MatchStatus::InProgress.as_str());
        out.push_sql(
            "') AND EXISTS (SELECT 1 FROM match_entries p WHERE p.match_id = b.match_id \
             AND p.seq = b.seq - 1 AND p.submission_key = b.previous_key) \
             ON CONFLICT DO NOTHING RETURNING match_id, seq, submission_key",
        );
        Ok(())
    }
}

impl QueryId for InsertEntries<'_> {
    type QueryId = ();
    // Cached by its text, which is the same for every batch.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for InsertEntries<'_> {
    type SqlType = (BigInt, BigInt, Text);
}

impl RunQueryDsl<PgConnection> for InsertEntries<'_> {}
