//! The last lists that grew with the database stay bounded (issue 39): the club filter
//! of the archive and of the organizers' matches is typed once the clubs are many, so
//! are the referees of an event's matches and tables once the referees are many, a
//! player's staff page pages its events and its link history, and a season's form
//! offers only the events that can belong to it.

use crate::http_archive::{rows, seed};
use crate::http_seasons::create_season;
use crate::support::forms::{field, form_fields, form_fields_containing, pairs, set_field};
use crate::support::{ADMIN_PASSWORD, club_with_organizer, setup};

/// Listed events `first..first + count` of club `slug` (`Extra 000`, …), one a day
/// from 2024-01-01, so that a later one is newer.
fn extra_events(slug: &str, first: usize, count: usize, start: &str) -> String {
    let start = chrono::NaiveDate::parse_from_str(start, "%Y-%m-%d").unwrap();
    (first..first + count)
        .map(|k| {
            let day = start + chrono::Duration::days(k as i64);
            format!(
                "INSERT INTO events (public_id, club_id, name, starts_at, venue, game, \
                 game_options_json, format_json, listed, status, created_by, created_at) \
                 SELECT 'x{slug}{k:03}', id, 'Extra {k:03}', '{day} 20:30:00', '', 'trionfetti', \
                 '{{}}', '{{}}', TRUE, 'finished', (SELECT MIN(id) FROM users), \
                 '2024-01-01 00:00:00' FROM clubs WHERE slug = '{slug}';\n"
            )
        })
        .collect()
}

/// The value of the text field `id` on a page.
fn field_value(body: &str, id: &str) -> String {
    let field = body
        .split(&format!("id=\"{id}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("no field {id}: {body}"));
    let field = &field[..field.find('>').unwrap()];
    let value = field.split("value=\"").nth(1).expect("a value");
    value[..value.find('"').unwrap()].to_string()
}

/// `count` accounts of `role` (`{role}-00`, …) that cannot log in.
fn accounts(role: &str, count: usize) -> String {
    (0..count)
        .map(|k| {
            format!(
                "INSERT INTO users (username, display_name, password_hash, role, created_at) \
                 VALUES ('{role}-{k:02}', 'Account {role} {k:02}', '!', '{role}', \
                 '2024-01-01 00:00:00');\n"
            )
        })
        .collect()
}

backend_tests! {
    fn many_accounts_are_typed_by_username(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let public_id = setup::create_match(&organizer, &[("title", "Sfida")]);
        let page = format!("/manage/matches/{public_id}");
        // Few referees: a choice.
        app.database.execute(&accounts("referee", 30));
        let few = organizer.get(&page);
        assert!(few.body.contains(">Account referee 29</option>"), "{}", few.body);
        assert!(!few.body.contains("name=\"username\""));
        // Thirty-one: the username is typed, and adds the referee.
        app.database.execute(accounts("referee", 31).lines().last().unwrap());
        let many = organizer.get(&page);
        assert!(many.body.contains("name=\"username\""), "{}", many.body);
        assert!(!many.body.contains(">Account referee 29</option>"));
        let added = organizer.post_form(&format!("{page}/referees"), &[("username", " referee-17 ")]);
        assert_eq!(added.status, 303, "{}", added.body);
        let after = organizer.get(&page);
        assert!(after.body.contains("Account referee 17"), "{}", after.body);
        // A username of no referee: said, nothing changed.
        let wrong = organizer.post_form(&format!("{page}/referees"), &[("username", "org")]);
        assert_eq!(wrong.status, 303);
        let told = organizer.get(&page);
        assert!(told.body.contains("Nessun account adatto ha questo nome utente"), "{}", told.body);
        assert!(!told.body.contains("<li>org"), "{}", told.body);
        // The club's organizers likewise, once the organizers are many.
        let club = "/manage/clubs/scuola-di-trionfetti";
        assert!(!admin.get(club).body.contains("name=\"username\""));
        app.database.execute(&accounts("organizer", 31));
        let many = admin.get(club);
        assert!(many.body.contains("name=\"username\""), "{}", many.body);
        let added = admin.post_form(&format!("{club}/organizers"), &[("username", "organizer-30")]);
        assert_eq!(added.status, 303);
        assert!(admin.get(club).body.contains("Account organizer 30"));
    }


    fn many_clubs_are_typed_in_the_archive_filter(app) {
        seed(&app, 35);
        app.database.execute(&extra_events("circolo-05", 0, 30, "2024-01-01"));
        let client = app.client();
        let all = client.get("/events");
        assert!(all.body.contains("id=\"filter-club\" name=\"club\" type=\"search\""), "{}", all.body);
        assert!(!all.body.contains("<option value=\"circolo-03\""), "no club is listed");
        assert!(all.body.contains("Il nome del circolo o una sua parte"));
        // The slug of the page links, the whole name in any case, or a part of it only
        // one club holds: the club, read back by its name.
        for asked in ["circolo-03", "circolo%2003", "CIRCOLO+03", "lo+03"] {
            let page = client.get(&format!("/events?club={asked}"));
            assert_eq!(rows(&page.body), ["Torneo 011", "Torneo 010", "Torneo 009"], "{asked}");
            assert_eq!(field_value(&page.body, "filter-club"), "Circolo 03", "{asked}");
        }
        // A part several clubs hold, and one none holds: said in words, nothing listed.
        let several = client.get("/events?club=circolo+0");
        assert!(several.body.contains("Più circoli hanno un nome così"), "{}", several.body);
        assert!(rows(&several.body).is_empty());
        assert_eq!(field_value(&several.body, "filter-club"), "circolo 0", "what was typed");
        let none = client.get("/events?club=bocciofila");
        assert!(none.body.contains("Nessun circolo ha un nome così"), "{}", none.body);
        assert!(rows(&none.body).is_empty() && none.body.contains("id=\"no-events\""));
        let english = app.client_in("en").get("/events?club=circolo+0");
        assert!(english.body.contains("Several clubs have a name like this"), "{}", english.body);
        // 33 events of one club typed by name: two pages, the club kept by its slug.
        let first = client.get("/events?club=Circolo+05");
        assert_eq!(rows(&first.body).len(), 25);
        let next = first.body.split("\" rel=\"next\"").next().unwrap().rsplit("href=\"").next().unwrap();
        let next = next.replace("&#38;", "&");
        assert!(next.starts_with("/events?before=") && next.ends_with("&club=circolo-05"), "{next}");
        let second = client.get(&next);
        assert_eq!(rows(&second.body).len(), 8, "{}", second.body);
        assert_eq!(field_value(&second.body, "filter-club"), "Circolo 05");
    }

    fn many_clubs_are_typed_in_the_organizers_match_filter(app) {
        seed(&app, 35);
        let admin = app.client();
        admin.login("capo", ADMIN_PASSWORD);
        let page = admin.get("/manage/matches");
        assert_eq!(page.status, 200);
        assert!(page.body.contains("id=\"filter-club\" name=\"club\" type=\"search\""), "{}", page.body);
        assert!(!page.body.contains("<option value=\"circolo-03\""));
        // A club typed by name: its events are offered to narrow the list further.
        let club = admin.get("/manage/matches?club=circolo+03");
        assert_eq!(field_value(&club.body, "filter-club"), "Circolo 03");
        assert!(club.body.contains("id=\"filter-event\""), "{}", club.body);
        assert!(club.body.contains(">Torneo 010</option>"), "{}", club.body);
        let several = admin.get("/manage/matches?club=circolo");
        assert!(several.body.contains("id=\"club-problem\""), "{}", several.body);
        assert!(!several.body.contains("id=\"filter-event\""));
        // An organizer of one club still chooses it from a list.
        let organizer = app.user(&admin, "org", "organizer");
        app.database.execute(
            "INSERT INTO club_organizers (club_id, user_id) SELECT clubs.id, users.id \
             FROM clubs, users WHERE clubs.slug = 'circolo-07' AND users.username = 'org';",
        );
        let own = organizer.get("/manage/matches");
        assert!(own.body.contains("<option value=\"circolo-07\">"), "{}", own.body);
        assert!(!own.body.contains("type=\"search\""));
    }

    fn a_players_staff_page_pages_the_events_newest_first(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let mut sql = extra_events("scuola-di-trionfetti", 0, 25, "2024-01-01");
        sql.push_str(
            "INSERT INTO players (name, created_at) VALUES ('Bepi Assiduo', '2024-01-01 00:00:00');\n\
             INSERT INTO entrants (event_id, number, label, player1_id, checked_in, late, created_at) \
             SELECT events.id, 1, 'Bepi', players.id, TRUE, FALSE, '2024-01-01 00:00:00' \
             FROM events, players WHERE players.name = 'Bepi Assiduo';\n",
        );
        // Another club's event: not the organizer's to see.
        sql.push_str(
            "INSERT INTO clubs (slug, name, created_at, time_zone) \
             VALUES ('altro', 'Altro', '2024-01-01 00:00:00', 'Europe/Rome');\n",
        );
        sql.push_str(&extra_events("altro", 90, 1, "2024-01-01"));
        sql.push_str(
            "INSERT INTO entrants (event_id, number, label, player1_id, checked_in, late, created_at) \
             SELECT events.id, 1, 'Bepi', players.id, TRUE, FALSE, '2024-01-01 00:00:00' \
             FROM events, players WHERE players.name = 'Bepi Assiduo' AND events.public_id = 'xaltro090';\n",
        );
        app.database.execute(&sql);
        let list = admin.get("/manage/players?q=Assiduo");
        let start = list.body.find("/manage/players/").expect("the player") + "/manage/players/".len();
        let id: String = list.body[start..].chars().take_while(char::is_ascii_digit).collect();
        let events = |client: &crate::support::Client, query: &str| {
            let page = client.get(&format!("/manage/players/{id}{query}"));
            assert_eq!(page.status, 200, "{}", page.body);
            let list = page.body.split("id=\"player-event-list\"").nth(1).unwrap().split("</ul>").next().unwrap().to_string();
            let names: Vec<String> = list.split("<strong>").skip(1).map(|p| p.split("</strong>").next().unwrap().to_string()).collect();
            (names, page.body)
        };
        // The administrator: 26 events, 20 a page, the newest first.
        let (first, body) = events(&admin, "");
        let newest: Vec<String> = std::iter::once("Extra 090".to_string()).chain((5..25).rev().map(|k| format!("Extra {k:03}"))).take(20).collect();
        assert_eq!(first, newest);
        assert!(body.contains(&format!("href=\"/manage/players/{id}?page=2#player-events\" rel=\"next\"")), "{body}");
        let (second, body) = events(&admin, "?page=2");
        assert_eq!(second, (0..6).rev().map(|k| format!("Extra {k:03}")).collect::<Vec<_>>());
        assert!(body.contains(&format!("href=\"/manage/players/{id}?page=1#player-events\" rel=\"prev\"")), "{body}");
        assert!(!body.contains("rel=\"next\""));
        let (beyond, body) = events(&admin, "?page=5");
        assert!(beyond.is_empty() && body.contains("Nessun evento su questa pagina"), "{body}");
        // The organizer: the 25 of their club only.
        let (first, _) = events(&organizer, "");
        assert_eq!(first, (5..25).rev().map(|k| format!("Extra {k:03}")).collect::<Vec<_>>());
        let (second, _) = events(&organizer, "?page=2");
        assert_eq!(second, (0..5).rev().map(|k| format!("Extra {k:03}")).collect::<Vec<_>>());
    }

    fn the_season_form_offers_the_events_of_its_days(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        // Ten nights a week apart from 2030-09-10: 3 before the season, 7 in it.
        let mut sql = String::new();
        for k in 0..10 {
            let day = chrono::NaiveDate::from_ymd_opt(2030, 9, 10).unwrap() + chrono::Duration::days(7 * k);
            sql.push_str(&format!(
                "INSERT INTO events (public_id, club_id, name, starts_at, venue, game, \
                 game_options_json, format_json, listed, status, created_by, created_at) \
                 SELECT 'night{k}', id, 'Serata {k}', '{day} 20:30:00', '', 'trionfetti', '{{}}', \
                 '{{}}', TRUE, 'finished', (SELECT MIN(id) FROM users), '2030-01-01 00:00:00' \
                 FROM clubs WHERE slug = 'scuola-di-trionfetti';\n"
            ));
        }
        app.database.execute(&sql);
        let new = organizer.get("/manage/clubs/scuola-di-trionfetti/seasons/new");
        assert!(!new.body.contains("name=\"events\""), "no days, no events: {}", new.body);
        assert!(new.body.contains("scrivi le date e salva"), "{}", new.body);
        // 2030-10-01 to 2031-03-31: nights 3 to 9 offered, and night 0 once it counts.
        let season = create_season(&organizer, &[]);
        let edit = organizer.get(&format!("/manage/seasons/{season}"));
        let offered = |body: &str| -> Vec<String> {
            body.split("name=\"events\" value=\"").skip(1).map(|p| p[..p.find('"').unwrap()].to_string()).collect()
        };
        assert_eq!(offered(&edit.body), (3..10).map(|k| format!("night{k}")).collect::<Vec<_>>());
        assert!(edit.body.contains("e la fine della stagione, e quelli che già ne fanno parte"), "{}", edit.body);
        let mut fields = vec![
            ("name", "Inverno 2030"), ("starts_on", "2030-10-01"), ("ends_on", "2031-03-31"),
            ("scale", "players_beaten"), ("min_nights", "1"), ("events", "night0"), ("events", "night4"),
        ];
        let saved = organizer.post_form(&format!("/manage/seasons/{season}"), &fields);
        assert_eq!(saved.status, 303, "{}", saved.body);
        let edit = organizer.get(&format!("/manage/seasons/{season}"));
        let mut expected = vec!["night0".to_string()];
        expected.extend((3..10).map(|k| format!("night{k}")));
        assert_eq!(offered(&edit.body), expected);
        assert!(edit.body.contains("value=\"night0\" checked") && edit.body.contains("value=\"night4\" checked"));
        assert!(!edit.body.contains("value=\"night1\""));
        // Refused, the form offers the typed days' events and keeps what was ticked.
        fields.retain(|(name, _)| *name != "ends_on" && *name != "name");
        fields.extend([("ends_on", "2030-10-20"), ("name", "")]);
        let refused = organizer.post_form(&format!("/manage/seasons/{season}"), &fields);
        assert_eq!(refused.status, 422);
        assert_eq!(offered(&refused.body), ["night0", "night3", "night4", "night5"]);
        // Days of no events say so.
        let empty = organizer.post_form(
            "/manage/clubs/scuola-di-trionfetti/seasons",
            &[("name", ""), ("starts_on", "2035-01-01"), ("ends_on", "2035-02-01"), ("scale", "players_beaten")],
        );
        assert_eq!(empty.status, 422);
        assert!(empty.body.contains("id=\"season-no-events\""), "{}", empty.body);
        let english = app.client_in("en");
        english.login("org", "org-password");
        let page = english.get(&format!("/manage/seasons/{season}"));
        assert!(page.body.contains("between the season"), "{}", page.body);
    }

    fn many_referees_are_typed_on_the_events_page(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = setup::create_knockout(&organizer);
        let csv: String = (1..=4).map(|i| format!("Giocatore {i}a,Giocatore {i}b,Coppia {i}\n")).collect();
        setup::import_and_draw(&organizer, &event, &csv);
        let page = format!("/manage/events/{event}");
        let action = format!("{page}/assign");
        // Thirty referees: each match chooses among them, as before.
        app.database.execute(&accounts("referee", 30));
        let few = organizer.get(&page).body;
        assert!(few.contains("<select name=\"referee\">") && few.contains(">Account referee 29</option>"), "{few}");
        assert!(!few.contains("name=\"referee_username\""));
        // Thirty-one: the referee is typed, and no account is listed.
        app.database.execute(accounts("referee", 31).lines().last().unwrap());
        let many = organizer.get(&page).body;
        assert!(many.contains("name=\"referee_username\""), "{many}");
        assert!(!many.contains("<select name=\"referee\">") && !many.contains("Account referee"), "{many}");
        let public_id = field(&form_fields(&many, &action, 0), "public_id").unwrap().to_string();
        let mut form = form_fields_containing(&many, &action, &public_id);
        set_field(&mut form, "referee_username", " referee-17 ");
        let saved = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(saved.status, 303, "{}", saved.body);
        let body = organizer.get(&page).body;
        assert!(body.contains("Account referee 17"), "{body}");
        assert_eq!(field(&form_fields_containing(&body, &action, &public_id), "referee_username"), Some("referee-17"));
        // Several referees (one more from the match's page) are kept by a save that
        // leaves the field as shown.
        let match_page = format!("/manage/matches/{public_id}");
        assert_eq!(organizer.post_form(&format!("{match_page}/referees"), &[("username", "referee-03")]).status, 303);
        let body = organizer.get(&page).body;
        let mut form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "referee_username"), Some("referee-03, referee-17"));
        set_field(&mut form, "table", "5");
        assert_eq!(organizer.post_raw(&action, &pairs(&form)).status, 303);
        let assigned = organizer.get(&match_page).body;
        assert!(assigned.contains("Account referee 03") && assigned.contains("Account referee 17"), "{assigned}");
        // A username of no referee: said, nothing saved, the form shown as typed.
        let body = organizer.get(&page).body;
        let mut form = form_fields_containing(&body, &action, &public_id);
        set_field(&mut form, "referee_username", "org");
        set_field(&mut form, "table", "9");
        let refused = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Nessun account adatto ha questo nome utente"), "{}", refused.body);
        let typed = form_fields_containing(&refused.body, &action, &public_id);
        assert_eq!((field(&typed, "referee_username"), field(&typed, "table")), (Some("org"), Some("9")));
        assert_eq!(field(&typed, "referee_username_was"), Some("referee-03, referee-17"));
        let body = organizer.get(&page).body;
        let stored = form_fields_containing(&body, &action, &public_id);
        assert_eq!((field(&stored, "referee_username"), field(&stored, "table")), (Some("referee-03, referee-17"), Some("5")));
        // The field emptied: no referee.
        let mut form = stored;
        set_field(&mut form, "referee_username", "");
        assert_eq!(organizer.post_raw(&action, &pairs(&form)).status, 303);
        assert!(organizer.get(&match_page).body.contains("Nessun arbitro assegnato"));
    }

    fn many_referees_are_typed_in_the_referees_by_table(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = crate::http_night_changes::night_to(&organizer, 12, "3", "1");
        let page = format!("/manage/events/{event}");
        let action = format!("{page}/table-referees");
        // Thirty referees: one form each, as before.
        app.database.execute(&accounts("referee", 30));
        let few = organizer.get(&page).body;
        let section = few.split("id=\"table-referees\"").nth(1).expect("the referees by table");
        assert_eq!(section.matches("name=\"referee\" value=").count(), 30, "{section}");
        assert!(!few.contains("name=\"referee_username\""));
        // Thirty-one: only those with tables are listed, another is typed.
        app.database.execute(accounts("referee", 31).lines().last().unwrap());
        let many = organizer.get(&page).body;
        assert!(many.contains("id=\"table-referee-username\""), "{many}");
        assert!(!many.contains("Account referee") && !many.contains("name=\"referee\" value="), "{many}");
        // A username of no referee: said, and the form keeps the name and the tables.
        let refused = organizer.post_form(&action, &[("referee_username", "nessuno"), ("table", "2"), ("table", "3")]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Nessun account adatto ha questo nome utente"), "{}", refused.body);
        let typed = form_fields_containing(&refused.body, &action, "table-referee-username");
        assert_eq!(field(&typed, "referee_username"), Some("nessuno"));
        let ticked: Vec<&str> = typed.iter().filter(|(name, _)| name == "table").map(|(_, value)| value.as_str()).collect();
        assert_eq!(ticked, ["2", "3"]);
        // A referee typed: given the tables, then listed with a form of their own.
        let saved = organizer.post_form(&action, &[("referee_username", "referee-05"), ("table", "1"), ("table", "2")]);
        assert_eq!(saved.status, 303, "{}", saved.body);
        let body = organizer.get(&page).body;
        assert!(body.contains("Account referee 05") && body.contains("· Tavolo 1, 2<"), "{body}");
        let own = form_fields_containing(&body, &action, "Account referee 05");
        assert!(field(&own, "referee").is_some_and(|id| id.parse::<i64>().is_ok()), "{own:?}");
        let typed = form_fields_containing(&body, &action, "table-referee-username");
        assert_eq!(field(&typed, "referee_username"), Some(""));
    }

    fn a_players_staff_page_pages_the_link_history(app) {
        let (admin, _organizer) = club_with_organizer(&app);
        let mut sql = String::from(
            "INSERT INTO players (name, created_at) VALUES ('Bepi Ricollegato', '2024-01-01 00:00:00');\n",
        );
        for k in 0..25 {
            sql.push_str(&format!(
                "INSERT INTO player_changes (player_id, action, account_id, account_label, by_user_id, by_label, created_at) \
                 SELECT players.id, 'link', (SELECT MIN(id) FROM users), 'Conto {k:02}', (SELECT MIN(id) FROM users), 'capo', \
                 '2024-01-01 00:00:00' FROM players WHERE players.name = 'Bepi Ricollegato';\n"
            ));
        }
        app.database.execute(&sql);
        let list = admin.get("/manage/players?q=Ricollegato");
        let start = list.body.find("/manage/players/").expect("the player") + "/manage/players/".len();
        let id: String = list.body[start..].chars().take_while(char::is_ascii_digit).collect();
        let history = |query: &str| {
            let page = admin.get(&format!("/manage/players/{id}{query}"));
            assert_eq!(page.status, 200, "{}", page.body);
            let list = page.body.split("id=\"player-history\"").nth(1).unwrap().split("</ul>").next().unwrap().to_string();
            let labels: Vec<String> = list.split("<strong>").skip(1).map(|p| p.split("</strong>").next().unwrap().to_string()).collect();
            (labels, page.body)
        };
        // 25 changes, 20 a page, the newest first.
        let (first, body) = history("");
        assert_eq!(first, (5..25).rev().map(|k| format!("Conto {k:02}")).collect::<Vec<_>>());
        assert!(body.contains(&format!("href=\"/manage/players/{id}?history=2#player-history\" rel=\"next\" id=\"history-next\"")), "{body}");
        let (second, body) = history("?history=2");
        assert_eq!(second, (0..5).rev().map(|k| format!("Conto {k:02}")).collect::<Vec<_>>());
        assert!(body.contains(&format!("href=\"/manage/players/{id}?history=1#player-history\" rel=\"prev\"")), "{body}");
        assert!(!body.contains("id=\"history-next\""));
        let (beyond, body) = history("?history=4");
        assert!(beyond.is_empty() && body.contains("Nessuna modifica su questa pagina"), "{body}");
        // Each list's links keep the other list's page.
        let (_, body) = history("?page=3&history=2");
        assert!(body.contains(&format!("href=\"/manage/players/{id}?history=1&#38;page=3#player-history\"")), "{body}");
    }
}
