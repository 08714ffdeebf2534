//! The second step of an organizer's action that cannot simply be taken back (a
//! change of state backwards, a forfeit, a withdrawal): a page that says what will
//! happen, asks for the reason when the change is recorded, and posts the same form
//! again with `confirm=yes`. Plain HTML, so it works without JavaScript.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use askama_web::WebTemplate;

use super::context::{PageContext, SessionUser};
use super::error::AppError;
use super::render_with_status;
use crate::store::state_changes;
use crate::store::{DbConnection, StoreResult};

#[derive(Template, WebTemplate)]
#[template(path = "confirm.html")]
pub struct ConfirmPage {
    pub ctx: PageContext,
    pub heading: String,
    /// What will happen, one sentence a line.
    pub lines: Vec<String>,
    pub warning: Option<String>,
    pub action: String,
    /// The fields of the first form, posted again as they were.
    pub hidden: Vec<(String, String)>,
    /// `Some(text typed so far)` when the change needs a reason.
    pub reason: Option<String>,
    pub error: Option<String>,
    pub confirm_label: String,
    pub cancel_href: String,
}

/// Whether a posted form carries the confirmation.
pub fn confirmed(value: &str) -> bool {
    value == "yes"
}

/// A reason as stored: trimmed and at most 300 characters.
pub fn reason_text(reason: &str) -> String {
    reason.trim().chars().take(300).collect()
}

impl ConfirmPage {
    /// The page as an answer: 422 when it repeats a refusal, 200 when it only asks.
    pub fn answer(&self) -> Result<HttpResponse, AppError> {
        let status = if self.error.is_some() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        };
        render_with_status(self, status)
    }
}

/// The refusal a confirmed form gets when its change needs a reason it lacks.
pub fn missing_reason(ctx: &PageContext, confirm: &str, needs_reason: bool) -> Option<String> {
    (confirmed(confirm) && needs_reason).then(|| ctx.t("confirm-error_reason").to_string())
}

/// Records, in the same transaction as the change, a change of a match's state that
/// undoes progress: who made it and why.
pub fn record_undone(
    connection: &mut DbConnection,
    match_id: i64,
    (from_state, to_state): (&str, &str),
    reason: &str,
    user: &SessionUser,
) -> StoreResult<()> {
    state_changes::record(
        connection,
        &state_changes::NewStateChange {
            match_id,
            from_state,
            to_state,
            reason,
            by_user_id: Some(user.id),
            by_label: &user.display_name,
        },
    )
}
