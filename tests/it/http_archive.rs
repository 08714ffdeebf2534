//! The home page stays bounded however many clubs and events there are, and the
//! archive `/events` pages and filters every club's listed events (issue 39).

use crate::support::{TestApp, option_value};

/// The day of the `k`-th event: one a day from the first of the year, so that a later
/// event is a newer one.
fn day(k: usize) -> String {
    (chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap() + chrono::Duration::days(k as i64))
        .format("%Y-%m-%d")
        .to_string()
}

const GAMES: [&str; 3] = ["trionfetti", "madrasso", "tressette"];
const STATES: [&str; 3] = ["setup", "running", "finished"];

/// `clubs` clubs (`circolo-00`, …) of three listed events each, event `k = 3 * club + i`
/// on `day(k)`, of game `GAMES[i]` in state `STATES[i]`; and one unlisted event.
pub(crate) fn seed(app: &TestApp, clubs: usize) {
    app.admin();
    let mut sql = String::new();
    for c in 0..clubs {
        sql.push_str(&format!(
            "INSERT INTO clubs (slug, name, created_at, time_zone) \
             VALUES ('circolo-{c:02}', 'Circolo {c:02}', '2025-01-01 00:00:00', 'Europe/Rome');\n"
        ));
        for i in 0..3 {
            let k = 3 * c + i;
            sql.push_str(&format!(
                "INSERT INTO events (public_id, club_id, name, starts_at, venue, game, \
                 game_options_json, format_json, listed, status, created_by, created_at) \
                 SELECT 'ev{k:03}', id, 'Torneo {k:03}', '{} 20:30:00', 'Sala', '{}', '{{}}', \
                 '{{}}', TRUE, '{}', (SELECT MIN(id) FROM users), '2025-01-01 00:00:00' \
                 FROM clubs WHERE slug = 'circolo-{c:02}';\n",
                day(k),
                GAMES[i],
                STATES[i]
            ));
        }
    }
    sql.push_str(
        "INSERT INTO events (public_id, club_id, name, starts_at, venue, game, \
         game_options_json, format_json, listed, status, created_by, created_at) \
         SELECT 'hidden', id, 'Serata privata', '2030-01-01 20:30:00', '', 'trionfetti', \
         '{}', '{}', FALSE, 'running', (SELECT MIN(id) FROM users), '2025-01-01 00:00:00' \
         FROM clubs WHERE slug = 'circolo-00';\n",
    );
    app.database.execute(&sql);
}

/// The names a page links in bold, in order (`Torneo 089`, …), within the part from
/// `start` to the next `end`.
pub(crate) fn names_in(body: &str, start: &str, end: &str) -> Vec<String> {
    let Some(part) = body.split(start).nth(1) else {
        return Vec::new();
    };
    let part = part.split(end).next().unwrap();
    part.split("<strong>")
        .skip(1)
        .map(|piece| piece.split("</strong>").next().unwrap().to_string())
        .collect()
}

fn torneo(k: usize) -> String {
    format!("Torneo {k:03}")
}

/// The address of the link with `id` on a page.
fn link(body: &str, id: &str) -> String {
    let tag = body
        .split(&format!("id=\"{id}\""))
        .next()
        .and_then(|before| before.rsplit("<a ").next())
        .unwrap_or_else(|| panic!("no link {id}: {body}"));
    assert!(
        body.contains(&format!("id=\"{id}\"")),
        "no link {id}: {body}"
    );
    tag.split("href=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .replace("&#38;", "&")
}

/// The archive's rows on a page.
pub(crate) fn rows(body: &str) -> Vec<String> {
    names_in(body, "id=\"archive-list\"", "</ul>")
}

backend_tests! {
    fn the_home_page_stays_bounded_with_many_clubs(app) {
        seed(&app, 30);
        let home = app.client().get("/");
        assert_eq!(home.status, 200);
        // Of 30 events of each kind, ten each: live and finished the latest first,
        // upcoming the soonest first.
        let live = names_in(&home.body, "id=\"now-live\"", "</ul>");
        let upcoming = names_in(&home.body, "id=\"now-upcoming\"", "</ul>");
        let recent = names_in(&home.body, "id=\"now-recent\"", "</ul>");
        assert_eq!(live, (0..10).map(|n| torneo(3 * (29 - n) + 1)).collect::<Vec<_>>());
        assert_eq!(upcoming, (0..10).map(|n| torneo(3 * n)).collect::<Vec<_>>());
        assert_eq!(recent, (0..10).map(|n| torneo(3 * (29 - n) + 2)).collect::<Vec<_>>());
        assert_eq!(home.body.matches("href=\"/e/").count(), 30, "{}", home.body);
        assert!(!home.body.contains("Serata privata"), "an unlisted event");
        // Each line names its club.
        let line = home.body.split("id=\"now-recent\"").nth(1).unwrap().split("</li>").next().unwrap();
        assert!(line.contains("href=\"/clubs/circolo-29\">Circolo 29</a>"), "{line}");
        // Thirty clubs are too many for cards: the archive has them.
        assert!(!home.body.contains("id=\"home-clubs\""), "{}", home.body);
        assert!(home.body.contains("id=\"all-clubs\""), "{}", home.body);
        assert!(home.body.contains("href=\"/events\" id=\"archive-link\""), "{}", home.body);
        let english = app.client_in("en").get("/");
        assert!(english.body.contains("Every tournament, in the archive"), "{}", english.body);
    }

    fn the_home_page_shows_a_few_clubs_as_cards(app) {
        seed(&app, 3);
        let home = app.client().get("/");
        assert!(home.body.contains("id=\"home-clubs\""), "{}", home.body);
        assert_eq!(home.body.matches("class=\"club-card\"").count(), 3);
        assert!(home.body.contains("href=\"/events?club=circolo-02\""), "{}", home.body);
        assert!(!home.body.contains("id=\"all-clubs\""));
    }

    fn the_archive_pages_the_listed_events_newest_first(app) {
        seed(&app, 30);
        let client = app.client();
        // 90 listed events, 25 a page, each page found from the event beside it.
        let first = client.get("/events");
        assert_eq!(first.status, 200);
        assert_eq!(rows(&first.body), (0..25).map(|n| torneo(89 - n)).collect::<Vec<_>>());
        assert!(first.body.contains("href=\"/events?before=ev065\" rel=\"next\""), "{}", first.body);
        assert!(!first.body.contains("rel=\"prev\"") && !first.body.contains("id=\"page-latest\""));
        assert_eq!(link(&first.body, "page-earliest"), "/events?earliest=1");
        assert!(!first.body.contains("Serata privata"), "an unlisted event");
        let middle = client.get(&link(&first.body, "page-next"));
        assert_eq!(rows(&middle.body), (25..50).map(|n| torneo(89 - n)).collect::<Vec<_>>());
        assert!(middle.body.contains("href=\"/events?after=ev064\" rel=\"prev\""), "{}", middle.body);
        assert!(middle.body.contains("href=\"/events?before=ev040\" rel=\"next\""), "{}", middle.body);
        assert_eq!(link(&middle.body, "page-latest"), "/events");
        // Back from the middle: the first page again.
        let back = client.get(&link(&middle.body, "page-previous"));
        assert_eq!(rows(&back.body), rows(&first.body));
        let third = client.get(&link(&middle.body, "page-next"));
        let last = client.get(&link(&third.body, "page-next"));
        assert_eq!(rows(&last.body), (75..90).map(|n| torneo(89 - n)).collect::<Vec<_>>());
        assert!(last.body.contains("rel=\"prev\"") && !last.body.contains("rel=\"next\""));
        assert!(!last.body.contains("id=\"page-earliest\""));
        // The earliest page: the 25 oldest, newest first, and the way to newer ones.
        let earliest = client.get("/events?earliest=1");
        assert_eq!(rows(&earliest.body), (0..25).rev().map(torneo).collect::<Vec<_>>());
        assert!(!earliest.body.contains("rel=\"next\""), "nothing older");
        let newer = client.get(&link(&earliest.body, "page-previous"));
        assert_eq!(rows(&newer.body), (25..50).rev().map(torneo).collect::<Vec<_>>());
        assert!(newer.body.contains("rel=\"next\"") && newer.body.contains("rel=\"prev\""));
        // Past the oldest: nothing, not "nothing published yet", and the way back.
        let beyond = client.get("/events?before=ev000");
        assert_eq!((beyond.status, rows(&beyond.body).len()), (200, 0));
        assert!(beyond.body.contains("Nessun torneo con questi filtri"), "{}", beyond.body);
        assert_eq!(link(&beyond.body, "page-latest"), "/events");
        // A page named by an event that is no more: the latest, and the page says so.
        let gone = client.get("/events?before=nessuno");
        assert_eq!(rows(&gone.body), rows(&first.body));
        assert!(gone.body.contains("è più: ecco i tornei più recenti"), "{}", gone.body);
        // Each line names its club and its game.
        let line = first.body.split("id=\"archive-list\"").nth(1).unwrap().split("</li>").next().unwrap();
        assert!(line.contains("Circolo 29") && line.contains("Tressette") && line.contains("Concluso"), "{line}");
        let english = app.client_in("en").get("/events");
        assert!(english.body.contains("Tournament archive") && english.body.contains("Finished"));
    }

    fn the_archive_filters_by_club_game_season_and_days(app) {
        seed(&app, 30);
        let client = app.client();
        let club = client.get("/events?club=circolo-03");
        assert_eq!(rows(&club.body), vec![torneo(11), torneo(10), torneo(9)]);
        assert!(club.body.contains("<option value=\"circolo-03\" selected>"), "{}", club.body);
        // Thirty of each game: two pages, the filter kept in the page links.
        let game = client.get("/events?game=madrasso");
        assert_eq!(rows(&game.body), (0..25).map(|n| torneo(3 * (29 - n) + 1)).collect::<Vec<_>>());
        assert!(game.body.contains("href=\"/events?before=ev016&#38;game=madrasso\""), "{}", game.body);
        let second = client.get(&link(&game.body, "page-next"));
        assert_eq!(rows(&second.body), (25..30).map(|n| torneo(3 * (29 - n) + 1)).collect::<Vec<_>>());
        // A season of club 3 counting two of its events.
        app.database.execute(
            "INSERT INTO seasons (club_id, name, starts_on, ends_on, scale, points_table, \
             best_nights, min_nights, closed, created_at) \
             SELECT id, 'Inverno', '2025-01-01', '2025-12-31', 'players_beaten', '', NULL, 0, \
             FALSE, '2025-01-01 00:00:00' FROM clubs WHERE slug = 'circolo-03';\n\
             INSERT INTO season_events (season_id, event_id) \
             SELECT seasons.id, events.id FROM seasons, events \
             WHERE seasons.name = 'Inverno' AND events.public_id IN ('ev009', 'ev011');",
        );
        let season = option_value(&client.get("/events?club=circolo-03").body, "Inverno");
        let seasonal = client.get(&format!("/events?club=circolo-03&season={season}"));
        assert_eq!(rows(&seasonal.body), vec![torneo(11), torneo(9)], "{}", seasonal.body);
        // From and to are both days included.
        let days = client.get(&format!("/events?from={}&to={}", day(10), day(19)));
        assert_eq!(rows(&days.body), (10..20).rev().map(torneo).collect::<Vec<_>>());
        assert!(days.body.contains(&format!("value=\"{}\"", day(10))), "the day is kept in the form");
        let both = client.get(&format!("/events?game=trionfetti&from={}&to={}", day(10), day(19)));
        assert_eq!(rows(&both.body), vec![torneo(18), torneo(15), torneo(12)]);
    }

    fn the_archive_answers_bad_filters_in_words(app) {
        seed(&app, 30);
        let client = app.client();
        for (query, words) in [
            ("club=nessuno", "Nessun circolo ha questo nome"),
            ("game=poker", "Nessun gioco ha questo nome"),
            ("season=abc", "Questa stagione non c"),
            ("season=99999", "Questa stagione non c"),
        ] {
            let page = client.get(&format!("/events?{query}"));
            assert_eq!(page.status, 200, "{query}");
            assert!(page.body.contains(&words.replace('\'', "&#x27;")) || page.body.contains(words), "{query}: {}", page.body);
            assert!(rows(&page.body).is_empty(), "{query}: nothing matches");
            assert!(page.body.contains("id=\"no-events\""), "{query}");
        }
        // A day that does not read is left out, and the page says so.
        for query in ["from=31-02-2025", "to=2025-02-30", "from=ieri"] {
            let page = client.get(&format!("/events?{query}"));
            assert_eq!(page.status, 200, "{query}");
            assert!(page.body.contains("Un giorno non si legge"), "{query}: {}", page.body);
            assert_eq!(rows(&page.body).len(), 25, "{query}: the other filters still apply");
        }
        let page = client.get("/events?page=abc");
        assert_eq!((page.status, rows(&page.body).len()), (200, 25));
        let english = app.client_in("en").get("/events?club=nessuno");
        assert!(english.body.contains("No club has this name"), "{}", english.body);
    }
}
