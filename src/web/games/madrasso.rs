//! Madrasso on the pages: a deal by outcome (one team's points 0-130, or cappotto,
//! cassone or a declaration), its log lines and its score sheet (totals may go
//! below zero under the subtract variant).

use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{
    Fields, card_name, count, fact, game_pages, json_arg, judged, need_seat, need_team, pair,
    position, team_word, unknown_outcome, word, yes_no,
};
use crate::rules::game::Game;
use crate::rules::madrasso::{DealEnd, Madrasso, RevokePenalty};
use crate::web::i18n::Tr;

game_pages!(
    MadrassoPages,
    Madrasso,
    MadrassoForm,
    "games/form_madrasso.html"
);

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, tr: Tr) -> Result<Value, String> {
    let points = || fields.required_number("points", tr, "games-madrasso_need_points");
    Ok(match fields.get("outcome") {
        "" | "played" => {
            json!({"type": "deal", "team": need_team(fields, tr)?, "points": points()?})
        }
        "cappotto" => json!({"type": "deal", "cappotto": need_team(fields, tr)?}),
        "cassone" => json!({"type": "deal", "cassone": {"seat": need_seat(fields, tr)?}}),
        "declared" => {
            let mut entry =
                json!({"type": "deal", "declared": need_seat(fields, tr)?, "points": points()?});
            // A team tapped is the declarer's by the rules, which check it.
            if let Some(team) = fields.team("team") {
                entry["team"] = json!(team);
            }
            entry
        }
        _ => return unknown_outcome(tr),
    })
}

pub fn describe(entry: &Value, players: &[String], tr: Tr) -> String {
    if let Some(team) = entry.get("cappotto") {
        return word(
            tr,
            "games-log_cappotto",
            "team",
            team_word(team, players, tr),
        );
    }
    if let Some(cassone) = entry.get("cassone") {
        return super::by_seat(tr, "games-cassone_by", &cassone["seat"], players);
    }
    let points = count(tr, "games-n_points", json_arg(&entry["points"]));
    if let Some(seat) = entry.get("declared") {
        let who = super::by_seat(tr, "games-declared_out_by", seat, players);
        return format!("{who} · {points}");
    }
    format!("{} · {points}", team_word(&entry["team"], players, tr))
}

pub fn sheet(state: &Madrasso, players: &[String], tr: Tr) -> GameSheet {
    let lang = tr.lang();
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win);
    sheet.unit_key = "games-col_deal";
    sheet.totals = summary.totals.map(|total| total.to_string());
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = Vec::new();
            if let Some(card) = row.face_up {
                detail.push(word(tr, "games-trumps", "trump", card_name(card, lang)));
            }
            if let Some(tricks) = row.tricks {
                detail.push(pair(tr, "games-tricks_pair", tricks));
            }
            match row.end {
                DealEnd::Played => {}
                DealEnd::Cappotto { team } => {
                    detail.push(word(tr, "games-cappotto_team", "team", team.to_string()))
                }
                DealEnd::Cassone { seat } => detail.push(word(
                    tr,
                    "games-cassone_by",
                    "who",
                    super::seat_name(players, seat),
                )),
                DealEnd::Declared { seat, correct } => detail.push(judged(
                    tr,
                    "games-declared_by",
                    super::seat_name(players, seat),
                    correct,
                )),
            }
            SheetRow::new(row.deal, row.game, super::seat_name(players, row.dealer))
                .detail(detail)
                .points(row.points, row.totals, row.game_won)
        })
        .collect();
    let options = &summary.options;
    let mut rules = vec![
        count(tr, "games-n_points", options.target_points),
        count(tr, "games-at_least_deals", options.min_deals),
        tr.t(match options.revoke_penalty {
            RevokePenalty::Award => "games-penalty_award_fact",
            RevokePenalty::Subtract => "games-penalty_subtract_fact",
        })
        .to_string(),
    ];
    if options.must_trump {
        rules.push(tr.t("games-must_trump_fact").to_string());
    }
    sheet.facts = vec![
        position(tr, "games-fact_deal", summary.deal, summary.game_number),
        fact(
            tr,
            "games-fact_can_declare",
            yes_no(tr, summary.can_declare),
        ),
        fact(tr, "games-fact_rules", rules.join(" · ")),
    ];
    sheet.finish();
    sheet
}
