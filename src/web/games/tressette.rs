//! Tressette on the pages: a deal by outcome (a team's card points 0-11 with the
//! declarations, a claim or a sweep), its log lines and its score sheet (a sweep
//! wins several games at once).

use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{Fields, need, need_seat, need_team, seat_word, team_word};
use crate::lang::Lang;
use crate::rules::game::Game;
use crate::rules::tressette::{DealEnd, Declaration, Sweep, Tressette};

/// Declaration rows on the form.
pub const DECLARATION_ROWS: usize = 4;

fn declarations(fields: &Fields, lang: Lang) -> Result<Vec<Value>, String> {
    let mut list = Vec::new();
    for row in 0..DECLARATION_ROWS {
        let combo = fields.get(&format!("decl{row}_combo"));
        if combo.is_empty() {
            continue;
        }
        let seat = need(
            fields.seat(&format!("decl{row}_seat")),
            "Scegli chi ha fatto l'accuso.",
            "Choose who made the declaration.",
            lang,
        )?;
        let rank = fields.get(&format!("decl{row}_rank"));
        let suit = fields.get(&format!("decl{row}_suit"));
        let no_suit = || {
            lang.pick(
                "Scegli il seme dell'accuso.",
                "Choose the suit of the declaration.",
            )
            .to_string()
        };
        list.push(match combo {
            "four" => json!({"combo": "four", "seat": seat, "rank": rank}),
            "three" if !suit.is_empty() => {
                json!({"combo": "three", "seat": seat, "rank": rank, "missing": suit})
            }
            "napoletana" if !suit.is_empty() => {
                json!({"combo": "napoletana", "seat": seat, "suit": suit})
            }
            "three" | "napoletana" => return Err(no_suit()),
            _ => {
                return Err(lang
                    .pick("Accuso sconosciuto.", "Unknown declaration.")
                    .to_string());
            }
        });
    }
    Ok(list)
}

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, lang: Lang) -> Result<Value, String> {
    let points = || {
        need(
            fields.number("points", lang)?,
            "Scrivi i punti in carte (0-11).",
            "Give the card points (0-11).",
            lang,
        )
    };
    let mut entry = match fields.get("outcome") {
        "" | "played" => {
            json!({"type": "deal", "team": need_team(fields, lang)?, "points": points()?})
        }
        "claim" => json!({"type": "deal", "claim": need_seat(fields, lang)?, "points": points()?}),
        "sweep" => {
            let sweep = fields.get("sweep");
            if sweep.is_empty() {
                return Err(lang
                    .pick("Scegli il tipo di cappotto.", "Choose the kind of sweep.")
                    .to_string());
            }
            json!({"type": "deal", "sweep": sweep, "team": need_team(fields, lang)?})
        }
        _ => {
            return Err(lang
                .pick("Esito sconosciuto.", "Unknown outcome.")
                .to_string());
        }
    };
    let declared = declarations(fields, lang)?;
    if !declared.is_empty() {
        entry["declarations"] = Value::Array(declared);
    }
    Ok(entry)
}

pub fn describe(entry: &Value, lang: Lang) -> String {
    let mut text = if let Some(sweep) = entry.get("sweep") {
        format!(
            "{} · {}",
            sweep.as_str().unwrap_or("?"),
            team_word(&entry["team"], lang)
        )
    } else if let Some(seat) = entry.get("claim") {
        format!(
            "{} {} · {} {}",
            lang.pick("chiamata di", "claim by"),
            seat_word(seat, lang),
            entry["points"],
            lang.pick("punti", "points")
        )
    } else {
        format!(
            "{} · {} {}",
            team_word(&entry["team"], lang),
            entry["points"],
            lang.pick("punti", "points")
        )
    };
    if let Some(list) = entry.get("declarations").and_then(Value::as_array) {
        text.push_str(&format!(
            " · {} {}",
            list.len(),
            lang.pick("accusi", "declarations")
        ));
    }
    text
}

fn sweep_word(sweep: Sweep) -> &'static str {
    match sweep {
        Sweep::Cappotto => "cappotto",
        Sweep::Stramazzo => "stramazzo",
        Sweep::Cappottone => "cappottone",
        Sweep::Stramazzone => "stramazzone",
    }
}

fn declaration_word(declaration: &Declaration, lang: Lang) -> String {
    match declaration {
        Declaration::Four { .. } => lang.pick("quattro", "four of a kind").to_string(),
        Declaration::Three { .. } => lang.pick("tre", "three of a kind").to_string(),
        Declaration::Napoletana { .. } => "napoletana".to_string(),
    }
}

pub fn sheet(state: &Tressette, players: &[String], lang: Lang) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win, lang);
    if !summary.common.over {
        sheet.totals = summary.totals.map(|total| total.to_string());
    }
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = vec![format!(
                "{} {}–{}",
                lang.pick("carte", "cards"),
                row.card_points[0],
                row.card_points[1]
            )];
            if row.declared != [0, 0] {
                let words: Vec<String> = row
                    .declarations
                    .iter()
                    .map(|declaration| {
                        format!(
                            "{} ({})",
                            declaration_word(declaration, lang),
                            super::seat_name(players, declaration.seat())
                        )
                    })
                    .collect();
                detail.push(format!(
                    "{} {}–{}: {}",
                    lang.pick("accusi", "declarations"),
                    row.declared[0],
                    row.declared[1],
                    words.join(", ")
                ));
            }
            match row.end {
                DealEnd::Played => {}
                DealEnd::Claim { seat, correct } => detail.push(format!(
                    "{} {} ({})",
                    lang.pick("chiamata di", "claim by"),
                    super::seat_name(players, seat),
                    if correct {
                        lang.pick("giusta", "correct")
                    } else {
                        lang.pick("sbagliata", "wrong")
                    }
                )),
                DealEnd::Sweep { sweep, team } => detail.push(format!(
                    "{} {team} · {} {}",
                    sweep_word(sweep),
                    sweep.games(),
                    lang.pick("partite", "games")
                )),
            }
            if row.game_won.is_some() && row.games > 1 {
                detail.push(format!(
                    "{} {}",
                    row.games,
                    lang.pick("partite vinte", "games won")
                ));
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
    sheet.facts = vec![
        (
            lang.pick("Mano", "Deal").to_string(),
            format!(
                "{} · {} {}",
                summary.deal,
                lang.pick("partita", "game"),
                summary.game_number
            ),
        ),
        (
            lang.pick("Si gioca a", "Played to").to_string(),
            format!(
                "{} {} · {} {}",
                summary.options.target_points,
                lang.pick("punti", "points"),
                summary.options.games_to_win,
                lang.pick("partite", "games")
            ),
        ),
    ];
    sheet.finish();
    sheet
}
