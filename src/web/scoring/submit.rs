//! Posting an entry from any referee form: the envelope every form carries (the
//! sequence it was based on and a submission key), the one append, and the page
//! shown again with what was typed when the entry is refused.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use super::{Draft, Scorer, Shown, respond, scorer};
use crate::lang::Lang;
use crate::rules::record::RecordEntry;
use crate::scoring::{self, AppendOutcome, Submitted};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::i18n::{Tr, Worded};
use crate::web::matches::load_match;
use crate::web::{AppState, redirect};

/// The fields every scoring form carries.
#[derive(Debug, Deserialize)]
pub struct Envelope {
    // Strings: serde's flatten cannot read numbers from a urlencoded form.
    #[serde(default)]
    pub(in crate::web) expected_seq: String,
    #[serde(default)]
    pub(in crate::web) submission_key: String,
}

/// A form read as its ordered pairs, for forms with repeated or open-ended keys
/// that a struct cannot take, and its envelope.
pub(in crate::web) fn read_pairs(
    body: &[u8],
) -> Result<(Envelope, Vec<(String, String)>), AppError> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_bytes(body).map_err(|_| AppError::BadRequest)?;
    let envelope = Envelope {
        expected_seq: pair_value(&pairs, "expected_seq"),
        submission_key: pair_value(&pairs, "submission_key"),
    };
    Ok((envelope, pairs))
}

/// The first value of the field `name` among a form's pairs, or empty.
pub(in crate::web) fn pair_value(pairs: &[(String, String)], name: &str) -> String {
    pairs
        .iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.clone())
        .unwrap_or_default()
}

pub(in crate::web) async fn submit(
    request: &HttpRequest,
    ctx: PageContext,
    state: &AppState,
    envelope: Envelope,
    entry: Result<serde_json::Value, String>,
    draft: Draft,
) -> Result<HttpResponse, AppError> {
    let scorer = scorer(request, &ctx, state).await?;
    let entry = match entry {
        Ok(entry) => entry,
        Err(message) => {
            let shown = Shown::error(message);
            return respond(ctx, &scorer, draft, shown, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let expected_seq: i64 = envelope
        .expected_seq
        .parse()
        .map_err(|_| AppError::BadRequest)?;
    if envelope.submission_key.is_empty() || envelope.submission_key.len() > 100 {
        return Err(AppError::BadRequest);
    }
    let outcome = state
        .scoring
        .append(Submitted {
            row: &scorer.loaded.row,
            nicknames: &scorer.loaded.nicknames,
            expected_seq,
            entry,
            author: scorer.author.clone(),
            submission_key: envelope.submission_key,
        })
        .await?;
    let lang = ctx.lang();
    match outcome {
        AppendOutcome::Appended { seq, .. } | AppendOutcome::AlreadyRecorded { seq } => {
            state.notify(scorer.loaded.row.id);
            Ok(redirect(&format!("{}?recorded={seq}", scorer.base)))
        }
        AppendOutcome::NotFound => Err(AppError::NotFound),
        refusal => {
            // Nothing was recorded: show the match as it is now, with what was typed.
            let fresh = Scorer {
                loaded: load_match(state, &scorer.loaded.row.public_id).await?,
                ..scorer
            };
            let (shown, status) = match refusal {
                AppendOutcome::Stale { .. } => (
                    Shown {
                        conflict: true,
                        error: Some(ctx.t("scoring-stale").to_string()),
                        ..Shown::default()
                    },
                    StatusCode::CONFLICT,
                ),
                AppendOutcome::Refused { error } => (
                    Shown::error(error.error_message(lang)),
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                AppendOutcome::Unreadable { error } => (
                    Shown::error(error.message(lang)),
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                _ => (
                    Shown::error(ctx.t("scoring-closed").to_string()),
                    StatusCode::CONFLICT,
                ),
            };
            respond(ctx, &fresh, draft, shown, status)
        }
    }
}

/// [`submit`] for an entry built as a record entry, or the words saying why it
/// could not be built from the form.
pub(in crate::web) async fn submit_entry(
    request: &HttpRequest,
    ctx: PageContext,
    state: &AppState,
    envelope: Envelope,
    entry: Result<RecordEntry, String>,
    draft: Draft,
) -> Result<HttpResponse, AppError> {
    let entry = entry.map(|entry| scoring::entry_json(&entry));
    submit(request, ctx, state, envelope, entry, draft).await
}

trait ErrorText {
    fn error_message(&self, lang: Lang) -> String;
}

impl<E: crate::rules::game::Message> ErrorText for crate::rules::replay::ReplayError<E> {
    /// The rule's own words; the entry index means nothing to a referee at the table.
    fn error_message(&self, lang: Lang) -> String {
        let tr = Tr::new(lang);
        if self.failing == self.index {
            tr.msg(&self.error.msg(lang))
        } else {
            tr.msg(&self.msg(lang))
        }
    }
}
