//! Group commit for SQLite: one thread owns the writer connection and runs every
//! pending write of the moment in one transaction, each under a savepoint of its
//! own, then answers them all after the one durable commit.
//!
//! A commit with `synchronous=FULL` costs an fsync; taking one per score entry
//! capped throughput at the disk's sync rate and made the writer queue the tail
//! latency. Sharing the fsync among the writes that arrived meanwhile keeps each
//! write atomic and isolated (a failing write rolls back to its savepoint without
//! touching the others), and nobody hears "done" before the data is on disk.

use std::sync::mpsc;
use std::thread;

use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sqlite::{Sqlite, SqliteConnection};
use diesel::{Connection, QueryResult, RunQueryDsl};

use super::{DbConnection, StoreError, StoreResult};

/// Enough to share one fsync among every table of a big event at once, small
/// enough that one batch never holds the lock for long.
const MOST_WRITES_PER_COMMIT: usize = 256;

/// Runs a write under a savepoint, and hands back how to deliver its result once
/// the whole batch is committed (`None`) or failed to commit (`Some`). An error
/// means the savepoint itself could not be closed: the batch must not commit.
type Job = Box<dyn FnOnce(&mut DbConnection) -> Result<Delivery, StoreError> + Send>;
type Delivery = Box<dyn FnOnce(Option<&StoreError>) + Send>;

/// Opens the writer connection again, after a write panicked mid-batch: closing
/// the old connection is what rolls the batch back.
pub(super) type Reconnect = Box<dyn Fn() -> StoreResult<DbConnection> + Send>;

/// The queue to the writer thread; cheap to clone.
#[derive(Clone)]
pub(super) struct GroupWriter {
    jobs: mpsc::Sender<Job>,
}

impl GroupWriter {
    /// Starts the thread that owns the writer connection until every handle is dropped.
    pub(super) fn start(
        connection: DbConnection,
        reconnect: Reconnect,
    ) -> std::io::Result<GroupWriter> {
        let (jobs, queue) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run(connection, reconnect, queue))?;
        Ok(GroupWriter { jobs })
    }

    /// Queues `work`; `deliver` gets its result once it is durable, or its error.
    /// A write that never runs (the writer is gone) drops `deliver` unanswered, which
    /// its caller's channel reports as an interrupted write.
    pub(super) fn submit<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut DbConnection) -> StoreResult<T> + Send + 'static,
        deliver: impl FnOnce(StoreResult<T>) + Send + 'static,
    ) {
        let job: Job = Box::new(move |connection| {
            let outcome = in_savepoint(connection, work)?;
            Ok(Box::new(move |commit_failure: Option<&StoreError>| {
                deliver(match (outcome, commit_failure) {
                    (Ok(_), Some(failure)) => Err(failure.replicate()),
                    (outcome, _) => outcome,
                })
            }))
        });
        if self.jobs.send(job).is_err() {
            tracing::error!("the database writer has stopped; a write was refused");
        }
    }
}

fn run(mut connection: DbConnection, reconnect: Reconnect, queue: mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MOST_WRITES_PER_COMMIT {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        if commit_batch(&mut connection, batch).is_err() {
            connection = reopen(&reconnect);
        }
    }
}

/// A write panicked or a commit failed: the batch is abandoned with the connection.
/// Retries until the database opens again, since every later write needs it.
fn reopen(reconnect: &Reconnect) -> DbConnection {
    let mut wait = std::time::Duration::from_millis(50);
    loop {
        match reconnect() {
            Ok(connection) => return connection,
            Err(error) => {
                tracing::error!(%error, "cannot reopen the database writer");
                thread::sleep(wait);
                wait = (wait * 2).min(std::time::Duration::from_secs(5));
            }
        }
    }
}

/// The connection must be opened again before the next batch.
struct StartOver;

/// Runs the jobs in one transaction; each job is a savepoint of it (diesel nests
/// `transaction` as savepoints), so a failing job takes back only its own work.
fn commit_batch(connection: &mut DbConnection, batch: Vec<Job>) -> Result<(), StartOver> {
    let mut deliveries = Vec::with_capacity(batch.len());
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        connection.transaction::<_, StoreError, _>(|connection| {
            for job in batch {
                deliveries.push(job(connection)?);
            }
            Ok(())
        })
    }));
    let Ok(committed) = ran else {
        tracing::error!(
            writes = deliveries.len() + 1,
            "a write panicked; its batch is rolled back"
        );
        let abandoned = StoreError::Interrupted("another write of its batch panicked".into());
        for deliver in deliveries {
            deliver(Some(&abandoned));
        }
        return Err(StartOver);
    };
    let failure = committed.err();
    if let Some(error) = &failure {
        tracing::error!(%error, writes = deliveries.len(), "a group commit failed");
    }
    for deliver in deliveries {
        deliver(failure.as_ref());
    }
    // A failed commit may leave diesel's transaction state broken (SQLite rolls a
    // whole transaction back on some errors, e.g. a full disk): start clean.
    match failure {
        Some(_) => Err(StartOver),
        None => Ok(()),
    }
}

/// The savepoint statements as prepared statements of their own, kept in diesel's
/// cache by type (hence one type each): diesel's nested `transaction` sends its
/// SAVEPOINT text through `sqlite3_exec`, parsed again each time, which cost as
/// much as a score entry's queries.
macro_rules! savepoint_statement {
    ($name:ident, $sql:literal) => {
        #[derive(Debug, Clone, Copy, QueryId)]
        struct $name;

        impl QueryFragment<Sqlite> for $name {
            fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
                out.push_sql($sql);
                Ok(())
            }
        }

        impl RunQueryDsl<SqliteConnection> for $name {}
    };
}

savepoint_statement!(BeginSavepoint, "SAVEPOINT group_write");
savepoint_statement!(RollBackSavepoint, "ROLLBACK TO SAVEPOINT group_write");
savepoint_statement!(ReleaseSavepoint, "RELEASE SAVEPOINT group_write");

/// Runs `work` under a savepoint of the batch's transaction: its own changes are
/// taken back if it fails. The outer `Err` says the savepoint could not be closed.
fn in_savepoint<T>(
    connection: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> StoreResult<T>,
) -> Result<StoreResult<T>, StoreError> {
    BeginSavepoint.execute(sqlite(connection)?)?;
    let outcome = work(connection);
    if outcome.is_err() {
        RollBackSavepoint.execute(sqlite(connection)?)?;
    }
    ReleaseSavepoint.execute(sqlite(connection)?)?;
    Ok(outcome)
}

fn sqlite(connection: &mut DbConnection) -> StoreResult<&mut SqliteConnection> {
    match connection {
        DbConnection::Sqlite(sqlite) => Ok(sqlite),
        // The group writer is only ever given SQLite connections.
        DbConnection::Postgres(_) => Err(StoreError::Interrupted(
            "the group writer runs on SQLite only".into(),
        )),
    }
}
