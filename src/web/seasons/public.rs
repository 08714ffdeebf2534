//! The public season pages: a club's seasons, and one season's table with each player's
//! nights (the champion once the season is closed), as a page, CSV and JSON.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::manage::{SeasonListPage, SeasonListQuery};
use crate::lang::Arg;
use crate::seasons::{self, SeasonReport};
use crate::store::clubs::Club;
use crate::store::seasons::{self as stored, POINTS_TABLE};
use crate::tournament::season::{NightResult, Row, Scale};
use crate::web::clubs::read_club;
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::{AppState, csv};

/// A club's seasons, the latest first, a page at a time.
pub async fn list(
    ctx: PageContext,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<SeasonListQuery>,
) -> Result<SeasonListPage, AppError> {
    let query = query.into_inner();
    let (club, (seasons, links)) = read_club(&state, slug.into_inner(), move |connection, club| {
        let path = format!("/clubs/{}/seasons", club.slug);
        let page = SeasonListPage::read(connection, club.id, &query, path)?;
        Ok(Some((club, page)))
    })
    .await?;
    Ok(SeasonListPage {
        ctx,
        club,
        seasons,
        links,
        managing: false,
    })
}

#[derive(Deserialize)]
pub struct SeasonPath {
    slug: String,
    id: String,
}

/// The season `path` names, read with its club: 404 unless the season is the club's.
async fn load(state: &AppState, slug: &str, id: &str) -> Result<(Club, SeasonReport), AppError> {
    let id: i64 = id.parse().map_err(|_| AppError::NotFound)?;
    read_club(
        state,
        slug.to_string(),
        move |connection, club| match stored::find(connection, id)? {
            Some(season) if season.club_id == club.id => {
                Ok(Some((club, seasons::report(connection, season)?)))
            }
            _ => Ok(None),
        },
    )
    .await
}

#[derive(Template, WebTemplate)]
#[template(path = "seasons/page.html")]
pub struct SeasonPage {
    pub ctx: PageContext,
    pub club: Club,
    pub report: SeasonReport,
}

impl SeasonPage {
    /// The champions' names, once the season is closed.
    pub fn champions(&self) -> Vec<&str> {
        if !self.report.season.settings.closed {
            return Vec::new();
        }
        self.report
            .table
            .leaders()
            .map(|r| self.report.name(r.player))
            .collect()
    }

    /// How the table is made, in a sentence or two.
    pub fn rules_line(&self) -> String {
        let s = &self.report.season.settings;
        let mut parts = vec![if s.scale == POINTS_TABLE {
            self.ctx.t_args(
                "season-rules_table",
                [("points", Arg::from(s.points_table.clone()))],
            )
        } else {
            self.ctx.t("season-rules_players_beaten").to_string()
        }];
        if let Some(best) = s.best_nights {
            parts.push(
                self.ctx
                    .t_args("season-rules_best", [("count", Arg::from(best))]),
            );
        }
        if s.min_nights > 1 {
            parts.push(
                self.ctx
                    .t_args("season-rules_minimum", [("count", Arg::from(s.min_nights))]),
            );
        }
        parts.push(self.ctx.t("season-rules_ties").to_string());
        parts.join(" ")
    }

    /// Whether a tie had to go to head to head: the column shows only then.
    pub fn has_head_to_head(&self) -> bool {
        self.report
            .table
            .rows
            .iter()
            .any(|r| r.head_to_head.is_some())
    }

    /// A night's place and points, in words.
    pub fn night_line(&self, result: &NightResult) -> String {
        self.ctx.t_args(
            "season-night_line",
            [
                ("place", Arg::from(result.place)),
                ("points", Arg::from(result.points)),
            ],
        )
    }

    pub fn player_name(&self, player: &i64) -> &str {
        self.report.name(*player)
    }

    pub fn position(&self, row: &Row<i64>) -> String {
        row.position
            .map_or_else(|| "–".to_string(), |p| p.to_string())
    }

    pub fn night_name(&self, index: &usize) -> String {
        self.report
            .counted_night(*index)
            .map(|n| n.name.clone())
            .unwrap_or_default()
    }

    pub fn night_link(&self, index: &usize) -> String {
        self.report
            .counted_night(*index)
            .map(|n| format!("/e/{}", n.public_id))
            .unwrap_or_default()
    }

    pub fn night_date(&self, index: &usize) -> String {
        self.report
            .counted_night(*index)
            .map(|n| self.ctx.day_of(n.starts_at))
            .unwrap_or_default()
    }
}

pub async fn page(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<SeasonPath>,
) -> Result<SeasonPage, AppError> {
    let (club, report) = load(&state, &path.slug, &path.id).await?;
    Ok(SeasonPage { ctx, club, report })
}

#[derive(Deserialize)]
pub struct ExportPath {
    slug: String,
    id: String,
    file: String,
}

/// `season.csv` (a line per player and night) and `season.json`. Data files name
/// things by fixed codes in every language.
pub async fn export(
    state: web::Data<AppState>,
    path: web::Path<ExportPath>,
) -> Result<HttpResponse, AppError> {
    let (club, report) = load(&state, &path.slug, &path.id).await?;
    let download = |content_type: &str, name: &str, body: String| {
        HttpResponse::Ok()
            .content_type(content_type.to_string())
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}-season-{}.{name}\"",
                    club.slug, report.season.id
                ),
            ))
            .body(body)
    };
    match path.file.as_str() {
        "season.csv" => Ok(download(
            "text/csv; charset=utf-8",
            "csv",
            season_csv(&report),
        )),
        "season.json" => Ok(download(
            "application/json",
            "json",
            season_json(&report).to_string(),
        )),
        _ => Err(AppError::NotFound),
    }
}

fn season_csv(report: &SeasonReport) -> String {
    let mut out = csv::line(&[
        "position",
        "player",
        "points",
        "nights",
        "wins",
        "head_to_head",
        "night",
        "date",
        "place",
        "night_points",
        "counted",
    ]);
    for row in &report.table.rows {
        let head = [
            row.position.map(|p| p.to_string()).unwrap_or_default(),
            report.name(row.player).to_string(),
            row.points.to_string(),
            row.nights.to_string(),
            row.wins.to_string(),
            row.head_to_head.map(|h| h.to_string()).unwrap_or_default(),
        ];
        for result in &row.results {
            let night = report.counted_night(result.night);
            let mut line = head.to_vec();
            line.extend([
                night.map(|n| n.name.clone()).unwrap_or_default(),
                night
                    .map(|n| n.starts_at.format("%Y-%m-%d").to_string())
                    .unwrap_or_default(),
                result.place.to_string(),
                result.points.to_string(),
                result.counted.to_string(),
            ]);
            out.push_str(&csv::line(&line));
        }
    }
    out
}

fn season_json(report: &SeasonReport) -> serde_json::Value {
    let s = &report.season.settings;
    let champions: Vec<&str> = if s.closed {
        report
            .table
            .leaders()
            .map(|r| report.name(r.player))
            .collect()
    } else {
        Vec::new()
    };
    serde_json::json!({
        "name": s.name,
        "starts_on": s.starts_on,
        "ends_on": s.ends_on,
        "closed": s.closed,
        "scale": s.scale,
        "points_table": match s.rules().scale {
            Scale::Table(points) => serde_json::json!(points),
            Scale::PlayersBeaten => serde_json::Value::Null,
        },
        "best_nights": s.best_nights,
        "min_nights": s.min_nights,
        "champions": champions,
        "nights": report.nights.iter().map(|n| serde_json::json!({
            "event": n.public_id,
            "name": n.name,
            "starts_at": n.starts_at.format("%Y-%m-%dT%H:%M").to_string(),
            "counts": n.counts,
        })).collect::<Vec<_>>(),
        "table": report.table.rows.iter().map(|row| serde_json::json!({
            "position": row.position,
            "player": report.name(row.player),
            "points": row.points,
            "nights": row.nights,
            "wins": row.wins,
            "head_to_head": row.head_to_head,
            "results": row.results.iter().map(|r| serde_json::json!({
                "event": report.counted_night(r.night).map(|n| n.public_id.clone()),
                "place": r.place,
                "points": r.points,
                "counted": r.counted,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
