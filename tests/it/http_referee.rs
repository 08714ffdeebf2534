//! The referee at the table (issue 22) through real HTTP: a tap comes back to the
//! entry with a confirmation and an undo; a vagaresto without its caller or answer is
//! refused naming what is missing, in Italian and English, keeping what was typed;
//! "Controlla" refuses what saving refuses, naming the player; the log names the
//! players who did what, on the referee page and the replay, and when, on the club's
//! clock; the home page lists a referee's tables and an organizer's.

use crate::support;
use support::setup::{self, envelope};

use support::{Client, TestApp, club_with_organizer, option_value};

fn points(body: &str, team: &str) -> String {
    let marker = format!("id=\"points-{team}\">");
    let start = body.find(&marker).expect("points shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

fn error_text(body: &str) -> String {
    let marker = "id=\"entry-error\">";
    let start = body.find(marker).expect("an error is shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// A form's fields as typed.
type Fields<'a> = &'a [(&'a str, &'a str)];

/// Posts the quick form of the Trionfetti page `base` with `fields` and its envelope.
fn quick(client: &Client, base: &str, fields: &[(&str, &str)]) -> support::Response {
    let (seq, key) = envelope(client, base);
    let mut all = vec![
        ("expected_seq", seq.as_str()),
        ("submission_key", key.as_str()),
    ];
    all.extend_from_slice(fields);
    client.post_form(&format!("{base}/hand"), &all)
}

/// A refused quick form: 422, the message, nothing recorded.
fn refused(client: &Client, base: &str, fields: &[(&str, &str)], message: &str) -> String {
    let response = quick(client, base, fields);
    assert_eq!(response.status, 422, "{fields:?}: {}", response.body);
    assert_eq!(error_text(&response.body), message, "{fields:?}");
    assert_eq!(points(&response.body, "A"), "0");
    assert_eq!(points(&response.body, "B"), "0");
    response.body
}

/// A Trionfetti match of Bepi, Toni, Nane and Gigio, its page for `org` in Italian
/// and the same page through its table link, read in English.
fn match_in_both_languages(app: &TestApp) -> (Client, String, Client, String) {
    let admin = app.admin();
    let organizer = app.user(&admin, "org", "organizer");
    let public_id = setup::create_match(&organizer, &[("title", "Vagaresto")]);
    let link = setup::table_link(app, &organizer, &public_id);
    (
        organizer,
        format!("/score/{public_id}"),
        app.client_in("en"),
        link,
    )
}

/// The text of the referee page's log line `number` (#1 the first entry).
fn log_text(body: &str, number: usize) -> String {
    let marker = format!("<span class=\"log-index\">#{number}</span> ");
    let start = body.find(&marker).expect("the log line") + marker.len();
    body[start..start + body[start..].find('\n').unwrap()]
        .trim()
        .to_string()
}

/// The text of the replay page's line of entry `number` (#1 the first entry).
fn replay_text(body: &str, number: usize) -> String {
    let marker = format!("/replay?step={number}\">#{number} ");
    let start = body.find(&marker).expect("the replay line") + marker.len();
    body[start..start + body[start..].find("</a>").unwrap()].to_string()
}

/// The time the log shows beside entry `number`, after who recorded it.
fn log_time(body: &str, number: usize) -> String {
    let marker = format!("<span class=\"log-index\">#{number}</span> ");
    let line = &body[body.find(&marker).expect("the log line")..];
    let by = "<span class=\"muted\">· ";
    let start = line.find(by).expect("who and when") + by.len();
    let shown = &line[start..start + line[start..].find("</span>").unwrap()];
    shown.rsplit(' ').next().unwrap().to_string()
}

backend_tests! {
    fn the_log_shows_each_entry_at_the_time_of_the_clubs_clock(app) {
        use chrono::Utc;
        let (_admin, organizer) = club_with_organizer(&app);
        // The minute the entry was stored falls between these two readings of the clock.
        let recorded_at = |zone: chrono_tz::Tz, client: &Client, base: &str| {
            let before = Utc::now();
            setup::record_win(client, base, "A");
            let after = Utc::now();
            let on_clock = |at: chrono::DateTime<Utc>| at.with_timezone(&zone).format("%H:%M").to_string();
            let utc = before.format("%H:%M").to_string();
            (vec![on_clock(before), on_clock(after)], utc)
        };
        // Outside any event: the default zone, Europe/Rome, one or two hours ahead of UTC.
        let public_id = setup::create_match(&organizer, &[("title", "Orologio")]);
        let base = format!("/score/{public_id}");
        let (expected, utc) = recorded_at(chrono_tz::Europe::Rome, &organizer, &base);
        let shown = log_time(&organizer.get(&base).body, 1);
        assert!(expected.contains(&shown), "{shown}, not one of {expected:?}");
        assert_ne!(shown, utc, "the log's time is not UTC's");
        // An event's match: the event's own zone, Helsinki, two or three hours ahead.
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &[
            ("game", "trionfetti"), ("target_points", "3"), ("games_to_win", "1"),
            ("format", "single_elimination"), ("time_zone", "Europe/Helsinki"),
        ]);
        setup::import_and_draw(&organizer, &event, &setup::pairs_csv(2));
        let link = setup::card_links(&app, &organizer, &event)[0].clone();
        let referee = app.client();
        let (expected, _) = recorded_at(chrono_tz::Europe::Helsinki, &referee, &link);
        let shown = log_time(&referee.get(&link).body, 1);
        assert!(expected.contains(&shown), "{shown}, not one of {expected:?}");
    }

    fn a_tap_comes_back_to_the_entry_with_its_confirmation_and_an_undo(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let public_id = setup::create_match(&organizer, &[("title", "Un tocco")]);
        let base = format!("/score/{public_id}");
        let page = organizer.get(&base);
        // The buttons name the players of each team.
        assert!(page.body.contains("name=\"winner\" value=\"A\""), "{}", page.body);
        assert!(page.body.contains("<span class=\"win-names\">Bepi · Nane</span>"), "{}", page.body);
        assert!(page.body.contains("<span class=\"win-names\">Toni · Gigio</span>"), "{}", page.body);
        assert!(page.body.contains("id=\"entry\""));

        let response = quick(&organizer, &base, &[("winner", "B")]);
        assert_eq!(response.status, 303, "{}", response.body);
        assert_eq!(response.location.as_deref(), Some(format!("{base}?recorded=0#entry").as_str()));
        let back = organizer.get(&format!("{base}?recorded=0"));
        assert_eq!(points(&back.body, "B"), "1");
        // People count from 1: the first entry is #1, in the confirmation and the log.
        assert!(back.body.contains("Registrato: #1</span>"), "{}", back.body);
        assert!(back.body.contains("<span class=\"log-index\">#1</span>"), "{}", back.body);
        assert!(back.body.contains(">Annulla #1</button>"), "{}", back.body);
        assert!(back.body.contains("<span class=\"recorded-line\">mano vinta da Toni · Gigio (squadra B)</span>"), "{}", back.body);
        // The undo sits in the confirmation, and undoes that entry.
        let undo = back.body.find("id=\"undo-last\"").expect("an undo beside the confirmation");
        let confirmation = back.body.find("id=\"recorded\"").unwrap();
        let vagaresto = back.body.find("id=\"vagaresto\"").unwrap();
        let buttons = back.body.find("id=\"win-A\"").unwrap();
        assert!(buttons < confirmation && confirmation < undo && undo < vagaresto, "the confirmation follows the buttons");
        let (seq, key) = envelope(&organizer, &base);
        let undone = organizer.post_form(&format!("{base}/undo"), &[("expected_seq", &seq), ("submission_key", &key)]);
        assert_eq!(undone.status, 303);
        assert_eq!(undone.location.as_deref(), Some(format!("{base}?recorded=1#entry").as_str()));
        assert_eq!(points(&organizer.get(&base).body, "B"), "0");
        // After an undo the confirmation says what was undone, not "Registrato: #2".
        let after_undo = organizer.get(&format!("{base}?recorded=1"));
        assert!(
            after_undo.body.contains("Annullata la registrazione #1:</span> <span class=\"recorded-line\">mano vinta da Toni · Gigio (squadra B)</span>"),
            "{}", after_undo.body
        );
        assert!(!after_undo.body.contains("Registrato:"), "{}", after_undo.body);
        organizer.get("/lang/en?next=%2F");
        let english = organizer.get(&format!("{base}?recorded=1"));
        assert!(english.body.contains("Undone entry #1:</span>"), "{}", english.body);
        assert!(!english.body.contains("Recorded:"), "{}", english.body);
        assert!(organizer.get(&format!("{base}?recorded=0")).body.contains("Recorded: #1</span>"));
        organizer.get("/lang/it?next=%2F");
        // The page's script keeps the scroll itself: no anchor then.
        let scripted = quick(&organizer, &base, &[("winner", "A"), ("keep_scroll", "1")]);
        assert_eq!(scripted.location.as_deref(), Some(format!("{base}?recorded=2").as_str()));
    }

    fn a_vagaresto_without_its_caller_or_answer_is_refused_naming_what_is_missing(app) {
        let (organizer, base, english, link) = match_in_both_languages(&app);
        let cases: [(Fields, &str, &str); 5] = [
            // Ticked "accepted" and tapped a winner, with no caller: once a plain hand.
            (
                &[("vagaresto_answer", "accepted"), ("winner", "A")],
                "Scegli chi ha chiamato il vagaresto.",
                "Choose who called the vagaresto.",
            ),
            // "Record the conceded vagaresto" with no caller: once "choose the team".
            (
                &[("conceded", "yes")],
                "Scegli chi ha chiamato il vagaresto.",
                "Choose who called the vagaresto.",
            ),
            (
                &[("vagaresto_caller", "1"), ("winner", "A")],
                "Indica se il vagaresto è stato accettato o rifiutato.",
                "Say whether the vagaresto was accepted or conceded.",
            ),
            (
                &[("vagaresto_caller", "1"), ("vagaresto_answer", "accepted"), ("conceded", "yes")],
                "Il vagaresto è segnato come accettato: scegli la squadra che ha vinto la mano, oppure segnalo come rifiutato.",
                "The vagaresto is marked as accepted: choose the team that won the hand, or mark it as conceded.",
            ),
            (
                &[],
                "Scegli la squadra che ha vinto la mano.",
                "Choose the team that won the hand.",
            ),
        ];
        for (fields, italian, english_words) in cases {
            let body = refused(&organizer, &base, fields, italian);
            refused(&english, &link, fields, english_words);
            // What was typed is shown again, the vagaresto open.
            for (name, value) in fields.iter().filter(|(name, _)| name.starts_with("vagaresto_")) {
                let checked = format!("name=\"{name}\" value=\"{value}\" id=\"vagaresto_caller-{value}\" checked");
                let answer = format!("name=\"{name}\" value=\"{value}\" checked");
                assert!(body.contains(&checked) || body.contains(&answer), "{name}={value} kept: {body}");
            }
            if !fields.is_empty() {
                assert!(body.contains("id=\"vagaresto\" open"), "{body}");
            }
        }

        // With its caller, the vagaresto is stored: conceded by the button, accepted with a winner.
        let conceded = quick(&organizer, &base, &[("vagaresto_caller", "1"), ("conceded", "yes")]);
        assert_eq!(conceded.status, 303, "{}", conceded.body);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "B"), "1");
        assert!(page.body.contains("id=\"vagaresto-stake\""), "the stake is shown before saving");
        let accepted = quick(&organizer, &base, &[("vagaresto_caller", "0"), ("vagaresto_answer", "accepted"), ("winner", "A")]);
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        let record = app.client().get(&format!("/m/{}/record.json", &base[7..]));
        let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
        assert_eq!(json["entries"][0]["vagaresto"]["answer"], "conceded");
        assert_eq!(json["entries"][1]["vagaresto"]["answer"], "accepted");
        assert_eq!(json["entries"][1]["vagaresto"]["caller"], 0);
    }

    fn controlla_refuses_what_saving_refuses_naming_the_player(app) {
        let (organizer, base, english, link) = match_in_both_languages(&app);
        let (seq, key) = envelope(&organizer, &base);
        let setup = organizer.post_form(&format!("{base}/smazzata"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("comanda", "più ponto e più figure"), ("cut", "1s"),
        ]);
        assert_eq!(setup.status, 303, "{}", setup.body);
        // Seat 1 (Toni) leads; Gigio (seat 3) plays the two of coins Toni played.
        let twice = ["2d", "Rd", "2d", "4d"];
        for (client, path, words) in [
            (&organizer, &base, "Gigio ha giocato"),
            (&english, &link, "Gigio played"),
        ] {
            for action in ["check", "save"] {
                let (seq, key) = envelope(client, path);
                let mut form = vec![("expected_seq", seq.as_str()), ("submission_key", key.as_str())];
                form.extend(twice.iter().map(|card| ("card", *card)));
                form.push(("action", action));
                let response = client.post_form(&format!("{path}/tricks"), &form);
                assert_eq!(response.status, 422, "{action}: {}", response.body);
                let text = error_text(&response.body);
                assert!(text.contains(words), "{action}: {text}");
                assert!(!text.contains("posto 3") && !text.contains("seat 3"), "{action}: {text}");
                // The cards typed are kept.
                assert_eq!(response.body.matches("<input type=\"hidden\" name=\"card\" value=\"2d\">").count(), 2, "{action}");
            }
        }
        // A first trick that is right and does not decide the hand yet is no error.
        let (seq, key) = envelope(&organizer, &base);
        let mut form = vec![("expected_seq", seq.as_str()), ("submission_key", key.as_str())];
        form.extend(["2d", "Rd", "3d", "4d"].map(|card| ("card", card)));
        form.push(("action", "check"));
        let checked = organizer.post_form(&format!("{base}/tricks"), &form);
        assert_eq!(checked.status, 200, "{}", checked.body);
        assert!(!checked.body.contains("id=\"entry-error\""), "{}", checked.body);
        assert!(checked.body.contains("Presa vinta da"), "{}", checked.body);

        // Cards of a second trick after an empty first one are not dropped: refused.
        let (seq, key) = envelope(&organizer, &base);
        let mut form = vec![("expected_seq", seq.as_str()), ("submission_key", key.as_str())];
        form.extend(["", "", "", "", "2d", "Rd", "3d", "4d"].map(|card| ("card", card)));
        form.push(("action", "save"));
        let gap = organizer.post_form(&format!("{base}/tricks"), &form);
        assert_eq!(gap.status, 422, "{}", gap.body);
        assert_eq!(error_text(&gap.body), "Completa la presa precedente prima di questa.");
        assert_eq!(points(&organizer.get(&base).body, "A"), "0");
    }

    fn a_referee_finds_the_tables_assigned_and_an_organizer_all_of_the_event(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let referee = app.user(&admin, "arbitra", "referee");
        let idle = app.user(&admin, "riposo", "referee");
        // Before any event: the home page says there is nothing yet.
        assert!(referee.get("/").body.contains("id=\"no-tables\""));
        let fields = [("name", "Campionato sociale del giovedì"), ("game", "trionfetti"), ("format", "single_elimination")];
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
        setup::import_and_draw(&organizer, &event, &setup::pairs_csv(8));
        let overview = organizer.get(&format!("/manage/events/{event}"));
        let matches: Vec<String> = overview
            .body
            .split("name=\"public_id\" value=\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].to_string())
            .fold(Vec::new(), |mut all, id| {
                if !all.contains(&id) {
                    all.push(id);
                }
                all
            });
        assert_eq!(matches.len(), 4, "four tables in the first round");
        let referee_id = option_value(&organizer.get(&format!("/manage/matches/{}", matches[0])).body, "arbitra");
        for public_id in &matches[..3] {
            let assigned = organizer.post_form(&format!("/manage/matches/{public_id}/referees"), &[("user_id", &referee_id)]);
            assert_eq!(assigned.status, 303);
        }
        setup::record_win(&referee, &format!("/score/{}", matches[0]), "A");

        let home = referee.get("/");
        assert_eq!(home.status, 200);
        assert!(home.body.contains("I tuoi tavoli"), "{}", home.body);
        assert!(home.body.contains("Campionato sociale del giovedì"), "{}", home.body);
        for public_id in &matches[..3] {
            let href = format!("href=\"/score/{public_id}\"");
            assert!(home.body.contains(&href), "{href}: {}", home.body);
            assert_eq!(referee.get(&format!("/score/{public_id}")).status, 200, "one tap from its scoring page");
        }
        assert!(!home.body.contains(&format!("/score/{}", matches[3])), "not assigned: not listed");
        assert_eq!(home.body.matches("class=\"table-link\"").count(), 3);
        assert!(home.body.contains("Tavolo 1"), "{}", home.body);
        assert!(home.body.contains("Giocatore"), "the players are named: {}", home.body);
        assert!(home.body.contains(">in corso<"), "the status of the table played: {}", home.body);
        assert!(home.body.contains(">in programma<"), "{}", home.body);
        assert!(idle.get("/").body.contains("id=\"no-tables\""), "another referee has none");

        // The organizer sees every table of the event, the same way.
        let tables = organizer.get("/");
        assert_eq!(tables.body.matches("class=\"table-link\"").count(), 4, "{}", tables.body);
        for public_id in &matches {
            assert!(tables.body.contains(&format!("href=\"/score/{public_id}\"")));
            assert_eq!(organizer.get(&format!("/score/{public_id}")).status, 200);
        }
        // In English too.
        organizer.get("/lang/en?next=%2F");
        let english = organizer.get("/");
        assert!(english.body.contains("Your tables") && english.body.contains("Table 1"), "{}", english.body);
    }

    fn the_log_names_who_did_it_on_the_referee_page_and_the_replay(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let madrasso = setup::create_game_match(&organizer, "madrasso", &[("title", "Cassone")]);
        let base = format!("/score/{madrasso}");
        let cassone = setup::post_entry(&organizer, &base, "outcome", &[("outcome", "cassone"), ("seat", "1")]);
        assert_eq!(cassone.status, 303, "{}", cassone.body);
        // A correction names the players in the entry it carries.
        let replaced = setup::post_entry(&organizer, &base, "outcome", &[
            ("outcome", "cappotto"), ("team", "B"),
            ("replace_target", "0"), ("replace_reason", "era cappotto"),
        ]);
        assert_eq!(replaced.status, 303, "{}", replaced.body);
        let page = organizer.get(&base);
        assert_eq!(log_text(&page.body, 1), "cassone · Toni", "{}", page.body);
        assert_eq!(
            log_text(&page.body, 2),
            "sostituisce #1 (era cappotto): cappotto · squadra B (Toni · Gigio)"
        );
        let replay = app.client().get(&format!("/m/{madrasso}/replay"));
        assert_eq!(replay.status, 200, "{}", replay.body);
        assert_eq!(replay_text(&replay.body, 1), "cassone · Toni", "{}", replay.body);
        assert_eq!(
            replay_text(&replay.body, 2),
            "sostituisce #1 (era cappotto): cappotto · squadra B (Toni · Gigio)"
        );

        // A Tressette claim, read in English at the table and on the replay.
        let tressette = setup::create_game_match(&organizer, "tressette", &[("title", "Claim")]);
        let base = format!("/score/{tressette}");
        let claim = setup::post_entry(&organizer, &base, "outcome", &[("outcome", "claim"), ("seat", "3"), ("points", "6")]);
        assert_eq!(claim.status, 303, "{}", claim.body);
        let english = app.client_in("en");
        let page = english.get(&setup::table_link(&app, &organizer, &tressette));
        assert_eq!(page.status, 200, "{}", page.body);
        assert_eq!(log_text(&page.body, 1), "claim by Gigio · 6 points", "{}", page.body);
        let replay = english.get(&format!("/m/{tressette}/replay"));
        assert_eq!(replay_text(&replay.body, 1), "claim by Gigio · 6 points", "{}", replay.body);
    }
}
