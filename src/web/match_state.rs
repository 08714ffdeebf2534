//! A match's state and note as its organizer sets them on the match page. The form
//! shows the stored state and note and says what it showed (`status_was`,
//! `note_was`), so a save changes only what the organizer changed. A change that
//! undoes progress is confirmed on a second page with a reason and recorded in
//! `match_state_changes`, shown on the match page (and an event's page) like a
//! correction.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::confirm::{ConfirmPage, confirmed, missing_reason, reason_text, record_undone};
use super::context::PageContext;
use super::error::AppError;
use super::i18n::Tr;
use super::managed::Managed;
use super::matches::{back_to, manage_page_of, status_key, status_note_text};
use super::render_with_status;
use crate::store::matches::{self, MatchRow, MatchStatus};
use crate::store::state_changes::{StateChangeRow, parse_seat, parse_state, undoes_progress};

const MAX_NOTE: usize = 200;

/// A recorded change of state, in words.
pub struct StateChangeView {
    pub at: String,
    /// Which match, where a page lists several.
    pub subject: String,
    pub from: String,
    pub to: String,
    pub by: String,
    pub reason: String,
}

/// A stored state (`scheduled`, `forfeit:A`, …, or who sits at a seat) in words; `sides`
/// names the sides of an event's match.
pub fn state_words(tr: Tr, text: &str, sides: Option<&[String; 2]>) -> String {
    if let Some((seat, name)) = parse_seat(text) {
        return tr.t_args(
            "state-seat",
            [
                ("name", name.to_string().into()),
                ("seat", (seat as i64).into()),
            ],
        );
    }
    match parse_state(text) {
        Some((status, side)) => {
            let label = tr.t(status_key(status));
            match side {
                Some(crate::events::VOID) => format!("{label} · {}", tr.t("state-voided")),
                Some(side) => {
                    let name = match (side, sides) {
                        ("A", Some([a, _])) => a.as_str(),
                        ("B", Some([_, b])) => b.as_str(),
                        _ => side,
                    };
                    format!("{label} · {} {name}", tr.t("state-goes_on"))
                }
                None => label.to_string(),
            }
        }
        None => text.to_string(),
    }
}

/// Who changed a state, as the reader says it: a table link's label was stored in the
/// language of the page it was written from ("table link" on an Italian page otherwise).
pub fn author_words(tr: Tr, label: &str) -> String {
    let link = "scoring-link_author";
    let by_link = crate::web::i18n::languages()
        .iter()
        .any(|lang| Tr::new(*lang).t(link) == label);
    if by_link { tr.t(link) } else { label }.to_string()
}

pub fn change_view(
    tr: Tr,
    zone: chrono_tz::Tz,
    row: &StateChangeRow,
    subject: String,
    sides: Option<&[String; 2]>,
) -> StateChangeView {
    StateChangeView {
        at: tr.date_time(crate::zone::to_local(row.created_at, zone)),
        subject,
        from: state_words(tr, &row.from_state, sides),
        to: state_words(tr, &row.to_state, sides),
        by: author_words(tr, &row.by_label),
        reason: row.reason.clone(),
    }
}

#[derive(Deserialize)]
pub struct StatusForm {
    #[serde(default)]
    status: String,
    #[serde(default)]
    note: String,
    /// The state the form showed; without it the stored state counts as shown.
    status_was: Option<String>,
    /// The note the form showed (in the reader's words).
    note_was: Option<String>,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    reason: String,
}

fn note_text(note: &str) -> String {
    note.trim().chars().take(MAX_NOTE).collect()
}

/// What the organizer asked for, against what is stored.
struct Requested {
    current: MatchStatus,
    target: MatchStatus,
    note_touched: bool,
    note: Option<String>,
}

fn requested(row: &MatchRow, form: &StatusForm, tr: Tr) -> Option<Requested> {
    let current = row.status();
    // "Finished" follows from the log: it may be kept, not chosen.
    let chosen = MatchStatus::parse(form.status.trim())
        .filter(|status| *status != MatchStatus::Finished || current == MatchStatus::Finished)?;
    let status_touched = form
        .status_was
        .as_deref()
        .is_none_or(|was| was.trim() != form.status.trim());
    let shown_note = match &form.note_was {
        Some(was) => was.clone(),
        None => row
            .status_note
            .as_deref()
            .map(|note| status_note_text(note, tr))
            .unwrap_or_default(),
    };
    let typed = note_text(&form.note);
    let note_touched = typed != note_text(&shown_note);
    Some(Requested {
        current,
        target: if status_touched { chosen } else { current },
        note_touched,
        note: if note_touched {
            (!typed.is_empty()).then_some(typed)
        } else {
            row.status_note.clone()
        },
    })
}

/// Organizers set a forfeit (walkover) or put a match back to scheduled or in
/// progress, and write a note; "finished" follows from the log.
pub async fn set_status(
    form: web::Form<StatusForm>,
    Managed(ctx, state, user, row): Managed<MatchRow>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let wanted = requested(&row, &form, ctx.tr).ok_or(AppError::NotFound)?;
    if wanted.target == wanted.current && !wanted.note_touched {
        return Ok(back_to(ctx.session(), &row, "confirm-nothing_changed"));
    }
    let needs_reason = undoes_progress(wanted.current, wanted.target);
    let reason = reason_text(&form.reason);
    if needs_reason && (!confirmed(&form.confirm) || reason.is_empty()) {
        let error = missing_reason(&ctx, &form.confirm, needs_reason);
        let match_row = row.clone();
        let title = state
            .read(move |connection| crate::events::spoken_title(connection, &match_row))
            .await?;
        return confirm_page(ctx, &row, &title, &wanted, &form, error).answer();
    }
    let (match_id, from, to) = (row.id, wanted.current, wanted.target);
    let note = wanted.note.clone();
    let stored = state
        .write(move |connection| {
            // The event first, then its match, as advancement takes them.
            crate::store::events::hold_event_of_match(connection, match_id)?;
            if !matches::set_status_from(
                connection,
                match_id,
                from,
                to,
                note.as_deref(),
                &user.display_name,
            )? {
                return Ok(false);
            }
            crate::events::sync_event_of(connection, match_id)?;
            if needs_reason {
                record_undone(
                    connection,
                    match_id,
                    (from.as_str(), to.as_str()),
                    &reason,
                    &user,
                )?;
            }
            Ok(true)
        })
        .await?;
    if !stored {
        let mut page = manage_page_of(ctx, &state, &row.public_id).await?;
        page.error = Some(page.ctx.t("confirm-changed_meanwhile").to_string());
        return render_with_status(&page, StatusCode::CONFLICT);
    }
    state.notify(row.id);
    Ok(back_to(ctx.session(), &row, "manage-status_saved"))
}

fn confirm_page(
    ctx: PageContext,
    row: &MatchRow,
    title: &crate::lang::Msg,
    wanted: &Requested,
    form: &StatusForm,
    error: Option<String>,
) -> ConfirmPage {
    let tr = ctx.tr;
    let mut lines = vec![
        tr.msg(title),
        format!(
            "{}: {} → {}",
            tr.t("manage-state"),
            tr.t(status_key(wanted.current)),
            tr.t(status_key(wanted.target))
        ),
    ];
    if let Some(note) = &wanted.note {
        lines.push(format!(
            "{}: {}",
            tr.t("manage-note"),
            status_note_text(note, tr)
        ));
    }
    let hidden = vec![
        ("status".to_string(), form.status.trim().to_string()),
        ("note".to_string(), form.note.clone()),
        (
            "status_was".to_string(),
            wanted.current.as_str().to_string(),
        ),
        (
            "note_was".to_string(),
            form.note_was.clone().unwrap_or_else(|| {
                row.status_note
                    .as_deref()
                    .map(|note| status_note_text(note, tr))
                    .unwrap_or_default()
            }),
        ),
    ];
    ConfirmPage {
        heading: tr.t("state-confirm_title").to_string(),
        lines,
        warning: Some(tr.t("state-backwards_warning").to_string()),
        action: format!("/manage/matches/{}/status", row.public_id),
        hidden,
        reason: Some(form.reason.clone()),
        error,
        confirm_label: tr.t("state-confirm_submit").to_string(),
        cancel_href: format!("/manage/matches/{}", row.public_id),
        ctx,
    }
}
