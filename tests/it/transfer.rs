//! `segnapunti export` and `segnapunti import` as an operator runs them: an event played
//! through the pages (a comanda using a club nickname, an undo, a correction that flags
//! the final, a forfeit, a final played again) moves to a fresh database of the same or
//! the other backend and reads back the same, page for page; bad files are refused with
//! nothing written.

use crate::support;
use support::setup::{self, card_links};

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use diesel::prelude::*;
use segnapunti::store::schema;
use serde_json::{Value, json};
use support::{Backend, Client, TestApp, TestDatabase, form_value};

const CLUB: &str = "scuola-di-trionfetti";
const IMPORTER_PASSWORD: &str = "importa-con-cura";

fn segnapunti() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_segnapunti"));
    command
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "error")
        .env("NO_COLOR", "1");
    command
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &str) -> Run {
    let mut child = segnapunti()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    support::process::feed_stdin(&mut child, stdin);
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn export(url: &str, event: &str) -> String {
    let exported = run(&["--database-url", url, "export", event], "");
    assert_eq!(exported.code, Some(0), "{}", exported.stderr);
    exported.stdout
}

/// `segnapunti export` of `event` into the file `to`.
fn export_to(url: &str, event: &str, to: &std::path::Path) -> Run {
    run(
        &[
            "--database-url",
            url,
            "export",
            event,
            "--output",
            to.to_str().unwrap(),
        ],
        "",
    )
}

fn import(url: &str, file: &std::path::Path) -> Run {
    run(
        &["--database-url", url, "import", file.to_str().unwrap()],
        "",
    )
}

/// A fresh database with an administrator `capo` made from the shell.
fn target_database(backend: Backend) -> TestDatabase {
    let database = TestDatabase::new(backend);
    let added = run(
        &[
            "--database-url",
            &database.url,
            "user",
            "add",
            "--role",
            "admin",
            "capo",
        ],
        &format!("{IMPORTER_PASSWORD}\n"),
    );
    assert_eq!(added.code, Some(0), "{}", added.stderr);
    database
}

/// Rows of every table an import writes to.
fn row_counts(database: &TestDatabase) -> Vec<(&'static str, i64)> {
    macro_rules! counts {
        ($connection:ident: $($table:ident),*) => {
            vec![$((
                stringify!($table),
                schema::$table::table.count().get_result::<i64>($connection)?,
            )),*]
        };
    }
    let db = database.open();
    db.read(|c| {
        Ok(
            counts!(c: clubs, club_organizers, club_nicknames, events, players, entrants,
            matches, match_entries, event_notices),
        )
    })
    .unwrap()
}

// ---------------------------------------------------------------- playing an event

fn post_entry(client: &Client, link: &str, action: &str, fields: &[(&str, &str)]) {
    let response = setup::post_entry(client, link, action, fields);
    assert_eq!(response.status, 303, "{action}: {}", response.body);
}

fn hand(client: &Client, link: &str, winner: &str) {
    post_entry(client, link, "hand", &[("winner", winner)]);
}

/// The public id of the match a scoring link scores.
fn public_id_of(client: &Client, link: &str) -> String {
    let page = client.get(link);
    page.body
        .split("/m/")
        .nth(1)
        .unwrap()
        .split(['/', '"'])
        .next()
        .unwrap()
        .to_string()
}

/// An event of the club "Scuola di Trionfetti" played through the pages; answers its
/// public id and the scoring links handed out.
fn play_an_event(app: &TestApp) -> (String, Vec<String>) {
    let admin = app.admin();
    let organizer = app.user(&admin, "org", "organizer");
    let created = admin.post_form("/manage/clubs", &[("name", "Scuola di Trionfetti")]);
    assert_eq!(created.status, 303, "{}", created.body);
    let page = admin.get(&format!("/manage/clubs/{CLUB}"));
    let end = page.body.find("\">org</option>").unwrap();
    let start = page.body[..end].rfind("value=\"").unwrap() + 7;
    let org_id = page.body[start..end].to_string();
    let added = admin.post_form(
        &format!("/manage/clubs/{CLUB}/organizers"),
        &[("user_id", &org_id)],
    );
    assert_eq!(added.status, 303);
    let nickname = organizer.post_form(
        &format!("/manage/clubs/{CLUB}/nicknames"),
        &[
            ("name", "brisca"),
            ("expansion", "più ponto, 1, 2, 4, 3"),
            ("action", "save"),
        ],
    );
    assert_eq!(nickname.status, 303, "{}", nickname.body);

    let fields = [
        ("name", "Torneo d'inverno"),
        ("date", "2030-12-05"),
        ("time", "20:45"),
        ("game", "trionfetti"),
        ("target_points", "2"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(&organizer, &format!("/manage/clubs/{CLUB}/events"), &fields);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(4));

    let referee = app.client();
    let mut handed_out = Vec::new();
    let semis = card_links(app, &organizer, &event);
    assert_eq!(semis.len(), 2);
    handed_out.extend(semis.iter().cloned());
    // Semifinal 1: a comanda with the club's nickname, a hand undone, A wins 2–0.
    let first = &semis[0];
    post_entry(
        &referee,
        first,
        "smazzata",
        &[("comanda", "brisca"), ("cut", "7d")],
    );
    hand(&referee, first, "A");
    post_entry(&referee, first, "undo", &[]);
    hand(&referee, first, "A");
    hand(&referee, first, "A");
    // Semifinal 2: a forfeit, first to the wrong side, then corrected with a reason.
    let second = public_id_of(&referee, &semis[1]);
    let forfeit = organizer.post_form(
        &format!("/manage/events/{event}/forfeit"),
        &[("public_id", &second), ("winner", "A"), ("confirm", "yes")],
    );
    assert_eq!(forfeit.status, 303, "{}", forfeit.body);
    let forfeit = organizer.post_form(
        &format!("/manage/events/{event}/forfeit"),
        &[
            ("public_id", &second),
            ("winner", "B"),
            ("confirm", "yes"),
            ("reason", "era l'altra coppia ad essere assente"),
        ],
    );
    assert_eq!(forfeit.status, 303, "{}", forfeit.body);
    // The final, played to the end.
    let finals = card_links(app, &organizer, &event);
    assert_eq!(finals.len(), 1, "the final is ready");
    handed_out.extend(finals.iter().cloned());
    hand(&referee, &finals[0], "B");
    hand(&referee, &finals[0], "A");
    hand(&referee, &finals[0], "A");
    // A correction in semifinal 1 turns it round: the final played is flagged and the
    // organizer has it played again; the new final is under way.
    post_entry(
        &referee,
        first,
        "correct",
        &[
            ("target", "3"),
            ("reason", "mano segnata alla coppia sbagliata"),
            ("winner", "B"),
        ],
    );
    hand(&referee, first, "B");
    let page = organizer.get(&format!("/manage/events/{event}"));
    assert!(page.body.contains("id=\"flagged\""), "{}", page.body);
    let (_, flagged) = page.body.split_once("id=\"flagged\"").unwrap();
    let flagged = form_value(flagged, "public_id").unwrap();
    let replayed = organizer.post_form(
        &format!("/manage/events/{event}/replay"),
        &[("public_id", &flagged), ("confirm", "yes")],
    );
    assert_eq!(replayed.status, 303, "{}", replayed.body);
    let again = card_links(app, &organizer, &event);
    assert_eq!(again.len(), 1, "the final to play again");
    handed_out.extend(again.iter().cloned());
    hand(&referee, &again[0], "A");
    (event, handed_out)
}

// ---------------------------------------------------------------- a server of its own

/// The binary serving a database in a process of its own, so nothing this test process
/// remembered about the source event can stand in for reading the imported rows.
struct Served {
    child: Child,
    base: String,
}

impl Served {
    fn start(url: &str) -> Served {
        let mut child = segnapunti()
            .env("RUST_LOG", "info")
            .args(["--database-url", url, "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut base = None;
        for line in lines.by_ref().take(50) {
            let line = line.unwrap();
            if let Some(rest) = line.split("listening on ").nth(1) {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '\x1b')
                    .unwrap_or(rest.len());
                base = Some(rest[..end].to_string());
                break;
            }
        }
        // Keep reading the log, so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Served {
            child,
            base: base.expect("the server says where it listens"),
        }
    }

    fn client(&self) -> Client {
        Client::new(&self.base, "it")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A page with what legitimately differs between two servers taken out: the form token
/// of the visitor's session and the database ids in player addresses.
fn comparable(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("/players/") {
        out.push_str(&rest[..at + "/players/".len()]);
        rest = rest[at + "/players/".len()..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('N');
    }
    out.push_str(rest);
    match form_value(&out, "csrf_token") {
        Some(token) => out.replace(&token, "TOKEN"),
        None => out,
    }
}

/// The public pages of the event and of each of its matches, on both servers.
fn assert_same_pages(source: &Client, target: &Client, event: &str, document: &Value) {
    let mut paths = vec![
        format!("/e/{event}"),
        format!("/e/{event}/live"),
        format!("/e/{event}/rounds?round=1"),
        format!("/e/{event}/standings"),
        format!("/e/{event}/entrants"),
        format!("/e/{event}/bracket"),
        format!("/e/{event}/export/standings.csv"),
        format!("/e/{event}/export/results.json"),
    ];
    for row in document["matches"].as_array().unwrap() {
        let id = row["public_id"].as_str().unwrap();
        paths.push(format!("/m/{id}"));
        paths.push(format!("/m/{id}/record.json"));
        paths.push(format!("/m/{id}/replay"));
    }
    for path in &paths {
        let before = source.get(path);
        let after = target.get(path);
        assert_eq!(before.status, 200, "{path}: {}", before.body);
        assert_eq!(after.status, 200, "{path}: {}", after.body);
        assert_eq!(comparable(&before.body), comparable(&after.body), "{path}");
    }
    // What the pages show is a played event, not two empty pages alike.
    let bracket = target.get(&format!("/e/{event}/rounds?round=1"));
    assert!(
        bracket.body.contains("class=\"side winner\""),
        "{}",
        bracket.body
    );
    assert!(bracket.body.contains("a tavolino"), "the forfeit is shown");
    let standings = target.get(&format!("/e/{event}/export/standings.csv"));
    assert!(standings.body.contains("Coppia"), "{}", standings.body);
}

// ---------------------------------------------------------------- the round trip

fn round_trip(app: TestApp, target_backend: Backend) {
    let (event, links) = play_an_event(&app);
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("evento.json");

    let written = export_to(&app.database.url, &event, &file);
    assert_eq!(written.code, Some(0), "{}", written.stderr);
    assert!(written.stdout.contains("4 matches"), "{}", written.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    // The address works as well as the id, and standard output carries the same document.
    assert_eq!(
        export(&app.database.url, &format!("{}/e/{event}", app.base)),
        text
    );
    let again = export_to(&app.database.url, &event, &file);
    assert_eq!(again.code, Some(2), "an existing file is never overwritten");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    // The document: everything about the event, nothing secret.
    let document: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(document["format"], "segnapunti-event");
    assert_eq!(document["format_version"], 1);
    assert_eq!(document["club"]["name"], "Scuola di Trionfetti");
    assert_eq!(document["club"]["nicknames"][0]["name"], "brisca");
    assert_eq!(document["event"]["name"], "Torneo d'inverno");
    assert_eq!(document["event"]["seeding"], "random 7");
    assert_eq!(document["entrants"].as_array().unwrap().len(), 4);
    assert_eq!(document["entrants"][0]["player1"], "Giocatore 1a");
    let matches = document["matches"].as_array().unwrap();
    let statuses: Vec<&str> = matches
        .iter()
        .map(|m| m["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["finished", "forfeit", "finished", "in_progress"]);
    assert!(
        matches[2]["match_key"].is_null(),
        "the final played first is out of the draw"
    );
    assert_eq!(matches[1]["forfeit_winner"], "B");
    let changes = matches[1]["state_changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "the forfeit's side changed once");
    assert_eq!(changes[0]["from_state"], "forfeit:A");
    assert_eq!(changes[0]["to_state"], "forfeit:B");
    assert_eq!(changes[0]["reason"], "era l'altra coppia ad essere assente");
    assert_eq!(changes[0]["by_label"], "org");
    assert!(
        matches[0].get("state_changes").is_none(),
        "a match without changes of state is written as before"
    );
    let first_log = matches[0]["entries"].as_array().unwrap();
    assert_eq!(
        first_log.len(),
        7,
        "smazzata, hand, undo, two hands, correction, hand"
    );
    assert!(
        first_log[2]["entry_json"]
            .as_str()
            .unwrap()
            .contains("\"void\"")
    );
    assert!(
        first_log[5]["entry_json"]
            .as_str()
            .unwrap()
            .contains("\"replace\"")
    );
    assert!(
        first_log
            .iter()
            .all(|e| e["author_label"].as_str().is_some_and(|a| !a.is_empty()))
    );
    assert!(
        !document["notices"].as_array().unwrap().is_empty(),
        "the correction's notice"
    );
    assert!(!text.contains("$argon2"), "no password hash");
    for link in &links {
        let token = link.rsplit('/').next().unwrap();
        assert!(!text.contains(token), "no scoring-link token");
    }
    for id_column in ["\"id\"", "created_by", "user_id", "author_link"] {
        assert!(!text.contains(id_column), "no database id: {id_column}");
    }

    // Into a fresh database.
    let target = target_database(target_backend);
    let imported = import(&target.url, &file);
    assert_eq!(imported.code, Some(0), "{}", imported.stderr);
    assert!(
        imported.stdout.contains(&format!("/e/{event}")),
        "{}",
        imported.stdout
    );
    assert!(
        imported
            .stdout
            .contains("club \"Scuola di Trionfetti\" (/clubs/scuola-di-trionfetti): created"),
        "{}",
        imported.stdout
    );
    assert!(
        imported
            .stdout
            .contains("4 entrants, 4 matches with 11 log entries"),
        "{}",
        imported.stdout
    );
    assert!(
        imported.stdout.contains("credited to capo (admin)"),
        "{}",
        imported.stdout
    );

    // Exported again: the same document, byte for byte (it carries no database id).
    assert_eq!(export(&target.url, &event), text);

    // The same pages, served by a process that never saw the source.
    let served = Served::start(&target.url);
    let visitor = served.client();
    assert_same_pages(&app.client(), &visitor, &event, &document);
    // The importing administrator runs the event: the correction notice is there.
    let capo = served.client();
    capo.login("capo", IMPORTER_PASSWORD);
    let manage = capo.get(&format!("/manage/events/{event}"));
    assert_eq!(manage.status, 200, "{}", manage.body);
    assert!(
        manage.body.contains("class=\"correction\""),
        "{}",
        manage.body
    );
    // The match under way goes on here with a new scoring link.
    let cards = capo.get(&format!("/manage/events/{event}/cards"));
    let link = cards
        .body
        .split("class=\"scoring-link\" href=\"")
        .nth(1)
        .unwrap();
    let link = link[served.base.len()..link.find('"').unwrap()].to_string();
    assert!(!links.contains(&link), "links are issued anew");
    hand(&served.client(), &link, "A");
    let bracket = visitor.get(&format!("/e/{event}"));
    assert!(
        bracket.body.contains("id=\"champion-banner\""),
        "{}",
        bracket.body
    );
}

backend_tests! {
    fn an_event_goes_round_trip_without_losing_anything(app) {
        let backend = app.backend;
        round_trip(app, backend);
    }

    fn time_zones_travel_with_the_event(app) {
        let (event, _) = play_an_event(&app);
        let folder = tempfile::tempdir().unwrap();
        // A club of Europe/Rome writes no zone: the document reads as before, and one
        // without a zone means Europe/Rome.
        let rome = export(&app.database.url, &event);
        assert!(!rome.contains("time_zone"), "{rome}");
        let plain = target_database(app.backend);
        let file = folder.path().join("roma.json");
        std::fs::write(&file, &rome).unwrap();
        assert_eq!(import(&plain.url, &file).code, Some(0));
        assert_eq!(export(&plain.url, &event), rome);

        app.database.execute(&format!(
            "UPDATE clubs SET time_zone = 'Europe/Lisbon'; \
             UPDATE events SET time_zone = 'Europe/London' WHERE public_id = '{event}'"
        ));
        let text = export(&app.database.url, &event);
        let document: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(document["club"]["time_zone"], "Europe/Lisbon");
        assert_eq!(document["event"]["time_zone"], "Europe/London");
        let target = target_database(app.backend);
        let file = folder.path().join("londra.json");
        std::fs::write(&file, &text).unwrap();
        let imported = import(&target.url, &file);
        assert_eq!(imported.code, Some(0), "{}", imported.stderr);
        assert_eq!(export(&target.url, &event), text, "the zones came back as they went");

        // A zone this build does not offer is refused, and nothing is written.
        let mut foreign = document.clone();
        foreign["event"]["time_zone"] = json!("Mars/Olympus");
        let file = folder.path().join("marte.json");
        std::fs::write(&file, foreign.to_string()).unwrap();
        let fresh = target_database(app.backend);
        let refused = import(&fresh.url, &file);
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("time zone `Mars/Olympus`"), "{}", refused.stderr);
    }

    fn a_night_with_a_withdrawal_travels_with_its_notice(app) {
        let (_admin, organizer) = support::club_with_organizer(&app);
        let fields = [("name", "Serata con un ritiro"), ("format", "rotating"), ("rounds", "3"), ("target_points", "1"), ("games_to_win", "1")];
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
        let csv: String = (1..=9).map(|i| format!("Singolo {i}\n")).collect();
        setup::import_and_draw(&organizer, &event, &csv);
        let withdrawn = organizer.post_form(&format!("/manage/events/{event}/withdraw"), &[("number", "3"), ("confirm", "yes")]);
        assert_eq!(withdrawn.status, 303, "{}", withdrawn.body);
        let text = export(&app.database.url, &event);
        let document: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(document["notices"].as_array().map(Vec::len), Some(1), "the withdrawal's notice: {text}");
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("serata.json");
        std::fs::write(&file, &text).unwrap();
        let target = target_database(app.backend);
        let imported = import(&target.url, &file);
        assert_eq!(imported.code, Some(0), "{}", imported.stderr);
        assert_eq!(export(&target.url, &event), text, "the notice came back as it went");
        let checked = run(&["--database-url", &target.url, "check"], "");
        assert_eq!(checked.code, Some(0), "{}{}", checked.stdout, checked.stderr);
    }

    fn texts_the_rules_refuse_are_refused_by_import_and_reported_by_check(app) {
        let (event, _) = play_an_event(&app);
        let text = export(&app.database.url, &event);
        let document: Value = serde_json::from_str(&text).unwrap();
        let target = target_database(app.backend);
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, content: &str| {
            let path = folder.path().join(name);
            std::fs::write(&path, content).unwrap();
            path
        };
        let empty = row_counts(&target);

        // A NUL (PostgreSQL cannot store one; SQLite did): refused, named, nothing written.
        let mut nul = document.clone();
        nul["matches"][0]["entries"][0]["submission_key"] = json!("k\u{0}");
        let refused = import(&target.url, &write("nul.json", &nul.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("submission_key” contains a control character"), "{}", refused.stderr);
        assert_eq!(row_counts(&target), empty, "nothing written");
        // An invisible character in a name: "Giocatore 1a" would become another player.
        let mut hidden = document.clone();
        hidden["entrants"][0]["player1"] = json!("Giocatore 1a\u{200b}");
        let refused = import(&target.url, &write("nascosto.json", &hidden.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("player1” contains an invisible or direction-changing character"), "{}", refused.stderr);
        assert_eq!(row_counts(&target), empty, "nothing written");
        // Entrants renamed, their matches' players not: `check` would refuse the event,
        // so `import` does, and takes everything back.
        let mut renamed = document.clone();
        for entrant in renamed["entrants"].as_array_mut().unwrap() {
            let player = entrant["player1"].as_str().unwrap().to_string();
            entrant["player1"] = json!(format!("{player} bis"));
        }
        let refused = import(&target.url, &write("rinominati.json", &renamed.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("would not pass `segnapunti check`"), "{}", refused.stderr);
        assert!(refused.stderr.contains("its players are stored as"), "{}", refused.stderr);
        assert_eq!(row_counts(&target), empty, "the transaction was rolled back");
        let imported = import(&target.url, &write("evento.json", &text));
        assert_eq!(imported.code, Some(0), "{}", imported.stderr);

        // Stored text the rules now refuse is reported by `check`, before anything else.
        app.database.execute(&format!(
            "UPDATE events SET name = 'Torneo\u{202e}onrevni' WHERE public_id = '{event}'"
        ));
        let checked = run(&["--database-url", &app.database.url, "check"], "");
        assert_eq!(checked.code, Some(1), "{}", checked.stdout);
        assert!(checked.stderr.contains(&format!("event {event}")), "{}", checked.stderr);
        assert!(checked.stderr.contains("event.name” contains an invisible or direction-changing character"), "{}", checked.stderr);
    }

    fn bad_files_are_refused_and_nothing_is_written(app) {
        let (event, _) = play_an_event(&app);
        let text = export(&app.database.url, &event);
        let document: Value = serde_json::from_str(&text).unwrap();
        let target = target_database(app.backend);
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, content: &str| {
            let path = folder.path().join(name);
            std::fs::write(&path, content).unwrap();
            path
        };
        let empty = row_counts(&target);

        // Unreadable: no file, not JSON, not an event document, a version to come.
        let missing = import(&target.url, &folder.path().join("nessuno.json"));
        assert_eq!(missing.code, Some(2), "{}", missing.stderr);
        assert!(missing.stderr.contains("cannot read the file"), "{}", missing.stderr);
        let garbage = import(&target.url, &write("rotto.json", "{\"format\": \"segnapunti-event\", "));
        assert_eq!(garbage.code, Some(2));
        assert!(garbage.stderr.contains("not JSON (line 1"), "{}", garbage.stderr);
        let record = import(&target.url, &write("partita.json", r#"{"format_version": 1, "game": "trionfetti"}"#));
        assert_eq!(record.code, Some(2));
        assert!(record.stderr.contains("not a segnapunti event document"), "{}", record.stderr);
        let mut future = document.clone();
        future["format_version"] = json!(2);
        let version = import(&target.url, &write("futuro.json", &future.to_string()));
        assert_eq!(version.code, Some(2));
        assert!(version.stderr.contains("format_version 2 is not one this build reads (it reads 1)"), "{}", version.stderr);
        let mut unknown = document.clone();
        unknown["event"]["colour"] = json!("blu");
        let field = import(&target.url, &write("campo.json", &unknown.to_string()));
        assert_eq!(field.code, Some(2));
        assert!(field.stderr.contains("unknown field `colour`"), "{}", field.stderr);
        assert_eq!(row_counts(&target), empty, "nothing written");

        // Refused content: a log the rules do not accept, named by match and entry.
        let mut tampered = document.clone();
        let first = tampered["matches"][0].clone();
        let over = first["public_id"].as_str().unwrap().to_string();
        let log = tampered["matches"][0]["entries"].as_array_mut().unwrap();
        log.push(json!({
            "seq": log.len(),
            "entry_json": "{\"type\":\"hand\",\"winner\":\"A\"}",
            "author_label": "qualcuno",
            "submission_key": "in-piu",
            "created_at": "2030-12-05T23:00:00.000000Z",
        }));
        let refused = import(&target.url, &write("manomesso.json", &tampered.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains(&format!("match {over} (")), "{}", refused.stderr);
        assert!(refused.stderr.contains("the log does not replay: entry 7"), "{}", refused.stderr);
        assert!(refused.stderr.contains("nothing was imported"), "{}", refused.stderr);
        // A game no one has, for the event and for a match: named, never read as Trionfetti.
        let mut foreign = document.clone();
        foreign["event"]["game"] = json!("foo");
        foreign["matches"][0]["game"] = json!("foo");
        let refused = import(&target.url, &write("straniero.json", &foreign.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("event game `foo` is not one this build knows"), "{}", refused.stderr);
        assert!(refused.stderr.contains(&format!("match {over} (")), "{}", refused.stderr);
        assert!(refused.stderr.contains("unknown game \"foo\""), "{}", refused.stderr);
        assert_eq!(row_counts(&target), empty, "nothing written");
        // A nickname the log needs is missing: the comanda no longer reads.
        let mut forgetful = document.clone();
        forgetful["club"]["nicknames"] = json!([]);
        let refused = import(&target.url, &write("smemorato.json", &forgetful.to_string()));
        assert_eq!(refused.code, Some(1));
        assert!(refused.stderr.contains("entry 0"), "{}", refused.stderr);
        // Rows that read one by one but do not make a tournament: found once they are
        // written, and taken back.
        let mut lonely = document.clone();
        lonely["event"]["seed_order_json"] = json!("[1]");
        let refused = import(&target.url, &write("solitario.json", &lonely.to_string()));
        assert_eq!(refused.code, Some(1), "{}", refused.stderr);
        assert!(refused.stderr.contains("do not make a tournament"), "{}", refused.stderr);
        assert!(refused.stderr.contains("at least 2 entrants"), "{}", refused.stderr);
        assert_eq!(row_counts(&target), empty, "the transaction was rolled back");
        // An account that cannot own the event.
        let file = write("evento.json", &text);
        let nobody = run(&["--database-url", &target.url, "import", "--as", "nessuno", file.to_str().unwrap()], "");
        assert_eq!(nobody.code, Some(1));
        assert!(nobody.stderr.contains("no account has that name"), "{}", nobody.stderr);
        assert_eq!(row_counts(&target), empty, "nothing written");

        // Imported once; the second time is refused and changes nothing.
        assert_eq!(import(&target.url, &file).code, Some(0));
        let once = row_counts(&target);
        let twice = import(&target.url, &file);
        assert_eq!(twice.code, Some(1));
        assert!(twice.stderr.contains(&format!("event {event} is already in this database")), "{}", twice.stderr);
        assert_eq!(row_counts(&target), once);
        // Under another event id its matches' ids are still taken: refused, not re-issued.
        let mut renamed = document.clone();
        renamed["event"]["public_id"] = json!("un-altro-evento");
        let clash = import(&target.url, &write("rinominato.json", &renamed.to_string()));
        assert_eq!(clash.code, Some(1));
        assert!(clash.stderr.contains("match public ids are already used"), "{}", clash.stderr);
        assert!(clash.stderr.contains(&over), "{}", clash.stderr);
        assert_eq!(row_counts(&target), once);
        // The club is there now: it is reused, and a nickname it reads otherwise is refused.
        for (index, row) in renamed["matches"].as_array_mut().unwrap().iter_mut().enumerate() {
            row["public_id"] = json!(format!("copia-{index}"));
        }
        let mut disagreeing = renamed.clone();
        disagreeing["club"]["nicknames"][0]["expansion"] = json!("più ponto, 1, 2, 3, 4");
        let conflict = import(&target.url, &write("disaccordo.json", &disagreeing.to_string()));
        assert_eq!(conflict.code, Some(1), "{}", conflict.stderr);
        assert!(conflict.stderr.contains("reads the nickname `brisca`"), "{}", conflict.stderr);
        assert_eq!(row_counts(&target), once);
        // Credited to an organizer, who becomes one of the club's so as to run it.
        let anna = run(&["--database-url", &target.url, "user", "add", "--role", "organizer", "anna"], "password-di-anna\n");
        assert_eq!(anna.code, Some(0), "{}", anna.stderr);
        let copy_file = write("copia.json", &renamed.to_string());
        let copy = run(&["--database-url", &target.url, "import", "--as", "Anna", copy_file.to_str().unwrap()], "");
        assert_eq!(copy.code, Some(0), "{}", copy.stderr);
        assert!(copy.stdout.contains("credited to anna (organizer), now an organizer of the club"), "{}", copy.stdout);
        assert!(copy.stdout.contains("reused (a club of that name was there; 0 nicknames added)"), "{}", copy.stdout);
        let after = row_counts(&target);
        let count = |counts: &[(&str, i64)], table: &str| counts.iter().find(|(t, _)| *t == table).unwrap().1;
        assert_eq!(count(&after, "clubs"), count(&once, "clubs"));
        assert_eq!(count(&after, "players"), count(&once, "players"), "players are found by name");
        assert_eq!(count(&after, "events"), count(&once, "events") + 1);
        assert_eq!(count(&after, "club_organizers"), count(&once, "club_organizers") + 1);
    }
}

#[cfg(postgres_tests)]
#[test]
fn an_event_moves_from_sqlite_to_postgres() {
    round_trip(TestApp::spawn(Backend::Sqlite), Backend::Postgres);
}
