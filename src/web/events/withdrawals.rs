//! Withdrawing an entrant, or taking the withdrawal back. A withdrawal is confirmed on
//! a second page that names the entrant; what it changes after the draw is
//! `events::changes`: round-based formats re-form the rounds nobody has begun.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{ManagedEvent, back, refused};
use crate::events::EventData;
use crate::store::events::{EventRow, EventStatus};
use crate::tournament::Format;
use crate::web::AppState;
use crate::web::confirm::{ConfirmPage, confirmed};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::managed::Managed;

#[derive(Deserialize)]
pub struct WithdrawForm {
    number: i32,
    #[serde(default)]
    undo: bool,
    #[serde(default)]
    confirm: String,
}

/// Withdraws an entrant (or takes the withdrawal back), once confirmed.
pub async fn withdraw(
    form: web::Form<WithdrawForm>,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let event_id = event.id;
    let (number, undo) = (form.number, form.undo);
    let started = event.status() != EventStatus::Setup;
    if !undo && !confirmed(&form.confirm) {
        return confirmation(ctx, &state, &event, number, started)
            .await?
            .answer();
    }
    let refusal = state
        .write(move |connection| {
            crate::events::changes::withdraw(connection, event_id, number, undo)
        })
        .await?;
    if let Err(key) = refusal {
        return refused(ctx, &state, &event.public_id, key).await;
    }
    super::entrants::notify_redrawn(&state, event_id).await?;
    Ok(back(&ctx, &event, "event-withdrawal_saved"))
}

/// The withdrawal's second step: the entrant with its players, and what follows.
async fn confirmation(
    ctx: PageContext,
    state: &AppState,
    event: &EventRow,
    number: i32,
    started: bool,
) -> Result<ConfirmPage, AppError> {
    let stored = event.clone();
    let named = state
        .read_found(move |connection| {
            let data = EventData::load(connection, stored.clone())?;
            Ok(data
                .entrants
                .iter()
                .find(|entrant| entrant.number == number)
                .map(|entrant| {
                    let players = std::iter::once(entrant.player1_id)
                        .chain(entrant.player2_id)
                        .map(|player| data.player_name(player))
                        .collect::<Vec<_>>()
                        .join(", ");
                    format!("#{} {} ({players})", entrant.number, entrant.label)
                }))
        })
        .await?;
    let tr = ctx.tr;
    let re_forms = matches!(
        crate::events::format_of(event)?,
        Format::Swiss(_) | Format::RotatingPartners(_)
    );
    let consequence = match (started, re_forms) {
        (false, _) => "withdraw-setup_line",
        (true, true) => "withdraw-re_form_line",
        (true, false) => "withdraw-started_line",
    };
    Ok(ConfirmPage {
        heading: tr.t("withdraw-confirm_title").to_string(),
        lines: vec![named, tr.t(consequence).to_string()],
        warning: None,
        action: format!("/manage/events/{}/withdraw", event.public_id),
        hidden: vec![("number".to_string(), number.to_string())],
        reason: None,
        error: None,
        confirm_label: tr.t("withdraw-confirm_submit").to_string(),
        cancel_href: format!("/manage/events/{}", event.public_id),
        ctx,
    })
}
