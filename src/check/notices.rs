//! Every correction notice is the diff its correction gives. A correction that changed a
//! finished match's winner leaves a notice (`events::after_append`) of what it changed
//! downstream; here each such correction is found again in the logs and the diff is
//! worked out from the results as they were then (every log up to the correction's time,
//! the stored forfeits and decisions as they are now).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use serde_json::Value;

use super::logs::{Replayed, record_of};
use super::{Disagreement, Of, public_id_of};
use crate::events::{CorrectionNotice, EventData, MatchSummary, results_from};
use crate::store::events as store_events;
use crate::store::{DbConnection, StoreResult, clubs};
use crate::tournament::{MatchKey, Results, Side};

/// Checks the event's notices; `Ok(Ok(count))` when all agree.
pub fn check(
    connection: &mut DbConnection,
    of: &Of<'_>,
    data: &EventData,
    replayed: &[Replayed],
) -> StoreResult<Result<usize, Disagreement>> {
    // A change of who is present (a withdrawal, a late entry) leaves a notice of its own,
    // which no log gives: only the correction notices are found again in the logs.
    let stored: Vec<_> = store_events::all_notices(connection, data.event.id)?
        .into_iter()
        .filter(|row| {
            serde_json::from_str::<crate::events::changes::ChangeNotice>(&row.notice_json).is_err()
        })
        .collect();
    let Some(tournament) = data.tournament()? else {
        return Ok(if stored.is_empty() {
            Ok(0)
        } else {
            Err(of.event("it has correction notices but no draw"))
        });
    };
    let options: Value = serde_json::from_str(&data.event.game_options_json).unwrap_or_default();
    let nicknames = clubs::dictionary(connection, data.event.club_id)?;
    let rows: BTreeMap<i64, &store_events::EventMatchRow> =
        data.matches.iter().map(|row| (row.id, row)).collect();
    // The log prefixes' summaries, replayed once each.
    let mut prefixes: BTreeMap<(i64, usize), Option<MatchSummary>> = BTreeMap::new();
    let mut summary_at = |log: &Replayed, count: usize| -> Option<MatchSummary> {
        if count == log.entries.len() {
            return Some(log.summary.clone());
        }
        prefixes
            .entry((log.id, count))
            .or_insert_with(|| {
                let row = rows.get(&log.id)?;
                let record = record_of(row, &options, &log.values[..count]).ok()?;
                let state = record.replay(&nicknames).ok()?;
                Some(MatchSummary::of(&state, count))
            })
            .clone()
    };

    let mut expected: Vec<((NaiveDateTime, i64), CorrectionNotice)> = Vec::new();
    for log in replayed.iter().filter(|log| log.key.is_some()) {
        for (index, correction) in log.record.corrections().into_iter().enumerate() {
            if correction.is_none() {
                continue;
            }
            let (Some(before), Some(after)) = (summary_at(log, index), summary_at(log, index + 1))
            else {
                continue;
            };
            if !before.over || winner(&before) == winner(&after) {
                continue;
            }
            // Entries of one instant are told apart by their order of insertion (`id`):
            // two corrections in one second are in the order they were made.
            let at = (log.entries[index].created_at, log.entries[index].id);
            // The draw as it stood then (a match replaced since still held its key) and
            // every log as it stood when the correction was made.
            let drawn_then = draw_at(data, at.0);
            let mut results_at = |source_count: usize| -> StoreResult<Results> {
                let mut summaries = BTreeMap::new();
                for other in replayed {
                    let count = if other.id == log.id {
                        source_count
                    } else {
                        other
                            .entries
                            .iter()
                            .filter(|e| (e.created_at, e.id) <= at)
                            .count()
                    };
                    if count > 0
                        && let Some(summary) = summary_at(other, count)
                    {
                        summaries.insert(other.id, summary);
                    }
                }
                results_from(&drawn_then, &summaries)
            };
            let old = results_at(index)?;
            let new = results_at(index + 1)?;
            if let Ok(diff) = crate::tournament::diff(&tournament, &old, &new) {
                let source = MatchKey::new(log.name().to_string());
                expected.push((
                    at,
                    CorrectionNotice {
                        source,
                        correction: diff,
                    },
                ));
            }
        }
    }
    expected.sort_by_key(|(at, _)| *at);

    for (number, row) in stored.iter().enumerate() {
        let Ok(notice) = serde_json::from_str::<CorrectionNotice>(&row.notice_json) else {
            return Ok(Err(of.event(format!(
                "correction notice {} cannot be read",
                number + 1
            ))));
        };
        let public_id = public_id_of(&data.matches, notice.source.as_str());
        let why = match expected.get(number) {
            None => format!(
                "correction notice {} has no correction in the logs that gives it",
                number + 1
            ),
            Some((_, want)) if want.source != notice.source => format!(
                "correction notice {} names this match, the logs' correction is of {}",
                number + 1,
                want.source
            ),
            Some((_, want)) if want.correction != notice.correction => format!(
                "correction notice {} lists {:?}, its correction's diff is {:?}",
                number + 1,
                notice.correction,
                want.correction
            ),
            Some(_) => continue,
        };
        return Ok(Err(of.at(notice.source.as_str(), &public_id, None, why)));
    }
    if let Some((_, missing)) = expected.get(stored.len()) {
        return Ok(Err(of.at(
            missing.source.as_str(),
            &public_id_of(&data.matches, missing.source.as_str()),
            None,
            "a correction changed its winner, but no notice of it is stored",
        )));
    }
    Ok(Ok(stored.len()))
}

/// The event's matches as drawn at `time`: a match taken out of the draw after it (its
/// key is the end of its title, "event · key") holds its key again, and a match made
/// after it in that key's place is out.
fn draw_at(data: &EventData, time: NaiveDateTime) -> EventData {
    let restored: Vec<(i64, String)> = data
        .matches
        .iter()
        .filter(|row| row.match_key.is_none() && row.status_at > time)
        .filter_map(|row| {
            let (_, key) = row.title.rsplit_once(" · ")?;
            Some((row.id, key.to_string()))
        })
        .collect();
    let mut then = data.clone();
    for row in &mut then.matches {
        if let Some((_, key)) = restored.iter().find(|(id, _)| *id == row.id) {
            row.match_key = Some(key.clone());
        } else if row.created_at > time
            && restored
                .iter()
                .any(|(_, key)| row.match_key.as_deref() == Some(key))
        {
            row.match_key = None;
        }
    }
    then
}

fn winner(summary: &MatchSummary) -> Option<Side> {
    summary.over.then_some(summary.winner).flatten()
}
