//! `segnapunti demo --clubs N --seasons S`: a federation's years made through the same
//! write paths as the demo, on both backends: every club with its seasons, players who
//! move between clubs, nights where someone leaves or arrives late, hands voided and
//! recorded again; the whole database passes `check`, and the busiest pages answer.

use crate::cli_demo::{Count, rows, run, text, texts};
use crate::support::{Backend, TestApp, TestDatabase};

fn count(database: &TestDatabase, query: &str) -> i64 {
    rows::<Count>(database, query)[0].count
}

fn a_federation_is_made_through_the_write_paths_and_checks(backend: Backend) {
    let database = TestDatabase::new(backend);
    let made = run(&database.url, &["demo", "--clubs", "3", "--seasons", "2"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let printed = text(&made.stdout);
    assert!(printed.contains("federation written in"), "{printed}");
    assert!(printed.contains("3 clubs"), "{printed}");
    // Not a terminal: a progress line every tenth of the way, the last one complete.
    let progress = text(&made.stderr);
    assert!(progress.lines().count() <= 11, "{progress}");
    assert!(
        progress.lines().last().unwrap().starts_with("week 21/21:"),
        "{progress}"
    );

    assert_eq!(count(&database, "SELECT COUNT(*) AS count FROM clubs"), 3);
    // Two seasons for each club beside the demo's: the earlier closed, this one open.
    assert_eq!(
        count(
            &database,
            "SELECT COUNT(*) AS count FROM seasons s JOIN clubs c ON c.id = s.club_id \
             WHERE c.slug <> 'scuola-di-trionfetti' AND s.closed"
        ),
        2
    );
    assert_eq!(
        count(
            &database,
            "SELECT COUNT(*) AS count FROM seasons s JOIN clubs c ON c.id = s.club_id \
             WHERE c.slug <> 'scuola-di-trionfetti' AND NOT s.closed"
        ),
        2
    );
    // Eight nights a season, a tournament between seasons, this week's night: 2 × 18.
    let club_events = count(
        &database,
        "SELECT COUNT(*) AS count FROM events e JOIN clubs c ON c.id = e.club_id \
         WHERE c.slug <> 'scuola-di-trionfetti'",
    );
    assert_eq!(club_events, 2 * 18);
    // A tournament of another game for each club.
    assert_eq!(
        count(
            &database,
            "SELECT COUNT(DISTINCT game) AS count FROM events e JOIN clubs c ON c.id = e.club_id \
             WHERE c.slug <> 'scuola-di-trionfetti'"
        ),
        3
    );
    // Players who move: someone entered in both clubs' events.
    let movers = count(
        &database,
        "SELECT COUNT(*) AS count FROM (SELECT n.player1_id FROM entrants n \
         JOIN events e ON e.id = n.event_id GROUP BY n.player1_id \
         HAVING COUNT(DISTINCT e.club_id) > 1) moved",
    );
    assert!(movers >= 2, "{movers} players moved");
    // Changes at the tables: withdrawals, late arrivals, hands voided and recorded again.
    assert!(
        count(
            &database,
            "SELECT COUNT(*) AS count FROM entrants WHERE withdrawn_round IS NOT NULL"
        ) >= 1
    );
    let voids = texts(
        &database,
        "SELECT entry_json AS value FROM match_entries WHERE entry_json LIKE '%\"void\"%'",
    );
    assert!(!voids.is_empty());
    assert!(
        voids.iter().all(|v| v.contains("registrata due volte")),
        "{voids:?}"
    );

    let checked = run(&database.url, &["check"]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert!(
        text(&checked.stdout).contains(&format!("all agree: {} events", club_events + 13)),
        "{}",
        text(&checked.stdout)
    );

    let app = TestApp::spawn_on(backend, database);
    let client = app.client();
    for path in ["/", "/events", "/events?earliest=1"] {
        let page = client.get(path);
        assert_eq!(page.status, 200, "{path}");
    }
}

#[test]
fn seasons_need_clubs() {
    let database = TestDatabase::new(Backend::Sqlite);
    let refused = run(&database.url, &["demo", "--seasons", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("--clubs"),
        "{}",
        text(&refused.stderr)
    );
    let none = run(&database.url, &["demo", "--clubs", "0"]);
    assert_eq!(none.status.code(), Some(2));
}

#[test]
fn federation_sqlite() {
    a_federation_is_made_through_the_write_paths_and_checks(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn federation_postgres() {
    a_federation_is_made_through_the_write_paths_and_checks(Backend::Postgres);
}
