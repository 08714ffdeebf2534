//! `segnapunti plan --json FILE`: the schedule a format gives, without a database. The
//! organizer plans an evening with it; it is also the pure core's check mode. The file
//! and the output are described in `docs/tournament.md` ("The planning command").
//!
//! Exit codes: 0 the plan; 1 a result names no table of the schedule (or one not ready
//! to be decided); 2 the file cannot be read or asks for something no format offers.

use std::path::Path;

use serde::Deserialize;
use serde_json::{Value, json};

use super::comanda::CommandOutput;
use super::{in_both, worded_in_both};
use crate::tournament::{
    ByeScore, Cycles, EntrantId, Format, LateEntry, Match, Outcome, Recorded, Results, Side, Slot,
    Stage, Status, TieBreak, Tournament, Withdrawal, double_elimination, rotating, round_robin,
    single_elimination, swiss,
};

/// A round's label: a number, or text such as `L2` or `GF`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
enum Label {
    Number(u32),
    Text(String),
}

impl Label {
    fn json(&self) -> Value {
        match self {
            Label::Number(n) => json!(n),
            Label::Text(t) => json!(t),
        }
    }

    fn text(&self) -> String {
        match self {
            Label::Number(n) => n.to_string(),
            Label::Text(t) => t.clone(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanFile {
    format: String,
    entrants: u32,
    rounds: Option<u32>,
    seed: Option<u64>,
    #[serde(default)]
    results: Vec<ResultLine>,
    #[serde(default)]
    changes: Vec<Change>,
    third_place: Option<bool>,
    bracket_reset: Option<bool>,
    tie_breaks: Option<Vec<String>>,
    bye_is_win: Option<bool>,
    sit_out_is_win: Option<bool>,
    /// What a sit-out scores (`nothing`, `win`, `round_average`); before it, the boolean
    /// `sit_out_is_win` said win or nothing, and still does when this is absent.
    sit_out: Option<String>,
    double: Option<bool>,
}

/// From `from_round` on, the entrants `withdraw` are gone and `join` new ones, numbered
/// after the last, are present.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Change {
    from_round: u32,
    #[serde(default)]
    withdraw: Vec<u32>,
    #[serde(default)]
    join: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultLine {
    round: Label,
    table: u32,
    winner: u8,
}

fn unreadable(italian: &str, english: &str) -> CommandOutput {
    CommandOutput {
        stdout: String::new(),
        stderr: format!("errore: {italian}\nerror: {english}\n"),
        exit_code: 2,
    }
}

fn refused(italian: &str, english: &str) -> CommandOutput {
    CommandOutput {
        exit_code: 1,
        ..unreadable(italian, english)
    }
}

/// Reads FILE and prints the plan.
pub fn run(file: &Path) -> CommandOutput {
    match std::fs::read_to_string(file) {
        Ok(text) => plan(&text),
        Err(error) => {
            let [italian, english] = in_both(
                "cli-file_unreadable",
                &[
                    ("file", file.display().to_string()),
                    ("error", error.to_string()),
                ],
            );
            unreadable(&italian, &english)
        }
    }
}

/// Where a match sits in the printed plan: its round, the round's place in play order,
/// and its table (`None`: an entrant sitting the round out, by a bye).
fn place_of(m: &Match, double: bool) -> Option<(Label, (u32, u32), Option<u32>)> {
    let key = m.key.as_str();
    let tokens: Vec<&str> = key.split(' ').collect();
    let number = |t: &str, prefix: char| t.strip_prefix(prefix)?.parse::<u32>().ok();
    match (m.stage, tokens.as_slice()) {
        (Stage::Winners, ["W", r, t]) if !double => {
            let (r, t) = (number(r, 'R')?, number(t, 'M')?);
            Some((Label::Number(r), (r, 0), Some(t)))
        }
        (Stage::Winners, ["W", r, t]) => {
            let (r, t) = (number(r, 'R')?, number(t, 'M')?);
            Some((Label::Text(format!("W{r}")), (r, 0), Some(t)))
        }
        // A losers' round r is played once winners' round r (feeding it) is: at r + 1.
        (Stage::Losers, ["L", r, t]) => {
            let (r, t) = (number(r, 'R')?, number(t, 'M')?);
            Some((Label::Text(format!("L{r}")), (r + 1, 1), Some(t)))
        }
        (Stage::GrandFinal, _) => Some((Label::Text("GF".into()), (u32::MAX - 1, 0), Some(1))),
        (Stage::GrandFinalReset, _) => {
            Some((Label::Text("GF reset".into()), (u32::MAX, 0), Some(1)))
        }
        (Stage::ThirdPlace, _) => Some((Label::Text("3rd".into()), (u32::MAX, 1), Some(1))),
        (_, [_, r, "bye"] | [_, r, "out", _]) => {
            let r = number(r, 'R')?;
            Some((Label::Number(r), (r, 0), None))
        }
        (_, [_, r, t]) => {
            let (r, t) = (number(r, 'R')?, number(t, 'T')?);
            Some((Label::Number(r), (r, 0), Some(t)))
        }
        _ => None,
    }
}

fn format_of(file: &PlanFile) -> Result<Format, CommandOutput> {
    let mut tie_breaks = Vec::new();
    for key in file.tie_breaks.iter().flatten() {
        match TieBreak::from_key(key) {
            Some(t) => tie_breaks.push(t),
            None => {
                let known: Vec<&str> = TieBreak::ALL.iter().map(|t| t.key()).collect();
                return Err(unreadable(
                    &format!(
                        "spareggio sconosciuto \"{key}\" (noti: {})",
                        known.join(", ")
                    ),
                    &format!("unknown tie-break \"{key}\" (known: {})", known.join(", ")),
                ));
            }
        }
    }
    let rounds = || {
        file.rounds.filter(|&r| r > 0).ok_or_else(|| {
            unreadable(
                &format!("il formato {} richiede \"rounds\" (almeno 1)", file.format),
                &format!("the format {} needs \"rounds\" (at least 1)", file.format),
            )
        })
    };
    Ok(match file.format.as_str() {
        "single_elimination" => Format::SingleElimination(single_elimination::Options {
            third_place: file.third_place.unwrap_or(false),
        }),
        "double_elimination" => Format::DoubleElimination(double_elimination::Options {
            bracket_reset: file.bracket_reset.unwrap_or(false),
        }),
        "round_robin" => Format::RoundRobin(round_robin::Options {
            cycles: if file.double.unwrap_or(false) {
                Cycles::Double
            } else {
                Cycles::Single
            },
            tie_breaks,
        }),
        "swiss" => Format::Swiss(swiss::Options {
            rounds: rounds()?,
            tie_breaks: if file.tie_breaks.is_some() {
                tie_breaks
            } else {
                swiss::Options::new(1).tie_breaks
            },
            bye_is_win: file.bye_is_win.unwrap_or(true),
        }),
        "rotating_partners" => Format::RotatingPartners(rotating::Options {
            rounds: rounds()?,
            seed: file.seed.unwrap_or(0),
            tie_breaks,
            sit_out: match &file.sit_out {
                None => ByeScore::from_win(file.sit_out_is_win.unwrap_or(false)),
                Some(key) => ByeScore::from_key(key).ok_or_else(|| {
                    unreadable(
                        &format!(
                            "sit_out sconosciuto \"{key}\" (noti: nothing, win, round_average)"
                        ),
                        &format!("unknown sit_out \"{key}\" (known: nothing, win, round_average)"),
                    )
                })?,
            },
        }),
        other => {
            return Err(unreadable(
                &format!(
                    "formato sconosciuto \"{other}\" (noti: single_elimination, double_elimination, round_robin, swiss, rotating_partners)"
                ),
                &format!(
                    "unknown format \"{other}\" (known: single_elimination, double_elimination, round_robin, swiss, rotating_partners)"
                ),
            ));
        }
    })
}

/// The event a file describes: its entrants, and the withdrawals and late entries its
/// `changes` make, taken in round order (newcomers numbered in that order).
fn tournament_of(file: &PlanFile, format: Format) -> Result<Tournament, CommandOutput> {
    let mut tournament = Tournament::new((1..=file.entrants).map(EntrantId).collect(), format);
    let mut changes: Vec<(usize, &Change)> = file.changes.iter().enumerate().collect();
    changes.sort_by_key(|(index, c)| (c.from_round, *index));
    let mut last = file.entrants;
    for (index, change) in changes {
        let n = index + 1;
        let round = change.from_round;
        if round == 0 || file.rounds.is_some_and(|r| round > r) {
            let last_round = file.rounds.map_or(String::new(), |r| format!(" 1–{r}"));
            return Err(unreadable(
                &format!("cambio {n}: il turno {round} non è un turno del piano{last_round}"),
                &format!("change {n}: round {round} is not a round of the plan{last_round}"),
            ));
        }
        if change.join > 0 && !tournament.takes_late_entries() {
            return Err(unreadable(
                &format!(
                    "cambio {n}: il formato {} non accetta iscritti in ritardo",
                    file.format
                ),
                &format!(
                    "change {n}: the format {} takes no late entries",
                    file.format
                ),
            ));
        }
        for &entrant in &change.withdraw {
            if entrant == 0 || entrant > last {
                return Err(unreadable(
                    &format!("cambio {n}: nessun iscritto {entrant} al turno {round}"),
                    &format!("change {n}: no entrant {entrant} by round {round}"),
                ));
            }
            if tournament
                .withdrawals
                .iter()
                .any(|w| w.entrant.0 == entrant)
            {
                return Err(unreadable(
                    &format!("cambio {n}: l'iscritto {entrant} si è già ritirato"),
                    &format!("change {n}: entrant {entrant} has already withdrawn"),
                ));
            }
            tournament.withdrawals.push(Withdrawal {
                entrant: EntrantId(entrant),
                from_round: round,
            });
        }
        for entrant in last + 1..=last + change.join {
            tournament.entrants.push(EntrantId(entrant));
            tournament.late_entries.push(LateEntry {
                entrant: EntrantId(entrant),
                from_round: round,
            });
        }
        last += change.join;
    }
    Ok(tournament)
}

/// The plan for a file's text.
pub fn plan(text: &str) -> CommandOutput {
    let file: PlanFile = match serde_json::from_str(text) {
        Ok(file) => file,
        Err(error) => {
            let [italian, english] = in_both("cli-not_a_plan", &[("error", error.to_string())]);
            return unreadable(&italian, &english);
        }
    };
    let format = match format_of(&file) {
        Ok(format) => format,
        Err(output) => return output,
    };
    if let Some(line) = file.results.iter().find(|r| r.winner > 1) {
        let [italian, english] =
            in_both("cli-winner_range", &[("winner", line.winner.to_string())]);
        return unreadable(&italian, &english);
    }
    let double = matches!(format, Format::DoubleElimination(_));
    let tournament = match tournament_of(&file, format) {
        Ok(tournament) => tournament,
        Err(output) => return output,
    };
    let mut results = Results::new();
    let mut pending: Vec<(usize, &ResultLine)> = file.results.iter().enumerate().collect();
    let schedule = loop {
        let schedule = match tournament.schedule(&results) {
            Ok(schedule) => schedule,
            Err(error) => {
                let [italian, english] = worded_in_both(&error);
                return unreadable(&italian, &english);
            }
        };
        let mut progressed = false;
        let mut left = Vec::new();
        for (index, line) in pending {
            let found = schedule.matches.iter().find(|m| {
                place_of(m, double).is_some_and(|(label, _, table)| {
                    label == line.round && table == Some(line.table)
                })
            });
            match found {
                Some(m) if m.status == Status::Ready => {
                    let winner = if line.winner == 0 { Side::A } else { Side::B };
                    let mut games = [0, 0];
                    games[winner.index()] = 1;
                    let outcome = Outcome::Played {
                        winner,
                        games,
                        points: [0, 0],
                    };
                    results.insert(m.key.clone(), Recorded::finished(m.sides.clone(), outcome));
                    progressed = true;
                }
                _ => left.push((index, line)),
            }
        }
        pending = left;
        if !progressed || pending.is_empty() {
            if pending.is_empty() {
                break tournament.schedule(&results);
            }
            let (index, line) = pending[0];
            let (round, table) = (line.round.text(), line.table);
            let exists = schedule.matches.iter().find(|m| {
                place_of(m, double)
                    .is_some_and(|(label, _, t)| label == line.round && t == Some(table))
            });
            let n = index + 1;
            let id = match exists {
                None => "cli-no_table",
                Some(m) if m.status.is_decided() => "cli-table_decided",
                Some(_) => "cli-table_not_ready",
            };
            let place = [
                ("n", n.to_string()),
                ("round", round.to_string()),
                ("table", table.to_string()),
            ];
            let [italian, english] = in_both(id, &place);
            return refused(&italian, &english);
        }
    };
    let schedule = match schedule {
        Ok(schedule) => schedule,
        Err(error) => {
            let [italian, english] = worded_in_both(&error);
            return unreadable(&italian, &english);
        }
    };
    // Rounds in play order, each with its tables and who sits it out.
    type Round = ((u32, u32), Label, Vec<(u32, Value)>, Vec<u32>);
    let mut rounds: Vec<Round> = Vec::new();
    for m in &schedule.matches {
        let Some((label, order, table)) = place_of(m, double) else {
            continue;
        };
        let index = match rounds.iter().position(|r| r.1 == label) {
            Some(index) => index,
            None => {
                rounds.push((order, label, Vec::new(), Vec::new()));
                rounds.len() - 1
            }
        };
        let side = |slot: &Slot| -> Vec<u32> { slot.entrants().iter().map(|e| e.0).collect() };
        let round = &mut rounds[index];
        match (table, &m.sides) {
            (None, [a, _]) => round.3.extend(side(a)),
            (Some(_), [a, Slot::Bye]) | (Some(_), [Slot::Bye, a]) => round.3.extend(side(a)),
            (Some(t), [a, b]) => round
                .2
                .push((t, json!({"table": t, "sides": [side(a), side(b)]}))),
        }
    }
    rounds.sort_by_key(|r| r.0);
    let rounds: Vec<Value> = rounds
        .into_iter()
        .map(|(_, label, mut tables, mut out)| {
            tables.sort_by_key(|(t, _)| *t);
            out.sort_unstable();
            json!({
                "round": label.json(),
                "tables": tables.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
                "sitting_out": out,
            })
        })
        .collect();
    let standings: Vec<u32> = tournament
        .standings_of(&schedule)
        .tables
        .last()
        .map(|t| t.rows.iter().map(|r| r.entrant.0).collect())
        .unwrap_or_default();
    let document = json!({"rounds": rounds, "standings": standings});
    CommandOutput {
        stdout: format!(
            "{}\n",
            serde_json::to_string_pretty(&document).expect("JSON values serialize")
        ),
        stderr: String::new(),
        exit_code: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_of(text: &str) -> Value {
        let output = plan(text);
        assert_eq!(output.exit_code, 0, "{}", output.stderr);
        serde_json::from_str(&output.stdout).unwrap()
    }

    #[test]
    fn a_single_elimination_of_four_advances_with_results() {
        let out = plan_of(
            r#"{"format": "single_elimination", "entrants": 4,
                "results": [{"round": 1, "table": 1, "winner": 0}, {"round": 1, "table": 2, "winner": 1},
                            {"round": 2, "table": 1, "winner": 1}]}"#,
        );
        assert_eq!(out["rounds"][0]["round"], 1);
        assert_eq!(out["rounds"][0]["tables"][0]["sides"], json!([[1], [4]]));
        assert_eq!(out["rounds"][0]["tables"][1]["sides"], json!([[2], [3]]));
        assert_eq!(out["rounds"][1]["tables"][0]["sides"], json!([[1], [3]]));
        assert_eq!(out["standings"], json!([3, 1, 2, 4]));
    }

    #[test]
    fn a_side_not_known_yet_is_an_empty_list_and_double_elimination_rounds_are_named() {
        let out = plan_of(r#"{"format": "double_elimination", "entrants": 4}"#);
        let labels: Vec<&Value> = out["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| &r["round"])
            .collect();
        assert_eq!(labels, vec!["W1", "W2", "L1", "L2", "GF"]);
        assert_eq!(out["rounds"][1]["tables"][0]["sides"], json!([[], []]));
    }

    #[test]
    fn rotating_partners_list_partnerships_and_sit_outs() {
        let out =
            plan_of(r#"{"format": "rotating_partners", "entrants": 17, "rounds": 2, "seed": 7}"#);
        let round = &out["rounds"][0];
        assert_eq!(round["round"], 1);
        assert_eq!(round["tables"].as_array().unwrap().len(), 4);
        assert_eq!(round["tables"][0]["sides"][0].as_array().unwrap().len(), 2);
        assert_eq!(round["sitting_out"].as_array().unwrap().len(), 1);
        assert_eq!(out["standings"].as_array().unwrap().len(), 17);
    }

    #[test]
    fn a_sit_out_scores_as_the_plan_says_and_the_old_boolean_still_reads() {
        // Five players, one table played (side 0 wins) and one sitting out: where the
        // sit-out ranks among two winners (1 each) and two losers (0 each).
        let place = |option: &str| {
            let out = plan_of(&format!(
                r#"{{"format": "rotating_partners", "entrants": 5, "rounds": 1, "seed": 7,
                    "tie_breaks": [], {option}
                    "results": [{{"round": 1, "table": 1, "winner": 0}}]}}"#
            ));
            let out_id = out["rounds"][0]["sitting_out"][0].clone();
            let standings = out["standings"].as_array().unwrap().clone();
            let winners = &out["rounds"][0]["tables"][0]["sides"][0];
            let at = |id: &Value| standings.iter().position(|s| s == id).unwrap();
            let winner_places: Vec<usize> = winners.as_array().unwrap().iter().map(at).collect();
            (at(&out_id), winner_places)
        };
        // The average of the round (half a win): after both winners, before both losers.
        assert_eq!(place(r#""sit_out": "round_average","#).0, 2);
        assert_eq!(
            place(r#""sit_out": "round_average","#).1.iter().max(),
            Some(&1)
        );
        // Nothing: among the losers (3rd to 5th); a win: among the winners (1st to 3rd).
        for option in [
            "",
            r#""sit_out": "nothing","#,
            r#""sit_out_is_win": false,"#,
        ] {
            assert!(place(option).0 >= 2, "{option}");
            assert!(place(option).1.iter().all(|&p| p < 2), "{option}");
        }
        for option in [r#""sit_out": "win","#, r#""sit_out_is_win": true,"#] {
            assert!(place(option).0 <= 2, "{option}");
        }
        let bad = plan(
            r#"{"format": "rotating_partners", "entrants": 5, "rounds": 1, "sit_out": "half"}"#,
        );
        assert_eq!(bad.exit_code, 2);
        assert_holds!(
            bad.stderr,
            "unknown sit_out \"half\" (known: nothing, win, round_average)"
        );
    }

    #[test]
    fn bad_files_and_results_are_refused_with_their_exit_codes() {
        let bad = plan("{not json");
        assert_eq!(bad.exit_code, 2);
        assert_holds!(bad.stderr, "error: the file is not a readable plan");
        assert_holds!(bad.stderr, "errore: il file non è un piano leggibile");
        assert_eq!(plan(r#"{"format": "ladder", "entrants": 4}"#).exit_code, 2);
        assert_eq!(plan(r#"{"format": "swiss", "entrants": 4}"#).exit_code, 2);
        let none = plan(
            r#"{"format": "single_elimination", "entrants": 4, "results": [{"round": 1, "table": 3, "winner": 0}]}"#,
        );
        assert_eq!(none.exit_code, 1);
        assert_holds!(none.stderr, "error: result 1: round 1 has no table 3");
        let waiting = plan(
            r#"{"format": "single_elimination", "entrants": 4, "results": [{"round": 2, "table": 1, "winner": 0}]}"#,
        );
        assert_eq!(waiting.exit_code, 1);
        assert_holds!(waiting.stderr, "is not ready");
    }

    #[test]
    fn changes_withdraw_and_add_entrants_from_their_round() {
        let out = plan_of(
            r#"{"format": "rotating_partners", "entrants": 12, "rounds": 4, "seed": 3,
                "changes": [{"from_round": 3, "withdraw": [5], "join": 2}]}"#,
        );
        let seated = |round: usize| -> Vec<u64> {
            let r = &out["rounds"][round];
            let mut all: Vec<u64> = r["tables"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|t| t["sides"].as_array().unwrap().iter())
                .flat_map(|side| side.as_array().unwrap().iter())
                .chain(r["sitting_out"].as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap())
                .collect();
            all.sort_unstable();
            all
        };
        assert_eq!(seated(1), (1..=12).collect::<Vec<_>>());
        let later: Vec<u64> = (1..=14).filter(|&e| e != 5).collect();
        assert_eq!(seated(2), later);
        assert_eq!(seated(3), later);
        // The rounds before the change are the plan without it.
        let unchanged =
            plan_of(r#"{"format": "rotating_partners", "entrants": 12, "rounds": 4, "seed": 3}"#);
        assert_eq!(out["rounds"][0], unchanged["rounds"][0]);
        assert_eq!(out["rounds"][1], unchanged["rounds"][1]);
    }

    #[test]
    fn bad_changes_are_refused_in_both_languages() {
        let refused = |changes: &str, format: &str| {
            let output = plan(&format!(
                r#"{{"format": "{format}", "entrants": 8, "rounds": 3, "changes": {changes}}}"#
            ));
            assert_eq!(output.exit_code, 2, "{changes}");
            output.stderr
        };
        let rotating = "rotating_partners";
        let unknown = refused(r#"[{"from_round": 2, "withdraw": [9]}]"#, rotating);
        assert_holds!(unknown, "error: change 1: no entrant 9 by round 2");
        assert_holds!(unknown, "errore: cambio 1: nessun iscritto 9 al turno 2");
        let zero = refused(r#"[{"from_round": 0, "withdraw": [1]}]"#, rotating);
        assert_holds!(
            zero,
            "error: change 1: round 0 is not a round of the plan 1–3"
        );
        let past = refused(r#"[{"from_round": 4, "join": 1}]"#, rotating);
        assert_holds!(past, "round 4 is not a round of the plan");
        let twice = refused(
            r#"[{"from_round": 2, "withdraw": [1]}, {"from_round": 3, "withdraw": [1]}]"#,
            rotating,
        );
        assert_holds!(twice, "error: change 2: entrant 1 has already withdrawn");
        assert_holds!(twice, "errore: cambio 2: l'iscritto 1 si è già ritirato");
        let late = refused(r#"[{"from_round": 2, "join": 1}]"#, "round_robin");
        assert_holds!(
            late,
            "error: change 1: the format round_robin takes no late entries"
        );
        // A newcomer of a later round cannot be withdrawn before joining.
        let early = refused(
            r#"[{"from_round": 3, "join": 1}, {"from_round": 2, "withdraw": [9]}]"#,
            rotating,
        );
        assert_holds!(early, "no entrant 9 by round 2");
    }
}
