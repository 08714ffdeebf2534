//! `segnapunti rules check [--json] FILE` and `segnapunti rules replay [--json] FILE`,
//! for a record of any of the five games (chosen by its `game` field).
//!
//! Exit codes: 0 the record is valid, 1 an entry cannot happen (its index and the
//! reason are printed), 2 the file cannot be read (IO, JSON, unknown field, version or
//! game, players or first dealer that do not fit the game). Text output is in English;
//! JSON output carries messages in both languages, and the game's whole summary (the
//! common fields and the game's own).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::json;

use super::comanda::CommandOutput;
use super::in_both;
use crate::lang::Lang;
use crate::lang::Msg;
use crate::rules::any::{AnyMatch, AnyRecord, AnyReplayError};
use crate::rules::comanda::Nicknames;
use crate::rules::game::{Seat, Team};
use crate::web::i18n::{self, Tr, Worded};

/// The language of the text output (the JSON output carries both).
const TEXT: Lang = Lang::En;

fn worded(msg: &Msg) -> String {
    Tr::new(TEXT).msg(msg)
}

fn output(stdout: String, stderr: String, exit_code: u8) -> CommandOutput {
    CommandOutput {
        stdout,
        stderr,
        exit_code,
    }
}

/// Reads the record, or the exit-2 output explaining why it cannot be read.
fn load(path: &Path, json: bool) -> Result<AnyRecord, CommandOutput> {
    let unreadable = |message_it: String, message_en: String| {
        let stdout = if json {
            let value = json!({
                "valid": false,
                "readable": false,
                "message_it": message_it,
                "message_en": message_en,
            });
            format!("{value:#}\n")
        } else {
            String::new()
        };
        output(stdout, format!("{}: {message_en}\n", path.display()), 2)
    };
    let text = std::fs::read_to_string(path).map_err(|error| {
        let [italian, english] = in_both("cli-record_unreadable", &[("error", error.to_string())]);
        unreadable(italian, english)
    })?;
    AnyRecord::from_json(&text).map_err(|error| {
        let [italian, english] = i18n::in_both(|tr| error.message(tr.lang()));
        unreadable(italian, english)
    })
}

/// A replay's refusal in English, as the command has always printed it.
fn replay_error_text(error: &AnyReplayError) -> String {
    worded(&error.msg())
}

/// A replay's refusal as the JSON output has always carried it: where, and why in
/// both languages.
fn replay_error_json(error: &AnyReplayError) -> serde_json::Value {
    let [message_it, message_en] = i18n::in_both(|tr| tr.msg(&error.msg()));
    json!({
        "index": error.index,
        "failing": error.failing,
        "message_it": message_it,
        "message_en": message_en,
    })
}

fn invalid(path: &Path, error: &AnyReplayError, json: bool, stdout: String) -> CommandOutput {
    let mut stdout = stdout;
    if json {
        let value = json!({
            "valid": false,
            "readable": true,
            "error": replay_error_json(error),
        });
        let _ = writeln!(stdout, "{value:#}");
    }
    output(
        stdout,
        format!("{}: {}\n", path.display(), replay_error_text(error)),
        1,
    )
}

fn player(record: &AnyRecord, seat: Seat) -> String {
    let name = record
        .players()
        .get(seat.index())
        .map(String::as_str)
        .unwrap_or("?");
    format!("seat {seat} ({name})")
}

/// A team by its players: both partners with four players, the one player with two.
fn team(record: &AnyRecord, team: Team) -> String {
    let players = record.players();
    let names: Vec<&str> = team
        .seats()
        .iter()
        .filter_map(|seat| players.get(seat.index()))
        .map(String::as_str)
        .collect();
    format!("team {team} ({})", names.join(" & "))
}

/// The lines of a match in progress, after the common ones: what comes next, who
/// deals, cuts and leads, and the game's own facts, in the game's English words.
fn next_lines(record: &AnyRecord, state: &AnyMatch, text: &mut String) {
    let tr = Tr::new(TEXT);
    let next = state.situation().next;
    let common = state.common();
    let _ = writeln!(text, "next: {}", tr.msg(&next.deal));
    let seats = [
        ("next dealer", common.dealer),
        ("cutter", next.cutter),
        ("leader", common.leader),
    ];
    for (role, seat) in seats {
        if let Some(seat) = seat {
            let _ = writeln!(text, "{role}: {}", player(record, seat));
        }
    }
    for fact in &next.facts {
        let _ = writeln!(text, "{}", tr.msg(fact));
    }
}

/// The final summary as text.
fn describe(record: &AnyRecord, state: &AnyMatch) -> String {
    let common = state.common();
    let situation = state.situation();
    let game_number = situation.game_number;
    let mut text = String::new();
    let _ = writeln!(text, "game: {}", record.game());
    let _ = writeln!(text, "entries: {}", record.len());
    let _ = writeln!(text, "{}", worded(&situation.played));
    let _ = writeln!(
        text,
        "score: A {} - B {} (game {game_number})",
        common.scores[0], common.scores[1]
    );
    let _ = writeln!(
        text,
        "games won: A {} - B {}",
        common.games_won[0], common.games_won[1]
    );
    match common.winner {
        Some(winner) => {
            let _ = writeln!(text, "match: over, won by {}", team(record, winner));
        }
        None => {
            let _ = writeln!(text, "match: in progress");
            next_lines(record, state, &mut text);
        }
    }
    text
}

/// `rules check [--json] FILE`: validates a record and prints the final summary.
pub fn check(path: &Path, json: bool) -> CommandOutput {
    let record = match load(path, json) {
        Ok(record) => record,
        Err(output) => return output,
    };
    match record.replay(&Nicknames::new()) {
        Ok(state) => {
            let stdout = if json {
                let value = json!({
                    "valid": true,
                    "game": record.game(),
                    "entries": record.len(),
                    "summary": state.summary_json(),
                });
                format!("{value:#}\n")
            } else {
                describe(&record, &state)
            };
            output(stdout, String::new(), 0)
        }
        Err(error) => invalid(path, &error, json, String::new()),
    }
}

/// One line for the state after an entry.
fn step_line(state: &AnyMatch) -> String {
    let common = state.common();
    let mut line = format!(
        "A {} - B {} | games {}-{}",
        common.scores[0], common.scores[1], common.games_won[0], common.games_won[1]
    );
    match (common.winner, common.dealer, common.leader) {
        (Some(winner), _, _) => {
            let _ = write!(line, " | match won by team {winner}");
        }
        (None, Some(dealer), Some(leader)) => {
            let _ = write!(
                line,
                " | next: {}, dealer {dealer}, leader {leader}",
                worded(&state.situation().next.step)
            );
        }
        (None, _, _) => {}
    }
    line
}

/// `rules replay [--json] FILE`: prints the state after every entry.
pub fn replay(path: &Path, json: bool) -> CommandOutput {
    let record = match load(path, json) {
        Ok(record) => record,
        Err(output) => return output,
    };
    let steps = record.replay_steps(&Nicknames::new());
    if json {
        let value = json!({
            "valid": steps.error.is_none(),
            "readable": true,
            "game": record.game(),
            "initial": steps.initial.summary_json(),
            "steps": steps.steps.iter().map(|step| json!({
                "index": step.index,
                "type": step.kind,
                "summary": step.state.summary_json(),
            })).collect::<Vec<_>>(),
            "error": steps.error.as_ref().map(replay_error_json),
        });
        let stdout = format!("{value:#}\n");
        return match &steps.error {
            None => output(stdout, String::new(), 0),
            Some(error) => output(
                stdout,
                format!("{}: {}\n", path.display(), replay_error_text(error)),
                1,
            ),
        };
    }
    let mut stdout = String::new();
    let _ = writeln!(stdout, "start: {}", step_line(&steps.initial));
    for step in &steps.steps {
        let _ = writeln!(
            stdout,
            "#{} {}: {}",
            step.index,
            step.kind,
            step_line(&step.state)
        );
    }
    match &steps.error {
        None => output(stdout, String::new(), 0),
        Some(error) => invalid(path, error, false, stdout),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file ending in `name`, removed when the returned path is dropped.
    fn temp_file(name: &str, text: &str) -> tempfile::TempPath {
        let mut file = tempfile::Builder::new()
            .prefix("segnapunti-cli-record-")
            .suffix(name)
            .tempfile()
            .unwrap();
        std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
        file.into_temp_path()
    }

    const HEADER: &str = r#""format_version": 1, "game": "trionfetti",
        "options": {"target_points": 2, "games_to_win": 1},
        "players": ["Bepi", "Toni", "Nane", "Gigio"], "first_dealer": 1"#;

    #[test]
    fn check_prints_the_summary_and_exit_codes() {
        let valid = temp_file(
            "valid.json",
            &format!(r#"{{{HEADER}, "entries": [{{"type": "hand", "winner": "B"}}]}}"#),
        );
        let out = check(&valid, false);
        assert_eq!(out.exit_code, 0, "{out:?}");
        assert_holds!(out.stdout, "score: A 0 - B 1");
        assert!(out.stdout.contains("next dealer: seat 1 (Toni)"));
        let out = check(&valid, true);
        let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(value["summary"]["scores"], json!([0, 1]));

        let over = temp_file(
            "over.json",
            &format!(
                r#"{{{HEADER}, "entries": [{{"type": "hand", "winner": "B"}}, {{"type": "hand", "winner": "B"}}, {{"type": "hand", "winner": "A"}}]}}"#
            ),
        );
        let out = check(&over, false);
        assert_eq!(out.exit_code, 1);
        assert_holds!(out.stderr, "entry 2: The match is over");

        let unreadable = temp_file("bad.json", "{\"format_version\": 9}");
        assert_eq!(check(&unreadable, false).exit_code, 2);
        assert_eq!(
            check(&unreadable.with_extension("missing"), true).exit_code,
            2
        );
    }

    #[test]
    fn replay_prints_every_step() {
        let path = temp_file(
            "steps.json",
            &format!(
                r#"{{{HEADER}, "entries": [{{"type": "hand", "winner": "A"}}, {{"type": "void", "target": 0, "reason": "wrong table"}}, {{"type": "hand", "winner": "B"}}]}}"#
            ),
        );
        let out = replay(&path, false);
        assert_eq!(out.exit_code, 0);
        let lines: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{}", out.stdout);
        assert!(lines[1].starts_with("#0 hand: A 1 - B 0"));
        assert!(lines[2].starts_with("#1 void: A 0 - B 0"));
        let out = replay(&path, true);
        let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(value["steps"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn every_game_is_read_by_its_name() {
        let vitou = temp_file(
            "vitou.json",
            r#"{"format_version": 1, "game": "vitou", "options": {"players": 2},
                "players": ["Bepi", "Toni"], "first_dealer": 1,
                "entries": [{"type": "round", "winner": "B"}]}"#,
        );
        let out = check(&vitou, false);
        assert_eq!(out.exit_code, 0, "{out:?}");
        assert_holds!(out.stdout, "game: vitou");
        assert_holds!(out.stdout, "score: A 0 - B 1");
        assert_holds!(out.stdout, "next dealer: seat 0 (Bepi)");
        let value: serde_json::Value = serde_json::from_str(&check(&vitou, true).stdout).unwrap();
        assert_eq!(value["game"], "vitou");
        assert_eq!(value["summary"]["round"], 2);
        assert_eq!(value["summary"]["scores"], json!([0, 1]));
        let out = replay(&vitou, false);
        assert_holds!(
            out.stdout,
            "#0 round: A 0 - B 1 | games 0-0 | next: round 2, dealer 0, leader 1"
        );

        let trijumf = temp_file(
            "trijumf.json",
            r#"{"format_version": 1, "game": "trijumf", "players": ["Bepi", "Toni", "Nane", "Gigio"],
                "first_dealer": 0, "entries": [
                  {"type": "deal", "cut": "normal", "trump_card": "7d", "points": [80, 50]},
                  {"type": "deal", "cut": "normal", "trump_card": "7d", "points": [80, 40]}]}"#,
        );
        let out = check(&trijumf, false);
        assert_eq!(out.exit_code, 1, "{out:?}");
        assert_holds!(out.stderr, "entry 1: Deal 2");

        let two_names = temp_file(
            "madrasso.json",
            r#"{"format_version": 1, "game": "madrasso", "players": ["Bepi", "Toni"], "first_dealer": 0}"#,
        );
        let out = check(&two_names, false);
        assert_eq!(out.exit_code, 2);
        assert_holds!(out.stderr, "this madrasso match has 4");
    }
}
