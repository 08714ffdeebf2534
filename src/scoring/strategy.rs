//! The ways an entry reaches the log, which [`super::Scoring::append`] chooses
//! between by backend; public so that tests can drive each one alone.
//!
//! - [`append_in_transaction`]: the transaction that decides every answer (read the
//!   log, check the sequence number and the submission key, check the entry against
//!   the match's state, insert, then the owner's follow-up for an event's match).
//! - SQLite: [`check_remembered`] on the request's thread, then [`append_checked`] on
//!   the one writer, which inserts with one guarded statement or falls back to the
//!   transaction.
//! - PostgreSQL: [`append_fast`] queues a checked entry for the entry batch, and the
//!   caller runs the transaction when the batch did not take it.

use serde_json::Value;

use super::cache::{CachedMatch, MatchCache, Remembered};
use super::loaded::LoadedMatch;
use super::{AfterAppend, AppendOutcome, Submission};
use crate::rules::any::ExtendError;
use crate::rules::comanda::Nicknames;
use crate::rules::record::SyntaxError;
use crate::store::matches::{self, MatchRow, MatchStatus, NextEntry};
use crate::store::pg::entry_batch::Written;
use crate::store::{Backend, Db, DbConnection, StoreResult};

/// Validates and appends in one transaction: the answer every other way falls back
/// to. `after_append` runs in the same transaction when the entry starts, finishes or
/// changes a finished match (an event's advancement).
pub fn append_in_transaction(
    connection: &mut DbConnection,
    cache: &MatchCache,
    after_append: impl AfterAppend,
    submission: Submission<'_>,
) -> StoreResult<AppendOutcome> {
    let Some(row) = matches::find_by_public_id(connection, submission.public_id)? else {
        return Ok(AppendOutcome::NotFound);
    };
    if let Some(earlier) =
        matches::find_by_submission(connection, row.id, submission.submission_key)?
    {
        return Ok(AppendOutcome::AlreadyRecorded { seq: earlier.seq });
    }
    let last = matches::last_entry(connection, row.id)?;
    let current = last.as_ref().map_or(0, |(seq, _)| seq + 1);
    if submission.expected_seq != current {
        return Ok(AppendOutcome::Stale {
            expected: submission.expected_seq,
            current,
        });
    }
    let entry = without_author_and_time(submission.entry);
    let is_correction = matches!(
        entry.get("type").and_then(Value::as_str),
        Some("void" | "replace")
    );
    match row.status() {
        MatchStatus::Forfeit => {
            return Ok(AppendOutcome::Closed {
                status: MatchStatus::Forfeit,
            });
        }
        MatchStatus::Finished if !is_correction => {
            return Ok(AppendOutcome::Closed {
                status: MatchStatus::Finished,
            });
        }
        _ => {}
    }
    if crate::store::events::event_match(connection, row.id)?
        .is_some_and(|placed| crate::events::tables::out_of_draw(&placed))
    {
        return Ok(AppendOutcome::OutOfDraw);
    }
    let nicknames = crate::store::clubs::nicknames_for_match(connection, row.id)?;
    let last_key = last.map(|(_, key)| key);
    let mut cached = match cache.take(row.id, current, last_key.as_deref()) {
        Some(cached) => cached,
        None => {
            let loaded = LoadedMatch {
                entries: matches::entries(connection, row.id)?,
                row: row.clone(),
                nicknames: nicknames.clone(),
                // Only replayed here: the bracket's names and the clock are for pages.
                knockout: None,
                zone: crate::zone::DEFAULT,
                moved: None,
            };
            CachedMatch {
                seq: current,
                last_key,
                record: loaded.any_record()?,
                state: loaded.any_state()?,
            }
        }
    };
    // Stored as the engine reads it (normalized), without author and time.
    let stored = match cached.record.extend(&mut cached.state, entry, &nicknames) {
        Ok(stored) => stored,
        Err(refusal) => {
            cache.put(row.id, cached);
            return Ok(match refusal {
                ExtendError::Unreadable(message) => AppendOutcome::Unreadable {
                    error: SyntaxError::Entry {
                        index: current as usize,
                        message,
                    },
                },
                ExtendError::Refused(error) => AppendOutcome::Refused { error },
            });
        }
    };
    let status = if cached.state.is_over() {
        MatchStatus::Finished
    } else {
        MatchStatus::InProgress
    };
    // An event's match: advancement and correction notices, in this transaction. The
    // event sees a match only as not started, in progress or finished with its result,
    // so an entry that finds and leaves it in progress changes nothing there; skipping
    // the derivation keeps the cost of most entries independent of the event's size.
    let advances = row.status() != MatchStatus::InProgress || status != MatchStatus::InProgress;
    let held = if advances {
        after_append.hold(connection, row.id)?
    } else {
        None
    };
    matches::append(
        connection,
        row.id,
        current,
        &encode_entry(&stored),
        &submission.author,
        submission.submission_key,
    )?;
    if status != row.status() {
        matches::set_status(connection, row.id, status, None, submission.author.label())?;
    }
    if advances {
        after_append.after_append(connection, row.id, held)?;
    }
    cached.seq = current + 1;
    cached.last_key = Some(submission.submission_key.to_string());
    let state = Box::new(cached.state.clone());
    cache.put(row.id, cached);
    Ok(AppendOutcome::Appended {
        seq: current,
        status,
        state,
    })
}

/// The common entry on PostgreSQL: an entry that leaves a match in progress in
/// progress, checked on the request's thread against the remembered state
/// ([`check_remembered`], as on SQLite) and queued for the next batch of the log's
/// group commit (`store::pg::entry_batch`, `Db::append_if_next`). `None`, having
/// queued nothing, whenever that is not certain to be right: not PostgreSQL, the
/// match is not in progress as `row` says or not remembered at the expected
/// sequence number (or has no entry yet), the rules refuse the entry (the
/// transaction also tells a repeated or stale submission, which come first), or
/// the entry ends the match (a status change, and for an event's match its
/// derivation, belong in the append's transaction). The caller then runs
/// [`append_in_transaction`] in a transaction, which answers exactly as before; and again if
/// [`FastEntry::outcome`] says the batch did not take the entry.
pub fn append_fast(
    db: &Db,
    cache: &MatchCache,
    row: &MatchRow,
    nicknames: &Nicknames,
    submission: &Submission<'_>,
) -> Option<FastEntry> {
    if db.backend() != Backend::Postgres {
        return None;
    }
    let remembered = cache.take_for_check(row, submission.expected_seq)?;
    let checked = check_remembered(cache, remembered, submission, nicknames)?;
    let written = db.append_if_next(checked.entry.clone())?;
    Some(FastEntry { checked, written })
}

/// An entry on its way to the log by the fast path, with the remembered state it
/// leaves, which goes back into the [`MatchCache`] only once the entry is stored.
pub struct FastEntry {
    checked: Checked,
    written: Written,
}

impl FastEntry {
    /// The answer once the batch has committed, or `None` when it did not take the
    /// entry (the match or its log changed meanwhile, or the batch failed): nothing
    /// of it is stored, and the caller runs [`append_in_transaction`] in a transaction.
    pub async fn outcome(self, cache: &MatchCache) -> Option<AppendOutcome> {
        let written = self.written.await;
        settle(
            self.checked,
            cache,
            written.unwrap_or_else(|_| Err(Db::interrupted())),
        )
    }

    /// [`FastEntry::outcome`] for a caller outside the async executor.
    pub fn outcome_blocking(self, cache: &MatchCache) -> Option<AppendOutcome> {
        let written = self.written.blocking_recv();
        settle(
            self.checked,
            cache,
            written.unwrap_or_else(|_| Err(Db::interrupted())),
        )
    }
}

fn settle(
    checked: Checked,
    cache: &MatchCache,
    written: StoreResult<bool>,
) -> Option<AppendOutcome> {
    // A failed batch has been logged by the batcher; the transaction reports the
    // error again if it persists.
    (written.ok() == Some(true)).then(|| Stored::Checked(Box::new(checked)).committed(cache))
}

/// An entry checked against the remembered state of its match on the request's
/// own thread, to be stored only while the log still ends where that state does
/// ([`append_checked`] on SQLite, [`append_fast`] on PostgreSQL).
pub struct Checked {
    entry: NextEntry,
    /// Extended by the entry, and remembered again once it is committed.
    cached: CachedMatch,
}

/// Checks an entry against a remembered match, on the request's thread rather
/// than the one writer every entry passes through (SQLite). `None` when the
/// writer must decide by [`append_in_transaction`], as it always did: the rules refuse the
/// entry (the match goes back to the cache unchanged; a repeated or stale
/// submission is told first there), or the entry ends the match (a status change,
/// and for an event's match its derivation; the state extended already is
/// dropped, and the log replayed there once).
pub fn check_remembered(
    cache: &MatchCache,
    remembered: Remembered,
    submission: &Submission<'_>,
    nicknames: &Nicknames,
) -> Option<Checked> {
    let Remembered {
        match_id,
        mut cached,
    } = remembered;
    let seq = cached.seq;
    let previous_key = cached.last_key.clone()?;
    let entry = without_author_and_time(submission.entry.clone());
    let Ok(stored) = cached.record.extend(&mut cached.state, entry, nicknames) else {
        cache.put(match_id, cached);
        return None;
    };
    if cached.state.is_over() {
        return None;
    }
    cached.seq = seq + 1;
    cached.last_key = Some(submission.submission_key.to_string());
    Some(Checked {
        entry: NextEntry {
            match_id,
            seq,
            entry_json: encode_entry(&stored),
            author: submission.author.clone(),
            submission_key: submission.submission_key.to_string(),
            previous_key,
            created_at: crate::store::now(),
        },
        cached,
    })
}

/// What SQLite's writer made of a submission.
pub enum Stored {
    /// The checked entry, written as checked.
    Checked(Box<Checked>),
    /// Decided by [`append_in_transaction`].
    Decided(AppendOutcome),
}

impl Stored {
    /// The outcome, once the write is committed: a checked entry's match is
    /// remembered with it from then on (one whose commit failed never is).
    pub fn committed(self, cache: &MatchCache) -> AppendOutcome {
        match self {
            Stored::Decided(outcome) => outcome,
            Stored::Checked(checked) => {
                let Checked { entry, cached } = *checked;
                let state = Box::new(cached.state.clone());
                cache.put(entry.match_id, cached);
                AppendOutcome::Appended {
                    seq: entry.seq,
                    status: MatchStatus::InProgress,
                    state,
                }
            }
        }
    }
}

/// On SQLite's writer: a checked entry is written by one statement, and only if
/// the match is still in progress and its log still ends with the entry it was
/// checked after (`store::sqlite::log::append_if_next`; a conflict on either
/// unique key of the log writes nothing). Otherwise, or without a checked entry,
/// [`append_in_transaction`] decides, with the answer it always gave.
pub fn append_checked(
    connection: &mut DbConnection,
    cache: &MatchCache,
    after_append: impl AfterAppend,
    checked: Option<Checked>,
    submission: Submission<'_>,
) -> StoreResult<Stored> {
    if let Some(checked) = checked
        && checked.entry.seq == submission.expected_seq
        && let DbConnection::Sqlite(sqlite) = &mut *connection
        && crate::store::sqlite::log::append_if_next(sqlite, &checked.entry)?
    {
        return Ok(Stored::Checked(Box::new(checked)));
    }
    append_in_transaction(connection, cache, after_append, submission).map(Stored::Decided)
}

/// A submitted entry as it is checked and stored: the author and the clock are the
/// server's, whatever the entry says.
fn without_author_and_time(mut entry: Value) -> Value {
    if let Value::Object(fields) = &mut entry {
        fields.remove("author");
        fields.remove("time");
    }
    entry
}

/// The entry as stored: without author and time, which live in their own columns.
fn encode_entry(entry: &Value) -> String {
    without_author_and_time(entry.clone()).to_string()
}
