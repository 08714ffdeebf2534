//! Group commit for SQLite: one thread owns the writer connection and runs every
//! pending write of the moment in one transaction, each under a savepoint of its
//! own, then answers them all after the one durable commit.
//!
//! With `synchronous=FULL` every commit costs an fsync; sharing it among the
//! writes that arrived meanwhile keeps each write atomic and isolated (a failing
//! write rolls back to its savepoint alone), and nobody hears "done" before the
//! data is on disk.

use std::sync::mpsc;
use std::thread;

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sqlite::{Sqlite, SqliteConnection};
use diesel::{Connection, QueryResult, RunQueryDsl};

use crate::store::{DbConnection, StoreError, StoreResult};

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

/// What the writer thread is asked to do (`J` is a write; generic for the tests).
pub(super) enum Request<J = Job> {
    Write(J),
    /// Copy the rest of the log into the database and start the log over, between
    /// two batches (see [`GroupWriter::restart_log`]).
    RestartLog,
}

/// The queue to the writer thread; cheap to clone.
#[derive(Clone)]
pub(in crate::store) struct GroupWriter {
    jobs: mpsc::Sender<Request>,
}

impl GroupWriter {
    /// Starts the thread that owns the writer connection until every handle is dropped.
    pub(super) fn start(
        connection: DbConnection,
        reconnect: Reconnect,
    ) -> std::io::Result<GroupWriter> {
        let (jobs, queue) = mpsc::channel::<Request>();
        thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run(connection, reconnect, queue))?;
        Ok(GroupWriter { jobs })
    }

    /// Queues `work`; `deliver` gets its result once it is durable, or its error.
    /// A write that never runs (the writer is gone) drops `deliver` unanswered, which
    /// its caller's channel reports as an interrupted write.
    pub(in crate::store) fn submit<T: Send + 'static>(
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
        if self.jobs.send(Request::Write(job)).is_err() {
            tracing::error!("the database writer has stopped; a write was refused");
        }
    }

    /// Asks the writer to start the log file over once the batch in hand is
    /// committed.
    ///
    /// SQLite reuses the log from its start only when a write transaction begins
    /// while every page of it has been copied into the database. Under a steady
    /// stream of entries the writer always begins its next batch while the
    /// checkpoint thread is still behind, so the log grew without end (300 MB in a
    /// minute of the score-entry benchmark), and every commit then allocated new
    /// blocks of the file. Only the writer can find the log fully copied, between
    /// its own batches; the checkpoint thread has copied nearly all of it by then.
    pub(super) fn restart_log(&self) {
        // A writer that has stopped has no log to restart.
        let _ = self.jobs.send(Request::RestartLog);
    }
}

fn run(mut connection: DbConnection, reconnect: Reconnect, queue: mpsc::Receiver<Request>) {
    while let Ok(first) = queue.recv() {
        let gathered = gather(first, &queue);
        if !gathered.batch.is_empty() && commit_batch(&mut connection, gathered.batch).is_err() {
            connection = reopen(&reconnect);
        }
        if gathered.restart_log {
            super::checkpoint::restart_log(&mut connection);
        }
    }
}

/// The writes of one commit, and whether the log is to be restarted after it.
struct Gathered<J> {
    batch: Vec<J>,
    restart_log: bool,
}

/// Takes the writes waiting now, up to a restart request, which ends the batch.
fn gather<J>(first: Request<J>, queue: &mpsc::Receiver<Request<J>>) -> Gathered<J> {
    let mut batch = Vec::new();
    let mut next = Some(first);
    while let Some(request) = next.take() {
        match request {
            Request::Write(job) => batch.push(job),
            Request::RestartLog => {
                return Gathered {
                    batch,
                    restart_log: true,
                };
            }
        }
        if batch.len() < MOST_WRITES_PER_COMMIT {
            next = queue.try_recv().ok();
        }
    }
    Gathered {
        batch,
        restart_log: false,
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
        in_immediate_transaction(connection, |connection| {
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

/// Runs `work` in a transaction that holds SQLite's write lock from its start.
///
/// diesel's `transaction` begins a deferred one, which takes the lock at its first
/// write. By then it has read, and SQLite then answers "database is locked" at once
/// if another connection holds the lock, without the busy timeout's wait (which
/// could not end while both wait for the other). Readers hold the lock for a moment
/// whenever they catch the log's header mid-commit, so under load a few writes in a
/// hundred thousand failed; taken as the transaction begins, the lock is waited for.
fn in_immediate_transaction(
    connection: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    AnsiTransactionManager::begin_transaction_sql(sqlite(connection)?, "BEGIN IMMEDIATE")?;
    match work(connection) {
        Ok(()) => {
            Ok(<DbConnection as Connection>::TransactionManager::commit_transaction(connection)?)
        }
        Err(error) => {
            // The writer starts over with a new connection after any failure, so a
            // rollback that fails as well loses nothing; the first error is the one
            // that tells what happened.
            let _ =
                <DbConnection as Connection>::TransactionManager::rollback_transaction(connection);
            Err(error)
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::connection::SimpleConnection;
    use diesel::sql_types::BigInt;

    use super::super::{ConnectionRole, sqlite_for_tests};

    fn connect(path: &std::path::Path) -> DbConnection {
        sqlite_for_tests(path, ConnectionRole::Writer)
    }

    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        rows: i64,
    }

    /// SQLite's readers take the write lock for a moment when they catch the log's
    /// header mid-update; a transaction that has read and then wants to write gets
    /// "database is locked" at once if that moment is now, without waiting. Under
    /// load that refused a few score entries in a hundred thousand. A batch takes
    /// the lock as it begins, where SQLite waits for it.
    #[test]
    fn a_write_that_reads_first_waits_for_the_lock_another_connection_holds() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("locks.db");
        let mut setup = connect(&path);
        setup
            .batch_execute(
                "CREATE TABLE rows (value INTEGER NOT NULL); INSERT INTO rows VALUES (1);",
            )
            .unwrap();
        let writer = GroupWriter::start(
            connect(&path),
            Box::new(move || Err(StoreError::Interrupted("no reconnection here".into()))),
        )
        .unwrap();
        let mut holder = connect(&path);
        holder.batch_execute("BEGIN IMMEDIATE").unwrap();
        let releases = thread::spawn(move || {
            thread::sleep(std::time::Duration::from_millis(150));
            holder.batch_execute("ROLLBACK").unwrap();
        });
        let (answer, answered) = mpsc::channel();
        writer.submit(
            |connection| {
                let before = diesel::sql_query("SELECT COUNT(*) AS rows FROM rows")
                    .get_result::<Count>(connection)?
                    .rows;
                diesel::sql_query(format!("INSERT INTO rows VALUES ({})", before + 1))
                    .execute(connection)?;
                Ok(before)
            },
            move |outcome| {
                answer
                    .send(outcome.map_err(|error| error.to_string()))
                    .unwrap()
            },
        );
        let outcome = answered.recv().unwrap();
        releases.join().unwrap();
        assert_eq!(
            outcome,
            Ok(1),
            "the write waited for the lock and went through"
        );
        let rows = diesel::sql_query("SELECT COUNT(*) AS rows FROM rows")
            .get_result::<Count>(&mut setup)
            .unwrap()
            .rows;
        assert_eq!(rows, 2);
    }

    #[test]
    fn a_batch_is_what_waits_now() {
        let (send, queue) = mpsc::channel();
        send.send(Request::Write(2)).unwrap();
        send.send(Request::Write(3)).unwrap();
        let gathered = gather(Request::Write(1), &queue);
        assert_eq!(gathered.batch, [1, 2, 3]);
        assert!(!gathered.restart_log);
    }

    #[test]
    fn a_restart_request_ends_the_batch() {
        let (send, queue) = mpsc::channel();
        send.send(Request::RestartLog).unwrap();
        send.send(Request::Write(2)).unwrap();
        let gathered = gather(Request::Write(1), &queue);
        assert_eq!(gathered.batch, [1]);
        assert!(
            gathered.restart_log,
            "the restart follows the batch before it"
        );
        let next = gather(queue.recv().unwrap(), &queue);
        assert_eq!(
            next.batch,
            [2],
            "writes after the request wait for the restart"
        );
    }

    #[test]
    fn a_batch_holds_at_most_its_share_of_the_queue() {
        let (send, queue) = mpsc::channel();
        for job in 1..=MOST_WRITES_PER_COMMIT + 1 {
            send.send(Request::Write(job)).unwrap();
        }
        let gathered = gather(Request::Write(0), &queue);
        assert_eq!(gathered.batch.len(), MOST_WRITES_PER_COMMIT);
        assert_eq!(gather(queue.recv().unwrap(), &queue).batch.len(), 2);
    }
}
