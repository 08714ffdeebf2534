//! The published pages of an event and its players: the event page (kept in the page
//! cache), the embeddable bracket, the projector view, the player page, and the comanda
//! preview of a match's referee page.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::bracket::{Bracket, bracket_of};
use super::rounds::{MatchView, RoundView, StandingsView, draw_notes, rounds, standings_views};
use super::{
    CachedPage, HighlightQuery, Rendered, event_status_key, kept_or_built, load_view, of_event,
};
use crate::events::view::EventView;
use crate::store::events::{self as store_events, EventRow};
use crate::tournament::{EntrantId, Slot, Status};
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::events::SlotNames;
use crate::web::i18n::{TieBreakName, Tr, Worded};

/// The content of the event page, the same for every visitor who reads it in one
/// language (the header with the visitor's account is [`CachedPage`]'s).
#[derive(Template)]
#[template(path = "publish/event.html", block = "content")]
pub struct EventPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub club_name: String,
    pub club_slug: String,
    pub bracket: Bracket,
    pub rounds: Vec<RoundView>,
    pub standings: Vec<StandingsView>,
    pub tie_breaks: Vec<(String, String)>,
    pub notes: Vec<String>,
    /// Number, label and players of each entrant.
    pub entrants: Vec<(u32, String, Vec<PlayerLink>)>,
    pub highlight: Option<u32>,
    /// The game and its options in words.
    pub game_line: String,
    /// Entrants are single players (an individual night, a two-player game), not teams.
    pub solo: bool,
}

/// A player's id (for the link to the player page) and name.
pub type PlayerLink = (i64, String);

impl EventPage {
    /// Whether an entrant's label is just its players' names (shown once, then).
    pub fn label_is_names(&self, label: &str, players: &[PlayerLink]) -> bool {
        let names: Vec<&str> = players.iter().map(|(_, name)| name.as_str()).collect();
        label == names.join(" · ") || label == names.join(" / ") || label == names.join(" e ")
    }

    /// The highlight picker's label: a team, or a player on an individual night.
    pub fn highlight_label(&self) -> &'static str {
        self.ctx.t(if self.solo {
            "event-highlight_player"
        } else {
            "event-highlight"
        })
    }

    pub fn is_highlighted(&self, number: impl Number) -> bool {
        self.highlight == Some(number.value())
    }

    pub fn status_label(&self) -> &'static str {
        self.ctx.t(event_status_key(self.event.status()))
    }
}

/// Templates hand numbers over by value or through references of any depth.
pub trait Number {
    fn value(&self) -> u32;
}

impl Number for u32 {
    fn value(&self) -> u32 {
        *self
    }
}

impl<T: Number + ?Sized> Number for &T {
    fn value(&self) -> u32 {
        (**self).value()
    }
}

pub async fn event_page(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let key = query.key("e", public_id.into_inner(), &ctx);
    let load = of_event(|connection, event| {
        Ok(
            match crate::store::clubs::find(connection, event.club_id)? {
                Some(club) => Some((EventView::load(connection, event)?, club)),
                None => None,
            },
        )
    });
    let page = kept_or_built(&state, key, load, |(view, club), key| {
        let lang = key.lang;
        let game_line = crate::web::events::options::game_line(&ctx, &view.data.event);
        let rounds = rounds(&view, lang);
        let solo = view
            .format()
            .is_some_and(|format| crate::events::solo_entrants(&view.data.event, &format));
        let body = EventPage {
            solo,
            bracket: bracket_of(&view, &rounds, lang, key.highlight),
            rounds,
            standings: standings_views(&view, lang),
            tie_breaks: view
                .tie_breaks()
                .into_iter()
                .map(|t| (t.name(lang).to_string(), t.message(lang).to_string()))
                .collect(),
            notes: draw_notes(&view, lang),
            entrants: view
                .data
                .entrants
                .iter()
                .map(|e| {
                    let players = std::iter::once(e.player1_id)
                        .chain(e.player2_id)
                        .map(|id| (id, view.data.player_name(id)))
                        .collect();
                    (e.number as u32, e.label.clone(), players)
                })
                .collect(),
            highlight: key.highlight,
            game_line,
            club_name: club.name,
            club_slug: club.slug,
            ctx: Tr::new(lang),
            event: view.data.event,
        };
        Rendered::page(body.event.name.clone(), &body)
    })
    .await?;
    CachedPage { ctx, page }.respond()
}

// ---------------------------------------------------------------- embed and projector

#[derive(Template)]
#[template(path = "publish/embed.html")]
pub struct EmbedPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub bracket: Bracket,
    pub rounds: Vec<RoundView>,
    pub highlight: Option<u32>,
    pub link: String,
}

/// The bracket alone, for a club's own website to put in an iframe. This response may be
/// framed by any site: it overrides the site-wide anti-framing headers.
pub async fn embed(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let view = load_view(&state, &public_id).await?;
    let lang = ctx.lang();
    let rounds = rounds(&view, lang);
    let mut bracket = bracket_of(&view, &rounds, lang, query.highlight);
    // Framed in another site, a link would open the bracket page inside the frame.
    bracket.page_link = None;
    let page = EmbedPage {
        bracket,
        rounds,
        highlight: query.highlight,
        link: state.link(&format!("/e/{}", view.data.event.public_id)),
        event: view.data.event,
        ctx,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        // DefaultHeaders only adds headers a response does not already have.
        .insert_header(("X-Frame-Options", "ALLOWALL"))
        .insert_header((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             frame-ancestors *; form-action 'self'; base-uri 'none'",
        ))
        .body(page.render()?))
}

#[derive(Template, WebTemplate)]
#[template(path = "publish/projector.html")]
pub struct ProjectorPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub matches: Vec<MatchView>,
    pub page: usize,
    pub pages: usize,
    pub next: usize,
    pub champion: Option<String>,
    pub seconds: u32,
}

#[derive(Deserialize)]
pub struct ProjectorQuery {
    page: Option<usize>,
}

const PROJECTOR_TABLES: usize = 6;

/// The room's screen: large type, a few tables at a time, moving on to the next ones by
/// itself (a meta refresh, no JavaScript needed).
pub async fn projector(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<ProjectorQuery>,
) -> Result<ProjectorPage, AppError> {
    let view = load_view(&state, &public_id).await?;
    let lang = ctx.lang();
    let mut tables: Vec<MatchView> = rounds(&view, lang)
        .into_iter()
        .flat_map(|r| r.matches)
        .filter(|m| m.playable && m.table.is_some())
        .collect();
    tables.sort_by_key(|m| m.table);
    let pages = tables.len().div_ceil(PROJECTOR_TABLES).max(1);
    let page = query.page.unwrap_or(0) % pages;
    let matches = tables
        .into_iter()
        .skip(page * PROJECTOR_TABLES)
        .take(PROJECTOR_TABLES)
        .collect();
    Ok(ProjectorPage {
        champion: view.champion(),
        event: view.data.event,
        matches,
        page,
        pages,
        next: (page + 1) % pages,
        seconds: 15,
        ctx,
    })
}

// ---------------------------------------------------------------- player page

/// One event a player took part in.
pub struct PlayedEvent {
    pub public_id: String,
    pub name: String,
    pub date: String,
    pub entrant: String,
    pub position: Option<u32>,
    pub wins: u32,
    pub losses: u32,
}

/// The record against one opponent.
pub struct HeadToHead {
    pub opponent: String,
    pub wins: u32,
    pub losses: u32,
}

#[derive(Template, WebTemplate)]
#[template(path = "publish/player.html")]
pub struct PlayerPage {
    pub ctx: PageContext,
    pub name: String,
    /// The linked account's display name: nothing else of the account is shown.
    pub account: Option<String>,
    pub events: Vec<PlayedEvent>,
    pub results: Vec<(String, String, String, bool)>,
    pub head_to_head: Vec<HeadToHead>,
}

/// A player's events (listed ones only), results and head-to-head records.
pub async fn player_page(
    Visit { ctx, state }: Visit,
    player_id: web::Path<i64>,
) -> Result<PlayerPage, AppError> {
    let player_id = player_id.into_inner();
    let lang = ctx.lang();
    let (player, account, views) = state
        .read_found(move |connection| {
            let Some(player) = store_events::player(connection, player_id)? else {
                return Ok(None);
            };
            let account = crate::store::players::linked_account(connection, player_id)?
                .map(|account| account.display_name);
            let mut views = Vec::new();
            for (entrant, event) in store_events::entries_of_player(connection, player_id)? {
                if event.listed {
                    views.push((entrant, EventView::load(connection, event)?));
                }
            }
            Ok(Some((player, account, views)))
        })
        .await?;
    let mut events = Vec::new();
    let mut results = Vec::new();
    let mut h2h: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (entrant, view) in &views {
        let me = EntrantId(entrant.number as u32);
        let position = view
            .standings()
            .last()
            .and_then(|t| t.rows.iter().find(|r| r.entrant == me).map(|r| r.position));
        let (mut wins, mut losses) = (0, 0);
        if let Some(derived) = &view.derived {
            for m in &derived.schedule.matches {
                let Status::Finished(outcome) = &m.status else {
                    continue;
                };
                let mine = [0, 1]
                    .into_iter()
                    .find(|&s| m.sides[s].entrants().contains(&me));
                let Some(side) = mine else { continue };
                let won = outcome.winner().index() == side;
                if won {
                    wins += 1;
                } else {
                    losses += 1;
                }
                let opponent_slot: &Slot = &m.sides[1 - side];
                let opponents: BTreeSet<String> = opponent_slot
                    .entrants()
                    .iter()
                    .flat_map(|e| view.data.entrant_players(*e))
                    .collect();
                for name in &opponents {
                    let entry = h2h.entry(name.clone()).or_default();
                    if won {
                        entry.0 += 1;
                    } else {
                        entry.1 += 1;
                    }
                }
                results.push((
                    view.data.event.name.clone(),
                    Tr::new(lang).msg(&m.key.label_in(view.data.knockout)),
                    view.data.slot_name(opponent_slot, lang),
                    won,
                ));
            }
        }
        events.push(PlayedEvent {
            public_id: view.data.event.public_id.clone(),
            name: view.data.event.name.clone(),
            date: view.data.event.starts_at.format("%Y-%m-%d").to_string(),
            entrant: entrant.label.clone(),
            position,
            wins,
            losses,
        });
    }
    Ok(PlayerPage {
        name: player.name,
        account,
        events,
        results,
        head_to_head: h2h
            .into_iter()
            .map(|(opponent, (wins, losses))| HeadToHead {
                opponent,
                wins,
                losses,
            })
            .collect(),
        ctx,
    })
}

/// The comanda preview with the match's club nicknames (the referee page's live preview).
pub async fn match_comanda_preview(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<crate::web::clubs::ComandaQuery>,
) -> Result<HttpResponse, AppError> {
    let public_id = public_id.into_inner();
    let nicknames = state
        .read_found(move |connection| {
            match crate::store::matches::find_by_public_id(connection, &public_id)? {
                Some(row) => Ok(Some(crate::store::clubs::nicknames_for_match(
                    connection, row.id,
                )?)),
                None => Ok(None),
            }
        })
        .await?;
    Ok(crate::web::clubs::preview_json(
        &ctx,
        &query.text,
        &nicknames,
    ))
}
