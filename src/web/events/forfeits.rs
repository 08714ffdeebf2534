//! Forfeits: the chosen side goes on (`Outcome::Forfeit`), or a recorded forfeit is
//! taken back, once confirmed on a second page that names both sides; advancement
//! follows. Taking a forfeit back, changing its side or overriding a finished match
//! undoes a result: it needs a reason and is recorded.

use actix_web::{HttpResponse, web};

use super::{ManagedEvent, MatchActionForm, SlotNames, back, event_match, refused};
use crate::events::Decision;
use crate::store::events::{EventMatchRow, EventRow};
use crate::store::matches::MatchStatus;
use crate::store::state_changes::{state_text, undoes_progress};
use crate::tournament::{Format, Side, Slot};
use crate::web::AppState;
use crate::web::confirm::{ConfirmPage, confirmed, missing_reason, reason_text, record_undone};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::managed::Managed;
use crate::web::match_state::state_words;

/// Records a forfeit or takes one back. No side is assumed: a form without one is
/// refused.
pub async fn forfeit(
    form: web::Form<MatchActionForm>,
    Managed(ctx, state, user, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let row = event_match(&state, &event, &form.public_id).await?;
    let winner = match form.winner.trim() {
        "A" => Some("A"),
        "B" => Some("B"),
        // A rotating night's table a player left: nobody scores it.
        "void" if is_rotating(&event) => Some("void"),
        "none" => None,
        "" => {
            return refused(ctx, &state, &event.public_id, "forfeit-error_side").await;
        }
        _ => return Err(AppError::BadRequest),
    };
    let current = row.status();
    let from = state_text(current, row.forfeit_winner.as_deref());
    let target = if winner.is_some() {
        MatchStatus::Forfeit
    } else {
        MatchStatus::Scheduled
    };
    let to = state_text(target, winner);
    if from == to || (winner.is_none() && current != MatchStatus::Forfeit) {
        return Ok(back(&ctx, &event, "confirm-nothing_changed"));
    }
    let needs_reason = undoes_progress(current, target) || current == MatchStatus::Forfeit;
    let reason = reason_text(&form.reason);
    if !confirmed(&form.confirm) || (needs_reason && reason.is_empty()) {
        let error = missing_reason(&ctx, &form.confirm, needs_reason);
        let page = confirmation(
            ctx,
            &state,
            &event,
            &row,
            (winner, needs_reason),
            &form,
            error,
        )
        .await?;
        return page.answer();
    }
    let match_id = row.id;
    let stored_winner = row.forfeit_winner.clone();
    let decision = winner.map(|side| match side {
        "A" => Decision::Winner(Side::A),
        "B" => Decision::Winner(Side::B),
        _ => Decision::Void,
    });
    let stored = state
        .write(move |connection| {
            // Decided on the state the organizer saw: nothing if it changed meanwhile.
            let Some(fresh) = crate::store::events::event_match(connection, match_id)? else {
                return Ok(false);
            };
            if fresh.status() != current || fresh.forfeit_winner != stored_winner {
                return Ok(false);
            }
            crate::events::set_forfeit(connection, match_id, decision, &user.display_name)?;
            if needs_reason {
                record_undone(connection, match_id, (&from, &to), &reason, &user)?;
            }
            Ok(true)
        })
        .await?;
    if !stored {
        return refused(ctx, &state, &event.public_id, "confirm-changed_meanwhile").await;
    }
    state.notify(match_id);
    Ok(back(&ctx, &event, "event-forfeit_saved"))
}

/// The forfeit's second step: both sides named in full, which one goes on.
async fn confirmation(
    ctx: PageContext,
    state: &AppState,
    event: &EventRow,
    row: &EventMatchRow,
    (winner, needs_reason): (Option<&str>, bool),
    form: &MatchActionForm,
    error: Option<String>,
) -> Result<ConfirmPage, AppError> {
    let lang = ctx.lang();
    let tr = ctx.tr;
    let stored = event.clone();
    let sides_json = row.sides_json.clone().unwrap_or_default();
    let sides: [String; 2] = state
        .read(move |connection| {
            let data = crate::events::EventData::load(connection, stored.clone())?;
            let slots: Option<[Slot; 2]> = serde_json::from_str(&sides_json).ok();
            Ok(match slots {
                Some([a, b]) => [data.slot_name(&a, lang), data.slot_name(&b, lang)],
                None => [String::from("A"), String::from("B")],
            })
        })
        .await?;
    let mut lines = vec![super::match_line(tr, event, row)];
    let (heading, submit) = match winner {
        Some("void") => {
            lines.push(tr.t("forfeit-void_line").to_string());
            ("forfeit-void_title", "forfeit-void_submit")
        }
        Some(side) => {
            let (goes_on, loses) = if side == "A" {
                (&sides[0], &sides[1])
            } else {
                (&sides[1], &sides[0])
            };
            lines.push(format!("{}: {goes_on}", tr.t("forfeit-winner_line")));
            lines.push(format!("{}: {loses}", tr.t("forfeit-loser_line")));
            ("forfeit-confirm_title", "forfeit-confirm_submit")
        }
        None => {
            lines.push(tr.t("forfeit-undo_line").to_string());
            ("forfeit-undo_title", "forfeit-undo_submit")
        }
    };
    if row.status() != MatchStatus::Scheduled {
        let now = state_text(row.status(), row.forfeit_winner.as_deref());
        lines.push(format!(
            "{}: {}",
            tr.t("state-current"),
            state_words(tr, &now, Some(&sides))
        ));
    }
    Ok(ConfirmPage {
        heading: tr.t(heading).to_string(),
        lines,
        warning: needs_reason.then(|| tr.t("state-backwards_warning").to_string()),
        action: format!("/manage/events/{}/forfeit", event.public_id),
        hidden: vec![
            ("public_id".to_string(), row.public_id.clone()),
            ("winner".to_string(), winner.unwrap_or("none").to_string()),
        ],
        reason: needs_reason.then(|| form.reason.clone()),
        error,
        confirm_label: tr.t(submit).to_string(),
        cancel_href: format!("/manage/events/{}", event.public_id),
        ctx,
    })
}

/// Whether the event is a rotating night, whose tables may be voided.
fn is_rotating(event: &EventRow) -> bool {
    matches!(
        crate::events::format_of(event),
        Ok(Format::RotatingPartners(_))
    )
}
