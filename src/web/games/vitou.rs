//! Vitou on the pages: a round by outcome (the winner with the bids, a refusal, a
//! tie, a side on 20 declining, everybody passing at 20-20), its log lines and its
//! score sheet.

use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{
    Fields, Rows, fact, game_pages, need_seat, need_team, position, team_word, unknown_outcome,
    word, yes_no,
};
use crate::rules::game::Game;
use crate::rules::vitou::{RoundEnd, Stage, Vitou};
use crate::web::i18n::Tr;

const BIDS: Rows = Rows {
    prefix: "bid",
    label_key: "games-vitou_bid",
    lead: "bid",
    lead_key: "games-vitou_bid",
    others: &["seat"],
};

game_pages!(VitouPages, Vitou, VitouForm, "games/form_vitou.html");

/// The round the outcome form describes.
pub fn entry(fields: &Fields, tr: Tr) -> Result<Value, String> {
    let bids = fields.seated_rows(&BIDS, tr, "games-vitou_need_bidder", |_, seat, bid| {
        let bid = match bid {
            "3" | "6" | "12" => json!(bid.parse::<u32>().unwrap_or(3)),
            "baraque" => json!("baraque"),
            _ => return Err(tr.t("games-vitou_unknown_bid").to_string()),
        };
        Ok(json!({"seat": seat, "bid": bid}))
    })?;
    let mut entry = match fields.get("outcome") {
        "" | "won" => json!({"type": "round", "winner": need_team(fields, tr)?}),
        "tied" => json!({"type": "round", "tied": true}),
        "refused" => json!({"type": "round", "refusal": {"seat": need_seat(fields, tr)?}}),
        "declined" => json!({"type": "round", "declined": true}),
        "all_passed" => json!({"type": "round", "all_passed": true}),
        _ => return unknown_outcome(tr),
    };
    if !bids.is_empty() {
        entry["bids"] = Value::Array(bids);
    }
    if let Some(points) = fields.number("points", tr)? {
        entry["points"] = json!(points);
    }
    Ok(entry)
}

pub fn describe(entry: &Value, players: &[String], tr: Tr) -> String {
    let mut text = if entry["tied"] == json!(true) {
        tr.t("games-tied").to_string()
    } else if entry["declined"] == json!(true) {
        tr.t("games-declined").to_string()
    } else if entry["all_passed"] == json!(true) {
        tr.t("games-all_passed").to_string()
    } else if let Some(refusal) = entry.get("refusal") {
        super::by_seat(tr, "games-log_refused", &refusal["seat"], players)
    } else {
        let team = team_word(&entry["winner"], players, tr);
        word(tr, "games-won_by", "team", team)
    };
    if let Some(last) = entry
        .get("bids")
        .and_then(Value::as_array)
        .and_then(|bids| bids.last())
    {
        let bid = last["bid"].to_string().trim_matches('"').to_string();
        text.push_str(&format!(" · {}", word(tr, "games-bid", "bid", bid)));
    }
    text
}

pub fn sheet(state: &Vitou, players: &[String], tr: Tr) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win);
    sheet.unit_key = "games-col_round";
    let team = |id: &str, team: crate::rules::game::Team| word(tr, id, "team", team.to_string());
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = Vec::new();
            match row.stage {
                Stage::Normal => {}
                Stage::OnTwenty { team: on } => detail.push(team("games-team_on_twenty", on)),
                Stage::BothOnTwenty => detail.push("20–20".to_string()),
            }
            if let Some(bid) = row.bid {
                detail.push(word(tr, "games-bid", "bid", bid.word().to_string()));
            }
            match row.end {
                RoundEnd::Played { winner: Some(_) } => {}
                RoundEnd::Played { winner: None } => detail.push(tr.t("games-tied").to_string()),
                RoundEnd::Refused { seat } => detail.push(word(
                    tr,
                    "games-refused",
                    "who",
                    super::seat_name(players, seat),
                )),
                RoundEnd::Declined { team: out } => detail.push(team("games-team_declined", out)),
                RoundEnd::AllPassed => detail.push(tr.t("games-all_passed").to_string()),
            }
            SheetRow::new(row.round, row.game, super::seat_name(players, row.dealer))
                .detail(detail)
                .points(row.points, row.scores, row.game_won)
        })
        .collect();
    let stage = match summary.stage {
        None | Some(Stage::Normal) => tr.t("games-stage_normal").to_string(),
        Some(Stage::OnTwenty { team: on }) => team("games-stage_on_twenty", on),
        Some(Stage::BothOnTwenty) => tr.t("games-stage_both_twenty").to_string(),
    };
    let options = &summary.options;
    sheet.facts = vec![
        position(tr, "games-fact_round", summary.round, summary.game_number),
        fact(tr, "games-fact_stage", stage),
        fact(tr, "games-fact_bidding", yes_no(tr, summary.bidding)),
        fact(
            tr,
            "games-fact_played_to",
            super::trijumf::played_to(tr, options.target_points, options.players),
        ),
    ];
    sheet.finish();
    sheet
}
