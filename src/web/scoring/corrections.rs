//! Corrections shared by every game's referee page: undo of the last entry still
//! in effect, and voiding or replacing an earlier one with a reason.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::submit::{Envelope, submit_entry};
use super::{Draft, scorer};
use crate::rules::game::Team;
use crate::rules::record::{HandEntry, PlayEntry, RecordEntry, ReplaceEntry, VoidEntry};
use crate::web::confirm::{ConfirmPage, confirmed};
use crate::web::context::PageContext;
use crate::web::context::Visit;
use crate::web::error::AppError;
use crate::web::i18n::Tr;

/// Voids the last hand or smazzata entry still in effect.
pub async fn undo(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    web::Form(envelope): web::Form<Envelope>,
) -> Result<HttpResponse, AppError> {
    let scorer_now = scorer(&request, &ctx, &state).await?;
    let record = scorer_now.loaded.any_record()?;
    let entry = record
        .last_undoable()
        .map(|target| void(target, ctx.t("scoring-undo_reason").to_string()))
        .ok_or_else(|| ctx.t("scoring-nothing_to_undo").to_string());
    submit_entry(&request, ctx, &state, envelope, entry, Draft::default()).await
}

/// The entry that takes entry `target` out of the score, for `reason`.
fn void(target: usize, reason: String) -> RecordEntry {
    RecordEntry::Void(VoidEntry {
        target,
        reason,
        author: None,
        time: None,
    })
}

#[derive(Debug, Deserialize)]
pub struct CorrectionForm {
    #[serde(flatten)]
    envelope: Envelope,
    #[serde(default)]
    target: String,
    #[serde(default)]
    reason: String,
    /// Empty to void; `A` or `B` to replace with a hand won by that team.
    #[serde(default)]
    winner: String,
    /// `yes` once the second step confirmed a void.
    #[serde(default)]
    confirm: String,
}

/// Voids an earlier entry, or replaces it by a hand won by the other team, with a reason.
pub async fn correct(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    form: web::Form<CorrectionForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let reason = form.reason.trim().chars().take(300).collect::<String>();
    // A number that is no entry is said back as it was given, never wrapped.
    let no_such_entry = |form: CorrectionForm, ctx: PageContext| {
        let given = form.target.trim().chars().take(40).collect::<String>();
        let message = ctx
            .tr
            .t_args("scoring-no_such_entry", &[("target", given.into())]);
        submit_entry(
            &request,
            ctx,
            &state,
            form.envelope,
            Err(message),
            Draft::default(),
        )
    };
    let Ok(target) = form.target.trim().parse::<usize>() else {
        return no_such_entry(form, ctx).await;
    };
    // A void takes an entry out of the score for good: it is confirmed on a second page
    // that says so (a replace names its new winner, and is its own undo).
    if form.winner.is_empty() && !reason.is_empty() && !confirmed(&form.confirm) {
        let scorer_now = scorer(&request, &ctx, &state).await?;
        let loaded = &scorer_now.loaded;
        let record = loaded.any_record()?;
        let Some(entry) = record.entries_json().get(target).map(|entry| {
            let players = loaded.row.player_names();
            crate::web::games::log_line(loaded.row.game, entry, &players, ctx.tr)
        }) else {
            return no_such_entry(form, ctx).await;
        };
        let mut page = void_confirmation(&request, ctx, &form, target, &reason);
        // Counted from 1, as the log and the undo button number entries.
        page.lines.insert(0, format!("#{} {entry}", target + 1));
        return page.answer();
    }
    let entry = if reason.is_empty() {
        Err(Tr::new(lang).t("games-need_reason").to_string())
    } else {
        match form.winner.as_str() {
            "" => Ok(void(target, reason)),
            "A" | "B" => Ok(RecordEntry::Replace(ReplaceEntry {
                target,
                reason,
                entry: PlayEntry::Hand(HandEntry {
                    winner: Some(if form.winner == "A" { Team::A } else { Team::B }),
                    ..HandEntry::default()
                }),
                author: None,
                time: None,
            })),
            _ => Err(Tr::new(lang).t("games-bad_correction").to_string()),
        }
    };
    submit_entry(
        &request,
        ctx,
        &state,
        form.envelope,
        entry,
        Draft::default(),
    )
    .await
}

/// The void's second step: which entry, what follows, the reason again.
fn void_confirmation(
    request: &HttpRequest,
    ctx: PageContext,
    form: &CorrectionForm,
    target: usize,
    reason: &str,
) -> ConfirmPage {
    let tr = ctx.tr;
    let page = request
        .path()
        .strip_suffix("/correct")
        .unwrap_or("/")
        .to_string();
    ConfirmPage {
        heading: tr.t_args("void-confirm_title", &[("entry", (target + 1).into())]),
        lines: vec![tr.t("void-line").to_string()],
        warning: None,
        action: request.path().to_string(),
        hidden: vec![
            ("expected_seq".into(), form.envelope.expected_seq.clone()),
            (
                "submission_key".into(),
                form.envelope.submission_key.clone(),
            ),
            ("target".into(), target.to_string()),
            ("winner".into(), String::new()),
        ],
        reason: Some(reason.to_string()),
        error: None,
        confirm_label: tr.t("void-confirm_submit").to_string(),
        cancel_href: format!("{page}#log-title"),
        ctx,
    }
}
