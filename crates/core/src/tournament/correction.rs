//! Corrections: what changes downstream when a recorded result changes.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{MatchKey, Progress, Results, Schedule, Slot, Tournament, TournamentError};

/// A match whose participants differ between two derivations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchChange {
    pub key: MatchKey,
    /// Sides before the correction (`None`: the match did not exist).
    pub before: Option<[Slot; 2]>,
    /// Sides after the correction (`None`: the match no longer exists).
    pub after: Option<[Slot; 2]>,
    /// What is recorded for it (for flagged changes).
    pub recorded: Option<Progress>,
}

/// What a correction changes downstream.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Correction {
    /// Not started: updated automatically.
    pub updated: Vec<MatchChange>,
    /// In progress or finished: flagged for the organizer to decide; never changed silently
    /// (the recomputed match shows [`Status::Conflict`]).
    pub flagged: Vec<MatchChange>,
}

impl Correction {
    pub fn is_empty(&self) -> bool {
        self.updated.is_empty() && self.flagged.is_empty()
    }
}

/// Compares the event derived from `old` results with the one derived from `new` results
/// and lists every match whose participants changed (appeared, disappeared or got other
/// sides), split into updated and flagged.
pub fn diff(
    tournament: &Tournament,
    old: &Results,
    new: &Results,
) -> Result<Correction, TournamentError> {
    let before = tournament.schedule(old)?;
    let after = tournament.schedule(new)?;
    Ok(changes_between(&before, &after, new))
}

/// Every match whose participants differ between two schedules of an event (before and
/// after a correction, a withdrawal or a late entry), split by what `results` records.
pub fn changes_between(before: &Schedule, after: &Schedule, results: &Results) -> Correction {
    let before_sides: BTreeMap<&MatchKey, &[Slot; 2]> =
        before.matches.iter().map(|m| (&m.key, &m.sides)).collect();
    let after_sides: BTreeMap<&MatchKey, &[Slot; 2]> =
        after.matches.iter().map(|m| (&m.key, &m.sides)).collect();
    let mut seen = BTreeSet::new();
    let keys: Vec<&MatchKey> = before
        .matches
        .iter()
        .chain(after.matches.iter())
        .map(|m| &m.key)
        .filter(|k| seen.insert(*k))
        .collect();
    let mut correction = Correction::default();
    for key in keys {
        let b = before_sides.get(key).copied();
        let a = after_sides.get(key).copied();
        if b == a {
            continue;
        }
        let recorded = results.get(key).map(|r| r.progress.clone());
        let change = MatchChange {
            key: key.clone(),
            before: b.cloned(),
            after: a.cloned(),
            recorded: recorded.clone(),
        };
        if recorded.is_some() {
            correction.flagged.push(change);
        } else {
            correction.updated.push(change);
        }
    }
    correction
}
