//! The organizer's decisions on a match a correction upstream flagged: replay it (a new
//! match between the sides the corrected results give; its log is kept, out of the
//! draw) or keep its result as played (the recorded sides stand for that match).

use actix_web::{HttpResponse, web};

use super::{ManagedEvent, MatchActionForm, back, event_match, refused};
use crate::store::{DbConnection, StoreResult};
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
    let match_id = row.id;
    state
        .write(move |connection| decision.apply(connection, match_id, &user.display_name))
        .await?;
    state.notify(match_id);
    Ok(back(&ctx, &event, decision.notice()))
}
