//! The start page (with the tables a referee or an organizer looks after tonight),
//! the language switch and the health check.

use actix_web::cookie::Cookie;
use actix_web::{HttpResponse, Responder, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::clubs::ListedEvents;
use super::context::{LANG_COOKIE, PageContext, safe_local_path};
use super::error::AppError;
use super::games::side_names;
use super::i18n::Tr;
use super::matches::status_key;
use super::{AppState, redirect};
use crate::accounts::Role;
use crate::rules::game::Team;
use crate::store::events::{self, EventRow};
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
    /// Every club with its listed events: what is on now, next and just over.
    pub clubs: Vec<ClubLine>,
}

/// A club on the home page, with a few of its listed events of each kind.
pub struct ClubLine {
    pub name: String,
    pub slug: String,
    pub live: Vec<EventRow>,
    pub upcoming: Vec<EventRow>,
    pub recent: Vec<EventRow>,
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

impl ClubLine {
    /// Each kind of event with its heading's Fluent id.
    pub fn kinds(&self) -> [(&'static str, &[EventRow]); 3] {
        [
            ("home-events_live", &self.live),
            ("home-events_upcoming", &self.upcoming),
            ("home-events_recent", &self.recent),
        ]
    }
}

/// Events of each kind a club shows on the home page; its own page has them all.
const EVENTS_PER_KIND: usize = 3;

/// The clubs and their listed events, live ones first among clubs.
fn club_lines(connection: &mut DbConnection) -> StoreResult<Vec<ClubLine>> {
    let mut lines = Vec::new();
    for club in clubs::list(connection)? {
        let ListedEvents {
            mut upcoming,
            live,
            past: mut recent,
        } = ListedEvents::of(events::of_club(connection, club.id)?);
        upcoming.truncate(EVENTS_PER_KIND);
        recent.truncate(EVENTS_PER_KIND);
        let today = chrono::Utc::now()
            .with_timezone(&crate::zone::parse(&club.time_zone).unwrap_or(crate::zone::DEFAULT))
            .date_naive();
        let season = season_of(crate::store::seasons::of_club(connection, club.id)?, today);
        lines.push(ClubLine {
            name: club.name,
            slug: club.slug,
            live,
            upcoming,
            recent,
            season,
        });
    }
    lines.sort_by_key(|club| club.live.is_empty());
    Ok(lines)
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
    let clubs = state.read(club_lines).await?;
    Ok(HomePage {
        clubs,
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
