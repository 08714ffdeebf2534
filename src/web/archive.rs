//! `/events`: the archive of every club's listed events, the latest first, a page at a
//! time, filtered by club, game, season and days with a plain GET form (issue 39). A
//! page is found from the event beside it (`?before=`, `?after=`), never by counting
//! the events to skip: the earliest page costs what the latest does.

use askama::Template;
use askama_web::WebTemplate;
use chrono::NaiveDate;
use serde::Deserialize;

use super::club_filter::{self, ClubField};
use super::context::{PageContext, Visit};
use super::error::AppError;
use super::paging::PageLinks;
use crate::rules::kind::GameKind;
use crate::store::events as store_events;
use crate::store::events::{ArchiveFilter, ClubEvent, EventStatus, Window, archive_window};
use crate::store::{DbConnection, StoreResult, seasons};

/// Events on one page of the archive.
pub const PAGE_SIZE: i64 = 25;

/// The archive's query. Every value is text so that a wrong one is answered in words
/// on the page, never refused before it.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ArchiveQuery {
    /// The public id of the event just newer than the page (older pages).
    #[serde(default)]
    pub before: String,
    /// The public id of the event just older than the page (newer pages).
    #[serde(default)]
    pub after: String,
    /// Any value: the earliest page.
    #[serde(default)]
    pub earliest: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub season: String,
    #[serde(default)]
    pub from: String,
    #[serde(default)]
    pub to: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "archive/index.html")]
pub struct ArchivePage {
    pub ctx: PageContext,
    pub archive: Archive,
}

/// A page of the archive with what its filters offer.
pub struct Archive {
    pub rows: Vec<ClubEvent>,
    /// The filters kept in every link.
    pub links: PageLinks,
    /// The pages beside this one, and the two ends: `None` where there is none.
    pub newer: Option<String>,
    pub older: Option<String>,
    pub latest: Option<String>,
    pub earliest: Option<String>,
    /// The club filter: a choice among few clubs, a name typed among many.
    pub club: ClubField,
    /// The games: (name, its words' Fluent id, chosen).
    pub games: Vec<(&'static str, &'static str, bool)>,
    /// The chosen club's seasons, latest first: (id, name, chosen).
    pub seasons: Vec<(i64, String, bool)>,
    pub from: String,
    pub to: String,
    /// What the filters asked that is no club, game, season or day, as Fluent ids.
    pub problems: Vec<&'static str>,
}

impl ArchivePage {
    /// The Fluent id of an event's state, as the home page heads its lists.
    pub fn status_key(&self, event: &ClubEvent) -> &'static str {
        match event.event.status() {
            EventStatus::Setup => "home-events_upcoming",
            EventStatus::Running => "home-events_live",
            EventStatus::Finished => "archive-finished",
        }
    }

    pub fn game_key(&self, event: &ClubEvent) -> &'static str {
        event.event.game.descriptor().name_key
    }
}

/// A day of the form (`YYYY-MM-DD`); empty is no day, anything else a problem.
fn day(text: &str) -> Result<Option<NaiveDate>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| ())
}

fn load(connection: &mut DbConnection, query: &ArchiveQuery) -> StoreResult<Archive> {
    let mut problems = Vec::new();
    // Nothing matches a filter naming what does not exist; the page says which.
    let mut nothing = false;
    let picked = club_filter::pick(connection, None, &query.club, "archive-unknown_club")?;
    if let Some(problem) = picked.problem {
        problems.push(problem);
        nothing = true;
    }
    let club = picked.club.as_ref();
    let game = match query.game.trim() {
        "" => None,
        name => {
            let found = name.parse::<GameKind>().ok();
            if found.is_none() {
                problems.push("archive-unknown_game");
                nothing = true;
            }
            found
        }
    };
    let club_seasons = match club {
        Some(club) => seasons::of_club(connection, club.id)?,
        None => Vec::new(),
    };
    let season = match query.season.trim() {
        "" => None,
        id => {
            let found = match id.parse::<i64>() {
                Ok(id) => seasons::find(connection, id)?
                    .filter(|season| club.is_none_or(|club| club.id == season.club_id)),
                Err(_) => None,
            };
            if found.is_none() {
                problems.push("archive-unknown_season");
                nothing = true;
            }
            found
        }
    };
    let (from, to) = (day(&query.from), day(&query.to));
    if from.is_err() || to.is_err() {
        problems.push("archive-bad_day");
    }
    let (from, to) = (from.unwrap_or(None), to.unwrap_or(None));
    let filter = ArchiveFilter {
        club_id: club.map(|club| club.id),
        game,
        season_id: season.as_ref().map(|season| season.id),
        from: from.and_then(|day| day.and_hms_opt(0, 0, 0)),
        until: to
            .and_then(|day| day.succ_opt())
            .and_then(|day| day.and_hms_opt(0, 0, 0)),
    };
    // A page named by an event that is gone (or never was) starts over at the latest.
    let window = match (
        query.before.trim(),
        query.after.trim(),
        query.earliest.trim(),
    ) {
        ("", "", "") => Window::Latest,
        ("", "", _) => Window::Earliest,
        (before, after, _) => {
            let (newer_side, id) = if before.is_empty() {
                (false, after)
            } else {
                (true, before)
            };
            match store_events::find_by_public_id(connection, id)? {
                Some(event) if newer_side => Window::OlderThan(event.starts_at, event.id),
                Some(event) => Window::NewerThan(event.starts_at, event.id),
                None => {
                    problems.push("archive-page_gone");
                    Window::Latest
                }
            }
        }
    };
    let (rows, more) = if nothing {
        (Vec::new(), false)
    } else {
        archive_window(connection, &filter, window, PAGE_SIZE)?
    };
    // Whether older and newer events lie beyond the page: the window says one side, the
    // way it was reached the other.
    let (older, newer) = match window {
        Window::Latest => (more, false),
        Window::OlderThan(..) => (more, true),
        Window::NewerThan(..) => (true, more),
        Window::Earliest => (false, more),
    };
    let mut links = PageLinks::new("/events", 1);
    if let Some(club) = club {
        links.keep("club", &club.slug);
    }
    if let Some(game) = game {
        links.keep("game", game.name());
    }
    if let Some(season) = &season {
        links.keep("season", &season.id.to_string());
    }
    let (from, to) = (
        from.map(|day| day.to_string()).unwrap_or_default(),
        to.map(|day| day.to_string()).unwrap_or_default(),
    );
    for (name, value) in [("from", &from), ("to", &to)] {
        if !value.is_empty() {
            links.keep(name, value);
        }
    }
    let (first, last) = (rows.first(), rows.last());
    let newer_href = newer
        .then_some(first)
        .flatten()
        .map(|row| links.href_with("after", &row.event.public_id));
    let older_href = older
        .then_some(last)
        .flatten()
        .map(|row| links.href_with("before", &row.event.public_id));
    Ok(Archive {
        latest: (window != Window::Latest && (newer || rows.is_empty()))
            .then(|| links.href_with("", "")),
        earliest: older_href
            .as_ref()
            .map(|_| links.href_with("earliest", "1")),
        newer: newer_href,
        older: older_href,
        rows,
        links,
        club: picked.field,
        games: GameKind::ALL
            .into_iter()
            .map(|g| (g.name(), g.descriptor().name_key, Some(g) == game))
            .collect(),
        seasons: club_seasons
            .into_iter()
            .map(|s| {
                let chosen = season.as_ref().is_some_and(|chosen| chosen.id == s.id);
                (s.id, s.settings.name, chosen)
            })
            .collect(),
        from,
        to,
        problems,
    })
}

pub async fn index(
    Visit { ctx, state }: Visit,
    query: actix_web::web::Query<ArchiveQuery>,
) -> Result<ArchivePage, AppError> {
    let query = query.into_inner();
    let archive = state
        .read(move |connection| load(connection, &query))
        .await?;
    Ok(ArchivePage { ctx, archive })
}
