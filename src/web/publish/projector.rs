//! The club room's screen (`/e/{id}/projector`): one view at a time in type read from
//! the back of the room — the tables being played with their scores, the standings,
//! the plan of the tables about to start — moving on to the next view by itself.
//! Without JavaScript a meta refresh (inside `<noscript>`) loads the next view's URL
//! (`?view=…&page=…`); `static/projector.js` swaps the next view in without a reload.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::EventVisit;
use super::rounds::{MatchView, StandingLine, rounds, standings_views};
use crate::store::events::EventRow;
use crate::web::context::PageContext;
use crate::web::error::AppError;

/// Tables on one view of live tables or of the plan.
const TABLES_PER_VIEW: usize = 6;
/// Standings rows on one view.
const ROWS_PER_VIEW: usize = 8;
/// How long a view stays up.
const SECONDS: u32 = 15;

/// What a view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Tables being played, with their scores.
    Tables,
    /// The standings, a page of rows at a time.
    Standings,
    /// The tables about to start: who sits where.
    Plan,
}

impl Kind {
    fn parse(text: &str) -> Option<Kind> {
        match text {
            "tables" => Some(Kind::Tables),
            "standings" => Some(Kind::Standings),
            "plan" => Some(Kind::Plan),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Tables => "tables",
            Kind::Standings => "standings",
            Kind::Plan => "plan",
        }
    }

    pub fn title_key(self) -> &'static str {
        match self {
            Kind::Tables => "projector-tables",
            Kind::Standings => "projector-standings",
            Kind::Plan => "projector-plan",
        }
    }
}

/// A round's tables on one view, under the round's title: a night drawn whole plans
/// several rounds at the same tables.
pub struct RoundTables {
    pub title: String,
    pub matches: Vec<MatchView>,
}

#[derive(Template, WebTemplate)]
#[template(path = "publish/projector.html")]
pub struct ProjectorPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub kind: Kind,
    /// The live tables or the plan's tables on this view, round by round.
    pub rounds: Vec<RoundTables>,
    /// The standings' title and rows on this view.
    pub standings_title: String,
    pub rows: Vec<StandingLine>,
    /// This view's place in the cycle, from 1, and the cycle's length.
    pub place: usize,
    pub places: usize,
    /// The next view's URL.
    pub next: String,
    pub champion: Option<String>,
    pub seconds: u32,
}

#[derive(Deserialize)]
pub struct ProjectorQuery {
    view: Option<String>,
    page: Option<usize>,
}

/// How many lines of the screen a view of tables fills at most: a table takes two (its
/// sides), a round's heading one, so that a 1280×800 screen never scrolls.
const LINES_PER_VIEW: usize = TABLES_PER_VIEW * 2;

/// Tables (by round index, in order) cut into the views that show them: each view
/// starts with its round's heading and holds at most [`LINES_PER_VIEW`] lines.
fn table_pages(tables: &[(usize, MatchView)]) -> Vec<std::ops::Range<usize>> {
    let rounds: Vec<usize> = tables.iter().map(|(round, _)| *round).collect();
    pages_of_rounds(&rounds)
}

/// [`table_pages`] of tables given by their rounds' indices.
fn pages_of_rounds(tables: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut pages = Vec::new();
    let (mut start, mut used, mut round_shown) = (0, 0, None);
    for (index, round) in tables.iter().enumerate() {
        let mut cost = 2 + usize::from(round_shown != Some(*round));
        if used + cost > LINES_PER_VIEW && index > start {
            pages.push(start..index);
            (start, used) = (index, 0);
            cost = 3;
        }
        used += cost;
        round_shown = Some(*round);
    }
    if start < tables.len() {
        pages.push(start..tables.len());
    }
    pages
}

/// The views of the cycle, in order: (kind, page).
fn cycle(live: usize, standings: usize, plan: usize) -> Vec<(Kind, usize)> {
    let mut views: Vec<(Kind, usize)> = (0..live).map(|page| (Kind::Tables, page)).collect();
    views.extend((0..standings.div_ceil(ROWS_PER_VIEW)).map(|page| (Kind::Standings, page)));
    views.extend((0..plan).map(|page| (Kind::Plan, page)));
    if views.is_empty() {
        views.push((Kind::Tables, 0));
    }
    views
}

/// The view asked for (an unknown one, or a page past the end, gives the nearest there
/// is: a screen left on an old URL keeps cycling).
fn place_of(views: &[(Kind, usize)], kind: Kind, page: usize) -> usize {
    views
        .iter()
        .position(|&view| view == (kind, page))
        .or_else(|| views.iter().position(|&(k, _)| k == kind))
        .unwrap_or(0)
}

pub async fn projector(
    EventVisit { ctx, view, .. }: EventVisit,
    query: web::Query<ProjectorQuery>,
) -> Result<ProjectorPage, AppError> {
    let lang = ctx.lang();
    let all = rounds(&view, lang);
    let titles: Vec<String> = all.iter().map(|r| r.title.clone()).collect();
    // Tables by round in play order (its index in `titles`), then by number.
    let mut tables: Vec<(usize, MatchView)> = all
        .into_iter()
        .enumerate()
        .flat_map(|(round, r)| r.matches.into_iter().map(move |m| (round, m)))
        .filter(|(_, m)| m.playable && m.table.is_some())
        .collect();
    tables.sort_by_key(|(round, m)| (*round, m.table));
    // A table is being played once its referee has written something on it.
    let (live, plan): (Vec<_>, Vec<_>) = tables
        .into_iter()
        .partition(|(_, m)| m.live.as_ref().is_some_and(|live| live.entries > 0));
    // Standings once play has begun: before, a table of zeros tells the room nothing
    // and would keep the plan (where to sit) off the screen.
    let begun = !live.is_empty();
    let standings = standings_views(&view, lang)
        .into_iter()
        .last()
        .filter(|table| begun || table.rows.iter().any(|row| row.played > 0));
    let standing_rows = standings.as_ref().map_or(0, |table| table.rows.len());
    let (live_pages, plan_pages) = (table_pages(&live), table_pages(&plan));
    let views = cycle(live_pages.len(), standing_rows, plan_pages.len());
    let kind = query
        .view
        .as_deref()
        .and_then(Kind::parse)
        .unwrap_or(Kind::Tables);
    let place = place_of(&views, kind, query.page.unwrap_or(0));
    let (kind, page) = views[place];
    let (next_kind, next_page) = views[(place + 1) % views.len()];
    let shown = |list: Vec<(usize, MatchView)>, pages: &[std::ops::Range<usize>]| {
        let range = pages.get(page).cloned().unwrap_or_default();
        by_round(
            list.into_iter().skip(range.start).take(range.len()),
            &titles,
        )
    };
    let (rounds, standings_title, rows) = match (kind, standings) {
        (Kind::Tables, _) => (shown(live, &live_pages), String::new(), Vec::new()),
        (Kind::Plan, _) => (shown(plan, &plan_pages), String::new(), Vec::new()),
        (Kind::Standings, Some(table)) => (
            Vec::new(),
            table.title,
            table
                .rows
                .into_iter()
                .skip(page * ROWS_PER_VIEW)
                .take(ROWS_PER_VIEW)
                .collect(),
        ),
        (Kind::Standings, None) => (Vec::new(), String::new(), Vec::new()),
    };
    let public_id = view.data.event.public_id.clone();
    Ok(ProjectorPage {
        champion: view.champion(),
        event: view.data.event,
        kind,
        rounds,
        standings_title,
        rows,
        place: place + 1,
        places: views.len(),
        next: format!(
            "/e/{public_id}/projector?view={}&page={next_page}",
            next_kind.as_str()
        ),
        seconds: SECONDS,
        ctx,
    })
}

/// Tables (by round index in `titles`, in order) under their rounds' titles.
fn by_round(
    tables: impl Iterator<Item = (usize, MatchView)>,
    titles: &[String],
) -> Vec<RoundTables> {
    let mut grouped: Vec<(usize, RoundTables)> = Vec::new();
    for (round, m) in tables {
        match grouped.last_mut() {
            Some((last, group)) if *last == round => group.matches.push(m),
            _ => grouped.push((
                round,
                RoundTables {
                    title: titles.get(round).cloned().unwrap_or_default(),
                    matches: vec![m],
                },
            )),
        }
    }
    grouped.into_iter().map(|(_, group)| group).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_of_tables_holds_what_a_screen_shows_round_headings_counted() {
        // One round: its heading and five tables (a sixth would scroll at 1280×800).
        assert_eq!(pages_of_rounds(&[0; 7]), [0..5, 5..7]);
        // Three rounds of two tables: a page starts again with its round's heading.
        assert_eq!(pages_of_rounds(&[0, 0, 1, 1, 2, 2]), [0..4, 4..6]);
        assert!(pages_of_rounds(&[]).is_empty());
    }

    #[test]
    fn the_cycle_goes_through_tables_standings_and_plan_and_skips_what_is_empty() {
        let views = cycle(2, 10, 1);
        assert_eq!(
            views,
            [
                (Kind::Tables, 0),
                (Kind::Tables, 1),
                (Kind::Standings, 0),
                (Kind::Standings, 1),
                (Kind::Plan, 0)
            ]
        );
        assert_eq!(cycle(0, 4, 0), [(Kind::Standings, 0)]);
        assert_eq!(cycle(0, 0, 0), [(Kind::Tables, 0)]);
        assert_eq!(place_of(&views, Kind::Standings, 1), 3);
        assert_eq!(
            place_of(&views, Kind::Standings, 9),
            2,
            "a page past the end"
        );
        assert_eq!(
            place_of(&cycle(0, 4, 0), Kind::Plan, 0),
            0,
            "a view there is not"
        );
    }
}
