//! The match as it will be once the taps waiting on a phone without network are
//! stored (static/offline.js). The page cannot run the rules offline, so the server
//! runs them ahead: for the game's one-tap entries (a hand or round given to a team,
//! nothing else typed) it plays every sequence of up to [`DEPTH`] taps from the match
//! as it stands and writes what the page shows after each (the score, the games, the
//! hand counter, the dealer…). The script finds the state its waiting taps lead to;
//! an entry of any other kind, or more taps than that, leaves the page as it is,
//! marked as not counting them. Games whose quick entry needs typed points
//! (Madrasso, Tressette, Trijumf) have no one-tap entry.

use serde_json::{Value, json};

use super::Fields;
use super::sheets::GameSheet;
use crate::rules::any::{AnyMatch, AnyRecord};
use crate::rules::comanda::Nicknames;
use crate::rules::game::{Game, Team};
use crate::rules::kind::GameKind;
use crate::rules::trionfetti::TrionfettiSummary;
use crate::web::i18n::Tr;

/// How many taps ahead the states go: `2^(DEPTH+1) - 1` states, a few kilobytes.
pub const DEPTH: u32 = 6;

/// A one-tap entry: the address it posts to (after the page's base) and the form's
/// pairs that are not empty, as the script reads them from its waiting entry.
struct Tap {
    action: &'static str,
    pairs: Vec<(&'static str, String)>,
}

/// The one-tap entries of a game, a team each.
fn taps(game: GameKind) -> Vec<Tap> {
    Team::BOTH
        .into_iter()
        .filter_map(|team| {
            let team = team.letter().to_string();
            match game {
                GameKind::Trionfetti => Some(Tap {
                    action: "/hand",
                    pairs: vec![("winner", team)],
                }),
                // The form's first outcome ("won") is checked unless another is.
                GameKind::Vitou => Some(Tap {
                    action: "/outcome",
                    pairs: vec![("team", team), ("outcome", "won".to_string())],
                }),
                _ => None,
            }
        })
        .collect()
}

/// The entry a tap makes, built by the code the tap's handler uses.
fn tap_entry(game: GameKind, tap: &Tap, tr: Tr) -> Option<Value> {
    let pairs: Vec<(String, String)> = tap
        .pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.clone()))
        .collect();
    match tap.action {
        "/hand" => super::trionfetti::tap_entry(&pairs, tr.lang()).ok(),
        _ => super::outcome_entry(game, &Fields::new(pairs), tr).ok(),
    }
}

/// What the referee page shows of `state`, by the id of the element that shows it,
/// worded as the templates word it.
fn shown(state: &AnyMatch, players: &[String], tr: Tr) -> Vec<(String, String)> {
    let sheet = GameSheet::of(state, players, tr);
    let none = || "—".to_string();
    let mut shown = Vec::new();
    for team in Team::BOTH {
        let letter = team.letter();
        shown.push((
            format!("points-{letter}"),
            sheet.totals[team.index()].clone(),
        ));
        shown.push((
            format!("games-{letter}"),
            sheet.games_won[team.index()].to_string(),
        ));
    }
    shown.push(("dealer".into(), sheet.dealer.clone().unwrap_or_else(none)));
    shown.push(("cutter".into(), sheet.cutter.clone().unwrap_or_else(none)));
    shown.push(("leader".into(), sheet.leader.clone().unwrap_or_else(none)));
    for (index, (_, value)) in sheet.facts.iter().enumerate() {
        shown.push((format!("fact-{}", index + 1), value.clone()));
    }
    if let AnyMatch::Trionfetti(game) = state {
        shown.extend(trionfetti_shown(&game.summary(), tr));
    }
    shown
}

/// Trionfetti's hand counter and the vagaresto's worth, as `form_trionfetti.html`
/// words them.
fn trionfetti_shown(summary: &TrionfettiSummary, tr: Tr) -> Vec<(String, String)> {
    let deal = format!(
        "{} {} · {} {}/4",
        tr.t("scoring-smazzata"),
        summary.smazzata,
        tr.t("scoring-hand"),
        summary.hand
    );
    let worth = summary.vagaresto_value.unwrap_or(0);
    vec![
        ("deal-short".into(), deal.clone()),
        ("deal".into(), deal),
        ("vagaresto-worth".into(), worth.to_string()),
        (
            "vagaresto-stake".into(),
            tr.t_args("scoring-vagaresto_stake", [("stake", worth.into())]),
        ),
    ]
}

/// The states ahead of the match as a JSON text for the page's script (no taps and
/// the match as it stands alone when the game has no one-tap entry):
/// `{"taps": [{"action", "pairs"}], "ids": [...], "texts": [...], "nodes": [...]}`.
/// `nodes` is a tree in one list: the match as it stands first, then the state after
/// tap `t` from node `n` at `n * taps + 1 + t`, each a list of indexes into `texts`
/// in the order of `ids` (`null` where the rules refuse the tap, as after the match's
/// end).
pub fn states_ahead(
    record: &AnyRecord,
    state: &AnyMatch,
    nicknames: &Nicknames,
    players: &[String],
    tr: Tr,
) -> String {
    let game = record.kind();
    let mut taps = taps(game);
    let entries: Vec<Value> = taps
        .iter()
        .filter_map(|tap| tap_entry(game, tap, tr))
        .collect();
    // A tap its handler would refuse is no tap: the page then only marks what waits.
    if entries.len() != taps.len() {
        taps.clear();
    }
    let ids: Vec<String> = shown(state, players, tr)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let mut texts: Vec<String> = Vec::new();
    let mut index_of = |text: String| match texts.iter().position(|known| *known == text) {
        Some(index) => index,
        None => {
            texts.push(text);
            texts.len() - 1
        }
    };
    let mut row = |state: &AnyMatch| -> Value {
        let shown = shown(state, players, tr);
        let indexes: Vec<usize> = ids
            .iter()
            .map(|id| {
                let text = shown
                    .iter()
                    .find(|(known, _)| known == id)
                    .map(|(_, text)| text.clone())
                    .unwrap_or_else(|| "—".to_string());
                index_of(text)
            })
            .collect();
        json!(indexes)
    };
    // Breadth first, so that the list is the tree in the order the script reads it.
    let mut level: Vec<Option<(AnyRecord, AnyMatch)>> = vec![Some((record.clone(), state.clone()))];
    let mut nodes = vec![row(state)];
    let depth = if taps.is_empty() { 0 } else { DEPTH };
    for _ in 0..depth {
        let mut next = Vec::with_capacity(level.len() * taps.len());
        for parent in &level {
            for entry in &entries {
                let child = parent.as_ref().and_then(|(record, state)| {
                    let (mut record, mut state) = (record.clone(), state.clone());
                    record
                        .extend(&mut state, entry.clone(), nicknames)
                        .ok()
                        .map(|_| (record, state))
                });
                nodes.push(match &child {
                    Some((_, state)) => row(state),
                    None => Value::Null,
                });
                next.push(child);
            }
        }
        level = next;
    }
    let taps: Vec<Value> = taps
        .iter()
        .map(|tap| json!({"action": tap.action, "pairs": tap.pairs}))
        .collect();
    json!({"taps": taps, "ids": ids, "texts": texts, "nodes": nodes}).to_string()
}
