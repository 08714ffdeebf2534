//! The organizer's season pages: the club's seasons, and one form to create or edit a
//! season (name, dates, scale, best N, minimum nights, closed, the events that count).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::NaiveDate;
use serde::Deserialize;

use super::ClubSeason;
use crate::store::clubs::Club;
use crate::store::events::{self, EventRow};
use crate::store::seasons::{self, PLAYERS_BEATEN, POINTS_TABLE, SeasonRow, SeasonSettings};
use crate::store::{DbConnection, StoreResult};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::managed::Managed;
use crate::web::paging::{PageLinks, page_and_offset};
use crate::web::{AppState, flash, refuse};

// ---------------------------------------------------------------- the club's seasons

#[derive(Template, WebTemplate)]
#[template(path = "seasons/list.html")]
pub struct SeasonListPage {
    pub ctx: PageContext,
    pub club: Club,
    /// A page of the club's seasons, the latest first.
    pub seasons: Vec<SeasonRow>,
    pub links: PageLinks,
    /// Links go to the organizer's forms (`true`) or to the public pages.
    pub managing: bool,
}

/// Seasons on one page of a club's list.
pub const PAGE_SIZE: i64 = 20;

/// A seasons list's query, read leniently: a page that is not a number is the first.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SeasonListQuery {
    #[serde(default)]
    pub page: String,
}

impl SeasonListPage {
    /// The page `query` asks of the club's seasons, its links under `path`.
    pub fn read(
        connection: &mut DbConnection,
        club_id: i64,
        query: &SeasonListQuery,
        path: String,
    ) -> StoreResult<(Vec<SeasonRow>, PageLinks)> {
        let (page, offset) = page_and_offset(query.page.trim().parse().ok(), PAGE_SIZE);
        let (rows, more) = seasons::page_of_club(connection, club_id, offset, PAGE_SIZE)?;
        let mut links = PageLinks::new(path, page);
        links.more = more;
        Ok((rows, links))
    }
}

pub async fn list(
    query: web::Query<SeasonListQuery>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<SeasonListPage, AppError> {
    let club_id = club.id;
    let path = format!("/manage/clubs/{}/seasons", club.slug);
    let query = query.into_inner();
    let (seasons, links) = state
        .read(move |connection| SeasonListPage::read(connection, club_id, &query, path.clone()))
        .await?;
    Ok(SeasonListPage {
        ctx,
        club,
        seasons,
        links,
        managing: true,
    })
}

// ---------------------------------------------------------------- the form

/// The form as typed: every field text, so a refusal gives it back unchanged.
#[derive(Debug, Clone, Deserialize)]
pub struct SeasonForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub starts_on: String,
    #[serde(default)]
    pub ends_on: String,
    #[serde(default = "default_scale")]
    pub scale: String,
    #[serde(default)]
    pub points_table: String,
    #[serde(default)]
    pub best_nights: String,
    #[serde(default)]
    pub min_nights: String,
    #[serde(default)]
    pub closed: bool,
    /// The public ids of the events that count.
    #[serde(default)]
    pub events: Vec<String>,
}

fn default_scale() -> String {
    PLAYERS_BEATEN.to_string()
}

impl Default for SeasonForm {
    fn default() -> SeasonForm {
        SeasonForm {
            name: String::new(),
            starts_on: String::new(),
            ends_on: String::new(),
            scale: default_scale(),
            points_table: String::new(),
            best_nights: String::new(),
            min_nights: "1".to_string(),
            closed: false,
            events: Vec::new(),
        }
    }
}

impl SeasonForm {
    fn of(season: &SeasonRow, events: &[EventRow]) -> SeasonForm {
        let s = &season.settings;
        SeasonForm {
            name: s.name.clone(),
            starts_on: s.starts_on.clone(),
            ends_on: s.ends_on.clone(),
            scale: s.scale.clone(),
            points_table: s.points_table.clone(),
            best_nights: s.best_nights.map(|n| n.to_string()).unwrap_or_default(),
            min_nights: s.min_nights.to_string(),
            closed: s.closed,
            events: events.iter().map(|e| e.public_id.clone()).collect(),
        }
    }

    /// The settings to store, or the key of the first thing wrong.
    fn settings(&self) -> Result<SeasonSettings, &'static str> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err("season-error_name");
        }
        let date = |text: &str| NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok();
        let (Some(starts), Some(ends)) = (date(&self.starts_on), date(&self.ends_on)) else {
            return Err("season-error_dates");
        };
        if ends < starts {
            return Err("season-error_dates");
        }
        let points_table = match self.scale.as_str() {
            PLAYERS_BEATEN => String::new(),
            POINTS_TABLE => points_table(&self.points_table).ok_or("season-error_points")?,
            _ => return Err("season-error_scale"),
        };
        let count = |text: &str, least: i32| -> Option<i32> {
            text.trim()
                .parse()
                .ok()
                .filter(|n| (least..=1000).contains(n))
        };
        let best_nights = match self.best_nights.trim() {
            "" => None,
            text => Some(count(text, 1).ok_or("season-error_best_nights")?),
        };
        let min_nights = match self.min_nights.trim() {
            "" => 0,
            text => count(text, 0).ok_or("season-error_min_nights")?,
        };
        Ok(SeasonSettings {
            name: name.to_string(),
            starts_on: starts.format("%Y-%m-%d").to_string(),
            ends_on: ends.format("%Y-%m-%d").to_string(),
            scale: self.scale.clone(),
            points_table,
            best_nights,
            min_nights,
            closed: self.closed,
        })
    }
}

/// Points for place 1, 2, … as written (spaces, commas or semicolons between them),
/// stored one space apart; `None` unless 1 to 100 whole numbers up to 10000.
fn points_table(text: &str) -> Option<String> {
    let points: Vec<u32> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|p| !p.is_empty())
        .map(|p| p.parse().ok().filter(|n| *n <= 10_000))
        .collect::<Option<_>>()?;
    (1..=100).contains(&points.len()).then(|| {
        points
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "seasons/form.html")]
pub struct SeasonFormPage {
    pub ctx: PageContext,
    pub club: Club,
    /// Editing this season; `None` for a new one.
    pub editing: Option<i64>,
    pub form: SeasonForm,
    /// The events offered to count, the earliest first: those in the season's days (at
    /// most [`OFFERED_AT_MOST`]), those counting already and those ticked.
    pub events: Vec<EventRow>,
    /// More events fall in the season's days than are offered.
    pub more_in_days: bool,
    /// The form's days read: events in them are offered.
    pub days_known: bool,
    pub error_key: Option<&'static str>,
    pub notice_key: Option<&'static str>,
}

impl SeasonFormPage {
    pub fn action(&self) -> String {
        match self.editing {
            Some(id) => format!("/manage/seasons/{id}"),
            None => format!("/manage/clubs/{}/seasons", self.club.slug),
        }
    }

    pub fn counts(&self, event: &EventRow) -> bool {
        self.form.events.contains(&event.public_id)
    }
}

/// The most events in a season's days the form offers; a club holds a night or two a
/// week, so a season of a year or so offers them all.
pub const OFFERED_AT_MOST: i64 = 200;

/// The events the form offers (see [`SeasonFormPage::events`]), whether more fall in
/// the season's days, and whether its days read.
fn offered_events(
    connection: &mut DbConnection,
    club_id: i64,
    editing: Option<i64>,
    form: &SeasonForm,
) -> StoreResult<(Vec<EventRow>, bool, bool)> {
    let mut offered = match editing {
        Some(season_id) => seasons::events_of(connection, season_id)?,
        None => Vec::new(),
    };
    let day = |text: &str| NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok();
    let days = day(&form.starts_on)
        .zip(day(&form.ends_on).and_then(|end| end.succ_opt()))
        .filter(|(from, until)| from < until);
    let mut more = false;
    if let Some((from, until)) = days {
        let (within, beyond) = events::of_club_between(
            connection,
            club_id,
            from.and_time(chrono::NaiveTime::MIN),
            until.and_time(chrono::NaiveTime::MIN),
            OFFERED_AT_MOST,
        )?;
        more = beyond;
        offered.extend(within);
    }
    offered.extend(events::of_club_by_public_ids(
        connection,
        club_id,
        &form.events,
    )?);
    offered.sort_by_key(|event| (event.starts_at, event.id));
    offered.dedup_by_key(|event| event.id);
    Ok((offered, more, days.is_some()))
}

async fn form_page(
    ctx: PageContext,
    state: &AppState,
    club: Club,
    editing: Option<i64>,
    form: SeasonForm,
) -> Result<SeasonFormPage, AppError> {
    let club_id = club.id;
    let asked = form.clone();
    let (events, more_in_days, days_known) = state
        .read(move |connection| offered_events(connection, club_id, editing, &asked))
        .await?;
    Ok(SeasonFormPage {
        ctx,
        club,
        editing,
        form,
        events,
        more_in_days,
        days_known,
        error_key: None,
        notice_key: None,
    })
}

pub async fn new_form(
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<SeasonFormPage, AppError> {
    form_page(ctx, &state, club, None, SeasonForm::default()).await
}

/// The posted form read as the browser sent it (repeated `events` fields included).
fn read_form(pairs: &[(String, String)]) -> SeasonForm {
    let mut form = SeasonForm::default();
    form.min_nights.clear();
    for (key, value) in pairs {
        let value = value.clone();
        match key.as_str() {
            "name" => form.name = value,
            "starts_on" => form.starts_on = value,
            "ends_on" => form.ends_on = value,
            "scale" => form.scale = value,
            "points_table" => form.points_table = value,
            "best_nights" => form.best_nights = value,
            "min_nights" => form.min_nights = value,
            "closed" => form.closed = value == "true",
            "events" => form.events.push(value),
            _ => {}
        }
    }
    form
}

/// Stores the posted season (a new one for `editing: None`), or shows the form again
/// as typed with what is wrong.
async fn store(
    ctx: PageContext,
    state: &AppState,
    club: Club,
    editing: Option<i64>,
    form: SeasonForm,
) -> Result<HttpResponse, AppError> {
    let page = form_page(ctx, state, club, editing, form).await?;
    let chosen: Option<Vec<i64>> = page
        .form
        .events
        .iter()
        .map(|id| {
            page.events
                .iter()
                .find(|e| e.public_id == *id)
                .map(|e| e.id)
        })
        .collect();
    let checked = page
        .form
        .settings()
        .and_then(|settings| Ok((settings, chosen.ok_or("season-error_events")?)));
    let (settings, event_ids) = match checked {
        Ok(valid) => valid,
        Err(key) => {
            let mut page = page;
            page.error_key = Some(key);
            return refuse(&page);
        }
    };
    let club_id = page.club.id;
    let id = state
        .write(move |connection| {
            let id = match editing {
                Some(id) => {
                    seasons::save(connection, id, &settings)?;
                    id
                }
                None => seasons::create(connection, club_id, &settings)?,
            };
            seasons::set_events(connection, id, &event_ids)?;
            Ok(id)
        })
        .await?;
    let location = format!("/manage/seasons/{id}");
    Ok(flash::redirect_with(
        page.ctx.session(),
        "season-saved",
        &location,
    ))
}

pub async fn create(
    form: web::Form<Vec<(String, String)>>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    store(ctx, &state, club, None, read_form(&form)).await
}

pub async fn edit_form(
    Managed(ctx, state, _, found): Managed<ClubSeason>,
) -> Result<SeasonFormPage, AppError> {
    let notice = ctx.take_notice(&["season-saved"]);
    let season_id = found.season.id;
    let counted = state
        .read(move |connection| seasons::events_of(connection, season_id))
        .await?;
    let form = SeasonForm::of(&found.season, &counted);
    let mut page = form_page(ctx, &state, found.club, Some(season_id), form).await?;
    page.notice_key = notice;
    Ok(page)
}

pub async fn save(
    form: web::Form<Vec<(String, String)>>,
    Managed(ctx, state, _, found): Managed<ClubSeason>,
) -> Result<HttpResponse, AppError> {
    let id = found.season.id;
    store(ctx, &state, found.club, Some(id), read_form(&form)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_points_table_takes_spaces_commas_or_semicolons() {
        assert_eq!(points_table("10, 8;6  5").as_deref(), Some("10 8 6 5"));
        assert_eq!(points_table(""), None);
        assert_eq!(points_table("10 otto 6"), None);
        assert_eq!(points_table("-1"), None);
        assert_eq!(points_table("10001"), None);
    }

    #[test]
    fn the_form_refuses_what_a_season_cannot_be() {
        let good = SeasonForm {
            name: "Inverno".into(),
            starts_on: "2026-10-01".into(),
            ends_on: "2027-03-31".into(),
            ..SeasonForm::default()
        };
        assert_eq!(good.settings().map(|s| s.min_nights), Ok(1));
        let wrong = |change: fn(&mut SeasonForm)| {
            let mut form = good.clone();
            change(&mut form);
            form.settings().unwrap_err()
        };
        assert_eq!(wrong(|f| f.name = " ".into()), "season-error_name");
        assert_eq!(
            wrong(|f| f.ends_on = "2026-09-30".into()),
            "season-error_dates"
        );
        assert_eq!(
            wrong(|f| f.starts_on = "1/10/2026".into()),
            "season-error_dates"
        );
        assert_eq!(wrong(|f| f.scale = "other".into()), "season-error_scale");
        assert_eq!(
            wrong(|f| f.scale = POINTS_TABLE.into()),
            "season-error_points"
        );
        assert_eq!(
            wrong(|f| f.best_nights = "0".into()),
            "season-error_best_nights"
        );
        assert_eq!(
            wrong(|f| f.min_nights = "x".into()),
            "season-error_min_nights"
        );
    }
}
