//! Players' figures as the player page shows them (issue 39), kept in
//! `store::player_figures` beside the ratings: for each player of a drawn event, the
//! night (entrant, place in the event's last standings table, wins and losses), each
//! finished match (its key, the opposing side, won or lost) and each opposing player met.
//!
//! - [`refresh_event`] runs in the same write as `ratings::refresh_event` (from
//!   `events::sync`): the event's figures as its schedule says now, compared with those
//!   stored, and only the rows that differ written.
//! - [`recompute`] gives every row from the logs alone (`ratings rebuild`, `check`).

use std::collections::{BTreeMap, BTreeSet};

use crate::events::EventData;
use crate::store::player_figures::{self as stored, Figures, MeetingRow, NightRow, ResultRow};
use crate::store::{DbConnection, StoreResult};
use crate::tournament::season::final_places;
use crate::tournament::{EntrantId, Schedule, Slot, Status, Tournament};

/// The event's figures as its derived schedule gives them, sorted by key: every night,
/// and the results and meetings of the matches `only` (every match when `None`).
pub fn of_event(
    data: &EventData,
    tournament: &Tournament,
    schedule: &Schedule,
    only: Option<&[i64]>,
) -> Figures {
    let event = &data.event;
    let standings = tournament.standings_of(schedule);
    let final_places: BTreeMap<EntrantId, u32> = final_places(&standings).into_iter().collect();
    let positions: BTreeMap<EntrantId, u32> = standings
        .tables
        .last()
        .map(|table| table.rows.iter().map(|r| (r.entrant, r.position)).collect())
        .unwrap_or_default();
    let rows = data.rows_by_key();
    let players_of = |slot: &Slot| -> BTreeSet<i64> {
        slot.entrants()
            .iter()
            .filter_map(|e| data.entrant(*e))
            .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
            .collect()
    };
    let mut figures = Figures::default();
    // By entrant number: (wins, losses).
    let mut records: BTreeMap<u32, (i32, i32)> = BTreeMap::new();
    for m in &schedule.matches {
        let Status::Finished(outcome) = &m.status else {
            continue;
        };
        let Some(row) = rows.get(&m.key).map(|&at| &data.matches[at]) else {
            continue;
        };
        let written_here = only.is_none_or(|ids| ids.contains(&row.id));
        for side in [0, 1] {
            let won = outcome.winner().index() == side;
            let opponents = players_of(&m.sides[1 - side]);
            let opponent = m.sides[1 - side]
                .entrants()
                .iter()
                .map(|e| data.entrant_name(*e))
                .collect::<Vec<_>>()
                .join(" · ");
            for entrant in m.sides[side].entrants() {
                let record = records.entry(entrant.0).or_default();
                if won {
                    record.0 += 1;
                } else {
                    record.1 += 1;
                }
            }
            if !written_here {
                continue;
            }
            for player in players_of(&m.sides[side]) {
                figures.results.push(ResultRow {
                    player_id: player,
                    match_id: row.id,
                    event_id: event.id,
                    match_key: m.key.as_str().to_string(),
                    opponent: opponent.clone(),
                    won,
                    starts_at: event.starts_at,
                    listed: event.listed,
                });
                for &opponent_id in &opponents {
                    figures.meetings.push(MeetingRow {
                        player_id: player,
                        opponent_id,
                        match_id: row.id,
                        event_id: event.id,
                        won: i32::from(won),
                        listed: event.listed,
                    });
                }
            }
        }
    }
    for entrant in &data.entrants {
        let number = entrant.number as u32;
        let (wins, losses) = records.get(&number).copied().unwrap_or_default();
        for player_id in std::iter::once(entrant.player1_id).chain(entrant.player2_id) {
            figures.nights.push(NightRow {
                player_id,
                event_id: event.id,
                entrant_label: entrant.label.clone(),
                position: positions.get(&EntrantId(number)).map(|&p| p as i32),
                wins,
                losses,
                starts_at: event.starts_at,
                listed: event.listed,
                final_place: final_places.get(&EntrantId(number)).map(|&p| p as i32),
            });
        }
    }
    dedup(figures.sorted())
}

/// One row per key: a player entered twice in one event (or meeting the same player
/// on both sides of a partnership) keeps the first.
fn dedup(mut figures: Figures) -> Figures {
    figures.nights.dedup_by_key(|r| (r.player_id, r.event_id));
    figures.results.dedup_by_key(|r| (r.player_id, r.match_id));
    figures
        .meetings
        .dedup_by_key(|r| (r.player_id, r.opponent_id, r.match_id));
    figures
}

/// Brings the event's stored figures in step with its schedule (in the write that changed
/// one of its matches), writing only the rows that differ: a result moves a few. `only`:
/// the matches whose results can have changed, when that is known.
pub fn refresh_event(
    connection: &mut DbConnection,
    data: &EventData,
    tournament: &Tournament,
    schedule: &Schedule,
    only: Option<&[i64]>,
) -> StoreResult<()> {
    let fresh = of_event(data, tournament, schedule, only);
    let before = stored::of_event(connection, data.event.id, only)?;
    if before == fresh {
        return Ok(());
    }
    let gone = Figures {
        nights: only_in(&before.nights, &fresh.nights),
        results: only_in(&before.results, &fresh.results),
        meetings: only_in(&before.meetings, &fresh.meetings),
    };
    let new = Figures {
        nights: only_in(&fresh.nights, &before.nights),
        results: only_in(&fresh.results, &before.results),
        meetings: only_in(&fresh.meetings, &before.meetings),
    };
    stored::replace(connection, &gone, &new)
}

/// The rows of `these` not in `those` (both sorted).
fn only_in<T: Ord + Clone>(these: &[T], those: &[T]) -> Vec<T> {
    these
        .iter()
        .filter(|row| those.binary_search(row).is_err())
        .cloned()
        .collect()
}

/// Where the stored figures differ from `fresh` (every event's, sorted), in words.
pub fn difference(stored: &Figures, fresh: &Figures) -> Option<String> {
    fn first<T: PartialEq + std::fmt::Debug>(
        kind: &str,
        stored: &[T],
        fresh: &[T],
    ) -> Option<String> {
        for (old, new) in stored.iter().zip(fresh) {
            if old != new {
                return Some(format!("{kind}: stored {old:?}, the logs give {new:?}"));
            }
        }
        match stored.len().cmp(&fresh.len()) {
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Less => Some(format!(
                "{kind}: the logs give {:?}, which is not stored",
                fresh[stored.len()]
            )),
            std::cmp::Ordering::Greater => Some(format!(
                "{kind}: {:?} is stored, the logs do not give it",
                stored[fresh.len()]
            )),
        }
    }
    first("a night", &stored.nights, &fresh.nights)
        .or_else(|| first("a result", &stored.results, &fresh.results))
        .or_else(|| first("a meeting", &stored.meetings, &fresh.meetings))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meeting(player_id: i64, opponent_id: i64, won: i32) -> MeetingRow {
        MeetingRow {
            player_id,
            opponent_id,
            match_id: 1,
            event_id: 1,
            won,
            listed: true,
        }
    }

    #[test]
    fn only_the_rows_that_differ_are_written() {
        let before = vec![meeting(1, 2, 1), meeting(1, 3, 1)];
        let after = vec![meeting(1, 2, 0), meeting(1, 3, 1)];
        assert_eq!(only_in(&before, &after), vec![meeting(1, 2, 1)]);
        assert_eq!(only_in(&after, &before), vec![meeting(1, 2, 0)]);
    }

    #[test]
    fn a_difference_names_the_first_row_that_differs() {
        let fresh = Figures {
            meetings: vec![meeting(1, 2, 1)],
            ..Figures::default()
        };
        assert_eq!(difference(&fresh, &fresh), None);
        let tampered = Figures {
            meetings: vec![meeting(1, 2, 0)],
            ..Figures::default()
        };
        assert!(
            difference(&tampered, &fresh)
                .unwrap()
                .starts_with("a meeting: stored")
        );
        assert!(
            difference(&Figures::default(), &fresh)
                .unwrap()
                .contains("not stored")
        );
    }
}
