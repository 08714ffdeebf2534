//! Crash safety: the release-style server binary runs under a score-entry load and
//! is killed with SIGKILL at seeded random moments, then restarted, several times.
//! Every entry whose response was a success must be in the log afterwards, no
//! submission is recorded twice, and SQLite's integrity check passes.

use crate::support;

use std::collections::{HashMap, HashSet};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde_json::{Value, json};
use support::process::{
    SqliteFile, assert_integrity, free_port, organizer_with_token, segnapunti, wait_until_up,
};
use support::{Client, setup};

const WRITERS: usize = 4;
const CRASHES: usize = 5;

struct Server {
    child: Child,
    base: String,
}

fn start(database_url: &str) -> Server {
    let port = free_port();
    let child = segnapunti(database_url)
        .args(["--port", &port.to_string(), "--workers", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    wait_until_up(&base);
    Server { child, base }
}

/// A tiny seeded generator: the kill moments are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

#[derive(QueryableByName)]
struct KeyCount {
    #[diesel(sql_type = Text)]
    submission_key: String,
    #[diesel(sql_type = BigInt)]
    copies: i64,
}

/// One writer on its own match: appends hands, remembers what was acknowledged,
/// and after a failure retries the same submission, which must never be doubled.
fn writer(
    base: String,
    public_id: String,
    token: String,
    stop: Arc<AtomicBool>,
    acknowledged: Arc<Mutex<HashSet<String>>>,
    attempt: &mut u64,
) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(5)))
        .build()
        .into();
    let state: Value = match agent
        .get(format!("{base}/api/v1/matches/{public_id}"))
        .call()
        .and_then(|mut response| response.body_mut().read_to_string())
        .map(|text| serde_json::from_str(&text).unwrap_or(Value::Null))
    {
        Ok(state) if state["next_seq"].is_i64() => state,
        _ => return,
    };
    let mut seq = state["next_seq"].as_i64().unwrap();
    while !stop.load(Ordering::Relaxed) {
        let key = format!("{public_id}-{attempt}");
        let body = json!({
            "expected_seq": seq,
            "submission_key": key,
            "entry": {"type": "hand", "winner": if seq % 2 == 0 { "A" } else { "B" }}
        });
        let answer = agent
            .post(format!("{base}/api/v1/matches/{public_id}/entries"))
            .header("Authorization", &format!("Bearer {token}"))
            .content_type("application/json")
            .send(body.to_string());
        match answer.map(|response| response.status().as_u16()) {
            Ok(201) | Ok(200) => {
                acknowledged.lock().unwrap().insert(key);
                *attempt += 1;
                seq += 1;
            }
            // The server died mid-request: the same submission is retried after the restart.
            _ => return,
        }
    }
}

#[test]
fn acknowledged_entries_survive_kill_9() {
    let database = SqliteFile::new("crash.db");
    let url = &database.url;

    let token = organizer_with_token(url, "org", "password-di-org");

    let mut server = start(url);
    let organizer = Client::new(&server.base, "it");
    organizer.login("org", "password-di-org");
    let matches: Vec<String> = (0..WRITERS)
        .map(|table| setup::create_long_match(&organizer, &format!("Tavolo {table}")))
        .collect();

    let acknowledged = Arc::new(Mutex::new(HashSet::new()));
    let attempts: Vec<Arc<Mutex<u64>>> = (0..WRITERS).map(|_| Arc::new(Mutex::new(0))).collect();
    let mut random = Lcg(20261121);
    for crash in 0..=CRASHES {
        let stop = Arc::new(AtomicBool::new(false));
        let handles: Vec<_> = matches
            .iter()
            .zip(&attempts)
            .map(|(public_id, attempt)| {
                let (base, public_id, token, stop, acknowledged, attempt) = (
                    server.base.clone(),
                    public_id.clone(),
                    token.clone(),
                    stop.clone(),
                    acknowledged.clone(),
                    attempt.clone(),
                );
                std::thread::spawn(move || {
                    let mut attempt = attempt.lock().unwrap();
                    writer(base, public_id, token, stop, acknowledged, &mut attempt)
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(150 + random.below(450)));
        if crash < CRASHES {
            // SIGKILL: no shutdown, no flush, mid-request.
            server.child.kill().unwrap();
            server.child.wait().unwrap();
        }
        stop.store(true, Ordering::Relaxed);
        for handle in handles {
            handle.join().unwrap();
        }
        if crash < CRASHES {
            server = start(url);
        }
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let acknowledged = acknowledged.lock().unwrap();
    assert!(
        acknowledged.len() > 20,
        "too little load to mean anything: {}",
        acknowledged.len()
    );
    let mut connection = database.connect();
    let stored: Vec<KeyCount> = diesel::sql_query(
        "SELECT submission_key, COUNT(*) AS copies FROM match_entries GROUP BY submission_key",
    )
    .load(&mut connection)
    .unwrap();
    let stored: HashMap<String, i64> = stored
        .into_iter()
        .map(|row| (row.submission_key, row.copies))
        .collect();
    for key in acknowledged.iter() {
        assert_eq!(
            stored.get(key),
            Some(&1),
            "acknowledged entry {key} is missing or doubled"
        );
    }
    assert!(
        stored.values().all(|copies| *copies == 1),
        "a submission was recorded twice"
    );
    assert_integrity(&mut connection);
}
