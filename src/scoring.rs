//! Scoring a match: the stored log read back as a match record, and new entries
//! validated by the rules engine before they are appended.
//!
//! An append runs in one write transaction: the log is read, the expected
//! sequence number and the submission key are checked, the entry is checked
//! against the match's state (remembered, or replayed from the log), and only then
//! is the row inserted. On PostgreSQL the common entry takes a shorter way,
//! [`append_fast`], which falls back to the transaction whenever it is not sure.
//!
//! The log may be of any of the five games: [`LoadedMatch::any_record`] reads it as
//! the record of the match's `game` and [`append`] checks a new entry (its JSON) the
//! way `rules check` would. [`LoadedMatch::record`] and [`LoadedMatch::state`] stay
//! for the pages that know the match is Trionfetti.

use serde::Serialize;
use serde_json::Value;

use crate::rules::any::{AnyMatch, AnyRecord, AnyReplayError, ExtendError};
use crate::rules::comanda::Nicknames;
use crate::rules::game::Seat;
use crate::rules::record::{
    FORMAT_VERSION, GameRecord, MatchRecord, RecordEntry, RecordGame, SyntaxError,
};
use crate::rules::replay;
use crate::rules::trionfetti::{Options, Trionfetti};
use crate::store::entry_batch::Written;
use crate::store::matches::{self, Author, EntryRow, MatchRow, MatchStatus, NextEntry};
use crate::store::{Backend, Db, DbConnection, StoreError, StoreResult};

/// A match with its log, as stored.
#[derive(Debug, Clone)]
pub struct LoadedMatch {
    pub row: MatchRow,
    pub entries: Vec<EntryRow>,
    /// The comanda nicknames of the match's club (none outside an event).
    pub nicknames: Nicknames,
}

impl LoadedMatch {
    pub fn load(
        connection: &mut DbConnection,
        public_id: &str,
    ) -> StoreResult<Option<LoadedMatch>> {
        let Some(row) = matches::find_by_public_id(connection, public_id)? else {
            return Ok(None);
        };
        let entries = matches::entries(connection, row.id)?;
        let nicknames = crate::store::clubs::nicknames_for_match(connection, row.id)?;
        Ok(Some(LoadedMatch {
            row,
            entries,
            nicknames,
        }))
    }

    pub fn options(&self) -> Options {
        serde_json::from_str(&self.row.options_json).unwrap_or_default()
    }

    /// The log as a match record, each entry carrying its author and time.
    pub fn record(&self) -> Result<MatchRecord, StoreError> {
        let entries = self
            .entries
            .iter()
            .map(decode_entry)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MatchRecord {
            format_version: FORMAT_VERSION,
            game: self.row.game.name().to_string(),
            options: self.options(),
            players: self.row.players(),
            first_dealer: Seat::new(self.row.first_dealer as u8).unwrap_or(Seat::ALL[0]),
            entries,
        })
    }

    /// The current state: the engine's replay of the log.
    pub fn state(&self) -> Result<Trionfetti, StoreError> {
        replay::replay(&self.record()?, &self.nicknames)
            .map_err(|error| StoreError::Corrupt(format!("stored log no longer replays: {error}")))
    }

    /// The log as a match record document of the match's game, each entry carrying
    /// its author and time.
    pub fn record_document(&self) -> Value {
        let options: Value = serde_json::from_str(&self.row.options_json)
            .unwrap_or_else(|_| Value::Object(Default::default()));
        let entries: Vec<Value> = self
            .entries
            .iter()
            .map(|row| {
                let mut entry: Value = serde_json::from_str(&row.entry_json).unwrap_or(Value::Null);
                if let Value::Object(fields) = &mut entry {
                    fields.insert("author".into(), Value::String(row.author_label.clone()));
                    fields.insert(
                        "time".into(),
                        Value::String(row.created_at.format("%Y-%m-%dT%H:%M:%SZ").to_string()),
                    );
                }
                entry
            })
            .collect();
        serde_json::json!({
            "format_version": FORMAT_VERSION,
            "game": self.row.game,
            "options": options,
            "players": self.row.player_names(),
            "first_dealer": self.row.first_dealer,
            "entries": entries,
        })
    }

    /// The log as the record of the match's game, whichever it is.
    pub fn any_record(&self) -> Result<AnyRecord, StoreError> {
        AnyRecord::from_json(&self.record_document().to_string()).map_err(|error| {
            StoreError::Corrupt(format!(
                "stored match {} is unreadable: {}",
                self.row.public_id,
                error.message(crate::lang::Lang::En)
            ))
        })
    }

    /// The current state of a match of any game.
    pub fn any_state(&self) -> Result<AnyMatch, StoreError> {
        self.any_record()?
            .replay(&self.nicknames)
            .map_err(|error| StoreError::Corrupt(format!("stored log no longer replays: {error}")))
    }

    /// The sequence number the next entry must be based on.
    pub fn next_seq(&self) -> i64 {
        self.entries.len() as i64
    }
}

fn decode_entry(row: &EntryRow) -> Result<RecordEntry, StoreError> {
    let mut entry: RecordEntry = serde_json::from_str(&row.entry_json).map_err(|error| {
        StoreError::Corrupt(format!(
            "entry {} of match {} is unreadable: {error}",
            row.seq, row.match_id
        ))
    })?;
    let author = Some(row.author_label.clone());
    let time = Some(row.created_at.format("%Y-%m-%dT%H:%M:%SZ").to_string());
    match &mut entry {
        RecordEntry::Smazzata(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Hand(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Void(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Replace(inner) => (inner.author, inner.time) = (author, time),
    }
    Ok(entry)
}

/// The entry as stored: without author and time, which live in their own columns.
fn encode_entry(entry: &Value) -> String {
    let mut entry = entry.clone();
    if let Value::Object(fields) = &mut entry {
        fields.remove("author");
        fields.remove("time");
    }
    entry.to_string()
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
    /// No such match.
    NotFound,
}

pub struct Submission<'a> {
    pub public_id: &'a str,
    pub expected_seq: i64,
    /// The entry's JSON, as the match's game writes it in a record (`author` and
    /// `time` are ignored: the author and the clock of the server are stored).
    pub entry: Value,
    pub author: Author,
    pub submission_key: &'a str,
}

/// Replayed matches kept between appends, so that a new entry is checked against
/// the state as it stands rather than a replay of the whole log. An entry is
/// trusted only while the stored log ends with the entry it remembers last (same
/// sequence number, same submission key): an append through another instance, or
/// a transaction that did not commit, makes them differ, and the match is then
/// read again from the log. Comparing the count alone would trust a state built
/// from an entry whose transaction failed to commit once another had taken its
/// place.
#[derive(Default)]
pub struct MatchCache {
    matches: std::sync::Mutex<std::collections::HashMap<i64, CachedMatch>>,
}

struct CachedMatch {
    /// The number of entries replayed: the sequence number of the next one.
    seq: i64,
    /// The submission key of the entry at `seq - 1`.
    last_key: Option<String>,
    record: AnyRecord,
    state: AnyMatch,
}

/// Enough for every table of a big event; beyond it the cache starts over.
const CACHED_MATCHES: usize = 4096;

impl MatchCache {
    /// Takes the match out while it is checked and extended: a concurrent append
    /// to the same match finds nothing and reads the log.
    fn take(&self, match_id: i64, seq: i64, last_key: Option<&str>) -> Option<CachedMatch> {
        self.locked()
            .remove(&match_id)
            .filter(|cached| cached.seq == seq && cached.last_key.as_deref() == last_key)
    }

    /// Takes the match out to check an entry at `seq` against it off the writer
    /// ([`check_remembered`]), if it is remembered there, in progress as `row`
    /// says, with an entry already (the writer's statement checks that entry).
    /// A match remembered at another number stays: a stale request is no reason
    /// to forget it.
    pub fn take_for_check(&self, row: &MatchRow, seq: i64) -> Option<Remembered> {
        if row.status() != MatchStatus::InProgress {
            return None;
        }
        let mut matches = self.locked();
        let cached = matches.get(&row.id)?;
        if cached.seq != seq || cached.last_key.is_none() {
            return None;
        }
        let cached = matches.remove(&row.id)?;
        Some(Remembered {
            match_id: row.id,
            cached,
        })
    }

    fn put(&self, match_id: i64, cached: CachedMatch) {
        let mut matches = self.locked();
        if matches.len() >= CACHED_MATCHES {
            matches.clear();
        }
        matches.insert(match_id, cached);
    }

    /// A panic while the lock was held leaves nothing half-done that matters:
    /// every entry is checked against the log before it is trusted.
    fn locked(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<i64, CachedMatch>> {
        self.matches
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
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

/// Validates and appends in one transaction; see the module documentation.
pub fn append(
    connection: &mut DbConnection,
    cache: &MatchCache,
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
    let nicknames = crate::store::clubs::nicknames_for_match(connection, row.id)?;
    let last_key = last.map(|(_, key)| key);
    let mut cached = match cache.take(row.id, current, last_key.as_deref()) {
        Some(cached) => cached,
        None => {
            let loaded = LoadedMatch {
                entries: matches::entries(connection, row.id)?,
                row: row.clone(),
                nicknames: nicknames.clone(),
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
    matches::append(
        connection,
        row.id,
        current,
        &encode_entry(&stored),
        &submission.author,
        submission.submission_key,
    )?;
    let status = if cached.state.is_over() {
        MatchStatus::Finished
    } else {
        MatchStatus::InProgress
    };
    if status != row.status() {
        matches::set_status(connection, row.id, status, None, submission.author.label())?;
    }
    // An event's match: advancement and correction notices, in this transaction. The
    // event sees a match only as not started, in progress or finished with its result,
    // so an entry that finds and leaves it in progress changes nothing there; skipping
    // the derivation keeps the cost of most entries independent of the event's size.
    if row.status() != MatchStatus::InProgress || status != MatchStatus::InProgress {
        crate::events::after_append(connection, row.id)?;
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
/// group commit (`store::entry_batch`, `Db::append_if_next`). `None`, having
/// queued nothing, whenever that is not certain to be right: not PostgreSQL, the
/// match is not in progress as `row` says or not remembered at the expected
/// sequence number (or has no entry yet), the rules refuse the entry (the
/// transaction also tells a repeated or stale submission, which come first), or
/// the entry ends the match (a status change, and for an event's match its
/// derivation, belong in the append's transaction). The caller then runs
/// [`append`] in a transaction, which answers exactly as before; and again if
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
    /// of it is stored, and the caller runs [`append`] in a transaction.
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

/// A remembered match taken out of the cache ([`MatchCache::take_for_check`]).
pub struct Remembered {
    match_id: i64,
    cached: CachedMatch,
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
/// writer must decide by [`append`], as it always did: the rules refuse the
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
    /// Decided by [`append`].
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
/// checked after (`store::matches::append_if_next_sqlite`; a conflict on either
/// unique key of the log writes nothing). Otherwise, or without a checked entry,
/// [`append`] decides, with the answer it always gave.
pub fn append_checked(
    connection: &mut DbConnection,
    cache: &MatchCache,
    checked: Option<Checked>,
    submission: Submission<'_>,
) -> StoreResult<Stored> {
    if let Some(checked) = checked
        && checked.entry.seq == submission.expected_seq
        && let DbConnection::Sqlite(sqlite) = &mut *connection
        && matches::append_if_next_sqlite(sqlite, &checked.entry)?
    {
        return Ok(Stored::Checked(Box::new(checked)));
    }
    append(connection, cache, submission).map(Stored::Decided)
}

/// The last play entry that is still in effect: what "undo" voids.
pub fn last_undoable<G: RecordGame>(record: &GameRecord<G>) -> Option<usize> {
    let (voided, _) = corrections(record);
    record
        .entries
        .iter()
        .enumerate()
        .rev()
        .find(|(index, entry)| G::correction(entry).is_none() && !voided.contains(index))
        .map(|(index, _)| index)
}

/// Indexes of entries voided, and of entries replaced (by a later correction), for display.
pub fn corrections<G: RecordGame>(record: &GameRecord<G>) -> (Vec<usize>, Vec<usize>) {
    use crate::rules::record::Correction;
    let mut voided = Vec::new();
    let mut replaced = Vec::new();
    for entry in &record.entries {
        match G::correction(entry) {
            Some(Correction::Void { target }) => voided.push(target),
            Some(Correction::Replace { target }) => replaced.push(target),
            None => {}
        }
    }
    (voided, replaced)
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
