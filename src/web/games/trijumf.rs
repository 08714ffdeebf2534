//! Trijumf on the pages: a deal by outcome (the cut, the trump card, the card points
//! of each side, king-horse declarations, a claim or a revoke), its log lines and
//! its score sheet.

use serde::Deserialize;
use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{Fields, card_name, need, need_seat, seat_word};
use crate::lang::{Lang, Written};
use crate::rules::card::Suit;
use crate::rules::game::Game;
use crate::rules::trijumf::{Cut, DealEnd, Trijumf};

/// Declaration rows on the form.
pub const DECLARATION_ROWS: usize = 4;

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, lang: Lang) -> Result<Value, String> {
    let cut = match fields.get("cut") {
        "" | "normal" => "normal",
        "knock" => "knock",
        "flip" => "flip",
        _ => return Err(lang.pick("Taglio sconosciuto.", "Unknown cut.").to_string()),
    };
    let mut entry = json!({"type": "deal", "cut": cut});
    if let Some(card) = fields.card("trump_card", lang)? {
        entry["trump_card"] = json!(card);
    }
    let mut declared = Vec::new();
    for row in 0..DECLARATION_ROWS {
        let suit = fields.get(&format!("decl{row}_suit"));
        if suit.is_empty() {
            continue;
        }
        let seat = need(
            fields.seat(&format!("decl{row}_seat")),
            "Scegli chi ha dichiarato re e cavallo.",
            "Choose who declared king and horse.",
            lang,
        )?;
        declared.push(json!({"seat": seat, "suit": suit}));
    }
    if !declared.is_empty() {
        entry["declarations"] = Value::Array(declared);
    }
    let points = || -> Result<Value, String> {
        let a = fields.number("points_a", lang)?;
        let b = fields.number("points_b", lang)?;
        match (a, b) {
            (Some(a), Some(b)) => Ok(json!([a, b])),
            _ => Err(lang
                .pick(
                    "Scrivi i punti in carte delle due parti.",
                    "Give the card points of both sides.",
                )
                .to_string()),
        }
    };
    match fields.get("outcome") {
        "" | "played" => entry["points"] = points()?,
        "claim" => {
            entry["points"] = points()?;
            let mut claim = json!({"seat": need_seat(fields, lang)?});
            match fields.get("claim_correct") {
                "yes" => claim["correct"] = json!(true),
                "no" => claim["correct"] = json!(false),
                _ => {}
            }
            entry["claim"] = claim;
        }
        "revoke" => entry["revoke"] = json!({"seat": need_seat(fields, lang)?}),
        _ => {
            return Err(lang
                .pick("Esito sconosciuto.", "Unknown outcome.")
                .to_string());
        }
    }
    Ok(entry)
}

pub fn describe(entry: &Value, lang: Lang) -> String {
    // The stored word is the engine's ("knock"), not the reader's ("bussata").
    let mut text = match Cut::deserialize(&entry["cut"]) {
        Ok(cut) => cut_word(cut, lang).to_string(),
        Err(_) => format!("{} ?", lang.pick("taglio", "cut")),
    };
    if let Some(card) = entry
        .get("trump_card")
        .and_then(Value::as_str)
        .and_then(|code| code.parse().ok())
    {
        text.push_str(&format!(" · {}", card_name(card, lang)));
    }
    if let Some([a, b]) = entry
        .get("points")
        .and_then(Value::as_array)
        .map(|points| [points[0].clone(), points[1].clone()])
    {
        text.push_str(&format!(" · {a}–{b}"));
    }
    if let Some(list) = entry.get("declarations").and_then(Value::as_array) {
        text.push_str(&format!(
            " · {} {}",
            list.len(),
            lang.pick("dichiarazioni", "declarations")
        ));
    }
    if let Some(claim) = entry.get("claim") {
        text.push_str(&format!(
            " · {} {}",
            lang.pick("chiamata di", "claim by"),
            seat_word(&claim["seat"], lang)
        ));
    }
    if let Some(revoke) = entry.get("revoke") {
        text.push_str(&format!(
            " · {} {}",
            lang.pick("rinuncia di", "revoke by"),
            seat_word(&revoke["seat"], lang)
        ));
    }
    text
}

pub(crate) fn cut_word(cut: Cut, lang: Lang) -> &'static str {
    match cut {
        Cut::Normal => lang.pick("taglio normale", "normal cut"),
        Cut::Knock => lang.pick("bussata", "knock"),
        Cut::Flip => lang.pick("carta girata", "flip"),
    }
}

fn suit_word(suit: Suit, lang: Lang) -> &'static str {
    match lang.written() {
        Written::It => suit.italian_name(),
        Written::En => suit.english_name(),
    }
}

pub fn sheet(state: &Trijumf, players: &[String], lang: Lang) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win, lang);
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = vec![cut_word(row.cut, lang).to_string()];
            match row.trump {
                Some(suit) => detail.push(format!(
                    "{}: {}",
                    lang.pick("briscola", "trumps"),
                    suit_word(suit, lang)
                )),
                None => detail.push(lang.pick("senza briscola", "no trumps").to_string()),
            }
            detail.push(format!(
                "{} {}–{}",
                lang.pick("carte", "cards"),
                row.card_points[0],
                row.card_points[1]
            ));
            if row.declarations != [0, 0] {
                detail.push(format!(
                    "{} {}–{}",
                    lang.pick("re e cavallo", "king-horse"),
                    row.declarations[0],
                    row.declarations[1]
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
                DealEnd::Revoke { seat } => detail.push(format!(
                    "{} {}",
                    lang.pick("rinuncia di", "revoke by"),
                    super::seat_name(players, seat)
                )),
            }
            SheetRow {
                number: row.deal,
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
    let mut facts = vec![(
        lang.pick("Mano", "Deal").to_string(),
        format!(
            "{} · {} {}",
            summary.deal,
            lang.pick("partita", "game"),
            summary.game_number
        ),
    )];
    if let Some(cutter) = summary.cutter {
        facts.push((
            lang.pick("Taglia", "Cuts").to_string(),
            super::seat_name(players, cutter),
        ));
    }
    facts.push((
        lang.pick("Si gioca a", "Played to").to_string(),
        format!(
            "{} {} · {} {}",
            summary.options.target_points,
            lang.pick("punti", "points"),
            summary.options.players,
            lang.pick("giocatori", "players")
        ),
    ));
    sheet.facts = facts;
    sheet.finish();
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_names_its_cut_in_the_readers_language() {
        let knock = json!({"cut": "knock", "points": [3, 0]});
        assert_eq!(describe(&knock, Lang::It), "bussata · 3–0");
        assert_eq!(describe(&knock, Lang::En), "knock · 3–0");
        let flip = json!({"cut": "flip", "trump_card": "1D", "points": [1, 2]});
        assert!(
            describe(&flip, Lang::It).starts_with("carta girata · "),
            "{}",
            describe(&flip, Lang::It)
        );
        let damaged = json!({"cut": "sideways"});
        assert_eq!(describe(&damaged, Lang::It), "taglio ?");
    }
}
