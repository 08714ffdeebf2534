//! The PostgreSQL engine: score entry's group work on threads with connections of
//! their own (`batch.rs`), which serve the requests pending at once with one
//! statement over arrays (`scoring_context.rs` reads each entry's match, club
//! nicknames and bearer token; `entry_batch.rs` appends the fast path's entries),
//! and LISTEN/NOTIFY (`listen.rs`), so that every instance hears of entries
//! appended through any other.
//!
//! A statement and a round trip per request cost PostgreSQL and the server more
//! than the work itself; one statement per batch pays them once.

/// Pushes a batch's arrays, each a bind parameter, separated by commas: the arguments
/// of the statement's `unnest(…)`.
macro_rules! bind_arrays {
    ($out:ident, $first_type:ty => $first:expr $(, $type:ty => $values:expr)* $(,)?) => {
        $out.push_bind_param::<diesel::sql_types::Array<$first_type>, _>($first)?;
        $(
            $out.push_sql(", ");
            $out.push_bind_param::<diesel::sql_types::Array<$type>, _>($values)?;
        )*
    };
}

/// Makes `$statement` (a `QueryFragment` over a batch's arrays) a query answering
/// `$sql_type` rows. Its text never changes, so diesel caches the prepared statement
/// by the text, once per connection.
macro_rules! batch_statement {
    ($statement:ident => $sql_type:ty) => {
        impl diesel::query_builder::QueryId for $statement<'_> {
            type QueryId = ();
            const HAS_STATIC_QUERY_ID: bool = false;
        }

        impl diesel::query_builder::Query for $statement<'_> {
            type SqlType = $sql_type;
        }

        impl diesel::RunQueryDsl<diesel::pg::PgConnection> for $statement<'_> {}
    };
}

mod batch;
pub mod entry_batch;
pub mod listen;
pub mod scoring_context;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use diesel::Connection;
use diesel::pg::PgConnection;

use super::matches::NextEntry;
use super::{DatabaseUrl, DbConnection, StoreError, StoreResult};

/// Opens a connection to the server `url` names; `database_url` words the error.
pub(super) fn establish(url: &str, database_url: &DatabaseUrl) -> StoreResult<DbConnection> {
    PgConnection::establish(url)
        .map(DbConnection::Postgres)
        .map_err(|error| {
            let (host, port) = database_url
                .postgres_host_port()
                .unwrap_or_else(|| ("localhost".to_string(), 5432));
            StoreError::PostgresUnreachable {
                host,
                port,
                reason: error.to_string().trim().to_string(),
            }
        })
}

/// Makes a connection for one of the engine's threads.
pub(super) type Connect = batch::Connect;

/// The threads of the PostgreSQL engine; cheap to clone.
#[derive(Clone)]
pub(super) struct Engine {
    /// Tells other instances of changes once they are committed.
    pub(super) announcer: listen::Announcer,
    /// The score-entry fast path's group commit.
    pub(super) entries: batch::Batcher<NextEntry, bool>,
    /// Score entry's reads, batched.
    pub(super) contexts:
        batch::Batcher<scoring_context::Lookup, Option<scoring_context::ScoringContext>>,
}

/// Starts the engine's threads; `connect` makes each its connection, and a failed
/// write of the entry batch is told through `writes_failing`.
pub(super) fn start(
    url: &str,
    connect: impl Fn() -> Connect,
    writes_failing: Arc<AtomicBool>,
) -> StoreResult<Engine> {
    let cannot_start = |error: std::io::Error| {
        StoreError::Interrupted(format!("cannot start a batching thread: {error}"))
    };
    let announcer = listen::Announcer::start(url.to_string());
    let entries =
        entry_batch::start(connect(), announcer.clone(), writes_failing).map_err(cannot_start)?;
    let contexts = scoring_context::start(connect()).map_err(cannot_start)?;
    Ok(Engine {
        announcer,
        entries,
        contexts,
    })
}
