//! Who may score a match, and as whom: the private table link (`/s/{token}`) or a
//! logged-in account that administers, organizes or referees the match
//! (`/score/{match}`), and how the log names the author of an entry.

use actix_web::HttpRequest;

use crate::accounts::Role;
use crate::lang::Lang;
use crate::scoring::LoadedMatch;
use crate::store::matches::{self, Author};
use crate::web::AppState;
use crate::web::context::{PageContext, SessionUser};
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::matches::{load_match, may_manage};

/// The match being scored and who is scoring it.
pub struct Scorer {
    pub loaded: LoadedMatch,
    pub author: Author,
    /// Where this page's forms post: `/score/{match}` or `/s/{token}`.
    pub base: String,
    /// Whether the match is an event's: its page asks who deals first.
    pub in_event: bool,
}

/// Whether an account may write to a match: its assigned referees and the referees of
/// its event's table, the organizer who manages it, administrators.
pub(in crate::web) async fn may_score(
    state: &AppState,
    user: &SessionUser,
    row: &matches::MatchRow,
) -> Result<bool, AppError> {
    if may_manage(user, row) {
        return Ok(true);
    }
    if user.role != Role::Referee {
        return Ok(false);
    }
    let (match_id, user_id) = (row.id, user.id);
    let referees = state
        .read(move |connection| {
            Ok(matches::is_referee(connection, match_id, user_id)?
                || crate::store::events::referees_table_of_match(connection, match_id, user_id)?)
        })
        .await?;
    Ok(may_score_knowing(user, row, referees))
}

/// The rule of [`may_score`], for a caller that read whether the account referees
/// the match already: the match's organizers and administrators, or its referees.
pub(in crate::web) fn may_score_knowing(
    user: &SessionUser,
    row: &matches::MatchRow,
    referees_the_match: bool,
) -> bool {
    may_manage(user, row) || (user.role == Role::Referee && referees_the_match)
}

/// Resolves the scorer from the path: a live private link, or a logged-in account
/// that is an administrator, the organizer of the match or one of its referees.
pub(in crate::web) async fn scorer(
    request: &HttpRequest,
    ctx: &PageContext,
    state: &AppState,
) -> Result<Scorer, AppError> {
    let key = request
        .match_info()
        .get("key")
        .unwrap_or_default()
        .to_string();
    if request.path().starts_with("/s/") {
        let token = key.clone();
        let link = state
            .read(move |connection| {
                let live = matches::link_by_token(connection, &token)?;
                let revoked = live.is_none() && matches::link_was_revoked(connection, &token)?;
                Ok((live, revoked))
            })
            .await?;
        let link = match link {
            (Some(link), _) => link,
            // A revoked link says so: the table asks the organizer for the new one.
            (None, true) => return Err(AppError::LinkRevoked),
            (None, false) => return Err(AppError::NotFound),
        };
        let match_id = link.match_id;
        let row = state
            .read(move |connection| matches::find(connection, match_id))
            .await?
            .ok_or(AppError::NotFound)?;
        let loaded = load_match(state, &row.public_id).await?;
        let in_event = state
            .read(move |connection| matches::in_event(connection, match_id))
            .await?;
        return Ok(Scorer {
            loaded,
            in_event,
            author: Author::Link {
                id: link.id,
                label: ctx.t("scoring-link_author").to_string(),
            },
            base: format!("/s/{key}"),
        });
    }
    let user = ctx.require_login()?.clone();
    let loaded = load_match(state, &key).await?;
    if !may_score(state, &user, &loaded.row).await? {
        return Err(AppError::Forbidden);
    }
    let match_id = loaded.row.id;
    let in_event = state
        .read(move |connection| matches::in_event(connection, match_id))
        .await?;
    Ok(Scorer {
        loaded,
        in_event,
        author: Author::User {
            id: user.id,
            label: user.display_name.clone(),
        },
        base: format!("/score/{key}"),
    })
}

/// Who wrote a log entry, as the log shows it: a table link's label is stored in
/// the language of the page it was written from, so it is named in the reader's.
pub(in crate::web) fn shown_author(row: &matches::EntryRow, lang: Lang) -> String {
    if row.author_link_id.is_some() {
        Tr::new(lang).t("scoring-link_author").to_string()
    } else {
        row.author_label.clone()
    }
}
