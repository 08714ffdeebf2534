//! Queries use indexes (issue 39): every statement run while serving the public pages
//! and the score-entry path is explained on the test's database, and a plan reading all
//! of `matches`, `match_entries`, `events` or `players` fails the test, naming the page,
//! the statement and the plan line. On PostgreSQL sequential scans are priced out
//! (`enable_seqscan = off`), so a small table cannot hide a missing index: a scan that
//! remains has no index to serve it. On SQLite, `EXPLAIN QUERY PLAN` must not `SCAN`
//! one of those tables without an index (nor build an automatic one). On both, a whole
//! index walked in its order outside a `LIMIT` reads the whole table too.

mod binds;
mod capture;
mod explain;

use std::sync::Arc;

use diesel::prelude::*;
use diesel::sql_types::Text;
use serde_json::json;

use crate::support::setup::{api_append, card_links, record_win};
use crate::support::{Backend, Client, TestApp};
use capture::Capture;

/// The served database with who may score on it.
struct Served {
    app: TestApp,
    capture: Arc<Capture>,
    organizer: Client,
}

/// The text a connection URL to this database contains: the SQLite file's path, the
/// PostgreSQL database's (random) name.
fn database_key(url: &str) -> String {
    match url.strip_prefix("sqlite://") {
        Some(path) => path.to_string(),
        None => {
            let path = url.rsplit('/').next().unwrap();
            path.split('?').next().unwrap().to_string()
        }
    }
}

/// The fixture, in one place: the demo's club (its seasons, nights, a knockout, a night
/// in progress) and two more clubs' season (`segnapunti demo --clubs 3 --seasons 1`)
/// written by the demo's own code on the test's database, served again, and its
/// organizer's invitation claimed.
fn served_demo(app: TestApp) -> Served {
    let backend = app.backend;
    let database = app.stop();
    let capture = capture::watch(&database_key(&database.url));
    let db = database.open();
    let now = segnapunti::zone::to_local(chrono::Utc::now().naive_utc(), segnapunti::zone::DEFAULT);
    // The demo's club and two more with a season of nights: a federation in small.
    let size = segnapunti::demo::Size {
        clubs: 3,
        seasons: 1,
    };
    let (report, _) = segnapunti::demo::fill_federation(&db, now, size, |_, _, _| {})
        .expect("the federation fills the database");
    drop(db);
    let app = TestApp::spawn_on(backend, database);
    let account = report
        .accounts
        .iter()
        .find(|account| account.username == "organizzatrice")
        .expect("the demo's organizer");
    let organizer = app.client();
    let link = format!("/invite/{}", account.token);
    let claimed = organizer.post_form(
        &link,
        &[
            ("username", "elena"),
            ("display_name", "Elena Bon"),
            ("password", "la-password-di-elena"),
            ("confirm_password", "la-password-di-elena"),
        ],
    );
    assert_eq!(claimed.status, 303, "{}", claimed.body);
    Served {
        app,
        capture,
        organizer,
    }
}

#[derive(QueryableByName)]
struct Value {
    #[diesel(sql_type = Text)]
    value: String,
}

/// The first value of a query on the served database (to find what the pages show).
fn value(app: &TestApp, sql: &str) -> String {
    let rows: Vec<Value> = match app.backend {
        Backend::Sqlite => {
            let path = app.database.url.trim_start_matches("sqlite://");
            diesel::sql_query(sql).load(&mut SqliteConnection::establish(path).unwrap())
        }
        Backend::Postgres => {
            diesel::sql_query(sql).load(&mut PgConnection::establish(&app.database.url).unwrap())
        }
    }
    .unwrap();
    rows.into_iter()
        .next()
        .unwrap_or_else(|| panic!("nothing for {sql}"))
        .value
}

/// Serves `path` as `client`, crediting its statements to the page; it must answer
/// `status`.
fn visit(served: &Served, client: &Client, path: &str, status: u16) {
    let response = served.capture.during(path, || client.get(path));
    assert_eq!(response.status, status, "{path}: {}", response.body);
}

/// Every public page of the demo, then a hand recorded by a referee (logged in, and
/// through a table's card) and an entry appended through the API: what was served.
fn serve_every_page(served: &Served) -> Vec<String> {
    let app = &served.app;
    let visitor = app.client();
    let club = value(app, "SELECT slug AS value FROM clubs ORDER BY id LIMIT 1");
    let season = value(
        app,
        "SELECT CAST(id AS TEXT) AS value FROM seasons ORDER BY id LIMIT 1",
    );
    let finished_event = value(
        app,
        "SELECT e.public_id AS value FROM events e WHERE e.status = 'finished' ORDER BY e.id LIMIT 1",
    );
    let knockout = value(
        app,
        "SELECT public_id AS value FROM events WHERE format_json LIKE '%SingleElimination%' \
         ORDER BY id LIMIT 1",
    );
    let live_event = value(
        app,
        "SELECT e.public_id AS value FROM events e JOIN matches m ON m.event_id = e.id \
         WHERE m.status = 'in_progress' ORDER BY m.id LIMIT 1",
    );
    let finished_match = value(
        app,
        &format!(
            "SELECT m.public_id AS value FROM matches m JOIN events e ON e.id = m.event_id \
             WHERE e.public_id = '{finished_event}' AND m.status = 'finished' ORDER BY m.id LIMIT 1"
        ),
    );
    let regular = value(
        app,
        "SELECT CAST(player_id AS TEXT) AS value FROM rating_points \
         GROUP BY player_id ORDER BY COUNT(*) DESC, player_id LIMIT 1",
    );
    // An event in the middle of the archive: the pages beside it are found from it.
    let older_than = value(
        app,
        "SELECT public_id AS value FROM events WHERE listed ORDER BY starts_at DESC, id DESC \
         LIMIT 1 OFFSET 5",
    );
    let pages = [
        "/".to_string(),
        "/events".to_string(),
        format!("/events?before={older_than}&club={club}&game=trionfetti"),
        format!("/events?after={older_than}"),
        "/events?earliest=1".to_string(),
        format!("/events?club={club}&season={season}"),
        "/events?from=2020-01-01&to=2040-12-31".to_string(),
        format!("/clubs/{club}"),
        format!("/clubs/{club}/seasons"),
        format!("/clubs/{club}/seasons/{season}"),
        format!("/e/{finished_event}"),
        format!("/e/{finished_event}/rounds"),
        format!("/e/{finished_event}/standings"),
        format!("/e/{finished_event}/entrants"),
        format!("/e/{knockout}"),
        format!("/e/{knockout}/bracket"),
        format!("/e/{live_event}"),
        format!("/e/{live_event}/p/1"),
        format!("/e/{live_event}/projector"),
        format!("/m/{finished_match}"),
        format!("/m/{finished_match}/replay"),
        format!("/m/{finished_match}/sheet"),
        format!("/m/{finished_match}/record.json"),
        format!("/players/{regular}"),
        format!("/api/v1/matches/{finished_match}"),
        format!("/api/v1/matches/{finished_match}/entries"),
    ];
    for page in &pages {
        visit(served, &visitor, page, 200);
    }

    // Score entry: a hand by the organizer's referee page, one through a table's card
    // (its private link), one appended through the API.
    let live_match = value(
        app,
        &format!(
            "SELECT m.public_id AS value FROM matches m JOIN events e ON e.id = m.event_id \
             WHERE e.public_id = '{live_event}' AND m.status = 'in_progress' \
             AND m.game = 'trionfetti' ORDER BY m.id LIMIT 1"
        ),
    );
    let organizer = &served.organizer;
    let referee_page = format!("/score/{live_match}");
    let card = card_links(app, organizer, &live_event)
        .into_iter()
        .next()
        .expect("a table card");
    let scored = [
        format!("POST {referee_page}/hand"),
        format!("POST {card}/hand"),
        format!("POST /api/v1/matches/{live_match}/entries"),
    ];
    served
        .capture
        .during(&scored[0], || record_win(organizer, &referee_page, "A"));
    served
        .capture
        .during(&scored[1], || record_win(&app.client(), &card, "B"));
    served.capture.during(&scored[2], || {
        api_append(
            organizer,
            &live_match,
            json!({"type": "hand", "winner": "A"}),
        )
    });
    pages.into_iter().chain(scored).collect()
}

fn plans_read_no_whole_table(app: TestApp) {
    let served = served_demo(app);
    let pages = serve_every_page(&served);
    let statements = served.capture.statements();
    for page in &pages {
        let ran = statements.iter().filter(|s| s.page == *page).count();
        // Each of them reads the database: none ran unwatched.
        assert!(ran > 0, "{page} ran no statement where it was watched");
        if std::env::var_os("SEGNAPUNTI_TEST_PLANS").is_some() {
            eprintln!("{ran:4} statements: {page}");
        }
    }
    let scans = explain::whole_table_reads(&served.app.database.url, &statements);
    assert!(
        scans.is_empty(),
        "{} plans read a whole table of {:?}:\n{}",
        scans.len(),
        explain::WATCHED_TABLES,
        scans
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

backend_tests! {
    fn public_pages_and_score_entry_read_through_indexes(app) {
        plans_read_no_whole_table(app);
    }
}
