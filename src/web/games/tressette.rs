//! Tressette on the pages: a deal by outcome (a team's card points 0-11 with the
//! declarations, a claim or a sweep), its log lines and its score sheet (a sweep
//! wins several games at once).

use serde::Deserialize;
use serde_json::{Value, json};

use super::sheets::{GameSheet, SheetRow};
use super::{
    Fields, Rows, count, fact, game_pages, json_arg, need_seat, need_team, pair, position,
    team_word, unknown_outcome,
};
use crate::rules::game::Game;
use crate::rules::tressette::{DealEnd, Declaration, Sweep, Tressette};
use crate::web::i18n::Tr;

const DECLARATIONS: Rows = Rows {
    prefix: "decl",
    label_key: "games-declaration",
    lead: "combo",
    lead_key: "games-combination",
    others: &["seat", "rank", "suit"],
};

game_pages!(
    TressettePages,
    Tressette,
    TressetteForm,
    "games/form_tressette.html"
);

fn declarations(fields: &Fields, tr: Tr) -> Result<Vec<Value>, String> {
    fields.seated_rows(
        &DECLARATIONS,
        tr,
        "games-tressette_need_declarer",
        |row, seat, combo| {
            // A four has no suit, a napoletana no rank: those fields stay unread, and so
            // refused when typed.
            let rank = || {
                let rank = fields.get(&format!("decl{row}_rank"));
                if rank.is_empty() {
                    return Err(tr.t("games-tressette_need_rank").to_string());
                }
                Ok(rank.to_string())
            };
            let suit = || {
                let suit = fields.get(&format!("decl{row}_suit"));
                if suit.is_empty() {
                    return Err(tr.t("games-tressette_need_suit").to_string());
                }
                Ok(suit.to_string())
            };
            Ok(match combo {
                "four" => json!({"combo": "four", "seat": seat, "rank": rank()?}),
                "three" => {
                    json!({"combo": "three", "seat": seat, "rank": rank()?, "missing": suit()?})
                }
                "napoletana" => json!({"combo": "napoletana", "seat": seat, "suit": suit()?}),
                _ => return Err(tr.t("games-tressette_unknown_declaration").to_string()),
            })
        },
    )
}

/// The deal the outcome form describes.
pub fn entry(fields: &Fields, tr: Tr) -> Result<Value, String> {
    let points = || fields.required_number("points", tr, "games-tressette_need_points");
    let mut entry = match fields.get("outcome") {
        "" | "played" => {
            json!({"type": "deal", "team": need_team(fields, tr)?, "points": points()?})
        }
        "claim" => json!({"type": "deal", "claim": need_seat(fields, tr)?, "points": points()?}),
        "sweep" => {
            let sweep = fields.get("sweep");
            if sweep.is_empty() {
                return Err(tr.t("games-tressette_need_sweep").to_string());
            }
            json!({"type": "deal", "sweep": sweep, "team": need_team(fields, tr)?})
        }
        _ => return unknown_outcome(tr),
    };
    let declared = declarations(fields, tr)?;
    if !declared.is_empty() {
        entry["declarations"] = Value::Array(declared);
    }
    Ok(entry)
}

pub fn describe(entry: &Value, players: &[String], tr: Tr) -> String {
    let points = || count(tr, "games-n_points", json_arg(&entry["points"]));
    let mut text = if let Some(sweep) = entry.get("sweep") {
        // The stored word is the engine's, the reader's comes from the catalogue.
        let sweep = match Sweep::deserialize(sweep) {
            Ok(sweep) => sweep_word(sweep, tr).to_string(),
            Err(_) => sweep.as_str().unwrap_or("?").to_string(),
        };
        format!("{sweep} · {}", team_word(&entry["team"], players, tr))
    } else if let Some(seat) = entry.get("claim") {
        let who = super::by_seat(tr, "games-claim_by", seat, players);
        format!("{who} · {}", points())
    } else {
        format!("{} · {}", team_word(&entry["team"], players, tr), points())
    };
    if let Some(list) = entry.get("declarations").and_then(Value::as_array) {
        text.push_str(&format!(" · {}", count(tr, "games-n_accusi", list.len())));
    }
    text
}

/// A sweep's name: the game's terms, from the catalogue so that a language may choose.
fn sweep_word(sweep: Sweep, tr: Tr) -> &'static str {
    tr.t(match sweep {
        Sweep::Cappotto => "games-sweep_cappotto",
        Sweep::Stramazzo => "games-sweep_stramazzo",
        Sweep::Cappottone => "games-sweep_cappottone",
        Sweep::Stramazzone => "games-sweep_stramazzone",
    })
}

fn declaration_word(declaration: &Declaration, tr: Tr) -> &'static str {
    match declaration {
        Declaration::Four { .. } => tr.t("games-decl_four"),
        Declaration::Three { .. } => tr.t("games-decl_three"),
        Declaration::Napoletana { .. } => tr.t("games-decl_napoletana"),
    }
}

pub fn sheet(state: &Tressette, players: &[String], tr: Tr) -> GameSheet {
    let summary = state.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win);
    if !summary.common.over {
        sheet.totals = summary.totals.map(|total| total.to_string());
    }
    sheet.rows = summary
        .sheet
        .iter()
        .map(|row| {
            let mut detail = vec![pair(tr, "games-cards_pair", row.card_points)];
            if row.declared != [0, 0] {
                let words: Vec<String> = row
                    .declarations
                    .iter()
                    .map(|declaration| {
                        format!(
                            "{} ({})",
                            declaration_word(declaration, tr),
                            super::seat_name(players, declaration.seat())
                        )
                    })
                    .collect();
                let [a, b] = row.declared;
                detail.push(tr.t_args(
                    "games-accusi_pair",
                    &[
                        ("a", a.into()),
                        ("b", b.into()),
                        ("list", words.join(", ").into()),
                    ],
                ));
            }
            match row.end {
                DealEnd::Played => {}
                DealEnd::Claim { seat, correct } => {
                    detail.push(super::claim_judged(tr, players, seat, correct))
                }
                DealEnd::Sweep { sweep, team } => detail.push(tr.t_args(
                    "games-sweep_team",
                    &[
                        ("sweep", sweep_word(sweep, tr).into()),
                        ("team", team.to_string().into()),
                        ("games", count(tr, "games-n_games", sweep.games()).into()),
                    ],
                )),
            }
            if row.game_won.is_some() && row.games > 1 {
                detail.push(count(tr, "games-n_games_won", row.games));
            }
            SheetRow::new(row.deal, row.game, super::seat_name(players, row.dealer))
                .detail(detail)
                .points(row.points, row.totals, row.game_won)
        })
        .collect();
    let options = &summary.options;
    sheet.facts = vec![
        position(tr, "games-fact_deal", summary.deal, summary.game_number),
        fact(
            tr,
            "games-fact_played_to",
            format!(
                "{} · {}",
                count(tr, "games-n_points", options.target_points),
                count(tr, "games-n_games", options.games_to_win)
            ),
        ),
    ];
    sheet.finish();
    sheet
}
