//! What each match's log says, whatever its game (a [`MatchSummary`], remembered by
//! the log's length for committed logs, so pages replay only the logs that grew), and the
//! event derived from them: its tournament, results and schedule.

use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex};

use serde_json::Value;

use super::EventData;
use crate::rules::any::{AnyMatch, AnyRecord};
use crate::rules::game::Team;
use crate::rules::record::FORMAT_VERSION;
use crate::store::events::{self, EventMatchRow};
use crate::store::matches::MatchStatus;
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::{Outcome, Recorded, Results, Schedule, Side, Slot, Tournament};

/// What a match's log says, whatever the game: read through the game-independent layer
/// ([`AnyRecord`] and the common summary).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSummary {
    /// Entries in the log (corrections included).
    pub entries: usize,
    /// Games won by side A and side B (a Tressette sweep counts several).
    pub games_won: [u32; 2],
    /// Points of the game being played.
    pub scores: [u32; 2],
    pub over: bool,
    pub winner: Option<Side>,
    /// Points of both sides over the games decided, as each game's sheet gives them when
    /// it was won.
    pub points: [i32; 2],
}

/// Summaries of logs already replayed, by (match public id, entries): a log only grows,
/// so the same count is the same log. Only committed logs are remembered (see
/// [`derive_remembered`]); bounded by clearing when full.
static SUMMARIES: LazyLock<Mutex<HashMap<(String, usize), MatchSummary>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));
const SUMMARY_CACHE_LIMIT: usize = 200_000;

fn remembered(public_id: &str, entries: usize) -> Option<MatchSummary> {
    SUMMARIES
        .lock()
        .ok()?
        .get(&(public_id.to_string(), entries))
        .cloned()
}

/// Whether the summary of `public_id`'s log of `entries` entries is remembered (for tests).
pub fn is_remembered(public_id: &str, entries: usize) -> bool {
    remembered(public_id, entries).is_some()
}

fn remember(public_id: &str, summary: &MatchSummary) {
    if let Ok(mut cache) = SUMMARIES.lock() {
        if cache.len() >= SUMMARY_CACHE_LIMIT {
            cache.clear();
        }
        cache.insert((public_id.to_string(), summary.entries), summary.clone());
    }
}

/// Points of both sides over the games a summary lists (`scores`, or Madrasso's
/// `totals`, of each game when it was won).
fn points_of_games(summary: &Value) -> [i32; 2] {
    let mut points = [0i32; 2];
    for game in summary
        .get("games")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let pair = game.get("scores").or_else(|| game.get("totals"));
        if let Some(values) = pair.and_then(Value::as_array) {
            for (side, value) in values.iter().take(2).enumerate() {
                points[side] += value.as_i64().unwrap_or(0) as i32;
            }
        }
    }
    points
}

/// Replays the first `upto` entries of a match's log (all when `None`) as a record of
/// the match's game.
fn replay_summary(
    connection: &mut DbConnection,
    row: &EventMatchRow,
    upto: Option<usize>,
) -> StoreResult<MatchSummary> {
    let mut entries = crate::store::matches::entries(connection, row.id)?;
    if let Some(upto) = upto {
        entries.truncate(upto);
    }
    let options: Value = serde_json::from_str(&row.options_json)
        .unwrap_or_else(|_| Value::Object(Default::default()));
    let players: Vec<String> = serde_json::from_str(&row.players_json).unwrap_or_default();
    let entries: Vec<Value> = entries
        .iter()
        .map(|entry| serde_json::from_str(&entry.entry_json).unwrap_or(Value::Null))
        .collect();
    let count = entries.len();
    let document = serde_json::json!({
        "format_version": FORMAT_VERSION,
        "game": row.game,
        "options": options,
        "players": players,
        "first_dealer": row.first_dealer,
        "entries": entries,
    });
    let record = AnyRecord::from_json(&document.to_string()).map_err(|error| {
        StoreError::Corrupt(format!("match {} is unreadable: {error}", row.public_id))
    })?;
    let nicknames = crate::store::clubs::nicknames_for_match(connection, row.id)?;
    let state = record
        .replay(&nicknames)
        .map_err(|error| StoreError::Corrupt(format!("stored log no longer replays: {error}")))?;
    Ok(MatchSummary::of(&state, count))
}

impl MatchSummary {
    /// What the replay `state` of a log of `entries` entries says.
    pub fn of(state: &AnyMatch, entries: usize) -> MatchSummary {
        let common = state.common();
        MatchSummary {
            entries,
            games_won: common.games_won,
            scores: common.scores,
            over: common.over,
            winner: common
                .winner
                .map(|team| if team == Team::A { Side::A } else { Side::B }),
            points: points_of_games(&state.summary_json()),
        }
    }
}

/// When the summaries of logs replayed are remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remember {
    /// Never (a log as it was before its last entry).
    No,
    /// At once: the logs read are committed (pages).
    Now,
    /// Once the append running on this thread is committed (`scoring::after_commit`):
    /// inside its write, where a log read may still be taken back.
    AfterCommit,
}

/// The summary of a match's log of `entries` entries: from the cache, or replayed (and
/// remembered as `when` says, into `staged` when after the commit).
fn summary_of(
    connection: &mut DbConnection,
    row: &EventMatchRow,
    entries: usize,
    when: Remember,
    staged: &mut Vec<(String, MatchSummary)>,
) -> StoreResult<MatchSummary> {
    if let Some(summary) = remembered(&row.public_id, entries) {
        return Ok(summary);
    }
    let summary = replay_summary(connection, row, Some(entries))?;
    if summary.entries == entries {
        match when {
            Remember::No => {}
            Remember::Now => remember(&row.public_id, &summary),
            Remember::AfterCommit => staged.push((row.public_id.clone(), summary.clone())),
        }
    }
    Ok(summary)
}

/// What is recorded for one match row, from its log's summary (or the organizer's
/// forfeit).
pub(super) fn recorded_from(
    row: &EventMatchRow,
    summary: Option<&MatchSummary>,
) -> StoreResult<Option<Recorded>> {
    let Some(sides_json) = &row.sides_json else {
        return Ok(None);
    };
    let sides: [Slot; 2] = serde_json::from_str(sides_json)
        .map_err(|error| StoreError::Corrupt(format!("sides of match {}: {error}", row.id)))?;
    let recorded = if row.status() == MatchStatus::Forfeit {
        match row.forfeit_winner.as_deref() {
            Some("A") => Recorded::finished(sides, Outcome::Forfeit { winner: Side::A }),
            Some("B") => Recorded::finished(sides, Outcome::Forfeit { winner: Side::B }),
            Some(super::VOID) => Recorded::voided(sides),
            _ => Recorded::in_progress(sides),
        }
    } else {
        match summary {
            None => {
                if row.status() == MatchStatus::InProgress {
                    Recorded::in_progress(sides)
                } else {
                    return Ok(None);
                }
            }
            Some(summary) => match summary.winner {
                Some(winner) if summary.over => Recorded::finished(
                    sides,
                    Outcome::Played {
                        winner,
                        games: summary.games_won,
                        points: summary.points,
                    },
                ),
                _ => Recorded::in_progress(sides),
            },
        }
    };
    Ok(Some(if row.kept_as_played {
        recorded.kept_as_played()
    } else {
        recorded
    }))
}

/// What is recorded for one match row, read from its first `upto` entries (all when
/// `None`; to see a match as it was before its last entry).
pub(super) fn recorded_of(
    connection: &mut DbConnection,
    row: &EventMatchRow,
    upto: Option<usize>,
) -> StoreResult<Option<Recorded>> {
    let count = match upto {
        Some(upto) => upto,
        None => crate::store::matches::entries(connection, row.id)?.len(),
    };
    let summary = if count == 0 || row.status() == MatchStatus::Forfeit {
        None
    } else {
        Some(summary_of(
            connection,
            row,
            count,
            Remember::No,
            &mut Vec::new(),
        )?)
    };
    recorded_from(row, summary.as_ref())
}

/// The summaries of the event's keyed matches that have entries, by match id.
pub fn summaries(
    connection: &mut DbConnection,
    data: &EventData,
    when: Remember,
) -> StoreResult<BTreeMap<i64, MatchSummary>> {
    let counts = events::entry_counts(connection, data.event.id)?;
    let mut staged = Vec::new();
    let mut out = BTreeMap::new();
    for row in data.matches.iter().filter(|m| m.match_key.is_some()) {
        let Some(&count) = counts.get(&row.id) else {
            continue;
        };
        if count > 0 {
            out.insert(
                row.id,
                summary_of(connection, row, count as usize, when, &mut staged)?,
            );
        }
    }
    remember_after_commit(staged);
    Ok(out)
}

/// Remembers the summaries once the append running on this thread commits.
fn remember_after_commit(staged: Vec<(String, MatchSummary)>) {
    if !staged.is_empty() {
        crate::scoring::after_commit(move || {
            for (public_id, summary) in &staged {
                remember(public_id, summary);
            }
        });
    }
}

/// The summary of one match's log of `entries` entries, inside an append to it:
/// remembered once the append commits.
pub(super) fn summary_in_append(
    connection: &mut DbConnection,
    row: &EventMatchRow,
    entries: usize,
) -> StoreResult<MatchSummary> {
    let mut staged = Vec::new();
    let summary = summary_of(connection, row, entries, Remember::AfterCommit, &mut staged)?;
    remember_after_commit(staged);
    Ok(summary)
}

/// The results recorded for the event's keyed matches.
pub fn results_from(
    data: &EventData,
    summaries: &BTreeMap<i64, MatchSummary>,
) -> StoreResult<Results> {
    let mut results = Results::new();
    for (key, row) in data.keyed() {
        let summary = if row.status() == MatchStatus::Forfeit {
            None
        } else {
            summaries.get(&row.id)
        };
        if let Some(recorded) = recorded_from(row, summary)? {
            results.insert(key, recorded);
        }
    }
    Ok(results)
}

/// The results recorded for the event's keyed matches.
pub fn results(connection: &mut DbConnection, data: &EventData) -> StoreResult<Results> {
    let summaries = summaries(connection, data, Remember::No)?;
    results_from(data, &summaries)
}

/// The event derived now: the tournament, its results and its schedule, and the summary
/// of every match log (by match id).
pub struct Derived {
    pub tournament: Tournament,
    pub results: Results,
    pub schedule: Schedule,
    pub summaries: BTreeMap<i64, MatchSummary>,
}

fn derive_with(
    connection: &mut DbConnection,
    data: &EventData,
    when: Remember,
) -> StoreResult<Option<Derived>> {
    let Some(tournament) = data.tournament()? else {
        return Ok(None);
    };
    let summaries = summaries(connection, data, when)?;
    let results = results_from(data, &summaries)?;
    let schedule = tournament.schedule(&results).map_err(|error| {
        StoreError::Corrupt(format!(
            "event {} cannot be derived: {error}",
            data.event.id
        ))
    })?;
    Ok(Some(Derived {
        tournament,
        results,
        schedule,
        summaries,
    }))
}

/// The event derived now (inside a write: nothing is remembered).
pub fn derive(connection: &mut DbConnection, data: &EventData) -> StoreResult<Option<Derived>> {
    derive_with(connection, data, Remember::No)
}

/// The event derived now, for pages (committed data: replayed logs are remembered, so the
/// next view replays only the matches whose log grew).
pub fn derive_remembered(
    connection: &mut DbConnection,
    data: &EventData,
) -> StoreResult<Option<Derived>> {
    derive_with(connection, data, Remember::Now)
}
