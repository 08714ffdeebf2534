//! Vitou on the pages: a round by outcome (the winner with the bids, a refusal, a
//! tie, a side on 20 declining, everybody passing at 20-20), its log lines and its
//! score sheet.

use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{Fields, need, need_seat, need_team, seat_word, team_word};
use crate::lang::Lang;
use crate::rules::game::Game;
use crate::rules::vitou::{RoundEnd, Stage, Vitou};

/// Bid rows on the form.
pub const BID_ROWS: usize = 4;

/// The round the outcome form describes.
pub fn entry(fields: &Fields, lang: Lang) -> Result<Value, String> {
    let mut bids = Vec::new();
    for row in 0..BID_ROWS {
        let bid = fields.get(&format!("bid{row}_bid"));
        if bid.is_empty() {
            continue;
        }
        let seat = need(
            fields.seat(&format!("bid{row}_seat")),
            "Scegli chi ha rilanciato.",
            "Choose who bid.",
            lang,
        )?;
        let bid = match bid {
            "3" | "6" | "12" => json!(bid.parse::<u32>().unwrap_or(3)),
            "baraque" => json!("baraque"),
            _ => {
                return Err(lang
                    .pick("Rilancio sconosciuto.", "Unknown bid.")
                    .to_string());
            }
        };
        bids.push(json!({"seat": seat, "bid": bid}));
    }
    let mut entry = match fields.get("outcome") {
        "" | "won" => json!({"type": "round", "winner": need_team(fields, lang)?}),
        "tied" => json!({"type": "round", "tied": true}),
        "refused" => json!({"type": "round", "refusal": {"seat": need_seat(fields, lang)?}}),
        "declined" => json!({"type": "round", "declined": true}),
        "all_passed" => json!({"type": "round", "all_passed": true}),
        _ => {
            return Err(lang
                .pick("Esito sconosciuto.", "Unknown outcome.")
                .to_string());
        }
    };
    if !bids.is_empty() {
        entry["bids"] = Value::Array(bids);
    }
    if let Some(points) = fields.number("points", lang)? {
        entry["points"] = json!(points);
    }
    Ok(entry)
}

pub fn describe(entry: &Value, lang: Lang) -> String {
    let mut text = if entry["tied"] == json!(true) {
        lang.pick("tre prese pari", "three tied tricks").to_string()
    } else if entry["declined"] == json!(true) {
        lang.pick("non gioca chi è a 20", "the side on 20 declined")
            .to_string()
    } else if entry["all_passed"] == json!(true) {
        lang.pick("passano tutti", "all passed").to_string()
    } else if let Some(refusal) = entry.get("refusal") {
        format!(
            "{} {}",
            lang.pick("rifiuta il", "refused by"),
            seat_word(&refusal["seat"], lang)
        )
    } else {
        format!(
            "{} {}",
            lang.pick("vince la", "won by"),
            team_word(&entry["winner"], lang)
        )
    };
    if let Some(last) = entry
        .get("bids")
        .and_then(Value::as_array)
        .and_then(|bids| bids.last())
    {
        text.push_str(&format!(
            " · {} {}",
            lang.pick("rilancio", "bid"),
            last["bid"].to_string().trim_matches('"')
        ));
    }
    text
}

pub fn sheet(state: &Vitou, players: &[String], lang: Lang) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win, lang);
    sheet.unit_key = "games-col_round";
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = Vec::new();
            match row.stage {
                Stage::Normal => {}
                Stage::OnTwenty { team } => detail.push(format!(
                    "{} {team} {}",
                    lang.pick("squadra", "team"),
                    lang.pick("a 20", "on 20")
                )),
                Stage::BothOnTwenty => detail.push("20–20".to_string()),
            }
            if let Some(bid) = row.bid {
                detail.push(format!("{} {}", lang.pick("rilancio", "bid"), bid.word()));
            }
            match row.end {
                RoundEnd::Played { winner: Some(_) } => {}
                RoundEnd::Played { winner: None } => {
                    detail.push(lang.pick("tre prese pari", "three tied tricks").to_string())
                }
                RoundEnd::Refused { seat } => detail.push(format!(
                    "{} {}",
                    lang.pick("rifiuta", "refused by"),
                    super::seat_name(players, seat)
                )),
                RoundEnd::Declined { team } => detail.push(format!(
                    "{} {team} {}",
                    lang.pick("squadra", "team"),
                    lang.pick("non gioca", "declined")
                )),
                RoundEnd::AllPassed => {
                    detail.push(lang.pick("passano tutti", "all passed").to_string())
                }
            }
            SheetRow {
                number: row.round,
                game: row.game,
                first_of_game: false,
                dealer: super::seat_name(players, row.dealer),
                detail: detail.join(" · "),
                points: row.points.map(|points| points.to_string()),
                totals: row.scores.map(|score| score.to_string()),
                game_won: row.game_won,
            }
        })
        .collect();
    let stage = match summary.stage {
        None | Some(Stage::Normal) => lang.pick("normale", "normal").to_string(),
        Some(Stage::OnTwenty { team }) => format!(
            "{} {team} {}",
            lang.pick("squadra", "team"),
            lang.pick("a 20: niente rilanci", "on 20: no bidding")
        ),
        Some(Stage::BothOnTwenty) => lang
            .pick("20–20: la prossima decide", "20–20: the next round decides")
            .to_string(),
    };
    sheet.facts = vec![
        (
            lang.pick("Giro", "Round").to_string(),
            format!(
                "{} · {} {}",
                summary.round,
                lang.pick("partita", "game"),
                summary.game_number
            ),
        ),
        (lang.pick("Fase", "Stage").to_string(), stage),
        (
            lang.pick("Rilanci aperti", "Bidding open").to_string(),
            lang.pick(
                if summary.bidding { "sì" } else { "no" },
                if summary.bidding { "yes" } else { "no" },
            )
            .to_string(),
        ),
        (
            lang.pick("Si gioca a", "Played to").to_string(),
            format!(
                "{} {} · {} {}",
                summary.options.target_points,
                lang.pick("punti", "points"),
                summary.options.players,
                lang.pick("giocatori", "players")
            ),
        ),
    ];
    sheet.finish();
    sheet
}
