//! The organizer's actions on a running event that change who plays or who goes on:
//! a match's table and referee, forfeits, withdrawals, and the decisions on a match
//! flagged by a correction. The forms show what is stored (the table, the assigned
//! referee, the recorded forfeit) and say what they showed, so a save changes only
//! what the organizer changed; a forfeit and a withdrawal are confirmed on a second
//! page, and a change that undoes a result asks for a reason and is recorded.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::confirm::{ConfirmPage, confirmed, reason_text};
use super::context::PageContext;
use super::error::AppError;
use super::events::{back, failure, managed_event};
use super::match_state::state_words;
use super::{AppState, render_with_status};
use crate::accounts::Role;
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::matches::{self, MatchStatus};
use crate::store::state_changes::{self, state_text, undoes_progress};
use crate::store::{StoreError, users};
use crate::tournament::Side;

#[derive(Deserialize)]
pub struct WithdrawForm {
    number: i32,
    #[serde(default)]
    undo: bool,
    #[serde(default)]
    confirm: String,
}

/// Withdraws an entrant (or takes the withdrawal back), once confirmed. After the
/// draw, the entrant forfeits every match not yet finished and is not drawn again in
/// round-based formats.
pub async fn withdraw(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let event_id = event.id;
    let (number, undo) = (form.number, form.undo);
    let started = event.status() != EventStatus::Setup;
    if !undo && !confirmed(&form.confirm) {
        let stored = event.clone();
        let named = state
            .read(move |connection| {
                let data = crate::events::EventData::load(connection, stored.clone())?;
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
            .await?
            .ok_or(AppError::NotFound)?;
        let tr = ctx.tr;
        let page = ConfirmPage {
            heading: tr.t("withdraw-confirm_title").to_string(),
            lines: vec![
                named,
                tr.t(if started {
                    "withdraw-started_line"
                } else {
                    "withdraw-setup_line"
                })
                .to_string(),
            ],
            warning: None,
            action: format!("/manage/events/{}/withdraw", event.public_id),
            hidden: vec![("number".to_string(), number.to_string())],
            reason: None,
            error: None,
            confirm_label: tr.t("withdraw-confirm_submit").to_string(),
            cancel_href: format!("/manage/events/{}", event.public_id),
            ctx,
        };
        return render_with_status(&page, StatusCode::OK);
    }
    state
        .write(move |connection| {
            let round = if undo {
                None
            } else if started {
                let Some(event) = store_events::find(connection, event_id)? else {
                    return Ok(());
                };
                let data = crate::events::EventData::load(connection, event)?;
                let drawn = crate::events::derive(connection, &data)?
                    .map(|d| {
                        d.schedule
                            .matches
                            .iter()
                            .map(|m| m.round)
                            .max()
                            .unwrap_or(0)
                    })
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

// ---------------------------------------------------------------- tables, referees, forfeits

#[derive(Deserialize)]
pub struct MatchActionForm {
    /// The match's public id.
    public_id: String,
    #[serde(default)]
    table: String,
    /// The table the form showed; without it the stored table counts as shown.
    table_was: Option<String>,
    /// A referee's id, empty for none, or `several` to keep more than one assigned.
    #[serde(default)]
    referee: String,
    /// The choice the form showed ([`referee_choice`]).
    referee_was: Option<String>,
    /// `A` or `B` (the side that goes on), or `none` to take a forfeit back.
    #[serde(default)]
    winner: String,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    reason: String,
}

/// The referee list's value for the referees assigned: none, one, or several.
pub fn referee_choice(assigned: &[i64]) -> String {
    match assigned {
        [] => String::new(),
        [one] => one.to_string(),
        _ => SEVERAL.to_string(),
    }
}

pub const SEVERAL: &str = "several";

/// The event's match named in a form, checked to belong to the event.
async fn event_match(
    state: &AppState,
    event: &EventRow,
    public_id: &str,
) -> Result<store_events::EventMatchRow, AppError> {
    let public_id = public_id.to_string();
    let row = state
        .read(
            move |connection| match matches::find_by_public_id(connection, &public_id)? {
                Some(row) => store_events::event_match(connection, row.id),
                None => Ok(None),
            },
        )
        .await?
        .ok_or(AppError::NotFound)?;
    if row.event_id != Some(event.id) {
        return Err(AppError::NotFound);
    }
    Ok(row)
}

/// Sets a match's table number and referee: what the organizer changed of what the
/// form showed. "No referee" unassigns every referee of the match.
pub async fn assign(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<MatchActionForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let row = event_match(&state, &event, &form.public_id).await?;
    let shown_table = form.table_was.clone().unwrap_or_else(|| {
        row.table_number
            .map(|table| table.to_string())
            .unwrap_or_default()
    });
    let table = if form.table.trim() == shown_table.trim() {
        None
    } else {
        match form.table.trim() {
            "" => Some(None),
            text => match text.parse::<i32>() {
                Ok(n) if (1..=999).contains(&n) => Some(Some(n)),
                _ => {
                    let message = ctx.t("event-error_table").to_string();
                    return failure(ctx, &state, &public_id, message).await;
                }
            },
        }
    };
    let chosen = form.referee.trim().to_string();
    let referee_was = form.referee_was.clone();
    let match_id = row.id;
    state
        .write(move |connection| {
            if let Some(table) = table {
                store_events::set_table(connection, match_id, table)?;
            }
            let assigned: Vec<i64> = matches::referees(connection, match_id)?
                .into_iter()
                .map(|(id, _)| id)
                .collect();
            let shown = referee_was.unwrap_or_else(|| referee_choice(&assigned));
            if chosen == shown.trim() || chosen == SEVERAL {
                return Ok(());
            }
            let new = match chosen.as_str() {
                "" => None,
                text => match text.parse::<i64>() {
                    Ok(user_id) => match users::find_by_id(connection, user_id)? {
                        Some(user) if user.role() == Role::Referee => Some(user_id),
                        _ => return Err(StoreError::Stale),
                    },
                    Err(_) => return Err(StoreError::Stale),
                },
            };
            for id in assigned {
                if Some(id) != new {
                    matches::unassign_referee(connection, match_id, id)?;
                }
            }
            if let Some(user_id) = new {
                matches::assign_referee(connection, match_id, user_id)?;
            }
            Ok(())
        })
        .await
        .map_err(|error| match error {
            AppError::Store(StoreError::Stale) => AppError::NotFound,
            other => other,
        })?;
    Ok(back(&ctx, &event, "event-table_saved"))
}

/// Records a forfeit (the chosen side goes on, `Outcome::Forfeit`) or takes one back,
/// once confirmed; advancement follows. No side is assumed: a form without one is
/// refused. Taking a forfeit back, changing its side or overriding a finished match
/// undoes a result: it needs a reason and is recorded.
pub async fn forfeit(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<MatchActionForm>,
) -> Result<HttpResponse, AppError> {
    let (user, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let row = event_match(&state, &event, &form.public_id).await?;
    let winner = match form.winner.trim() {
        "A" => Some("A"),
        "B" => Some("B"),
        "none" => None,
        "" => {
            let message = ctx.t("forfeit-error_side").to_string();
            return failure(ctx, &state, &public_id, message).await;
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
        let error = (confirmed(&form.confirm) && needs_reason)
            .then(|| ctx.t("confirm-error_reason").to_string());
        let status = if error.is_some() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        };
        let page = forfeit_confirmation(
            ctx,
            &state,
            &event,
            &row,
            (winner, needs_reason),
            &form,
            error,
        )
        .await?;
        return render_with_status(&page, status);
    }
    let match_id = row.id;
    let stored_winner = row.forfeit_winner.clone();
    let side = winner.map(|side| if side == "A" { Side::A } else { Side::B });
    let stored = state
        .write(move |connection| {
            // Decided on the state the organizer saw: nothing if it changed meanwhile.
            let Some(fresh) = store_events::event_match(connection, match_id)? else {
                return Ok(false);
            };
            if fresh.status() != current || fresh.forfeit_winner != stored_winner {
                return Ok(false);
            }
            crate::events::set_forfeit(connection, match_id, side, &user.display_name)?;
            if needs_reason {
                state_changes::record(
                    connection,
                    &state_changes::NewStateChange {
                        match_id,
                        from_state: &from,
                        to_state: &to,
                        reason: &reason,
                        by_user_id: Some(user.id),
                        by_label: &user.display_name,
                    },
                )?;
            }
            Ok(true)
        })
        .await?;
    if !stored {
        let message = ctx.t("confirm-changed_meanwhile").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    state.notify(match_id);
    Ok(back(&ctx, &event, "event-forfeit_saved"))
}

/// The forfeit's second step: both sides named in full, which one goes on.
async fn forfeit_confirmation(
    ctx: PageContext,
    state: &AppState,
    event: &EventRow,
    row: &store_events::EventMatchRow,
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
            let slots: Option<[crate::tournament::Slot; 2]> =
                serde_json::from_str(&sides_json).ok();
            Ok(match slots {
                Some([a, b]) => [data.slot_name(&a, lang), data.slot_name(&b, lang)],
                None => [String::from("A"), String::from("B")],
            })
        })
        .await?;
    let mut lines = vec![crate::events::title_text(&row.title, lang)];
    if let Some(table) = row.table_number {
        lines[0] = format!("{} · {} {table}", lines[0], tr.t("event-table"));
    }
    let (heading, submit) = match winner {
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

/// The organizer's decision on a flagged match: it is replaced by a new match between the
/// sides the corrected results give (its log is kept, out of the draw).
pub async fn replay_flagged(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<MatchActionForm>,
) -> Result<HttpResponse, AppError> {
    let (user, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let row = event_match(&state, &event, &form.public_id).await?;
    let match_id = row.id;
    state
        .write(move |connection| {
            crate::events::replay_flagged(connection, match_id, &user.display_name)
        })
        .await?;
    state.notify(match_id);
    Ok(back(&ctx, &event, "event-replayed"))
}

/// The organizer's other decision on a flagged match: keep its result as played. The
/// recorded sides stand for that match; advancement continues from its result.
pub async fn keep_flagged(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<MatchActionForm>,
) -> Result<HttpResponse, AppError> {
    let (user, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let row = event_match(&state, &event, &form.public_id).await?;
    if row.match_key.is_none() {
        let message = ctx.t("event-error_not_flagged").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    let match_id = row.id;
    state
        .write(move |connection| {
            crate::events::keep_flagged(connection, match_id, &user.display_name)
        })
        .await?;
    state.notify(match_id);
    Ok(back(&ctx, &event, "event-kept"))
}
