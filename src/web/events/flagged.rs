//! The organizer's decisions on a match a correction upstream flagged: replay it (a new
//! match between the sides the corrected results give; its log is kept, out of the
//! draw) or keep its result as played (the recorded sides stand for that match). Both
//! change what the draw does with recorded play, so both are confirmed on a second page
//! that names the sides as played and as they should be.

use actix_web::{HttpResponse, web};

use super::{ManagedEvent, MatchActionForm, SlotNames, back, event_match, refused};
use crate::events::view::EventView;
use crate::store::events::{EventMatchRow, EventRow};
use crate::store::{DbConnection, StoreResult};
use crate::tournament::Status;
use crate::web::AppState;
use crate::web::confirm::{ConfirmPage, confirmed};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::managed::Managed;

/// Replaces a flagged match by a new one between the sides the corrected results give.
pub async fn replay_flagged(
    form: web::Form<MatchActionForm>,
    managed: ManagedEvent,
) -> Result<HttpResponse, AppError> {
    decide(form, managed, Decision::Replay).await
}

/// Keeps a flagged match's result as played; advancement continues from it. A match
/// that is not (or no longer) flagged is refused in words.
pub async fn keep_flagged(
    form: web::Form<MatchActionForm>,
    managed: ManagedEvent,
) -> Result<HttpResponse, AppError> {
    decide(form, managed, Decision::Keep).await
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decision {
    Replay,
    Keep,
}

impl Decision {
    fn apply(self, connection: &mut DbConnection, match_id: i64, by: &str) -> StoreResult<()> {
        match self {
            Decision::Replay => crate::events::replay_flagged(connection, match_id, by),
            Decision::Keep => crate::events::keep_flagged(connection, match_id, by),
        }
    }

    /// The notice the organizer's page shows once the decision is stored.
    fn notice(self) -> &'static str {
        match self {
            Decision::Replay => "event-replayed",
            Decision::Keep => "event-kept",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Decision::Replay => "replay",
            Decision::Keep => "keep",
        }
    }
}

/// A flagged match's sides: as its result was recorded, and as the corrected results
/// give them.
struct FlaggedSides {
    played: [String; 2],
    due: [String; 2],
}

/// The organizer's decision on the event's match the form names.
async fn decide(
    form: web::Form<MatchActionForm>,
    managed: ManagedEvent,
    decision: Decision,
) -> Result<HttpResponse, AppError> {
    let Managed(ctx, state, user, (event, _)) = managed;
    let row = event_match(&state, &event, &form.public_id).await?;
    // Only a match of the draw (one with a match key) has a result to keep.
    if decision == Decision::Keep && row.match_key.is_none() {
        return refused(ctx, &state, &event.public_id, "event-error_not_flagged").await;
    }
    let sides = flagged_sides(&state, &ctx, &event, &row).await?;
    if !confirmed(&form.confirm) {
        let Some(sides) = sides else {
            return refused(ctx, &state, &event.public_id, "event-error_not_flagged").await;
        };
        return confirmation(ctx, &event, &row, decision, sides).answer();
    }
    // Decided on the flag the organizer saw: a match no longer flagged is left alone.
    if sides.is_none() {
        return refused(ctx, &state, &event.public_id, "confirm-changed_meanwhile").await;
    }
    let match_id = row.id;
    state
        .write(move |connection| decision.apply(connection, match_id, &user.display_name))
        .await?;
    state.notify(match_id);
    Ok(back(&ctx, &event, decision.notice()))
}

/// The sides of the match `row` when the draw holds it flagged; `None` otherwise.
async fn flagged_sides(
    state: &AppState,
    ctx: &PageContext,
    event: &EventRow,
    row: &EventMatchRow,
) -> Result<Option<FlaggedSides>, AppError> {
    let Some(key) = row.match_key.clone() else {
        return Ok(None);
    };
    let lang = ctx.lang();
    let stored = event.clone();
    state
        .read(move |connection| {
            let view = EventView::load(connection, stored.clone())?;
            let Some(derived) = &view.derived else {
                return Ok(None);
            };
            let flagged = derived
                .schedule
                .matches
                .iter()
                .find_map(|m| match &m.status {
                    Status::Conflict { recorded } if m.key.as_str() == key => {
                        Some((recorded.sides.clone(), m.sides.clone()))
                    }
                    _ => None,
                });
            Ok(flagged.map(|(played, due)| FlaggedSides {
                played: played.map(|slot| view.data.slot_name(&slot, lang)),
                due: due.map(|slot| view.data.slot_name(&slot, lang)),
            }))
        })
        .await
}

/// The decision's second step: the match, who played it, who should have, and what
/// the decision does with each.
fn confirmation(
    ctx: PageContext,
    event: &EventRow,
    row: &EventMatchRow,
    decision: Decision,
    sides: FlaggedSides,
) -> ConfirmPage {
    let tr = ctx.tr;
    let title = super::match_line(tr, event, row);
    let [played_a, played_b] = &sides.played;
    let [due_a, due_b] = &sides.due;
    let mut lines = vec![
        title,
        format!("{}: {played_a} – {played_b}", tr.t("flagged-played_by")),
        format!("{}: {due_a} – {due_b}", tr.t("flagged-due")),
    ];
    let (heading, what, submit) = match decision {
        Decision::Replay => (
            "flagged-replay_title",
            "flagged-replay_line",
            "flagged-replay_submit",
        ),
        Decision::Keep => (
            "flagged-keep_title",
            "flagged-keep_line",
            "flagged-keep_submit",
        ),
    };
    lines.push(tr.t(what).to_string());
    ConfirmPage {
        heading: tr.t(heading).to_string(),
        lines,
        warning: None,
        action: format!("/manage/events/{}/{}", event.public_id, decision.path()),
        hidden: vec![("public_id".to_string(), row.public_id.clone())],
        reason: None,
        error: None,
        confirm_label: tr.t(submit).to_string(),
        cancel_href: format!("/manage/events/{}", event.public_id),
        ctx,
    }
}
