//! Entrants of an event: one registered by the organizer, many imported from CSV (every
//! rejected line reported with its number and reason), and check-in.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::manage::{ImportReport, manage_page};
use super::{ManagedEvent, back, refused};
use crate::events::entrants::register;
use crate::events::solo_entrants;
use crate::store::events as store_events;
use crate::web::csv::{self, Rejected};
use crate::web::error::AppError;
use crate::web::managed::Managed;
use crate::web::{AppState, render_with_status};

#[derive(Deserialize)]
pub struct EntrantForm {
    #[serde(default)]
    player1: String,
    #[serde(default)]
    player2: String,
    #[serde(default)]
    label: String,
}

pub async fn add_entrant(
    form: web::Form<EntrantForm>,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let format = crate::events::format_of(&event)?;
    let solo = solo_entrants(&event, &format);
    let mut players = vec![form.player1.trim().to_string()];
    if !solo {
        players.push(form.player2.trim().to_string());
    }
    let label = form.label.trim().to_string();
    if players
        .iter()
        .any(|p| p.is_empty() || p.chars().count() > csv::MAX_NAME)
        || label.chars().count() > csv::MAX_NAME
        || (!solo && players[0].to_lowercase() == players[1].to_lowercase())
    {
        return refused(ctx, &state, &event.public_id, "event-error_players").await;
    }
    let event_copy = event.clone();
    let registered = state
        .write(move |connection| {
            register(
                connection,
                &event_copy,
                &[(players, (!label.is_empty()).then_some(label))],
            )
        })
        .await?;
    if let Some(key) = registered.closed {
        return refused(ctx, &state, &event.public_id, key).await;
    }
    if !registered.refused.is_empty() {
        return refused(ctx, &state, &event.public_id, "import-already_entered").await;
    }
    if registered.joins.is_some() {
        notify_redrawn(&state, event.id).await?;
        return Ok(back(&ctx, &event, "event-late_joined"));
    }
    Ok(back(&ctx, &event, "event-entrant_added"))
}

/// A late entry or a withdrawal re-formed the later rounds: the event's live pages (the event page, the
/// players' night pages) read them again. Their stream passes on any match of the event.
pub(super) async fn notify_redrawn(
    state: &web::Data<AppState>,
    event_id: i64,
) -> Result<(), AppError> {
    let newest = state
        .read(move |connection| {
            Ok(store_events::event_matches(connection, event_id)?
                .last()
                .map(|m| m.id))
        })
        .await?;
    if let Some(id) = newest {
        state.notify(id);
    }
    Ok(())
}

#[derive(Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csv: String,
}

/// Imports entrants from CSV text (pasted, or read by the page from a chosen file) and
/// reports every rejected line with its number and reason.
pub async fn import(
    form: web::Form<ImportForm>,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let solo = solo_entrants(&event, &crate::events::format_of(&event)?);
    let (accepted, mut rejected) = csv::parse_entrants(&form.csv, solo);
    let rows: Vec<(Vec<String>, Option<String>)> = accepted
        .iter()
        .map(|a| (a.players.clone(), a.label.clone()))
        .collect();
    let event_copy = event.clone();
    let registered = state
        .write(move |connection| register(connection, &event_copy, &rows))
        .await?;
    if let Some(key) = registered.closed {
        return refused(ctx, &state, &event.public_id, key).await;
    }
    if registered.joins.is_some() {
        notify_redrawn(&state, event.id).await?;
    }
    let refused = registered.refused;
    for (index, key) in &refused {
        let line = &accepted[*index];
        rejected.push(Rejected {
            line: line.line,
            reason_key: key,
            detail: line.players.join(", "),
        });
    }
    rejected.sort_by_key(|r| r.line);
    let mut page = manage_page(ctx, &state, &event.public_id).await?;
    page.import_report = Some(ImportReport {
        accepted: accepted.len() - refused.len(),
        rejected,
    });
    let status = if page
        .import_report
        .as_ref()
        .is_some_and(|r| r.rejected.is_empty())
    {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render_with_status(&page, status)
}

#[derive(Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    number: Option<i32>,
    #[serde(default)]
    checked_in: bool,
    #[serde(default)]
    all: bool,
}

pub async fn check_in(
    form: web::Form<CheckInForm>,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let event_id = event.id;
    let (all, number, checked_in) = (form.all, form.number, form.checked_in);
    state
        .write(move |connection| {
            if all {
                store_events::check_in_all(connection, event_id)?;
            } else if let Some(number) = number {
                store_events::set_checked_in(connection, event_id, number, checked_in)?;
            }
            Ok(())
        })
        .await?;
    Ok(back(&ctx, &event, "event-checkin_saved"))
}
