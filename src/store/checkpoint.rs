//! WAL checkpoints for SQLite, on a thread of their own.
//!
//! By default SQLite copies the write-ahead log back into the database file inside
//! the commit that makes the log pass 1,000 pages, and fsyncs the file there: the
//! writer thread stood still for that commit, and every score entry queued behind it
//! waited (the slowest requests of the score-entry benchmark, tens to hundreds of
//! milliseconds). The writer connection therefore never checkpoints; this thread
//! does, a few times a second, in the passive mode that never blocks the writer or a
//! reader. Durability does not depend on it: a commit is on disk in the log.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use diesel::sql_types::Integer;
use diesel::{QueryableByName, RunQueryDsl};

use super::{DbConnection, StoreResult};

/// Often enough that the log stays a few megabytes under full load.
const INTERVAL: Duration = Duration::from_millis(250);

/// A log this long (about 400 MB of 4 KB pages) means passive checkpoints cannot
/// finish, e.g. a reader that never lets go: wait for readers once, even if the
/// writer waits too, rather than let the file grow without end.
const MOST_LOG_PAGES: i32 = 100_000;

/// The writer connection's settings that hand checkpoints to this thread, and keep
/// the log file from staying at its largest size once it is reused.
pub(super) const WRITER_PRAGMAS: &str =
    " PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 67108864;";

/// Ends the thread when dropped (with the last handle of the `Db`).
pub(super) struct Checkpointer {
    _running: mpsc::Sender<()>,
}

#[derive(QueryableByName)]
struct Progress {
    #[diesel(sql_type = Integer)]
    log: i32,
    #[diesel(sql_type = Integer)]
    checkpointed: i32,
}

impl Checkpointer {
    pub(super) fn start(mut connection: DbConnection) -> std::io::Result<Checkpointer> {
        let (running, stopped) = mpsc::channel::<()>();
        thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                let mut failing = false;
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(INTERVAL) {
                    match checkpoint(&mut connection) {
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

fn checkpoint(connection: &mut DbConnection) -> StoreResult<()> {
    let progress: Progress =
        diesel::sql_query("PRAGMA wal_checkpoint(PASSIVE)").get_result(connection)?;
    if progress.log > MOST_LOG_PAGES && progress.checkpointed < progress.log {
        diesel::sql_query("PRAGMA wal_checkpoint(RESTART)").execute(connection)?;
    }
    Ok(())
}
