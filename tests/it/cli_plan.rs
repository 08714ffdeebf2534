//! `segnapunti plan --json FILE` as an organizer runs it: no database, exit 0 with the
//! plan, 1 for a result naming no table, 2 for a file it cannot read.

use std::process::Command;

fn plan(content: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plan.json");
    std::fs::write(&file, content).unwrap();
    Command::new(env!("CARGO_BIN_EXE_segnapunti"))
        // No database is opened: a URL nobody could reach changes nothing.
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
        .args(["plan", "--json"])
        .arg(&file)
        .output()
        .unwrap()
}

#[test]
fn a_rotating_night_is_planned_with_its_results() {
    let output = plan(
        r#"{"format": "rotating_partners", "entrants": 16, "rounds": 5, "seed": 7,
            "results": [{"round": 1, "table": 2, "winner": 0}]}"#,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let plan: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rounds = plan["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    for (i, round) in rounds.iter().enumerate() {
        assert_eq!(round["round"], i + 1);
        let tables = round["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 4, "tables 1 to 4");
        for (t, table) in tables.iter().enumerate() {
            assert_eq!(table["table"], t + 1);
            assert_eq!(table["sides"].as_array().unwrap().len(), 2);
            assert_eq!(
                table["sides"][0].as_array().unwrap().len(),
                2,
                "two partners a side"
            );
        }
        assert_eq!(round["sitting_out"], serde_json::json!([]));
    }
    let standings: Vec<u64> = plan["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(standings.len(), 16);
    // The four winners of round 1, table 2 lead.
    let winners: Vec<u64> = rounds[0]["tables"][1]["sides"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(
        winners.iter().all(|w| standings[..2].contains(w)),
        "{standings:?} {winners:?}"
    );
}

#[test]
fn a_result_naming_no_table_exits_1_naming_it() {
    let output = plan(
        r#"{"format": "double_elimination", "entrants": 8, "results": [{"round": "L2", "table": 9, "winner": 1}]}"#,
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("result 1: round L2 has no table 9"),
        "{stderr}"
    );
    assert!(
        stderr.contains("risultato 1: il turno L2 non ha un tavolo 9"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn an_unreadable_file_exits_2_with_a_message() {
    for content in [
        "{",
        r#"{"format": "swiss", "entrants": 6}"#,
        r#"{"format": "swiss", "entrants": 6, "rounds": 3, "colour": 1}"#,
    ] {
        let output = plan(content);
        assert_eq!(output.status.code(), Some(2), "{content}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error: "),
            "{content}"
        );
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_segnapunti"))
        .args(["plan", "--json", "/nonexistent/plan.json"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn a_change_withdraws_and_adds_entrants_from_its_round() {
    let output = plan(
        r#"{"format": "rotating_partners", "entrants": 16, "rounds": 4, "seed": 7,
            "changes": [{"from_round": 3, "withdraw": [2, 9], "join": 1}]}"#,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let planned: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for (i, round) in planned["rounds"].as_array().unwrap().iter().enumerate() {
        let mut present: Vec<u64> = round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["sides"].as_array().unwrap().iter())
            .flat_map(|side| side.as_array().unwrap().iter())
            .chain(round["sitting_out"].as_array().unwrap().iter())
            .map(|v| v.as_u64().unwrap())
            .collect();
        present.sort_unstable();
        let expected: Vec<u64> = if i < 2 {
            (1..=16).collect()
        } else {
            (1..=17).filter(|e| ![2, 9].contains(e)).collect()
        };
        assert_eq!(present, expected, "round {}", i + 1);
    }
    let refused = plan(
        r#"{"format": "swiss", "entrants": 8, "rounds": 3, "changes": [{"from_round": 2, "withdraw": [3, 3]}]}"#,
    );
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("error: change 1: entrant 3 has already withdrawn"),
        "{stderr}"
    );
}
