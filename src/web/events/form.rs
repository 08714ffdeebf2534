//! The event form: a new event for a club, and an event's settings edited (what may
//! still change: the game while no match has started, the format before the draw).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use serde::Deserialize;

use super::formats::format_hint;
pub use super::formats::{FORMATS, format_key, format_label};
use super::options::{DEFAULT_GAME, GameFieldset, game_fieldsets, option_label, posted_options};
use crate::events::game_label;
use crate::rules::kind::GameKind;
use crate::store::clubs::Club;
use crate::store::events as store_events;
use crate::tournament::{
    ByeScore, Cycles, Format, TieBreak, double_elimination, groups, rotating, round_robin,
    single_elimination, swiss,
};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::i18n::TieBreakName;
use crate::web::managed::Managed;
use crate::web::{redirect, refuse};

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
    #[serde(default = "default_group_size", deserialize_with = "lenient_number")]
    pub group_size: u32,
    #[serde(default = "default_qualifiers", deserialize_with = "lenient_number")]
    pub qualifiers: u32,
    #[serde(default = "default_rounds", deserialize_with = "lenient_number")]
    pub rounds: u32,
    #[serde(default = "default_tie1")]
    pub tie1: String,
    #[serde(default = "default_tie2")]
    pub tie2: String,
    #[serde(default)]
    pub tie3: String,
    #[serde(default)]
    pub bye_is_win: bool,
    /// What sitting out a round scores ([`ByeScore::key`]).
    #[serde(default = "default_sit_out")]
    pub sit_out: String,
    #[serde(default)]
    pub listed: bool,
    /// A season of the club the new event counts for (its id); empty: none.
    #[serde(default)]
    pub season: String,
}

/// A number field read leniently: what is not a number reads 0, which no format takes,
/// so a field of a format not chosen cannot spoil the form (it is not read).
fn lenient_number<'de, D: serde::Deserializer<'de>>(field: D) -> Result<u32, D::Error> {
    Ok(String::deserialize(field)?.trim().parse().unwrap_or(0))
}

fn default_game() -> String {
    DEFAULT_GAME.name().to_string()
}
fn default_format() -> String {
    "single_elimination".to_string()
}
fn default_sit_out() -> String {
    ByeScore::Nothing.key().to_string()
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
            sit_out: default_sit_out(),
            listed: true,
            season: String::new(),
        }
    }
}

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

    /// What is wrong with the chosen format's options, as a message key.
    fn format_error(&self) -> &'static str {
        match self.format.as_str() {
            "groups" if !(2..=16).contains(&self.group_size) => "event-error_group_size",
            "groups" => "event-error_qualifiers",
            "swiss" | "rotating" if !(1..=30).contains(&self.rounds) => "event-error_rounds",
            _ => "event-error_format",
        }
    }

    fn format(&self) -> Option<Format> {
        let cycles = if self.double_cycle {
            Cycles::Double
        } else {
            Cycles::Single
        };
        // Swiss and rotating nights: a number of rounds an evening can hold.
        let rounds = (1..=30).contains(&self.rounds).then_some(self.rounds);
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
            "swiss" => Format::Swiss(swiss::Options {
                rounds: rounds?,
                tie_breaks: self.tie_breaks(),
                bye_is_win: self.bye_is_win,
            }),
            "rotating" => Format::RotatingPartners(rotating::Options {
                rounds: rounds?,
                seed: u64::from(rand::random::<u32>()),
                tie_breaks: self.tie_breaks(),
                sit_out: ByeScore::from_key(&self.sit_out)?,
            }),
            _ => return None,
        })
    }

    fn starts_at(&self) -> Option<NaiveDateTime> {
        let date = NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d").ok()?;
        let time = NaiveTime::parse_from_str(self.time.trim(), "%H:%M").ok()?;
        Some(date.and_time(time))
    }
}

/// The event form, for a new event or to edit one.
#[derive(Template, WebTemplate)]
#[template(path = "events/form.html")]
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
    /// The club's open seasons (id, name) a new event may count for.
    pub seasons: Vec<(i64, String)>,
}

impl NewEventPage {
    /// The form with nothing wrong yet (`editing`: the event's public id when editing
    /// one; `locked`: whether the format and the game are fixed).
    pub(super) fn shown(
        ctx: PageContext,
        club: Club,
        form: EventForm,
        games: Vec<GameFieldset>,
        editing: Option<String>,
        locked: (bool, bool),
    ) -> NewEventPage {
        NewEventPage {
            ctx,
            club,
            form,
            games,
            error_key: None,
            error: None,
            editing,
            format_locked: locked.0,
            game_locked: locked.1,
            seasons: Vec::new(),
        }
    }

    pub fn formats(&self) -> [&'static str; 6] {
        FORMATS
    }

    pub fn format_label(&self, key: &str) -> &'static str {
        format_label(&self.ctx, key)
    }

    /// What the format is, in a line under its name.
    pub fn format_hint(&self, key: &str) -> &'static str {
        format_hint(&self.ctx, key)
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

    /// Each way a sit-out may score: its key and its name.
    pub fn sit_outs(&self) -> Vec<(&'static str, String)> {
        ByeScore::ALL
            .iter()
            .map(|b| (b.key(), self.ctx.msg(&b.name_msg())))
            .collect()
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

pub async fn new_form(
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<NewEventPage, AppError> {
    let club_id = club.id;
    let last = state
        .read(move |connection| store_events::last_of_club(connection, club_id))
        .await?;
    let (form, game, options) = super::prefill::new_event_form(last.as_ref());
    let games = game_fieldsets(&ctx, Some(game), &options);
    let seasons = open_seasons(&state, club.id).await?;
    let mut page = NewEventPage::shown(ctx, club, form, games, None, (false, false));
    page.seasons = seasons;
    Ok(page)
}

/// The club's seasons not closed yet, which a new event may count for.
async fn open_seasons(
    state: &crate::web::AppState,
    club_id: i64,
) -> Result<Vec<(i64, String)>, AppError> {
    let seasons = state
        .read(move |connection| crate::store::seasons::of_club(connection, club_id))
        .await?;
    Ok(seasons
        .into_iter()
        .filter(|s| !s.settings.closed)
        .map(|s| (s.id, s.settings.name))
        .collect())
}

/// The event form as posted: its fields, and the chosen game's options (checked by the
/// game's own rules).
pub(super) struct PostedEvent {
    pub(super) form: EventForm,
    /// The game the form names; `None` for a name no game has.
    pub(super) game: Option<GameKind>,
    pub(super) name: String,
    pub(super) venue: String,
    pub(super) starts_at: Option<NaiveDateTime>,
    pub(super) format: Option<Format>,
    pub(super) options: Result<serde_json::Value, String>,
    /// Whether the game and the format were posted at all (an edit after the draw leaves
    /// them out).
    pub(super) game_posted: bool,
    pub(super) format_posted: bool,
    /// The event's own zone: `Ok(None)` for its club's, `Err` for a name not offered.
    pub(super) time_zone: Result<Option<String>, ()>,
    pub(super) time_zone_posted: bool,
}

pub(super) fn read_posted(ctx: &PageContext, pairs: &[(String, String)]) -> PostedEvent {
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
                crate::events::check_options(game, &given)
                    .map_err(|e| ctx.tr.msg(&e.msg(|name| option_label(ctx.tr, name))))
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

/// A posted event with nothing wrong, ready to store.
pub(super) struct ValidEvent {
    pub(super) name: String,
    pub(super) venue: String,
    pub(super) starts_at: NaiveDateTime,
    pub(super) game: GameKind,
    pub(super) options_json: String,
    pub(super) format_json: String,
    pub(super) listed: bool,
    pub(super) time_zone: Option<String>,
}

impl PostedEvent {
    /// The event to store, unless something is wrong with it (`error_key`, `error`, or
    /// a field that could not be read).
    pub(super) fn valid(
        &self,
        error_key: Option<&'static str>,
        error: &Option<String>,
    ) -> Result<Option<ValidEvent>, AppError> {
        let (Some(format), Some(starts_at), Some(game), Ok(options), None, None) = (
            &self.format,
            self.starts_at,
            self.game,
            &self.options,
            error_key,
            error,
        ) else {
            return Ok(None);
        };
        Ok(Some(ValidEvent {
            name: self.name.clone(),
            venue: self.venue.clone(),
            starts_at,
            game,
            options_json: serde_json::to_string(options)
                .map_err(|e| AppError::internal("options", e))?,
            format_json: serde_json::to_string(format)
                .map_err(|e| AppError::internal("format", e))?,
            listed: self.form.listed,
            time_zone: self.time_zone.clone().unwrap_or_default(),
        }))
    }

    /// The form shown again as posted, saying what is wrong (`editing`: the event's
    /// public id when editing one; `locked`: whether the format and the game are fixed).
    pub(super) fn refused(
        self,
        ctx: PageContext,
        club: Club,
        wrong: (Option<&'static str>, Option<String>),
        editing: Option<String>,
        locked: (bool, bool),
    ) -> NewEventPage {
        let given = self.options.clone().unwrap_or(serde_json::Value::Null);
        let games = game_fieldsets(&ctx, self.game, &given);
        let mut page = NewEventPage::shown(ctx, club, self.form, games, editing, locked);
        (page.error_key, page.error) = wrong;
        page
    }
}

/// The first thing wrong with the posted event, as a message key.
pub(super) fn basic_error(posted: &PostedEvent) -> Option<&'static str> {
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
        Some(posted.form.format_error())
    } else {
        None
    }
}

/// Rotating partners seats two partnerships at a table: a four-player game only.
pub(super) fn rotating_needs_four(
    format: &Format,
    game: GameKind,
    options: &serde_json::Value,
) -> bool {
    crate::events::individual(format) && crate::events::players_per_match(game, options) != 4
}

pub async fn create(
    form: web::Form<Vec<(String, String)>>,
    Managed(ctx, state, user, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    let posted = read_posted(&ctx, &form);
    let seasons = open_seasons(&state, club.id).await?;
    let season = match posted.form.season.trim() {
        "" => Ok(None),
        id => id
            .parse::<i64>()
            .ok()
            .filter(|id| seasons.iter().any(|(open, _)| open == id))
            .map(Some)
            .ok_or("season-error_unknown"),
    };
    let mut error_key = basic_error(&posted).or(season.err());
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
    let Some(valid) = posted.valid(error_key, &error)? else {
        let mut page = posted.refused(ctx, club, (error_key, error), None, (false, false));
        page.seasons = seasons;
        return refuse(&page);
    };
    let season = season.ok().flatten();
    let public_id = crate::scoring::new_public_id();
    let club_id = club.id;
    let event = state
        .write(move |connection| {
            store_events::insert(
                connection,
                &store_events::NewEvent {
                    public_id: &public_id,
                    club_id,
                    name: &valid.name,
                    starts_at: valid.starts_at,
                    venue: &valid.venue,
                    game: valid.game,
                    game_options_json: &valid.options_json,
                    format_json: &valid.format_json,
                    listed: valid.listed,
                    created_by: user.id,
                    time_zone: valid.time_zone.as_deref(),
                },
            )
            .and_then(|event| {
                if let Some(season_id) = season {
                    crate::store::seasons::add_event(connection, season_id, event.id)?;
                }
                Ok(event)
            })
        })
        .await?;
    Ok(redirect(&format!("/manage/events/{}", event.public_id)))
}
