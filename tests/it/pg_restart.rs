//! PostgreSQL restarted under running instances: a live page on one instance hears
//! the first entry written through another after the restart, and never shows a
//! state it did not read; no request fails once the database answers again; the
//! health check says what is wrong; an instance opens its pool's connections as
//! it needs them. Each test starts a PostgreSQL server of its own
//! (`support::pg_server`), since it restarts it; they are compiled with the other
//! PostgreSQL tests (SEGNAPUNTI_TEST_POSTGRES_URL) and skipped, saying why, where
//! such a server cannot be started.
#![cfg(postgres_tests)]

use crate::support;
use support::setup;

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use support::pg_server::{PgServer, own_server};
use support::{Backend, Client, TestApp, TestDatabase};

fn instance(server: &PgServer) -> TestApp {
    TestApp::spawn_on(Backend::Postgres, TestDatabase::at_url(&server.url()))
}

fn create_match(organizer: &Client) -> String {
    setup::create_match(organizer, &[("title", "Riavvio")])
}

fn personal_token(client: &Client) -> String {
    setup::personal_token(client, "riavvio")
}

/// The organizer "org", a match of theirs and an API token of theirs.
fn organizer_match(app: &TestApp) -> (Client, String, String) {
    let organizer = app.organizer();
    let public_id = create_match(&organizer);
    let token = personal_token(&organizer);
    (organizer, public_id, token)
}

fn hand(seq: i64) -> String {
    format!(r#"{{"expected_seq": {seq}, "entry": {{"type": "hand", "winner": "A"}}}}"#)
}

/// The `data:` lines of a match's event stream, as they come.
fn watch(app: &TestApp, public_id: &str) -> mpsc::Receiver<String> {
    let response = app.match_events(public_id, Duration::from_secs(120));
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let lines = BufReader::new(response.into_body().into_reader()).lines();
        for line in lines.map_while(Result::ok) {
            if let Some(data) = line.strip_prefix("data: ")
                && sender.send(data.to_string()).is_err()
            {
                return;
            }
        }
    });
    receiver
}

/// Waits for a `data:` line equal to `wanted`; every line seen on the way must be a
/// count the match really had (at least `at_least`), or `?` (re-read the page).
fn wait_for(lines: &mpsc::Receiver<String>, wanted: &str, at_least: usize, limit: Duration) {
    let started = Instant::now();
    loop {
        let left = limit.saturating_sub(started.elapsed());
        let line = lines
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("the live page never heard of entry count {wanted}"));
        if line == wanted {
            return;
        }
        if line != "?" {
            let count: usize = line.parse().unwrap_or_else(|_| panic!("data: {line}"));
            assert!(
                count >= at_least,
                "the live page was told of {count} entries, but the match had {at_least} already"
            );
        }
    }
}

/// Writes through `client` until the database takes it; the failures seen on the way.
fn append_until_taken(client: &Client, path: &str, body: &str, token: &str) -> Vec<u16> {
    let started = Instant::now();
    let mut failures = Vec::new();
    loop {
        let response = client.post_json_bearer(path, body, token);
        if response.status == 201 {
            return failures;
        }
        failures.push(response.status);
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "never taken: {failures:?} {}",
            response.body
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn after_a_restart_a_live_page_on_another_instance_hears_the_next_entry_and_no_fake_state() {
    let Some(server) = own_server("pg_restart::live_pages", &[]) else {
        return;
    };
    let first = instance(&server);
    let admin = first.admin();
    let organizer = first.user(&admin, "org", "organizer");
    let second = first.second_instance();
    let public_id = create_match(&organizer);
    let token = personal_token(&organizer);
    let writer = second.client();
    let path = format!("/api/v1/matches/{public_id}/entries");
    for seq in 0..2 {
        assert_eq!(
            writer.post_json_bearer(&path, &hand(seq), &token).status,
            201
        );
    }
    let lines = watch(&first, &public_id);
    assert_eq!(lines.recv_timeout(Duration::from_secs(10)).unwrap(), "2");

    server.restart();
    // The first instance listens again and has its live page read the match once,
    // since a change may have gone by unheard: the count it had.
    wait_for(&lines, "2", 2, Duration::from_secs(15));
    // The first entry written through the second instance after the restart reaches
    // it all the same: the notification is sent again on a new connection.
    append_until_taken(&writer, &path, &hand(2), &token);
    wait_for(&lines, "3", 2, Duration::from_secs(15));
    // And the ones after it.
    append_until_taken(&writer, &path, &hand(3), &token);
    wait_for(&lines, "4", 3, Duration::from_secs(15));
}

#[test]
fn once_a_restarted_database_answers_no_request_fails() {
    let Some(server) = own_server("pg_restart::no_5xx", &[]) else {
        return;
    };
    let app = instance(&server);
    let (organizer, public_id, token) = organizer_match(&app);
    let path = format!("/api/v1/matches/{public_id}/entries");
    assert_eq!(
        organizer.post_json_bearer(&path, &hand(0), &token).status,
        201
    );
    // Several pooled connections in use at once, so that several are open.
    let busy = |rounds: usize| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    scope.spawn(|| {
                        let client = app.client();
                        (0..rounds)
                            .flat_map(|_| {
                                [
                                    format!("/api/v1/matches/{public_id}"),
                                    format!("/api/v1/matches/{public_id}/entries"),
                                    format!("/m/{public_id}"),
                                    "/health".to_string(),
                                ]
                            })
                            .map(|path| (client.get(&path).status, path))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|handle| handle.join().unwrap())
                .collect::<Vec<_>>()
        })
    };
    assert!(busy(3).iter().all(|(status, _)| *status == 200));

    server.restart();
    let mut failed: Vec<(u16, String)> = busy(3)
        .into_iter()
        .filter(|(status, _)| *status >= 500)
        .collect();
    for seq in 1..4 {
        let response = organizer.post_json_bearer(&path, &hand(seq), &token);
        if response.status >= 500 {
            failed.push((response.status, path.clone()));
        }
    }
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    if page.status >= 500 {
        failed.push((page.status, "/manage/matches/…".into()));
    }
    assert!(failed.is_empty(), "after the restart: {failed:?}");
    let health = app.client().get("/health");
    assert_eq!((health.status, health.body.as_str()), (200, "ok"));
}

#[test]
fn the_health_check_says_whether_the_database_cannot_be_reached_or_refused_a_write() {
    let Some(server) = own_server("pg_restart::health", &[]) else {
        return;
    };
    let app = instance(&server);
    let (organizer, public_id, token) = organizer_match(&app);
    let path = format!("/api/v1/matches/{public_id}/entries");
    let anonymous = app.client();
    assert_eq!(anonymous.get("/health").body, "ok");

    server.stop();
    let health = anonymous.get("/health");
    assert_eq!(health.status, 503);
    assert_eq!(health.body, "database unavailable: cannot connect");
    let refused = organizer.post_json_bearer(&path, &hand(0), &token);
    assert_eq!(refused.status, 503, "{}", refused.body);
    let health = anonymous.get("/health");
    assert_eq!(health.body, "database unavailable: cannot connect");

    // Back, but taking no writes: not "full".
    server.start_again();
    let settings = |sql: &str| {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut connection = diesel::PgConnection::establish(&server.url()).unwrap();
        connection.batch_execute(sql).unwrap();
        connection.batch_execute("SELECT pg_reload_conf()").unwrap();
    };
    settings("ALTER SYSTEM SET default_transaction_read_only = on");
    std::thread::sleep(Duration::from_millis(300));
    let refused = organizer.post_json_bearer(&path, &hand(0), &token);
    assert_eq!(refused.status, 503, "{}", refused.body);
    let health = anonymous.get("/health");
    assert_eq!(health.status, 503);
    assert_eq!(health.body, "database takes no writes: it refused one");

    settings("ALTER SYSTEM RESET default_transaction_read_only");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        organizer.post_json_bearer(&path, &hand(0), &token).status,
        201
    );
    let health = anonymous.get("/health");
    assert_eq!((health.status, health.body.as_str()), (200, "ok"));
}

/// Connections of a PostgreSQL database: (this application's, all client backends).
fn connections(server: &PgServer) -> i64 {
    use diesel::{Connection, QueryableByName, RunQueryDsl, sql_types::BigInt};
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }
    let mut connection = diesel::PgConnection::establish(&server.url()).unwrap();
    diesel::sql_query(
        "SELECT count(*) AS count FROM pg_stat_activity \
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    )
    .get_result::<Count>(&mut connection)
    .unwrap()
    .count
}

#[test]
fn an_instance_opens_its_pool_as_it_needs_it_and_keeps_to_its_size() {
    // Room for 6 connections besides the superuser's reserve: fewer than the
    // default pool of 10, which an instance used to open at start.
    let Some(server) = own_server(
        "pg_restart::pool",
        &["max_connections=9", "superuser_reserved_connections=3"],
    ) else {
        return;
    };
    let app = instance(&server);
    let opened = connections(&server);
    assert!(opened <= 3, "{opened} connections open at start");
    let organizer = app.organizer();
    let public_id = create_match(&organizer);
    assert_eq!(organizer.get(&format!("/m/{public_id}")).status, 200);
    drop(app);

    // A pool of 2: never more than 2 pooled connections, whatever the load.
    let url = server.url();
    let db = segnapunti::store::Db::open_with(
        &segnapunti::store::DatabaseUrl::parse(&url).unwrap(),
        &segnapunti::store::DbOptions { pool_size: 2 },
    )
    .expect("opens");
    let before = connections(&server);
    std::thread::scope(|scope| {
        for _ in 0..6 {
            scope.spawn(|| {
                for _ in 0..5 {
                    db.read(|connection| {
                        use diesel::connection::SimpleConnection;
                        connection
                            .batch_execute("SELECT pg_sleep(0.02)")
                            .map_err(Into::into)
                    })
                    .unwrap();
                }
            });
        }
    });
    let after = connections(&server);
    assert!(after - before <= 2, "{before} before, {after} after");
}

/// A live page told of a change whose match it then cannot read says nothing,
/// rather than a count it did not read, and tells the real count once it can.
/// Runs on the shared test server: nothing is restarted.
#[test]
fn a_live_page_that_cannot_read_its_match_tells_no_count_it_did_not_read() {
    use diesel::{Connection, QueryableByName, RunQueryDsl, sql_types::BigInt};
    let app = TestApp::spawn(Backend::Postgres);
    let (organizer, public_id, token) = organizer_match(&app);
    let path = format!("/api/v1/matches/{public_id}/entries");
    for seq in 0..2 {
        assert_eq!(
            organizer.post_json_bearer(&path, &hand(seq), &token).status,
            201
        );
    }
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = BigInt)]
        id: i64,
    }
    let id = diesel::sql_query(format!(
        "SELECT id FROM matches WHERE public_id = '{public_id}'"
    ))
    .get_result::<Id>(&mut diesel::PgConnection::establish(&app.database.url).unwrap())
    .unwrap()
    .id;
    let lines = watch(&app, &public_id);
    assert_eq!(lines.recv_timeout(Duration::from_secs(10)).unwrap(), "2");

    // A change announced that changed nothing tells the page nothing new.
    app.database
        .execute(&format!("NOTIFY segnapunti_matches, '{id}'"));
    if let Ok(line) = lines.recv_timeout(Duration::from_secs(2)) {
        panic!("the live page was told {line} again although nothing changed");
    }

    // The log cannot be read, and a change is announced.
    app.database
        .execute("ALTER TABLE match_entries RENAME TO match_entries_away");
    app.database
        .execute(&format!("NOTIFY segnapunti_matches, '{id}'"));
    match lines.recv_timeout(Duration::from_secs(2)) {
        Err(_) => {}
        Ok(line) => panic!("the live page was told data: {line} while its match could not be read"),
    }
    app.database
        .execute("ALTER TABLE match_entries_away RENAME TO match_entries");
    assert_eq!(
        organizer.post_json_bearer(&path, &hand(2), &token).status,
        201
    );
    wait_for(&lines, "3", 2, Duration::from_secs(10));
}
