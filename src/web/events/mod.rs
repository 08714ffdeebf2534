//! Organizers' pages for events, one file per action: `form` creates an event for a club
//! (`edit`: its settings edited; `options`: each game's options on the form; `prefill`: the
//! form filled from the club's last event), `manage` is the
//! organizer's page of an event, `entrants` registers (one by one or from CSV) and checks
//! in, `draw` seeds and draws, `cards` prints the table cards. Running the rounds:
//! `withdrawals`, `tables` (a match's table and referee), `forfeits`, `substitutes` (a seat
//! a player left, played on by another), and `flagged` (the decisions a correction
//! upstream asks for). Every handler starts from a [`ManagedEvent`],
//! which checks the role and the club membership; what an action decides lives in
//! `crate::events`.

use actix_web::HttpResponse;
use serde::Deserialize;

use super::context::{PageContext, SessionUser};
use super::error::AppError;
use super::i18n::Tr;
use super::managed::{Found, Managed};
use super::{AppState, flash, refuse};
use crate::accounts::Role;
use crate::events::EventData;
use crate::lang::Lang;
use crate::store::clubs::{self, Club};
use crate::store::events::{self as store_events, EventMatchRow, EventRow};
use crate::store::matches;
use crate::tournament::Slot;

pub mod cards;
pub mod draw;
pub mod edit;
pub mod entrants;
pub mod flagged;
pub mod forfeits;
pub mod form;
pub mod formats;
pub mod manage;
pub mod options;
pub mod prefill;
pub mod substitutes;
pub mod table_referees;
pub mod tables;
pub mod withdrawals;

/// The sides of an event's matches in the reader's words.
pub trait SlotNames {
    /// A side in words: its entrants' names, a bye, or where a side to come comes from.
    fn slot_name(&self, slot: &Slot, lang: Lang) -> String;
}

impl SlotNames for EventData {
    fn slot_name(&self, slot: &Slot, lang: Lang) -> String {
        Tr::new(lang).msg(&self.slot_msg(slot))
    }
}

/// What an organizer's action on an event starts from: the page, the application, the
/// account, and the event with its club (see [`super::managed`]).
pub type ManagedEvent = Managed<(EventRow, Club)>;

impl Found for (EventRow, Club) {
    const SEGMENT: &'static str = "id";

    /// An event the organizers of its club manage.
    async fn find(
        state: &AppState,
        user: &SessionUser,
        public_id: String,
    ) -> Result<(EventRow, Club), AppError> {
        let user_id = user.id;
        let (event, club, member) = state
            .read_found(move |connection| {
                let Some(event) = store_events::find_by_public_id(connection, &public_id)? else {
                    return Ok(None);
                };
                let club = clubs::find(connection, event.club_id)?;
                let member = clubs::is_organizer(connection, event.club_id, user_id)?;
                Ok(club.map(|club| (event, club, member)))
            })
            .await?;
        if user.role != Role::Admin && !member {
            return Err(AppError::Forbidden);
        }
        Ok((event, club))
    }
}

/// Back to the organizer's page of the event, which shows the notice `notice` (a message
/// id) once.
pub(super) fn back(ctx: &PageContext, event: &EventRow, notice: &'static str) -> HttpResponse {
    let location = format!("/manage/events/{}", event.public_id);
    flash::redirect_with(ctx.session(), notice, &location)
}

/// The organizer's page of the event with a refusal in words.
pub(super) async fn failure(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    message: String,
) -> Result<HttpResponse, AppError> {
    failure_keeping(ctx, state, public_id, message, manage::Typed::default()).await
}

/// The organizer's page of the event with a refusal in words and the refused form as
/// the organizer typed it.
async fn failure_keeping(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    message: String,
    typed: manage::Typed,
) -> Result<HttpResponse, AppError> {
    let mut page = manage::manage_page(ctx, state, public_id).await?;
    page.error = Some(message);
    page.typed = typed;
    page.by_table =
        table_referees::by_table(state, &page.event, &page.referees, &page.typed).await?;
    refuse(&page)
}

/// The organizer's page of the event with the refusal the Fluent id `key` words.
pub(super) async fn refused(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    key: &str,
) -> Result<HttpResponse, AppError> {
    let message = ctx.t(key).to_string();
    failure(ctx, state, public_id, message).await
}

/// [`refused`], with the refused form shown as the organizer typed it.
pub(super) async fn refused_keeping(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    key: &str,
    typed: manage::Typed,
) -> Result<HttpResponse, AppError> {
    let message = ctx.t(key).to_string();
    failure_keeping(ctx, state, public_id, message, typed).await
}

/// The form of an action on one of the event's matches (its table and referee, a
/// forfeit, a decision on a flagged match); each action reads the fields it needs.
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
    /// The choice the form showed ([`tables::referee_choice`]).
    referee_was: Option<String>,
    /// The referee's username, typed once the referees are too many to list; empty
    /// for none.
    referee_username: Option<String>,
    /// What the typed field showed ([`manage::TableLine::referee_typed`]).
    referee_username_was: Option<String>,
    /// `A` or `B` (the side that goes on), or `none` to take a forfeit back.
    #[serde(default)]
    winner: String,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    reason: String,
}

/// A match of the event as a confirmation page heads it: its name in the reader's
/// words and, when it has one, its table.
fn match_line(tr: crate::web::i18n::Tr, event: &EventRow, row: &EventMatchRow) -> String {
    let knockout = crate::events::knockout_of(event);
    let title = tr.msg(&crate::events::title_msg_in(&row.title, knockout));
    match row.table_number {
        Some(table) => format!("{title} · {} {table}", tr.t("event-table")),
        None => title,
    }
}

/// The event's match named in a form, checked to belong to the event.
async fn event_match(
    state: &AppState,
    event: &EventRow,
    public_id: &str,
) -> Result<EventMatchRow, AppError> {
    let public_id = public_id.to_string();
    let row = state
        .read_found(
            move |connection| match matches::find_by_public_id(connection, &public_id)? {
                Some(row) => store_events::event_match(connection, row.id),
                None => Ok(None),
            },
        )
        .await?;
    if row.event_id != Some(event.id) {
        return Err(AppError::NotFound);
    }
    Ok(row)
}
