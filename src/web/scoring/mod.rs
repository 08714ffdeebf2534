//! What every game's referee page shares: the page itself (`page`, and `respond`
//! to show it again with what was typed), who may score (`access`), posting an
//! entry (`submit`), undo and corrections (`corrections`). Reached by an account
//! (`/score/{match}`) or by the match's private link (`/s/{token}`); both share
//! these handlers. Each game's own forms are in `super::games`.
//!
//! Every form carries the sequence number it was based on and a submission key:
//! a stale form is refused with the new state, a repeated one is recorded once.

mod access;
mod corrections;
pub mod moved;
mod submit;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

pub use access::Scorer;
pub(super) use access::{may_score, may_score_knowing, scorer, shown_author};
pub use corrections::{CorrectionForm, correct, undo};
pub use submit::Envelope;
pub(super) use submit::{Refusal, dry_run, pair_value, read_pairs, submit, submit_entry};

use super::context::{PageContext, Visit};
use super::error::AppError;
use super::render_with_status;
use crate::rules::game::Team;

// ---------------------------------------------------------------- the page

/// What the referee typed, kept when an entry is refused so nothing is lost.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Draft {
    #[serde(default)]
    pub comanda: String,
    #[serde(default)]
    pub cut: String,
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub vagaresto_caller: String,
    #[serde(default)]
    pub vagaresto_answer: String,
    #[serde(default)]
    pub vagaresto_trick: String,
    /// The other games' forms, as typed (name, value), to show them again.
    #[serde(skip)]
    pub fields: Vec<(String, String)>,
}

impl Draft {
    /// Whether it was typed card by card (the comanda and cut, or a hand's cards).
    pub fn at_cards(&self) -> bool {
        !self.cards.is_empty() || !self.comanda.is_empty()
    }
}

/// One entry of the log as the page lists it.
pub struct LogLine {
    pub index: usize,
    /// The entry a void or a replacement corrects.
    pub target: Option<usize>,
    pub kind: &'static str,
    pub text: String,
    pub author: String,
    pub time: String,
    pub voided: bool,
    pub replaced: bool,
    /// Whether the log offers to correct it.
    pub correctable: bool,
    /// The teams its correction may give it to instead (none: it can only be voided).
    pub replace_with: Vec<Team>,
}

/// The words of the correction form under each line of the log
/// (`templates/games/log.html`).
pub struct CorrectionWords {
    pub summary_key: &'static str,
    pub hint_key: Option<&'static str>,
    /// Whether the form chooses between voiding and replacing with a winner.
    pub choose_winner: bool,
    pub button_key: &'static str,
}

pub async fn page(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
) -> Result<HttpResponse, AppError> {
    let scorer = scorer(&request, &ctx, &state).await?;
    let query = web::Query::<Confirmed>::from_query(request.query_string())
        .map(web::Query::into_inner)
        .unwrap_or_default();
    let mut page = super::games::referee::build_page(ctx, &scorer, Draft::default())?;
    if let Some(seq) = query.recorded {
        page.confirm(seq);
        page.at_cards = query.at.as_deref() == Some("cards");
    }
    render_with_status(&page, StatusCode::OK)
}

/// The query of the page a save comes back to: the entry stored, and whether it
/// came from card-by-card entry, whose section then shows the confirmation.
#[derive(Default, serde::Deserialize)]
struct Confirmed {
    recorded: Option<usize>,
    at: Option<String>,
}

/// What a referee page shows besides the match: a notice, an error, a conflict.
#[derive(Default)]
pub(super) struct Shown {
    pub notice: Option<String>,
    pub error: Option<String>,
    /// The cards the error names, drawn beside its words.
    pub error_faces: Vec<crate::web::cards::Face>,
    pub conflict: bool,
}

impl Shown {
    /// The page shown again with `message` as its error.
    fn error(message: String) -> Self {
        Shown {
            error: Some(message),
            ..Shown::default()
        }
    }
}

/// The referee page of the match's game, with what was typed and what to say.
pub(super) fn respond(
    ctx: PageContext,
    scorer: &Scorer,
    draft: Draft,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let mut page = super::games::referee::build_page(ctx, scorer, draft)?;
    page.notice = shown.notice;
    page.error = shown.error;
    page.error_faces = shown.error_faces;
    page.conflict = shown.conflict;
    render_with_status(&page, status)
}
