//! Data-driven match-record cases: every `tests/records/NAME.json` is checked against
//! `tests/records/NAME.expect.json` through the core; their messages and `rules check`
//! are the shell's (`tests/it/records.rs`).
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

use segnapunti_core::rules::any::AnyRecord;
use segnapunti_core::rules::comanda::Nicknames;
use segnapunti_core::rules::game::Game;
use segnapunti_core::rules::record::MatchRecord;
use segnapunti_core::rules::replay;
use serde_json::Value;

use crate::support::record_cases::{cases_in, expectation, is_trionfetti};

fn cases() -> Vec<PathBuf> {
    cases_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records"))
}

/// The Trionfetti API the web layer uses gives the same answers as the any-game one.
fn check_trionfetti(case: &Path, text: &str, expect: &Value) {
    match expect["outcome"].as_str().unwrap() {
        "unreadable" => {
            MatchRecord::from_json(text).expect_err("unreadable");
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
    if is_trionfetti(&text) {
        check_trionfetti(case, &text, &expect);
    }
    match expect["outcome"].as_str().unwrap() {
        "unreadable" => {
            AnyRecord::from_json(&text).expect_err("unreadable");
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
            // The steps stop right before the invalid entry.
            let steps = record.replay_steps(&Nicknames::new());
            assert_eq!(steps.steps.len(), error.index);
            assert_eq!(steps.error, Some(error));
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
        }
        other => panic!("{}: unknown outcome {other}", case.display()),
    }
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
