//! Events and clubs through real HTTP on SQLite and (when configured) PostgreSQL: clubs
//! and their nicknames used at the table, events, entrants and CSV import, check-in, the
//! draw, automatic advancement, corrections flagged, forfeits, withdrawals, table cards,
//! publishing and exports, and the authorization refusals of every organizer route.

use crate::support;
use support::setup::{self, card_links, import_and_draw, record_win};

use segnapunti::rules::kind::GameKind;
use segnapunti::store::matches::{self as store_matches, Author, MatchStatus};
use support::{Client, TestApp, club_with_organizer, form_value};

fn create_event(organizer: &Client, name: &str, format: &str, target: &str) -> String {
    let fields = [
        ("name", name),
        ("game", "trionfetti"),
        ("target_points", target),
        ("games_to_win", "1"),
        ("format", format),
    ];
    setup::create_event(organizer, setup::CLUB_EVENTS, &fields)
}

/// Registers `n` pairs through the CSV import, checks everyone in and draws with seed 7.
fn register_and_draw(organizer: &Client, event: &str, n: usize) {
    import_and_draw(organizer, event, &setup::pairs_csv(n));
}

fn correct_first_hand(client: &Client, base: &str, team: &str) {
    let fields = [
        ("target", "0"),
        ("reason", "punti scritti alla squadra sbagliata"),
        ("winner", team),
    ];
    let response = setup::post_entry(client, base, "correct", &fields);
    assert_eq!(response.status, 303, "{}", response.body);
}

/// A drawn single elimination of 4 pairs and one-hand matches, named `name`, whose
/// semifinals side A won: the event and the semifinals' scoring links.
fn semifinals_played(app: &TestApp, organizer: &Client, name: &str) -> (String, Vec<String>) {
    let event = create_event(organizer, name, "single_elimination", "1");
    register_and_draw(organizer, &event, 4);
    let semis = card_links(app, organizer, &event);
    for link in &semis {
        record_win(&app.client(), link, "A");
    }
    (event, semis)
}

/// The public id of the match the organizer's overview flags.
fn flagged_match(overview: &str) -> String {
    let (_, flagged) = overview.split_once("id=\"flagged\"").unwrap();
    form_value(flagged, "public_id").unwrap()
}

/// The text of the confirmation page's line that starts with `start`.
fn line_after(page: &str, start: &str) -> String {
    let (_, rest) = page.split_once(&format!("<p>{start}")).expect(start);
    rest.split("</p>").next().unwrap().to_string()
}

/// Creates an event with these fields (name, date, time, venue and listed added).
fn create_event_with(organizer: &Client, name: &str, fields: &[(&str, &str)]) -> String {
    let mut all = vec![("name", name)];
    all.extend_from_slice(fields);
    setup::create_event(organizer, setup::CLUB_EVENTS, &all)
}

/// The public ids of the matches on the organizer's overview, in table order.
fn overview_matches(organizer: &Client, event: &str) -> Vec<String> {
    let page = organizer.get(&format!("/manage/events/{event}"));
    page.body
        .split("action=\"/manage/events/")
        .filter(|s| s.contains("/assign\""))
        .map(|s| {
            s.split("name=\"public_id\" value=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// Appends entries to an event's match straight in the store, in one write each, as
/// `Scoring::append` does (log, status, then the event's advancement).
fn append_entries(app: &TestApp, public_id: &str, entries: &[&str], finished: bool) {
    let db = app.database.open();
    let public_id = public_id.to_string();
    let entries: Vec<String> = entries.iter().map(|e| e.to_string()).collect();
    db.write(move |connection| {
        let row = store_matches::find_by_public_id(connection, &public_id)?.expect("the match");
        let start = store_matches::entries(connection, row.id)?.len();
        for (index, entry) in entries.iter().enumerate() {
            let seq = (start + index) as i64;
            let author = Author::User {
                id: 1,
                label: "arbitro".into(),
            };
            store_matches::append(connection, row.id, seq, entry, &author, &format!("k{seq}"))?;
            let last = index + 1 == entries.len();
            let status = if last && finished {
                MatchStatus::Finished
            } else {
                MatchStatus::InProgress
            };
            store_matches::set_status(connection, row.id, status, None, "arbitro")?;
            segnapunti::events::after_append(connection, row.id)?;
        }
        Ok(())
    })
    .unwrap();
}

backend_tests! {
    fn an_event_without_a_venue_shows_no_empty_part_on_its_page(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event_with(&organizer, "Senza posto", &[("venue", "")]);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert_eq!(page.status, 200);
        assert!(!page.body.contains("· ·"), "{}", page.body);
        assert!(page.body.contains("20:30 · <a href=\"/manage/clubs/"), "{}", page.body);
        let placed = create_event_with(&organizer, "Con posto", &[]);
        let page = organizer.get(&format!("/manage/events/{placed}"));
        assert!(page.body.contains("20:30 · Osteria ai Do Mori · <a href=\"/manage/clubs/"), "{}", page.body);
    }

    fn clubs_keep_nicknames_that_the_referee_pages_use(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let saved = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/nicknames",
            &[("name", "brisca"), ("expansion", "più ponto, 1, 2, 4, 3"), ("action", "save")],
        );
        assert_eq!(saved.status, 303, "{}", saved.body);
        // A preview does not save.
        let preview = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/nicknames",
            &[("name", "sconta"), ("expansion", "brisca"), ("action", "preview")],
        );
        assert_eq!(preview.status, 200);
        assert!(preview.body.contains("id=\"comanda-preview\""));
        // A loop is refused with the rule's words.
        let looped = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/nicknames",
            &[("name", "giro"), ("expansion", "giro"), ("action", "save")],
        );
        assert_eq!(looped.status, 422, "{}", looped.body);
        let page = organizer.get("/manage/clubs/scuola-di-trionfetti");
        assert!(page.body.contains("brisca"));
        assert!(!page.body.contains("sconta"));
        assert!(!page.body.contains(">giro<"));
        let json = app.client().get("/clubs/scuola-di-trionfetti/comanda?text=brisca");
        assert!(json.body.contains("\"line\""), "{}", json.body);

        // An event's match: the referee's comanda may use the club's nickname.
        let event = create_event(&organizer, "Serata", "single_elimination", "20");
        register_and_draw(&organizer, &event, 2);
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 1);
        let referee = app.client();
        let base = &links[0];
        let page = referee.get(base);
        let public_id = page.body.split("/m/").nth(1).unwrap().split('/').next().unwrap().to_string();
        assert!(referee.get(&format!("/m/{public_id}/comanda?text=brisca")).body.contains("\"line\""));
        let seq = form_value(&page.body, "expected_seq").unwrap();
        let key = form_value(&page.body, "submission_key").unwrap();
        let recorded = referee.post_form(
            &format!("{base}/smazzata"),
            &[("expected_seq", &seq), ("submission_key", &key), ("comanda", "brisca"), ("cut", "7d")],
        );
        assert_eq!(recorded.status, 303, "{}", recorded.body);
        // PostgreSQL's score entry reads the club's nicknames with the match.
        let db = app.database.open();
        let lookup = segnapunti::store::pg::scoring_context::Lookup { public_id: public_id.clone(), token: None };
        if let Some(read) = db.scoring_context(lookup) {
            let context = read.blocking_recv().unwrap().unwrap().expect("the match is read");
            let club_id = context.club_id.expect("an event's match has its club");
            let stored = db.read(move |connection| segnapunti::store::clubs::dictionary(connection, club_id)).unwrap();
            assert_ne!(stored, segnapunti::rules::comanda::Nicknames::new());
            assert_eq!(context.nicknames, stored);
        }
        // Through the API as well, once the match is remembered (on SQLite the
        // entry is then checked on the request's thread, with the club's
        // nicknames read with the match).
        let token = base.trim_start_matches("/s/");
        let entries = format!("/api/v1/matches/{public_id}/entries");
        for (seq, winner) in [(1, "A"), (2, "B"), (3, "A"), (4, "B")] {
            let body = format!(r#"{{"expected_seq": {seq}, "entry": {{"type": "hand", "winner": "{winner}"}}}}"#);
            let answer = referee.post_json_bearer(&entries, &body, token);
            assert_eq!(answer.status, 201, "{}", answer.body);
        }
        let body = r#"{"expected_seq": 5, "entry": {"type": "smazzata", "comanda": "brisca", "cut": "7d"}}"#;
        let answer = referee.post_json_bearer(&entries, body, token);
        assert_eq!(answer.status, 201, "the club's nickname, through the API: {}", answer.body);

        // Removing it, then a standalone match does not know it.
        let removed = organizer.post_form("/manage/clubs/scuola-di-trionfetti/nicknames/remove", &[("name", "brisca")]);
        assert_eq!(removed.status, 303);
        assert_eq!(removed.location.as_deref(), Some("/manage/clubs/scuola-di-trionfetti"));
        assert!(organizer.get("/manage/clubs/scuola-di-trionfetti").body.contains("Soprannome tolto."), "the notice shows");
        assert!(!organizer.get("/manage/clubs/scuola-di-trionfetti").body.contains("nick-name\">brisca"));
        assert!(app.client().get("/rules/comanda?text=brisca").body.contains("\"error\""));
    }

    fn a_single_elimination_event_advances_and_publishes_its_champion(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event(&organizer, "Torneo d'autunno", "single_elimination", "1");
        register_and_draw(&organizer, &event, 4);
        let page = organizer.get(&format!("/manage/events/{event}"));
        // The seed is recorded, and the stored "random 7" is shown in Italian.
        assert!(page.body.contains("Teste di serie: <span id=\"event-seeding\">casuale, seme 7</span>"), "{}", page.body);
        assert!(!page.body.contains("random 7"));
        // The event page links to the bracket page, whose scrolling region is named in
        // the reader's language.
        let public = app.client().get(&format!("/e/{event}"));
        assert!(public.body.contains(&format!("href=\"/e/{event}/bracket\"")), "{}", public.body);
        let public = app.client().get(&format!("/e/{event}/bracket"));
        assert!(public.body.contains("role=\"region\" aria-label=\"Tabellone\""), "{}", public.body);
        let public = app.client_in("en").get(&format!("/e/{event}/bracket"));
        assert!(public.body.contains("role=\"region\" aria-label=\"Bracket\""), "{}", public.body);
        // Match keys are stored as abbreviations; pages spell them out in words, a
        // knockout's rounds as people say them (four pairs: semifinals, then the final).
        assert!(public.body.contains(">Semifinals, match 1 ·") || public.body.contains(">Semifinals, match 1<"), "{}", public.body);
        assert!(public.body.contains("winner of Semifinals, match 1"), "{}", public.body);
        let public = app.client().get(&format!("/e/{event}/bracket"));
        assert!(public.body.contains("Semifinali, partita 1"), "{}", public.body);
        assert!(public.body.contains("vincente di Semifinali, partita 1"), "{}", public.body);
        assert!(!public.body.contains("W R1 M1"), "{}", public.body);
        assert!(!page.body.contains("W R1 M1"), "{}", page.body);
        assert!(page.body.contains("Semifinali, partita 2"), "{}", page.body);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert!(cards.body.contains("Torneo d&#39;autunno · Semifinali, partita 1"), "{}", cards.body);
        assert!(!cards.body.contains("W R1 M1"));
        let first = overview_matches(&organizer, &event).remove(0);
        let match_page = organizer.get(&format!("/manage/matches/{first}"));
        assert!(match_page.body.contains("<h1>Torneo d&#39;autunno · Semifinali, partita "), "{}", match_page.body);
        let live = app.client().get(&format!("/m/{first}"));
        assert!(live.body.contains("Torneo d&#39;autunno · Semifinali, partita "), "{}", live.body);
        let list = organizer.get("/manage/matches");
        assert!(list.body.contains("Torneo d&#39;autunno · Semifinali, partita "), "{}", list.body);
        assert!(!list.body.contains("W R1 M"), "{}", list.body);
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 2, "two semifinals");
        let referee_page = app.client().get(&links[0]);
        assert!(referee_page.body.contains("<h1>Torneo d&#39;autunno · Semifinali, partita "), "{}", referee_page.body);
        for link in &links {
            record_win(&app.client(), link, "A");
        }
        // The final was created by itself.
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 1, "the final");
        record_win(&app.client(), &links[0], "B");
        let public = app.client().get(&format!("/e/{event}"));
        assert_eq!(public.status, 200);
        assert!(public.body.contains("id=\"champion-banner\""), "{}", public.body);
        let bracket = app.client().get(&format!("/e/{event}/bracket"));
        assert!(bracket.body.contains("class=\"bracket-column\""));
        let club = app.client().get("/clubs/scuola-di-trionfetti");
        assert!(club.body.contains("Torneo d&#39;autunno") || club.body.contains("Torneo d&#x27;autunno"), "{}", club.body);

        // Exports.
        let csv = app.client().get(&format!("/e/{event}/export/standings.csv"));
        assert_eq!(csv.status, 200);
        assert!(csv.body.starts_with("table,position,entrant"));
        assert_eq!(csv.body.lines().count(), 5);
        let json = app.client().get(&format!("/e/{event}/export/results.json"));
        assert!(json.body.contains("\"finished\""));
        let ics = app.client().get(&format!("/e/{event}/export/schedule.ics"));
        assert!(ics.header("content-type").unwrap().starts_with("text/calendar"));
        assert!(ics.body.contains("BEGIN:VEVENT\r\n"));
        assert!(ics.body.contains("LOCATION:Osteria ai Do Mori"));
        assert!(ics.body.contains("SUMMARY:Torneo d'autunno · Finale\r\n"), "{}", ics.body);
        // Embed may be framed; the rest of the site may not.
        let embed = app.client().get(&format!("/e/{event}/embed"));
        assert!(embed.header("content-security-policy").unwrap().contains("frame-ancestors *"));
        assert!(public.header("content-security-policy").unwrap().contains("frame-ancestors 'none'"));
        let projector = app.client().get(&format!("/e/{event}/projector"));
        assert!(projector.body.contains("http-equiv=\"refresh\""));
        // The player page.
        let player_link = page.body.split("href=\"/players/").nth(1).unwrap().split('"').next().unwrap().to_string();
        let player = app.client().get(&format!("/players/{player_link}"));
        assert_eq!(player.status, 200);
        assert!(player.body.contains("Torneo d"));
        assert!(player.body.contains(" · Semifinali, partita "), "{}", player.body);
        assert!(!player.body.contains("W R1 M"), "{}", player.body);
    }

    fn a_correction_updates_a_match_not_started_and_flags_one_played(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, semis) = semifinals_played(&app, &organizer, "Correzioni");
        let final_before = organizer.get(&format!("/manage/events/{event}"));
        // Not started: the final simply takes the new side.
        correct_first_hand(&app.client(), &semis[0], "B");
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("class=\"correction\""), "{}", page.body);
        // The correction names the semifinal and the final that took the new side.
        assert!(page.body.contains("Semifinali, partita 1</strong>") || page.body.contains("Semifinali, partita 2</strong>"), "{}", page.body);
        assert!(page.body.contains("<li>Finale: "), "{}", page.body);
        assert!(!page.body.contains("id=\"flagged\""));
        assert_ne!(final_before.body, page.body);
        // The final is played; then a correction in the other semifinal is flagged.
        let final_link = card_links(&app, &organizer, &event);
        assert_eq!(final_link.len(), 1);
        record_win(&app.client(), &final_link[0], "A");
        correct_first_hand(&app.client(), &semis[1], "B");
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("id=\"flagged\""), "{}", page.body);
        assert!(page.body.contains("class=\"flagged-line\""));
        let public = app.client().get(&format!("/e/{event}"));
        assert!(!public.body.contains("id=\"champion-banner\""), "no champion while flagged");
        // The organizer decides: the final is played again between the right pairs.
        let flagged_id = flagged_match(&page.body);
        // First a page that says what will happen, naming who played and who should have.
        let asked = organizer.post_form(&format!("/manage/events/{event}/replay"), &[("public_id", &flagged_id)]);
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("Rigiocare la partita?"), "{}", asked.body);
        let played_by = line_after(&asked.body, "Giocata da: ");
        let due = line_after(&asked.body, "Dopo la correzione dovevano giocarla: ");
        assert_ne!(played_by, due, "{}", asked.body);
        assert!(asked.body.contains("name=\"confirm\" value=\"yes\""));
        assert!(organizer.get(&format!("/manage/events/{event}")).body.contains("id=\"flagged\""), "nothing done before the confirmation");
        let replayed = organizer.post_form(
            &format!("/manage/events/{event}/replay"),
            &[("public_id", &flagged_id), ("confirm", "yes")],
        );
        assert_eq!(replayed.status, 303);
        // The same form again finds nothing flagged: refused in words, nothing replayed twice.
        let again = organizer.post_form(
            &format!("/manage/events/{event}/replay"),
            &[("public_id", &flagged_id), ("confirm", "yes")],
        );
        assert_eq!(again.status, 422, "{}", again.body);
        assert!(again.body.contains("Nel frattempo la partita è cambiata"), "{}", again.body);
        // The note stored in English on the old final is shown in Italian.
        let old_final = organizer.get(&format!("/manage/matches/{flagged_id}"));
        assert_eq!(old_final.status, 200);
        assert!(
            old_final.body.contains("<span id=\"status-note\">sostituita dopo la correzione di una partita precedente</span>"),
            "{}", old_final.body
        );
        assert!(!old_final.body.contains("replaced after a correction upstream"));
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(!page.body.contains("id=\"flagged\""));
        let final_link = card_links(&app, &organizer, &event);
        assert_eq!(final_link.len(), 1);
        record_win(&app.client(), &final_link[0], "B");
        assert!(app.client().get(&format!("/e/{event}")).body.contains("id=\"champion-banner\""));
        // The whole event, corrections, notices and the replayed final, checks out.
        let checked = support::process::segnapunti(&app.database.url).arg("check").output().unwrap();
        assert!(checked.status.success(), "{}{}", String::from_utf8_lossy(&checked.stdout), String::from_utf8_lossy(&checked.stderr));
    }

    fn forfeits_and_withdrawals_decide_matches(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event(&organizer, "Ritiri", "single_elimination", "1");
        register_and_draw(&organizer, &event, 4);
        let page = organizer.get(&format!("/manage/events/{event}"));
        let first = page.body.split("action=\"/manage/events/").find(|s| s.contains("/forfeit\"")).unwrap()
            .split("name=\"public_id\" value=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let forfeit = organizer.post_form(&format!("/manage/events/{event}/forfeit"), &[("public_id", &first), ("winner", "B"), ("confirm", "yes")]);
        assert_eq!(forfeit.status, 303);
        // Withdraw an entrant of the other semifinal: a walkover.
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("a tavolino"));
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 1, "one semifinal left to play");
        let live = app.client().get(&links[0]);
        let number = (1..=4).find(|n| live.body.contains(&format!("Giocatore {n}a"))).unwrap();
        let withdrawn = organizer.post_form(&format!("/manage/events/{event}/withdraw"), &[("number", &number.to_string()), ("confirm", "yes")]);
        assert_eq!(withdrawn.status, 303);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("ritirato"));
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 1, "the final is ready");
        assert!(!app.client().get(&links[0]).body.contains(&format!("Giocatore {number}a")));
    }

    fn an_event_of_an_unknown_game_is_an_error_wherever_it_arrives(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let refused = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/events",
            &[("name", "Torneo falso"), ("date", "2030-11-21"), ("time", "20:30"), ("venue", "Osteria"),
              ("game", "foo"), ("format", "single_elimination")],
        );
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Gioco sconosciuto"), "{}", refused.body);
        assert!(refused.body.contains("value=\"Torneo falso\""), "what was typed is kept");

        // A stored event whose game no one has: its pages and its export say so.
        let event = create_event(&organizer, "Guasto", "swiss", "1");
        app.database.execute(&format!("UPDATE events SET game = 'foo' WHERE public_id = '{event}'"));
        for path in [format!("/manage/events/{event}"), format!("/e/{event}"), format!("/e/{event}/export/schedule.ics")] {
            let response = organizer.get(&path);
            assert_eq!(response.status, 500, "{path}: {}", response.body);
            assert!(!response.body.contains("Trionfetti"), "{path}: {}", response.body);
        }
        let export = support::process::segnapunti(&app.database.url).args(["export", &event]).output().unwrap();
        let stderr = String::from_utf8_lossy(&export.stderr);
        assert_eq!(export.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("unknown game \"foo\""), "{stderr}");
    }

    fn a_clubs_calendar_lists_its_listed_events_to_subscribe_to(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let create = |name: &'static str, date: &'static str, zone: &'static str, listed: bool| {
            let mut fields = vec![("name", name), ("date", date), ("time", "20:30"), ("venue", "Bacaro"),
                 ("game", "trionfetti"), ("format", "single_elimination"), ("time_zone", zone)];
            if listed {
                fields.push(("listed", "true"));
            }
            let created = organizer.post_form("/manage/clubs/scuola-di-trionfetti/events", &fields);
            assert_eq!(created.status, 303, "{}", created.body);
            created.location.unwrap().trim_start_matches("/manage/events/").to_string()
        };
        let rome = create("Serata di novembre", "2026-11-25", "", true);
        let london = create("Serata a Londra", "2026-06-25", "Europe/London", true);
        let hidden = create("Serata privata", "2026-11-26", "", false);
        let calendar = app.client().get("/clubs/scuola-di-trionfetti/calendar.ics");
        assert_eq!(calendar.status, 200, "{}", calendar.body);
        assert!(calendar.header("content-type").unwrap().starts_with("text/calendar"));
        let body = calendar.body.replace("\r\n ", "");
        assert!(body.starts_with("BEGIN:VCALENDAR\r\n"), "{body}");
        assert!(body.contains("X-WR-CALNAME:Scuola di Trionfetti"), "{body}");
        // Each listed event at its instant: 20:30 in Rome in November, in London in June.
        let entry = |event: &str| {
            let uid = format!("UID:event-{event}@segnapunti");
            let start = body.find(&uid).unwrap_or_else(|| panic!("{event} is not listed: {body}"));
            body[start..start + body[start..].find("END:VEVENT").unwrap()].to_string()
        };
        let november = entry(&rome);
        assert!(november.contains("DTSTART:20261125T193000Z"), "{november}");
        assert!(november.contains("SUMMARY:Serata di novembre"), "{november}");
        assert!(november.contains(&format!("URL:{}/e/{rome}", app.base)), "{november}");
        assert!(entry(&london).contains("DTSTART:20260625T193000Z"));
        assert!(!body.contains(&hidden) && !body.contains("Serata privata"), "an unlisted event stays out: {body}");
        assert_eq!(body.matches("BEGIN:VEVENT").count(), 2);
        // The club's page gives the whole address to subscribe to, and the file.
        let page = app.client().get("/clubs/scuola-di-trionfetti");
        assert!(page.body.contains(&format!("value=\"{}/clubs/scuola-di-trionfetti/calendar.ics\"", app.base)), "{}", page.body);
        assert!(page.body.contains("href=\"/clubs/scuola-di-trionfetti/calendar.ics\""));
        assert_eq!(app.client().get("/clubs/nessuno/calendar.ics").status, 404);
    }

    fn calendar_times_are_instants_of_the_events_time_zone(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let fields = |date: &'static str, zone: &'static str| -> Vec<(&'static str, &'static str)> {
            vec![("name", "Serata"), ("date", date), ("time", "20:30"), ("venue", "Bacaro"),
                 ("game", "trionfetti"), ("format", "single_elimination"), ("time_zone", zone)]
        };
        let created = organizer.post_form("/manage/clubs/scuola-di-trionfetti/events", &fields("2026-11-25", ""));
        assert_eq!(created.status, 303, "{}", created.body);
        let event = created.location.unwrap().trim_start_matches("/manage/events/").to_string();
        let dtstart = |event: &str| {
            let ics = app.client().get(&format!("/e/{event}/export/schedule.ics"));
            assert_eq!(ics.status, 200, "{}", ics.body);
            let start = ics.body.find("DTSTART:").expect("a start") + "DTSTART:".len();
            ics.body[start..start + 16].to_string()
        };
        // The club's zone, Europe/Rome by default: 20:30 there is 19:30 UTC in November,
        // 18:30 UTC in June.
        assert_eq!(dtstart(&event), "20261125T193000Z");
        let edit = |fields: &[(&str, &str)]| {
            let saved = organizer.post_form(&format!("/manage/events/{event}/edit"), fields);
            assert_eq!(saved.status, 303, "{}", saved.body);
        };
        edit(&fields("2026-06-25", ""));
        assert_eq!(dtstart(&event), "20260625T183000Z");
        // The event's own zone, as typed times stay as typed.
        edit(&fields("2026-06-25", "Europe/London"));
        assert_eq!(dtstart(&event), "20260625T193000Z");
        let form = organizer.get(&format!("/manage/events/{event}/edit"));
        assert!(form.body.contains("<option value=\"Europe/London\" selected>"), "{}", form.body);
        assert!(form.body.contains("value=\"20:30\""));
        // The club's zone for the events without one of their own.
        edit(&fields("2026-06-25", ""));
        let club = organizer.post_form("/manage/clubs/scuola-di-trionfetti/time-zone", &[("time_zone", "Europe/Lisbon")]);
        assert_eq!(club.status, 303, "{}", club.body);
        assert_eq!(dtstart(&event), "20260625T193000Z");
        let page = organizer.get("/manage/clubs/scuola-di-trionfetti");
        assert!(page.body.contains("<option value=\"Europe/Lisbon\" selected>"), "{}", page.body);
        assert!(page.body.contains("Fuso orario salvato."), "the notice shows");
        assert!(!organizer.get("/manage/clubs/scuola-di-trionfetti").body.contains("Fuso orario salvato."), "once");
        // Zones not offered are refused, saying so, with what was typed kept.
        let refused = organizer.post_form("/manage/clubs/scuola-di-trionfetti/events", &fields("2026-11-25", "Mars/Olympus"));
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("Fuso orario sconosciuto"), "{}", refused.body);
        assert!(refused.body.contains("value=\"Serata\""));
        let refused = organizer.post_form("/manage/clubs/scuola-di-trionfetti/time-zone", &[("time_zone", "Mars/Olympus")]);
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("Fuso orario sconosciuto"), "{}", refused.body);
        assert_eq!(dtstart(&event), "20260625T193000Z", "nothing changed");
    }

    fn csv_import_reads_a_line_break_inside_quotes(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event(&organizer, "A capo", "swiss", "1");
        let csv = "giocatore1;giocatore2;squadra\r\nBepi;Toni;\"I Veci\r\nde Mestre\"\r\nNane;Gigio\r\nLuca\r\n";
        let report = organizer.post_form(&format!("/manage/events/{event}/import"), &[("csv", csv)]);
        assert_eq!(report.status, 422, "{}", report.body);
        assert!(report.body.contains("Riga 5"), "the refusal names the line where its record starts: {}", report.body);
        assert_eq!(report.body.matches("class=\"rejected-line\"").count(), 1, "{}", report.body);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("I Veci de Mestre"), "{}", page.body);
        assert!(page.body.contains("Nane"));
    }

    fn csv_import_reports_rejected_lines_and_late_entries_are_marked(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event(&organizer, "Import", "swiss", "1");
        let report = organizer.post_form(
            &format!("/manage/events/{event}/import"),
            &[("csv", "giocatore1,giocatore2\nBepi,Toni\nNane\nGigio;Gigio\nBepi,Marco\n")],
        );
        assert_eq!(report.status, 422);
        assert!(report.body.contains("Riga 3"), "{}", report.body);
        assert!(report.body.contains("manca il secondo giocatore"));
        assert!(report.body.contains("Riga 4"));
        assert!(report.body.contains("Riga 5"));
        assert_eq!(report.body.matches("class=\"rejected-line\"").count(), 3);
        let added = organizer.post_form(&format!("/manage/events/{event}/entrants"), &[("player1", "Luca"), ("player2", "Piero")]);
        assert_eq!(added.status, 303);
        organizer.post_form(&format!("/manage/events/{event}/checkin"), &[("number", "1"), ("checked_in", "true")]);
        organizer.post_form(&format!("/manage/events/{event}/checkin"), &[("number", "2"), ("checked_in", "true")]);
        let late = organizer.post_form(&format!("/manage/events/{event}/entrants"), &[("player1", "Ultimo"), ("player2", "Arrivato")]);
        assert_eq!(late.status, 303);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert_eq!(page.body.matches("iscrizione tardiva").count(), 1);
        // Manual seeding must list the present entrants exactly once.
        let wrong = organizer.post_form(&format!("/manage/events/{event}/draw"), &[("method", "manual"), ("order", "2")]);
        assert_eq!(wrong.status, 422);
        let drawn = organizer.post_form(&format!("/manage/events/{event}/draw"), &[("method", "manual"), ("order", "2 1")]);
        assert_eq!(drawn.status, 303, "{}", drawn.body);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("<span id=\"event-seeding\">manuale</span>"), "{}", page.body);
        // A Swiss takes late entrants after the draw (from the next round not drawn).
        let after = organizer.post_form(&format!("/manage/events/{event}/entrants"), &[("player1", "Troppo"), ("player2", "Tardi")]);
        assert_eq!(after.status, 303, "{}", after.body);
        // The notice of a late entry is a flash: the page the redirect leads to shows it once.
        assert_eq!(after.location.as_deref(), Some(format!("/manage/events/{event}").as_str()));
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("Iscrizione tardiva registrata"), "{}", page.body);
        let again = organizer.get(&format!("/manage/events/{event}"));
        assert!(!again.body.contains("Iscrizione tardiva registrata"), "shown once");
    }

    fn organizer_routes_refuse_the_wrong_people(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let outsider = app.user(&admin, "altro", "organizer");
        let referee = app.user(&admin, "arbitro", "referee");
        let anonymous = app.client();
        let event = create_event(&organizer, "Privato", "single_elimination", "1");
        register_and_draw(&organizer, &event, 2);

        // Only administrators create clubs and name organizers.
        assert_eq!(organizer.post_form("/manage/clubs", &[("name", "Altro circolo")]).status, 403);
        assert_eq!(organizer.post_form("/manage/clubs/scuola-di-trionfetti/organizers", &[("user_id", "1")]).status, 403);
        let gets = [
            "/manage/clubs".to_string(),
            "/manage/clubs/scuola-di-trionfetti".to_string(),
            "/manage/clubs/scuola-di-trionfetti/events/new".to_string(),
            format!("/manage/events/{event}"),
            format!("/manage/events/{event}/cards"),
        ];
        for path in &gets {
            assert_eq!(anonymous.get(path).status, 303, "{path}: anonymous goes to login");
            assert_eq!(referee.get(path).status, 403, "{path}: referee");
        }
        for path in &gets[1..] {
            assert_eq!(outsider.get(path).status, 403, "{path}: organizer of another club");
        }
        let posts: Vec<(String, Vec<(&str, &str)>)> = vec![
            ("/manage/clubs/scuola-di-trionfetti/nicknames".into(), vec![("name", "x"), ("expansion", "1")]),
            ("/manage/clubs/scuola-di-trionfetti/nicknames/remove".into(), vec![("name", "x")]),
            ("/manage/clubs/scuola-di-trionfetti/events".into(), vec![("name", "x")]),
            (format!("/manage/events/{event}/entrants"), vec![("player1", "a"), ("player2", "b")]),
            (format!("/manage/events/{event}/import"), vec![("csv", "a,b")]),
            (format!("/manage/events/{event}/checkin"), vec![("all", "true")]),
            (format!("/manage/events/{event}/withdraw"), vec![("number", "1")]),
            (format!("/manage/events/{event}/draw"), vec![("method", "random")]),
            (format!("/manage/events/{event}/assign"), vec![("public_id", "x")]),
            (format!("/manage/events/{event}/forfeit"), vec![("public_id", "x"), ("winner", "A")]),
            (format!("/manage/events/{event}/replay"), vec![("public_id", "x")]),
        ];
        for (path, fields) in &posts {
            assert_eq!(outsider.post_form(path, fields).status, 403, "{path}: organizer of another club");
            assert_eq!(referee.post_form(path, fields).status, 403, "{path}: referee");
            assert_eq!(anonymous.post_form(path, fields).status, 303, "{path}: anonymous");
        }
        // Without the form token: refused before anything else.
        assert_eq!(organizer.post_raw(&format!("/manage/events/{event}/checkin"), &[("all", "true")]).status, 403);
        // An unlisted event is not in the club's list but its page is public.
        let unlisted = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/events",
            &[("name", "Segreto"), ("date", "2026-12-01"), ("time", "21:00"), ("venue", "x"), ("format", "round_robin"), ("target_points", "1"), ("games_to_win", "1")],
        );
        assert_eq!(unlisted.status, 303);
        let id = unlisted.location.unwrap().trim_start_matches("/manage/events/").to_string();
        assert!(!anonymous.get("/clubs/scuola-di-trionfetti").body.contains("Segreto"));
        assert_eq!(anonymous.get(&format!("/e/{id}")).status, 200);
    }

    fn an_event_is_edited_and_refuses_changes_no_longer_allowed(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event(&organizer, "Da ritoccare", "single_elimination", "1");
        let form = organizer.get(&format!("/manage/events/{event}/edit"));
        assert_eq!(form.status, 200);
        assert!(form.body.contains("value=\"Da ritoccare\""));
        for game in GameKind::ALL {
            assert!(form.body.contains(&format!("id=\"options-{game}\"")), "{game}");
        }
        assert!(form.body.contains("name=\"csrf_token\""));
        // Before the draw everything may change: name, time, venue, unlisted, game, format.
        let saved = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("venue", "Bacaro"),
              ("game", "tressette"), ("opt.tressette.target_points", "31"), ("opt.tressette.games_to_win", "1"),
              ("format", "round_robin"), ("tie1", "head-to-head")],
        );
        assert_eq!(saved.status, 303, "{}", saved.body);
        assert_eq!(saved.location.as_deref(), Some(format!("/manage/events/{event}").as_str()));
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("evento salvate."), "the notice, once: {}", page.body);
        assert!(page.body.contains("Ritoccato") && page.body.contains("Bacaro"));
        assert!(page.body.contains("ven 22 nov 2030, 21:00"), "{}", page.body);
        assert!(page.body.contains("Tressette"), "{}", page.body);
        assert!(page.body.contains(" 31"));
        assert!(page.body.contains("non in elenco"), "unlisted now");
        assert!(!app.client().get("/clubs/scuola-di-trionfetti").body.contains("Ritoccato"));
        // Wrong options are refused with the game's own words.
        let wrong = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("game", "tressette"),
              ("opt.tressette.games_to_win", "0"), ("format", "round_robin")],
        );
        assert_eq!(wrong.status, 422);
        // The option is named by its label, not by the field name of the form.
        let refusal = wrong.body.split("class=\"error\" role=\"alert\">").nth(1).unwrap();
        let refusal = &refusal[..refusal.find("</p>").unwrap()];
        assert_eq!(refusal, "opzione &#34;Partite per vincere l&#39;incontro&#34;: valori ammessi 1–9");
        let unreadable = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("game", "tressette"),
              ("opt.tressette.target_points", "molti"), ("format", "round_robin")],
        );
        assert_eq!(unreadable.status, 422);
        assert!(
            unreadable.body.contains("Opzione del gioco non valida: Punti per vincere una partita</p>"),
            "{}", unreadable.body
        );
        let rotating_two = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("game", "vitou"),
              ("opt.vitou.players", "2"), ("format", "rotating")],
        );
        assert_eq!(rotating_two.status, 422);
        assert!(rotating_two.body.contains("gioco a quattro"), "{}", rotating_two.body);

        // After the draw the format is fixed; the game may change while no match started.
        register_and_draw(&organizer, &event, 4);
        let form = organizer.get(&format!("/manage/events/{event}/edit"));
        assert!(form.body.contains("id=\"format-locked\""));
        assert!(!form.body.contains("id=\"game-locked\""));
        let refused = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("format", "swiss")],
        );
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("la formula e le sue opzioni non si possono più cambiare"), "{}", refused.body);
        let options = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"), ("listed", "true"),
              ("game", "tressette"), ("opt.tressette.target_points", "41")],
        );
        assert_eq!(options.status, 303, "{}", options.body);
        // A match starts (a forfeit): the game and its options are fixed now.
        let first = overview_matches(&organizer, &event).remove(0);
        let forfeit = organizer.post_form(&format!("/manage/events/{event}/forfeit"), &[("public_id", &first), ("winner", "A"), ("confirm", "yes")]);
        assert_eq!(forfeit.status, 303);
        let form = organizer.get(&format!("/manage/events/{event}/edit"));
        assert!(form.body.contains("id=\"game-locked\""));
        let refused = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ritoccato"), ("date", "2030-11-22"), ("time", "21:00"),
              ("game", "tressette"), ("opt.tressette.target_points", "21")],
        );
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("il gioco e le sue opzioni non si possono più cambiare"), "{}", refused.body);
        // Name, time, venue and listing still may.
        let renamed = organizer.post_form(
            &format!("/manage/events/{event}/edit"),
            &[("name", "Ultimo nome"), ("date", "2030-11-22"), ("time", "21:30"), ("venue", "Cantina"), ("listed", "true")],
        );
        assert_eq!(renamed.status, 303, "{}", renamed.body);
        let public = app.client().get(&format!("/e/{event}"));
        assert!(public.body.contains("Ultimo nome") && public.body.contains("Cantina"));
        assert!(public.body.contains("Tressette"));
        assert!(app.client().get("/clubs/scuola-di-trionfetti").body.contains("Ultimo nome"));
    }

    fn late_entries_join_swiss_and_rotating_nights_but_not_fixed_draws(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        // Swiss: four pairs drawn, a fifth arrives during round 1.
        let event = create_event_with(&organizer, "Svizzero", &[("format", "swiss"), ("rounds", "3"), ("target_points", "1"), ("games_to_win", "1")]);
        register_and_draw(&organizer, &event, 4);
        let late = organizer.post_form(&format!("/manage/events/{event}/entrants"), &[("player1", "Ultimo"), ("player2", "Arrivato"), ("label", "Ritardatari")]);
        assert_eq!(late.status, 303, "{}", late.body);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("entra dal prossimo turno"), "{}", page.body);
        assert!(page.body.contains("Ritardatari"));
        let round1 = card_links(&app, &organizer, &event);
        assert_eq!(round1.len(), 2, "round 1 is as drawn");
        for link in &round1 {
            assert!(!app.client().get(link).body.contains("Ultimo"), "not in round 1");
            record_win(&app.client(), link, "A");
        }
        // Round 2: five pairs, two tables and a bye; the newcomer is drawn (a table or the
        // bye, which goes to the lowest ranked; the draw notes are on the rounds page).
        let public = app.client().get(&format!("/e/{event}/rounds"));
        let round2 = card_links(&app, &organizer, &event);
        assert_eq!(round2.len(), 2);
        let newcomer_plays = round2.iter().any(|l| app.client().get(l).body.contains("Ultimo"))
            || public.body.contains("riposo a Ritardatari");
        assert!(newcomer_plays, "the newcomer is drawn in round 2: {}", public.body);
        let standings = app.client().get(&format!("/e/{event}/export/standings.csv"));
        let line = standings.body.lines().find(|l| l.contains("Ritardatari")).expect("the newcomer is in the standings");
        assert!(line.contains(",0,") || line.contains(",0"), "no points for round 1: {line}");

        // Elimination: refused after the draw, saying why.
        let knockout = create_event(&organizer, "Eliminazione", "single_elimination", "1");
        import_and_draw(&organizer, &knockout, "Aa,Ab\nBa,Bb\nCa,Cb\nDa,Db\n");
        let refused = organizer.post_form(&format!("/manage/events/{knockout}/entrants"), &[("player1", "Troppo"), ("player2", "Tardi")]);
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("tabellone è fissato al sorteggio"), "{}", refused.body);
        let english = app.client_in("en");
        english.login("org", "org-password");
        let refused = english.post_form(&format!("/manage/events/{knockout}/import"), &[("csv", "Troppo,Tardi\n")]);
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("fixed at the draw"), "{}", refused.body);

        // Rotating partners: eight players, a ninth arrives once round 1 is under way.
        let night = create_event_with(&organizer, "Rotazione", &[("format", "rotating"), ("rounds", "3"), ("target_points", "1"), ("games_to_win", "1")]);
        let csv: String = (1..=8).map(|i| format!("Singolo {i}\n")).collect();
        import_and_draw(&organizer, &night, &csv);
        // Each round on its page of the rounds.
        let round_page = |round: u32| app.client().get(&format!("/e/{night}/rounds?round={round}")).body;
        let before = round_page(1);
        assert!(!round_page(2).contains("id=\"pairing-Rot-R2-out"));
        let tables = card_links(&app, &organizer, &night);
        record_win(&app.client(), &tables[0], "A");
        let late = organizer.post_form(&format!("/manage/events/{night}/entrants"), &[("player1", "Nono")]);
        assert_eq!(late.status, 303, "{}", late.body);
        let after = round_page(1);
        assert!(round_page(2).contains("id=\"pairing-Rot-R2-out-1\""), "nine players from round 2: one sits out");
        assert!(!after.contains("id=\"pairing-Rot-R1-out"), "round 1 is as drawn");
        // Round 1's tables have the same players.
        let round1 = |body: &str| -> Vec<String> {
            body.split("id=\"pairing-Rot-R1-T")
                .skip(1)
                .map(|item| {
                    let item = item.split("</li>").next().unwrap();
                    item.split("<span class=\"side")
                        .skip(1)
                        .map(|span| span.split('>').nth(1).unwrap().split('<').next().unwrap().to_string())
                        .collect::<Vec<_>>()
                        .join(" v ")
                })
                .collect()
        };
        assert_eq!(round1(&before).len(), 2);
        assert_eq!(round1(&before), round1(&after));
        assert!(round1(&after).iter().all(|t| !t.contains("Nono")));
    }

    fn a_flagged_match_can_be_kept_as_played(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, semis) = semifinals_played(&app, &organizer, "Tenuto");
        let final_link = card_links(&app, &organizer, &event);
        record_win(&app.client(), &final_link[0], "A");
        let champion_before = app.client().get(&format!("/e/{event}"));
        assert!(champion_before.body.contains("id=\"champion-banner\""));
        correct_first_hand(&app.client(), &semis[1], "B");
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("id=\"flagged\""), "{}", page.body);
        assert!(page.body.contains("Tieni il risultato giocato"));
        let flagged_id = flagged_match(&page.body);
        let asked = organizer.post_form(&format!("/manage/events/{event}/keep"), &[("public_id", &flagged_id)]);
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("Tenere il risultato giocato?"), "{}", asked.body);
        assert!(asked.body.contains("Giocata da: "), "{}", asked.body);
        assert!(organizer.get(&format!("/manage/events/{event}")).body.contains("id=\"flagged\""), "nothing done before the confirmation");
        let kept = organizer.post_form(
            &format!("/manage/events/{event}/keep"),
            &[("public_id", &flagged_id), ("confirm", "yes")],
        );
        assert_eq!(kept.status, 303, "{}", kept.body);
        assert_eq!(kept.location.as_deref(), Some(format!("/manage/events/{event}").as_str()));
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("il tabellone prosegue da lì"), "the notice, once: {}", page.body);
        assert!(!page.body.contains("id=\"flagged\""), "no longer flagged");
        // The final stands as played: same champion, event finished.
        let public = app.client().get(&format!("/e/{event}"));
        assert!(public.body.contains("id=\"champion-banner\""), "{}", public.body);
        let name = |body: &str| body.split("id=\"champion-banner\"").nth(1).unwrap().split("</strong>").next().unwrap().to_string();
        assert_eq!(name(&champion_before.body), name(&public.body));
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert!(!cards.body.contains("class=\"scoring-link\""), "nothing to replay");
        // Someone else's event's match is not found.
        let other = create_event(&organizer, "Altro", "single_elimination", "1");
        assert_eq!(organizer.post_form(&format!("/manage/events/{other}/keep"), &[("public_id", &flagged_id)]).status, 404);
        assert_eq!(
            organizer.post_form(&format!("/manage/events/{other}/keep"), &[("public_id", &flagged_id), ("confirm", "yes")]).status,
            404
        );
    }

    fn an_event_of_each_game_is_drawn_and_advances(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        // (game, options, entrants csv, entries that finish a match with side A winning,
        // players per match, games won by the winner)
        type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str, &'a [&'a str], usize, u32);
        let games: [Case; 6] = [
            ("trionfetti", &[("opt.trionfetti.target_points", "1"), ("opt.trionfetti.games_to_win", "1")],
             "Aa,Ab\nBa,Bb\nCa,Cb\n", &[r#"{"type":"hand","winner":"A"}"#], 4, 1),
            ("madrasso", &[], "Aa,Ab\nBa,Bb\nCa,Cb\n", &[r#"{"type":"deal","cappotto":"A"}"#], 4, 1),
            ("tressette", &[("opt.tressette.games_to_win", "1")], "Aa,Ab\nBa,Bb\nCa,Cb\n",
             &[r#"{"type":"deal","sweep":"cappotto","team":"A"}"#], 4, 2),
            ("trijumf", &[("opt.trijumf.players", "2"), ("opt.trijumf.target_points", "100")], "Aldo\nBruno\nCarlo\n",
             &[r#"{"type":"deal","cut":"normal","trump_card":"7d","points":[80,50]}"#, r#"{"type":"deal","cut":"normal","trump_card":"3s","points":[80,50]}"#], 2, 1),
            ("vitou", &[("opt.vitou.players", "2"), ("opt.vitou.target_points", "3")], "Aldo\nBruno\nCarlo\n",
             &[r#"{"type":"round","winner":"A"}"#, r#"{"type":"round","winner":"A"}"#, r#"{"type":"round","winner":"A"}"#], 2, 1),
            ("vitou", &[("opt.vitou.players", "4"), ("opt.vitou.target_points", "3")], "Aa,Ab\nBa,Bb\nCa,Cb\n",
             &[r#"{"type":"round","winner":"A"}"#, r#"{"type":"round","winner":"A"}"#, r#"{"type":"round","winner":"A"}"#], 4, 1),
        ];
        for (game, options, csv, entries, seats, games_won) in games {
            let mut fields = vec![("game", game), ("format", "single_elimination")];
            fields.extend_from_slice(options);
            let event = create_event_with(&organizer, &format!("Torneo di {game}"), &fields);
            import_and_draw(&organizer, &event, csv);
            // Three entrants: seed 1 has a bye, 2 v 3 is the first match.
            let first = overview_matches(&organizer, &event);
            assert_eq!(first.len(), 1, "{game}: one match ready");
            let json = app.client().get(&format!("/e/{event}/export/results.json"));
            assert!(json.status == 200, "{game}");
            let db = app.database.open();
            let id = first[0].clone();
            let (stored_game, players, options_json) = db.read(move |c| {
                let row = store_matches::find_by_public_id(c, &id)?.unwrap();
                Ok((row.game, row.players_json.clone(), row.options_json.clone()))
            }).unwrap();
            assert_eq!(stored_game.name(), game);
            let names: Vec<String> = serde_json::from_str(&players).unwrap();
            assert_eq!(names.len(), seats, "{game}: players by seat {players}");
            assert!(names.iter().all(|n| !n.is_empty()), "{game}: {players}");
            let options_value: serde_json::Value = serde_json::from_str(&options_json).unwrap();
            for (name, value) in options.iter() {
                let field = name.rsplit('.').next().unwrap();
                assert_eq!(options_value[field].to_string(), *value, "{game}: option {field}");
            }
            append_entries(&app, &first[0], entries, true);
            // The winner advances to the final against seed 1.
            let next = overview_matches(&organizer, &event);
            assert_eq!(next.len(), 1, "{game}: the final is ready");
            assert_ne!(next[0], first[0]);
            let public = app.client().get(&format!("/e/{event}/rounds?round=1"));
            assert!(public.body.contains(&format!("{games_won}–0")), "{game}: games won shown: {}", public.body);
            let standings = app.client().get(&format!("/e/{event}/export/results.json"));
            assert!(standings.body.contains("\"finished\""), "{game}");
            append_entries(&app, &next[0], entries, true);
            let public = app.client().get(&format!("/e/{event}"));
            assert!(public.body.contains("id=\"champion-banner\""), "{game}");
        }
    }

    fn event_pages_replay_only_the_logs_that_grew(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, _) = semifinals_played(&app, &organizer, "Memoria");
        let page = app.client().get(&format!("/e/{event}"));
        assert_eq!(page.status, 200);
        // The matches are damaged behind the application's back (entries are append-only,
        // their options are not): a page that replayed the logs would fail, but their
        // entry counts did not change, so the summaries remembered at the last view are
        // used.
        app.database
            .execute("UPDATE matches SET options_json = '{\"no_such_option\": 1}' WHERE event_id IS NOT NULL");
        let again = app.client().get(&format!("/e/{event}"));
        assert_eq!(again.status, 200, "{}", again.body);
        assert_eq!(again.body.matches("class=\"side winner\"").count(), page.body.matches("class=\"side winner\"").count());
        let standings = app.client().get(&format!("/e/{event}/export/standings.csv"));
        assert_eq!(standings.status, 200);
    }

    fn a_swiss_correction_says_in_words_how_the_next_round_was_paired_again(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create_event_with(&organizer, "Svizzera corretta", &[("format", "swiss"), ("rounds", "3"), ("target_points", "1"), ("games_to_win", "1")]);
        register_and_draw(&organizer, &event, 8);
        let round1 = card_links(&app, &organizer, &event);
        assert_eq!(round1.len(), 4);
        for link in &round1 {
            record_win(&app.client(), link, "A");
        }
        let round2 = card_links(&app, &organizer, &event);
        assert_eq!(round2.len(), 4, "round 2 drawn");
        // Table 1 of round 2 is played; then a round-1 result is corrected.
        record_win(&app.client(), &round2[0], "A");
        // A table's pairing as the public rounds page shows it: "Coppia 3 – Coppia 5".
        let sides_at = |page: &str, table: &str| {
            let (_, row) = page.split_once(&format!("id=\"pairing-Swiss-R2-{table}\"")).unwrap();
            let sides: Vec<String> = row.split("<span class=\"side").skip(1).take(2).map(|side| {
                let inner = side.split_once('>').unwrap().1.split("</span>").next().unwrap();
                support::words_of(inner)
            }).collect();
            sides.join(" – ")
        };
        let rounds = || app.client().get(&format!("/e/{event}/rounds?round=2")).body;
        let table1 = sides_at(&rounds(), "T1");
        correct_first_hand(&app.client(), &round1[0], "B");
        let page = organizer.get(&format!("/manage/events/{event}"));
        let (_, notice) = page.body.split_once("class=\"correction\"").expect("a correction notice");
        let notice = notice.split("</div></li>").next().unwrap();
        // The tables not begun, paired again, each said in words with its new pairing.
        let now: Vec<&str> = notice.split("<li>").skip(1).map(|l| l.split("</li>").next().unwrap()).collect();
        assert!(!now.is_empty(), "{notice}");
        for line in &now {
            assert!(line.contains(": ora ") && line.contains(" (prima "), "{line}");
            assert!(!line.contains('→') && !line.contains('—'), "{line}");
            let table = line.split("tavolo ").nth(1).unwrap().split(':').next().unwrap();
            let new_pairing = line.split(": ora ").nth(1).unwrap().split(" (prima").next().unwrap();
            assert_eq!(new_pairing, sides_at(&rounds(), &format!("T{table}")), "{line}");
        }
        // The table under way keeps its pairs: nothing flagged, nobody drawn twice.
        assert!(!notice.contains("flagged-line"), "{notice}");
        assert!(!page.body.contains("id=\"flagged\""), "{}", page.body);
        assert_eq!(sides_at(&rounds(), "T1"), table1);
        let mut pairs: Vec<String> = (1..=4).flat_map(|t| sides_at(&rounds(), &format!("T{t}")).split(" – ").map(str::to_string).collect::<Vec<_>>()).collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), 8, "{pairs:?}");
    }

}
