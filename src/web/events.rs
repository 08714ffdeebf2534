//! Organizers' pages for events: create one for a club, register entrants (one by one or
//! from CSV), check them in, withdraw them, seed and draw, then run the rounds: tables,
//! referees, forfeits, table cards, and the decisions a correction upstream asks for.
//! Every handler checks the role and the club membership itself.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use serde::Deserialize;

use super::clubs::managed_club;
use super::context::{PageContext, SessionUser};
use super::csv::{self, Rejected};
use super::error::AppError;
use super::i18n::Tr;
use super::match_state::{StateChangeView, change_view};
use super::publish::{EventView, MatchView, RoundView, event_status_key};
use super::{AppState, redirect, render_with_status};
use crate::accounts::{self, Role};
use crate::events::{CorrectionNotice, game_label, solo_entrants};
use crate::rules::kind::GameKind;
use crate::store::clubs::{self, Club};
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::matches;
use crate::store::{StoreError, state_changes, users};
use crate::tournament::{
    Cycles, EntrantId, Format, Seeding, Slot, TieBreak, double_elimination, groups, rotating,
    round_robin, seeding, single_elimination, swiss,
};

const STAFF: &[Role] = &[Role::Organizer];

/// The event, if the visitor is an administrator or an organizer of its club.
pub(super) async fn managed_event(
    ctx: &PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<(SessionUser, EventRow, Club), AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let public_id = public_id.to_string();
    let user_id = user.id;
    let (event, club, member) = state
        .read(move |connection| {
            let Some(event) = store_events::find_by_public_id(connection, &public_id)? else {
                return Ok(None);
            };
            let club = clubs::find(connection, event.club_id)?;
            let member = clubs::is_organizer(connection, event.club_id, user_id)?;
            Ok(club.map(|club| (event, club, member)))
        })
        .await?
        .ok_or(AppError::NotFound)?;
    if user.role != Role::Admin && !member {
        return Err(AppError::Forbidden);
    }
    Ok((user, event, club))
}

// ---------------------------------------------------------------- create

#[derive(Debug, Clone, Deserialize)]
pub struct EventForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub time: String,
    #[serde(default)]
    pub venue: String,
    /// The event's own time zone; empty: its club's.
    #[serde(default)]
    pub time_zone: String,
    #[serde(default = "default_game")]
    pub game: String,
    #[serde(default = "default_format")]
    pub format: String,
    #[serde(default)]
    pub third_place: bool,
    #[serde(default)]
    pub bracket_reset: bool,
    #[serde(default)]
    pub double_cycle: bool,
    #[serde(default = "default_group_size")]
    pub group_size: u32,
    #[serde(default = "default_qualifiers")]
    pub qualifiers: u32,
    #[serde(default = "default_rounds")]
    pub rounds: u32,
    #[serde(default = "default_tie1")]
    pub tie1: String,
    #[serde(default = "default_tie2")]
    pub tie2: String,
    #[serde(default)]
    pub tie3: String,
    #[serde(default)]
    pub bye_is_win: bool,
    #[serde(default)]
    pub sit_out_is_win: bool,
    #[serde(default)]
    pub listed: bool,
}

fn default_game() -> String {
    GameKind::Trionfetti.name().to_string()
}
fn default_format() -> String {
    "single_elimination".to_string()
}
fn default_group_size() -> u32 {
    4
}
fn default_qualifiers() -> u32 {
    2
}
fn default_rounds() -> u32 {
    4
}
fn default_tie1() -> String {
    TieBreak::Buchholz.key().to_string()
}
fn default_tie2() -> String {
    TieBreak::SonnebornBerger.key().to_string()
}

impl Default for EventForm {
    fn default() -> EventForm {
        EventForm {
            name: String::new(),
            date: String::new(),
            time: "20:30".to_string(),
            venue: String::new(),
            time_zone: String::new(),
            game: default_game(),
            format: default_format(),
            third_place: false,
            bracket_reset: false,
            double_cycle: false,
            group_size: default_group_size(),
            qualifiers: default_qualifiers(),
            rounds: default_rounds(),
            tie1: default_tie1(),
            tie2: default_tie2(),
            tie3: String::new(),
            bye_is_win: true,
            sit_out_is_win: false,
            listed: true,
        }
    }
}

pub const FORMATS: [&str; 6] = [
    "single_elimination",
    "double_elimination",
    "round_robin",
    "groups",
    "swiss",
    "rotating",
];

impl EventForm {
    fn tie_breaks(&self) -> Vec<TieBreak> {
        let mut chain = Vec::new();
        for key in [&self.tie1, &self.tie2, &self.tie3] {
            if let Some(t) = TieBreak::from_key(key)
                && !chain.contains(&t)
            {
                chain.push(t);
            }
        }
        chain
    }

    fn format(&self) -> Option<Format> {
        let cycles = if self.double_cycle {
            Cycles::Double
        } else {
            Cycles::Single
        };
        Some(match self.format.as_str() {
            "single_elimination" => Format::SingleElimination(single_elimination::Options {
                third_place: self.third_place,
            }),
            "double_elimination" => Format::DoubleElimination(double_elimination::Options {
                bracket_reset: self.bracket_reset,
            }),
            "round_robin" => Format::RoundRobin(round_robin::Options {
                cycles,
                tie_breaks: self.tie_breaks(),
            }),
            "groups" => {
                if !(2..=16).contains(&self.group_size)
                    || self.qualifiers == 0
                    || self.qualifiers > self.group_size
                {
                    return None;
                }
                Format::GroupsThenKnockout(groups::Options {
                    group_size: self.group_size,
                    qualifiers_per_group: self.qualifiers,
                    cycles,
                    tie_breaks: self.tie_breaks(),
                    third_place: self.third_place,
                })
            }
            "swiss" => {
                if !(1..=30).contains(&self.rounds) {
                    return None;
                }
                Format::Swiss(swiss::Options {
                    rounds: self.rounds,
                    tie_breaks: self.tie_breaks(),
                    bye_is_win: self.bye_is_win,
                })
            }
            "rotating" => {
                if !(1..=30).contains(&self.rounds) {
                    return None;
                }
                Format::RotatingPartners(rotating::Options {
                    rounds: self.rounds,
                    seed: u64::from(rand::random::<u32>()),
                    tie_breaks: self.tie_breaks(),
                    sit_out_is_win: self.sit_out_is_win,
                })
            }
            _ => return None,
        })
    }

    fn starts_at(&self) -> Option<NaiveDateTime> {
        let date = NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d").ok()?;
        let time = NaiveTime::parse_from_str(self.time.trim(), "%H:%M").ok()?;
        Some(date.and_time(time))
    }
}

/// One option of a game on the event form.
pub struct OptionField {
    /// The form field: `opt.{game}.{option}`.
    pub name: String,
    pub id: String,
    pub label_key: &'static str,
    /// `number`, `check` or `choice`.
    pub kind: &'static str,
    pub value: String,
    pub checked: bool,
    /// (value, label) of a choice.
    pub choices: Vec<(String, String)>,
}

/// A game with its options on the event form.
pub struct GameFieldset {
    pub game: GameKind,
    pub label: &'static str,
    pub selected: bool,
    pub fields: Vec<OptionField>,
}

/// An option's label, for messages: an unknown name (a form can post anything) is shown
/// as posted, since "Option" alone would not say which field is wrong.
fn option_label(tr: Tr, name: &str) -> String {
    match option_label_key(name) {
        "option-other" => name.to_string(),
        key => tr.t(key).to_string(),
    }
}

fn option_label_key(name: &str) -> &'static str {
    match name {
        "target_points" => "option-target_points",
        "games_to_win" => "option-games_to_win",
        "must_trump" => "option-must_trump",
        "revoke_penalty" => "option-revoke_penalty",
        "min_deals" => "option-min_deals",
        "players" => "option-players",
        "revoke_points" => "option-revoke_points",
        "last_trick_points" => "option-last_trick_points",
        "twenty_rules" => "option-twenty_rules",
        _ => "option-other",
    }
}

/// The option fields of every game, filled from `options` for the chosen game and from
/// the defaults for the others.
fn game_fieldsets(
    ctx: &PageContext,
    chosen: Option<GameKind>,
    options: &serde_json::Value,
) -> Vec<GameFieldset> {
    use serde_json::Value;
    GameKind::ALL
        .into_iter()
        .map(|game| {
            let mut values = crate::events::default_options(game);
            if Some(game) == chosen
                && let (Value::Object(all), Value::Object(given)) = (&mut values, options)
            {
                for (key, value) in given {
                    all.insert(key.clone(), value.clone());
                }
            }
            let fields = match &values {
                Value::Object(all) => all
                    .iter()
                    .map(|(name, value)| {
                        let id = if game == GameKind::Trionfetti {
                            name.clone()
                        } else {
                            format!("{game}-{name}")
                        };
                        let (kind, choices) = match (name.as_str(), value) {
                            ("players", _) => (
                                "choice",
                                vec![
                                    ("4".to_string(), "4".to_string()),
                                    ("2".to_string(), "2".to_string()),
                                ],
                            ),
                            ("revoke_penalty", _) => (
                                "choice",
                                vec![
                                    (
                                        "award".to_string(),
                                        ctx.t("option-revoke_award").to_string(),
                                    ),
                                    (
                                        "subtract".to_string(),
                                        ctx.t("option-revoke_subtract").to_string(),
                                    ),
                                ],
                            ),
                            (_, Value::Bool(_)) => ("check", Vec::new()),
                            _ => ("number", Vec::new()),
                        };
                        OptionField {
                            name: format!("opt.{game}.{name}"),
                            id,
                            label_key: option_label_key(name),
                            kind,
                            value: match value {
                                Value::String(text) => text.clone(),
                                other => other.to_string(),
                            },
                            checked: value.as_bool().unwrap_or(false),
                            choices,
                        }
                    })
                    .collect(),
                _ => Vec::new(),
            };
            GameFieldset {
                game,
                label: game_label(game),
                selected: Some(game) == chosen,
                fields,
            }
        })
        .collect()
}

/// A game's options read from the posted fields: the defaults, then unprefixed fields
/// the game has (`target_points`, as older forms sent them), then `opt.{game}.{option}`
/// (the last value of a field wins, so a hidden `false` before a checkbox reads as
/// unchecked). Values take the type of the option's default.
fn posted_options(game: GameKind, pairs: &[(String, String)]) -> Result<serde_json::Value, String> {
    use serde_json::Value;
    let defaults = crate::events::default_options(game);
    let Value::Object(defaults) = defaults else {
        return Ok(Value::Object(Default::default()));
    };
    let prefix = format!("opt.{game}.");
    let mut given = serde_json::Map::new();
    let unprefixed = pairs
        .iter()
        .filter(|(k, _)| defaults.contains_key(k.as_str()));
    let prefixed = pairs
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|k| (k.to_string(), v)));
    for (name, text) in unprefixed.map(|(k, v)| (k.clone(), v)).chain(prefixed) {
        let Some(default) = defaults.get(&name) else {
            return Err(name);
        };
        let text = text.trim();
        let value = match default {
            Value::Bool(_) => Value::Bool(matches!(text, "true" | "on" | "1")),
            Value::Number(_) => match text.parse::<u64>() {
                Ok(number) => Value::from(number),
                Err(_) => return Err(name),
            },
            _ => Value::String(text.to_string()),
        };
        given.insert(name, value);
    }
    Ok(Value::Object(given))
}

/// The event form, for a new event or to edit one.
#[derive(Template, WebTemplate)]
#[template(path = "events/new.html")]
pub struct NewEventPage {
    pub ctx: PageContext,
    pub club: Club,
    pub form: EventForm,
    pub games: Vec<GameFieldset>,
    pub error_key: Option<&'static str>,
    /// A refusal in words (the rules' own message).
    pub error: Option<String>,
    /// Editing this event (public id); `None` for a new one.
    pub editing: Option<String>,
    /// The format is fixed (the draw is made).
    pub format_locked: bool,
    /// The game and its options are fixed (a match has started).
    pub game_locked: bool,
}

impl NewEventPage {
    pub fn formats(&self) -> [&'static str; 6] {
        FORMATS
    }

    pub fn format_label(&self, key: &str) -> &'static str {
        format_label(&self.ctx, key)
    }

    pub fn is_format(&self, key: &str) -> bool {
        self.form.format == key
    }

    /// Whether tie-break `key` is chosen in place `slot` (1 to 3) of the chain.
    pub fn tie_is(&self, slot: i32, key: &str) -> bool {
        let chosen = match slot {
            1 => &self.form.tie1,
            2 => &self.form.tie2,
            _ => &self.form.tie3,
        };
        chosen == key
    }

    pub fn tie_breaks(&self) -> Vec<(&'static str, &'static str)> {
        TieBreak::ALL
            .iter()
            .map(|t| (t.key(), t.name(self.ctx.lang())))
            .collect()
    }

    pub fn action(&self) -> String {
        match &self.editing {
            Some(id) => format!("/manage/events/{id}/edit"),
            None => format!("/manage/clubs/{}/events", self.club.slug),
        }
    }

    /// The game's name; a name no game has (never stored) is shown as it is.
    /// The time zones an event may have of its own.
    pub fn zones(&self) -> Vec<&'static str> {
        crate::zone::choices()
    }

    pub fn game_name(&self) -> String {
        match self.form.game.parse::<GameKind>() {
            Ok(game) => game_label(game).to_string(),
            Err(_) => self.form.game.clone(),
        }
    }
}

pub fn format_label(ctx: &PageContext, key: &str) -> &'static str {
    ctx.t(match key {
        "single_elimination" => "format-single_elimination",
        "double_elimination" => "format-double_elimination",
        "round_robin" => "format-round_robin",
        "groups" => "format-groups",
        "swiss" => "format-swiss",
        _ => "format-rotating",
    })
}

pub fn format_key(format: &Format) -> &'static str {
    match format {
        Format::SingleElimination(_) => "single_elimination",
        Format::DoubleElimination(_) => "double_elimination",
        Format::RoundRobin(_) => "round_robin",
        Format::GroupsThenKnockout(_) => "groups",
        Format::Swiss(_) => "swiss",
        Format::RotatingPartners(_) => "rotating",
    }
}

/// The form filled from a stored event (to edit it).
fn form_of(event: &EventRow, format: &Format) -> EventForm {
    let mut form = EventForm {
        name: event.name.clone(),
        date: event.starts_at.format("%Y-%m-%d").to_string(),
        time: event.starts_at.format("%H:%M").to_string(),
        venue: event.venue.clone(),
        time_zone: event.time_zone.clone().unwrap_or_default(),
        game: event.game.name().to_string(),
        format: format_key(format).to_string(),
        listed: event.listed,
        bye_is_win: false,
        ..EventForm::default()
    };
    let mut chain: Vec<TieBreak> = Vec::new();
    match format {
        Format::SingleElimination(o) => form.third_place = o.third_place,
        Format::DoubleElimination(o) => form.bracket_reset = o.bracket_reset,
        Format::RoundRobin(o) => {
            form.double_cycle = o.cycles == Cycles::Double;
            chain = o.tie_breaks.clone();
        }
        Format::GroupsThenKnockout(o) => {
            form.group_size = o.group_size;
            form.qualifiers = o.qualifiers_per_group;
            form.double_cycle = o.cycles == Cycles::Double;
            form.third_place = o.third_place;
            chain = o.tie_breaks.clone();
        }
        Format::Swiss(o) => {
            form.rounds = o.rounds;
            form.bye_is_win = o.bye_is_win;
            chain = o.tie_breaks.clone();
        }
        Format::RotatingPartners(o) => {
            form.rounds = o.rounds;
            form.sit_out_is_win = o.sit_out_is_win;
            chain = o.tie_breaks.clone();
        }
    }
    let key = |i: usize| {
        chain
            .get(i)
            .map(|t| t.key().to_string())
            .unwrap_or_default()
    };
    if !chain.is_empty()
        || !matches!(
            format,
            Format::SingleElimination(_) | Format::DoubleElimination(_)
        )
    {
        form.tie1 = key(0);
        form.tie2 = key(1);
        form.tie3 = key(2);
    }
    form
}

pub async fn new_form(
    ctx: PageContext,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<NewEventPage, AppError> {
    let (_, club) = managed_club(&ctx, &state, &slug).await?;
    let form = EventForm::default();
    let games = game_fieldsets(&ctx, Some(GameKind::Trionfetti), &serde_json::Value::Null);
    Ok(NewEventPage {
        ctx,
        club,
        form,
        games,
        error_key: None,
        error: None,
        editing: None,
        format_locked: false,
        game_locked: false,
    })
}

/// The event form as posted: its fields, and the chosen game's options (checked by the
/// game's own rules).
struct PostedEvent {
    form: EventForm,
    /// The game the form names; `None` for a name no game has.
    game: Option<GameKind>,
    name: String,
    venue: String,
    starts_at: Option<NaiveDateTime>,
    format: Option<Format>,
    options: Result<serde_json::Value, String>,
    /// Whether the game and the format were posted at all (an edit after the draw leaves
    /// them out).
    game_posted: bool,
    format_posted: bool,
    /// The event's own zone: `Ok(None)` for its club's, `Err` for a name not offered.
    time_zone: Result<Option<String>, ()>,
    time_zone_posted: bool,
}

fn read_posted(ctx: &PageContext, pairs: &[(String, String)]) -> PostedEvent {
    let plain: Vec<&(String, String)> = pairs
        .iter()
        .filter(|(k, _)| !k.starts_with("opt."))
        .collect();
    let encoded = serde_urlencoded::to_string(&plain).unwrap_or_default();
    let form: EventForm = serde_urlencoded::from_str(&encoded).unwrap_or_default();
    let game_posted = pairs.iter().any(|(k, _)| k == "game");
    let format_posted = pairs.iter().any(|(k, _)| k == "format");
    let game = form.game.trim().parse::<GameKind>().ok();
    let options = if let Some(game) = game {
        posted_options(game, pairs)
            .map_err(|name| {
                format!(
                    "{}: {}",
                    ctx.t("event-error_options"),
                    option_label(ctx.tr, &name)
                )
            })
            .and_then(|given| {
                crate::events::check_options(game, &given, ctx.lang())
                    .map_err(|e| e.message(ctx.lang(), |name| option_label(ctx.tr, name)))
            })
    } else {
        Err(ctx.t("event-error_game").to_string())
    };
    let time_zone = match form.time_zone.trim() {
        "" => Ok(None),
        name => crate::zone::parse(name)
            .map(|zone| Some(zone.name().to_string()))
            .ok_or(()),
    };
    PostedEvent {
        time_zone,
        time_zone_posted: pairs.iter().any(|(k, _)| k == "time_zone"),
        game,
        name: form.name.trim().to_string(),
        venue: form.venue.trim().to_string(),
        starts_at: form.starts_at(),
        format: form.format(),
        options,
        game_posted,
        format_posted,
        form,
    }
}

/// The first thing wrong with the posted event, as a message key.
fn basic_error(posted: &PostedEvent) -> Option<&'static str> {
    if posted.name.is_empty() || posted.name.chars().count() > 120 {
        Some("event-error_name")
    } else if posted.starts_at.is_none() {
        Some("event-error_date")
    } else if posted.venue.chars().count() > 120 {
        Some("event-error_venue")
    } else if posted.time_zone.is_err() {
        Some("event-error_time_zone")
    } else if posted.game.is_none() {
        Some("event-error_game")
    } else if posted.format.is_none() {
        Some("event-error_format")
    } else {
        None
    }
}

/// Rotating partners seats two partnerships at a table: a four-player game only.
fn rotating_needs_four(format: &Format, game: GameKind, options: &serde_json::Value) -> bool {
    crate::events::individual(format) && crate::events::players_per_match(game, options) != 4
}

pub async fn create(
    ctx: PageContext,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (user, club) = managed_club(&ctx, &state, &slug).await?;
    let posted = read_posted(&ctx, &form);
    let mut error_key = basic_error(&posted);
    let mut error = None;
    if error_key.is_none() {
        match (&posted.options, &posted.format, posted.game) {
            (Err(message), _, _) => error = Some(message.clone()),
            (Ok(options), Some(format), Some(game))
                if rotating_needs_four(format, game, options) =>
            {
                error_key = Some("event-error_rotating_two")
            }
            _ => {}
        }
    }
    let (Some(format), Some(starts_at), Some(game), Ok(options), None, None) = (
        posted.format.clone(),
        posted.starts_at,
        posted.game,
        posted.options.clone(),
        error_key,
        error.clone(),
    ) else {
        let given = posted.options.clone().unwrap_or(serde_json::Value::Null);
        let games = game_fieldsets(&ctx, posted.game, &given);
        let page = NewEventPage {
            ctx,
            club,
            form: posted.form,
            games,
            error_key,
            error,
            editing: None,
            format_locked: false,
            game_locked: false,
        };
        return render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY);
    };
    let options_json =
        serde_json::to_string(&options).map_err(|e| AppError::internal("options", e))?;
    let format_json =
        serde_json::to_string(&format).map_err(|e| AppError::internal("format", e))?;
    let public_id = crate::scoring::new_public_id();
    let (club_id, listed) = (club.id, posted.form.listed);
    let time_zone = posted.time_zone.clone().unwrap_or_default();
    let (name, venue) = (posted.name, posted.venue);
    let event = state
        .write(move |connection| {
            store_events::insert(
                connection,
                &store_events::NewEvent {
                    public_id: &public_id,
                    club_id,
                    name: &name,
                    starts_at,
                    venue: &venue,
                    game,
                    game_options_json: &options_json,
                    format_json: &format_json,
                    listed,
                    created_by: user.id,
                    time_zone: time_zone.as_deref(),
                },
            )
        })
        .await?;
    Ok(redirect(&format!("/manage/events/{}", event.public_id)))
}

// ---------------------------------------------------------------- edit

/// The event's form, filled in, with what may no longer change shown as fixed.
pub async fn edit_form(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<NewEventPage, AppError> {
    let (_, event, club) = managed_event(&ctx, &state, &public_id).await?;
    let event_id = event.id;
    let started = state
        .read(move |connection| store_events::any_match_started(connection, event_id))
        .await?;
    let format = crate::events::format_of(&event)?;
    let form = form_of(&event, &format);
    let games = game_fieldsets(
        &ctx,
        Some(event.game),
        &crate::events::game_options_of(&event),
    );
    Ok(NewEventPage {
        ctx,
        club,
        form,
        games,
        error_key: None,
        error: None,
        editing: Some(event.public_id.clone()),
        format_locked: event.status() != EventStatus::Setup,
        game_locked: started,
    })
}

/// Saves an event's settings. Name, date and time, venue and public/unlisted may always
/// change; the game and its options while no match has started; the format and its
/// options only before the draw. A change no longer allowed is refused, saying why.
pub async fn edit(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (_, event, club) = managed_event(&ctx, &state, &public_id).await?;
    let event_id = event.id;
    let (started, entrants) = state
        .read(move |connection| {
            Ok((
                store_events::any_match_started(connection, event_id)?,
                store_events::entrants(connection, event_id)?.len(),
            ))
        })
        .await?;
    let stored_format = crate::events::format_of(&event)?;
    let stored_options = crate::events::game_options_of(&event);
    let format_locked = event.status() != EventStatus::Setup;
    let mut posted = read_posted(&ctx, &form);
    if !posted.game_posted {
        posted.form.game = event.game.name().to_string();
        posted.game = Some(event.game);
        posted.options = Ok(stored_options.clone());
    }
    if !posted.format_posted {
        posted.format = Some(stored_format.clone());
    }
    if !posted.time_zone_posted {
        posted.time_zone = Ok(event.time_zone.clone());
    }
    // A rotating-partners draw keeps its recorded seed.
    if let (Some(Format::RotatingPartners(new)), Format::RotatingPartners(old)) =
        (&mut posted.format, &stored_format)
    {
        new.seed = old.seed;
    }
    let mut error_key = basic_error(&posted);
    let mut error = None;
    if error_key.is_none() {
        let format = posted.format.clone().unwrap_or(stored_format.clone());
        match (&posted.options, posted.game) {
            (Err(message), _) => error = Some(message.clone()),
            (_, None) => {}
            (Ok(options), Some(game)) => {
                let game_changed = game != event.game || *options != stored_options;
                let old_solo = solo_entrants(&event, &stored_format);
                let new_solo = crate::events::individual(&format)
                    || crate::events::players_per_match(game, options) == 2;
                if format_locked && format != stored_format {
                    error_key = Some("event-error_format_locked");
                } else if started && game_changed {
                    error_key = Some("event-error_game_locked");
                } else if rotating_needs_four(&format, game, options) {
                    error_key = Some("event-error_rotating_two");
                } else if entrants > 0 && old_solo != new_solo {
                    error_key = Some("event-error_entrants_kind");
                }
            }
        }
    }
    let (Some(format), Some(starts_at), Some(game), Ok(options), None, None) = (
        posted.format.clone(),
        posted.starts_at,
        posted.game,
        posted.options.clone(),
        error_key,
        error.clone(),
    ) else {
        let given = posted.options.clone().unwrap_or(serde_json::Value::Null);
        let games = game_fieldsets(&ctx, posted.game, &given);
        let page = NewEventPage {
            ctx,
            club,
            form: posted.form,
            games,
            error_key,
            error,
            editing: Some(event.public_id.clone()),
            format_locked,
            game_locked: started,
        };
        return render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY);
    };
    let options_json =
        serde_json::to_string(&options).map_err(|e| AppError::internal("options", e))?;
    let format_json =
        serde_json::to_string(&format).map_err(|e| AppError::internal("format", e))?;
    let listed = posted.form.listed;
    let time_zone = posted.time_zone.clone().unwrap_or_default();
    let (name, venue) = (posted.name, posted.venue);
    let running = format_locked;
    let (stored_options_json, stored_game) = (event.game_options_json.clone(), event.game);
    let saved = state
        .write(move |connection| {
            // Checked again in the write: a match may have started meanwhile.
            if (options_json != stored_options_json || game != stored_game)
                && store_events::any_match_started(connection, event_id)?
            {
                return Ok(false);
            }
            store_events::update_settings(
                connection,
                event_id,
                &store_events::EventSettings {
                    name: &name,
                    starts_at,
                    venue: &venue,
                    listed,
                    game,
                    game_options_json: &options_json,
                    format_json: &format_json,
                    time_zone: time_zone.as_deref(),
                },
            )?;
            if running {
                crate::events::sync(connection, event_id)?;
            }
            Ok(true)
        })
        .await?;
    if !saved {
        let message = ctx.t("event-error_game_locked").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    Ok(back(&event, "edited"))
}

// ---------------------------------------------------------------- the organizer's page

/// An entrant as the organizer's page lists it.
pub struct EntrantLine {
    pub number: i32,
    pub label: String,
    pub players: Vec<(i64, String)>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn: bool,
    pub seed: Option<usize>,
}

/// A correction notice in words.
pub struct NoticeView {
    pub at: String,
    pub source: String,
    pub updated: Vec<String>,
    pub flagged: Vec<String>,
}

/// A match of the current rounds with what the organizer may do about it.
pub struct TableLine {
    pub view: MatchView,
    pub referees: Vec<String>,
    /// The assigned referees' accounts.
    pub referee_ids: Vec<i64>,
    pub has_link: bool,
}

impl TableLine {
    /// The referee list's value: the one assigned, none, or several kept as they are.
    pub fn referee_choice(&self) -> String {
        super::event_actions::referee_choice(&self.referee_ids)
    }

    pub fn several_referees(&self) -> bool {
        self.referee_ids.len() > 1
    }

    pub fn table_value(&self) -> String {
        self.view.table.map(|t| t.to_string()).unwrap_or_default()
    }

    /// The side a recorded forfeit sends on (`A` or `B`).
    pub fn forfeit_side(&self) -> Option<&'static str> {
        match (self.view.forfeit, self.view.winner) {
            (true, Some(0)) => Some("A"),
            (true, Some(1)) => Some("B"),
            _ => None,
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/manage.html")]
pub struct ManageEventPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub club: Club,
    pub format_label: &'static str,
    pub individual: bool,
    pub entrants: Vec<EntrantLine>,
    pub rounds: Vec<RoundView>,
    pub tables: Vec<TableLine>,
    pub conflicts: Vec<MatchView>,
    pub notices: Vec<NoticeView>,
    /// Changes of a match's state backwards, with who and why.
    pub state_changes: Vec<StateChangeView>,
    pub referees: Vec<(i64, String)>,
    pub earlier_events: Vec<(String, String)>,
    pub champion: Option<String>,
    pub import_report: Option<ImportReport>,
    pub notice_key: Option<&'static str>,
    pub error: Option<String>,
    /// The game and its options in words.
    pub game_line: String,
    /// Entrants may still join (before the draw, or a Swiss or rotating-partners event
    /// with a round not drawn yet).
    pub takes_entries: bool,
    /// Nobody is highlighted on the organizer's page.
    pub highlight: Option<u32>,
}

pub struct ImportReport {
    pub accepted: usize,
    pub rejected: Vec<Rejected>,
}

impl ManageEventPage {
    pub fn status_label(&self) -> &'static str {
        self.ctx.t(event_status_key(self.event.status()))
    }

    pub fn in_setup(&self) -> bool {
        self.event.status() == EventStatus::Setup
    }

    pub fn seeding_text(&self) -> Option<String> {
        self.event
            .seeding
            .as_deref()
            .map(|stored| seeding_text(stored, self.ctx.tr))
    }

    pub fn checked_in_count(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.checked_in && !e.withdrawn)
            .count()
    }
}

/// The draw's seeding in words. The draw stores it as "manual", "ranking NAME" or
/// "random SEED" (existing databases hold those words), so it is translated when shown;
/// anything else is shown as stored.
pub fn seeding_text(stored: &str, tr: Tr) -> String {
    if stored == "manual" {
        return tr.t("event-seeding_manual").to_string();
    }
    if let Some(name) = stored.strip_prefix("ranking ") {
        return format!("{} {name}", tr.t("event-seeding_ranking_of"));
    }
    if let Some(seed) = stored.strip_prefix("random ")
        && seed.parse::<u64>().is_ok()
    {
        return format!("{} {seed}", tr.t("event-seeding_random_seed"));
    }
    stored.to_string()
}

fn notice_view(
    data: &crate::events::EventData,
    notice: &CorrectionNotice,
    lang: crate::lang::Lang,
    at: String,
) -> NoticeView {
    let sides = |sides: &Option<[Slot; 2]>| match sides {
        Some([a, b]) => format!("{} – {}", data.slot_name(a, lang), data.slot_name(b, lang)),
        None => "—".to_string(),
    };
    let line = |change: &crate::tournament::MatchChange| {
        format!(
            "{}: {} → {}",
            change.key.label(lang),
            sides(&change.before),
            sides(&change.after)
        )
    };
    NoticeView {
        at,
        source: notice.source.label(lang),
        updated: notice.correction.updated.iter().map(line).collect(),
        flagged: notice.correction.flagged.iter().map(line).collect(),
    }
}

pub(super) async fn manage_page(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
) -> Result<ManageEventPage, AppError> {
    let (_, event, club) = managed_event(&ctx, state, public_id).await?;
    let lang = ctx.lang();
    let event_id = event.id;
    let club_id = club.id;
    let (view, notices, changes, referees, event_referees, links, earlier) = state
        .read(move |connection| {
            let view = EventView::load(connection, event.clone())?;
            let notices = store_events::notices(connection, event_id)?;
            let changes = state_changes::of_event(connection, event_id)?;
            let referees: Vec<(i64, String)> = users::list(connection)?
                .into_iter()
                .filter(|u| u.role() == Role::Referee)
                .map(|u| (u.id, u.display_name))
                .collect();
            let event_referees = store_events::event_referees(connection, event_id)?;
            let mut links = Vec::new();
            for row in &view.data.matches {
                if matches::active_link(connection, row.id)?.is_some() {
                    links.push(row.id);
                }
            }
            let earlier = store_events::of_club(connection, club_id)?
                .into_iter()
                .filter(|e| e.id != event_id && e.status() != EventStatus::Setup)
                .map(|e| (e.public_id, e.name))
                .collect::<Vec<_>>();
            Ok((
                view,
                notices,
                changes,
                referees,
                event_referees,
                links,
                earlier,
            ))
        })
        .await?;
    let format = view.format();
    let order = view.data.seed_order().unwrap_or_default();
    let entrants = view
        .data
        .entrants
        .iter()
        .map(|e| EntrantLine {
            number: e.number,
            label: e.label.clone(),
            players: std::iter::once(e.player1_id)
                .chain(e.player2_id)
                .map(|p| (p, view.data.player_name(p)))
                .collect(),
            checked_in: e.checked_in,
            late: e.late,
            withdrawn: e.withdrawn_round.is_some(),
            seed: order
                .iter()
                .position(|id| id.0 == e.number as u32)
                .map(|p| p + 1),
        })
        .collect();
    let rounds = view.rounds(lang);
    let conflicts = rounds
        .iter()
        .flat_map(|r| r.matches.iter())
        .filter(|m| m.conflict)
        .cloned()
        .collect();
    // A rotating night draws every round at once: the overview shows the round being
    // played (the first with a table to play), not the whole evening.
    let current_round = matches!(format, Some(Format::RotatingPartners(_)))
        .then(|| {
            rounds
                .iter()
                .flat_map(|r| r.matches.iter())
                .filter(|m| m.match_id.is_some() && (m.playable || m.conflict))
                .map(|m| m.round)
                .min()
        })
        .flatten();
    let tables = rounds
        .iter()
        .flat_map(|r| r.matches.iter())
        .filter(|m| m.match_id.is_some() && (m.playable || m.forfeit || m.conflict))
        .filter(|m| current_round.is_none_or(|round| m.round == round))
        .map(|m| TableLine {
            referees: event_referees
                .iter()
                .filter(|(match_id, _, _)| Some(*match_id) == m.match_id)
                .map(|(_, _, name)| name.clone())
                .collect(),
            referee_ids: event_referees
                .iter()
                .filter(|(match_id, _, _)| Some(*match_id) == m.match_id)
                .map(|(_, user_id, _)| *user_id)
                .collect(),
            has_link: m.match_id.is_some_and(|id| links.contains(&id)),
            view: m.clone(),
        })
        .collect();
    let notices = notices
        .iter()
        .filter_map(|row| {
            let notice: CorrectionNotice = serde_json::from_str(&row.notice_json).ok()?;
            Some(notice_view(
                &view.data,
                &notice,
                lang,
                row.created_at.format("%H:%M").to_string(),
            ))
        })
        .collect();
    let state_changes = changes
        .iter()
        .map(|change| {
            let shown = rounds
                .iter()
                .flat_map(|r| r.matches.iter())
                .find(|m| m.match_id == Some(change.match_id));
            let subject = shown.map(|m| m.label.clone()).unwrap_or_default();
            change_view(ctx.tr, change, subject, shown.map(|m| &m.sides))
        })
        .collect();
    let game_line = game_line(&ctx, &view.data.event);
    let takes_entries = match view.data.event.status() {
        EventStatus::Setup => true,
        EventStatus::Running => format
            .as_ref()
            .is_some_and(|f| matches!(f, Format::Swiss(_) | Format::RotatingPartners(_))),
        EventStatus::Finished => false,
    };
    Ok(ManageEventPage {
        format_label: format
            .as_ref()
            .map(|f| format_label(&ctx, format_key(f)))
            .unwrap_or(""),
        individual: format
            .as_ref()
            .is_some_and(|f| solo_entrants(&view.data.event, f)),
        champion: view.champion(),
        entrants,
        rounds,
        tables,
        conflicts,
        notices,
        state_changes,
        referees,
        earlier_events: earlier,
        import_report: None,
        notice_key: None,
        error: None,
        game_line,
        takes_entries,
        highlight: None,
        event: view.data.event,
        club,
        ctx,
    })
}

#[derive(Deserialize)]
pub struct NoticeQuery {
    done: Option<String>,
}

pub async fn manage(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<NoticeQuery>,
) -> Result<ManageEventPage, AppError> {
    let mut page = manage_page(ctx, &state, &public_id).await?;
    page.notice_key = match query.done.as_deref() {
        Some("entrant") => Some("event-entrant_added"),
        Some("checkin") => Some("event-checkin_saved"),
        Some("withdrawn") => Some("event-withdrawal_saved"),
        Some("drawn") => Some("event-drawn"),
        Some("table") => Some("event-table_saved"),
        Some("forfeit") => Some("event-forfeit_saved"),
        Some("replayed") => Some("event-replayed"),
        Some("kept") => Some("event-kept"),
        Some("edited") => Some("event-edited"),
        Some("late") => Some("event-late_joined"),
        Some("unchanged") => Some("confirm-nothing_changed"),
        _ => None,
    };
    Ok(page)
}

pub(super) fn back(event: &EventRow, done: &str) -> HttpResponse {
    redirect(&format!("/manage/events/{}?done={done}", event.public_id))
}

pub(super) async fn failure(
    ctx: PageContext,
    state: &AppState,
    public_id: &str,
    message: String,
) -> Result<HttpResponse, AppError> {
    let mut page = manage_page(ctx, state, public_id).await?;
    page.error = Some(message);
    render_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY)
}

// ---------------------------------------------------------------- entrants

#[derive(Deserialize)]
pub struct EntrantForm {
    #[serde(default)]
    player1: String,
    #[serde(default)]
    player2: String,
    #[serde(default)]
    label: String,
}

/// The game and its options in words, for the organizer's and the public pages.
pub fn game_line(ctx: &PageContext, event: &EventRow) -> String {
    let mut parts = vec![game_label(event.game).to_string()];
    if let serde_json::Value::Object(options) = crate::events::game_options_of(event) {
        for (name, value) in options {
            let value = match value {
                serde_json::Value::Bool(true) => ctx.t("option-yes").to_string(),
                serde_json::Value::Bool(false) => ctx.t("option-no").to_string(),
                serde_json::Value::String(text) if text == "award" => {
                    ctx.t("option-revoke_award").to_string()
                }
                serde_json::Value::String(text) if text == "subtract" => {
                    ctx.t("option-revoke_subtract").to_string()
                }
                other => other.to_string().trim_matches('"').to_string(),
            };
            parts.push(format!("{} {value}", ctx.t(option_label_key(&name))));
        }
    }
    parts.join(" · ")
}

/// Whether a registration now is refused (a message key), and from which round a late
/// entrant of a running event is drawn. Before the draw, `Ok(None)`. After it, Swiss and
/// rotating partners take late entrants from the next round not drawn yet (Swiss: the
/// round after the last one drawn; rotating partners, whose rounds are all drawn at
/// once: the first round with no match started); elimination brackets and round robins
/// refuse, since their draw is fixed.
fn entry_round(
    connection: &mut crate::store::DbConnection,
    event: &EventRow,
) -> crate::store::StoreResult<Result<Option<u32>, &'static str>> {
    match event.status() {
        EventStatus::Setup => return Ok(Ok(None)),
        EventStatus::Finished => return Ok(Err("event-error_finished")),
        EventStatus::Running => {}
    }
    let format = crate::events::format_of(event)?;
    let rounds = match &format {
        Format::Swiss(o) => o.rounds,
        Format::RotatingPartners(o) => o.rounds,
        _ => return Ok(Err("event-error_late_fixed")),
    };
    let data = crate::events::EventData::load(connection, event.clone())?;
    let Some(derived) = crate::events::derive(connection, &data)? else {
        return Ok(Ok(None));
    };
    let keyed = data.keyed();
    let next = match format {
        Format::Swiss(_) => {
            derived
                .schedule
                .matches
                .iter()
                .map(|m| m.round)
                .max()
                .unwrap_or(0)
                + 1
        }
        _ => {
            derived
                .schedule
                .matches
                .iter()
                .filter(|m| {
                    derived.results.contains_key(&m.key)
                        || keyed
                            .get(&m.key)
                            .is_some_and(|row| row.status() != matches::MatchStatus::Scheduled)
                })
                .map(|m| m.round)
                .max()
                .unwrap_or(0)
                + 1
        }
    };
    if next > rounds {
        return Ok(Err("event-error_no_round_left"));
    }
    Ok(Ok(Some(next)))
}

/// What a registration did: refused rows (index, reason key), or the whole registration
/// refused (reason key), and the round late entrants join from.
struct Registered {
    refused: Vec<(usize, &'static str)>,
    closed: Option<&'static str>,
    joins: Option<u32>,
}

/// Registers entrants; `rows`: (players, label). Refuses a player already entered. After
/// the draw of a Swiss or rotating-partners event, the new entrants are added at the end
/// of the seed order and drawn from the next round not drawn yet.
fn register(
    connection: &mut crate::store::DbConnection,
    event: &EventRow,
    rows: &[(Vec<String>, Option<String>)],
) -> crate::store::StoreResult<Registered> {
    let Some(event) = store_events::find(connection, event.id)? else {
        return Err(StoreError::Stale);
    };
    let joins = match entry_round(connection, &event)? {
        Ok(joins) => joins,
        Err(key) => {
            return Ok(Registered {
                refused: Vec::new(),
                closed: Some(key),
                joins: None,
            });
        }
    };
    let existing = store_events::entrants(connection, event.id)?;
    let late = joins.is_some()
        || existing.iter().any(|e| e.checked_in)
        || crate::store::now() > event.starts_at;
    let mut taken: Vec<i64> = existing
        .iter()
        .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
        .collect();
    let mut refused = Vec::new();
    let mut added = Vec::new();
    for (index, (names, label)) in rows.iter().enumerate() {
        let mut ids = Vec::new();
        for name in names {
            ids.push(store_events::player_named(connection, name)?.id);
        }
        if ids.iter().any(|id| taken.contains(id)) {
            refused.push((index, "import-already_entered"));
            continue;
        }
        taken.extend(&ids);
        let label = label.clone().unwrap_or_else(|| names.join(" · "));
        let row = store_events::add_entrant(
            connection,
            event.id,
            &label,
            ids[0],
            ids.get(1).copied(),
            late,
        )?;
        added.push(row.number);
    }
    if let Some(round) = joins
        && !added.is_empty()
    {
        let data = crate::events::EventData::load(connection, event.clone())?;
        let mut order: Vec<u32> = data
            .seed_order()
            .unwrap_or_default()
            .iter()
            .map(|e| e.0)
            .collect();
        for number in &added {
            store_events::set_joined(connection, event.id, *number, round as i32)?;
            order.push(*number as u32);
        }
        let order_json =
            serde_json::to_string(&order).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        store_events::set_seed_order(connection, event.id, &order_json)?;
        crate::events::sync(connection, event.id)?;
    }
    Ok(Registered {
        refused,
        closed: None,
        joins,
    })
}

pub async fn add_entrant(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<EntrantForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let format = crate::events::format_of(&event)?;
    let solo = solo_entrants(&event, &format);
    let mut players = vec![form.player1.trim().to_string()];
    if !solo {
        players.push(form.player2.trim().to_string());
    }
    let label = form.label.trim().to_string();
    if players
        .iter()
        .any(|p| p.is_empty() || p.chars().count() > csv::MAX_NAME)
        || label.chars().count() > csv::MAX_NAME
        || (!solo && players[0].to_lowercase() == players[1].to_lowercase())
    {
        let message = ctx.t("event-error_players").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    let event_copy = event.clone();
    let registered = state
        .write(move |connection| {
            register(
                connection,
                &event_copy,
                &[(players, (!label.is_empty()).then_some(label))],
            )
        })
        .await?;
    if let Some(key) = registered.closed {
        let message = ctx.t(key).to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    if !registered.refused.is_empty() {
        let message = ctx.t("import-already_entered").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    if registered.joins.is_some() {
        return Ok(back(&event, "late"));
    }
    Ok(back(&event, "entrant"))
}

#[derive(Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csv: String,
}

/// Imports entrants from CSV text (pasted, or read by the page from a chosen file) and
/// reports every rejected line with its number and reason.
pub async fn import(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let solo = solo_entrants(&event, &crate::events::format_of(&event)?);
    let (accepted, mut rejected) = csv::parse_entrants(&form.csv, solo);
    let rows: Vec<(Vec<String>, Option<String>)> = accepted
        .iter()
        .map(|a| (a.players.clone(), a.label.clone()))
        .collect();
    let event_copy = event.clone();
    let registered = state
        .write(move |connection| register(connection, &event_copy, &rows))
        .await?;
    if let Some(key) = registered.closed {
        let message = ctx.t(key).to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    let refused = registered.refused;
    for (index, key) in &refused {
        let line = &accepted[*index];
        rejected.push(Rejected {
            line: line.line,
            reason_key: key,
            detail: line.players.join(", "),
        });
    }
    rejected.sort_by_key(|r| r.line);
    let mut page = manage_page(ctx, &state, &public_id).await?;
    page.import_report = Some(ImportReport {
        accepted: accepted.len() - refused.len(),
        rejected,
    });
    let status = if page
        .import_report
        .as_ref()
        .is_some_and(|r| r.rejected.is_empty())
    {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render_with_status(&page, status)
}

#[derive(Deserialize)]
pub struct CheckInForm {
    #[serde(default)]
    number: Option<i32>,
    #[serde(default)]
    checked_in: bool,
    #[serde(default)]
    all: bool,
}

pub async fn check_in(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<CheckInForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let event_id = event.id;
    let (all, number, checked_in) = (form.all, form.number, form.checked_in);
    state
        .write(move |connection| {
            if all {
                store_events::check_in_all(connection, event_id)?;
            } else if let Some(number) = number {
                store_events::set_checked_in(connection, event_id, number, checked_in)?;
            }
            Ok(())
        })
        .await?;
    Ok(back(&event, "checkin"))
}

// ---------------------------------------------------------------- seeding and draw

#[derive(Deserialize)]
pub struct DrawForm {
    #[serde(default)]
    method: String,
    /// Random: the seed (blank: a new one, recorded).
    #[serde(default)]
    seed: String,
    /// Manual: entrant numbers in seed order, separated by spaces, commas or lines.
    #[serde(default)]
    order: String,
    /// By results: the earlier event whose standings give the order.
    #[serde(default)]
    earlier: String,
}

/// Seeds the checked-in entrants and makes the draw: the first matches are created.
pub async fn draw(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    form: web::Form<DrawForm>,
) -> Result<HttpResponse, AppError> {
    let (_, event, club) = managed_event(&ctx, &state, &public_id).await?;
    let lang = ctx.lang();
    if event.status() != EventStatus::Setup {
        let message = ctx.t("event-error_drawn").to_string();
        return failure(ctx, &state, &public_id, message).await;
    }
    let event_id = event.id;
    let entrants = state
        .read(move |connection| store_events::entrants(connection, event_id))
        .await?;
    let present: Vec<EntrantId> = entrants
        .iter()
        .filter(|e| e.checked_in && e.withdrawn_round.is_none())
        .map(|e| EntrantId(e.number as u32))
        .collect();
    let (seeding, description) = match form.method.as_str() {
        "manual" => {
            let order: Vec<EntrantId> = form
                .order
                .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|s| !s.is_empty())
                .filter_map(|s| s.trim_start_matches('#').parse::<u32>().ok())
                .map(EntrantId)
                .collect();
            (Seeding::Manual(order), "manual".to_string())
        }
        "ranking" => {
            let earlier = form.earlier.clone();
            let current = entrants.clone();
            let club_id = club.id;
            let ranking = state
                .read(move |connection| {
                    let Some(other) = store_events::find_by_public_id(connection, &earlier)? else {
                        return Ok(None);
                    };
                    if other.club_id != club_id {
                        return Ok(None);
                    }
                    let name = other.name.clone();
                    let view = EventView::load(connection, other)?;
                    Ok(Some((name, ranking_from(&view, &current))))
                })
                .await?;
            match ranking {
                Some((name, order)) => (Seeding::Ranking(order), format!("ranking {name}")),
                None => {
                    let message = ctx.t("event-error_earlier").to_string();
                    return failure(ctx, &state, &public_id, message).await;
                }
            }
        }
        _ => {
            let seed = match form.seed.trim() {
                "" => u64::from(rand::random::<u32>()),
                text => match text.parse::<u64>() {
                    Ok(seed) => seed,
                    Err(_) => {
                        let message = ctx.t("event-error_seed").to_string();
                        return failure(ctx, &state, &public_id, message).await;
                    }
                },
            };
            (Seeding::Random { seed }, format!("random {seed}"))
        }
    };
    let order = match seeding::seed(&present, &seeding) {
        Ok(order) => order,
        Err(error) => return failure(ctx, &state, &public_id, error.message(lang)).await,
    };
    let format = crate::events::format_of(&event)?;
    let check = crate::tournament::Tournament::new(order.clone(), format);
    if let Err(error) = check.schedule(&Default::default()) {
        return failure(ctx, &state, &public_id, error.message(lang)).await;
    }
    let order_json = serde_json::to_string(&order.iter().map(|e| e.0).collect::<Vec<_>>())
        .map_err(|e| AppError::internal("order", e))?;
    state
        .write(move |connection| {
            store_events::start(connection, event_id, &description, &order_json)?;
            crate::events::sync(connection, event_id)?;
            Ok(())
        })
        .await?;
    Ok(back(&event, "drawn"))
}

/// The order by the results of an earlier event: each entrant ranks at the best final
/// position of an earlier entrant sharing one of its players.
fn ranking_from(view: &EventView, current: &[store_events::EntrantRow]) -> Vec<EntrantId> {
    let mut positions: Vec<(u32, i32)> = Vec::new();
    let table = view.standings().into_iter().last();
    for entrant in current {
        let players: Vec<i64> = std::iter::once(entrant.player1_id)
            .chain(entrant.player2_id)
            .collect();
        let best = table.as_ref().and_then(|t| {
            t.rows
                .iter()
                .filter(|row| {
                    view.data.entrant(row.entrant).is_some_and(|earlier| {
                        std::iter::once(earlier.player1_id)
                            .chain(earlier.player2_id)
                            .any(|p| players.contains(&p))
                    })
                })
                .map(|row| row.position)
                .min()
        });
        if let Some(position) = best {
            positions.push((position, entrant.number));
        }
    }
    positions.sort();
    positions
        .into_iter()
        .map(|(_, number)| EntrantId(number as u32))
        .collect()
}

// ---------------------------------------------------------------- table cards

pub struct TableCard {
    pub table: Option<i32>,
    /// The match's key as the reader reads it.
    pub label: String,
    pub sides: [String; 2],
    /// The players of side A and side B, by name.
    pub players: [String; 2],
    pub link: String,
    pub qr_svg: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "events/cards.html")]
pub struct CardsPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub cards: Vec<TableCard>,
    /// A rotating night: one card per physical table and one per player instead.
    pub rotation: Option<super::rotation::RotationCards>,
}

/// Printable table cards for every match to be played: table number, teams and the QR
/// code of the private scoring link. A match without a link gets one here.
pub async fn cards(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<CardsPage, AppError> {
    let (user, event, _) = managed_event(&ctx, &state, &public_id).await?;
    let lang = ctx.lang();
    let view = state
        .read(move |connection| EventView::load(connection, event.clone()))
        .await?;
    let playable: Vec<MatchView> = view
        .rounds(lang)
        .into_iter()
        .flat_map(|r| r.matches)
        .filter(|m| m.playable && m.match_id.is_some())
        .collect();
    let ids: Vec<i64> = playable.iter().filter_map(|m| m.match_id).collect();
    let user_id = user.id;
    let tokens = state
        .write(move |connection| {
            let mut tokens = Vec::new();
            for id in ids {
                let link = match matches::active_link(connection, id)? {
                    Some(link) => link,
                    None => {
                        matches::issue_link(connection, id, &accounts::random_token(), user_id)?
                    }
                };
                tokens.push((id, link.token));
            }
            Ok(tokens)
        })
        .await?;
    let keyed = view.data.keyed();
    let mut cards: Vec<TableCard> = playable
        .into_iter()
        .filter_map(|m| {
            let token = tokens.iter().find(|(id, _)| Some(*id) == m.match_id)?;
            let link = state.link(&format!("/s/{}", token.1));
            let seats = keyed
                .get(&crate::tournament::MatchKey::new(m.key.clone()))
                .map(|r| r.players())
                .unwrap_or_default();
            let side = |first: usize| {
                seats
                    .iter()
                    .skip(first)
                    .step_by(2)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" · ")
            };
            let players = [side(0), side(1)];
            Some(TableCard {
                table: m.table,
                qr_svg: super::matches::qr_svg(&link),
                link,
                label: m.label,
                sides: m.sides,
                players,
            })
        })
        .collect();
    cards.sort_by_key(|c| c.table);
    let rotation = view
        .derived
        .as_ref()
        .filter(|d| matches!(d.tournament.format, Format::RotatingPartners(_)))
        .map(|derived| {
            let link = |m: &crate::tournament::Match| {
                let id = keyed.get(&m.key)?.id;
                let (_, token) = tokens.iter().find(|(match_id, _)| *match_id == id)?;
                let link = state.link(&format!("/s/{token}"));
                Some((link.clone(), super::matches::qr_svg(&link)))
            };
            super::rotation::cards(&view.data, &derived.schedule.matches, &link)
        });
    Ok(CardsPage {
        ctx,
        event: view.data.event,
        cards,
        rotation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn the_stored_seeding_is_shown_in_the_readers_language() {
        let it = Tr::new(Lang::It);
        let en = Tr::new(Lang::En);
        assert_eq!(seeding_text("manual", it), "manuale");
        assert_eq!(seeding_text("manual", en), "manual");
        assert_eq!(seeding_text("random 1234567", it), "casuale, seme 1234567");
        assert_eq!(seeding_text("random 1234567", en), "random, seed 1234567");
        assert_eq!(
            seeding_text("ranking Torneo d'autunno", it),
            "classifica di Torneo d'autunno"
        );
        assert_eq!(
            seeding_text("ranking Torneo d'autunno", en),
            "ranking of Torneo d'autunno"
        );
        // Words the draw never wrote are shown as they are.
        assert_eq!(seeding_text("random seven", it), "random seven");
        assert_eq!(seeding_text("a mano", it), "a mano");
    }

    #[test]
    fn every_option_of_every_game_has_a_label() {
        for game in GameKind::ALL {
            let defaults = crate::events::default_options(game);
            for name in defaults.as_object().unwrap().keys() {
                assert_ne!(option_label_key(name), "option-other", "{game}: {name}");
            }
        }
    }

    #[test]
    fn option_messages_name_the_option_by_its_label() {
        let it = Tr::new(Lang::It);
        assert_eq!(
            option_label(it, "target_points"),
            "Punti per vincere una partita"
        );
        assert_eq!(
            option_label(Tr::new(Lang::En), "games_to_win"),
            "Games to win the match"
        );
        assert_eq!(option_label(it, "posted_by_hand"), "posted_by_hand");
        let error = crate::events::check_options(
            GameKind::Trionfetti,
            &serde_json::json!({"target_points": 20000}),
            Lang::It,
        )
        .unwrap_err();
        assert_eq!(
            error.message(Lang::It, |name| option_label(it, name)),
            "opzione \"Punti per vincere una partita\": valori ammessi 1–10000"
        );
    }
}
