//! Published event pages, no login needed: the event page (bracket, rounds and pairings
//! with live tables, standings with every tie-break explained, results), its live updates
//! (Server-Sent Events), the embeddable bracket, the projector view, the exports (CSV,
//! JSON, iCalendar) and the player page.
//!
//! The embed route is the one page that may be framed by other sites: its handler replaces
//! the site-wide `X-Frame-Options: DENY` and `frame-ancestors 'none'` (see
//! `security_headers()` in `web/mod.rs`) with `frame-ancestors *`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::context::PageContext;
use super::error::AppError;
use super::i18n::Tr;
use super::{csv, ical};
use crate::events::{Derived, EventData, derive_remembered, format_of};
use crate::lang::Lang;
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::matches::MatchStatus;
use crate::store::{DbConnection, StoreResult};
use crate::tournament::{
    EntrantId, Format, Match, Outcome, Side, Slot, Stage, StandingsTable, Status, TieBreak,
    WalkoverReason,
};

mod cache;

pub(super) use cache::{PageCache, PageKey, Rendered};

/// The live state of a table.
#[derive(Debug, Clone, Default)]
pub struct LiveState {
    pub games: [u32; 2],
    pub scores: [u32; 2],
    pub entries: usize,
}

/// An event loaded with everything its pages show.
pub struct EventView {
    pub data: EventData,
    pub derived: Option<Derived>,
    /// By match key.
    pub live: BTreeMap<String, LiveState>,
    /// The standings, computed once per view.
    standings: std::cell::OnceCell<Vec<StandingsTable>>,
    /// The event's format, read once: page titles ask it of every match.
    format: Option<Format>,
}

impl EventView {
    /// Every match log is read through its summary, replayed only when it grew since the
    /// last view (see `crate::events::derive_remembered`).
    pub fn load(connection: &mut DbConnection, event: EventRow) -> StoreResult<EventView> {
        let data = EventData::load(connection, event)?;
        let derived = derive_remembered(connection, &data)?;
        let mut live = BTreeMap::new();
        for row in &data.matches {
            let Some(key) = &row.match_key else { continue };
            let summary = derived.as_ref().and_then(|d| d.summaries.get(&row.id));
            live.insert(
                key.clone(),
                summary.map_or_else(LiveState::default, |summary| LiveState {
                    games: summary.games_won,
                    scores: summary.scores,
                    entries: summary.entries,
                }),
            );
        }
        let format = format_of(&data.event).ok();
        Ok(EventView {
            data,
            derived,
            live,
            standings: std::cell::OnceCell::new(),
            format,
        })
    }

    pub fn format(&self) -> Option<Format> {
        self.format.clone()
    }

    /// The highest round of each stage, to name finals and semifinals.
    fn last_rounds(&self) -> HashMap<Stage, u32> {
        let mut last = HashMap::new();
        if let Some(derived) = &self.derived {
            for m in &derived.schedule.matches {
                let entry = last.entry(m.stage).or_insert(0);
                *entry = (*entry).max(m.round);
            }
        }
        last
    }

    fn round_title(&self, m: &Match, last: &HashMap<Stage, u32>, lang: Lang) -> String {
        let final_round = last.get(&m.stage).copied().unwrap_or(0);
        let knockout = |prefix: &str| {
            if m.round == final_round {
                format!("{prefix}{}", lang.pick("Finale", "Final"))
            } else if m.round + 1 == final_round {
                format!("{prefix}{}", lang.pick("Semifinali", "Semifinals"))
            } else {
                format!("{prefix}{} {}", lang.pick("Turno", "Round"), m.round)
            }
        };
        let group_knockout = m.key.as_str().starts_with("KO ");
        match m.stage {
            Stage::Winners if group_knockout => {
                knockout(lang.pick("Eliminazione · ", "Knockout · "))
            }
            Stage::Winners => {
                if matches!(self.format, Some(Format::DoubleElimination(_))) {
                    format!(
                        "{} · {} {}",
                        lang.pick("Vincenti", "Winners"),
                        lang.pick("turno", "round"),
                        m.round
                    )
                } else {
                    knockout("")
                }
            }
            Stage::Losers => format!(
                "{} · {} {}",
                lang.pick("Perdenti", "Losers"),
                lang.pick("turno", "round"),
                m.round
            ),
            Stage::GrandFinal => lang.pick("Finalissima", "Grand final").to_string(),
            Stage::GrandFinalReset => lang
                .pick("Finalissima (spareggio)", "Grand final (reset)")
                .to_string(),
            Stage::ThirdPlace => lang.pick("Finale 3° posto", "Third place").to_string(),
            Stage::Group(g) => format!(
                "{} {g} · {} {}",
                lang.pick("Girone", "Group"),
                lang.pick("turno", "round"),
                m.round
            ),
            Stage::RoundRobin | Stage::Swiss | Stage::Rotating => {
                format!("{} {}", lang.pick("Turno", "Round"), m.round)
            }
        }
    }

    /// Every match as pages show it, grouped into rounds in play order.
    pub fn rounds(&self, lang: Lang) -> Vec<RoundView> {
        let Some(derived) = &self.derived else {
            return Vec::new();
        };
        let last = self.last_rounds();
        let keyed = self.data.keyed();
        let mut rounds: Vec<RoundView> = Vec::new();
        for m in &derived.schedule.matches {
            let title = self.round_title(m, &last, lang);
            let row = keyed.get(&m.key);
            let view = MatchView {
                key: m.key.to_string(),
                round: m.round,
                label: m.key.label(lang),
                sides: [
                    self.data.slot_name(&m.sides[0], lang),
                    self.data.slot_name(&m.sides[1], lang),
                ],
                entrants: [
                    m.sides[0].entrants().iter().map(|e| e.0).collect(),
                    m.sides[1].entrants().iter().map(|e| e.0).collect(),
                ],
                status_key: status_key(&m.status),
                winner: winner_index(m),
                result: result_text(m, lang),
                table: row.and_then(|r| r.table_number),
                public_id: row.map(|r| r.public_id.clone()),
                match_id: row.map(|r| r.id),
                live: self.live.get(m.key.as_str()).cloned(),
                conflict: matches!(m.status, Status::Conflict { .. }),
                playable: matches!(m.status, Status::Ready | Status::InProgress),
                forfeit: row.is_some_and(|r| r.status() == MatchStatus::Forfeit),
                stage_elimination: matches!(
                    m.stage,
                    Stage::Winners
                        | Stage::Losers
                        | Stage::GrandFinal
                        | Stage::GrandFinalReset
                        | Stage::ThirdPlace
                ),
            };
            match rounds.iter_mut().find(|r| r.title == title) {
                Some(round) => round.matches.push(view),
                None => rounds.push(RoundView {
                    title,
                    matches: vec![view],
                }),
            }
        }
        rounds
    }

    /// The bracket: the elimination rounds as columns.
    pub fn bracket(&self, lang: Lang, highlight: Option<u32>) -> Bracket {
        self.bracket_of(&self.rounds(lang), lang, highlight)
    }

    /// The bracket of rounds already built by [`EventView::rounds`] (pages that show both
    /// build them once).
    pub fn bracket_of(&self, rounds: &[RoundView], lang: Lang, highlight: Option<u32>) -> Bracket {
        let columns = rounds
            .iter()
            .filter(|r| r.matches.iter().all(|m| m.stage_elimination))
            .cloned()
            .collect();
        Bracket {
            columns,
            highlight,
            champion: self.champion(),
            champion_label: lang.pick("Campioni", "Champions").to_string(),
            table_label: lang.pick("Tavolo", "Table").to_string(),
            region_label: Tr::new(lang).t("event-bracket").to_string(),
        }
    }

    /// The winner, once every match is decided.
    pub fn champion(&self) -> Option<String> {
        let derived = self.derived.as_ref()?;
        if !derived.schedule.complete {
            return None;
        }
        let standings = self.standings();
        let table = standings.last()?;
        let first = table.rows.first()?;
        Some(self.data.entrant_name(first.entrant))
    }

    pub fn standings(&self) -> Vec<StandingsTable> {
        self.standings
            .get_or_init(|| {
                self.derived
                    .as_ref()
                    .map(|d| d.tournament.standings_of(&d.schedule).tables)
                    .unwrap_or_default()
            })
            .clone()
    }

    /// The tie-break chain of the format.
    pub fn tie_breaks(&self) -> Vec<TieBreak> {
        match self.format() {
            Some(Format::RoundRobin(o)) => o.tie_breaks,
            Some(Format::GroupsThenKnockout(o)) => o.tie_breaks,
            Some(Format::Swiss(o)) => o.tie_breaks,
            Some(Format::RotatingPartners(o)) => o.tie_breaks,
            _ => Vec::new(),
        }
    }

    /// Draw notes (Swiss pairings, rotating-partner reports) in words.
    pub fn notes(&self, lang: Lang) -> Vec<String> {
        let Some(derived) = &self.derived else {
            return Vec::new();
        };
        let name = |e: EntrantId| self.data.entrant_name(e);
        let mut out = Vec::new();
        for note in &derived.schedule.notes {
            match note {
                crate::tournament::DrawNotes::Swiss(round) => {
                    for n in &round.notes {
                        out.push(format!(
                            "{} {}: {}",
                            lang.pick("Turno", "Round"),
                            round.round,
                            n.message_with(lang, &name)
                        ));
                    }
                }
                crate::tournament::DrawNotes::Rotating(report) => {
                    out.extend(super::rotation::report_lines(report, lang, &name))
                }
            }
        }
        out
    }

    pub fn standings_views(&self, lang: Lang) -> Vec<StandingsView> {
        self.standings()
            .into_iter()
            .map(|table| StandingsView {
                title: table.title.message(lang),
                columns: table
                    .rows
                    .first()
                    .map(|r| {
                        r.tie_breaks
                            .iter()
                            .map(|(t, _)| t.name(lang).to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
                rows: table
                    .rows
                    .iter()
                    .map(|r| StandingLine {
                        position: r.position,
                        number: r.entrant.0,
                        name: self.data.entrant_name(r.entrant),
                        played: r.played,
                        wins: r.wins,
                        losses: r.losses,
                        byes: r.byes,
                        score: r.score,
                        eliminated: r.eliminated,
                        tie_breaks: r.tie_breaks.iter().map(|(_, v)| *v).collect(),
                    })
                    .collect(),
            })
            .collect()
    }
}

pub struct StandingsView {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<StandingLine>,
}

pub struct StandingLine {
    pub position: u32,
    pub number: u32,
    pub name: String,
    pub played: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    pub score: i64,
    pub eliminated: bool,
    pub tie_breaks: Vec<i64>,
}

/// A match as the pages show it.
#[derive(Debug, Clone)]
pub struct MatchView {
    pub key: String,
    /// Round within its stage, from 1.
    pub round: u32,
    /// The key as the reader reads it (`key` stays for anchors and forms).
    pub label: String,
    pub sides: [String; 2],
    /// Entrant numbers on each side (for highlighting).
    pub entrants: [Vec<u32>; 2],
    pub status_key: &'static str,
    /// 0 or 1 once decided.
    pub winner: Option<usize>,
    pub result: String,
    pub table: Option<i32>,
    pub public_id: Option<String>,
    pub match_id: Option<i64>,
    pub live: Option<LiveState>,
    pub conflict: bool,
    pub playable: bool,
    pub forfeit: bool,
    pub stage_elimination: bool,
}

impl MatchView {
    pub fn has(&self, side: usize, highlight: &Option<u32>) -> bool {
        highlight.is_some_and(|h| self.entrants[side].contains(&h))
    }

    pub fn is_winner(&self, side: usize) -> bool {
        self.winner == Some(side)
    }

    /// The key as an HTML id.
    pub fn anchor(&self) -> String {
        self.key.replace(' ', "-")
    }

    /// "games (points)" while being played.
    pub fn live_line(&self) -> Option<String> {
        let live = self.live.as_ref()?;
        (live.entries > 0 && self.winner.is_none()).then(|| {
            format!(
                "{}–{} ({}–{})",
                live.games[0], live.games[1], live.scores[0], live.scores[1]
            )
        })
    }
}

#[derive(Debug, Clone)]
pub struct RoundView {
    pub title: String,
    pub matches: Vec<MatchView>,
}

/// The bracket: elimination rounds as columns, rendered as HTML that scrolls sideways on
/// a phone (see `templates/events/bracket.html`).
pub struct Bracket {
    pub columns: Vec<RoundView>,
    pub highlight: Option<u32>,
    pub champion: Option<String>,
    pub champion_label: String,
    pub table_label: String,
    /// Names the scrolling region for screen readers.
    pub region_label: String,
}

pub fn status_key(status: &Status) -> &'static str {
    match status {
        Status::Waiting => "event-status_waiting",
        Status::Ready => "event-status_ready",
        Status::InProgress => "event-status_in_progress",
        Status::Finished(Outcome::Forfeit { .. }) => "event-status_forfeit",
        Status::Finished(_) => "event-status_finished",
        Status::Walkover {
            reason: WalkoverReason::Bye,
            ..
        } => "event-status_bye",
        Status::Walkover { .. } => "event-status_walkover",
        Status::Void => "event-status_void",
        Status::Conflict { .. } => "event-status_conflict",
    }
}

fn winner_index(m: &Match) -> Option<usize> {
    match &m.status {
        Status::Finished(outcome) => Some(outcome.winner().index()),
        Status::Walkover { winner, .. } => Some(winner.index()),
        _ => None,
    }
}

fn result_text(m: &Match, lang: Lang) -> String {
    match &m.status {
        Status::Finished(Outcome::Played { games, points, .. }) => format!(
            "{}–{} ({} {}–{})",
            games[0],
            games[1],
            lang.pick("punti", "points"),
            points[0],
            points[1]
        ),
        Status::Finished(Outcome::Forfeit { .. }) => lang.pick("a tavolino", "forfeit").to_string(),
        _ => String::new(),
    }
}

pub(super) async fn load_view(state: &AppState, public_id: &str) -> Result<EventView, AppError> {
    let public_id = public_id.to_string();
    state
        .read(
            move |connection| match store_events::find_by_public_id(connection, &public_id)? {
                Some(event) => Ok(Some(EventView::load(connection, event)?)),
                None => Ok(None),
            },
        )
        .await?
        .ok_or(AppError::NotFound)
}

// ---------------------------------------------------------------- the event page

#[derive(Deserialize)]
pub struct HighlightQuery {
    highlight: Option<u32>,
}

/// A public page whose content came from the [`PageCache`] or was just rendered for it:
/// the visitor's header around the kept content.
#[derive(Template)]
#[template(path = "cached_page.html")]
pub struct CachedPage {
    pub ctx: PageContext,
    pub page: Arc<Rendered>,
}

impl CachedPage {
    /// The page as a response, written into a buffer sized for the kept content (most
    /// of the page) rather than grown, and copied, step by step.
    pub fn respond(&self) -> Result<HttpResponse, AppError> {
        let mut out = String::with_capacity(self.page.content.len() + 4096);
        self.render_into(&mut out)?;
        Ok(HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .body(out))
    }
}

impl Rendered {
    /// The content block of a page with its title.
    pub fn page(title: String, content: &impl Template) -> Result<Rendered, AppError> {
        Ok(Rendered {
            title,
            content: content.render()?,
        })
    }

    /// A fragment, which has no page around it and so no title.
    pub fn fragment(fragment: &impl Template) -> Result<Rendered, AppError> {
        Rendered::page(String::new(), fragment)
    }
}

/// Kept content with no page around it: a fragment a live page's script swaps in.
pub(super) fn fragment_response(page: &Rendered) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page.content.clone())
}

/// The content of the event page, the same for every visitor who reads it in one
/// language (the header with the visitor's account is [`CachedPage`]'s).
#[derive(Template)]
#[template(path = "events/public.html", block = "content")]
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
    pub entrants: Vec<(u32, String, String)>,
    pub highlight: Option<u32>,
    /// The game and its options in words.
    pub game_line: String,
}

impl EventPage {
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

pub fn event_status_key(status: EventStatus) -> &'static str {
    match status {
        EventStatus::Setup => "event-state_setup",
        EventStatus::Running => "event-state_running",
        EventStatus::Finished => "event-state_finished",
    }
}

/// What a public page's read found: its content kept in this generation, or what to
/// build it from.
enum Found<T> {
    Kept(Arc<Rendered>),
    Load(T),
    Nothing,
}

/// A public page's content: kept in the [`PageCache`] in this generation, or else built
/// by `build` from what `load` reads of `key.public_id` (`None`: no such page), and kept.
/// The generation is read before the rows, in the same read: read after them, a commit
/// in between would keep a page built from older rows under the newer generation.
pub(super) async fn kept_or_built<T: Send + 'static>(
    state: &web::Data<AppState>,
    key: PageKey,
    mut load: impl FnMut(&mut DbConnection, &str) -> StoreResult<Option<T>> + Send + 'static,
    build: impl FnOnce(T, &PageKey) -> Result<Rendered, AppError>,
) -> Result<Arc<Rendered>, AppError> {
    let cache = PageCache::of(state);
    let (generation, found) = {
        let (cache, key) = (cache.clone(), key.clone());
        state
            .read(move |connection| {
                let generation = cache.generation(connection);
                if let Some(page) = generation.and_then(|g| cache.get(&key, g)) {
                    return Ok((generation, Found::Kept(page)));
                }
                let found = load(connection, &key.public_id)?.map_or(Found::Nothing, Found::Load);
                Ok((generation, found))
            })
            .await?
    };
    let page = match found {
        Found::Kept(page) => return Ok(page),
        Found::Load(loaded) => Arc::new(build(loaded, &key)?),
        Found::Nothing => return Err(AppError::NotFound),
    };
    if let Some(generation) = generation {
        cache.put(key, generation, page.clone());
    }
    Ok(page)
}

/// A `load` for [`kept_or_built`] that reads, through `load`, the event a page's key names.
fn of_event<T>(
    mut load: impl FnMut(&mut DbConnection, EventRow) -> StoreResult<Option<T>> + Send + 'static,
) -> impl FnMut(&mut DbConnection, &str) -> StoreResult<Option<T>> + Send + 'static {
    move |connection, public_id| match store_events::find_by_public_id(connection, public_id)? {
        Some(event) => load(connection, event),
        None => Ok(None),
    }
}

pub async fn event_page(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey {
        kind: "e",
        public_id: public_id.into_inner(),
        lang: ctx.lang(),
        highlight: query.highlight,
    };
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
        let game_line = super::events::game_line(&ctx, &view.data.event);
        let rounds = view.rounds(lang);
        let body = EventPage {
            bracket: view.bracket_of(&rounds, lang, key.highlight),
            rounds,
            standings: view.standings_views(lang),
            tie_breaks: view
                .tie_breaks()
                .into_iter()
                .map(|t| (t.name(lang).to_string(), t.message(lang).to_string()))
                .collect(),
            notes: view.notes(lang),
            entrants: view
                .data
                .entrants
                .iter()
                .map(|e| {
                    let players = view
                        .data
                        .entrant_players(EntrantId(e.number as u32))
                        .join(" · ");
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

#[derive(Template)]
#[template(path = "events/live_fragment.html")]
pub struct LiveFragment {
    pub ctx: Tr,
    pub rounds: Vec<RoundView>,
    pub highlight: Option<u32>,
}

/// Just the rounds and tables, for the event page's script to swap in. Every open event
/// page asks for it after each change, all at once: it is kept like the page.
pub async fn live_fragment(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey {
        kind: "f",
        public_id: public_id.into_inner(),
        lang: ctx.lang(),
        highlight: query.highlight,
    };
    let load = of_event(|connection, event| Ok(Some(EventView::load(connection, event)?)));
    let page = kept_or_built(&state, key, load, |view, key| {
        let fragment = LiveFragment {
            rounds: view.rounds(key.lang),
            highlight: key.highlight,
            ctx: Tr::new(key.lang),
        };
        Rendered::fragment(&fragment)
    })
    .await?;
    Ok(fragment_response(&page))
}

/// Server-Sent Events: `update` whenever a match of the event changes.
pub async fn event_stream(
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let public_id = public_id.into_inner();
    let event = state
        .read(move |connection| store_events::find_by_public_id(connection, &public_id))
        .await?
        .ok_or(AppError::NotFound)?;
    let event_id = event.id;
    let receiver = state.updates.subscribe();
    let watched = state.clone();
    let first = Bytes::from_static(b"retry: 3000\nevent: update\ndata: start\n\n");
    let stream = futures_util::stream::unfold(
        (receiver, Some(first), watched),
        move |(mut receiver, pending, state)| async move {
            if let Some(bytes) = pending {
                return Some((Ok::<_, actix_web::Error>(bytes), (receiver, None, state)));
            }
            loop {
                let next =
                    actix_web::rt::time::timeout(Duration::from_secs(20), receiver.recv()).await;
                match next {
                    Err(_) => {
                        return Some((
                            Ok(Bytes::from_static(b": keep-alive\n\n")),
                            (receiver, None, state),
                        ));
                    }
                    // Any match may have changed unheard: the page reads its tables again.
                    Ok(Ok(super::EVERY_MATCH)) => {
                        return Some((
                            Ok(Bytes::from_static(b"event: update\ndata: ?\n\n")),
                            (receiver, None, state),
                        ));
                    }
                    Ok(Ok(changed)) => {
                        let belongs = state
                            .read(move |connection| {
                                Ok(store_events::event_match(connection, changed)?
                                    .and_then(|m| m.event_id)
                                    == Some(event_id))
                            })
                            .await
                            .unwrap_or(false);
                        if belongs {
                            let event = Bytes::from(format!("event: update\ndata: {changed}\n\n"));
                            return Some((Ok(event), (receiver, None, state)));
                        }
                    }
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                        return Some((
                            Ok(Bytes::from_static(b"event: update\ndata: ?\n\n")),
                            (receiver, None, state),
                        ));
                    }
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Closed)) => return None,
                }
            }
        },
    );
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}

// ---------------------------------------------------------------- embed and projector

#[derive(Template)]
#[template(path = "events/embed.html")]
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
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let view = load_view(&state, &public_id).await?;
    let lang = ctx.lang();
    let rounds = view.rounds(lang);
    let page = EmbedPage {
        bracket: view.bracket_of(&rounds, lang, query.highlight),
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
#[template(path = "events/projector.html")]
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
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<ProjectorQuery>,
) -> Result<ProjectorPage, AppError> {
    let view = load_view(&state, &public_id).await?;
    let lang = ctx.lang();
    let mut tables: Vec<MatchView> = view
        .rounds(lang)
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

// ---------------------------------------------------------------- exports

#[derive(Deserialize)]
pub struct ExportPath {
    id: String,
    file: String,
}

/// `standings.csv`, `standings.json`, `results.csv`, `results.json`, `schedule.ics`.
pub async fn export(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<ExportPath>,
) -> Result<HttpResponse, AppError> {
    let view = load_view(&state, &path.id).await?;
    let lang = ctx.lang();
    let slug = &view.data.event.public_id;
    let download = |content_type: &str, name: &str, body: String| {
        HttpResponse::Ok()
            .content_type(content_type.to_string())
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{slug}-{name}\""),
            ))
            .body(body)
    };
    match path.file.as_str() {
        "standings.csv" => {
            let mut out = String::new();
            for table in view.standings_views(lang) {
                let mut head = vec![
                    "table".to_string(),
                    "position".into(),
                    "entrant".into(),
                    "name".into(),
                    "played".into(),
                    "wins".into(),
                    "losses".into(),
                    "byes".into(),
                    "score".into(),
                    "eliminated".into(),
                ];
                head.extend(table.columns.iter().cloned());
                out.push_str(&csv::line(&head));
                for row in &table.rows {
                    let mut line = vec![
                        table.title.clone(),
                        row.position.to_string(),
                        row.number.to_string(),
                        row.name.clone(),
                        row.played.to_string(),
                        row.wins.to_string(),
                        row.losses.to_string(),
                        row.byes.to_string(),
                        row.score.to_string(),
                        row.eliminated.to_string(),
                    ];
                    line.extend(row.tie_breaks.iter().map(|v| v.to_string()));
                    out.push_str(&csv::line(&line));
                }
            }
            Ok(download("text/csv; charset=utf-8", "standings.csv", out))
        }
        "standings.json" => {
            let tables: Vec<serde_json::Value> = view
                .standings()
                .iter()
                .map(|table| {
                    serde_json::json!({
                        "title": table.title.message(lang),
                        "rows": table.rows.iter().map(|r| serde_json::json!({
                            "position": r.position,
                            "entrant": r.entrant.0,
                            "name": view.data.entrant_name(r.entrant),
                            "players": view.data.entrant_players(r.entrant),
                            "seed": r.seed,
                            "played": r.played,
                            "wins": r.wins,
                            "losses": r.losses,
                            "byes": r.byes,
                            "score": r.score,
                            "eliminated": r.eliminated,
                            "tie_breaks": r.tie_breaks.iter().map(|(t, v)| serde_json::json!({
                                "key": t.key(), "name": t.name(lang), "value": v,
                                "explanation": t.message(lang),
                            })).collect::<Vec<_>>(),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let body = serde_json::json!({
                "event": view.data.event.name,
                "champion": view.champion(),
                "tables": tables,
            });
            Ok(download(
                "application/json",
                "standings.json",
                body.to_string(),
            ))
        }
        "results.csv" => {
            let mut out = csv::line(&[
                "stage", "round", "match", "table", "side_a", "side_b", "status", "winner",
                "games_a", "games_b", "points_a", "points_b",
            ]);
            for m in results_rows(&view) {
                let (winner, games, points) = outcome_fields(m);
                out.push_str(&csv::line(&[
                    stage_code(m.stage),
                    m.round.to_string(),
                    m.key.to_string(),
                    view.data
                        .keyed()
                        .get(&m.key)
                        .and_then(|r| r.table_number)
                        .map(|t| t.to_string())
                        .unwrap_or_default(),
                    view.data.slot_name(&m.sides[0], lang),
                    view.data.slot_name(&m.sides[1], lang),
                    status_word(&m.status).to_string(),
                    winner,
                    games[0].clone(),
                    games[1].clone(),
                    points[0].clone(),
                    points[1].clone(),
                ]));
            }
            Ok(download("text/csv; charset=utf-8", "results.csv", out))
        }
        "results.json" => {
            let rows: Vec<serde_json::Value> = results_rows(&view)
                .iter()
                .map(|m| {
                    let (winner, games, points) = outcome_fields(m);
                    serde_json::json!({
                        "stage": stage_code(m.stage),
                        "round": m.round,
                        "match": m.key.to_string(),
                        "sides": [view.data.slot_name(&m.sides[0], lang), view.data.slot_name(&m.sides[1], lang)],
                        "status": status_word(&m.status),
                        "winner": winner,
                        "games": games,
                        "points": points,
                    })
                })
                .collect();
            Ok(download(
                "application/json",
                "results.json",
                serde_json::json!({ "event": view.data.event.name, "matches": rows }).to_string(),
            ))
        }
        "schedule.ics" => {
            let event = &view.data.event;
            let club_id = event.club_id;
            let club = state
                .read(move |connection| crate::store::clubs::find(connection, club_id))
                .await?
                .ok_or(AppError::NotFound)?;
            // The event's time is a wall-clock time in its zone; a calendar wants the
            // instant, written in UTC (RFC 5545's form with a final Z).
            let zone = crate::zone::of_event(event.time_zone.as_deref(), &club.time_zone)
                .map_err(|error| AppError::Store(crate::store::StoreError::Corrupt(error)))?;
            let starts = crate::zone::to_utc(event.starts_at, zone);
            let url = state.link(&format!("/e/{}", event.public_id));
            let mut entries = vec![ical::CalendarEvent {
                uid: format!("event-{}@segnapunti", event.public_id),
                start: starts,
                end: starts + chrono::Duration::hours(4),
                summary: event.name.clone(),
                location: event.venue.clone(),
                description: String::new(),
                url: url.clone(),
            }];
            // The drawn matches, each as a slot of an hour from its creation (the round's
            // start), so a phone's calendar shows the pairings.
            for row in view.data.matches.iter().filter(|m| m.match_key.is_some()) {
                let start = row.created_at.max(starts);
                entries.push(ical::CalendarEvent {
                    uid: format!("match-{}@segnapunti", row.public_id),
                    start,
                    end: start + chrono::Duration::hours(1),
                    summary: crate::events::title_text(&row.title, lang),
                    location: match row.table_number {
                        Some(t) => {
                            format!("{} · {} {t}", event.venue, lang.pick("tavolo", "table"))
                        }
                        None => event.venue.clone(),
                    },
                    description: row.players().join(", "),
                    url: state.link(&format!("/m/{}", row.public_id)),
                });
            }
            let body = ical::calendar(&event.name, crate::store::now(), &entries);
            Ok(HttpResponse::Ok()
                .content_type("text/calendar; charset=utf-8")
                .insert_header((
                    header::CONTENT_DISPOSITION,
                    format!("inline; filename=\"{slug}.ics\""),
                ))
                .body(body))
        }
        _ => Err(AppError::NotFound),
    }
}

fn results_rows(view: &EventView) -> &[Match] {
    view.derived
        .as_ref()
        .map_or(&[], |derived| &derived.schedule.matches)
}

/// The stage as a data file names it: a fixed code in either language, like the
/// status column ("group_2", not Rust's "Group(2)").
fn stage_code(stage: Stage) -> String {
    match stage {
        Stage::Winners => "winners".into(),
        Stage::Losers => "losers".into(),
        Stage::GrandFinal => "grand_final".into(),
        Stage::GrandFinalReset => "grand_final_reset".into(),
        Stage::ThirdPlace => "third_place".into(),
        Stage::RoundRobin => "round_robin".into(),
        Stage::Group(number) => format!("group_{number}"),
        Stage::Swiss => "swiss".into(),
        Stage::Rotating => "rotating".into(),
    }
}

fn outcome_fields(m: &Match) -> (String, [String; 2], [String; 2]) {
    let side = |s: Side| if s == Side::A { "A" } else { "B" }.to_string();
    match &m.status {
        Status::Finished(Outcome::Played {
            winner,
            games,
            points,
        }) => (
            side(*winner),
            [games[0].to_string(), games[1].to_string()],
            [points[0].to_string(), points[1].to_string()],
        ),
        Status::Finished(Outcome::Forfeit { winner }) | Status::Walkover { winner, .. } => {
            (side(*winner), Default::default(), Default::default())
        }
        _ => (String::new(), Default::default(), Default::default()),
    }
}

fn status_word(status: &Status) -> &'static str {
    match status {
        Status::Waiting => "waiting",
        Status::Ready => "ready",
        Status::InProgress => "in_progress",
        Status::Finished(Outcome::Forfeit { .. }) => "forfeit",
        Status::Finished(_) => "finished",
        Status::Walkover { .. } => "walkover",
        Status::Void => "void",
        Status::Conflict { .. } => "conflict",
    }
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
#[template(path = "events/player.html")]
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
    ctx: PageContext,
    state: web::Data<AppState>,
    player_id: web::Path<i64>,
) -> Result<PlayerPage, AppError> {
    let player_id = player_id.into_inner();
    let lang = ctx.lang();
    let (player, account, views) = state
        .read(move |connection| {
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
        .await?
        .ok_or(AppError::NotFound)?;
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
                    m.key.label(lang),
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
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<super::clubs::ComandaQuery>,
) -> Result<HttpResponse, AppError> {
    let public_id = public_id.into_inner();
    let nicknames = state
        .read(move |connection| {
            match crate::store::matches::find_by_public_id(connection, &public_id)? {
                Some(row) => Ok(Some(crate::store::clubs::nicknames_for_match(
                    connection, row.id,
                )?)),
                None => Ok(None),
            }
        })
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(super::clubs::preview_json(&ctx, &query.text, &nicknames))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_files_name_stages_by_fixed_codes() {
        let stages = [
            Stage::Winners,
            Stage::Losers,
            Stage::GrandFinal,
            Stage::GrandFinalReset,
            Stage::ThirdPlace,
            Stage::RoundRobin,
            Stage::Group(1),
            Stage::Group(12),
            Stage::Swiss,
            Stage::Rotating,
        ];
        let codes: Vec<String> = stages.into_iter().map(stage_code).collect();
        assert_eq!(codes[7], "group_12");
        for code in &codes {
            assert!(
                code.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{code}"
            );
        }
        let distinct: std::collections::HashSet<&String> = codes.iter().collect();
        assert_eq!(distinct.len(), codes.len());
    }

    #[derive(Template)]
    #[template(source = "{% include \"events/bracket.html\" %}", ext = "html")]
    struct BracketOnly {
        bracket: Bracket,
    }

    fn view(key: &str, sides: [&str; 2], entrants: [u32; 2], winner: Option<usize>) -> MatchView {
        MatchView {
            round: 1,
            key: key.into(),
            label: crate::tournament::MatchKey::new(key).label(Lang::It),
            sides: [sides[0].into(), sides[1].into()],
            entrants: [vec![entrants[0]], vec![entrants[1]]],
            status_key: "event-status_finished",
            winner,
            result: "1–0".into(),
            table: Some(1),
            public_id: Some("abc".into()),
            match_id: Some(1),
            live: None,
            conflict: false,
            playable: false,
            forfeit: false,
            stage_elimination: true,
        }
    }

    #[test]
    fn the_bracket_renders_columns_winners_highlight_and_escapes_names() {
        let bracket = Bracket {
            columns: vec![
                RoundView {
                    title: "Semifinali".into(),
                    matches: vec![
                        view("W R1 M1", ["<b>Bepi</b>", "Toni"], [1, 4], Some(0)),
                        view("W R1 M2", ["Nane", "Gigio"], [2, 3], Some(1)),
                    ],
                },
                RoundView {
                    title: "Finale".into(),
                    matches: vec![view("W R2 M1", ["<b>Bepi</b>", "Gigio"], [1, 3], Some(1))],
                },
            ],
            highlight: Some(3),
            champion: Some("Gigio".into()),
            champion_label: "Campioni".into(),
            table_label: "Tavolo".into(),
            region_label: "Tabellone".into(),
        };
        let html = BracketOnly { bracket }.render().unwrap();
        assert_eq!(html.matches("class=\"bracket-column\"").count(), 2);
        assert!(html.contains("&#60;b&#62;Bepi&#60;/b&#62;") || html.contains("&lt;b&gt;Bepi"));
        assert!(!html.contains("<b>Bepi"));
        assert_eq!(html.matches("side winner").count(), 3);
        assert_eq!(html.matches("highlighted").count(), 2, "{html}");
        assert!(html.contains("Campioni"));
        assert!(html.contains("aria-label=\"Tabellone\""));
        assert!(html.contains("Gigio"));
    }
}
