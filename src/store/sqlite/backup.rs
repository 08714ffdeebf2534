//! Consistent snapshots of a live SQLite database.

use std::path::{Path, PathBuf};

use diesel::RunQueryDsl;
use diesel::connection::SimpleConnection;

use super::{USUAL_WAIT, open, unavailable};
use crate::store::{DatabaseUrl, StoreError};

/// Why no backup was written. The first two are the operator's to change (the
/// command line answers them with exit code 2); the database's own failures are not.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("backup copies SQLite databases; for PostgreSQL use pg_dump")]
    NotSqlite,
    #[error("{}: the file exists already; a backup never overwrites a file, choose a new one", .0.display())]
    TargetExists(PathBuf),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl BackupError {
    /// A refusal of what was asked, rather than a failure while doing it.
    pub fn is_refusal(&self) -> bool {
        matches!(self, BackupError::NotSqlite | BackupError::TargetExists(_))
    }
}

/// Copies the database with `VACUUM INTO`, which reads one consistent snapshot
/// while writers go on, and writes a compact file that opens on its own.
pub fn snapshot(url: &DatabaseUrl, target: &Path) -> Result<(), BackupError> {
    let DatabaseUrl::Sqlite { path } = url else {
        return Err(BackupError::NotSqlite);
    };
    if !path.exists() {
        return Err(unavailable(path, "no such file".to_string()).into());
    }
    // `symlink_metadata`: a dangling link is a file in the way too.
    if target.symlink_metadata().is_ok() {
        return Err(BackupError::TargetExists(target.to_path_buf()));
    }
    let target_text = target
        .to_str()
        .ok_or_else(|| unavailable(path, "the backup path is not valid UTF-8".to_string()))?;
    let mut connection = open(path)?;
    connection
        .batch_execute(&format!(
            "{}; VACUUM INTO '{}'",
            USUAL_WAIT,
            target_text.replace('\'', "''")
        ))
        .map_err(StoreError::Query)?;
    let mut copy = open(target)?;
    let verdict: Vec<IntegrityRow> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut copy)
        .map_err(StoreError::Query)?;
    match verdict.first().map(|row| row.integrity_check.as_str()) {
        Some("ok") => Ok(()),
        other => Err(StoreError::Corrupt(format!(
            "the copy failed its integrity check: {}",
            other.unwrap_or("no answer")
        ))
        .into()),
    }
}

#[derive(diesel::QueryableByName)]
struct IntegrityRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}
