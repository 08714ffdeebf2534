//! Replayed matches kept between appends, so that a new entry is checked against
//! the state as it stands rather than a replay of the whole log.
//!
//! An entry is trusted only while the stored log ends with the entry the cache
//! remembers last (same sequence number, same submission key): an append through
//! another instance, or a transaction that did not commit, makes them differ, and
//! the match is then read again from the log. Comparing the count alone would
//! trust a state built from an entry whose transaction failed to commit once
//! another had taken its place.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::rules::any::{AnyMatch, AnyRecord};
use crate::store::matches::{MatchRow, MatchStatus};

#[derive(Default)]
pub struct MatchCache {
    matches: Mutex<HashMap<i64, CachedMatch>>,
}

pub(super) struct CachedMatch {
    /// The number of entries replayed: the sequence number of the next one.
    pub(super) seq: i64,
    /// The submission key of the entry at `seq - 1`.
    pub(super) last_key: Option<String>,
    pub(super) record: AnyRecord,
    pub(super) state: AnyMatch,
}

/// Enough for every table of a big event; beyond it the cache starts over.
const CACHED_MATCHES: usize = 4096;

impl MatchCache {
    /// Takes the match out while it is checked and extended: a concurrent append
    /// to the same match finds nothing and reads the log.
    pub(super) fn take(
        &self,
        match_id: i64,
        seq: i64,
        last_key: Option<&str>,
    ) -> Option<CachedMatch> {
        self.locked()
            .remove(&match_id)
            .filter(|cached| cached.seq == seq && cached.last_key.as_deref() == last_key)
    }

    /// Takes the match out to check an entry at `seq` against it off the writer
    /// (`strategy::check_remembered`), if it is remembered there, in progress as
    /// `row` says, with an entry already (the writer's statement checks that entry).
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

    pub(super) fn put(&self, match_id: i64, cached: CachedMatch) {
        let mut matches = self.locked();
        if matches.len() >= CACHED_MATCHES {
            matches.clear();
        }
        matches.insert(match_id, cached);
    }

    /// A panic while the lock was held leaves nothing half-done that matters:
    /// every entry is checked against the log before it is trusted.
    fn locked(&self) -> MutexGuard<'_, HashMap<i64, CachedMatch>> {
        self.matches
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A remembered match taken out of the cache ([`MatchCache::take_for_check`]).
pub struct Remembered {
    pub(super) match_id: i64,
    pub(super) cached: CachedMatch,
}
