//! The SQLite engine: one writer connection owned by a thread that commits the
//! writes pending at once together (`writer.rs`: one fsync for many score
//! entries), WAL checkpoints on a thread of their own (`checkpoint.rs`), the
//! score-entry statements the writer runs (`log.rs`), timestamps read without
//! chrono's parser (`timestamp.rs`) and consistent snapshots (`backup.rs`).
//!
//! Several writers would only queue up behind SQLite's lock and produce
//! SQLITE_BUSY tails; readers use a pool of read-only connections beside the one
//! writer.

pub mod backup;
mod checkpoint;
pub mod log;
mod timestamp;
mod writer;

use std::path::Path;
use std::sync::Arc;

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::sqlite::SqliteConnection;

pub(crate) use timestamp::StoredTime;
use writer::GroupWriter;

use super::{DbConnection, StoreError, StoreResult};

/// Every SQLite connection's usual wait for a lock held by another.
pub(crate) const USUAL_WAIT: &str = "PRAGMA busy_timeout = 5000";

#[derive(diesel::QueryableByName)]
pub(crate) struct DataVersion {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    data_version: i64,
}

/// SQLite's `PRAGMA data_version`: changes whenever another connection commits.
pub(crate) fn data_version<C>(connection: &mut C) -> diesel::QueryResult<i64>
where
    for<'a> diesel::query_builder::SqlQuery: diesel::query_dsl::LoadQuery<'a, C, DataVersion>,
{
    use diesel::RunQueryDsl;
    diesel::sql_query("PRAGMA data_version")
        .get_result::<DataVersion>(connection)
        .map(|row| row.data_version)
}

/// What a connection is for: the pragmas differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ConnectionRole {
    Writer,
    Reader,
}

/// Why the database file at `path` cannot be used.
fn unavailable(path: &Path, reason: String) -> StoreError {
    StoreError::SqliteUnavailable {
        path: path.display().to_string(),
        reason,
    }
}

/// Opens the database file at `path` as it is, without settings.
fn open(path: &Path) -> StoreResult<SqliteConnection> {
    let path_text = path
        .to_str()
        .ok_or_else(|| unavailable(path, "the path is not valid UTF-8".to_string()))?;
    SqliteConnection::establish(path_text).map_err(|e| unavailable(path, e.to_string()))
}

/// Opens the database file at `path` with the settings of its role.
pub(super) fn establish(path: &Path, role: ConnectionRole) -> StoreResult<DbConnection> {
    let mut connection = open(path)?;
    // WAL lets readers run beside the writer; synchronous=FULL makes a commit
    // durable before the score entry it carries is acknowledged.
    let mut pragmas = format!(
        "{}; PRAGMA foreign_keys = ON; \
         PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;",
        USUAL_WAIT
    );
    match role {
        ConnectionRole::Reader => pragmas.push_str(" PRAGMA query_only = ON;"),
        ConnectionRole::Writer => pragmas.push_str(&checkpoint::writer_pragmas()),
    }
    connection
        .batch_execute(&pragmas)
        .map_err(|e| unavailable(path, e.to_string()))?;
    Ok(DbConnection::Sqlite(connection))
}

/// A connection to the SQLite file at `path`, set up as the server sets up one of
/// this role (for the store's own tests).
#[cfg(test)]
pub(super) fn sqlite_for_tests(path: &Path, role: ConnectionRole) -> DbConnection {
    establish(path, role).unwrap()
}

/// The writer thread and the checkpoint thread of one database file; the
/// checkpoint thread ends with the last handle.
#[derive(Clone)]
pub(super) struct Engine {
    pub(super) writer: GroupWriter,
    _checkpointer: Arc<checkpoint::Checkpointer>,
}

/// Starts the writer and checkpoint threads on the file at `path`; `connect`
/// opens a writer connection (the writer opens a new one after a failed batch).
pub(super) fn start(
    path: &Path,
    connect: impl Fn() -> StoreResult<DbConnection> + Send + 'static,
) -> StoreResult<Engine> {
    let checkpoints = connect()?;
    let connection = connect()?;
    let writer = GroupWriter::start(connection, Box::new(connect))
        .map_err(|error| StoreError::Interrupted(format!("cannot start the writer: {error}")))?;
    let to_writer = writer.clone();
    let checkpointer = checkpoint::Checkpointer::start(
        checkpoints,
        Box::new(move || to_writer.restart_log()),
        path,
    )
    .map_err(|error| StoreError::Interrupted(format!("cannot start checkpoints: {error}")))?;
    Ok(Engine {
        writer,
        _checkpointer: Arc::new(checkpointer),
    })
}

#[cfg(test)]
mod tests {
    /// `.cargo/config.toml` builds the bundled SQLite; a build that missed its
    /// flags would be slower without failing anything else.
    #[test]
    fn the_bundled_sqlite_is_built_as_configured() {
        use diesel::{Connection, QueryableByName, RunQueryDsl, sql_types::Text};

        #[derive(QueryableByName)]
        struct CompileOption {
            #[diesel(sql_type = Text)]
            compile_options: String,
        }

        let mut connection = diesel::SqliteConnection::establish(":memory:").unwrap();
        let options: Vec<String> = diesel::sql_query("PRAGMA compile_options")
            .load::<CompileOption>(&mut connection)
            .unwrap()
            .into_iter()
            .map(|option| option.compile_options)
            .collect();
        for expected in ["ENABLE_QPSG", "THREADSAFE=2", "DEFAULT_MEMSTATUS=0"] {
            assert!(
                options.iter().any(|option| option == expected),
                "{expected} not in {options:?}"
            );
        }
    }
}
