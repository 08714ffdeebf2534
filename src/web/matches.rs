//! Organizers' pages for matches: create one, assign referees, issue or revoke its
//! private scoring link (with a QR code for the table card), set its state, import
//! a match record.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::assignment::{AssignmentForm, Change, assign};
use super::context::{PageContext, SessionUser};
use super::error::AppError;
use super::events::options::DEFAULT_GAME;
use super::i18n::{Tr, Worded};
use super::match_state::{StateChangeView, change_view};
use super::{AppState, flash, redirect, render_with_status};
use crate::accounts::{self, Role};
use crate::rules::any::AnyRecord;
use crate::rules::descriptor::OptionValues;
use crate::rules::kind::GameKind;
use crate::scoring::{self, LoadedMatch};
use crate::store::matches::{self, Author, MatchRow, MatchStatus};
use crate::store::{StoreError, state_changes, users};

const STAFF: &[Role] = &[Role::Organizer];
const MAX_NAME: usize = 60;

/// Who may manage a match: administrators, and the organizer who created it.
pub(super) fn may_manage(user: &SessionUser, row: &MatchRow) -> bool {
    user.role == Role::Admin || (user.role == Role::Organizer && row.created_by == user.id)
}

pub(super) async fn load_match(state: &AppState, public_id: &str) -> Result<LoadedMatch, AppError> {
    let public_id = public_id.to_string();
    state
        .read(move |connection| LoadedMatch::load(connection, &public_id))
        .await?
        .ok_or(AppError::NotFound)
}

pub(super) fn status_key(status: MatchStatus) -> &'static str {
    match status {
        MatchStatus::Scheduled => "status-scheduled",
        MatchStatus::InProgress => "status-in_progress",
        MatchStatus::Finished => "status-finished",
        MatchStatus::Forfeit => "status-forfeit",
    }
}

// ---------------------------------------------------------------- list and create

#[derive(Template, WebTemplate)]
#[template(path = "matches/list.html")]
pub struct MatchListPage {
    pub ctx: PageContext,
    pub matches: Vec<MatchRow>,
    pub form: NewMatchForm,
    pub error_key: Option<&'static str>,
}

impl MatchListPage {
    pub fn title_of(&self, row: &MatchRow) -> String {
        Tr::new(self.ctx.lang()).msg(&crate::events::title_msg(&row.title))
    }

    /// A game's name in the visitor's language.
    pub fn game_label(&self, game: &GameKind) -> &'static str {
        self.ctx.t(game.descriptor().name_key)
    }

    /// Every game, with its name in the visitor's language.
    pub fn games(&self) -> Vec<(GameKind, &'static str)> {
        GameKind::ALL
            .into_iter()
            .map(|game| (game, self.game_label(&game)))
            .collect()
    }
}

/// An option of the game on the new-match form: a number, or a choice among words.
pub struct OptionInput {
    pub name: &'static str,
    pub label_key: &'static str,
    pub min: u32,
    /// What was typed (a number's field shows it).
    pub value: String,
    /// The words of a choice: (value, label id, chosen); empty for a number.
    pub choices: Vec<(&'static str, &'static str, bool)>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NewMatchForm {
    /// The game's record name as sent; left out, the form is for Trionfetti (the
    /// first game of the list), and a name no game has is refused.
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub seat0: String,
    #[serde(default)]
    pub seat1: String,
    #[serde(default)]
    pub seat2: String,
    #[serde(default)]
    pub seat3: String,
    #[serde(default)]
    pub first_dealer: String,
    /// Trijumf and Vitou: 2 or 4.
    #[serde(default)]
    pub players: String,
    // The options, as typed (strings: an empty number field is sent as "").
    #[serde(default)]
    pub target_points: String,
    #[serde(default)]
    pub games_to_win: String,
    #[serde(default)]
    pub must_trump: String,
    #[serde(default)]
    pub revoke_penalty: String,
    #[serde(default)]
    pub min_deals: String,
    #[serde(default)]
    pub revoke_points: String,
    #[serde(default)]
    pub last_trick_points: String,
    #[serde(default)]
    pub twenty_rules: String,
}

impl Default for NewMatchForm {
    fn default() -> NewMatchForm {
        NewMatchForm::for_game(DEFAULT_GAME)
    }
}

impl NewMatchForm {
    /// An empty form for a game, its options at their defaults.
    pub fn for_game(game: GameKind) -> NewMatchForm {
        let defaults = game.descriptor().default_options();
        let text = |name: &str| match &defaults[name] {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(text) => text.clone(),
            serde_json::Value::Bool(true) => "yes".to_string(),
            serde_json::Value::Bool(false) => "no".to_string(),
            other => other.to_string(),
        };
        NewMatchForm {
            game: game.name().to_string(),
            title: String::new(),
            seat0: String::new(),
            seat1: String::new(),
            seat2: String::new(),
            seat3: String::new(),
            first_dealer: "0".to_string(),
            players: text("players"),
            target_points: text("target_points"),
            games_to_win: text("games_to_win"),
            must_trump: text("must_trump"),
            revoke_penalty: text("revoke_penalty"),
            min_deals: text("min_deals"),
            revoke_points: text("revoke_points"),
            last_trick_points: text("last_trick_points"),
            twenty_rules: text("twenty_rules"),
        }
    }

    /// The game chosen: Trionfetti when the field was left out, `None` when it names
    /// no game.
    pub fn kind(&self) -> Option<GameKind> {
        match self.game.trim() {
            "" => Some(DEFAULT_GAME),
            name => name.parse().ok(),
        }
    }

    pub fn is_game(&self, game: GameKind) -> bool {
        self.kind() == Some(game)
    }

    /// Whether the game may be played by two (Trijumf, Vitou).
    pub fn two_or_four(&self) -> bool {
        self.kind()
            .is_some_and(|game| game.descriptor().seats_vary())
    }

    /// How many players sit at the table.
    fn seat_count(&self) -> usize {
        if self.two_or_four() && self.players.trim() == "2" {
            2
        } else {
            4
        }
    }

    fn players(&self) -> Vec<String> {
        [&self.seat0, &self.seat1, &self.seat2, &self.seat3]
            .into_iter()
            .take(self.seat_count())
            .map(|name| name.trim().to_string())
            .collect()
    }

    /// The options as JSON: the game's defaults with what was typed over them, or
    /// `None` when a value is not one its option takes.
    fn options(&self) -> Option<serde_json::Value> {
        let game = self.kind()?.descriptor();
        let mut options = game.typed_options(|name| self.typed(name))?;
        if game.seats_vary() {
            options["players"] = serde_json::json!(self.seat_count());
        }
        Some(options)
    }

    /// The game's own options as the form offers them, with what was typed.
    pub fn game_options(&self) -> Vec<OptionInput> {
        let Some(game) = self.kind() else {
            return Vec::new();
        };
        let defaults = game.descriptor().default_options();
        game.descriptor()
            .options
            .iter()
            .map(|field| {
                let value = self.typed(field.name).to_string();
                let (min, mut choices) = match field.values {
                    OptionValues::Number { min, .. } => (min, Vec::new()),
                    // The default first: it stays chosen when what was typed is neither.
                    OptionValues::YesNo if defaults[field.name] == true => {
                        (0, vec![("yes", "games-yes"), ("no", "games-no")])
                    }
                    OptionValues::YesNo => (0, vec![("no", "games-no"), ("yes", "games-yes")]),
                    OptionValues::OneOf(words) => (0, words.to_vec()),
                };
                let chosen = choices
                    .iter()
                    .position(|(word, _)| *word == value.trim())
                    .unwrap_or(0);
                OptionInput {
                    name: field.name,
                    label_key: field.label_key,
                    min,
                    value,
                    choices: choices
                        .drain(..)
                        .enumerate()
                        .map(|(index, (word, key))| (word, key, index == chosen))
                        .collect(),
                }
            })
            .collect()
    }

    /// The hint the game shows under its options, where it has one.
    pub fn options_hint(&self) -> Option<&'static str> {
        self.kind()?.descriptor().options_hint
    }

    /// The text typed for an option, by its field name.
    fn typed(&self, option: &str) -> &str {
        match option {
            "target_points" => &self.target_points,
            "games_to_win" => &self.games_to_win,
            "must_trump" => &self.must_trump,
            "revoke_penalty" => &self.revoke_penalty,
            "min_deals" => &self.min_deals,
            "revoke_points" => &self.revoke_points,
            "last_trick_points" => &self.last_trick_points,
            "twenty_rules" => &self.twenty_rules,
            _ => "",
        }
    }
}

async fn list_page(
    ctx: PageContext,
    state: &AppState,
    form: NewMatchForm,
) -> Result<MatchListPage, AppError> {
    let matches = state
        .read(|connection| matches::list(connection, 200))
        .await?;
    Ok(MatchListPage {
        ctx,
        matches,
        form,
        error_key: None,
    })
}

#[derive(Deserialize)]
pub struct GameQuery {
    #[serde(default)]
    game: String,
}

pub async fn list(
    ctx: PageContext,
    state: web::Data<AppState>,
    query: web::Query<GameQuery>,
) -> Result<HttpResponse, AppError> {
    ctx.require_role(STAFF)?;
    let chosen = NewMatchForm {
        game: query.game.clone(),
        ..NewMatchForm::default()
    };
    let Some(game) = chosen.kind() else {
        // A name no game has: said, never read as some other game.
        let mut page = list_page(ctx, &state, chosen).await?;
        page.error_key = Some("match-error_game");
        return render_with_status(&page, StatusCode::BAD_REQUEST);
    };
    let page = list_page(ctx, &state, NewMatchForm::for_game(game)).await?;
    render_with_status(&page, StatusCode::OK)
}

pub async fn create(
    ctx: PageContext,
    state: web::Data<AppState>,
    form: web::Form<NewMatchForm>,
) -> Result<HttpResponse, AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let form = form.into_inner();
    let players = form.players();
    let title = form.title.trim().to_string();
    let first_dealer = form.first_dealer.trim().parse::<u8>().ok();
    let options = form.options();
    let error = if form.kind().is_none() {
        Some("match-error_game")
    } else if title.is_empty() || title.chars().count() > 120 {
        Some("match-error_title")
    } else if players
        .iter()
        .any(|name| name.is_empty() || name.chars().count() > MAX_NAME)
    {
        Some("match-error_players")
    } else if first_dealer.is_none_or(|seat| usize::from(seat) >= players.len()) {
        Some("match-error_dealer")
    } else if options.is_none() {
        Some("match-error_options")
    } else {
        None
    };
    if let Some(key) = error {
        let mut page = list_page(ctx, &state, form).await?;
        page.error_key = Some(key);
        return render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let options = options.unwrap_or_default();
    let first_dealer = first_dealer.unwrap_or(0);
    let Some(game) = form.kind() else {
        return Err(AppError::Internal("a game checked above".to_string()));
    };
    // The same checks as an imported record: the options and the table fit the game.
    let document = serde_json::json!({
        "format_version": crate::rules::record::FORMAT_VERSION,
        "game": game.name(),
        "options": options,
        "players": players,
        "first_dealer": first_dealer,
    });
    if AnyRecord::from_json(&document.to_string()).is_err() {
        let mut page = list_page(ctx, &state, form).await?;
        page.error_key = Some("match-error_options");
        return render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let options_json = options.to_string();
    let public_id = scoring::new_public_id();
    let created = state
        .write(move |connection| {
            matches::insert(
                connection,
                &matches::NewMatch {
                    public_id: &public_id,
                    title: &title,
                    game,
                    options_json: &options_json,
                    players: &players,
                    first_dealer: i32::from(first_dealer),
                    created_by: user.id,
                    created_by_label: &user.display_name,
                },
            )
        })
        .await?;
    Ok(redirect(&format!("/manage/matches/{}", created.public_id)))
}

// ---------------------------------------------------------------- one match

#[derive(Template, WebTemplate)]
#[template(path = "matches/manage.html")]
pub struct ManageMatchPage {
    pub ctx: PageContext,
    pub row: MatchRow,
    pub players: Vec<String>,
    pub referees: Vec<(i64, String)>,
    pub candidates: Vec<(i64, String)>,
    pub link: Option<String>,
    pub qr_svg: Option<String>,
    pub entry_count: usize,
    /// Changes of state backwards, with who and why.
    pub state_changes: Vec<StateChangeView>,
    pub notice_key: Option<&'static str>,
    pub error: Option<String>,
}

impl ManageMatchPage {
    pub fn status_label(&self) -> &'static str {
        self.ctx.t(status_key(self.row.status()))
    }

    pub fn title(&self) -> String {
        Tr::new(self.ctx.lang()).msg(&crate::events::title_msg(&self.row.title))
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

pub(super) async fn manage_page_of(
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
            let candidates = users::list(connection)?
                .into_iter()
                .filter(|user| user.role() == Role::Referee)
                .filter(|user| !referees.iter().any(|(id, _)| *id == user.id))
                .map(|user| (user.id, user.display_name))
                .collect();
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
            .map(|change| change_view(tr, change, String::new(), None))
            .collect(),
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
pub(super) fn qr_svg(link: &str) -> String {
    match qrcode::QrCode::new(link.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

/// The notices the match's page shows once, after a saved form (see [`flash`]).
const NOTICES: &[&str] = &[
    "manage-link_issued",
    "manage-link_revoked",
    "manage-referees_saved",
    "manage-status_saved",
    "confirm-nothing_changed",
    "manage-imported",
];

/// The organizer's page of the match, with the notice the last saved form left.
pub async fn manage(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<ManageMatchPage, AppError> {
    let notice = flash::take_one_of(ctx.session(), NOTICES);
    let mut page = manage_page_of(ctx, &state, &public_id).await?;
    page.notice_key = notice;
    Ok(page)
}

/// Checks the organizer may manage the match and hands back its row.
pub(super) async fn managed_match(
    ctx: &PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<(SessionUser, MatchRow), AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let loaded = load_match(state, public_id).await?;
    if !may_manage(&user, &loaded.row) {
        return Err(AppError::Forbidden);
    }
    Ok((user, loaded.row))
}

/// Back to the organizer's page of the match, which shows the notice `notice` once.
pub(super) fn back_to(session: &Session, row: &MatchRow, notice: &'static str) -> HttpResponse {
    flash::set(session, notice);
    redirect(&format!("/manage/matches/{}", row.public_id))
}

pub async fn issue_link(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (user, row) = managed_match(&ctx, &state, &public_id).await?;
    let token = accounts::random_token();
    let match_id = row.id;
    state
        .write(move |connection| matches::issue_link(connection, match_id, &token, user.id))
        .await?;
    Ok(back_to(ctx.session(), &row, "manage-link_issued"))
}

pub async fn revoke_link(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (_, row) = managed_match(&ctx, &state, &public_id).await?;
    let match_id = row.id;
    state
        .write(move |connection| matches::revoke_links(connection, match_id))
        .await?;
    Ok(back_to(ctx.session(), &row, "manage-link_revoked"))
}

pub async fn referees(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<AssignmentForm>,
) -> Result<HttpResponse, AppError> {
    let (_, row) = managed_match(&ctx, &state, &public_id).await?;
    let changes = (
        matches::assign_referee as Change,
        matches::unassign_referee as Change,
    );
    assign(&state, &form, Role::Referee, row.id, changes).await?;
    Ok(back_to(ctx.session(), &row, "manage-referees_saved"))
}

#[derive(Deserialize)]
pub struct ImportForm {
    record: String,
}

/// Imports a match record into a scheduled match with an empty log: every entry
/// is validated exactly as `rules check` does.
pub async fn import(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let (user, row) = managed_match(&ctx, &state, &public_id).await?;
    let lang = ctx.lang();
    let session = ctx.session().clone();
    let failure = |message: String| async {
        let mut page = manage_page_of(ctx, &state, &public_id).await?;
        page.error = Some(message);
        render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY)
    };
    let record = match AnyRecord::from_json(&form.record) {
        Ok(record) => record,
        Err(error) => return failure(error.message(lang)).await,
    };
    if let Err(error) = record.replay(&crate::rules::comanda::Nicknames::new()) {
        return failure(Tr::new(lang).msg(&error.msg(lang))).await;
    }
    if row.status() != MatchStatus::Scheduled {
        return failure(ctx_text(lang, "manage-import_not_scheduled")).await;
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
            failure(ctx_text(lang, "manage-import_not_scheduled")).await
        }
        Err(other) => Err(other),
    }
}

fn ctx_text(lang: crate::lang::Lang, key: &str) -> String {
    super::i18n::Tr::new(lang).t(key).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{NOTE_OUT_OF_DRAW, NOTE_REPLACED, NOTE_SIDES_CHANGED};
    use crate::lang::Lang;

    #[test]
    fn the_event_s_notes_are_translated_and_an_organizer_s_note_is_kept() {
        let it = Tr::new(Lang::It);
        let en = Tr::new(Lang::En);
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
