//! Data-driven match-record cases: every `tests/records/NAME.json` is checked against
//! `tests/records/NAME.expect.json`, through the library and through `rules check`.
//! Cases of every game live side by side; a file's `game` field picks the game.
//!
//! An expectation is one of
//! - `{"outcome": "valid", "game": "...", KEY: VALUE, …}`: the record replays and the
//!   final summary (the game's own, with the common fields flattened in) has every
//!   `KEY` equal to its `VALUE` (e.g. `scores`, `games_won`, `winner`, `dealer`,
//!   `smazzata`, `deal`, `round`, `totals`); `game` is optional,
//! - `{"outcome": "invalid", "index": i, "failing": j, "en": "...", "it": "..."}`
//!   (the messages must contain those texts),
//! - `{"outcome": "unreadable", "en": "...", "it": "..."}` (`it` optional).

use std::path::{Path, PathBuf};

use segnapunti::cli::record as cli;
use segnapunti::lang::Lang;
use segnapunti::rules::any::AnyRecord;
use segnapunti::rules::comanda::Nicknames;
use segnapunti::rules::game::Game;
use segnapunti::rules::record::MatchRecord;
use segnapunti::rules::replay;
use segnapunti::web::i18n::Worded;
use serde_json::Value;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let dir = if dir.exists() {
        dir
    } else {
        // The scratch crate used during development mounts the files by path.
        PathBuf::from("/work/main/tests/records")
    };
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/records exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.ends_with(".json") && !name.ends_with(".expect.json")
        })
        .collect();
    cases.sort();
    cases
}

fn expectation(case: &Path) -> Value {
    let path = case.with_extension("expect.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn contains(haystack: &str, needle: &Value, case: &Path) {
    if let Some(needle) = needle.as_str() {
        assert!(
            haystack.contains(needle),
            "{}: {haystack:?} does not contain {needle:?}",
            case.display()
        );
    }
}

/// The Trionfetti API the web layer uses gives the same answers as the any-game one.
fn check_trionfetti(case: &Path, text: &str, expect: &Value) {
    match expect["outcome"].as_str().unwrap() {
        "unreadable" => {
            let error = MatchRecord::from_json(text).expect_err("unreadable");
            contains(&error.message(Lang::En), &expect["en"], case);
        }
        "invalid" => {
            let record = MatchRecord::from_json(text).unwrap();
            let error = replay::replay(&record, &Nicknames::new()).expect_err("invalid");
            assert_eq!(error.index as u64, expect["index"].as_u64().unwrap());
            let steps = replay::replay_steps(&record, &Nicknames::new());
            assert_eq!(steps.steps.len(), error.index);
            assert_eq!(steps.error, Some(error));
        }
        _ => {
            let record = MatchRecord::from_json(text).unwrap();
            let state = replay::replay(&record, &Nicknames::new()).unwrap();
            let steps = replay::replay_steps(&record, &Nicknames::new());
            assert!(steps.error.is_none());
            if let Some(last) = steps.steps.last() {
                assert_eq!(last.state, state);
            }
            assert_eq!(MatchRecord::from_json(&record.to_json()).unwrap(), record);
            let summary = serde_json::to_value(state.summary()).unwrap();
            for (key, expected) in expect.as_object().unwrap() {
                if key != "outcome" && key != "game" {
                    assert_eq!(&summary[key], expected, "{}: {key}", case.display());
                }
            }
        }
    }
}

fn check_case(case: &Path) {
    let expect = expectation(case);
    let text = std::fs::read_to_string(case).unwrap();
    let output = cli::check(case, true);
    let is_trionfetti = serde_json::from_str::<Value>(&text)
        .ok()
        .and_then(|value| value.get("game").cloned())
        == Some(Value::from("trionfetti"));
    if is_trionfetti {
        check_trionfetti(case, &text, &expect);
    }
    match expect["outcome"].as_str().unwrap() {
        "unreadable" => {
            let error = AnyRecord::from_json(&text).expect_err("unreadable");
            contains(&error.message(Lang::En), &expect["en"], case);
            assert!(!error.message(Lang::It).is_empty());
            if let Some(italian) = expect.get("it") {
                contains(&error.message(Lang::It), italian, case);
            }
            assert_eq!(output.exit_code, 2, "{}", case.display());
            let printed: Value = serde_json::from_str(&output.stdout).unwrap();
            assert_eq!(printed["readable"], Value::Bool(false));
        }
        "invalid" => {
            let record = AnyRecord::from_json(&text)
                .unwrap_or_else(|error| panic!("{}: {error}", case.display()));
            if let Some(game) = expect.get("game") {
                assert_eq!(record.game(), game.as_str().unwrap());
            }
            let error = record.replay(&Nicknames::new()).expect_err("invalid");
            assert_eq!(
                error.index as u64,
                expect["index"].as_u64().unwrap(),
                "{}: {error}",
                case.display()
            );
            assert_eq!(error.failing as u64, expect["failing"].as_u64().unwrap());
            contains(&error.message(Lang::En), &expect["en"], case);
            contains(&error.message(Lang::It), &expect["it"], case);
            assert_eq!(output.exit_code, 1, "{}", case.display());
            assert!(output.stderr.contains(&format!("entry {}", error.index)));
            // The steps stop right before the invalid entry.
            let steps = record.replay_steps(&Nicknames::new());
            assert_eq!(steps.steps.len(), error.index);
            assert_eq!(steps.error, Some(error));
            // `rules replay` prints those steps and exits 1 too.
            let replayed = cli::replay(case, true);
            assert_eq!(replayed.exit_code, 1, "{}", case.display());
            let printed: Value = serde_json::from_str(&replayed.stdout).unwrap();
            assert_eq!(
                printed["steps"].as_array().unwrap().len(),
                error_index(&expect)
            );
        }
        "valid" => {
            let record = AnyRecord::from_json(&text)
                .unwrap_or_else(|error| panic!("{}: {error}", case.display()));
            if let Some(game) = expect.get("game") {
                assert_eq!(record.game(), game.as_str().unwrap());
            }
            let state = record
                .replay(&Nicknames::new())
                .unwrap_or_else(|error| panic!("{}: {error}", case.display()));
            assert_eq!(state.game(), record.game());
            let actual = state.summary_json();
            for (key, expected) in expect.as_object().unwrap() {
                if key != "outcome" && key != "game" {
                    assert_eq!(&actual[key], expected, "{}: {key}", case.display());
                }
            }
            let common = serde_json::to_value(state.common()).unwrap();
            for (key, value) in common.as_object().unwrap() {
                assert_eq!(&actual[key], value, "{}: common {key}", case.display());
            }
            assert_eq!(state.is_over(), expect["winner"].is_string());
            assert_eq!(output.exit_code, 0, "{}: {output:?}", case.display());
            let printed: Value = serde_json::from_str(&output.stdout).unwrap();
            assert_eq!(printed["summary"], actual);
            assert_eq!(printed["game"], Value::from(record.game()));
            // Round trip through the writer.
            assert_eq!(AnyRecord::from_json(&record.to_json()).unwrap(), record);
            // The last step is the final state; one step per entry.
            let steps = record.replay_steps(&Nicknames::new());
            assert!(steps.error.is_none());
            assert_eq!(steps.steps.len(), record.len());
            if let Some(last) = steps.steps.last() {
                assert_eq!(last.state, state);
            }
            assert_eq!(steps.initial, record.initial());
            let replayed = cli::replay(case, false);
            assert_eq!(replayed.exit_code, 0, "{}", case.display());
            assert_eq!(replayed.stdout.lines().count(), record.len() + 1);
        }
        other => panic!("{}: unknown outcome {other}", case.display()),
    }
}

fn error_index(expect: &Value) -> usize {
    expect["index"].as_u64().unwrap() as usize
}

#[test]
fn every_record_case_has_its_expected_outcome() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for case in &cases {
        check_case(case);
    }
}

#[test]
fn every_game_has_valid_invalid_and_unreadable_cases() {
    let cases = cases();
    for game in ["madrasso", "tressette", "trijumf", "vitou"] {
        for outcome in ["valid", "invalid", "unreadable"] {
            let prefix = format!("{game}_{outcome}_");
            assert!(
                cases.iter().any(|case| case
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with(&prefix)),
                "no {prefix} case"
            );
        }
    }
}
