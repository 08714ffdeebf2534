//! An event's data files: standings and results as CSV and JSON, and the schedule as
//! iCalendar (`calendar.rs`). Data files name stages and statuses by fixed codes in
//! every language.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::EventVisit;
use super::rounds::standings_views;
use crate::events::view::EventView;
use crate::tournament::{Match, Outcome, Side, Stage, Status};
use crate::web::csv;
use crate::web::error::AppError;
use crate::web::events::SlotNames;
use crate::web::i18n::{TieBreakName, Worded};

/// The file asked for; the event is the path's `{id}` ([`EventVisit`]).
#[derive(Deserialize)]
pub struct ExportPath {
    file: String,
}

/// `standings.csv`, `standings.json`, `results.csv`, `results.json`, `schedule.ics`.
pub async fn export(
    EventVisit { ctx, state, view }: EventVisit,
    path: web::Path<ExportPath>,
) -> Result<HttpResponse, AppError> {
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
            for table in standings_views(&view, lang) {
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
                            "score": points_json(r.score),
                            "eliminated": r.eliminated,
                            "tie_breaks": r.tie_breaks.iter().map(|(t, v)| serde_json::json!({
                                "key": t.key(), "name": t.name(lang), "value": points_json(*v),
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
        "schedule.ics" => super::calendar::event_schedule(&state, &view, lang).await,
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

/// A score as JSON: a whole number as before, a sit-out's share of a round as a decimal.
fn points_json(points: crate::tournament::Points) -> serde_json::Value {
    match points.as_whole() {
        Some(n) => n.into(),
        None => (points.thousandths() as f64 / crate::tournament::Points::UNIT as f64).into(),
    }
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
}
