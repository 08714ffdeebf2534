//! The full pages behind the event page, each light whatever the event's size: its
//! rounds one at a time, its standings and its entrants a page of rows at a time (both
//! searchable by a plain GET form). The bracket's page is `bracket`'s.

use std::borrow::Borrow;

use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::now::{PAGE_ROWS, Pager, current_rounds, found};
use super::pages::{PlayerLink, entrant_links};
use super::rounds::{RoundView, StandingsView, draw_notes, rounds, standings_views};
use super::{CachedPage, PageKey, Rendered, event_view, kept_or_built};
use crate::events::view::EventView;
use crate::store::events::EventRow;
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::i18n::{TieBreakName, Tr, Worded};

/// Longest search kept: a name, not an essay.
const SEARCH_CHARS: usize = 60;

#[derive(Deserialize)]
pub struct FullQuery {
    pub highlight: Option<u32>,
    pub q: Option<String>,
    pub page: Option<u32>,
    pub round: Option<u32>,
}

impl FullQuery {
    fn key(&self, kind: &'static str, public_id: String, ctx: &PageContext) -> PageKey {
        PageKey {
            highlight: self.highlight,
            part: self.round.or(self.page),
            search: self
                .q
                .as_deref()
                .unwrap_or("")
                .trim()
                .chars()
                .take(SEARCH_CHARS)
                .collect(),
            ..PageKey::new(kind, public_id, ctx.lang())
        }
    }
}

/// The event's page of `kind` as `query` asks for it, built from its read model by
/// `build` and kept like the event page.
async fn full_page(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    kind: &'static str,
    query: &FullQuery,
    build: impl FnOnce(EventView, &PageKey) -> Result<Rendered, AppError>,
) -> Result<HttpResponse, AppError> {
    let key = query.key(kind, public_id.into_inner(), &ctx);
    let page = kept_or_built(&state, key, event_view(), build).await?;
    CachedPage { ctx, page }.respond()
}

/// `?highlight=N&` or nothing: what links between the pages carry.
fn highlight_query(highlight: Option<u32>) -> String {
    highlight.map_or(String::new(), |h| format!("highlight={h}&"))
}

// ---------------------------------------------------------------- rounds

#[derive(Template)]
#[template(path = "publish/rounds_page.html", block = "content")]
pub struct RoundsPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub page_title: String,
    /// Every round's title, for the links between them.
    pub titles: Vec<String>,
    /// 1-based: the round shown.
    pub number: usize,
    pub rounds: Vec<RoundView>,
    pub notes: Vec<String>,
    pub highlight: Option<u32>,
}

impl RoundsPage {
    pub fn round_href(&self, number: impl Borrow<usize>) -> String {
        let number = *number.borrow();
        format!(
            "/e/{}/rounds?{}round={number}",
            self.event.public_id,
            highlight_query(self.highlight)
        )
    }

    pub fn is_current(&self, number: impl Borrow<usize>) -> bool {
        *number.borrow() == self.number
    }
}

/// One round's tables; by default the round being played.
pub async fn rounds_page(
    visit: Visit,
    public_id: web::Path<String>,
    query: web::Query<FullQuery>,
) -> Result<HttpResponse, AppError> {
    full_page(visit, public_id, "r", &query, |view, key| {
        let lang = key.lang;
        let mut all = rounds(&view, lang);
        let number = match key.part {
            Some(asked) => (asked as usize).clamp(1, all.len().max(1)),
            None => current_rounds(&all).first().map_or(1, |i| i + 1),
        };
        let titles = all.iter().map(|r| r.title.clone()).collect();
        let shown = if all.len() >= number {
            vec![all.swap_remove(number - 1)]
        } else {
            Vec::new()
        };
        let ctx = Tr::new(lang);
        let page = RoundsPage {
            page_title: ctx.t("event-rounds").to_string(),
            titles,
            number,
            rounds: shown,
            notes: draw_notes(&view, lang),
            highlight: key.highlight,
            event: view.data.event,
            ctx,
        };
        Rendered::page(format!("{} · {}", page.page_title, page.event.name), &page)
    })
    .await
}

// ---------------------------------------------------------------- standings

#[derive(Template)]
#[template(path = "publish/standings_page.html", block = "content")]
pub struct StandingsPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub page_title: String,
    /// This page's rows, under the titles of their tables.
    pub standings: Vec<StandingsView>,
    /// Tables in the whole standings (titles are shown only when there are several).
    pub table_count: usize,
    pub tie_breaks: Vec<(String, String)>,
    pub search: String,
    pub pager: Pager,
    pub highlight: Option<u32>,
}

/// Every standings row, a page at a time, those of the search's names only.
pub async fn standings_page(
    visit: Visit,
    public_id: web::Path<String>,
    query: web::Query<FullQuery>,
) -> Result<HttpResponse, AppError> {
    full_page(visit, public_id, "t", &query, |view, key| {
        let lang = key.lang;
        let tables = standings_views(&view, lang);
        let table_count = tables.len();
        let total = tables
            .iter()
            .flat_map(|t| &t.rows)
            .filter(|r| found(&r.name, &key.search))
            .count();
        let base = format!(
            "/e/{}/standings?{}{}",
            view.data.event.public_id,
            highlight_query(key.highlight),
            search_query(&key.search)
        );
        let (pager, range) = Pager::new(key.part, total, base);
        let mut index = 0;
        let standings = tables
            .into_iter()
            .filter_map(|mut table| {
                table.rows.retain(|r| {
                    let keep = found(&r.name, &key.search) && range.contains(&index);
                    index += usize::from(found(&r.name, &key.search));
                    keep
                });
                (!table.rows.is_empty()).then_some(table)
            })
            .collect();
        let ctx = Tr::new(lang);
        let page = StandingsPage {
            page_title: ctx.t("event-standings").to_string(),
            standings,
            table_count,
            tie_breaks: tie_break_notes(&view, lang),
            search: key.search.clone(),
            pager,
            highlight: key.highlight,
            event: view.data.event,
            ctx,
        };
        Rendered::page(format!("{} · {}", page.page_title, page.event.name), &page)
    })
    .await
}

/// `q=…&` or nothing.
fn search_query(search: &str) -> String {
    if search.is_empty() {
        String::new()
    } else {
        let encoded: String = url_encode(search);
        format!("q={encoded}&")
    }
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The notes under the standings after the score's: what a round sat out scores (a
/// rotating night), then each tie-break's name and what it counts, in the reader's language.
pub fn tie_break_notes(view: &EventView, lang: crate::lang::Lang) -> Vec<(String, String)> {
    let sit_out = sit_out_of(view).map(|b| {
        let name = Tr::new(lang).t("tournament-sit_out").to_string();
        (name, b.message(lang))
    });
    sit_out
        .into_iter()
        .chain(
            view.tie_breaks()
                .into_iter()
                .map(|t| (t.name(lang).to_string(), t.message(lang).to_string())),
        )
        .collect()
}

/// What a round sat out scores, on a rotating night.
fn sit_out_of(view: &EventView) -> Option<crate::tournament::ByeScore> {
    match view.format() {
        Some(crate::tournament::Format::RotatingPartners(o)) => Some(o.sit_out),
        _ => None,
    }
}

/// What a round sat out scores on a rotating night, as a sentence among the event's facts.
pub fn sit_out_fact(view: &EventView, lang: crate::lang::Lang) -> Option<String> {
    sit_out_of(view).map(|b| Tr::new(lang).msg(&b.fact_msg()))
}

// ---------------------------------------------------------------- entrants

#[derive(Template)]
#[template(path = "publish/entrants_page.html", block = "content")]
pub struct EntrantsPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub page_title: String,
    /// Number, label and players of each entrant of this page.
    pub entrants: Vec<(u32, String, Vec<PlayerLink>)>,
    /// Entrants found by the search (all of them without one).
    pub total: usize,
    pub search: String,
    pub pager: Pager,
    pub solo: bool,
}

impl EntrantsPage {
    pub fn label_is_names(&self, label: &str, players: &[PlayerLink]) -> bool {
        super::pages::label_is_names(label, players)
    }
}

/// The entrants, a page at a time; with a search, those whose name or players' names
/// match it, each a link to the event page with it highlighted.
pub async fn entrants_page(
    visit: Visit,
    public_id: web::Path<String>,
    query: web::Query<FullQuery>,
) -> Result<HttpResponse, AppError> {
    full_page(visit, public_id, "n", &query, |view, key| {
        let solo = super::solo(&view);
        let mut entrants = entrant_links(&view);
        entrants.retain(|(_, label, players)| {
            found(label, &key.search) || players.iter().any(|(_, name)| found(name, &key.search))
        });
        let total = entrants.len();
        let base = format!(
            "/e/{}/entrants?{}",
            view.data.event.public_id,
            search_query(&key.search)
        );
        let (pager, range) = Pager::new(key.part, total, base);
        let entrants = entrants
            .into_iter()
            .skip(range.start)
            .take(PAGE_ROWS)
            .collect();
        let ctx = Tr::new(key.lang);
        let page = EntrantsPage {
            page_title: ctx.t("event-entrants").to_string(),
            entrants,
            total,
            search: key.search.clone(),
            pager,
            solo,
            event: view.data.event,
            ctx,
        };
        Rendered::page(format!("{} · {}", page.page_title, page.event.name), &page)
    })
    .await
}

impl EntrantsPage {
    /// The search field's label: a team, or a player on an individual night.
    pub fn search_label(&self) -> &'static str {
        super::entrant_pick_label(&self.ctx, self.solo)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn searches_are_carried_in_links_encoded() {
        assert_eq!(super::search_query(""), "");
        assert_eq!(super::search_query("Nane & Bepi"), "q=Nane+%26+Bepi&");
        assert_eq!(super::search_query("Mìa"), "q=M%C3%ACa&");
    }
}
