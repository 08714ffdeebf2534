//! Every list but the home page's and the archive's is paged or bounded too (issue 39):
//! a club's page and calendar, the clubs' directory, a club's seasons, the organizers'
//! clubs, the administrators' accounts, an account's tokens, and the API's log of a
//! match with its cursor.

use serde_json::{Value, json};

use crate::http_archive::names_in;
use crate::support::{TestApp, club_with_organizer, setup};

fn named(prefix: &str, numbers: impl IntoIterator<Item = usize>) -> Vec<String> {
    numbers
        .into_iter()
        .map(|n| format!("{prefix} {n:02}"))
        .collect()
}

/// `count` clubs `Circolo 00`, … (slugs `circolo-00`, …).
fn seed_clubs(app: &TestApp, count: usize) {
    let mut sql = String::new();
    for c in 0..count {
        sql.push_str(&format!(
            "INSERT INTO clubs (slug, name, created_at, time_zone) \
             VALUES ('circolo-{c:02}', 'Circolo {c:02}', '2025-01-01 00:00:00', 'Europe/Rome');\n"
        ));
    }
    app.database.execute(&sql);
}

/// An event of the club `slug`: `name`, starting at `starts` (`YYYY-MM-DD HH:MM:SS`).
fn event_sql(slug: &str, id: &str, name: &str, starts: &str, status: &str, listed: bool) -> String {
    format!(
        "INSERT INTO events (public_id, club_id, name, starts_at, venue, game, \
         game_options_json, format_json, listed, status, created_by, created_at) \
         SELECT '{id}', id, '{name}', '{starts}', 'Sala', 'trionfetti', '{{}}', '{{}}', \
         {}, '{status}', (SELECT MIN(id) FROM users), '2025-01-01 00:00:00' \
         FROM clubs WHERE slug = '{slug}';\n",
        if listed { "TRUE" } else { "FALSE" }
    )
}

fn day(k: usize) -> String {
    (chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap() + chrono::Duration::days(k as i64))
        .format("%Y-%m-%d 20:30:00")
        .to_string()
}

/// A day `days` from today (before it when negative), at 20:30.
fn from_today(days: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(days))
        .format("%Y-%m-%d 20:30:00")
        .to_string()
}

backend_tests! {
    fn a_club_page_shows_a_bounded_slice_of_each_state(app) {
        app.admin();
        seed_clubs(&app, 2);
        let mut sql = String::new();
        // 25 finished, 22 upcoming, 2 live, an unlisted one; the other club has one.
        for k in 0..25 {
            sql.push_str(&event_sql("circolo-00", &format!("f{k:02}"), &format!("Finito {k:02}"), &day(k), "finished", true));
        }
        for k in 0..22 {
            sql.push_str(&event_sql("circolo-00", &format!("s{k:02}"), &format!("Futuro {k:02}"), &day(100 + k), "setup", true));
        }
        for k in 0..2 {
            sql.push_str(&event_sql("circolo-00", &format!("r{k:02}"), &format!("Dal vivo {k:02}"), &day(50 + k), "running", true));
        }
        sql.push_str(&event_sql("circolo-00", "hidden", "Serata privata", &day(60), "running", false));
        sql.push_str(&event_sql("circolo-01", "other", "Finito altrove", &day(3), "finished", true));
        app.database.execute(&sql);
        let client = app.client();
        let page = client.get("/clubs/circolo-00");
        assert_eq!(page.status, 200);
        assert_eq!(names_in(&page.body, "id=\"club-live\"", "</ul>"), named("Dal vivo", [1, 0]));
        assert_eq!(names_in(&page.body, "id=\"club-upcoming\"", "</ul>"), named("Futuro", 0..20));
        assert_eq!(names_in(&page.body, "id=\"club-past\"", "</ul>"), named("Finito", (5..25).rev()));
        assert_eq!(page.body.matches("href=\"/e/").count(), 42, "{}", page.body);
        assert!(!page.body.contains("Serata privata") && !page.body.contains("Finito altrove"));
        assert!(page.body.contains("href=\"/events?club=circolo-00\" id=\"club-more\""), "{}", page.body);
        assert!(page.body.contains("href=\"/events?club=circolo-00\" id=\"club-archive\""));
        // The archive, filtered by the club, has the finished ones the page leaves out.
        let first = client.get("/events?club=circolo-00");
        let next = first.body.split("\" rel=\"next\"").next().unwrap().rsplit("href=\"").next().unwrap();
        let archive = client.get(&next.replace("&#38;", "&"));
        assert!(archive.body.contains("Finito 00"), "{}", archive.body);
        // A club of few events shows them all and no "more".
        let few = client.get("/clubs/circolo-01");
        assert_eq!(names_in(&few.body, "id=\"club-past\"", "</ul>"), vec!["Finito altrove"]);
        assert!(!few.body.contains("id=\"club-more\""));
        let english = app.client_in("en").get("/clubs/circolo-00");
        assert!(english.body.contains("The club&#39;s other tournaments are in the archive")
            || english.body.contains("The club's other tournaments are in the archive"), "{}", english.body);
    }

    fn a_club_calendar_holds_what_is_to_come_and_the_last_year(app) {
        app.admin();
        seed_clubs(&app, 1);
        let mut sql = String::new();
        sql.push_str(&event_sql("circolo-00", "old", "Torneo vecchio", &from_today(-400), "finished", true));
        sql.push_str(&event_sql("circolo-00", "recent", "Torneo recente", &from_today(-100), "finished", true));
        sql.push_str(&event_sql("circolo-00", "soon", "Torneo prossimo", &from_today(10), "setup", true));
        sql.push_str(&event_sql("circolo-00", "hidden", "Serata privata", &from_today(5), "setup", false));
        app.database.execute(&sql);
        let calendar = app.client().get("/clubs/circolo-00/calendar.ics");
        assert_eq!(calendar.status, 200);
        assert_eq!(calendar.body.matches("BEGIN:VEVENT").count(), 2, "{}", calendar.body);
        assert!(calendar.body.contains("Torneo recente") && calendar.body.contains("Torneo prossimo"));
        assert!(!calendar.body.contains("Torneo vecchio") && !calendar.body.contains("Serata privata"));
        // The page says how far the calendar reaches.
        let page = app.client().get("/clubs/circolo-00");
        assert!(page.body.contains("ultimi 12 mesi"), "{}", page.body);
    }

    fn the_clubs_directory_pages_and_filters_by_name(app) {
        app.admin();
        seed_clubs(&app, 70);
        let client = app.client();
        let rows = |body: &str| names_in(body, "id=\"clubs-list\"", "</ul>");
        // 70 clubs, 30 a page, by name.
        let first = client.get("/clubs");
        assert_eq!(first.status, 200);
        assert_eq!(rows(&first.body), named("Circolo", 0..30));
        assert!(first.body.contains("href=\"/clubs?page=2\" rel=\"next\""), "{}", first.body);
        assert!(!first.body.contains("rel=\"prev\""));
        let middle = client.get("/clubs?page=2");
        assert_eq!(rows(&middle.body), named("Circolo", 30..60));
        assert!(middle.body.contains("href=\"/clubs?page=1\" rel=\"prev\""));
        assert!(middle.body.contains("href=\"/clubs?page=3\" rel=\"next\""));
        let last = client.get("/clubs?page=3");
        assert_eq!(rows(&last.body), named("Circolo", 60..70));
        assert!(!last.body.contains("rel=\"next\""));
        let beyond = client.get("/clubs?page=9");
        assert!(rows(&beyond.body).is_empty() && beyond.body.contains("id=\"no-clubs\""));
        // A part of the name, in any case; the filter kept in the links and the form.
        let filtered = client.get("/clubs?name=CIRCOLO+1");
        assert_eq!(rows(&filtered.body), named("Circolo", 10..20));
        assert!(filtered.body.contains("value=\"CIRCOLO 1\""), "{}", filtered.body);
        let some = client.get("/clubs?name=circolo");
        assert!(some.body.contains("href=\"/clubs?page=2&#38;name=circolo\" rel=\"next\""), "{}", some.body);
        let second = client.get("/clubs?page=2&name=circolo");
        assert_eq!(rows(&second.body), named("Circolo", 30..60));
        // `%` and `_` are letters, not patterns.
        let none = client.get("/clubs?name=%25");
        assert!(rows(&none.body).is_empty() && none.body.contains("Nessun circolo con questo nome"), "{}", none.body);
        // The home page, with more than twelve clubs, links the directory.
        let home = client.get("/");
        assert!(home.body.contains("href=\"/clubs\" id=\"all-clubs\""), "{}", home.body);
        let english = app.client_in("en").get("/clubs");
        assert!(english.body.contains("The club&#39;s name, or part of it") || english.body.contains("The club's name, or part of it"));
    }

    fn a_clubs_seasons_are_paged_for_the_public_and_the_organizer(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut sql = String::new();
        for n in 0..45 {
            let year = 1980 + n;
            sql.push_str(&format!(
                "INSERT INTO seasons (club_id, name, starts_on, ends_on, scale, points_table, \
                 best_nights, min_nights, closed, created_at) \
                 SELECT id, 'Stagione {n:02}', '{year}-01-01', '{year}-12-31', 'players_beaten', '', \
                 NULL, 0, TRUE, '2025-01-01 00:00:00' FROM clubs WHERE slug = 'scuola-di-trionfetti';\n"
            ));
        }
        app.database.execute(&sql);
        let rows = |body: &str| names_in(body, "id=\"season-list\"", "</ul>");
        for (client, base) in [
            (app.client(), "/clubs/scuola-di-trionfetti/seasons"),
            (organizer.copy(), "/manage/clubs/scuola-di-trionfetti/seasons"),
        ] {
            let first = client.get(base);
            assert_eq!(first.status, 200, "{base}");
            assert_eq!(rows(&first.body), named("Stagione", (25..45).rev()), "{base}");
            assert!(first.body.contains(&format!("href=\"{base}?page=2\" rel=\"next\"")), "{}", first.body);
            let middle = client.get(&format!("{base}?page=2"));
            assert_eq!(rows(&middle.body), named("Stagione", (5..25).rev()));
            assert!(middle.body.contains(&format!("href=\"{base}?page=1\" rel=\"prev\"")));
            let last = client.get(&format!("{base}?page=3"));
            assert_eq!(rows(&last.body), named("Stagione", (0..5).rev()));
            assert!(!last.body.contains("rel=\"next\""));
        }
    }

    fn the_organizers_clubs_are_paged_and_filtered(app) {
        let (admin, organizer) = club_with_organizer(&app);
        seed_clubs(&app, 40);
        let rows = |body: &str| names_in(body, "id=\"clubs-list\"", "</ul>");
        // The administrator: every club by name, 30 a page.
        let first = admin.get("/manage/clubs");
        let mut all = named("Circolo", 0..40);
        all.push("Scuola di Trionfetti".to_string());
        assert_eq!(rows(&first.body), all[..30].to_vec());
        assert!(first.body.contains("href=\"/manage/clubs?page=2\" rel=\"next\""), "{}", first.body);
        let last = admin.get("/manage/clubs?page=2");
        assert_eq!(rows(&last.body), all[30..].to_vec());
        assert!(!last.body.contains("rel=\"next\"") && last.body.contains("rel=\"prev\""));
        let filtered = admin.get("/manage/clubs?name=circolo+3");
        assert_eq!(rows(&filtered.body), named("Circolo", 30..40));
        // An organizer: only their own club, and no filter for one club.
        let own = organizer.get("/manage/clubs");
        assert_eq!(rows(&own.body), vec!["Scuola di Trionfetti"]);
        assert!(!own.body.contains("id=\"clubs-filter\""));
        let own_filtered = organizer.get("/manage/clubs?name=circolo");
        assert!(rows(&own_filtered.body).is_empty() && own_filtered.body.contains("id=\"no-clubs\""));
    }

    fn a_clubs_organizer_page_pages_its_events_latest_first(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut sql = String::new();
        for k in 0..35 {
            let status = if k % 2 == 0 { "finished" } else { "setup" };
            sql.push_str(&event_sql("scuola-di-trionfetti", &format!("e{k:02}"), &format!("Serata {k:02}"), &day(k), status, k % 3 != 0));
        }
        app.database.execute(&sql);
        let base = "/manage/clubs/scuola-di-trionfetti";
        let rows = |body: &str| names_in(body, "id=\"club-events\"", "</ul>");
        let first = organizer.get(base);
        assert_eq!(rows(&first.body), named("Serata", (5..35).rev()));
        assert!(first.body.contains(&format!("href=\"{base}?page=2\" rel=\"next\"")), "{}", first.body);
        let last = organizer.get(&format!("{base}?page=2"));
        assert_eq!(rows(&last.body), named("Serata", (0..5).rev()));
        assert!(!last.body.contains("rel=\"next\""));
        // An event's page offers the club's latest begun events to seed a draw by.
        let event = organizer.get("/manage/events/e01");
        let offered = event.body.split("id=\"earlier\"").nth(1).unwrap().split("</select>").next().unwrap();
        assert_eq!(offered.matches("<option value=\"e").count(), 18, "{offered}");
        assert!(offered.find("Serata 34").unwrap() < offered.find("Serata 00").unwrap());
        assert!(!offered.contains("Serata 01") && !offered.contains("Serata 33"));
    }

    fn the_administrators_accounts_are_paged_and_filtered(app) {
        let admin = app.admin();
        let mut sql = String::new();
        for n in 0..35 {
            let role = if n % 5 == 0 { "organizer" } else { "referee" };
            sql.push_str(&format!(
                "INSERT INTO users (username, display_name, password_hash, role, created_at) \
                 VALUES ('u{n:02}', 'Utente {n:02}', 'x', '{role}', '2025-01-01 00:00:00');\n"
            ));
        }
        app.database.execute(&sql);
        let rows = |body: &str| names_in(body, "id=\"users-list\"", "</ul>");
        // 36 accounts by username, 30 a page: "capo" first.
        let first = admin.get("/admin/users");
        assert_eq!(first.status, 200);
        let mut all = vec!["Capo Arbitro".to_string()];
        all.extend(named("Utente", 0..35));
        assert_eq!(rows(&first.body), all[..30].to_vec());
        assert!(first.body.contains("href=\"/admin/users?page=2\" rel=\"next\""), "{}", first.body);
        let last = admin.get("/admin/users?page=2");
        assert_eq!(rows(&last.body), all[30..].to_vec());
        assert!(!last.body.contains("rel=\"next\""));
        // By role, the filter kept in the links; by part of a username or a name.
        let organizers = admin.get("/admin/users?role=organizer");
        assert_eq!(rows(&organizers.body), named("Utente", (0..35).step_by(5)));
        assert!(organizers.body.contains("<option value=\"organizer\" selected>"), "{}", organizers.body);
        let referees = admin.get("/admin/users?role=referee");
        assert_eq!(rows(&referees.body).len(), 28);
        assert!(!referees.body.contains("rel=\"next\""));
        let text = admin.get("/admin/users?q=U1");
        assert_eq!(rows(&text.body), named("Utente", 10..20));
        let both = admin.get("/admin/users?q=utente&role=referee");
        assert_eq!(rows(&both.body).len(), 28);
        let by_name = admin.get("/admin/users?q=utente+0");
        assert_eq!(rows(&by_name.body), named("Utente", 0..10));
        let all_referees = admin.get("/admin/users?q=u&role=referee");
        assert_eq!(rows(&all_referees.body).len(), 28);
        // Filters in the page links.
        let many = admin.get("/admin/users?q=u");
        assert!(many.body.contains("href=\"/admin/users?page=2&#38;q=u\" rel=\"next\""), "{}", many.body);
    }

    fn an_accounts_tokens_are_paged_newest_first(app) {
        let admin = app.admin();
        let mut sql = String::new();
        for n in 0..45 {
            sql.push_str(&format!(
                "INSERT INTO api_tokens (user_id, label, token_hash, created_at) \
                 SELECT id, 'Token {n:02}', 'hash{n:02}', '2025-01-01 10:{n:02}:00' FROM users \
                 WHERE username = 'capo';\n"
            ));
        }
        app.database.execute(&sql);
        let rows = |body: &str| names_in(body, "id=\"tokens-list\"", "</ul>");
        let first = admin.get("/account/tokens");
        assert_eq!(rows(&first.body), named("Token", (25..45).rev()));
        assert!(first.body.contains("href=\"/account/tokens?page=2\" rel=\"next\""), "{}", first.body);
        let middle = admin.get("/account/tokens?page=2");
        assert_eq!(rows(&middle.body), named("Token", (5..25).rev()));
        let last = admin.get("/account/tokens?page=3");
        assert_eq!(rows(&last.body), named("Token", (0..5).rev()));
        assert!(!last.body.contains("rel=\"next\""));
        // A new token shows on the first page.
        let created = admin.post_form("/account/tokens", &[("label", "Nuovo")]);
        assert_eq!(created.status, 200);
        assert_eq!(rows(&created.body).first().map(String::as_str), Some("Nuovo"));
        assert_eq!(rows(&created.body).len(), 20);
    }

    fn the_api_gives_a_matchs_log_a_window_at_a_time(app) {
        let organizer = app.organizer();
        let public_id = setup::create_match(&organizer, &setup::long_match_form("Lunga"));
        let token = setup::personal_token(&organizer, "tabellone");
        let entries = format!("/api/v1/matches/{public_id}/entries");
        for seq in 0..7 {
            let winner = if seq % 2 == 0 { "A" } else { "B" };
            let body = json!({"expected_seq": seq, "entry": {"type": "hand", "winner": winner}});
            let posted = organizer.post_json_bearer(&entries, &body.to_string(), &token);
            assert_eq!(posted.status, 201, "{}", posted.body);
        }
        let client = app.client();
        let seqs = |body: &str| -> Vec<u64> {
            let value: Value = serde_json::from_str(body).unwrap();
            value["entries"].as_array().unwrap().iter().map(|e| e["seq"].as_u64().unwrap()).collect()
        };
        // Without a cursor: all seven (fewer than the default limit), no Link.
        let all = client.get(&entries);
        assert_eq!((all.status, seqs(&all.body)), (200, (0..7).collect()));
        assert_eq!(all.header("link"), None);
        // First, middle and last windows of three, each Link giving the next.
        let first = client.get(&format!("{entries}?limit=3"));
        assert_eq!(seqs(&first.body), vec![0, 1, 2]);
        let next = app.url(&format!("{entries}?after=2&limit=3"));
        assert_eq!(first.header("link"), Some(format!("<{next}>; rel=\"next\"").as_str()));
        let middle = client.get(&format!("{entries}?after=2&limit=3"));
        assert_eq!(seqs(&middle.body), vec![3, 4, 5]);
        let next = app.url(&format!("{entries}?after=5&limit=3"));
        assert_eq!(middle.header("link"), Some(format!("<{next}>; rel=\"next\"").as_str()));
        let last = client.get(&format!("{entries}?after=5&limit=3"));
        assert_eq!(seqs(&last.body), vec![6]);
        assert_eq!(last.header("link"), None);
        // A window that ends exactly at the last entry has no next.
        let exact = client.get(&format!("{entries}?after=3&limit=3"));
        assert_eq!((seqs(&exact.body), exact.header("link")), (vec![4, 5, 6], None));
        let beyond = client.get(&format!("{entries}?after=99"));
        assert_eq!((beyond.status, seqs(&beyond.body)), (200, vec![]));
        // Out of range or not numbers: refused in words, never a bigger window.
        for query in ["limit=0", "limit=501", "limit=tre", "after=-1", "after=x"] {
            let refused = client.get(&format!("{entries}?{query}"));
            assert_eq!(refused.status, 400, "{query}: {}", refused.body);
            let value: Value = serde_json::from_str(&refused.body).unwrap();
            assert_eq!(value["error"], "bad_query");
            assert!(value["message_en"].as_str().unwrap().contains("between 1 and 500"), "{}", refused.body);
        }
        let largest = client.get(&format!("{entries}?limit=500"));
        assert_eq!(seqs(&largest.body).len(), 7);
    }
}
