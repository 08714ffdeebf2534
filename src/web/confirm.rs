//! The second step of an organizer's action that cannot simply be taken back (a
//! change of state backwards, a forfeit, a withdrawal): a page that says what will
//! happen, asks for the reason when the change is recorded, and posts the same form
//! again with `confirm=yes`. Plain HTML, so it works without JavaScript.

use askama::Template;
use askama_web::WebTemplate;

use super::context::PageContext;

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
