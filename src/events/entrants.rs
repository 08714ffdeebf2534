//! Registering entrants: before the draw, and late entrants of a Swiss or
//! rotating-partners event after it (drawn from the next round not drawn yet).

use super::{EventData, derive, format_of, sync};
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::{DbConnection, StoreError, StoreResult, matches};
use crate::tournament::{EntrantId, Format};

/// Whether a registration now is refused (a message key), and from which round a late
/// entrant of a running event is drawn. Before the draw, `Ok(None)`. After it, Swiss and
/// rotating partners take late entrants from the next round not drawn yet (Swiss: the
/// round after the last one drawn; rotating partners, whose rounds are all drawn at
/// once: the first round with no match started); elimination brackets and round robins
/// refuse, since their draw is fixed.
fn entry_round(
    connection: &mut DbConnection,
    event: &EventRow,
) -> StoreResult<Result<Option<u32>, &'static str>> {
    match event.status() {
        EventStatus::Setup => return Ok(Ok(None)),
        EventStatus::Finished => return Ok(Err("event-error_finished")),
        EventStatus::Running => {}
    }
    let format = format_of(event)?;
    let rounds = match &format {
        Format::Swiss(o) => o.rounds,
        Format::RotatingPartners(o) => o.rounds,
        _ => return Ok(Err("event-error_late_fixed")),
    };
    let data = EventData::load(connection, event.clone())?;
    let Some(derived) = derive(connection, &data)? else {
        return Ok(Ok(None));
    };
    let next = match format {
        Format::Swiss(_) => after_last_drawn(&derived),
        _ => first_round_not_begun(&data, &derived),
    };
    if next > rounds {
        return Ok(Err("event-error_no_round_left"));
    }
    Ok(Ok(Some(next)))
}

/// The round after the last one drawn.
pub fn after_last_drawn(derived: &super::Derived) -> u32 {
    derived
        .schedule
        .matches
        .iter()
        .map(|m| m.round)
        .max()
        .unwrap_or(0)
        + 1
}

/// The first round in which no match has begun (none has an entry, a result or a
/// forfeit), after every round in which one has: the rounds a late entry or a withdrawal
/// may still re-form. Rounds from there on are exactly the ones nobody has played yet.
pub fn first_round_not_begun(data: &EventData, derived: &super::Derived) -> u32 {
    let keyed = data.keyed();
    derived
        .schedule
        .matches
        .iter()
        .filter(|m| {
            derived.results.contains_key(&m.key)
                || keyed
                    .get(&m.key)
                    .is_some_and(|row| row.status() != matches::MatchStatus::Scheduled)
        })
        .map(|m| m.round)
        .max()
        .unwrap_or(0)
        + 1
}

/// What a registration did: refused rows (index, reason key), or the whole registration
/// refused (reason key), and the round late entrants join from.
pub struct Registered {
    pub refused: Vec<(usize, &'static str)>,
    pub closed: Option<&'static str>,
    pub joins: Option<u32>,
}

/// Registers entrants; `rows`: (players, label). Refuses a player already entered. After
/// the draw of a Swiss or rotating-partners event, the new entrants are added at the end
/// of the seed order and drawn from the next round not drawn yet.
pub fn register(
    connection: &mut DbConnection,
    event: &EventRow,
    rows: &[(Vec<String>, Option<String>)],
) -> StoreResult<Registered> {
    let Some(event) = store_events::find(connection, event.id)? else {
        return Err(StoreError::Stale);
    };
    let joins = match entry_round(connection, &event)? {
        Ok(joins) => joins,
        Err(key) => {
            return Ok(Registered {
                refused: Vec::new(),
                closed: Some(key),
                joins: None,
            });
        }
    };
    let existing = store_events::entrants(connection, event.id)?;
    let late = joins.is_some()
        || existing.iter().any(|e| e.checked_in)
        || crate::store::now() > event.starts_at;
    let mut taken: Vec<i64> = existing
        .iter()
        .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
        .collect();
    let mut refused = Vec::new();
    let mut added = Vec::new();
    for (index, (names, label)) in rows.iter().enumerate() {
        let mut ids = Vec::new();
        for name in names {
            ids.push(store_events::player_named(connection, name)?.id);
        }
        if ids.iter().any(|id| taken.contains(id)) {
            refused.push((index, "import-already_entered"));
            continue;
        }
        taken.extend(&ids);
        let label = label.clone().unwrap_or_else(|| names.join(" · "));
        let row = store_events::add_entrant(
            connection,
            event.id,
            &label,
            ids[0],
            ids.get(1).copied(),
            late,
        )?;
        added.push(row.number);
    }
    if let Some(round) = joins
        && !added.is_empty()
    {
        let data = EventData::load(connection, event.clone())?;
        let before = derive(connection, &data)?;
        let mut order: Vec<u32> = data
            .seed_order()
            .unwrap_or_default()
            .iter()
            .map(|e| e.0)
            .collect();
        for number in &added {
            store_events::set_joined(connection, event.id, *number, round as i32)?;
            order.push(*number as u32);
        }
        let order_json =
            serde_json::to_string(&order).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        store_events::set_seed_order(connection, event.id, &order_json)?;
        sync(connection, event.id)?;
        if let Some(before) = before {
            let entrants = added.iter().map(|&n| EntrantId(n as u32)).collect();
            let cause = super::changes::Cause::LateEntry { entrants };
            super::changes::leave_notice(connection, event.id, &before, cause, round)?;
        }
    }
    Ok(Registered {
        refused,
        closed: None,
        joins,
    })
}
