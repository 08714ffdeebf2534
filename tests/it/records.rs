//! The data-driven match-record cases (`crates/core/tests/records/`, whose replay the
//! core's own tests check) through the shell: their messages in both languages, and
//! `rules check` and `rules replay`.

use std::path::{Path, PathBuf};

use segnapunti::cli::record as cli;
use segnapunti::lang::Lang;
use segnapunti::rules::any::AnyRecord;
use segnapunti::rules::comanda::Nicknames;
use segnapunti::rules::record::MatchRecord;
use segnapunti::web::i18n::Worded;
use serde_json::Value;

use crate::support::core_support::record_cases::{cases_in, expectation, is_trionfetti};

fn cases() -> Vec<PathBuf> {
    cases_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/tests/records"))
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

fn check_case(case: &Path) {
    let expect = expectation(case);
    let text = std::fs::read_to_string(case).unwrap();
    let output = cli::check(case, true);
    // The Trionfetti API the web layer uses words its errors as the any-game one does.
    if is_trionfetti(&text) && expect["outcome"] == "unreadable" {
        let error = MatchRecord::from_json(&text).expect_err("unreadable");
        contains(&error.message(Lang::En), &expect["en"], case);
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
            let error = record.replay(&Nicknames::new()).expect_err("invalid");
            contains(&error.message(Lang::En), &expect["en"], case);
            contains(&error.message(Lang::It), &expect["it"], case);
            assert_eq!(output.exit_code, 1, "{}", case.display());
            assert!(output.stderr.contains(&format!("entry {}", error.index)));
            // `rules replay` prints the steps before the invalid entry and exits 1 too.
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
            let state = record
                .replay(&Nicknames::new())
                .unwrap_or_else(|error| panic!("{}: {error}", case.display()));
            let actual = state.summary_json();
            assert_eq!(output.exit_code, 0, "{}: {output:?}", case.display());
            let printed: Value = serde_json::from_str(&output.stdout).unwrap();
            assert_eq!(printed["summary"], actual);
            assert_eq!(printed["game"], Value::from(record.game()));
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
fn every_record_case_has_its_messages_and_command_output() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for case in &cases {
        check_case(case);
    }
}
