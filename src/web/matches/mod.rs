//! Organizers' pages for matches: `new` lists them and creates one; `manage` is a match's
//! page, where its organizer assigns referees, issues or revokes its private scoring link
//! (with a QR code for the table card) and imports a match record (its state:
//! `web::match_state`). Here: who may manage a match, the extractor that checks it, and
//! [`PathMatch`], which reads the match a public page or API answer names.

use actix_session::Session;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use futures_util::future::LocalBoxFuture;

use super::context::{SessionUser, app_state, path_id};
use super::error::AppError;
use super::i18n::Tr;
use super::managed::Found;
use super::{AppState, flash};
use crate::accounts::Role;
use crate::scoring::LoadedMatch;
use crate::store::matches::{MatchRow, MatchStatus};

mod listing;
mod manage;
mod new;

pub use manage::{ImportForm, ManageMatchPage, import, issue_link, manage, referees, revoke_link};
pub(in crate::web) use manage::{manage_page_of, qr_svg};
pub use new::{MatchListPage, NewMatchForm, OptionInput, create, list};

const STAFF: &[Role] = &[Role::Organizer];

/// Who may manage a match: administrators, and the organizer who created it.
pub(in crate::web) fn may_manage(user: &SessionUser, row: &MatchRow) -> bool {
    user.role == Role::Admin || (user.role == Role::Organizer && row.created_by == user.id)
}

pub(in crate::web) async fn load_match(
    state: &AppState,
    public_id: &str,
) -> Result<LoadedMatch, AppError> {
    let public_id = public_id.to_string();
    state
        .read_found(move |connection| LoadedMatch::load(connection, &public_id))
        .await
}

/// The match the path's `{id}` names, with its entries, for the pages and API answers
/// anyone may read: `NotFound` when no match has that public id.
pub struct PathMatch(pub LoadedMatch);

impl FromRequest for PathMatch {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<PathMatch, AppError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let (state, public_id) = (app_state(request), path_id(request));
        Box::pin(async move {
            let (state, public_id) = (state?, public_id?);
            Ok(PathMatch(load_match(&state, &public_id).await?))
        })
    }
}

pub(in crate::web) fn status_key(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Scheduled => "status-scheduled",
        MatchStatus::InProgress => "status-in_progress",
        MatchStatus::Finished => "status-finished",
        MatchStatus::Forfeit => "status-forfeit",
    }
}

/// A match's status note in words. The event writes its own notes in English (and
/// databases already hold them), so those are translated here; an organizer's note is
/// shown as written.
pub fn status_note_text(note: &str, tr: Tr) -> String {
    let key = match note {
        crate::events::NOTE_SIDES_CHANGED => "match-note_sides_changed",
        crate::events::NOTE_OUT_OF_DRAW => "match-note_out_of_draw",
        crate::events::NOTE_REPLACED => "match-note_replaced",
        _ => return note.to_string(),
    };
    tr.t(key).to_string()
}

impl Found for MatchRow {
    const SEGMENT: &'static str = "id";

    /// A match its organizer manages (see [`may_manage`]).
    async fn find(
        state: &AppState,
        user: &SessionUser,
        public_id: String,
    ) -> Result<MatchRow, AppError> {
        let loaded = load_match(state, &public_id).await?;
        if !may_manage(user, &loaded.row) {
            return Err(AppError::Forbidden);
        }
        Ok(loaded.row)
    }
}

/// Back to the organizer's page of the match, which shows the notice `notice` once.
pub(in crate::web) fn back_to(
    session: &Session,
    row: &MatchRow,
    notice: &'static str,
) -> HttpResponse {
    flash::redirect_with(
        session,
        notice,
        &format!("/manage/matches/{}", row.public_id),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{NOTE_OUT_OF_DRAW, NOTE_REPLACED, NOTE_SIDES_CHANGED};

    #[test]
    fn the_event_s_notes_are_translated_and_an_organizer_s_note_is_kept() {
        let [it, en] = crate::web::i18n::in_both(|tr| tr);
        assert_eq!(
            status_note_text(NOTE_SIDES_CHANGED, it),
            "non più da giocare: sono cambiati i contendenti"
        );
        assert_eq!(
            status_note_text(NOTE_OUT_OF_DRAW, it),
            "non più nel tabellone"
        );
        assert_eq!(
            status_note_text(NOTE_REPLACED, it),
            "sostituita dopo la correzione di una partita precedente"
        );
        // The English page shows the stored words themselves.
        for note in [NOTE_SIDES_CHANGED, NOTE_OUT_OF_DRAW, NOTE_REPLACED] {
            assert_eq!(status_note_text(note, en), note);
        }
        assert_eq!(
            status_note_text("tavolo rovesciato", it),
            "tavolo rovesciato"
        );
    }
}
