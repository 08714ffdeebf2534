//! Issue 24 through real HTTP: the projector's views in turn (live tables, standings,
//! the next tables) by a meta refresh that works without JavaScript; player names
//! linked to their pages on every kind of page that shows them; a void of an entry
//! asked first and done only once confirmed, with the CSRF token.

use crate::support;
use support::setup::{self, card_links, import_and_draw, record_win};

use support::{Client, TestApp, club_with_organizer, form_value};

/// An 8-pair knockout of Trionfetti to 3 points, drawn: pairs named by their players
/// ("Giocatore 1a · Giocatore 1b"), and the tables' scoring links.
fn drawn_event(app: &TestApp, organizer: &Client) -> (String, Vec<String>) {
    let fields = [
        ("game", "trionfetti"),
        ("target_points", "3"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(organizer, setup::CLUB_EVENTS, &fields);
    let csv: String = (1..=8)
        .map(|i| format!("Giocatore {i}a,Giocatore {i}b\n"))
        .collect();
    import_and_draw(organizer, &event, &csv);
    let links = card_links(app, organizer, &event);
    (event, links)
}

/// The URL a projector view moves on to without JavaScript.
fn refresh_target(body: &str) -> String {
    let marker = "<noscript><meta http-equiv=\"refresh\" content=\"15; url=";
    let start = body
        .find(marker)
        .unwrap_or_else(|| panic!("a refresh in {body}"))
        + marker.len();
    body[start..start + body[start..].find('"').unwrap()]
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// The players linked in a piece of a page: (id, name).
fn player_links(html: &str) -> Vec<(String, String)> {
    html.split("<a class=\"player-link\" href=\"/players/")
        .skip(1)
        .map(|rest| {
            let id = rest[..rest.find('"').unwrap()].to_string();
            let name = &rest[rest.find('>').unwrap() + 1..];
            (id, name[..name.find('<').unwrap()].to_string())
        })
        .collect()
}

/// The part of `body` from `start` to the next `end`.
fn section<'a>(body: &'a str, start: &str, end: &str) -> &'a str {
    let from = body
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {body}"));
    let rest = &body[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

backend_tests! {
    fn the_projector_cycles_through_live_tables_standings_and_the_next_tables(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, links) = drawn_event(&app, &organizer);
        assert_eq!(links.len(), 4);
        // Table 1 is being played (one hand of three points); tables 2 to 4 not yet.
        record_win(&app.client(), &links[0], "A");
        let screen = app.client();
        let first = screen.get(&format!("/e/{event}/projector"));
        assert_eq!(first.status, 200);
        assert!(first.body.contains("class=\"projector-view projector-tables\""), "{}", first.body);
        assert!(first.body.contains("Tavoli in gioco"));
        // The points of the game in play first, big, then the games, each named.
        assert!(
            first.body.contains("<span class=\"projector-score\"><span class=\"projector-points\">punti 1–0</span> <span class=\"projector-games\">partite 0–0</span></span>"),
            "{}", first.body
        );
        assert_eq!(first.body.matches("<span class=\"projector-table\">").count(), 1, "only the table in play");
        assert!(first.body.contains("1 / 3"), "{}", first.body);
        // With JavaScript the script moves on: it has the next view's URL and the pace.
        assert!(first.body.contains("data-seconds=\"15\""));
        assert!(first.body.contains("/static/projector."));

        // Without JavaScript, each view refreshes to the next, and the last to the first.
        let standings_url = refresh_target(&first.body);
        assert_eq!(standings_url, format!("/e/{event}/projector?view=standings&page=0"));
        let standings = screen.get(&standings_url);
        assert!(standings.body.contains("class=\"projector-standings\""), "{}", standings.body);
        assert_eq!(standings.body.matches("<tr><td class=\"number\">").count(), 8, "{}", standings.body);
        assert!(standings.body.contains("2 / 3"));
        let plan_url = refresh_target(&standings.body);
        assert_eq!(plan_url, format!("/e/{event}/projector?view=plan&page=0"));
        let plan = screen.get(&plan_url);
        assert!(plan.body.contains("Prossimi tavoli: dove sedersi"), "{}", plan.body);
        assert_eq!(plan.body.matches("<span class=\"projector-table\">").count(), 3);
        assert!(!plan.body.contains("Tavolo 1</span>"), "table 1 is in play, not in the plan");
        assert_eq!(refresh_target(&plan.body), format!("/e/{event}/projector?view=tables&page=0"));
        // An old URL (`?page=`) and a view there is not still give a view that cycles.
        for path in [format!("/e/{event}/projector?page=5"), format!("/e/{event}/projector?view=nothing")] {
            let old = screen.get(&path);
            assert_eq!(old.status, 200, "{path}");
            assert_eq!(refresh_target(&old.body), standings_url, "{path}");
        }
        // HEAD answers like GET, as the route table makes every page do.
        assert_eq!(screen.head(&plan_url).status, 200);
        // In English too.
        let english = app.client_in("en").get(&plan_url);
        assert!(english.body.contains("Next tables: where to sit"), "{}", english.body);
    }

    fn player_names_link_to_the_player_pages(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, links) = drawn_event(&app, &organizer);
        record_win(&app.client(), &links[0], "A");
        let anyone = app.client();
        let page = anyone.get(&format!("/e/{event}"));
        // Standings, rounds and entrants: each of the 16 players, linked by id.
        let standings = section(&page.body, "class=\"standings\"", "</table>");
        assert_eq!(player_links(standings).len(), 16, "{standings}");
        let rounds = section(&page.body, "class=\"pairings\"", "</ul>");
        let in_rounds = player_links(rounds);
        assert_eq!(in_rounds.len(), 16, "{rounds}");
        // The link goes to that player's page.
        let (id, name) = &in_rounds[0];
        let player = anyone.get(&format!("/players/{id}"));
        assert_eq!(player.status, 200);
        assert!(player.body.contains(&format!("<h1>{name}</h1>")), "{}", player.body);
        // The live fragment the event page swaps in links them the same.
        let live = anyone.get(&format!("/e/{event}/live"));
        assert_eq!(player_links(&live.body).len(), 16, "{}", live.body);

        // The match page of table 1 names its four players as links.
        let public_id = page.body.split("href=\"/m/").nth(1).unwrap();
        let public_id = &public_id[..public_id.find('"').unwrap()];
        let match_page = anyone.get(&format!("/m/{public_id}"));
        let players = player_links(section(&match_page.body, "class=\"match-players\"", "</p>"));
        assert_eq!(players.len(), 4, "{}", match_page.body);

        // The player page links the opponents of the head-to-head once a match is over.
        for _ in 0..2 {
            record_win(&app.client(), &links[0], "A");
        }
        // The winning side of table 1, on the round's full page (the event page shows the
        // tables still in play).
        let winners = anyone.get(&format!("/e/{event}/rounds?round=1"));
        let first_pair = player_links(section(&winners.body, "class=\"side winner", "</span>"));
        let (winner, _) = &first_pair[0];
        let player = anyone.get(&format!("/players/{winner}"));
        let head_to_head = section(&player.body, "id=\"player-head-to-head\"", "</table>");
        let opponents = player_links(head_to_head);
        assert_eq!(opponents.len(), 2, "{head_to_head}");
        assert!(opponents.iter().all(|(id, _)| id != winner));
    }

    fn the_season_table_links_its_players(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let season = crate::http_seasons::create_season(&organizer, &[]);
        crate::http_seasons::night(&app, &organizer, "Serata 1", &[("season", &season)]);
        let page = app.client().get(&format!("/clubs/scuola-di-trionfetti/seasons/{season}"));
        assert_eq!(page.status, 200);
        let table = section(&page.body, "id=\"season-table\"", "</table>");
        assert_eq!(table.matches("href=\"/players/").count(), 8, "{table}");
    }

    fn a_withdrawal_is_visible_asked_first_done_with_csrf_and_undone(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, _) = drawn_event(&app, &organizer);
        let manage = format!("/manage/events/{event}");
        let action = format!("/manage/events/{event}/withdraw");
        let withdrawn = |client: &Client| client.get(&manage).body.matches("<li class=\"withdrawn\">").count();
        // The button is outlined in the warning red (never white on cream).
        let page = organizer.get(&manage);
        assert!(page.body.contains("<button type=\"submit\" class=\"danger small\">ritira</button>"), "{}", page.body);
        let asked = organizer.post_form(&action, &[("number", "1")]);
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("Confermi il ritiro?"), "{}", asked.body);
        assert_eq!(withdrawn(&organizer), 0, "nothing withdrawn by the first post");
        let forged = organizer.post_raw(&action, &[("number", "1"), ("confirm", "yes")]);
        assert_eq!(forged.status, 403, "{}", forged.body);
        assert_eq!(withdrawn(&organizer), 0);
        let done = organizer.post_form(&action, &[("number", "1"), ("confirm", "yes")]);
        assert_eq!(done.status, 303, "{}", done.body);
        assert_eq!(withdrawn(&organizer), 1);
        // The undo is offered where the withdrawal shows, and takes it back.
        let page = organizer.get(&manage);
        assert!(page.body.contains("<input type=\"hidden\" name=\"undo\" value=\"true\"><button type=\"submit\" class=\"link-button\">riammetti</button>"), "{}", page.body);
        let undone = organizer.post_form(&action, &[("number", "1"), ("undo", "true")]);
        assert_eq!(undone.status, 303, "{}", undone.body);
        assert_eq!(withdrawn(&organizer), 0);
    }

    fn a_void_is_asked_first_and_done_once_confirmed(app) {
        let organizer = app.organizer();
        let public_id = setup::create_match(&organizer, &[("title", "Annulli")]);
        let base = format!("/score/{public_id}");
        record_win(&organizer, &base, "A");
        record_win(&organizer, &base, "A");
        let entries = |client: &Client| {
            let record = client.get(&format!("/m/{public_id}/record.json"));
            let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
            json["entries"].as_array().unwrap().len()
        };
        let page = organizer.get(&base);
        let seq = form_value(&page.body, "expected_seq").unwrap();
        let key = form_value(&page.body, "submission_key").unwrap();
        let void = [
            ("expected_seq", seq.as_str()), ("submission_key", key.as_str()),
            ("target", "0"), ("reason", "mano contata due volte"), ("winner", ""),
        ];
        // The first post only asks: it names the entry and says what follows.
        let asked = organizer.post_form(&format!("{base}/correct"), &void);
        assert_eq!(asked.status, 200, "{}", asked.body);
        // Entry 0 of the record is #1, as the log numbers it.
        assert!(asked.body.contains("Annullare la registrazione #1?"), "{}", asked.body);
        assert!(asked.body.contains("Il punteggio si ricalcola senza questa registrazione"));
        let named = section(&asked.body, "<p>#1 ", "</p>");
        assert!(named.len() > "<p>#1 ".len() + 3, "the entry in words: {named}");
        assert!(asked.body.contains(">mano contata due volte</textarea>"), "the reason kept");
        assert!(asked.body.contains("name=\"confirm\" value=\"yes\""));
        assert!(asked.body.contains(&format!("href=\"{base}#log-title\"")), "cancel goes back");
        assert_eq!(entries(&organizer), 2, "nothing recorded yet");
        // The confirmation without the CSRF token is refused.
        let mut confirmed: Vec<(&str, &str)> = void.to_vec();
        confirmed.push(("confirm", "yes"));
        let forged = organizer.post_raw(&format!("{base}/correct"), &confirmed);
        assert_eq!(forged.status, 403, "{}", forged.body);
        assert_eq!(entries(&organizer), 2);
        // Confirmed, the entry is voided.
        let done = organizer.post_form(&format!("{base}/correct"), &confirmed);
        assert_eq!(done.status, 303, "{}", done.body);
        assert_eq!(entries(&organizer), 3);
        let record = organizer.get(&format!("/m/{public_id}/record.json"));
        let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
        assert_eq!(json["entries"][2]["type"], "void");
        assert_eq!(json["entries"][2]["target"], 0);
        // A stranger is not shown the confirmation of someone else's match.
        let stranger = app.client();
        let refused = stranger.post_form(&format!("{base}/correct"), &void);
        assert_ne!(refused.status, 200, "{}", refused.body);
    }

    fn a_table_in_play_reads_its_points_first_and_names_each_number(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let (event, links) = drawn_event(&app, &organizer);
        // Table 1: a hand of one point to side A, no game won yet.
        record_win(&app.client(), &links[0], "A");
        let page = app.client().get(&format!("/e/{event}"));
        let line = section(&page.body, "<span class=\"live-line\">", "</span>");
        assert_eq!(line, "<span class=\"live-line\">punti 1–0 · partite 0–0", "{}", page.body);
        assert!(!page.body.contains("(1–0)"), "{}", page.body);
        let english = app.client_in("en").get(&format!("/e/{event}"));
        let line = section(&english.body, "<span class=\"live-line\">", "</span>");
        assert_eq!(line, "<span class=\"live-line\">points 1–0 · games 0–0");
        let screen = app.client_in("en").get(&format!("/e/{event}/projector?view=tables"));
        assert!(
            screen.body.contains("<span class=\"projector-points\">points 1–0</span> <span class=\"projector-games\">games 0–0</span>"),
            "{}", screen.body
        );
        // The page the event page swaps in says the same.
        let live = app.client().get(&format!("/e/{event}/live"));
        assert!(live.body.contains("<span class=\"live-line\">punti 1–0 · partite 0–0</span>"), "{}", live.body);
    }

    fn the_projector_plans_the_next_tables_round_by_round(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        // Eight players, three rounds drawn at once: two tables a round.
        let fields = [
            ("name", "Serata a rotazione"),
            ("format", "rotating"),
            ("rounds", "3"),
            ("target_points", "2"),
            ("games_to_win", "1"),
        ];
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
        let csv: String = (1..=8).map(|i| format!("Singolo {i}\n")).collect();
        import_and_draw(&organizer, &event, &csv);
        // Round headings and tables in the order the screen shows them, view after view
        // (a view fills the screen without scrolling: each starts with its round's heading).
        let mut views = Vec::new();
        for page in 0.. {
            let plan = app.client().get(&format!("/e/{event}/projector?view=plan&page={page}"));
            assert_eq!(plan.status, 200);
            let mut shown: Vec<(usize, String)> = Vec::new();
            for (marker, close) in [("<h2 class=\"projector-round\">", "</h2>"), ("<span class=\"projector-table\">", "</span>")] {
                for (at, _) in plan.body.match_indices(marker) {
                    let rest = &plan.body[at + marker.len()..];
                    shown.push((at, rest[..rest.find(close).unwrap()].trim().to_string()));
                }
            }
            shown.sort();
            let shown: Vec<String> = shown.into_iter().map(|(_, text)| text).collect();
            if views.contains(&shown) {
                break; // past the last view, the screen shows the last again
            }
            views.push(shown);
        }
        assert_eq!(
            views,
            [
                vec!["Turno 1", "Tavolo 1", "Tavolo 2", "Turno 2", "Tavolo 1", "Tavolo 2"],
                vec!["Turno 3", "Tavolo 1", "Tavolo 2"],
            ]
        );
        let english = app.client_in("en").get(&format!("/e/{event}/projector?view=plan"));
        assert!(english.body.contains("<h2 class=\"projector-round\">Round 2</h2>"), "{}", english.body);
        // Before anything is played the room needs its seats, not a table of zeros: the
        // screen opens on the plan and its cycle holds no standings.
        let opening = app.client().get(&format!("/e/{event}/projector"));
        assert!(opening.body.contains("class=\"projector-round\""), "{}", opening.body);
        assert!(!opening.body.contains("view=standings"), "{}", opening.body);
        assert!(!opening.body.contains("projector-standings"), "{}", opening.body);
    }
}
