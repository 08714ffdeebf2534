//! The store's one error type, and how its failures are told apart: a database
//! that cannot be reached, one that refused a write, one that is full (the
//! health check's words), and a connection the server ended (run again).

use diesel::r2d2;

use super::DatabaseUrlError;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(transparent)]
    Url(#[from] DatabaseUrlError),
    #[error("cannot reach PostgreSQL at {host}:{port}: {reason}")]
    PostgresUnreachable {
        host: String,
        port: u16,
        reason: String,
    },
    #[error("cannot open the SQLite database {path}: {reason}")]
    SqliteUnavailable { path: String, reason: String },
    #[error("database migrations failed: {0}")]
    Migration(String),
    #[error("no database connection became free: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("the name is already taken")]
    Duplicate,
    /// What the change was based on changed meanwhile; nothing was written.
    #[error("the record changed meanwhile")]
    Stale,
    #[error("database query failed: {0}")]
    Query(diesel::result::Error),
    /// The write was not carried out (its batch was abandoned, or the writer stopped).
    #[error("the write did not complete: {0}")]
    Interrupted(String),
    /// A stored value that no longer reads back (a bug or a damaged database).
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

/// A row that must be there: one the same transaction has just written and reads back
/// by its unique key (RETURNING does not pass through `MultiConnection`), or one that
/// another row names.
pub(crate) fn required<T>(row: Option<T>) -> Result<T, StoreError> {
    row.ok_or(StoreError::Query(diesel::result::Error::NotFound))
}

/// What the messages of a connection the server ended say (libpq, PostgreSQL).
const CONNECTION_LOST_SIGNS: [&str; 6] = [
    "server closed the connection",
    "terminating connection",
    "no connection to the server",
    "connection to server was lost",
    "could not receive data from server",
    "could not send data to server",
];

/// What a database with no room for a write says (SQLite, PostgreSQL, the file system).
const FULL_SIGNS: [&str; 5] = [
    "disk is full",
    "no space",
    // A write the file system refused (e.g. a file size limit).
    "disk i/o error",
    "could not extend file",
    "file too large",
];

/// Why the database cannot be used now (`StoreError::unavailability`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailability {
    CannotConnect,
    RefusedWrite,
    Full,
}

impl StoreError {
    /// The database cannot be reached or cannot take writes (down, full, locked):
    /// a condition that passes, unlike a bug.
    pub fn is_unavailable(&self) -> bool {
        use diesel::result::{DatabaseErrorKind, Error};
        match self {
            StoreError::Pool(_)
            | StoreError::PostgresUnreachable { .. }
            | StoreError::SqliteUnavailable { .. } => true,
            StoreError::Query(Error::DatabaseError(kind, info)) => {
                matches!(
                    kind,
                    DatabaseErrorKind::ClosedConnection
                        | DatabaseErrorKind::UnableToSendCommand
                        // A server that takes no writes now (a standby, a read-only setting).
                        | DatabaseErrorKind::ReadOnlyTransaction
                ) || {
                    let message = info.message().to_ascii_lowercase();
                    FULL_SIGNS
                        .iter()
                        .chain(&CONNECTION_LOST_SIGNS)
                        .chain(&["database is locked"])
                        .any(|sign| message.contains(sign))
                        // The database itself gone, not a missing table (that is a bug).
                        || (message.starts_with("database") && message.contains("does not exist"))
                }
            }
            _ => false,
        }
    }
}

impl StoreError {
    /// The same failure, told to each of the requests that shared it (a group
    /// commit, a batch), keeping what `is_unavailable` reads.
    pub(super) fn replicate(&self) -> StoreError {
        use diesel::result::Error;
        match self {
            StoreError::Query(Error::DatabaseError(kind, info)) => StoreError::Query(
                Error::DatabaseError(*kind, Box::new(info.message().to_string())),
            ),
            StoreError::PostgresUnreachable { host, port, reason } => {
                StoreError::PostgresUnreachable {
                    host: host.clone(),
                    port: *port,
                    reason: reason.clone(),
                }
            }
            other => StoreError::Interrupted(other.to_string()),
        }
    }

    /// The connection the query went through is gone (the server restarted or
    /// ended it): another connection may well work.
    pub(crate) fn is_connection_lost(&self) -> bool {
        use diesel::result::{DatabaseErrorKind, Error};
        match self {
            StoreError::Query(Error::DatabaseError(kind, info)) => {
                matches!(
                    kind,
                    DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand
                ) || {
                    let message = info.message().to_ascii_lowercase();
                    CONNECTION_LOST_SIGNS
                        .iter()
                        .any(|sign| message.contains(sign))
                }
            }
            _ => false,
        }
    }

    /// Why the database cannot be used now, as the health check says it.
    pub fn unavailability(&self) -> Unavailability {
        use diesel::result::{DatabaseErrorKind, Error};
        match self {
            StoreError::Pool(_)
            | StoreError::PostgresUnreachable { .. }
            | StoreError::SqliteUnavailable { .. } => Unavailability::CannotConnect,
            error if error.is_connection_lost() => Unavailability::CannotConnect,
            StoreError::Query(Error::DatabaseError(DatabaseErrorKind::ReadOnlyTransaction, _)) => {
                Unavailability::RefusedWrite
            }
            StoreError::Query(Error::DatabaseError(_, info)) => {
                let message = info.message().to_ascii_lowercase();
                if FULL_SIGNS.iter().any(|sign| message.contains(sign)) {
                    Unavailability::Full
                } else {
                    Unavailability::RefusedWrite
                }
            }
            _ => Unavailability::RefusedWrite,
        }
    }
}

impl From<diesel::result::Error> for StoreError {
    fn from(error: diesel::result::Error) -> StoreError {
        match error {
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => StoreError::Duplicate,
            // A stored value that does not read back (an unknown game, say).
            diesel::result::Error::DeserializationError(error) => {
                // diesel names the field; what was wrong with it is the source's.
                let mut message = error.to_string();
                let mut source = error.source();
                while let Some(cause) = source {
                    message.push_str(": ");
                    message.push_str(&cause.to_string());
                    source = cause.source();
                }
                StoreError::Corrupt(message)
            }
            other => StoreError::Query(other),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
