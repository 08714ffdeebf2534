//! Storage: one diesel schema over SQLite (the embedded default) and PostgreSQL.
//!
//! `Db` is the handle the application shares; the query modules here (users,
//! sessions, matches, events, clubs …) are written once for both backends. What
//! only one engine does lives behind its fence: `sqlite/` (the group writer,
//! checkpoints, timestamps, backups) and `pg/` (batches, LISTEN/NOTIFY). SQLite
//! writes through its one writer thread and reads from a pool of read-only
//! connections; PostgreSQL uses one pool for both.

/// Runs a query on the backend's own connection type. Through `DbConnection`
/// diesel writes the SQL text out and looks the prepared statement up by that text
/// at every execution; on the concrete connection the statement is found by the
/// query's type. Worth it on the score-entry path, where it was a third of the cost.
macro_rules! typed {
    ($connection:expr, |$inner:ident| $query:expr) => {
        match $connection {
            $crate::store::DbConnection::Sqlite($inner) => $query,
            $crate::store::DbConnection::Postgres($inner) => $query,
        }
    };
}
pub(crate) use typed;

/// Inserts `values` into a table whose rows have a unique `public_id` and answers the new
/// row's id (RETURNING does not pass through MultiConnection).
macro_rules! insert_by_public_id {
    ($connection:expr, $table:ident, $values:expr) => {{
        let values = $values;
        diesel::insert_into($table::table)
            .values(values)
            .execute($connection)?;
        Ok($table::table
            .filter($table::public_id.eq(values.public_id))
            .select($table::id)
            .first($connection)?)
    }};
}
pub(crate) use insert_by_public_id;

/// `$name(connection, id)`: the row of `$table` with this id, as its `Selectable` row
/// type.
macro_rules! find_by_id {
    ($name:ident: $table:ident => $row:ty) => {
        pub fn $name(connection: &mut DbConnection, id: i64) -> StoreResult<Option<$row>> {
            Ok($crate::store::typed!(connection, |inner| $table::table
                .find(id)
                .select(<$row>::as_select())
                .first(inner)
                .optional())?)
        }
    };
}
pub(crate) use find_by_id;

/// `$name(connection, $column)`: the row of `$table` whose unique text `$column` has this
/// value, as a `Selectable` row type.
macro_rules! find_by {
    ($name:ident: $table:ident . $column:ident => $row:ty) => {
        pub fn $name(connection: &mut DbConnection, $column: &str) -> StoreResult<Option<$row>> {
            Ok($crate::store::typed!(connection, |inner| $table::table
                .filter($table::$column.eq($column))
                .select(<$row>::as_select())
                .first(inner)
                .optional())?)
        }
    };
}
pub(crate) use find_by;

/// `$name(connection, $column)`: the rows of `$table` (joined to `$joined`) whose
/// `$filtered.$column` is this id, in `$order`, as a `Selectable` row type.
macro_rules! list_by {
    ($(#[$doc:meta])* $name:ident: $table:ident $(join $joined:ident)?
        where $filtered:ident . $column:ident, order $order:expr => $row:ty) => {
        $(#[$doc])*
        pub fn $name(connection: &mut DbConnection, $column: i64) -> StoreResult<Vec<$row>> {
            Ok($crate::store::typed!(connection, |inner| $table::table
                $(.inner_join($joined::table))?
                .filter($filtered::$column.eq($column))
                .order($order)
                .select(<$row>::as_select())
                .load(inner))?)
        }
    };
}
pub(crate) use list_by;

/// `$name(connection, $id, …)`: writes `$changes` (which may use the other arguments)
/// to the row of `$table` with this id.
macro_rules! update_by_id {
    ($(#[$doc:meta])* $name:ident: $table:ident($id:ident $(, $arg:ident: $type:ty)*)
        => $changes:expr) => {
        $(#[$doc])*
        pub fn $name(connection: &mut DbConnection, $id: i64 $(, $arg: $type)*) -> StoreResult<()> {
            $crate::store::update(connection, $table::table.find($id), $changes).map(drop)
        }
    };
}
pub(crate) use update_by_id;

/// `find` (by id) and `find_by_public_id` for a table whose rows have a unique
/// `public_id`, answering its `Selectable` row type.
macro_rules! finders {
    ($table:ident => $row:ty) => {
        $crate::store::find_by!(find_by_public_id: $table.public_id => $row);
        $crate::store::find_by_id!(find: $table => $row);
    };
}
pub(crate) use finders;

/// A table linking users to a thing (organizers of a club, referees of a match): whether
/// a user is linked; the linked users, (id, display name) by name; link, unless linked
/// already; unlink.
macro_rules! user_link {
    ($table:ident . $thing:ident: $is_linked:ident, $list:ident, $(#[$link_doc:meta])* $link:ident, $unlink:ident) => {
        pub fn $is_linked(connection: &mut DbConnection, $thing: i64, user_id: i64) -> StoreResult<bool> {
            let count: i64 = typed!(connection, |inner| $table::table
                .find(($thing, user_id))
                .count()
                .get_result(inner))?;
            Ok(count > 0)
        }

        pub fn $list(connection: &mut DbConnection, $thing: i64) -> StoreResult<Vec<(i64, String)>> {
            Ok($table::table
                .inner_join(users::table)
                .filter($table::$thing.eq($thing))
                .order(users::display_name.asc())
                .select((users::id, users::display_name))
                .load(connection)?)
        }

        $(#[$link_doc])*
        pub fn $link(connection: &mut DbConnection, $thing: i64, user_id: i64) -> StoreResult<()> {
            typed!(connection, |inner| diesel::insert_into($table::table)
                .values(($table::$thing.eq($thing), $table::user_id.eq(user_id)))
                .on_conflict_do_nothing()
                .execute(inner))?;
            Ok(())
        }

        pub fn $unlink(connection: &mut DbConnection, $thing: i64, user_id: i64) -> StoreResult<()> {
            diesel::delete($table::table.find(($thing, user_id))).execute(connection)?;
            Ok(())
        }
    };
}
pub(crate) use user_link;

pub mod api_tokens;
pub mod clubs;
mod error;
pub mod events;
pub mod invitations;
pub mod matches;
mod migrations;
pub mod pg;
pub mod player_figures;
pub mod players;
pub mod ratings;
pub mod schema;
pub mod seasons;
pub mod sessions;
pub mod settings;
pub mod sqlite;
pub mod state_changes;
mod stored_game;
pub mod tables;
pub mod throttle;
pub mod url;
pub mod users;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{ManageConnection, Pool};
use diesel::sqlite::SqliteConnection;

pub(crate) use error::required;
pub use error::{StoreError, StoreResult, Unavailability};
pub use migrations::migration_names;
use migrations::run_migrations;
use sqlite::ConnectionRole;
pub(crate) use sqlite::{StoredTime, USUAL_WAIT, data_version};
pub(crate) use stored_game::StoredGame;
pub use url::{DatabaseUrl, DatabaseUrlError};

/// A page's rows read with one more than it shows (`LIMIT size + 1`): that extra row,
/// when read, only says that more follow. The rows kept, and whether more follow.
pub fn page_of<T>(mut rows: Vec<T>, size: i64) -> (Vec<T>, bool) {
    let more = rows.len() as i64 > size;
    rows.truncate(usize::try_from(size).unwrap_or(0));
    (rows, more)
}

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Opens connections of the backend the URL names, never another.
#[derive(Debug)]
struct ConnectionManager {
    url: DatabaseUrl,
    role: ConnectionRole,
}

impl ConnectionManager {
    fn establish(&self) -> StoreResult<DbConnection> {
        match &self.url {
            DatabaseUrl::Sqlite { path } => sqlite::establish(path, self.role),
            DatabaseUrl::Postgres { url } => pg::establish(url, &self.url),
        }
    }
}

impl ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = StoreError;

    fn connect(&self) -> StoreResult<DbConnection> {
        self.establish()
    }

    fn is_valid(&self, connection: &mut DbConnection) -> StoreResult<()> {
        connection
            .batch_execute("SELECT 1")
            .map_err(StoreError::Query)
    }

    /// Without a round trip: a transaction left open, or a connection diesel saw
    /// lost while executing a prepared statement (libpq then reports an unknown
    /// transaction status). A statement that fails while being prepared (every
    /// query through `DbConnection` rather than `typed!`) leaves no such mark:
    /// `Db::renew_if_lost` replaces those connections.
    fn has_broken(&self, connection: &mut DbConnection) -> bool {
        match connection {
            DbConnection::Postgres(postgres) => diesel::r2d2::R2D2Connection::is_broken(postgres),
            DbConnection::Sqlite(_) => false,
        }
    }
}

/// Where writes go: SQLite's one writer thread, or PostgreSQL's pool.
#[derive(Clone)]
enum Writes {
    Grouped(sqlite::Engine),
    Pooled(Pool<ConnectionManager>),
}

/// The database handle the application shares: cheap to clone.
#[derive(Clone)]
pub struct Db {
    backend: Backend,
    postgres_url: Option<String>,
    writes: Writes,
    reader: Pool<ConnectionManager>,
    /// Set when a write failed because the database could not take it (full,
    /// gone), cleared by the next write that succeeds: the health check reports it.
    writes_failing: Arc<AtomicBool>,
    /// PostgreSQL: makes the connection that replaces one the server dropped.
    reconnect: Option<Arc<ConnectionManager>>,
    /// PostgreSQL: the announcer and score entry's batches.
    pg: Option<pg::Engine>,
}

/// Remembers whether the latest write could be stored.
fn track<T>(failing: &AtomicBool, outcome: &StoreResult<T>) {
    match outcome {
        Ok(_) => failing.store(false, Ordering::Relaxed),
        Err(error) if error.is_unavailable() => failing.store(true, Ordering::Relaxed),
        Err(_) => {}
    }
}

/// A write queued on SQLite's writer thread, answered once it is durable.
pub type QueuedWrite<T> = tokio::sync::oneshot::Receiver<StoreResult<T>>;

fn interrupted() -> StoreError {
    StoreError::Interrupted("the database writer did not answer".into())
}

/// How the database handle is set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DbOptions {
    /// PostgreSQL: the most connections of the shared pool, opened as requests need
    /// them. Score entry's batching threads, the announcer and the listener keep one
    /// each besides (see the README's connection budget).
    pub pool_size: u32,
}

impl DbOptions {
    pub const DEFAULT_POOL_SIZE: u32 = 10;
}

impl Default for DbOptions {
    fn default() -> DbOptions {
        DbOptions {
            pool_size: DbOptions::DEFAULT_POOL_SIZE,
        }
    }
}

impl Db {
    /// Connects, runs pending migrations and builds the pools.
    pub fn open(url: &DatabaseUrl) -> StoreResult<Db> {
        Db::open_with(url, &DbOptions::default())
    }

    /// [`Db::open`] with options other than the defaults.
    pub fn open_with(url: &DatabaseUrl, options: &DbOptions) -> StoreResult<Db> {
        let writer_manager = ConnectionManager {
            url: url.clone(),
            role: ConnectionRole::Writer,
        };
        // A first connection made by hand reports an unreachable server at once
        // instead of after the pool's timeout, and carries the migrations.
        let mut first = writer_manager.establish()?;
        run_migrations(&mut first)?;
        drop(first);

        let backend = match url {
            DatabaseUrl::Sqlite { .. } => Backend::Sqlite,
            DatabaseUrl::Postgres { .. } => Backend::Postgres,
        };
        // Long enough to queue behind a busy writer, short enough that a visitor
        // hears of a database that is down.
        let timeout = Duration::from_secs(5);
        let db = match url {
            DatabaseUrl::Sqlite { path } => {
                let engine = sqlite::start(path, move || writer_manager.establish())?;
                let reader = Pool::builder()
                    .max_size(4)
                    // A file connection does not break; the check was a parsed
                    // `SELECT 1` before every read.
                    .test_on_check_out(false)
                    .connection_timeout(timeout)
                    .build(ConnectionManager {
                        url: url.clone(),
                        role: ConnectionRole::Reader,
                    })?;
                Db {
                    backend,
                    postgres_url: None,
                    writes: Writes::Grouped(engine),
                    reader,
                    writes_failing: Arc::default(),
                    reconnect: None,
                    pg: None,
                }
            }
            DatabaseUrl::Postgres { .. } => {
                let pool = Pool::builder()
                    .max_size(options.pool_size)
                    // Opened as requests need them, not all at start: an instance
                    // starts whatever PostgreSQL has free, and the first connection
                    // above already said whether the server can be reached.
                    .min_idle(Some(0))
                    // The `SELECT 1` at every checkout was a round trip of every
                    // read and write. A connection the server dropped (a restart)
                    // fails the one request that next uses it and is then
                    // discarded (`has_broken`); new connections are checked as
                    // they are made.
                    .test_on_check_out(false)
                    .connection_timeout(timeout)
                    .build(writer_manager)?;
                let DatabaseUrl::Postgres { url: postgres_url } = url else {
                    unreachable!("the backend is PostgreSQL")
                };
                let writes_failing = Arc::<AtomicBool>::default();
                let reconnect = Arc::new(ConnectionManager {
                    url: url.clone(),
                    role: ConnectionRole::Writer,
                });
                let connect = || -> pg::Connect {
                    let manager = reconnect.clone();
                    Box::new(move || manager.establish())
                };
                let engine = pg::start(postgres_url, connect, writes_failing.clone())?;
                Db {
                    backend,
                    postgres_url: Some(postgres_url.clone()),
                    writes: Writes::Pooled(pool.clone()),
                    reader: pool,
                    writes_failing,
                    reconnect: Some(reconnect),
                    pg: Some(engine),
                }
            }
        };
        Ok(db)
    }

    /// The URL of a PostgreSQL database, for a listening connection of its own.
    pub fn postgres_url(&self) -> Option<String> {
        self.postgres_url.clone()
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs `work` in one transaction and returns once it is committed. Blocking:
    /// call it off the async executor (or use [`Db::write_queued`]).
    pub fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    ) -> StoreResult<T> {
        let outcome = match &self.writes {
            Writes::Grouped(engine) => {
                let (answer, answered) = std::sync::mpsc::sync_channel(1);
                engine.writer.submit(work, move |outcome| {
                    let _ = answer.send(outcome);
                });
                answered.recv().unwrap_or_else(|_| Err(interrupted()))
            }
            Writes::Pooled(pool) => {
                pool.get()
                    .map_err(StoreError::from)
                    .and_then(|mut connection| {
                        let connection: &mut DbConnection = &mut connection;
                        let _ = pg::listen::take_announced();
                        // `work` is taken only once the transaction has begun: a
                        // connection found gone at BEGIN ran nothing, and the work
                        // goes once more through a new one.
                        let mut work = Some(work);
                        let mut outcome = run_once(connection, &mut work);
                        if work.is_some() && self.renew_if_lost(connection, &outcome) {
                            outcome = run_once(connection, &mut work);
                        } else {
                            self.renew_if_lost(connection, &outcome);
                        }
                        self.announce_committed(&outcome);
                        outcome
                    })
            }
        };
        track(&self.writes_failing, &outcome);
        outcome
    }

    /// PostgreSQL: queues a score entry's read for the next batch
    /// (`scoring_context`); `None` on SQLite, where reads cost no round trip.
    pub fn scoring_context(
        &self,
        lookup: pg::scoring_context::Lookup,
    ) -> Option<pg::scoring_context::Read> {
        self.pg.as_ref().map(|pg| pg.contexts.submit(lookup))
    }

    /// PostgreSQL: queues an entry for the score-entry fast path's next batch
    /// (`pg::entry_batch`), answered once it is committed; `None` on SQLite, whose
    /// writer commits every write in groups already.
    pub fn append_if_next(&self, entry: matches::NextEntry) -> Option<pg::entry_batch::Written> {
        self.pg.as_ref().map(|pg| pg.entries.submit(entry))
    }

    /// For async callers: on SQLite, queues `work` on the writer thread without
    /// holding a thread of the caller's; on PostgreSQL, hands `work` back to be run
    /// with [`Db::write`] off the executor.
    #[allow(clippy::result_large_err)]
    pub fn write_queued<T, W>(&self, work: W) -> Result<QueuedWrite<T>, W>
    where
        T: Send + 'static,
        W: FnOnce(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    {
        match &self.writes {
            Writes::Grouped(engine) => {
                let (answer, answered) = tokio::sync::oneshot::channel();
                let failing = self.writes_failing.clone();
                engine.writer.submit(work, move |outcome| {
                    track(&failing, &outcome);
                    let _ = answer.send(outcome);
                });
                Ok(answered)
            }
            Writes::Pooled(_) => Err(work),
        }
    }

    /// Runs `work` in one transaction off the async executor and answers once it is
    /// committed: queued on SQLite's writer thread, on a blocking thread for
    /// PostgreSQL.
    pub async fn write_async<T, W>(&self, work: W) -> StoreResult<T>
    where
        T: Send + 'static,
        W: FnOnce(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    {
        match self.write_queued(work) {
            Ok(answer) => answer.await.unwrap_or_else(|_| Err(interrupted())),
            Err(work) => {
                let db = self.clone();
                tokio::task::spawn_blocking(move || db.write(work))
                    .await
                    .unwrap_or_else(|_| Err(interrupted()))
            }
        }
    }

    /// Whether the latest write failed because the database could not take it.
    pub fn writes_failing(&self) -> bool {
        self.writes_failing.load(Ordering::Relaxed)
    }

    /// What a queued write's channel says when the writer dropped it unanswered.
    pub fn interrupted() -> StoreError {
        interrupted()
    }

    /// Runs `work` on a read connection. Blocking: call it off the async executor.
    /// A read that finds its PostgreSQL connection gone (the server restarted since
    /// the connection was last used) runs once more on a new one: it changed nothing.
    pub fn read<T>(
        &self,
        mut work: impl FnMut(&mut DbConnection) -> StoreResult<T>,
    ) -> StoreResult<T> {
        let mut connection = self.reader.get()?;
        let outcome = work(&mut connection);
        if self.renew_if_lost(&mut connection, &outcome) {
            return work(&mut connection);
        }
        outcome
    }

    /// Tells other instances of the matches a committed write changed; a write that
    /// failed committed nothing, so they are forgotten.
    fn announce_committed<T>(&self, outcome: &StoreResult<T>) {
        let changed = pg::listen::take_announced();
        if let (Ok(_), Some(pg)) = (outcome, &self.pg) {
            for match_id in changed {
                pg.announcer.announce(match_id);
            }
        }
    }

    /// Replaces a PostgreSQL connection the server dropped (a restart), which the
    /// pool does not ping at checkout; the caller runs work that had not reached the
    /// database again on the new one, so a restart costs no request once the server
    /// answers. While the server is down the dead connection stays, failing fast.
    /// Whether the connection was replaced.
    fn renew_if_lost<T>(&self, connection: &mut DbConnection, outcome: &StoreResult<T>) -> bool {
        if let (Some(manager), Err(error)) = (&self.reconnect, outcome)
            && error.is_connection_lost()
            && let Ok(fresh) = manager.establish()
        {
            *connection = fresh;
            return true;
        }
        false
    }

    /// Runs a read here and now when the database is a local SQLite file and a reading
    /// connection is free at once; otherwise hands the work back. For reads of a few
    /// rows by key, which take less time than handing them to another thread.
    pub fn read_now<T, W>(&self, work: W) -> Result<StoreResult<T>, W>
    where
        W: FnMut(&mut DbConnection) -> StoreResult<T>,
    {
        if self.backend != Backend::Sqlite {
            return Err(work);
        }
        match self.reader.try_get() {
            Some(mut connection) => {
                let mut work = work;
                Ok(work(&mut connection))
            }
            None => Err(work),
        }
    }
}

/// Runs the work in a transaction, taking it out of `work` once BEGIN has succeeded.
fn run_once<T>(
    connection: &mut DbConnection,
    work: &mut Option<impl FnOnce(&mut DbConnection) -> StoreResult<T>>,
) -> StoreResult<T> {
    connection.transaction(|connection| match work.take() {
        Some(work) => work(connection),
        None => Err(StoreError::Interrupted("the write ran already".into())),
    })
}

/// Writes `changes` to the rows of `target` (a table's `find(id)`, or a filter of it);
/// how many rows it changed. The query modules' one way to update.
pub(crate) fn update<T, C>(
    connection: &mut DbConnection,
    target: T,
    changes: C,
) -> StoreResult<usize>
where
    T: diesel::query_builder::IntoUpdateTarget,
    C: diesel::AsChangeset<Target = T::Table>,
    diesel::dsl::Update<T, C>:
        diesel::query_builder::AsQuery + diesel::query_dsl::methods::ExecuteDsl<DbConnection>,
{
    use diesel::RunQueryDsl;
    Ok(diesel::update(target).set(changes).execute(connection)?)
}

pub(crate) fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}
