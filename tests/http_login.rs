//! Sessions and login under attack, through real HTTP on both backends: a logout or
//! a password change ends every copy of a session, on every instance; the login
//! throttle holds under concurrency and a stranger cannot lock the owner out; only
//! same-site paths are followed after a login or a language switch; a bearer header
//! does not stand in for the form token on pages.
//!
//! The apps here trust 127.0.0.1 as their reverse proxy, so that a test can speak
//! from other addresses through `X-Forwarded-For`.

mod support;

use support::{Client, form_value};

fn personal_token(client: &Client) -> String {
    let page = client.post_form("/account/tokens", &[("label", "tabellone")]);
    assert_eq!(page.status, 200, "{}", page.body);
    let marker = "id=\"new-token\" readonly value=\"";
    let start = page.body.find(marker).expect("the new token is shown once") + marker.len();
    page.body[start..start + page.body[start..].find('"').unwrap()].to_string()
}

fn create_match(organizer: &Client) -> String {
    let response = organizer.post_form(
        "/manage/matches",
        &[
            ("title", "Sessioni"),
            ("seat0", "Bepi"),
            ("seat1", "Toni"),
            ("seat2", "Nane"),
            ("seat3", "Gigio"),
            ("first_dealer", "0"),
            ("target_points", "20"),
            ("games_to_win", "3"),
        ],
    );
    assert_eq!(response.status, 303, "{}", response.body);
    response
        .location
        .unwrap()
        .trim_start_matches("/manage/matches/")
        .to_string()
}

/// The first hand of a match through the API, as `client` sends it.
fn first_hand(client: &Client, match_id: &str, csrf: Option<&str>) -> support::Response {
    let body = serde_json::json!({
        "expected_seq": 0,
        "submission_key": "k-sessioni-1",
        "entry": {"type": "hand", "winner": "A"}
    });
    client.post_json(
        &format!("/api/v1/matches/{match_id}/entries"),
        &body.to_string(),
        csrf,
    )
}

backend_tests! {
    config: support::trusting_loopback;

    fn only_same_site_paths_are_followed(app) {
        let admin = app.admin();
        app.user(&admin, "org", "organizer");
        let client = app.client();
        let elsewhere = [
            "/%09/evil.example", "/%0A/evil.example", "/%0D%0A/evil.example", "/%20/evil.example",
            "/%5C/evil.example", "/%09%5Cevil.example", "%2F%2Fevil.example", "%09//evil.example",
            "https://evil.example", "https:evil.example", "javascript:alert(1)", "evil.example",
            "/%E3%80%80/evil.example", "",
        ];
        for next in elsewhere {
            let switched = client.get(&format!("/lang/en?next={next}"));
            assert_eq!(switched.status, 303, "{next}");
            assert_eq!(switched.location.as_deref(), Some("/"), "{next}");
        }
        // Same-site paths, with their queries, are kept.
        let kept = client.get("/lang/en?next=%2Fmanage%2Fplayers%3Fq%3Dbepi%26page%3D2");
        assert_eq!(kept.location.as_deref(), Some("/manage/players?q=bepi&page=2"));

        // The login form's next: neither shown in the form nor followed.
        let form = client.get("/login?next=/%09/evil.example");
        assert_eq!(form.status, 200);
        assert_eq!(form_value(&form.body, "next").as_deref(), Some("/"));
        let login = client.post_form("/login", &[
            ("username", "org"), ("password", "org-password"), ("next", "/\t/evil.example"),
        ]);
        assert_eq!(login.status, 303, "{}", login.body);
        assert_eq!(login.location.as_deref(), Some("/"));
    }

    fn control_characters_in_next_go_home(app) {
        let admin = app.admin();
        app.user(&admin, "org", "organizer");
        for code in ["%0B", "%0C", "%00", "%7F", "%1B", "%C2%85"] {
            let switched = app.client().get(&format!("/lang/it?next=/{code}/x"));
            assert_eq!(switched.status, 303, "{code}: {}", switched.body);
            assert_eq!(switched.location.as_deref(), Some("/"), "{code}");
            let form = app.client().get(&format!("/login?next=/{code}/x"));
            assert_eq!(form.status, 200, "{code}");
        }
        let client = app.client();
        let login = client.post_form("/login", &[
            ("username", "org"), ("password", "org-password"), ("next", "/\u{b}/x"),
        ]);
        assert_eq!(login.status, 303, "{}", login.body);
        assert_eq!(login.location.as_deref(), Some("/"));
    }

    fn a_bearer_header_does_not_stand_in_for_the_form_token(app) {
        let (admin, organizer) = support::club_with_organizer(&app);
        // A page form with the session cookie and any bearer header, but no form token.
        let junk = admin.copy().with_header("Authorization", "Bearer junk");
        let refused = junk.post_raw("/admin/invitations", &[("role", "referee")]);
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert!(refused.body.contains("Modulo scaduto"), "{}", refused.body);
        // Not even a good API token stands in for it on a page.
        let token = personal_token(&admin);
        let with_token = admin.copy().with_header("Authorization", &format!("Bearer {token}"));
        let refused = with_token.post_raw("/admin/invitations", &[("role", "referee")]);
        assert_eq!(refused.status, 403, "{}", refused.body);
        let page = admin.get("/admin/users");
        assert!(!page.body.contains("Inviti aperti"), "an invitation was made: {}", page.body);

        // On the API a bad bearer is refused, not read as the session behind it.
        let match_id = create_match(&organizer);
        let junk = organizer.copy().with_header("Authorization", "Bearer junk");
        let refused = first_hand(&junk, &match_id, None);
        assert_eq!(refused.status, 401, "{}", refused.body);
        let refused = first_hand(&junk, &match_id, Some(&organizer.csrf_token()));
        assert_eq!(refused.status, 401, "{}", refused.body);
        let state = organizer.get(&format!("/api/v1/matches/{match_id}"));
        assert!(state.body.contains("\"next_seq\":0"), "{}", state.body);
        // The session with its form token still scores.
        let accepted = first_hand(&organizer, &match_id, Some(&organizer.csrf_token()));
        assert_eq!(accepted.status, 201, "{}", accepted.body);
    }
}
