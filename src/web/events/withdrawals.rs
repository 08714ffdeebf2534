//! Withdrawing an entrant, or taking the withdrawal back. A withdrawal is confirmed on
//! a second page that names the entrant; after the draw the entrant forfeits every
//! match not yet finished and is not drawn again in round-based formats.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{ManagedEvent, back};
use crate::events::EventData;
use crate::store::events::{self as store_events, EventRow, EventStatus};
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
    state
        .write(move |connection| {
            let round = if undo {
                None
            } else if started {
                let Some(event) = store_events::find(connection, event_id)? else {
                    return Ok(());
                };
                let data = EventData::load(connection, event)?;
                let drawn = crate::events::derive(connection, &data)?
                    .and_then(|derived| derived.schedule.matches.iter().map(|m| m.round).max())
                    .unwrap_or(0);
                Some(drawn as i32 + 1)
            } else {
                Some(0)
            };
            store_events::set_withdrawn(connection, event_id, number, round)?;
            crate::events::sync(connection, event_id)?;
            Ok(())
        })
        .await?;
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
    let consequence = if started {
        "withdraw-started_line"
    } else {
        "withdraw-setup_line"
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
