//! The authorization matrix: every route of the route table, asked by every kind
//! of visitor, is allowed or refused as this table says. A route added to the
//! table without a row here fails the test, and so does a row for a route that
//! no longer exists.
//!
//! Visitors: anonymous; the holder of match M1's private scoring link; a referee
//! assigned to another match; an organizer of another club; an administrator.
//! "Refused" means 401, 403, or a redirect to the login page (and, for routes
//! reached by a token in the path, 404 for a visitor without the token).

use crate::support;

use std::collections::BTreeSet;

use serde_json::json;
use support::{ADMIN_PASSWORD, Client, TestApp, quoted_after, setup};

/// [anonymous, link holder, referee of another match, organizer of another club, administrator]
const EXPECTED: &[(&str, &str, &str)] = &[
    ("get", "/", "YYYYY"),
    ("get", "/health", "YYYYY"),
    ("get", "/events", "YYYYY"),
    ("get", "/lang/{code}", "YYYYY"),
    ("get", "/static/{name}", "YYYYY"),
    ("get", "/favicon.ico", "YYYYY"),
    ("get", "/robots.txt", "YYYYY"),
    ("get", "/sw.js", "YYYYY"),
    ("get", "/login", "YYYYY"),
    ("post", "/login", "YYYYY"),
    ("post", "/logout", "NNYYY"),
    ("get", "/account/password", "NNYYY"),
    ("post", "/account/password", "NNYYY"),
    ("get", "/t/{token}", "NNNNN"),
    ("get", "/setup/{token}", "NNNNN"),
    ("post", "/setup/{token}", "NNNNN"),
    ("get", "/invite/{token}", "NNNNN"),
    ("post", "/invite/{token}", "NNNNN"),
    ("get", "/admin/users", "NNNNY"),
    ("post", "/admin/users", "NNNNY"),
    ("post", "/admin/invitations", "NNNNY"),
    ("get", "/manage/matches", "NNNYY"),
    ("post", "/manage/matches", "NNNYY"),
    ("get", "/manage/matches/{id}", "NNNNY"),
    ("post", "/manage/matches/{id}/link", "NNNNY"),
    ("post", "/manage/matches/{id}/link/revoke", "NNNNY"),
    ("post", "/manage/matches/{id}/referees", "NNNNY"),
    ("post", "/manage/matches/{id}/status", "NNNNY"),
    ("post", "/manage/matches/{id}/import", "NNNNY"),
    ("get", "/score/{key}", "NNNNY"),
    ("post", "/score/{key}/hand", "NNNNY"),
    ("post", "/score/{key}/smazzata", "NNNNY"),
    ("post", "/score/{key}/tricks", "NNNNY"),
    ("post", "/score/{key}/undo", "NNNNY"),
    ("post", "/score/{key}/correct", "NNNNY"),
    ("post", "/score/{key}/outcome", "NNNNY"),
    ("post", "/score/{key}/json", "NNNNY"),
    ("post", "/score/{key}/first_dealer", "NNNNY"),
    ("get", "/s/{key}", "NYNNN"),
    ("post", "/s/{key}/hand", "NYNNN"),
    ("post", "/s/{key}/smazzata", "NYNNN"),
    ("post", "/s/{key}/tricks", "NYNNN"),
    ("post", "/s/{key}/undo", "NYNNN"),
    ("post", "/s/{key}/correct", "NYNNN"),
    ("post", "/s/{key}/outcome", "NYNNN"),
    ("post", "/s/{key}/json", "NYNNN"),
    ("post", "/s/{key}/first_dealer", "NYNNN"),
    ("get", "/rules/comanda", "YYYYY"),
    ("get", "/api/v1/openapi.json", "YYYYY"),
    ("get", "/api/v1/matches/{id}", "YYYYY"),
    ("get", "/api/v1/matches/{id}/entries", "YYYYY"),
    ("post", "/api/v1/matches/{id}/entries", "NYNNY"),
    ("post", "/api/v1/matches/{id}/entries/{seq}/void", "NYNNY"),
    ("get", "/account/tokens", "NNYYY"),
    ("post", "/account/tokens", "NNYYY"),
    ("post", "/account/tokens/{id}/revoke", "NNYYY"),
    ("get", "/m/{id}", "YYYYY"),
    ("get", "/m/{id}/sheet", "YYYYY"),
    ("get", "/m/{id}/events", "YYYYY"),
    ("get", "/m/{id}/replay", "YYYYY"),
    ("get", "/m/{id}/record.json", "YYYYY"),
    ("get", "/m/{id}/comanda", "YYYYY"),
    ("get", "/manage/clubs", "NNNYY"),
    ("post", "/manage/clubs", "NNNNY"),
    ("get", "/manage/clubs/{slug}", "NNNNY"),
    ("post", "/manage/clubs/{slug}/organizers", "NNNNY"),
    ("post", "/manage/clubs/{slug}/nicknames", "NNNNY"),
    ("post", "/manage/clubs/{slug}/nicknames/remove", "NNNNY"),
    ("post", "/manage/clubs/{slug}/time-zone", "NNNNY"),
    ("get", "/manage/clubs/{slug}/events/new", "NNNNY"),
    ("post", "/manage/clubs/{slug}/events", "NNNNY"),
    ("get", "/manage/events/{id}", "NNNNY"),
    ("get", "/manage/events/{id}/edit", "NNNNY"),
    ("post", "/manage/events/{id}/edit", "NNNNY"),
    ("post", "/manage/events/{id}/entrants", "NNNNY"),
    ("post", "/manage/events/{id}/import", "NNNNY"),
    ("post", "/manage/events/{id}/checkin", "NNNNY"),
    ("post", "/manage/events/{id}/withdraw", "NNNNY"),
    ("post", "/manage/events/{id}/draw", "NNNNY"),
    ("post", "/manage/events/{id}/assign", "NNNNY"),
    ("post", "/manage/events/{id}/table-referees", "NNNNY"),
    ("post", "/manage/events/{id}/forfeit", "NNNNY"),
    ("post", "/manage/events/{id}/substitute", "NNNNY"),
    ("post", "/manage/events/{id}/replay", "NNNNY"),
    ("post", "/manage/events/{id}/keep", "NNNNY"),
    ("get", "/manage/events/{id}/cards", "NNNNY"),
    ("get", "/clubs", "YYYYY"),
    ("get", "/clubs/{slug}", "YYYYY"),
    ("get", "/clubs/{slug}/comanda", "YYYYY"),
    ("get", "/clubs/{slug}/calendar.ics", "YYYYY"),
    ("get", "/e/{id}", "YYYYY"),
    ("get", "/e/{id}/rounds", "YYYYY"),
    ("get", "/e/{id}/standings", "YYYYY"),
    ("get", "/e/{id}/entrants", "YYYYY"),
    ("get", "/e/{id}/p/{number}", "YYYYY"),
    ("get", "/e/{id}/p/{number}/live", "YYYYY"),
    ("get", "/e/{id}/bracket", "YYYYY"),
    ("get", "/e/{id}/live", "YYYYY"),
    ("get", "/e/{id}/events", "YYYYY"),
    ("get", "/e/{id}/embed", "YYYYY"),
    ("get", "/e/{id}/bracket", "YYYYY"),
    ("get", "/e/{id}/projector", "YYYYY"),
    ("get", "/e/{id}/export/{file}", "YYYYY"),
    ("get", "/players/{id}", "YYYYY"),
    ("get", "/manage/players", "NNNYY"),
    ("get", "/manage/players/{id}", "NNNNY"),
    ("post", "/manage/players/{id}/link", "NNNNY"),
    ("post", "/manage/players/{id}/unlink", "NNNNY"),
    ("get", "/account/player", "NNYYY"),
    ("get", "/manage/clubs/{slug}/seasons", "NNNNY"),
    ("get", "/manage/clubs/{slug}/seasons/new", "NNNNY"),
    ("post", "/manage/clubs/{slug}/seasons", "NNNNY"),
    ("get", "/manage/seasons/{id}", "NNNNY"),
    ("post", "/manage/seasons/{id}", "NNNNY"),
    ("get", "/clubs/{slug}/seasons", "YYYYY"),
    ("get", "/clubs/{slug}/seasons/{id}", "YYYYY"),
    ("get", "/clubs/{slug}/seasons/{id}/export/{file}", "YYYYY"),
];

const VISITORS: [&str; 5] = [
    "anonymous",
    "link holder",
    "referee of another match",
    "organizer of another club",
    "administrator",
];

/// What the visitors are asking about: one club, event, match and link of someone else's.
pub(crate) struct Fixtures {
    match_id: String,
    link_token: String,
    club_slug: String,
    event_id: String,
    player_id: String,
    token_id: String,
    season_id: String,
}

fn after(text: &str, marker: &str) -> Option<String> {
    let start = text.find(marker)? + marker.len();
    let end = start + text[start..].find(['"', '\'', '<', '?', '/'])?;
    Some(text[start..end].to_string())
}

pub(crate) fn fixtures(app: &TestApp, admin: &Client, organizer: &Client) -> Fixtures {
    // Club C1 with its organizer, and an event with a few pairs drawn.
    let club = admin.post_form(
        "/manage/clubs",
        &[("name", "Club del 15"), ("slug", "club15")],
    );
    assert!(club.status < 400, "club: {}", club.status);
    let clubs = admin.get("/manage/clubs");
    let club_slug = after(&clubs.body, "href=\"/manage/clubs/").expect("a club link");
    let page = admin.get(&format!("/manage/clubs/{club_slug}"));
    let organizer_id = page
        .body
        .split("<option value=\"")
        .skip(1)
        .find(|option| option.contains("org1"))
        .and_then(|option| option.split('"').next())
        .expect("the organizer can be chosen")
        .to_string();
    admin.post_form(
        &format!("/manage/clubs/{club_slug}/organizers"),
        &[("user_id", &organizer_id)],
    );

    let match_id = setup::create_match(organizer, &[("title", "M1")]);
    organizer.post_form(&format!("/manage/matches/{match_id}/link"), &[]);
    let manage = organizer.get(&format!("/manage/matches/{match_id}"));
    let link_token = after(&manage.body, "/s/").expect("a scoring link");

    let fields = [
        ("name", "Scuola di Trionfetti"),
        ("date", "2026-11-28"),
        ("venue", "Fossò"),
        ("game", "trionfetti"),
        ("format", "single_elimination"),
    ];
    let event_id = setup::create_event(
        organizer,
        &format!("/manage/clubs/{club_slug}/events"),
        &fields,
    );
    for (first, second) in [("Bepi", "Nane"), ("Toni", "Gigio")] {
        organizer.post_form(
            &format!("/manage/events/{event_id}/entrants"),
            &[("player1", first), ("player2", second), ("label", "")],
        );
    }
    let player_id = organizer
        .get(&format!("/manage/events/{event_id}"))
        .body
        .split("/players/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("1")
        .to_string();
    let tokens = organizer.post_form("/account/tokens", &[("label", "tabellone")]);
    let token_id = after(&tokens.body, "/account/tokens/").unwrap_or_else(|| "1".to_string());
    let season = organizer.post_form(
        &format!("/manage/clubs/{club_slug}/seasons"),
        &[
            ("name", "Inverno"),
            ("starts_on", "2026-10-01"),
            ("ends_on", "2027-03-31"),
        ],
    );
    let season_id = season
        .location
        .as_deref()
        .and_then(|l| l.strip_prefix("/manage/seasons/"))
        .expect("a season")
        .to_string();
    let _ = app;
    Fixtures {
        season_id,
        match_id,
        link_token,
        club_slug,
        event_id,
        player_id,
        token_id,
    }
}

pub(crate) fn concrete(path: &str, fixtures: &Fixtures, visitor: usize) -> String {
    let id = if path.contains("/seasons/") {
        &fixtures.season_id
    } else if path.starts_with("/manage/events/") || path.starts_with("/e/") {
        &fixtures.event_id
    } else if path.starts_with("/players/") || path.starts_with("/manage/players/") {
        &fixtures.player_id
    } else if path.starts_with("/account/tokens/") {
        &fixtures.token_id
    } else {
        &fixtures.match_id
    };
    let key = if path.starts_with("/s/") {
        if visitor == 1 {
            fixtures.link_token.as_str()
        } else {
            "not-the-token"
        }
    } else {
        fixtures.match_id.as_str()
    };
    path.replace("{id}", id)
        .replace("{key}", key)
        .replace("{slug}", &fixtures.club_slug)
        .replace("{token}", "not-the-token")
        .replace("{code}", "en")
        .replace("{name}", "style.css")
        .replace("{seq}", "0")
        .replace("{number}", "1")
        .replace(
            "{file}",
            if path.contains("/seasons/") {
                "season.csv"
            } else {
                "standings.csv"
            },
        )
}

/// Form fields that read, so that a refusal cannot hide behind a form error.
fn body(path: &str) -> Vec<(&'static str, &'static str)> {
    let fields: &[(&str, &str)] = match path {
        "/login" => &[("username", "nessuno"), ("password", "sbagliata-sbagliata")],
        "/account/password" => &[
            ("current_password", "x"),
            ("new_password", "y"),
            ("confirm_password", "z"),
        ],
        "/admin/users" => &[
            ("username", ""),
            ("display_name", ""),
            ("role", "referee"),
            ("password", ""),
            ("confirm_password", ""),
        ],
        "/admin/invitations" => &[("role", "nobody")],
        "/manage/matches" => &[("title", "")],
        "/manage/matches/{id}/referees" => &[("user_id", "0")],
        "/manage/matches/{id}/status" => &[("status", "in_progress"), ("note", "")],
        "/manage/matches/{id}/import" => &[("record", "{}")],
        "/account/tokens" => &[("label", "x")],
        "/manage/clubs" => &[("name", ""), ("slug", "")],
        "/manage/clubs/{slug}/organizers" => &[("user_id", "0")],
        "/manage/clubs/{slug}/nicknames" => &[("name", ""), ("expansion", "")],
        "/manage/clubs/{slug}/nicknames/remove" => &[("name", "nessuno")],
        "/manage/clubs/{slug}/time-zone" => &[("time_zone", "Europe/Rome")],
        "/setup/{token}" | "/invite/{token}" => &[
            ("username", "intruso"),
            ("display_name", "Intruso"),
            ("password", "password-lunga"),
            ("confirm_password", "password-lunga"),
        ],
        "/manage/events/{id}/entrants" => &[("player1", ""), ("player2", ""), ("label", "")],
        "/manage/events/{id}/import" => &[("csv", "")],
        "/manage/players/{id}/link" => &[("username", "nessuno")],
        "/manage/events/{id}/withdraw" => &[("number", "999")],
        "/manage/events/{id}/table-referees" => &[("referee", "0")],
        "/manage/events/{id}/assign"
        | "/manage/events/{id}/forfeit"
        | "/manage/events/{id}/substitute"
        | "/manage/events/{id}/replay"
        | "/manage/events/{id}/keep" => &[("public_id", "nessuna")],
        path if path.starts_with("/score/") || path.starts_with("/s/") => &[
            ("expected_seq", "999"),
            ("submission_key", "matrix"),
            ("target", "0"),
            ("reason", "x"),
            ("winner", "A"),
        ],
        _ => &[],
    };
    fields.to_vec()
}

fn refused(status: u16, location: Option<&str>, token_route: bool) -> bool {
    status == 401
        || status == 403
        || (status == 303 && location.is_some_and(|location| location.starts_with("/login?next=")))
        || (token_route && status == 404)
}

#[test]
fn every_route_answers_every_visitor_as_the_matrix_says() {
    let routes: BTreeSet<(&str, &str)> = segnapunti::web::routes::ROUTES
        .iter()
        .map(|route| (route.method, route.path))
        .collect();
    let rows: BTreeSet<(&str, &str)> = EXPECTED
        .iter()
        .map(|(method, path, _)| (*method, *path))
        .collect();
    let missing: Vec<_> = routes.difference(&rows).collect();
    assert!(
        missing.is_empty(),
        "routes with no row in the matrix: {missing:?}"
    );
    let stale: Vec<_> = rows.difference(&routes).collect();
    assert!(
        stale.is_empty(),
        "matrix rows for routes that do not exist: {stale:?}"
    );

    let app = TestApp::spawn(support::Backend::Sqlite);
    let admin = app.admin();
    let organizer = app.user(&admin, "org1", "organizer");
    let fixtures = fixtures(&app, &admin, &organizer);
    let referee = app.user(&admin, "arbitro2", "referee");
    let other_organizer = app.user(&admin, "org2", "organizer");
    // The referee is assigned to another match of the same organizer.
    let other = organizer.post_form(
        "/manage/matches",
        &[
            ("title", "M2"),
            ("seat0", "A"),
            ("seat1", "B"),
            ("seat2", "C"),
            ("seat3", "D"),
            ("first_dealer", "0"),
            ("target_points", "20"),
            ("games_to_win", "3"),
        ],
    );
    let other_id = other
        .location
        .unwrap()
        .trim_start_matches("/manage/matches/")
        .to_string();
    let page = organizer.get(&format!("/manage/matches/{other_id}"));
    let referee_id = quoted_after(&page.body, "<option value=\"").unwrap();
    organizer.post_form(
        &format!("/manage/matches/{other_id}/referees"),
        &[("user_id", &referee_id)],
    );
    let admin_again = app.client();
    admin_again.login("capo", ADMIN_PASSWORD);
    let visitors: [Client; 5] = [
        app.client(),
        app.client(),
        referee,
        other_organizer,
        admin_again,
    ];

    // Requests that end a session or a link go last.
    let mut order: Vec<&(&str, &str, &str)> = EXPECTED.iter().collect();
    order.sort_by_key(|(_, path, _)| match *path {
        "/logout" => 2,
        path if path.ends_with("/link/revoke") => 1,
        _ => 0,
    });

    let mut wrong = Vec::new();
    for (visitor, client) in visitors.iter().enumerate() {
        for (method, path, row) in &order {
            let allowed = row.as_bytes()[visitor] == b'Y';
            let url = concrete(path, &fixtures, visitor);
            let token_route = path.starts_with("/s/")
                || path.starts_with("/t/")
                || path.starts_with("/setup/")
                || path.starts_with("/invite/");
            let response = match (*method, path.starts_with("/api/")) {
                ("get", _) if path.ends_with("/events") => client.head_status(&url),
                ("get", _) => client.get(&url),
                ("post", true) => {
                    let body = if path.ends_with("/void") {
                        json!({"expected_seq": 999, "reason": "x"})
                    } else {
                        json!({"expected_seq": 999, "entry": {"type": "hand", "winner": "A"}})
                    };
                    if visitor == 1 {
                        client.post_json_bearer(&url, &body.to_string(), &fixtures.link_token)
                    } else {
                        let token = client.csrf_token();
                        client.post_json(&url, &body.to_string(), Some(&token))
                    }
                }
                _ => client.post_form(&url, &body(path)),
            };
            let was_refused = refused(response.status, response.location.as_deref(), token_route);
            if was_refused == allowed {
                wrong.push(format!(
                    "{} {url} as {}: {} (expected {})",
                    method.to_uppercase(),
                    VISITORS[visitor],
                    response.status,
                    if allowed { "allowed" } else { "refused" }
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "answers against the matrix:\n{}",
        wrong.join("\n")
    );
}
