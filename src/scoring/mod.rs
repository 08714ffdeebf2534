//! Scoring a match: its stored log read back as a match record, and the one way a
//! new entry is appended, [`Scoring::append`], which the referee pages and the API
//! call (a record imported into a match, [`Scoring::import`], takes the same
//! transaction for each of its entries).
//!
//! `append` validates the entry with the rules engine and stores it only if the
//! match is still where the submitter saw it (sequence number, submission key),
//! with one answer type whatever the backend. How the entry gets there is its own
//! business ([`strategy`]): on SQLite it is checked on the request's thread against
//! the remembered state and stored by the group writer's guarded statement; on
//! PostgreSQL it joins the entry batch; anything either cannot be sure of goes
//! through one transaction, which gives every answer.
//!
//! Scoring knows nothing of events. An entry that starts, finishes or changes a
//! finished match must advance its event inside the append's own transaction, so
//! that both commit or neither does: the owner of [`Scoring`] hands it that
//! follow-up ([`AfterAppend`]) once, and scoring calls it when the entry asks.

mod cache;
mod loaded;
pub mod strategy;

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

pub use cache::{MatchCache, Remembered};
pub use loaded::{LoadedMatch, Moved, NowAtTable, corrections, last_undoable, record_json};

use crate::rules::any::{AnyMatch, AnyRecord, AnyReplayError};
use crate::rules::comanda::Nicknames;
use crate::rules::record::SyntaxError;
use crate::store::events::HeldEvent;
use crate::store::matches::{self, Author, MatchRow, MatchStatus};
use crate::store::{Backend, Db, DbConnection, StoreError, StoreResult};

/// What runs in an append's transaction when the entry starts, finishes or changes
/// a finished match: an event's advancement (`events::Advancement`, or the function
/// `events::after_append`, which derives the event afresh each time).
pub trait AfterAppend: Send + Sync {
    /// Before anything is written: holds the match's event, if it has one, and says the
    /// version it was found at.
    fn hold(&self, connection: &mut DbConnection, match_id: i64) -> StoreResult<Option<HeldEvent>> {
        crate::store::events::hold_event_of_match(connection, match_id)
    }

    /// Once the entry is written, in the same transaction.
    fn after_append(
        &self,
        connection: &mut DbConnection,
        match_id: i64,
        held: Option<HeldEvent>,
    ) -> StoreResult<()>;
}

impl<F: Fn(&mut DbConnection, i64) -> StoreResult<()> + Send + Sync> AfterAppend for F {
    fn after_append(
        &self,
        connection: &mut DbConnection,
        match_id: i64,
        _held: Option<HeldEvent>,
    ) -> StoreResult<()> {
        self(connection, match_id)
    }
}

impl AfterAppend for &dyn AfterAppend {
    fn hold(&self, connection: &mut DbConnection, match_id: i64) -> StoreResult<Option<HeldEvent>> {
        (**self).hold(connection, match_id)
    }

    fn after_append(
        &self,
        connection: &mut DbConnection,
        match_id: i64,
        held: Option<HeldEvent>,
    ) -> StoreResult<()> {
        (**self).after_append(connection, match_id, held)
    }
}

type Deferred = Vec<Box<dyn FnOnce() + Send>>;

thread_local! {
    /// What the write running on this thread asked to do once it is committed.
    static AFTER_COMMIT: std::cell::RefCell<Deferred> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `action` once the append in progress on this thread is committed, and never if
/// it is not: what an append's follow-up learned from data the write could still take
/// back (an event remembers the logs it replayed) is kept only once it is durable.
pub fn after_commit(action: impl FnOnce() + Send + 'static) {
    AFTER_COMMIT.with(|deferred| deferred.borrow_mut().push(Box::new(action)));
}

fn take_after_commit() -> Deferred {
    AFTER_COMMIT.with(|deferred| std::mem::take(&mut *deferred.borrow_mut()))
}

/// An entry of any game as the JSON a submission carries.
pub fn entry_json(entry: &impl Serialize) -> Value {
    serde_json::to_value(entry).expect("entries serialize")
}

/// What became of a submitted entry.
#[derive(Debug, Clone)]
pub enum AppendOutcome {
    /// Recorded at this sequence number; the match now has this status and state
    /// (the engine's, after the entry, so callers need not replay the log). The state
    /// is a copy: writing its summary out is left to the caller, off the one writer.
    Appended {
        seq: i64,
        status: MatchStatus,
        state: Box<AnyMatch>,
    },
    /// The same submission was recorded before (a double tap or a retry); nothing new.
    AlreadyRecorded { seq: i64 },
    /// The match changed since the form was shown: nothing was recorded.
    Stale { expected: i64, current: i64 },
    /// The entry cannot be read as an entry of the match's game: nothing was recorded.
    Unreadable { error: SyntaxError },
    /// The rules refuse it: nothing was recorded.
    Refused { error: AnyReplayError },
    /// The match takes no entries in this state (forfeit, or finished and the entry is not a correction).
    Closed { status: MatchStatus },
    /// The match was taken out of its event's draw (a redraw or a correction replaced
    /// it): it takes no entry; nothing was recorded.
    OutOfDraw,
    /// No such match.
    NotFound,
}

/// An entry on its way through one of the [`strategy`] functions.
pub struct Submission<'a> {
    pub public_id: &'a str,
    pub expected_seq: i64,
    /// The entry's JSON, as the match's game writes it in a record (`author` and
    /// `time` are ignored: the author and the clock of the server are stored).
    pub entry: Value,
    pub author: Author,
    pub submission_key: &'a str,
}

/// An entry as a handler submits it to [`Scoring::append`].
pub struct Submitted<'a> {
    /// The match as the handler read it, with its club's comanda nicknames: the
    /// checks against the remembered state start from them.
    pub row: &'a MatchRow,
    pub nicknames: &'a Nicknames,
    /// The sequence number the submitter saw: the entry is stored only at it.
    pub expected_seq: i64,
    /// The entry's JSON, as the match's game writes it in a record (`author` and
    /// `time` are ignored: the author and the clock of the server are stored).
    pub entry: Value,
    pub author: Author,
    /// Repeating a submission with the same key records it once.
    pub submission_key: String,
}

/// The one way to append a score entry: the database, the remembered matches and
/// the follow-up an entry may ask for. Cheap to clone.
#[derive(Clone)]
pub struct Scoring {
    db: Db,
    cache: Arc<MatchCache>,
    after_append: Arc<dyn AfterAppend>,
}

impl Scoring {
    pub fn new(db: Db, after_append: Arc<dyn AfterAppend>) -> Scoring {
        Scoring {
            db,
            cache: Arc::default(),
            after_append,
        }
    }

    /// Appends an entry, or says why not; see the module documentation. A write
    /// that lost the race for its sequence number (another writer took it between
    /// the check and the insert) reads as stale, like any change since the form
    /// was shown.
    pub async fn append(&self, submitted: Submitted<'_>) -> StoreResult<AppendOutcome> {
        let expected_seq = submitted.expected_seq;
        let outcome = match self.db.backend() {
            Backend::Sqlite => self.append_through_writer(submitted).await,
            Backend::Postgres => self.append_batched(submitted).await,
        };
        match outcome {
            Err(StoreError::Stale) => Ok(AppendOutcome::Stale {
                expected: expected_seq,
                current: expected_seq + 1,
            }),
            other => other,
        }
    }

    /// SQLite: an entry of a remembered match in progress is checked here, on the
    /// request's thread, and the one writer only stores it with a statement that
    /// writes it only while the match and its log are as checked against; anything
    /// else the writer decides by the transaction.
    async fn append_through_writer(&self, submitted: Submitted<'_>) -> StoreResult<AppendOutcome> {
        let (checked, pending) = check_then_own(submitted, |row, nicknames, submission| {
            self.cache
                .take_for_check(row, submission.expected_seq)
                .and_then(|remembered| {
                    strategy::check_remembered(&self.cache, remembered, submission, nicknames)
                })
        });
        let stored = self
            .on_writer(
                pending,
                move |connection, cache, after_append: &dyn AfterAppend, submission| {
                    strategy::append_checked(connection, cache, after_append, checked, submission)
                },
            )
            .await?;
        Ok(stored.committed(&self.cache))
    }

    /// PostgreSQL: the entry batch when it takes the entry, else the transaction.
    async fn append_batched(&self, submitted: Submitted<'_>) -> StoreResult<AppendOutcome> {
        let (fast, pending) = check_then_own(submitted, |row, nicknames, submission| {
            strategy::append_fast(&self.db, &self.cache, row, nicknames, submission)
        });
        if let Some(pending) = fast
            && let Some(outcome) = pending.outcome(&self.cache).await
        {
            return Ok(outcome);
        }
        self.on_writer(pending, |connection, cache, after_append, submission| {
            strategy::append_in_transaction(connection, cache, after_append, submission)
        })
        .await
    }

    /// Runs `decide` in a write transaction off the async executor, with the
    /// submission as it was handed over.
    async fn on_writer<T: Send + 'static>(
        &self,
        pending: Pending,
        decide: impl FnOnce(
            &mut DbConnection,
            &MatchCache,
            &dyn AfterAppend,
            Submission<'_>,
        ) -> StoreResult<T>
        + Send
        + 'static,
    ) -> StoreResult<T> {
        let (cache, after_append) = (self.cache.clone(), self.after_append.clone());
        let (value, deferred) = self
            .db
            .write_async(move |connection| {
                take_after_commit(); // anything an earlier write left is not this one's
                let Pending {
                    public_id,
                    expected_seq,
                    entry,
                    author,
                    submission_key,
                } = pending;
                let submission = Submission {
                    public_id: &public_id,
                    expected_seq,
                    entry,
                    author,
                    submission_key: &submission_key,
                };
                let decided = decide(connection, &cache, &*after_append, submission);
                let deferred = take_after_commit();
                decided.map(|value| (value, deferred))
            })
            .await?;
        deferred.into_iter().for_each(|action| action());
        Ok(value)
    }

    /// Imports a record into a match with an empty log, in one transaction: the
    /// match takes the record's game, options, players and first dealer, and every
    /// entry is appended as [`Scoring::append`] would append it (keys `import-N`).
    /// False, with nothing written, when the log is not empty; `StoreError::Stale`,
    /// with nothing written, when an entry is not appended.
    pub async fn import(
        &self,
        row: &MatchRow,
        record: AnyRecord,
        author: Author,
    ) -> StoreResult<bool> {
        let (match_id, public_id) = (row.id, row.public_id.clone());
        let (cache, after_append) = (self.cache.clone(), self.after_append.clone());
        self.db
            .write_async(move |connection| {
                if !matches::entries(connection, match_id)?.is_empty() {
                    return Ok(false);
                }
                let options_json = record.options_json().to_string();
                matches::replace_setup(
                    connection,
                    match_id,
                    record.kind(),
                    &options_json,
                    record.players(),
                    i32::from(u8::from(record.first_dealer())),
                )?;
                for (index, entry) in record.entries_json().into_iter().enumerate() {
                    let key = format!("import-{index}");
                    let outcome = strategy::append_in_transaction(
                        connection,
                        &cache,
                        &*after_append,
                        Submission {
                            public_id: &public_id,
                            expected_seq: index as i64,
                            entry,
                            author: author.clone(),
                            submission_key: &key,
                        },
                    )?;
                    if !matches!(outcome, AppendOutcome::Appended { .. }) {
                        return Err(StoreError::Stale);
                    }
                }
                Ok(true)
            })
            .await
    }
}

/// A submission with all it borrows owned, to be moved onto the writer.
struct Pending {
    public_id: String,
    expected_seq: i64,
    entry: Value,
    author: Author,
    submission_key: String,
}

/// Runs `check` on the submission here, on the request's thread, then hands back
/// its parts to be moved onto the writer.
fn check_then_own<T>(
    submitted: Submitted<'_>,
    check: impl FnOnce(&MatchRow, &Nicknames, &Submission<'_>) -> T,
) -> (T, Pending) {
    let Submitted {
        row,
        nicknames,
        expected_seq,
        entry,
        author,
        submission_key,
    } = submitted;
    let submission = Submission {
        public_id: &row.public_id,
        expected_seq,
        entry,
        author,
        submission_key: &submission_key,
    };
    let checked = check(row, nicknames, &submission);
    let Submission { entry, author, .. } = submission;
    let pending = Pending {
        public_id: row.public_id.clone(),
        expected_seq,
        entry,
        author,
        submission_key,
    };
    (checked, pending)
}

/// A short random id for a public address (about 59 bits). Letters and digits only:
/// an id that began with `-` would read as an option on the command line
/// (`segnapunti export ID`), and one with `_` or `-` is harder to read out at a table.
pub fn new_public_id() -> String {
    use rand::{Rng, distr::Alphanumeric};
    rand::rng()
        .sample_iter(Alphanumeric)
        .take(10)
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn public_ids_are_ten_letters_and_digits() {
        let ids: std::collections::HashSet<String> =
            (0..2_000).map(|_| super::new_public_id()).collect();
        assert_eq!(ids.len(), 2_000, "no repeats");
        for id in &ids {
            assert_eq!(id.len(), 10, "{id}");
            assert!(id.chars().all(|c| c.is_ascii_alphanumeric()), "{id}");
        }
    }
}
