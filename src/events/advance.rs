//! Advancement that keeps each event derived between results, so that a result costs
//! what it changes rather than the whole event: [`Advancement`], the follow-up an
//! application hands its scoring (`scoring::AfterAppend`).
//!
//! Deriving an event afresh ([`super::after_append`]) reads every entrant and match row
//! and derives the whole schedule. Here the event is kept as the last result left it
//! (its rows, a [`Live`] schedule, its logs' summaries) and a result re-reads its own
//! match, re-resolves what it changes ([`Live::record`]) and brings only those matches in
//! step.
//!
//! What is kept is trusted only at the version the database gives the event: every
//! change to the event, its entrants or its matches moves it (triggers), and so does
//! every transaction that holds the event (`store::events::hold_event_of_match`), which
//! says the version it found before changing anything. The kept event is used only when
//! that is the version it was kept at, and is kept again, at the version its own
//! transaction left, only once that transaction has committed (`scoring::after_commit`).
//! Another instance, the organizer's decisions, a transaction that did not commit: each
//! leaves a version the kept event does not have, and the event is derived afresh.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use super::results::{recorded_from, summary_in_append};
use super::sync::{Appended, Scope, advance_afresh, appended_match, notice_correction, sync_scope};
use super::{Derived, EventData, MatchSummary};
use crate::store::events::{self, HeldEvent};
use crate::store::matches::MatchStatus;
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::MatchKey;
use crate::tournament::live::Live;

/// Enough for every event running on an evening; beyond it the kept events start over.
const KEPT_EVENTS: usize = 64;

/// An application's advancement, with the events it keeps derived.
#[derive(Default, Clone)]
pub struct Advancement {
    kept: Arc<Mutex<HashMap<i64, KeptEvent>>>,
}

/// An event as its last result left it, at a version of the database.
struct KeptEvent {
    version: i64,
    /// Its rows (players are read for each sync: their names have no version).
    data: EventData,
    /// Where each drawn match's row is in `data.matches`.
    rows: HashMap<MatchKey, usize>,
    live: Live,
    /// Summaries of the logs of its drawn matches, by match id: the finished ones move
    /// ratings (a log in progress may have grown since; nothing reads those).
    summaries: BTreeMap<i64, MatchSummary>,
}

impl Advancement {
    /// The event kept at `version`, taken out while a result changes it.
    fn take(&self, held: HeldEvent) -> Option<KeptEvent> {
        let mut kept = self.kept.lock().ok()?;
        kept.remove(&held.event_id)
            .filter(|event| event.version == held.version)
    }

    /// Keeps `event` once the append running on this thread commits, unless a newer
    /// version of it is kept by then.
    fn keep_after_commit(&self, event: KeptEvent) {
        let kept = self.kept.clone();
        crate::scoring::after_commit(move || {
            let Ok(mut kept) = kept.lock() else {
                return;
            };
            let event_id = event.data.event.id;
            if kept
                .get(&event_id)
                .is_some_and(|k| k.version > event.version)
            {
                return;
            }
            if kept.len() >= KEPT_EVENTS && !kept.contains_key(&event_id) {
                kept.clear();
            }
            kept.insert(event_id, event);
        });
    }
}

impl crate::scoring::AfterAppend for Advancement {
    fn after_append(
        &self,
        connection: &mut DbConnection,
        match_id: i64,
        held: Option<HeldEvent>,
    ) -> StoreResult<()> {
        let Some(appended) = appended_match(connection, match_id)? else {
            return Ok(());
        };
        let kept = held
            .filter(|held| held.event_id == appended.event_id)
            .and_then(|held| self.take(held))
            .filter(|event| event.position(appended.row.id).is_some());
        let mut event = match kept {
            Some(mut event) => {
                event.advance(connection, &appended)?;
                event
            }
            None => match advance_afresh(connection, &appended)? {
                Some((data, derived)) => KeptEvent::after_sync(connection, data, derived)?,
                None => return Ok(()),
            },
        };
        // The event row is held to the commit: the version read now is the one committed.
        let Some(version) = events::version(connection, appended.event_id)? else {
            return Ok(());
        };
        event.version = version;
        self.keep_after_commit(event);
        Ok(())
    }
}

impl KeptEvent {
    /// The event as [`advance_afresh`] derived it, with its rows read again: its sync
    /// changed some.
    fn after_sync(
        connection: &mut DbConnection,
        mut data: EventData,
        derived: Derived,
    ) -> StoreResult<KeptEvent> {
        data.matches = events::event_matches(connection, data.event.id)?;
        data.players.clear();
        let Derived {
            tournament,
            results,
            schedule,
            summaries,
        } = derived;
        Ok(KeptEvent {
            version: 0,
            rows: data.rows_by_key(),
            data,
            // The sync changes no result: its matches had not started.
            live: Live::derived(tournament, results, schedule),
            summaries,
        })
    }

    /// Where match `match_id`'s row is in `data.matches` (ordered by id).
    fn position(&self, match_id: i64) -> Option<usize> {
        self.data
            .matches
            .binary_search_by_key(&match_id, |m| m.id)
            .ok()
    }

    /// The entry appended to `appended`'s match: its result recorded, what it changes
    /// re-resolved and brought in step.
    fn advance(&mut self, connection: &mut DbConnection, appended: &Appended) -> StoreResult<()> {
        let row = &appended.row;
        let at = self
            .position(row.id)
            .ok_or_else(|| StoreError::Corrupt(format!("match {} not kept", row.id)))?;
        self.data.matches[at] = row.clone();
        let entries = crate::store::matches::entries(connection, row.id)?.len();
        let summary = if entries > 0 {
            Some(summary_in_append(connection, row, entries)?)
        } else {
            None
        };
        match &summary {
            Some(summary) => self.summaries.insert(row.id, summary.clone()),
            None => self.summaries.remove(&row.id),
        };
        let recorded = recorded_from(
            row,
            summary
                .as_ref()
                .filter(|_| row.status() != MatchStatus::Forfeit),
        )?;
        // What was recorded before this entry: the kept results are those of the log
        // without it (a log only grows).
        let before = self.live.results().get(&appended.key).cloned();
        let scheduled = self.live.schedule().matches.len();
        let changed = self.live.record(&appended.key, recorded).map_err(|error| {
            StoreError::Corrupt(format!(
                "event {} cannot be derived: {error}",
                appended.event_id
            ))
        })?;
        notice_correction(
            connection,
            appended,
            self.live.tournament(),
            before,
            self.live.results(),
        )?;
        // Derived again (all keys changed) or a match came or went: every row is looked at.
        let whole = changed.len() == self.live.schedule().matches.len()
            || scheduled != self.live.schedule().matches.len();
        self.sync(connection, &changed, (!whole).then_some(row.id))
    }

    /// Brings the matches of `changed` in step, then reads back the rows the sync wrote;
    /// every match when no `appended` match is named, the only one whose result changed.
    fn sync(
        &mut self,
        connection: &mut DbConnection,
        changed: &[MatchKey],
        appended: Option<i64>,
    ) -> StoreResult<()> {
        let whole = appended.is_none();
        self.data.players.clear();
        let schedule = self.live.schedule();
        let scope = Scope {
            matches: if whole {
                schedule.matches.iter().collect()
            } else {
                changed
                    .iter()
                    .filter_map(|key| self.live.get(key))
                    .collect()
            },
            rows: &self.rows,
            whole,
            appended,
            format: &self.live.tournament().format,
            tournament: self.live.tournament(),
            schedule,
            results: self.live.results(),
            complete: schedule.complete,
            summaries: &self.summaries,
        };
        let report = sync_scope(connection, &mut self.data, scope)?;
        if whole {
            self.data.matches = events::event_matches(connection, self.data.event.id)?;
            self.rows = self.data.rows_by_key();
            return Ok(());
        }
        let written: Vec<i64> = report
            .updated
            .iter()
            .chain(&report.superseded)
            .filter_map(|key| self.rows.get(key).map(|&at| self.data.matches[at].id))
            .collect();
        if written.is_empty() && report.created.is_empty() {
            return Ok(());
        }
        let last = self.data.matches.last().map_or(0, |m| m.id);
        for row in events::event_matches_since(connection, self.data.event.id, last, &written)? {
            match self.position(row.id) {
                Some(at) => {
                    if row.match_key.is_none()
                        && let Some(key) = &self.data.matches[at].match_key
                    {
                        self.rows.remove(&MatchKey::new(key.clone()));
                    }
                    self.data.matches[at] = row;
                }
                None => {
                    if let Some(key) = &row.match_key {
                        self.rows
                            .insert(MatchKey::new(key.clone()), self.data.matches.len());
                    }
                    self.data.matches.push(row);
                }
            }
        }
        Ok(())
    }
}
