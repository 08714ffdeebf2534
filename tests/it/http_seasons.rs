//! A club's seasons through real HTTP on SQLite and (when configured) PostgreSQL: the
//! organizer's form (refusals keep what was typed), events added when created or later,
//! the public table adding up finished nights (a pair's points to both its players, best
//! N, minimum nights, the champion once closed), its CSV and JSON, HEAD, and a season
//! read only under its own club.

use crate::support;
use support::setup;

use serde_json::Value;
use support::{Client, TestApp, club_with_organizer};

const SEASONS: &str = "/manage/clubs/scuola-di-trionfetti/seasons";

/// The season form's fields, `changes` over a good season.
fn season_fields<'a>(changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields: Vec<(&str, &str)> = vec![
        ("name", "Inverno 2030"),
        ("starts_on", "2030-10-01"),
        ("ends_on", "2031-03-31"),
        ("scale", "table"),
        ("points_table", "10 6 4 2"),
        ("best_nights", ""),
        ("min_nights", "1"),
    ];
    for (name, value) in changes {
        fields.retain(|(given, _)| given != name);
        fields.push((name, value));
    }
    fields
}

/// A new season posted to the club's form: its id.
pub(crate) fn create_season(organizer: &Client, changes: &[(&str, &str)]) -> String {
    let created = organizer.post_form(SEASONS, &season_fields(changes));
    assert_eq!(created.status, 303, "{}", created.body);
    created
        .location
        .unwrap()
        .strip_prefix("/manage/seasons/")
        .unwrap()
        .to_string()
}

/// A knockout of 4 pairs (the same players every night) with one-hand matches, `extra`
/// fields on the event form, played to its end by side A: the event's public id.
pub(crate) fn night(
    app: &TestApp,
    organizer: &Client,
    name: &str,
    extra: &[(&str, &str)],
) -> String {
    crate::http_ratings::play_night(app, organizer, name, extra).0
}

/// The pair that won the event (its label, "Coppia k"), from the public page's banner.
fn night_winner(client: &Client, event: &str) -> String {
    let page = client.get(&format!("/e/{event}"));
    let banner = page
        .body
        .split("id=\"champion-banner\"")
        .nth(1)
        .expect("a champion");
    let name = banner.split("<strong>").nth(1).unwrap();
    name[..name.find('<').unwrap()].to_string()
}

fn season_json(client: &Client, id: &str) -> Value {
    let response = client.get(&format!(
        "/clubs/scuola-di-trionfetti/seasons/{id}/export/season.json"
    ));
    assert_eq!(response.status, 200, "{}", response.body);
    serde_json::from_str(&response.body).unwrap()
}

/// (position, player, points) of every row.
fn rows(json: &Value) -> Vec<(Option<u64>, String, u64)> {
    json["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["position"].as_u64(),
                row["player"].as_str().unwrap().to_string(),
                row["points"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn edit(organizer: &Client, id: &str, changes: &[(&str, &str)], events: &[&str]) {
    let mut fields = season_fields(changes);
    fields.extend(events.iter().map(|e| ("events", *e)));
    let saved = organizer.post_form(&format!("/manage/seasons/{id}"), &fields);
    assert_eq!(saved.status, 303, "{}", saved.body);
}

backend_tests! {
    fn nights_add_up_to_the_season_table(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let season = create_season(&organizer, &[]);
        // One night counts from the event form, the other is added on the season's form.
        let form = organizer.get("/manage/clubs/scuola-di-trionfetti/events/new");
        assert!(form.body.contains(&format!("<option value=\"{season}\">Inverno 2030</option>")));
        let first = night(&app, &organizer, "Serata 1", &[("season", &season)]);
        let second = night(&app, &organizer, "Serata 2", &[]);
        let anyone = app.client();
        let json = season_json(&anyone, &season);
        assert_eq!(json["nights"].as_array().unwrap().len(), 1, "{json}");
        edit(&organizer, &season, &[], &[&first, &second]);

        let winner = night_winner(&anyone, &first);
        assert_eq!(winner, night_winner(&anyone, &second), "the same draw, the same result");
        let k = winner.strip_prefix("Coppia ").unwrap();
        let (a, b) = (format!("Giocatore {k}a"), format!("Giocatore {k}b"));
        let json = season_json(&anyone, &season);
        let table = rows(&json);
        assert_eq!(table.len(), 8, "every player of the four pairs: {table:?}");
        // Both players of the winning pair take its 10 points each night, level at the top.
        let mut top: Vec<_> = table[..2].to_vec();
        top.sort_by(|x, y| x.1.cmp(&y.1));
        assert_eq!(top, [(Some(1), a.clone(), 20), (Some(1), b.clone(), 20)]);
        // 10 + 6 + 4 + 2 per night, for each of two players, over two nights.
        assert_eq!(table.iter().map(|r| r.2).sum::<u64>(), 2 * 2 * 22);
        assert_eq!(json["champions"], serde_json::json!([]), "the season is open");
        let page = anyone.get(&format!("/clubs/scuola-di-trionfetti/seasons/{season}"));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("id=\"season-table\""));
        assert!(page.body.contains("Serate vinte"));
        assert!(!page.body.contains("id=\"season-champion\""));
        assert!(page.body.contains("mar 1 ott 2030 – lun 31 mar 2031"), "{}", page.body);

        // Best night only: half the points.
        edit(&organizer, &season, &[("best_nights", "1")], &[&first, &second]);
        let best = rows(&season_json(&anyone, &season));
        assert_eq!(best.iter().map(|r| r.2).sum::<u64>(), 2 * 22);
        // Three nights needed: nobody is ranked yet, everyone is listed.
        edit(&organizer, &season, &[("min_nights", "3")], &[&first, &second]);
        let unranked = rows(&season_json(&anyone, &season));
        assert_eq!(unranked.len(), 8);
        assert!(unranked.iter().all(|r| r.0.is_none()), "{unranked:?}");

        // Closed: the champions are named, on the page and in the data.
        edit(&organizer, &season, &[("closed", "true")], &[&first, &second]);
        let json = season_json(&anyone, &season);
        let mut champions: Vec<String> = json["champions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        champions.sort();
        assert_eq!(champions, [a.clone(), b.clone()]);
        let page = anyone.get(&format!("/clubs/scuola-di-trionfetti/seasons/{season}"));
        let banner = page.body.split("id=\"season-champion\"").nth(1).expect("the champion");
        assert!(banner[..banner.find("</p>").unwrap()].contains(&a));
        let english = app.client_in("en");
        let page = english.get(&format!("/clubs/scuola-di-trionfetti/seasons/{season}"));
        assert!(page.body.contains("Season champion"));
        assert!(page.body.contains("Nights won"));
        assert!(page.body.contains("Tue 1 Oct 2030 – Mon 31 Mar 2031"), "{}", page.body);

        // The CSV: a line per player and night, with the fixed header.
        let csv = anyone.get(&format!(
            "/clubs/scuola-di-trionfetti/seasons/{season}/export/season.csv"
        ));
        assert_eq!(csv.status, 200);
        assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
        let lines: Vec<&str> = csv.body.lines().collect();
        assert!(lines[0].starts_with("position,player,points,nights,wins,head_to_head,night"));
        assert_eq!(lines.len(), 1 + 8 * 2);
        assert!(lines.iter().any(|l| l.contains(&a) && l.contains("Serata 2")));
        let missing = anyone.get(&format!(
            "/clubs/scuola-di-trionfetti/seasons/{season}/export/season.xls"
        ));
        assert_eq!(missing.status, 404);

        // HEAD answers where GET does.
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        for path in [
            format!("/clubs/scuola-di-trionfetti/seasons/{season}"),
            "/clubs/scuola-di-trionfetti/seasons".to_string(),
        ] {
            let head = agent.head(format!("{}{path}", app.base)).call().unwrap();
            assert_eq!(head.status().as_u16(), 200, "HEAD {path}");
        }
    }

    fn the_home_page_links_each_clubs_current_season(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let day = |offset: i64| (chrono::Utc::now().date_naive() + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string();
        let season_line = || {
            let home = app.client().get("/");
            home.body.split("class=\"club-season\">").nth(1).map(|line| line.split("</p>").next().unwrap().to_string())
        };
        assert_eq!(season_line(), None, "no season yet");
        // A season ended and one still to come: the ended one is the last season.
        let (ended_from, ended_to, next_from, next_to) = (day(-200), day(-20), day(20), day(200));
        let ended = create_season(&organizer, &[("name", "Inverno passato"), ("starts_on", &ended_from), ("ends_on", &ended_to)]);
        create_season(&organizer, &[("name", "Inverno prossimo"), ("starts_on", &next_from), ("ends_on", &next_to)]);
        let line = season_line().expect("the last season is linked");
        assert!(line.starts_with("Ultima stagione: "), "{line}");
        assert!(line.contains(&format!("href=\"/clubs/scuola-di-trionfetti/seasons/{ended}\"")), "{line}");
        assert!(line.contains("Inverno passato"), "{line}");
        // A season under way is the one linked.
        let (now_from, now_to) = (day(-10), day(10));
        let current = create_season(&organizer, &[("name", "Autunno in corso"), ("starts_on", &now_from), ("ends_on", &now_to)]);
        let line = season_line().expect("the current season is linked");
        assert!(line.starts_with("Stagione in corso: "), "{line}");
        assert!(line.contains(&format!("/seasons/{current}\"")) && line.contains("Autunno in corso"), "{line}");
        let page = app.client().get(&format!("/clubs/scuola-di-trionfetti/seasons/{current}"));
        assert_eq!(page.status, 200);
    }

    fn the_season_form_refuses_bad_input_and_keeps_what_was_typed(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let refused = organizer.post_form(
            SEASONS,
            &season_fields(&[("name", "Primavera"), ("points_table", "10 otto 6")]),
        );
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("Scrivi la tabella dei punti"), "{}", refused.body);
        assert!(refused.body.contains("value=\"Primavera\""));
        assert!(refused.body.contains("value=\"10 otto 6\""));
        let english = app.client_in("en");
        english.login("org", "org-password");
        let refused = english.post_form(
            SEASONS,
            &season_fields(&[("ends_on", "2030-09-01")]),
        );
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("the end cannot come before the start"));
        assert!(refused.body.contains("value=\"2030-09-01\""));
        assert!(organizer.get(SEASONS).body.contains("Nessuna stagione"), "nothing was stored");

        // A season of one club is not another club's: not on its event form, not under
        // its address, not for its organizers.
        let season = create_season(&organizer, &[]);
        let other = admin.post_form("/manage/clubs", &[("name", "Circolo Altro")]);
        assert_eq!(other.status, 303);
        let wrong_club = app.client().get(&format!("/clubs/circolo-altro/seasons/{season}"));
        assert_eq!(wrong_club.status, 404);
        let stranger = app.user(&admin, "org2", "organizer");
        assert_eq!(stranger.get(&format!("/manage/seasons/{season}")).status, 403);
        let posted = stranger.post_form(&format!("/manage/seasons/{season}"), &season_fields(&[]));
        assert_eq!(posted.status, 403);
        let mut fields = vec![
            ("name", "Serata"),
            ("date", "2030-11-21"),
            ("time", "20:30"),
            ("game", "trionfetti"),
            ("format", "single_elimination"),
            ("season", "999999"),
        ];
        let refused = organizer.post_form(setup::CLUB_EVENTS, &fields);
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("La stagione scelta non è di questo circolo"));
        assert!(refused.body.contains("value=\"Serata\""));
        fields.pop();
        let created = organizer.post_form(setup::CLUB_EVENTS, &fields);
        assert_eq!(created.status, 303, "{}", created.body);
    }
}
