//! The data-driven match-record cases (`crates/core/tests/records/`): each `NAME.json`
//! with its `NAME.expect.json`, described in `records.rs`.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The cases in `folder`, sorted; the caller names the folder, since the shell's tests
/// include this module from another crate directory.
pub fn cases_in(folder: &Path) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(folder)
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

pub fn expectation(case: &Path) -> Value {
    let path = case.with_extension("expect.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    serde_json::from_str(&text).unwrap()
}

pub fn is_trionfetti(text: &str) -> bool {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|value| value.get("game").cloned())
        == Some(Value::from("trionfetti"))
}
