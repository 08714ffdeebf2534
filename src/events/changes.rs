//! A night that changes as it goes: a withdrawal after the draw, and the notice that
//! tells the organizer what a withdrawal or a late entry re-formed (which tables of
//! which rounds, and which printed cards no longer say the truth).
//!
//! In the round-based formats (Swiss, rotating partners) a withdrawal counts from the
//! first round nobody has begun: those rounds are drawn again among the players present,
//! the rounds begun stay exactly as they are. Elsewhere it counts from the round after
//! the last one drawn, and the entrant forfeits what is left (the brackets' rules).

use serde::{Deserialize, Serialize};

use super::entrants::first_round_not_begun;
use super::{Derived, EventData, derive, format_of, sync};
use crate::store::events::{self as store_events, EventStatus};
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::{self, Correction, EntrantId, Format, MatchKey};

/// What changed who is present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Withdrawal { entrant: EntrantId },
    WithdrawalUndone { entrant: EntrantId },
    LateEntry { entrants: Vec<EntrantId> },
}

/// A change of who is present and what it re-formed, kept for the organizer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChangeNotice {
    pub cause: Cause,
    /// The first round it applies to.
    pub from_round: u32,
    pub correction: Correction,
    /// Matches begun before the change with the player who left, not decided yet: the
    /// organizer's to finish with a substitute, void or award.
    #[serde(default)]
    pub to_decide: Vec<MatchKey>,
}

impl ChangeNotice {
    /// The physical tables whose printed card changed (a rotating night prints one card
    /// per table for the whole night), in order.
    pub fn tables(&self) -> Vec<u32> {
        let mut tables: Vec<u32> = self
            .correction
            .updated
            .iter()
            .chain(&self.correction.flagged)
            .filter_map(|change| change.key.table())
            .collect();
        tables.sort_unstable();
        tables.dedup();
        tables
    }
}

/// Whether a change of who is present re-forms the rounds not begun.
fn re_forms(format: &Format) -> bool {
    matches!(format, Format::Swiss(_) | Format::RotatingPartners(_))
}

/// Withdraws entrant `number` (or takes the withdrawal back), then brings the matches in
/// step and leaves the organizer a notice of what changed. `Ok(Err(key))`: refused, with
/// nothing written (`key` words why).
pub fn withdraw(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    undo: bool,
) -> StoreResult<Result<(), &'static str>> {
    let Some(event) = store_events::find(connection, event_id)? else {
        return Err(StoreError::Stale);
    };
    let Some(entrant) = store_events::entrants(connection, event_id)?
        .into_iter()
        .find(|e| e.number == number)
    else {
        return Ok(Err("withdraw-error_no_entrant"));
    };
    match event.status() {
        EventStatus::Setup => {
            store_events::set_withdrawn(connection, event_id, number, (!undo).then_some(0))?;
            return Ok(Ok(()));
        }
        EventStatus::Finished => return Ok(Err("event-error_finished")),
        EventStatus::Running => {}
    }
    let format = format_of(&event)?;
    let data = EventData::load(connection, event)?;
    let before = derive(connection, &data)?;
    let next = match &before {
        Some(derived) if re_forms(&format) => first_round_not_begun(&data, derived),
        Some(derived) => super::entrants::after_last_drawn(derived),
        None => 0,
    };
    let id = EntrantId(number as u32);
    let (round, cause) = if undo {
        // Once a round after the withdrawal has begun without them, taking it back
        // would redraw rounds already played.
        if re_forms(&format)
            && entrant
                .withdrawn_round
                .is_some_and(|r| (r.max(0) as u32) < next)
        {
            return Ok(Err("withdraw-error_played_on"));
        }
        (None, Cause::WithdrawalUndone { entrant: id })
    } else {
        (Some(next as i32), Cause::Withdrawal { entrant: id })
    };
    store_events::set_withdrawn(connection, event_id, number, round)?;
    sync(connection, event_id)?;
    if let Some(before) = before {
        leave_notice(connection, event_id, &before, cause, next)?;
    }
    Ok(Ok(()))
}

/// Compares the event as it was derived `before` a change with the event now, and leaves
/// a notice when any match changed.
pub(super) fn leave_notice(
    connection: &mut DbConnection,
    event_id: i64,
    before: &Derived,
    cause: Cause,
    from_round: u32,
) -> StoreResult<()> {
    let Some(event) = store_events::find(connection, event_id)? else {
        return Ok(());
    };
    let data = EventData::load_without_players(connection, event)?;
    let Some(after) = derive(connection, &data)? else {
        return Ok(());
    };
    let correction = tournament::changes_between(&before.schedule, &after.schedule, &after.results);
    let to_decide: Vec<MatchKey> = match &cause {
        Cause::Withdrawal { entrant } => after
            .schedule
            .matches
            .iter()
            .filter(|m| m.round < from_round && !m.status.is_decided())
            .filter(|m| m.sides.iter().any(|s| s.entrants().contains(entrant)))
            .map(|m| m.key.clone())
            .collect(),
        _ => Vec::new(),
    };
    if correction.is_empty() && to_decide.is_empty() {
        return Ok(());
    }
    let notice = ChangeNotice {
        cause,
        from_round,
        correction,
        to_decide,
    };
    let json = serde_json::to_string(&notice).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    store_events::add_notice(connection, event_id, &json)
}
