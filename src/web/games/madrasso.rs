//! Madrasso on the pages: a deal by outcome (one team's points 0-130, or cappotto,
//! cassone or a declaration), its log lines and its score sheet (totals may go
//! below zero under the subtract variant).

use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{Fields, card_name, need, need_seat, need_team, seat_word, team_word};
use crate::lang::Lang;
use crate::rules::game::Game;
use crate::rules::madrasso::{DealEnd, Madrasso, RevokePenalty};

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, lang: Lang) -> Result<Value, String> {
    let points = || {
        need(
            fields.number("points", lang)?,
            "Scrivi i punti (0-130).",
            "Give the points (0-130).",
            lang,
        )
    };
    Ok(match fields.get("outcome") {
        "" | "played" => {
            json!({"type": "deal", "team": need_team(fields, lang)?, "points": points()?})
        }
        "cappotto" => json!({"type": "deal", "cappotto": need_team(fields, lang)?}),
        "cassone" => json!({"type": "deal", "cassone": {"seat": need_seat(fields, lang)?}}),
        "declared" => {
            json!({"type": "deal", "declared": need_seat(fields, lang)?, "points": points()?})
        }
        _ => {
            return Err(lang
                .pick("Esito sconosciuto.", "Unknown outcome.")
                .to_string());
        }
    })
}

pub fn describe(entry: &Value, lang: Lang) -> String {
    if let Some(team) = entry.get("cappotto") {
        return format!("cappotto · {}", team_word(team, lang));
    }
    if let Some(cassone) = entry.get("cassone") {
        return format!("cassone · {}", seat_word(&cassone["seat"], lang));
    }
    if let Some(seat) = entry.get("declared") {
        return format!(
            "{} {} · {} {}",
            lang.pick("dichiara fuori il", "declared out by"),
            seat_word(seat, lang),
            entry["points"],
            lang.pick("punti", "points")
        );
    }
    format!(
        "{} · {} {}",
        team_word(&entry["team"], lang),
        entry["points"],
        lang.pick("punti", "points")
    )
}

pub fn sheet(state: &Madrasso, players: &[String], lang: Lang) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win, lang);
    sheet.unit_key = "games-col_deal";
    sheet.totals = summary.totals.map(|total| total.to_string());
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = Vec::new();
            if let Some(card) = row.face_up {
                detail.push(format!(
                    "{}: {}",
                    lang.pick("briscola", "trumps"),
                    card_name(card, lang)
                ));
            }
            if let Some([a, b]) = row.tricks {
                detail.push(format!("{} {a}–{b}", lang.pick("prese", "tricks")));
            }
            match row.end {
                DealEnd::Played => {}
                DealEnd::Cappotto { team } => detail.push(format!("cappotto {team}")),
                DealEnd::Cassone { seat } => {
                    detail.push(format!("cassone · {}", super::seat_name(players, seat)))
                }
                DealEnd::Declared { seat, correct } => detail.push(format!(
                    "{} {} ({})",
                    lang.pick("dichiarazione di", "declared by"),
                    super::seat_name(players, seat),
                    if correct {
                        lang.pick("giusta", "correct")
                    } else {
                        lang.pick("sbagliata", "wrong")
                    }
                )),
            }
            SheetRow {
                number: row.deal,
                game: row.game,
                first_of_game: false,
                dealer: super::seat_name(players, row.dealer),
                detail: detail.join(" · "),
                points: row.points.map(|points| points.to_string()),
                totals: row.totals.map(|total| total.to_string()),
                game_won: row.game_won,
            }
        })
        .collect();
    let mut facts = vec![(
        lang.pick("Mano", "Deal").to_string(),
        format!(
            "{} · {} {}",
            summary.deal,
            lang.pick("partita", "game"),
            summary.game_number
        ),
    )];
    facts.push((
        lang.pick("Si può dichiarare fuori", "Declaring out allowed")
            .to_string(),
        lang.pick(
            if summary.can_declare { "sì" } else { "no" },
            if summary.can_declare { "yes" } else { "no" },
        )
        .to_string(),
    ));
    facts.push((
        lang.pick("Regole", "Rules").to_string(),
        format!(
            "{} {} · {} {} {} · {}{}",
            summary.options.target_points,
            lang.pick("punti", "points"),
            lang.pick("almeno", "at least"),
            summary.options.min_deals,
            lang.pick("mani", "deals"),
            match summary.options.revoke_penalty {
                RevokePenalty::Award => lang.pick(
                    "cassone: 130 agli avversari",
                    "cassone: 130 to the opponents"
                ),
                RevokePenalty::Subtract => lang.pick(
                    "cassone: −130 a chi sbaglia",
                    "cassone: −130 to the offenders"
                ),
            },
            if summary.options.must_trump {
                lang.pick(" · obbligo di briscola", " · must trump")
            } else {
                ""
            }
        ),
    ));
    sheet.facts = facts;
    sheet.finish();
    sheet
}
