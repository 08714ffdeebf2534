//! Trijumf on the pages: a deal by outcome (the cut, the trump card, the card points
//! of each side, king-horse declarations, a claim or a revoke), its log lines and
//! its score sheet.

use serde::Deserialize;
use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{
    Fields, Rows, card_name, count, fact, game_pages, need_seat, pair, position, suit_name, word,
};
use crate::rules::card::Deck;
use crate::rules::game::{Game, Team};
use crate::rules::trijumf::{Cut, DealEnd, Trijumf};
use crate::web::i18n::Tr;

const DECLARATIONS: Rows = Rows {
    prefix: "decl",
    label_key: "games-declaration",
    lead: "suit",
    lead_key: "games-suit",
    others: &["seat"],
};

game_pages!(
    TrijumfPages,
    Trijumf,
    TrijumfForm,
    "games/form_trijumf.html"
);

impl TrijumfForm<'_> {
    /// The trump card choices: code and name.
    pub fn cards(&self) -> Vec<(String, String)> {
        let lang = self.ctx.lang();
        Deck::Italian40
            .cards()
            .map(|card| (card.code(), card_name(card, lang)))
            .collect()
    }
}

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, tr: Tr) -> Result<Value, String> {
    let cut = match fields.get("cut") {
        "" | "normal" => "normal",
        "knock" => "knock",
        "flip" => "flip",
        _ => return Err(tr.t("games-trijumf_unknown_cut").to_string()),
    };
    let mut entry = json!({"type": "deal", "cut": cut});
    if let Some(card) = fields.card("trump_card", tr)? {
        entry["trump_card"] = json!(card);
    }
    let declared = fields.seated_rows(
        &DECLARATIONS,
        tr,
        "games-trijumf_need_declarer",
        |_, seat, suit| Ok(json!({"seat": seat, "suit": suit})),
    )?;
    if !declared.is_empty() {
        entry["declarations"] = Value::Array(declared);
    }
    let points = || -> Result<Value, String> {
        let a = fields.number("points_a", tr)?;
        let b = fields.number("points_b", tr)?;
        match (a, b) {
            (Some(a), Some(b)) => Ok(json!([a, b])),
            _ => Err(tr.t("games-trijumf_need_points").to_string()),
        }
    };
    match fields.get("outcome") {
        "" | "played" => entry["points"] = points()?,
        "claim" => {
            entry["points"] = points()?;
            let mut claim = json!({"seat": need_seat(fields, tr)?});
            match fields.get("claim_correct") {
                "yes" => claim["correct"] = json!(true),
                "no" => claim["correct"] = json!(false),
                "" => {}
                _ => return super::unknown_outcome(tr),
            }
            entry["claim"] = claim;
        }
        "revoke" => entry["revoke"] = json!({"seat": need_seat(fields, tr)?}),
        _ => return super::unknown_outcome(tr),
    }
    Ok(entry)
}

pub fn describe(entry: &Value, players: &[String], tr: Tr) -> String {
    // The stored word is the engine's ("knock"), not the reader's ("bussata").
    let mut parts = vec![match Cut::deserialize(&entry["cut"]) {
        Ok(cut) => cut_word(cut, tr).to_string(),
        Err(_) => tr.t("games-cut_unknown").to_string(),
    }];
    if let Some(card) = entry
        .get("trump_card")
        .and_then(Value::as_str)
        .and_then(|code| code.parse().ok())
    {
        parts.push(card_name(card, tr.lang()));
    }
    if let Some([a, b]) = entry
        .get("points")
        .and_then(Value::as_array)
        .map(|points| [points[0].clone(), points[1].clone()])
    {
        parts.push(format!("{a}–{b}"));
    }
    if let Some(list) = entry.get("declarations").and_then(Value::as_array) {
        parts.push(count(tr, "games-n_declared", list.len()));
    }
    for (field, id) in [("claim", "games-claim_by"), ("revoke", "games-revoke_by")] {
        if let Some(by) = entry.get(field) {
            parts.push(super::by_seat(tr, id, &by["seat"], players));
        }
    }
    parts.join(" · ")
}

pub(crate) fn cut_word(cut: Cut, tr: Tr) -> &'static str {
    tr.t(match cut {
        Cut::Normal => "games-cut_normal",
        Cut::Knock => "games-cut_knock",
        Cut::Flip => "games-cut_flip",
    })
}

pub fn sheet(state: &Trijumf, players: &[String], tr: Tr) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win);
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = vec![cut_word(row.cut, tr).to_string()];
            detail.push(match row.trump {
                Some(suit) => word(tr, "games-trumps", "trump", suit_name(suit, tr.lang())),
                None => tr.t("games-no_trumps").to_string(),
            });
            detail.push(pair(tr, "games-cards_pair", row.card_points));
            if row.declarations != [0, 0] {
                detail.push(pair(tr, "games-king_horse_pair", row.declarations));
            }
            match row.end {
                DealEnd::Played => {}
                DealEnd::Claim { seat, correct } => {
                    detail.push(super::claim_judged(tr, players, seat, correct))
                }
                DealEnd::Revoke { seat } => detail.push(word(
                    tr,
                    "games-revoke_by",
                    "who",
                    super::seat_name(players, seat),
                )),
            }
            SheetRow::new(row.deal, row.game, super::seat_name(players, row.dealer))
                .detail(detail)
                .points(row.points, row.scores, row.game_won)
        })
        .collect();
    let mut facts = vec![position(
        tr,
        "games-fact_deal",
        summary.deal,
        summary.game_number,
    )];
    if let Some(cutter) = summary.cutter {
        facts.push(fact(
            tr,
            "games-fact_cuts",
            super::seat_name(players, cutter),
        ));
    }
    facts.push(fact(
        tr,
        "games-fact_played_to",
        played_to(tr, summary.options.target_points, summary.options.players),
    ));
    sheet.facts = facts;
    sheet.finish();
    sheet
}

/// "401 punti · 4 giocatori".
pub(crate) fn played_to(tr: Tr, target_points: u32, players: u8) -> String {
    format!(
        "{} · {}",
        count(tr, "games-n_points", target_points),
        count(tr, "games-n_players", players)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_names_its_cut_in_the_readers_language() {
        let [italian, english] = crate::web::i18n::in_both(|tr| tr);
        let knock = json!({"cut": "knock", "points": [3, 0]});
        assert_eq!(describe(&knock, &[], italian), "bussata · 3–0");
        assert_eq!(describe(&knock, &[], english), "knock · 3–0");
        let flip = json!({"cut": "flip", "trump_card": "1D", "points": [1, 2]});
        assert!(
            describe(&flip, &[], italian).starts_with("carta girata · "),
            "{}",
            describe(&flip, &[], italian)
        );
        let damaged = json!({"cut": "sideways"});
        assert_eq!(describe(&damaged, &[], italian), "taglio ?");
    }

    /// A claim or a revoke names the player as the score sheet does, the seat where
    /// the match has no name for it.
    #[test]
    fn a_claim_or_a_revoke_names_the_player() {
        let [italian, english] = crate::web::i18n::in_both(|tr| tr);
        let players = ["Bepi", "Toni", "", "Gigio"].map(String::from);
        let claim = json!({"cut": "normal", "points": [2, 1], "claim": {"seat": 1}});
        assert_eq!(
            describe(&claim, &players, italian),
            "taglio normale · 2–1 · chiamata di Toni"
        );
        let revoke = json!({"cut": "knock", "revoke": {"seat": 2}});
        assert_eq!(
            describe(&revoke, &players, english),
            "knock · revoke by seat 3"
        );
        let revoke = json!({"cut": "knock", "revoke": {"seat": 3}});
        assert_eq!(
            describe(&revoke, &players, english),
            "knock · revoke by Gigio"
        );
    }
}
