//! A physical table through the night: which of the event's matches is played there now.
//! A rotating night's table card, a table's referee and an old link of a match taken out
//! of the draw all ask it.

use super::EventData;
use crate::store::events::{self as store_events, EventMatchRow, EventStatus};
use crate::store::matches::MatchStatus;
use crate::store::{DbConnection, StoreResult};
use crate::tournament::MatchKey;

/// The match at `table` now: of the event's drawn matches there, the first not over (by
/// round, then as drawn); `None` when the table has nothing left to play.
pub fn now_at(data: &EventData, table: i32) -> Option<&EventMatchRow> {
    data.matches
        .iter()
        .filter(|row| row.match_key.is_some() && row.table_number == Some(table))
        .filter(|row| !matches!(row.status(), MatchStatus::Finished | MatchStatus::Forfeit))
        .min_by_key(|row| {
            let round = row
                .match_key
                .as_ref()
                .and_then(|key| MatchKey::new(key.clone()).round_and_table())
                .map_or(0, |(round, _)| round);
            (round, row.id)
        })
}

/// The physical tables the event's drawn matches are at, in order.
pub fn physical_tables(rows: &[EventMatchRow]) -> Vec<i32> {
    let mut numbers: Vec<i32> = rows
        .iter()
        .filter(|row| row.match_key.is_some())
        .filter_map(|row| row.table_number)
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers
}

/// Whether the match row was taken out of its event's draw (a redraw or a correction
/// replaced it): it keeps its log but takes no entry.
pub fn out_of_draw(row: &EventMatchRow) -> bool {
    row.event_id.is_some() && row.match_key.is_none()
}

/// The matches now at the tables `user_id` referees, in events not finished.
pub fn now_at_tables_of(connection: &mut DbConnection, user_id: i64) -> StoreResult<Vec<i64>> {
    let mut ids = Vec::new();
    let mut assigned = store_events::tables_of_referee(connection, user_id)?;
    assigned.sort_unstable();
    let mut loaded: Option<EventData> = None;
    for (event_id, table) in assigned {
        if loaded.as_ref().is_none_or(|data| data.event.id != event_id) {
            loaded = match store_events::find(connection, event_id)? {
                Some(event) if event.status() != EventStatus::Finished => {
                    Some(EventData::load_without_players(connection, event)?)
                }
                _ => None,
            };
        }
        if let Some(row) = loaded.as_ref().and_then(|data| now_at(data, table)) {
            ids.push(row.id);
        }
    }
    Ok(ids)
}
