//! A match's page for its organizer, and what is done there: referees, the private
//! scoring link, a record imported.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::{STAFF, back_to, load_match, may_manage, status_key, status_note_text};
use crate::accounts::{self, Role};
use crate::rules::any::AnyRecord;
use crate::store::matches::{self, Author, MatchRow, MatchStatus};
use crate::store::{StoreError, state_changes};
use crate::web::assignment::{
    AssignmentForm, Candidates, Change, UNKNOWN_USERNAME, assign, candidates,
};
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::i18n::{Tr, Worded};
use crate::web::managed::Managed;
use crate::web::match_state::{StateChangeView, change_view};
use crate::web::{AppState, refuse};

#[derive(Template, WebTemplate)]
#[template(path = "matches/manage.html")]
pub struct ManageMatchPage {
    pub ctx: PageContext,
    pub row: MatchRow,
    /// The shape of its event's bracket, which names the match.
    pub knockout: Option<crate::tournament::Knockout>,
    pub players: Vec<String>,
    pub referees: Vec<(i64, String)>,
    pub candidates: Candidates,
    pub link: Option<String>,
    pub qr_svg: Option<String>,
    pub entry_count: usize,
    /// Changes of state backwards, with who and why.
    pub state_changes: Vec<StateChangeView>,
    pub notice_key: Option<&'static str>,
    pub error: Option<String>,
}

impl ManageMatchPage {
    /// Each team with its players and their seats: "Bepi · Nane".
    pub fn teams(&self) -> Vec<(&'static str, String)> {
        crate::rules::game::Team::BOTH
            .into_iter()
            .map(|team| {
                let seats = team
                    .seats()
                    .into_iter()
                    .filter(|seat| {
                        self.players
                            .get(seat.index())
                            .is_some_and(|p| !p.is_empty())
                    })
                    .map(|seat| crate::web::games::seat_name(&self.players, seat))
                    .collect::<Vec<_>>();
                (team.letter(), seats.join(" · "))
            })
            .collect()
    }

    pub fn status_label(&self) -> &'static str {
        self.ctx.t(status_key(self.row.status()))
    }

    pub fn title(&self) -> String {
        Tr::new(self.ctx.lang()).msg(&crate::events::title_msg_in(&self.row.title, self.knockout))
    }

    /// The states the organizer may choose, the stored one selected: "finished"
    /// follows from the log, so it is offered only to keep it.
    pub fn state_choices(&self) -> Vec<(&'static str, &'static str, bool)> {
        let current = self.row.status();
        MatchStatus::ALL
            .into_iter()
            .filter(|status| *status != MatchStatus::Finished || current == MatchStatus::Finished)
            .map(|status| {
                (
                    status.as_str(),
                    self.ctx.t(status_key(status)),
                    status == current,
                )
            })
            .collect()
    }

    /// Who set the state, in the reader's words.
    pub fn status_by(&self) -> String {
        crate::web::match_state::author_words(self.ctx.tr, &self.row.status_by)
    }

    /// The note as the form shows it to edit.
    pub fn note_value(&self) -> String {
        self.status_note().unwrap_or_default()
    }

    pub fn status_note(&self) -> Option<String> {
        self.row
            .status_note
            .as_deref()
            .map(|note| status_note_text(note, self.ctx.tr))
    }
}

pub(in crate::web) async fn manage_page_of(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<ManageMatchPage, AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let loaded = load_match(state, public_id).await?;
    if !may_manage(&user, &loaded.row) {
        return Err(AppError::Forbidden);
    }
    let match_id = loaded.row.id;
    let (referees, candidates, link, changes) = state
        .read(move |connection| {
            let referees = matches::referees(connection, match_id)?;
            let candidates = candidates(connection, Role::Referee, &referees)?;
            let link = matches::active_link(connection, match_id)?;
            let changes = state_changes::of_match(connection, match_id)?;
            Ok((referees, candidates, link, changes))
        })
        .await?;
    let link = link.map(|link| state.link(&format!("/s/{}", link.token)));
    let tr = ctx.tr;
    let qr_svg = link.as_deref().map(qr_svg);
    Ok(ManageMatchPage {
        ctx,
        players: loaded.row.player_names(),
        entry_count: loaded.entries.len(),
        state_changes: changes
            .iter()
            .map(|change| change_view(tr, loaded.zone, change, String::new(), None))
            .collect(),
        knockout: loaded.knockout,
        row: loaded.row,
        referees,
        candidates,
        link,
        qr_svg,
        notice_key: None,
        error: None,
    })
}

/// The link as an SVG QR code, for the printed table card.
pub(in crate::web) fn qr_svg(link: &str) -> String {
    match qrcode::QrCode::new(link.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

/// The notices the match's page shows once, after a saved form (see [`crate::web::flash`]).
const NOTICES: &[&str] = &[
    "manage-link_issued",
    "manage-link_revoked",
    "manage-referees_saved",
    "manage-status_saved",
    "confirm-nothing_changed",
    "manage-imported",
    UNKNOWN_USERNAME,
];

/// The organizer's page of the match, with the notice the last saved form left.
pub async fn manage(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
) -> Result<ManageMatchPage, AppError> {
    let notice = ctx.take_notice(NOTICES);
    let mut page = manage_page_of(ctx, &state, &public_id).await?;
    page.notice_key = notice;
    Ok(page)
}

pub async fn issue_link(
    Managed(ctx, state, user, row): Managed<MatchRow>,
) -> Result<HttpResponse, AppError> {
    let token = accounts::random_token();
    let match_id = row.id;
    state
        .write(move |connection| matches::issue_link(connection, match_id, &token, user.id))
        .await?;
    Ok(back_to(ctx.session(), &row, "manage-link_issued"))
}

#[derive(Deserialize)]
pub struct RevokeForm {
    #[serde(default)]
    confirm: String,
}

/// Revokes the table's link, once confirmed: whoever holds it can no longer score.
pub async fn revoke_link(
    form: web::Form<RevokeForm>,
    Managed(ctx, state, _, row): Managed<MatchRow>,
) -> Result<HttpResponse, AppError> {
    if !crate::web::confirm::confirmed(&form.confirm) {
        let tr = ctx.tr;
        let manage = format!("/manage/matches/{}", row.public_id);
        let match_row = row.clone();
        let title = state
            .read(move |connection| crate::events::spoken_title(connection, &match_row))
            .await?;
        return crate::web::confirm::ConfirmPage {
            heading: tr.t("revoke-confirm_title").to_string(),
            lines: vec![tr.msg(&title), tr.t("revoke-line").to_string()],
            warning: None,
            action: format!("{manage}/link/revoke"),
            hidden: Vec::new(),
            reason: None,
            error: None,
            confirm_label: tr.t("revoke-confirm_submit").to_string(),
            cancel_href: manage,
            ctx,
        }
        .answer();
    }
    let match_id = row.id;
    state
        .write(move |connection| matches::revoke_links(connection, match_id))
        .await?;
    Ok(back_to(ctx.session(), &row, "manage-link_revoked"))
}

pub async fn referees(
    form: web::Form<AssignmentForm>,
    Managed(ctx, state, _, row): Managed<MatchRow>,
) -> Result<HttpResponse, AppError> {
    let changes = (
        matches::assign_referee as Change,
        matches::unassign_referee as Change,
    );
    let notice = match assign(&state, &form, Role::Referee, row.id, changes).await? {
        true => "manage-referees_saved",
        false => UNKNOWN_USERNAME,
    };
    Ok(back_to(ctx.session(), &row, notice))
}

#[derive(Deserialize)]
pub struct ImportForm {
    record: String,
}

/// Imports a match record into a scheduled match with an empty log: every entry
/// is validated exactly as `rules check` does.
pub async fn import(
    form: web::Form<ImportForm>,
    Managed(ctx, state, user, row): Managed<MatchRow>,
) -> Result<HttpResponse, AppError> {
    let (lang, tr) = (ctx.lang(), ctx.tr);
    let session = ctx.session().clone();
    let failure = |message: String| async {
        let mut page = manage_page_of(ctx, &state, &row.public_id).await?;
        page.error = Some(message);
        refuse(&page)
    };
    let record = match AnyRecord::from_json(&form.record) {
        Ok(record) => record,
        Err(error) => return failure(error.message(lang)).await,
    };
    if let Err(error) = record.replay(&crate::rules::comanda::Nicknames::new()) {
        return failure(tr.msg(&error.msg())).await;
    }
    if row.status() != MatchStatus::Scheduled {
        return failure(tr.t("manage-import_not_scheduled").to_string()).await;
    }
    let author = Author::User {
        id: user.id,
        label: user.display_name.clone(),
    };
    let outcome = state
        .scoring
        .import(&row, record, author)
        .await
        .map_err(AppError::from);
    match outcome {
        Ok(true) => Ok(back_to(&session, &row, "manage-imported")),
        Ok(false) | Err(AppError::Store(StoreError::Stale)) => {
            failure(tr.t("manage-import_not_scheduled").to_string()).await
        }
        Err(other) => Err(other),
    }
}
