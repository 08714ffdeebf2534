//! WAL checkpoints for SQLite, on a thread of their own.
//!
//! Left to SQLite, the commit that makes the log pass 1,000 pages copies it into
//! the database file and syncs it, and every write queued behind the writer waits.
//! So the writer never checkpoints; this thread does, a few times a second, in the
//! passive mode that blocks neither the writer nor a reader. Durability does not
//! depend on it: a commit is on disk in the log. Once the log is long, the thread
//! asks the writer (through the callback it was started with) to start it over
//! between two batches ([`restart_log`]), having copied and synced nearly all of it.

use std::fs::File;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use diesel::sql_types::Integer;
use diesel::{QueryableByName, RunQueryDsl};

use super::USUAL_WAIT;
use crate::store::{DbConnection, StoreError, StoreResult};

/// Often enough that the writer finds little left to copy when it restarts the log.
const INTERVAL: Duration = Duration::from_millis(250);

/// A log this long (32 MB of 4 KB pages) is started over by the writer: under the
/// score-entry benchmark's full load two or three times a second, each time a pause
/// of the writer (1 to 3 ms once this thread syncs the database file first).
/// It must stay well under [`LOG_SIZE_LIMIT_BYTES`]: a log longer than that at its
/// restart is truncated by the next commit, which stalled score entry for 100 to
/// 235 ms on a file system mounted with `discard` (BENCHMARKS.md, session 11).
const RESTART_LOG_AT_PAGES: i32 = 8_192;

/// A pass that copied no more than this (1 MB) has caught up with the writer.
const CAUGHT_UP_PAGES: i32 = 256;

/// Passes after the first before the writer is asked all the same.
const MOST_CATCH_UP_PASSES: usize = 4;

/// How long the writer waits for readers still on the old log before it leaves the
/// restart to the next request: readers of a few rows are gone in microseconds,
/// and an export's long read must not hold score entry up.
const RESTART_WAIT: &str = "PRAGMA busy_timeout = 2";

/// A log this long (about 400 MB of 4 KB pages) means passive checkpoints cannot
/// finish, e.g. a reader that never lets go: wait for readers once, even if the
/// writer waits too, rather than let the file grow without end.
const MOST_LOG_PAGES: i32 = 100_000;

/// The size the writer cuts the log file back to once it is reused (64 MB), so that
/// it does not stay at its largest.
const LOG_SIZE_LIMIT_BYTES: i64 = 67_108_864;

// The catch-up passes let the log grow past the restart threshold before the writer
// starts it over: to 1.6 times it under the score-entry benchmark's full load at
// 13,000 entries a second, and now and then to 2.2 times at 25,000. Those rare
// truncations cut a few MB; a limit the log never reached measured no better.
const _: () = assert!(
    2 * (RESTART_LOG_AT_PAGES as i64) * 4096 <= LOG_SIZE_LIMIT_BYTES,
    "the log would be truncated at its restart"
);

/// The writer connection's settings that hand checkpoints to this thread and limit
/// the reused log file's size.
pub(super) fn writer_pragmas() -> String {
    format!(" PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = {LOG_SIZE_LIMIT_BYTES};")
}

/// Ends the thread when dropped (with the last handle of the `Db`).
pub(super) struct Checkpointer {
    _running: mpsc::Sender<()>,
}

#[derive(QueryableByName)]
struct Progress {
    /// 1 when a restart was given up for a reader still on the old log.
    #[diesel(sql_type = Integer)]
    busy: i32,
    #[diesel(sql_type = Integer)]
    log: i32,
    #[diesel(sql_type = Integer)]
    checkpointed: i32,
}

impl Checkpointer {
    /// `ask_restart` asks the writer to run [`restart_log`] between two batches.
    pub(super) fn start(
        mut connection: DbConnection,
        ask_restart: Box<dyn Fn() + Send>,
        database_path: &Path,
    ) -> std::io::Result<Checkpointer> {
        // Without it the writer's restarts sync the file themselves, as SQLite does.
        let database_file = File::options()
            .write(true)
            .open(database_path)
            .inspect_err(|error| {
                tracing::warn!(%error, "cannot open the database file to sync it before log restarts");
            })
            .ok();
        let (running, stopped) = mpsc::channel::<()>();
        thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                let mut failing = false;
                let mut watch = LogWatch::new(RESTART_LOG_AT_PAGES, database_file);
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(INTERVAL) {
                    match checkpoint(&mut connection, &*ask_restart, &mut watch) {
                        Ok(()) => failing = false,
                        // Once per failing spell: a full disk would repeat it every tick.
                        Err(error) if !failing => {
                            failing = true;
                            tracing::warn!(%error, "WAL checkpoint failed; retrying");
                        }
                        Err(_) => {}
                    }
                }
            })?;
        Ok(Checkpointer { _running: running })
    }
}

/// What the checkpoint thread keeps between its passes.
struct LogWatch {
    restart_log_at_pages: i32,
    /// The database's `data_version` when the writer was last asked to start the
    /// log over. With no write since, the passes have copied all of it and the next
    /// write starts it over by itself: asking again would only wake an idle writer
    /// four times a second.
    asked_at: Option<i64>,
    /// Synced before the writer is asked. SQLite syncs the database file only in a
    /// pass that copies the whole log, so every page the passive passes copied
    /// since the last restart was synced by the writer inside the restart, while
    /// all score entry waited: 6 to 10 ms of its pause. Synced here, those pages
    /// are on disk already, and the writer's sync has only the last few left.
    database_file: Option<File>,
}

impl LogWatch {
    fn new(restart_log_at_pages: i32, database_file: Option<File>) -> LogWatch {
        LogWatch {
            restart_log_at_pages,
            asked_at: None,
            database_file,
        }
    }
}

fn checkpoint(
    connection: &mut DbConnection,
    ask_restart: &dyn Fn(),
    watch: &mut LogWatch,
) -> StoreResult<()> {
    let restart_log_at_pages = watch.restart_log_at_pages;
    let mut progress = passive_checkpoint(connection)?;
    if progress.log > MOST_LOG_PAGES && progress.checkpointed < progress.log {
        diesel::sql_query("PRAGMA wal_checkpoint(RESTART)").execute(connection)?;
        return Ok(());
    }
    if progress.log < restart_log_at_pages {
        return Ok(());
    }
    let version = super::data_version(connection)?;
    if watch.asked_at == Some(version) {
        return Ok(());
    }
    // What the writer appended while a pass copied is left for the next one; each
    // pass is shorter than the one before, and the writer, which stops for its part
    // of the restart, copies only the last few pages. Asked after one pass, it had
    // a pass's worth of pages to copy: 18 ms on median, twice a second.
    for _ in 0..MOST_CATCH_UP_PASSES {
        let copied_before = progress.checkpointed;
        progress = passive_checkpoint(connection)?;
        if progress.log < restart_log_at_pages {
            // The log has been started over meanwhile.
            return Ok(());
        }
        if progress.checkpointed - copied_before <= CAUGHT_UP_PAGES {
            break;
        }
    }
    if let Some(file) = &watch.database_file {
        file.sync_data().map_err(|error| {
            StoreError::Interrupted(format!("cannot sync the database file: {error}"))
        })?;
    }
    ask_restart();
    watch.asked_at = Some(version);
    Ok(())
}

fn passive_checkpoint(connection: &mut DbConnection) -> StoreResult<Progress> {
    Ok(diesel::sql_query("PRAGMA wal_checkpoint(PASSIVE)").get_result(connection)?)
}

/// On the writer's connection, between batches: copies what is left of the log and
/// has the next write start it over. A reader still on the old log after
/// [`RESTART_WAIT`] makes this a plain checkpoint, and the next request tries again.
pub(super) fn restart_log(connection: &mut DbConnection) {
    use diesel::connection::SimpleConnection;
    let started = std::time::Instant::now();
    let restarted = connection
        .batch_execute(RESTART_WAIT)
        .and_then(|()| {
            diesel::sql_query("PRAGMA wal_checkpoint(RESTART)").get_result::<Progress>(connection)
        })
        .and_then(|progress| connection.batch_execute(USUAL_WAIT).map(|()| progress));
    match restarted {
        Ok(progress) => tracing::debug!(
            pages = progress.log,
            copied = progress.checkpointed,
            given_up = progress.busy == 1,
            micros = started.elapsed().as_micros() as u64,
            "WAL restart"
        ),
        Err(error) => {
            tracing::warn!(%error, "could not start the WAL over");
            // Whatever failed, the writer keeps its usual patience with locks.
            let _ = connection.batch_execute(USUAL_WAIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;

    use super::super::{ConnectionRole, sqlite_for_tests as connect};
    use super::*;

    /// What the checkpoint thread asked of the writer.
    #[derive(Debug, PartialEq)]
    enum Asked {
        RestartLog,
    }

    fn insert(connection: &mut DbConnection, value: i32) {
        connection
            .batch_execute(&format!("INSERT INTO rows (value) VALUES ({value})"))
            .unwrap();
    }

    /// A log that a reader kept from being copied whole before the next write:
    /// SQLite appends to it from then on, however long it is.
    fn starved_log(path: &std::path::Path) -> DbConnection {
        let mut writer = connect(path, ConnectionRole::Writer);
        let mut reader = connect(path, ConnectionRole::Reader);
        let mut checkpoints = connect(path, ConnectionRole::Writer);
        writer
            .batch_execute("CREATE TABLE rows (value INTEGER NOT NULL)")
            .unwrap();
        insert(&mut writer, 0);
        reader
            .batch_execute("BEGIN; SELECT COUNT(*) FROM rows;")
            .unwrap();
        for value in 1..20 {
            insert(&mut writer, value);
        }
        let progress = passive_checkpoint(&mut checkpoints).unwrap();
        assert!(progress.checkpointed < progress.log, "the reader held it");
        reader.batch_execute("COMMIT").unwrap();
        insert(&mut writer, 20);
        writer
    }

    fn log_pages(path: &std::path::Path) -> i32 {
        passive_checkpoint(&mut connect(path, ConnectionRole::Writer))
            .unwrap()
            .log
    }

    #[derive(QueryableByName)]
    struct SizeLimit {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        journal_size_limit: i64,
    }

    #[test]
    fn the_writer_limits_the_reused_log_to_the_size_the_restarts_stay_under() {
        let folder = tempfile::tempdir().unwrap();
        let mut writer = connect(&folder.path().join("limit.db"), ConnectionRole::Writer);
        let limit = diesel::sql_query("PRAGMA journal_size_limit")
            .get_result::<SizeLimit>(&mut writer)
            .unwrap();
        assert_eq!(limit.journal_size_limit, LOG_SIZE_LIMIT_BYTES);
    }

    #[test]
    fn a_log_the_writer_restarts_is_written_from_its_start_again() {
        let folder = tempfile::tempdir().unwrap();

        let starved = folder.path().join("starved.db");
        let mut writer = starved_log(&starved);
        insert(&mut writer, 21);
        assert!(
            log_pages(&starved) > 20,
            "without a restart the log only grows"
        );

        let restarted = folder.path().join("restarted.db");
        let mut writer = starved_log(&restarted);
        restart_log(&mut writer);
        insert(&mut writer, 21);
        assert!(
            log_pages(&restarted) < 5,
            "the write after the restart begins the log again"
        );
        let count: i64 = diesel::dsl::sql::<diesel::sql_types::BigInt>("SELECT COUNT(*) FROM rows")
            .get_result(&mut writer)
            .unwrap();
        assert_eq!(count, 22, "no row was lost");
        // The writer waits for locks as long as before.
        writer.batch_execute("BEGIN IMMEDIATE; COMMIT;").unwrap();
    }

    #[test]
    fn a_restart_that_a_reader_holds_up_is_given_up_quickly() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("held.db");
        let mut writer = starved_log(&path);
        let mut reader = connect(&path, ConnectionRole::Reader);
        reader
            .batch_execute("BEGIN; SELECT COUNT(*) FROM rows;")
            .unwrap();
        insert(&mut writer, 21);
        let started = std::time::Instant::now();
        restart_log(&mut writer);
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "a long read does not hold the writer up"
        );
        reader.batch_execute("COMMIT").unwrap();
    }

    #[test]
    fn a_long_log_asks_the_writer_for_a_restart() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("long.db");
        let mut writer = connect(&path, ConnectionRole::Writer);
        writer
            .batch_execute("CREATE TABLE rows (value INTEGER NOT NULL)")
            .unwrap();
        for value in 0..10 {
            insert(&mut writer, value);
        }
        let (jobs, queue) = std::sync::mpsc::channel();
        let to_writer = move || jobs.send(Asked::RestartLog).unwrap();
        let mut checkpoints = connect(&path, ConnectionRole::Writer);

        checkpoint(
            &mut checkpoints,
            &to_writer,
            &mut LogWatch::new(i32::MAX, None),
        )
        .unwrap();
        assert!(queue.try_recv().is_err(), "a short log is left alone");

        insert(&mut writer, 10);
        let mut watch = LogWatch::new(1, Some(File::options().write(true).open(&path).unwrap()));
        checkpoint(&mut checkpoints, &to_writer, &mut watch).unwrap();
        assert_eq!(queue.try_recv(), Ok(Asked::RestartLog));

        checkpoint(&mut checkpoints, &to_writer, &mut watch).unwrap();
        assert!(
            queue.try_recv().is_err(),
            "without a write since, the writer is not asked again"
        );
        insert(&mut writer, 11);
        checkpoint(&mut checkpoints, &to_writer, &mut watch).unwrap();
        assert_eq!(
            queue.try_recv(),
            Ok(Asked::RestartLog),
            "a log that grew again is asked about again"
        );
    }
}
