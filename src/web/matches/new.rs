//! The list of matches and the form that creates one, for any game with its options.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::STAFF;
use super::listing::{self, ListQuery, Listing};
use crate::rules::any::AnyRecord;
use crate::rules::descriptor::OptionValues;
use crate::rules::kind::GameKind;
use crate::scoring;
use crate::store::matches::{self, MatchRow, MatchStatus};
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::events::options::DEFAULT_GAME;
use crate::web::i18n::Tr;
use crate::web::{AppState, redirect, render_with_status};

const MAX_NAME: usize = 60;

#[derive(Template, WebTemplate)]
#[template(path = "matches/list.html")]
pub struct MatchListPage {
    pub ctx: PageContext,
    pub listing: Listing,
    /// The shape of each event match's bracket, by match id, which names the match.
    pub knockouts: std::collections::HashMap<i64, crate::tournament::Knockout>,
    pub form: NewMatchForm,
    pub error_key: Option<&'static str>,
}

impl MatchListPage {
    pub fn title_of(&self, row: &MatchRow) -> String {
        let knockout = self.knockouts.get(&row.id).copied();
        Tr::new(self.ctx.lang()).msg(&crate::events::title_msg_in(&row.title, knockout))
    }

    /// A match state's name in the visitor's language.
    pub fn state_label(&self, status: impl std::borrow::Borrow<MatchStatus>) -> &'static str {
        self.ctx.t(super::status_key(*status.borrow()))
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
    query: ListQuery,
) -> Result<MatchListPage, AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let (listing, knockouts) = state
        .read(move |connection| {
            let listing = listing::load(connection, &user, &query)?;
            let ids: Vec<i64> = listing.rows.iter().map(|m| m.id).collect();
            let knockouts = crate::store::events::of_matches(connection, &ids)?
                .into_iter()
                .filter_map(|(id, event)| Some((id, crate::events::knockout_of(&event)?)))
                .collect();
            Ok((listing, knockouts))
        })
        .await?;
    Ok(MatchListPage {
        ctx,
        listing,
        knockouts,
        form,
        error_key: None,
    })
}

/// The list again with the form as typed and why it was refused.
async fn refused(
    ctx: PageContext,
    state: &AppState,
    form: NewMatchForm,
    error_key: &'static str,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let mut page = list_page(ctx, state, form, ListQuery::default()).await?;
    page.error_key = Some(error_key);
    render_with_status(&page, status)
}

pub async fn list(
    Visit { ctx, state }: Visit,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, AppError> {
    ctx.require_role(STAFF)?;
    let query = query.into_inner();
    let chosen = NewMatchForm {
        game: query.game.clone(),
        ..NewMatchForm::default()
    };
    let Some(game) = chosen.kind() else {
        // A name no game has: said, never read as some other game.
        return refused(
            ctx,
            &state,
            chosen,
            "match-error_game",
            StatusCode::BAD_REQUEST,
        )
        .await;
    };
    let page = list_page(ctx, &state, NewMatchForm::for_game(game), query).await?;
    render_with_status(&page, StatusCode::OK)
}

pub async fn create(
    Visit { ctx, state }: Visit,
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
        return refused(ctx, &state, form, key, StatusCode::UNPROCESSABLE_ENTITY).await;
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
        let key = "match-error_options";
        return refused(ctx, &state, form, key, StatusCode::UNPROCESSABLE_ENTITY).await;
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
