//! A database that cannot grow: the server keeps running, every refused write gets
//! a clear 503 (an error page, or JSON on the API), the health check turns
//! unhealthy, reads go on, nothing acknowledged is lost, and once there is room
//! again writes are taken and the health check recovers by itself.
//!
//! "Full" is made real with the process's file size limit (RLIMIT_FSIZE), lowered
//! on the running server with `prlimit`: SQLite's writes past it fail as they
//! would on a full disk. SIGXFSZ is ignored (set before exec, so the server
//! inherits it), so the write fails instead of killing the process.

use crate::support;

use std::process::{Child, Command, Stdio};

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use serde_json::{Value, json};
use support::process::{
    SqliteFile, assert_integrity, free_port, organizer_with_token, wait_until_up,
};
use support::{Client, setup};

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn set_file_size_limit(pid: u32, limit: &str) {
    let status = Command::new("prlimit")
        // The soft limit only (`N:`): raising a hard limit again needs a privilege.
        .args(["--pid", &pid.to_string(), &format!("--fsize={limit}:")])
        .status()
        .expect("prlimit (util-linux) runs");
    assert!(status.success(), "prlimit --fsize={limit} failed");
}

fn file_size(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[test]
fn a_full_database_is_refused_clearly_and_recovers() {
    let database = SqliteFile::new("full.db");
    let (path, url) = (&database.path, &database.url);

    let token = organizer_with_token(url, "org", "password-di-org");

    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let child = Command::new("bash")
        .arg("-c")
        .arg(r#"trap "" XFSZ; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_segnapunti"))
        .args(["--database-url", url, "--port", &port.to_string()])
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "off")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server(child);
    let pid = server.0.id();
    wait_until_up(&base);
    let anonymous = Client::new(&base, "it");

    let organizer = Client::new(&base, "it");
    organizer.login("org", "password-di-org");
    let match_form = setup::long_match_form("Tavolo 1");
    let public_id = setup::create_match(&organizer, &match_form);
    let entries = format!("/api/v1/matches/{public_id}/entries");
    let append = |seq: i64| {
        let body = json!({
            "expected_seq": seq,
            "submission_key": format!("entry-{seq}"),
            "entry": {"type": "hand", "winner": if seq % 2 == 0 { "A" } else { "B" }}
        });
        organizer.post_json_bearer(&entries, &body.to_string(), &token)
    };

    // No room beyond what the files hold now, give or take a few pages.
    let wal = database.folder.path().join("full.db-wal");
    let limit = file_size(path).max(file_size(&wal)) + 16 * 1024;
    set_file_size_limit(pid, &limit.to_string());

    let mut acknowledged = 0_i64;
    let refusal = loop {
        let answer = append(acknowledged);
        match answer.status {
            201 => acknowledged += 1,
            _ => break answer,
        }
        assert!(
            acknowledged < 5_000,
            "5,000 entries fitted in {limit} bytes: the limit is not in force"
        );
    };
    assert_eq!(refusal.status, 503, "refused with {}", refusal.body);
    let refusal: Value = serde_json::from_str(&refusal.body).expect("the API answers JSON");
    assert!(
        refusal.to_string().contains("not taking writes"),
        "the refusal says why: {refusal}"
    );

    // The few bytes left may still hold a write smaller than an entry (the health
    // check's probe is one), so from here on the disk has no room at all.
    set_file_size_limit(pid, "1");

    // A form gets an error page in the visitor's language, and the server stays up.
    let page = organizer.post_form("/manage/matches", &match_form);
    assert_eq!(page.status, 503, "{}", page.body);
    assert!(
        page.body
            .contains("Servizio momentaneamente non disponibile")
    );
    assert!(page.body.contains("Nulla è stato registrato"));
    assert!(!page.body.contains("disk"), "no internals on the page");
    let health = anonymous.get("/health");
    assert_eq!(health.status, 503);
    assert_eq!(health.body, "database takes no writes: it is full");

    // Reads go on, and show exactly what was acknowledged.
    let state = anonymous.get(&format!("/api/v1/matches/{public_id}"));
    assert_eq!(state.status, 200);
    let state: Value = serde_json::from_str(&state.body).unwrap();
    assert_eq!(state["next_seq"], json!(acknowledged));

    // Room again: the next write is taken, and the health check recovers.
    set_file_size_limit(pid, "unlimited");
    let again = append(acknowledged);
    assert_eq!(again.status, 201, "after the disk has room: {}", again.body);
    assert_eq!(anonymous.get("/health").status, 200);
    drop(server);

    let mut connection = database.connect();
    let stored: Count = diesel::sql_query("SELECT COUNT(*) AS count FROM match_entries")
        .get_result(&mut connection)
        .unwrap();
    assert_eq!(stored.count, acknowledged + 1, "acknowledged entries only");
    assert_integrity(&mut connection);
}
