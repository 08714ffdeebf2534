//! Published event pages, no login needed: the event page (what matters now: the rounds
//! being played, chosen in `now`, and the top of the standings) and the pages beside it
//! in `pages`, the full rounds, standings, entrants and bracket pages in `full`, the
//! player page in `player` (its rating chart drawn by `chart`), an entrant's own page for
//! the night in `night` (where to sit now and next), the room's screen in
//! `projector`, live updates in `streams` (Server-Sent Events and the live fragment), the
//! exports (CSV, JSON) in `exports`, the calendars (an event's, a club's) in
//! `calendar`; `rounds` words the event's read model for all of them, and `cache` keeps
//! rendered public pages until the database changes. This module holds what they
//! share: loading an event ([`EventVisit`]) and the cache's plumbing.
//!
//! The embed route is the one page that may be framed by other sites: its handler replaces
//! the site-wide `X-Frame-Options: DENY` and `frame-ancestors 'none'` (see
//! `security_headers()` in `web/mod.rs`) with `frame-ancestors *`.

use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;

use super::AppState;
use super::context::{PageContext, Visit, from_visit, path_id};
use super::error::AppError;
use super::i18n::Tr;
use crate::events::view::EventView;
use crate::store::events::{self as store_events, EventRow, EventStatus};
use crate::store::{DbConnection, StoreResult};

pub mod bracket;
mod cache;
pub mod calendar;
mod chart;
pub mod exports;
pub mod full;
pub mod night;
pub mod now;
pub mod pages;
pub mod player;
pub mod projector;
pub mod rounds;
pub mod streams;

pub(super) use cache::{PageCache, PageKey, Rendered};
pub use rounds::{MatchView, RoundView};

/// A public page of one event read whole: the visit and the event the path's `{id}`
/// names (`NotFound` when no event has that public id).
pub struct EventVisit {
    pub ctx: PageContext,
    pub state: web::Data<AppState>,
    pub view: EventView,
}

impl FromRequest for EventVisit {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<EventVisit, AppError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let public_id = path_id(request);
        from_visit(request, payload, |Visit { ctx, state }| async move {
            let (public_id, mut load) = (public_id?, event_view());
            let view = state
                .read_found(move |connection| load(connection, &public_id))
                .await?;
            Ok(EventVisit { ctx, state, view })
        })
    }
}

#[derive(Deserialize)]
pub struct HighlightQuery {
    pub highlight: Option<u32>,
}

impl HighlightQuery {
    /// The cache key of an event's page of `kind` (`e` the page, `f` its live fragment)
    /// as this visitor reads it.
    pub(super) fn key(&self, kind: &'static str, public_id: String, ctx: &PageContext) -> PageKey {
        PageKey {
            highlight: self.highlight,
            ..PageKey::new(kind, public_id, ctx.lang())
        }
    }
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

/// The entity tag of a fragment: its content's hash (the same in every process of one
/// build, so that pages and fragments built apart agree).
pub(super) fn etag(content: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    content.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}

/// A fragment with its entity tag, or "304 Not Modified" when the asker already has it
/// (`If-None-Match`, compared weakly: compression may mark the tag weak).
pub(super) fn tagged_fragment_response(request: &HttpRequest, page: &Rendered) -> HttpResponse {
    let tag = etag(&page.content);
    let known = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == tag || t == "*")
        });
    let mut response = if known {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if known {
        response.finish()
    } else {
        response
            .content_type("text/html; charset=utf-8")
            .body(page.content.clone())
    }
}

/// Kept content with no page around it: a fragment a live page's script swaps in.
pub(super) fn fragment_response(page: &Rendered) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(page.content.clone())
}

/// Whether the event's entrants are single players (an individual night, a two-player
/// game) rather than teams.
pub(super) fn solo(view: &EventView) -> bool {
    view.format()
        .is_some_and(|format| crate::events::solo_entrants(&view.data.event, &format))
}

/// The label of a field that picks an entrant: a team, or a player on an individual night.
pub(super) fn entrant_pick_label(tr: &Tr, solo: bool) -> &'static str {
    tr.t(if solo {
        "event-highlight_player"
    } else {
        "event-highlight"
    })
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

/// A `load` for [`kept_or_built`] that reads the whole event a page's key names.
pub(super) fn event_view()
-> impl FnMut(&mut DbConnection, &str) -> StoreResult<Option<EventView>> + Send + 'static {
    of_event(|connection, event| Ok(Some(EventView::load(connection, event)?)))
}

/// A `load` for [`kept_or_built`] that reads, through `load`, the event a page's key names.
pub(super) fn of_event<T>(
    mut load: impl FnMut(&mut DbConnection, EventRow) -> StoreResult<Option<T>> + Send + 'static,
) -> impl FnMut(&mut DbConnection, &str) -> StoreResult<Option<T>> + Send + 'static {
    move |connection, public_id| match store_events::find_by_public_id(connection, public_id)? {
        Some(event) => load(connection, event),
        None => Ok(None),
    }
}
