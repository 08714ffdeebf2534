//! `segnapunti demo` and `segnapunti check` as an operator uses them: the demo on an
//! empty database passes the whole-event check and its pages answer in both languages;
//! it refuses a database that holds anything and writes nothing; two demos have the same
//! standings; the check names the event, match and entry a tampered row breaks; and it
//! tells an unreadable database apart (exit 2).

use crate::support;

use std::collections::BTreeMap;
use std::process::{Command, Output};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use support::{Backend, Client, TestApp, TestDatabase};

fn segnapunti() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_segnapunti"));
    command.env_remove("DATABASE_URL").env("RUST_LOG", "error");
    command
}

pub(crate) fn run(url: &str, args: &[&str]) -> Output {
    segnapunti()
        .args(["--database-url", url])
        .args(args)
        .output()
        .unwrap()
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the demo on `database`, which must succeed: its standard output.
fn demo(database: &TestDatabase) -> String {
    let output = run(&database.url, &["demo"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[derive(QueryableByName)]
pub(crate) struct Count {
    #[diesel(sql_type = BigInt)]
    pub(crate) count: i64,
}

#[derive(QueryableByName)]
struct Named {
    #[diesel(sql_type = Text)]
    value: String,
}

/// Runs `query` on the database, whichever backend it is on.
pub(crate) fn rows<T>(database: &TestDatabase, query: &str) -> Vec<T>
where
    T: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::sqlite::Sqlite> + 'static,
{
    if database.url.starts_with("postgres") {
        let mut connection = diesel::PgConnection::establish(&database.url).unwrap();
        diesel::sql_query(query).load(&mut connection).unwrap()
    } else {
        let path = database.url.trim_start_matches("sqlite://");
        let mut connection = diesel::SqliteConnection::establish(path).unwrap();
        diesel::sql_query(query).load(&mut connection).unwrap()
    }
}

/// Runs `query` (one text column `value`) on the database.
pub(crate) fn texts(database: &TestDatabase, query: &str) -> Vec<String> {
    rows::<Named>(database, query)
        .into_iter()
        .map(|row| row.value)
        .collect()
}

/// Rows in each table the demo writes.
fn counts(database: &TestDatabase) -> Vec<(String, i64)> {
    let tables = [
        "users",
        "invitations",
        "clubs",
        "club_organizers",
        "players",
        "events",
        "entrants",
        "matches",
        "match_entries",
        "seasons",
        "season_events",
    ];
    tables
        .iter()
        .map(|table| {
            let query = format!("SELECT COUNT(*) AS count FROM {table}");
            let count: Vec<Count> = rows(database, &query);
            (table.to_string(), count[0].count)
        })
        .collect()
}

/// The addresses in `href`s of a page that start with one of `prefixes`.
fn links(html: &str, prefixes: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for part in html.split("href=\"").skip(1) {
        let link = &part[..part.find('"').unwrap_or(0)];
        let link = link.replace("&amp;", "&");
        if prefixes.iter().any(|prefix| link.starts_with(prefix)) && !found.contains(&link) {
            found.push(link);
        }
    }
    found
}

/// GETs every page, each answering 200; the pages' own links under `follow` too, once.
fn walk(client: &Client, start: &[String], follow: &[&str]) -> usize {
    let mut seen: Vec<String> = Vec::new();
    let mut queue: Vec<String> = start.to_vec();
    while let Some(path) = queue.pop() {
        if seen.contains(&path) {
            continue;
        }
        let page = client.get(&path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        if !path.contains("/export/") {
            for link in links(&page.body, follow) {
                // The live stream never ends; the live fragment and embed are pages.
                if !link.ends_with("/events") && !seen.contains(&link) {
                    queue.push(link);
                }
            }
        }
        seen.push(path);
    }
    seen.len()
}

fn demo_passes_the_check_and_its_pages_answer(backend: Backend) {
    let database = TestDatabase::new(backend);
    let printed = demo(&database);
    // The address to open and a one-time link for each demo account, never a password.
    assert!(printed.contains("http://127.0.0.1:8080/"), "{printed}");
    let invitations: Vec<&str> = printed
        .lines()
        .filter_map(|line| line.split_whitespace().find(|w| w.contains("/invite/")))
        .collect();
    assert_eq!(invitations.len(), 3, "{printed}");
    assert!(!printed.to_lowercase().contains("password:"), "{printed}");
    // Followed to the letter, the hint serves the database the demo wrote (issue 38).
    let shown = segnapunti::store::DatabaseUrl::parse(&database.url)
        .unwrap()
        .to_string();
    assert!(
        printed.contains(&format!("`cargo run --release -- --database-url {shown}`")),
        "{printed}"
    );

    let checked = run(&database.url, &["check"]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    let summary = text(&checked.stdout);
    assert!(summary.contains("all agree: 13 events"), "{summary}");
    let unknown = run(&database.url, &["check", "NoSuchEvent"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(text(&unknown.stderr).contains("NoSuchEvent"));

    let events = texts(
        &database,
        "SELECT public_id AS value FROM events ORDER BY id",
    );
    assert_eq!(events.len(), 13);
    // The night in progress: two tables live, one kept card by card from a comanda.
    let live = texts(
        &database,
        "SELECT m.public_id AS value FROM matches m JOIN events e ON e.id = m.event_id \
         WHERE m.status = 'in_progress' ORDER BY m.id",
    );
    assert_eq!(live.len(), 2, "{live:?}");
    let first_entry = texts(
        &database,
        &format!(
            "SELECT x.entry_json AS value FROM match_entries x JOIN matches m ON m.id = x.match_id \
             WHERE m.public_id = '{}' AND x.seq = 0",
            live[0]
        ),
    );
    assert!(first_entry[0].contains("\"comanda\":\""), "{first_entry:?}");
    let hands = texts(
        &database,
        &format!(
            "SELECT x.entry_json AS value FROM match_entries x JOIN matches m ON m.id = x.match_id \
             WHERE m.public_id = '{}' AND x.seq = 1",
            live[0]
        ),
    );
    assert!(hands[0].contains("\"tricks\""), "card by card: {hands:?}");

    let app = TestApp::spawn_on(backend, database);
    assert!(app.setup_link.is_none(), "the demo's accounts exist");
    for language in ["it", "en"] {
        let client = app.client_in(language);
        let mut start: Vec<String> = vec![
            "/".to_string(),
            "/clubs/scuola-di-trionfetti".to_string(),
            "/clubs/scuola-di-trionfetti/seasons".to_string(),
        ];
        start.extend(events.iter().map(|id| format!("/e/{id}")));
        let pages = walk(
            &client,
            &start,
            &[
                "/e/",
                "/m/",
                "/players/",
                "/clubs/scuola-di-trionfetti/seasons/",
            ],
        );
        // Every event's pages, the seasons' and the players' (a sanity floor).
        assert!(pages > 120, "{language}: only {pages} pages");
    }

    // An account's link: its holder chooses name and password and is logged in, once.
    let link = invitations
        .iter()
        .find(|link| {
            printed
                .lines()
                .any(|l| l.contains("organizzatrice") && l.contains(*link))
        })
        .unwrap()
        .trim_start_matches("http://127.0.0.1:8080");
    let elena = app.client();
    let form = elena.get(link);
    assert_eq!(form.status, 200);
    assert!(
        form.body.contains("value=\"organizzatrice\""),
        "{}",
        form.body
    );
    // A refused form comes back as the same form: completing the ready account.
    let refused = elena.post_form(
        link,
        &[
            ("username", "elena"),
            ("display_name", "Elena Bon"),
            ("password", "la-password-di-elena"),
            ("confirm_password", "un'altra-password"),
        ],
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("Le due password non coincidono."),
        "{}",
        refused.body
    );
    assert!(refused.body.contains("Prendi l"), "{}", refused.body);
    assert!(
        !refused.body.contains("Crea il mio account"),
        "{}",
        refused.body
    );
    let claimed = elena.post_form(
        link,
        &[
            ("username", "elena"),
            ("display_name", "Elena Bon"),
            ("password", "la-password-di-elena"),
            ("confirm_password", "la-password-di-elena"),
        ],
    );
    assert_eq!(claimed.status, 303, "{}", claimed.body);
    // The account the demo's events were made by: the club's events are hers to manage.
    let manage = elena.get(&format!("/manage/events/{}", events[0]));
    assert_eq!(manage.status, 200, "{}", manage.body);
    assert_eq!(
        app.client().get(link).status,
        410,
        "the link works once, then says it was used"
    );
    let again = app.client();
    assert_eq!(again.login("elena", "la-password-di-elena").status, 303);
}

#[test]
fn demo_on_sqlite() {
    demo_passes_the_check_and_its_pages_answer(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn demo_on_postgres() {
    demo_passes_the_check_and_its_pages_answer(Backend::Postgres);
}

fn demo_refuses_a_database_with_anything_in_it(backend: Backend) {
    let database = TestDatabase::new(backend);
    let mut add = segnapunti()
        .args([
            "--database-url",
            &database.url,
            "user",
            "add",
            "--role",
            "admin",
            "anna",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    support::process::feed_stdin(&mut add, "password-di-anna\n");
    assert!(add.wait().unwrap().success());
    let before = counts(&database);
    let refused = run(&database.url, &["demo"]);
    assert_eq!(refused.status.code(), Some(1));
    let message = text(&refused.stderr);
    assert!(
        message.contains("not empty") && message.contains("1 accounts"),
        "{message}"
    );
    assert!(message.contains("nothing was written"), "{message}");
    assert_eq!(counts(&database), before);
}

#[test]
fn demo_refuses_a_non_empty_sqlite() {
    demo_refuses_a_database_with_anything_in_it(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn demo_refuses_a_non_empty_postgres() {
    demo_refuses_a_database_with_anything_in_it(Backend::Postgres);
}

/// Every event's standings (by event name) and every season's table (by season name),
/// as their JSON exports give them.
fn standings(database: TestDatabase, backend: Backend) -> BTreeMap<String, serde_json::Value> {
    let events = texts(
        &database,
        "SELECT public_id AS value FROM events ORDER BY id",
    );
    let seasons = texts(
        &database,
        "SELECT CAST(id AS TEXT) AS value FROM seasons ORDER BY id",
    );
    let app = TestApp::spawn_on(backend, database);
    let client = app.client_in("en");
    let json = |path: String| -> serde_json::Value {
        let response = client.get(&path);
        assert_eq!(response.status, 200, "{path}");
        serde_json::from_str(&response.body).unwrap()
    };
    let mut all = BTreeMap::new();
    for id in events {
        let standings = json(format!("/e/{id}/export/standings.json"));
        let name = standings["event"].as_str().unwrap().to_string();
        assert!(all.insert(name, standings).is_none());
    }
    for id in seasons {
        let season = json(format!(
            "/clubs/scuola-di-trionfetti/seasons/{id}/export/season.json"
        ));
        let name = season["name"].as_str().unwrap().to_string();
        let mut table = season["table"].clone();
        // The nights' public ids differ from one demo to the other; their places do not.
        for row in table.as_array_mut().unwrap() {
            for night in row["results"].as_array_mut().unwrap() {
                night.as_object_mut().unwrap().remove("event");
            }
        }
        all.insert(format!("season {name}"), table);
    }
    all
}

#[test]
fn two_demos_have_the_same_standings() {
    let first = TestDatabase::new(Backend::Sqlite);
    demo(&first);
    let second_backend = if cfg!(postgres_tests) {
        Backend::Postgres
    } else {
        Backend::Sqlite
    };
    let second = TestDatabase::new(second_backend);
    demo(&second);
    let one = standings(first, Backend::Sqlite);
    let other = standings(second, second_backend);
    assert_eq!(one.len(), 15, "{:?}", one.keys());
    // Not a degenerate comparison: the seasons' tables rank ten players.
    let ranked = one
        .iter()
        .filter(|(name, _)| name.starts_with("season "))
        .map(|(_, table)| table.as_array().map_or(0, Vec::len))
        .max();
    assert_eq!(ranked, Some(10));
    assert_eq!(one, other);
}

/// The public id of the event and of the match, and the match key, of the `n`-th
/// finished match of the first event.
fn finished_match(database: &TestDatabase) -> (String, String, String) {
    let rows = texts(
        database,
        "SELECT e.public_id || ' ' || m.public_id || ' ' || m.match_key AS value \
         FROM matches m JOIN events e ON e.id = m.event_id \
         WHERE m.status = 'finished' ORDER BY e.id, m.id",
    );
    let mut parts = rows[0].splitn(3, ' ').map(str::to_string);
    (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    )
}

fn check_names_what_a_tampered_row_breaks(backend: Backend) {
    let database = TestDatabase::new(backend);
    demo(&database);
    let (event, public_id, key) = finished_match(&database);

    // A stored status its log does not give.
    database.execute(&format!(
        "UPDATE matches SET status = 'in_progress' WHERE public_id = '{public_id}'"
    ));
    let checked = run(&database.url, &["check"]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stdout));
    let message = text(&checked.stderr);
    assert!(
        message.contains(&format!("event {event}"))
            && message.contains(&format!("match {key} (/m/{public_id})"))
            && message.contains("its log ends the match"),
        "{message}"
    );
    database.execute(&format!(
        "UPDATE matches SET status = 'finished' WHERE public_id = '{public_id}'"
    ));
    let fixed = run(&database.url, &["check", &event]);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));

    // A stored rating the logs do not give, named by its match when the whole database is
    // checked (ratings span every event).
    let rated = format!("(SELECT id FROM matches WHERE public_id = '{public_id}')");
    database.execute(&format!(
        "UPDATE rating_points SET mu = mu + 1 WHERE match_id = {rated}"
    ));
    let checked = run(&database.url, &["check"]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stdout));
    let message = text(&checked.stderr);
    assert!(
        message.contains(&format!("event {event}"))
            && message.contains(&format!("match {key} (/m/{public_id})"))
            && message.contains("the stored ratings differ"),
        "{message}"
    );
    let rebuilt = run(&database.url, &["ratings", "rebuild"]);
    assert_eq!(rebuilt.status.code(), Some(0), "{}", text(&rebuilt.stderr));
    let fixed = run(&database.url, &["check"]);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));

    // A log entry written over by the one before it: the same hand twice.
    let match_id = format!("(SELECT id FROM matches WHERE public_id = '{public_id}')");
    // The log's guard against changes set aside, as someone writing in SQL could.
    let tamper = format!(
        "UPDATE match_entries SET entry_json = \
         (SELECT entry_json FROM match_entries WHERE match_id = {match_id} AND seq = 1) \
         WHERE match_id = {match_id} AND seq = 2;"
    );
    database.execute(&match backend {
        Backend::Sqlite => format!("DROP TRIGGER match_entries_are_never_updated; {tamper}"),
        Backend::Postgres => format!(
            "ALTER TABLE match_entries DISABLE TRIGGER match_entries_are_never_changed; {tamper} \
             ALTER TABLE match_entries ENABLE TRIGGER match_entries_are_never_changed;"
        ),
    });
    let checked = run(&database.url, &["check"]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stdout));
    let message = text(&checked.stderr);
    assert!(
        message.contains(&format!("event {event}"))
            && message.contains(&format!("match {key} (/m/{public_id}), entry 2"))
            && message.contains("the rules refuse it"),
        "{message}"
    );
    // Another event alone still agrees.
    let events = texts(
        &database,
        "SELECT public_id AS value FROM events ORDER BY id",
    );
    let other = run(&database.url, &["check", &events[5]]);
    assert_eq!(other.status.code(), Some(0), "{}", text(&other.stderr));
}

#[test]
fn check_names_a_tampered_sqlite_row() {
    check_names_what_a_tampered_row_breaks(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn check_names_a_tampered_postgres_row() {
    check_names_what_a_tampered_row_breaks(Backend::Postgres);
}

#[test]
fn check_exits_2_on_a_database_it_cannot_read() {
    let folder = tempfile::tempdir().unwrap();
    let garbage = folder.path().join("garbage.db");
    std::fs::write(&garbage, "this is not a database, just words\n".repeat(200)).unwrap();
    let output = run(&format!("sqlite://{}", garbage.display()), &["check"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("cannot read the database"));

    // A missing file is not made empty and called agreeing.
    let missing = folder.path().join("missing.db");
    let output = run(&format!("sqlite://{}", missing.display()), &["check"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!missing.exists());

    let output = run("postgres://nobody:secret-pw@127.0.0.1:1/segna", &["check"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!text(&output.stderr).contains("secret-pw"));
}

/// An event whose first semifinal was corrected (its winner changed before the final
/// began): the notice the correction left agrees with the logs, and a notice altered in
/// SQL is named.
fn check_verifies_correction_notices(backend: Backend) {
    use support::setup::{self, card_links, import_and_draw, pairs_csv, post_entry, record_win};
    let app = TestApp::spawn(backend);
    let (_admin, organizer) = support::club_with_organizer(&app);
    let fields = [
        ("name", "Correzioni"),
        ("game", "trionfetti"),
        ("target_points", "1"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    import_and_draw(&organizer, &event, &pairs_csv(4));
    let semis = card_links(&app, &organizer, &event);
    for link in &semis {
        record_win(&app.client(), link, "A");
    }
    let corrected = post_entry(
        &app.client(),
        &semis[0],
        "correct",
        &[
            ("target", "0"),
            ("reason", "squadra sbagliata"),
            ("winner", "B"),
        ],
    );
    assert_eq!(corrected.status, 303, "{}", corrected.body);

    let url = app.database.url.clone();
    let checked = run(&url, &["check", &event]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert!(
        text(&checked.stdout).contains("1 correction notices"),
        "{}",
        text(&checked.stdout)
    );

    // The notice made to say the final took no new side.
    let notice = texts(
        &app.database,
        "SELECT notice_json AS value FROM event_notices",
    );
    assert_eq!(notice.len(), 1);
    let mut altered: serde_json::Value = serde_json::from_str(&notice[0]).unwrap();
    let changes = altered["correction"]
        .as_object_mut()
        .unwrap()
        .values_mut()
        .find_map(|v| v.as_array_mut().filter(|a| !a.is_empty()))
        .expect("the notice lists a change");
    changes.clear();
    app.database.execute(&format!(
        "UPDATE event_notices SET notice_json = '{}'",
        altered.to_string().replace('\'', "''")
    ));
    let checked = run(&url, &["check"]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stdout));
    let message = text(&checked.stderr);
    assert!(
        message.contains(&format!("event {event} (Correzioni)"))
            && message.contains("correction notice 1 lists"),
        "{message}"
    );
}

#[test]
fn check_verifies_correction_notices_on_sqlite() {
    check_verifies_correction_notices(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn check_verifies_correction_notices_on_postgres() {
    check_verifies_correction_notices(Backend::Postgres);
}
