//! Organizers' pages for events, one file per action: `form` creates an event for a club
//! (`edit`: its settings edited; `options`: each game's options on the form), `manage` is the
//! organizer's page of an event, `entrants` registers (one by one or from CSV) and checks
//! in, `draw` seeds and draws, `cards` prints the table cards. Running the rounds (tables,
//! referees, forfeits, the decisions a correction upstream asks for) is in
//! `web/event_actions.rs`. Every handler checks the role and the club membership itself;
//! what an action decides lives in `crate::events`.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;

use super::context::{PageContext, SessionUser};
use super::error::AppError;
use super::{AppState, flash, redirect, render_with_status};
use crate::accounts::Role;
use crate::store::clubs::{self, Club};
use crate::store::events::{self as store_events, EventRow};

pub mod cards;
pub mod draw;
pub mod edit;
pub mod entrants;
pub mod form;
pub mod manage;
pub mod options;

const STAFF: &[Role] = &[Role::Organizer];

/// The event, if the visitor is an administrator or an organizer of its club.
pub(super) async fn managed_event(
    ctx: &PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<(SessionUser, EventRow, Club), AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let public_id = public_id.to_string();
    let user_id = user.id;
    let (event, club, member) = state
        .read(move |connection| {
            let Some(event) = store_events::find_by_public_id(connection, &public_id)? else {
                return Ok(None);
            };
            let club = clubs::find(connection, event.club_id)?;
            let member = clubs::is_organizer(connection, event.club_id, user_id)?;
            Ok(club.map(|club| (event, club, member)))
        })
        .await?
        .ok_or(AppError::NotFound)?;
    if user.role != Role::Admin && !member {
        return Err(AppError::Forbidden);
    }
    Ok((user, event, club))
}

/// Back to the organizer's page of the event, which shows the notice `notice` (a message
/// id) once.
pub(super) fn back(ctx: &PageContext, event: &EventRow, notice: &'static str) -> HttpResponse {
    flash::set(ctx.session(), notice);
    redirect(&format!("/manage/events/{}", event.public_id))
}

/// The organizer's page of the event with a refusal in words.
pub(super) async fn failure(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    message: String,
) -> Result<HttpResponse, AppError> {
    let mut page = manage::manage_page(ctx, state, public_id).await?;
    page.error = Some(message);
    render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY)
}
