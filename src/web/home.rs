//! The start page (with the tables a referee or an organizer looks after tonight),
//! the language switch and the health check.

use actix_web::cookie::Cookie;
use actix_web::{HttpResponse, Responder, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::{LANG_COOKIE, PageContext, safe_local_path};
use super::error::AppError;
use super::games::side_names;
use super::i18n::Tr;
use super::matches::status_key;
use super::{AppState, redirect};
use crate::accounts::Role;
use crate::rules::game::Team;
use crate::store::events::{self, ClubEvent, EventStatus};
use crate::store::tables::{Whose, tables};
use crate::store::{DbConnection, StoreResult, Unavailability, clubs};
use crate::tournament;

#[derive(Template, WebTemplate)]
#[template(path = "home/index.html")]
pub struct HomePage {
    pub ctx: PageContext,
    /// The tables the account looks after tonight, by event.
    pub evenings: Vec<Evening>,
    /// Whether the visitor is logged in, and so may look after tables.
    pub keeps_tables: bool,
    /// What is on now, next and just over across all clubs, a few of each.
    pub events: HomeEvents,
    /// Every club with its season, when there are few; else none (`/clubs` has them).
    pub clubs: Vec<ClubLine>,
    /// More clubs than the page shows.
    pub more_clubs: bool,
}

/// The home page's listed events of every club, each list capped.
pub struct HomeEvents {
    pub live: Vec<ClubEvent>,
    pub upcoming: Vec<ClubEvent>,
    pub recent: Vec<ClubEvent>,
}

impl HomeEvents {
    /// Each kind of event with its heading's Fluent id and the id of its list.
    pub fn kinds(&self) -> [(&'static str, &'static str, &[ClubEvent]); 3] {
        [
            ("home-events_live", "now-live", &self.live),
            ("home-events_upcoming", "now-upcoming", &self.upcoming),
            ("home-events_recent", "now-recent", &self.recent),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.live.is_empty() && self.upcoming.is_empty() && self.recent.is_empty()
    }
}

/// A club on the home page and its season.
pub struct ClubLine {
    pub name: String,
    pub slug: String,
    /// The season under way (or, between seasons, the last one begun): its id and name.
    pub season: Option<SeasonLink>,
}

/// A club's season as the home page links it.
pub struct SeasonLink {
    pub id: i64,
    pub name: String,
    /// Today falls within its days; else it is the last season begun.
    pub current: bool,
}

/// Events of each kind the home page shows; the archive has them all.
pub const EVENTS_PER_KIND: i64 = 10;

/// Clubs the home page shows as cards; with more, it links the clubs' directory instead.
pub const CLUBS_SHOWN: usize = 12;

/// The listed events of every club, a few of each kind, read a bounded slice each.
fn home_events(connection: &mut DbConnection) -> StoreResult<HomeEvents> {
    Ok(HomeEvents {
        live: events::of_status(connection, EventStatus::Running, EVENTS_PER_KIND)?,
        upcoming: events::of_status(connection, EventStatus::Setup, EVENTS_PER_KIND)?,
        recent: events::of_status(connection, EventStatus::Finished, EVENTS_PER_KIND)?,
    })
}

/// The clubs with their seasons when there are at most [`CLUBS_SHOWN`], and whether
/// there are more.
fn club_lines(connection: &mut DbConnection) -> StoreResult<(Vec<ClubLine>, bool)> {
    let clubs = clubs::first(connection, CLUBS_SHOWN as i64 + 1)?;
    if clubs.len() > CLUBS_SHOWN {
        return Ok((Vec::new(), true));
    }
    let mut lines = Vec::new();
    for club in clubs {
        let today = chrono::Utc::now()
            .with_timezone(&crate::zone::parse(&club.time_zone).unwrap_or(crate::zone::DEFAULT))
            .date_naive();
        let season = season_of(crate::store::seasons::of_club(connection, club.id)?, today);
        lines.push(ClubLine {
            name: club.name,
            slug: club.slug,
            season,
        });
    }
    Ok((lines, false))
}

/// The season a club's card links: the one whose days hold `today`, else the last one
/// begun by then (`seasons` latest first); none before a club's first season begins.
fn season_of(
    seasons: Vec<crate::store::seasons::SeasonRow>,
    today: chrono::NaiveDate,
) -> Option<SeasonLink> {
    let begun = seasons
        .into_iter()
        .filter_map(|season| season.settings.days().map(|days| (season, days)))
        .filter(|(_, (first, _))| *first <= today);
    let mut last_begun = None;
    for (season, (_, last)) in begun {
        let link = SeasonLink {
            id: season.id,
            name: season.settings.name,
            current: today <= last && !season.settings.closed,
        };
        if link.current {
            return Some(link);
        }
        last_begun.get_or_insert(link);
    }
    last_begun
}

/// An event's tables on the home page (or, without a name, the matches outside events).
pub struct Evening {
    pub name: Option<String>,
    pub public_id: Option<String>,
    pub tables: Vec<TableLine>,
}

/// One match on the home page: where it is played, by whom, how it stands, and the
/// link that scores it.
pub struct TableLine {
    pub table: Option<i32>,
    pub label: String,
    pub sides: [String; 2],
    pub status_key: &'static str,
    pub href: String,
}

pub async fn index(ctx: PageContext, state: web::Data<AppState>) -> Result<HomePage, AppError> {
    let whose = ctx.user.as_ref().map(|user| match user.role {
        Role::Referee => Whose::Referee(user.id),
        Role::Organizer => Whose::Organizer(user.id),
        Role::Admin => Whose::Everyone,
    });
    let (rows, knockouts) = match whose {
        Some(whose) => {
            state
                .read(move |connection| {
                    let also = match whose {
                        Whose::Referee(user_id) => {
                            crate::events::tables::now_at_tables_of(connection, user_id)?
                        }
                        _ => Vec::new(),
                    };
                    let rows = tables(connection, whose, &also)?;
                    // Each evening's bracket shape, which names its knockout matches.
                    let mut knockouts = std::collections::HashMap::new();
                    for row in &rows {
                        if knockouts.contains_key(&row.event_public_id) {
                            continue;
                        }
                        let knockout = match &row.event_public_id {
                            Some(id) => crate::store::events::find_by_public_id(connection, id)?
                                .as_ref()
                                .and_then(crate::events::knockout_of),
                            None => None,
                        };
                        knockouts.insert(row.event_public_id.clone(), knockout);
                    }
                    Ok((rows, knockouts))
                })
                .await?
        }
        None => Default::default(),
    };
    let tr = Tr::new(ctx.lang());
    let mut evenings: Vec<Evening> = Vec::new();
    for row in rows {
        let (name, public_id) = (row.event_name.clone(), row.event_public_id.clone());
        if evenings
            .last()
            .is_none_or(|evening| evening.public_id != public_id)
        {
            evenings.push(Evening {
                name,
                public_id,
                tables: Vec::new(),
            });
        }
        let players = row.players();
        let knockout = knockouts.get(&row.event_public_id).copied().flatten();
        let label = match row
            .match_key
            .as_deref()
            .and_then(|key| tournament::key_label_in(key, knockout))
        {
            Some(key) => tr.msg(&key),
            None => tr.msg(&crate::events::title_msg(&row.title)),
        };
        let line = TableLine {
            table: row.table_number,
            label,
            sides: Team::BOTH.map(|team| side_names(&players, team)),
            status_key: status_key(row.status()),
            href: format!("/score/{}", row.public_id),
        };
        if let Some(evening) = evenings.last_mut() {
            evening.tables.push(line);
        }
    }
    let (events, (clubs, more_clubs)) = state
        .read(|connection| Ok((home_events(connection)?, club_lines(connection)?)))
        .await?;
    Ok(HomePage {
        events,
        clubs,
        more_clubs,
        keeps_tables: whose.is_some(),
        evenings,
        ctx,
    })
}

#[derive(Deserialize)]
pub struct SwitchQuery {
    next: Option<String>,
}

/// Remembers the language in a cookie for a year and goes back to the page.
pub async fn switch_language(
    code: web::Path<String>,
    query: web::Query<SwitchQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = super::i18n::lang_from_code(&code).ok_or(AppError::NotFound)?;
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .http_only(true)
        .same_site(actix_web::cookie::SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    let mut response = redirect(&safe_local_path(query.next.as_deref()));
    response
        .add_cookie(&cookie)
        .map_err(|error| AppError::internal("language cookie", error))?;
    Ok(response)
}

/// Plain text: `ok` when the database answers, 503 otherwise, saying which it is:
/// it cannot be reached, it refused a write, or it is full.
pub async fn health(state: web::Data<AppState>) -> impl Responder {
    let answer = state
        .read(|connection| {
            use diesel::connection::SimpleConnection;
            connection.batch_execute("SELECT 1").map_err(Into::into)
        })
        .await;
    let problem = match answer {
        Err(error) => Some(("health check failed", error)),
        // Only after a write failed for want of room: the plain check stays cheap.
        Ok(()) if state.db.writes_failing() => state
            .write(|connection| {
                let at = chrono::Utc::now().to_rfc3339();
                crate::store::settings::set(connection, crate::store::settings::HEALTH_PROBE, &at)
            })
            .await
            .err()
            .map(|error| ("health check: the database takes no writes", error)),
        Ok(()) => None,
    };
    let Some((context, error)) = problem else {
        return HttpResponse::Ok().content_type("text/plain").body("ok");
    };
    tracing::error!(%error, "{context}");
    let said = match &error {
        AppError::Store(error) => match error.unavailability() {
            Unavailability::CannotConnect => "database unavailable: cannot connect",
            Unavailability::RefusedWrite => "database takes no writes: it refused one",
            Unavailability::Full => "database takes no writes: it is full",
        },
        _ => "database unavailable",
    };
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain")
        .body(said)
}
