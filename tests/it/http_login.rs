//! Sessions and login under attack, through real HTTP on both backends: a logout or
//! a password change ends every copy of a session, on every instance; the login
//! throttle holds under concurrency and a stranger cannot lock the owner out; only
//! same-site paths are followed after a login or a language switch; a bearer header
//! does not stand in for the form token on pages.
//!
//! The apps here trust 127.0.0.1 as their reverse proxy, so that a test can speak
//! from other addresses through `X-Forwarded-For`.

use crate::support;
use support::setup;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use segnapunti::store::throttle;
use support::{ADMIN_PASSWORD, Backend, Client, TestApp, form_value};

/// The answer to a request and how long it took.
fn timed<T>(request: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let outcome = request();
    (outcome, started.elapsed())
}

fn wrong_password(client: &Client, username: &str) -> u16 {
    client
        .post_form(
            "/login",
            &[("username", username), ("password", "indovina-indovina")],
        )
        .status
}

/// The status of the referee "arbitro"'s login with the right password.
fn right_password(client: &Client) -> u16 {
    client
        .post_form(
            "/login",
            &[("username", "arbitro"), ("password", "arbitro-password")],
        )
        .status
}

fn personal_token(client: &Client) -> String {
    setup::personal_token(client, "tabellone")
}

fn create_match(organizer: &Client) -> String {
    setup::create_match(organizer, &[("title", "Sessioni")])
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

    fn a_copy_of_the_cookie_opens_nothing_after_logout(app) {
        let (_admin, organizer) = support::club_with_organizer(&app);
        let second = app.second_instance();
        let copy = organizer.copy();
        let copy_elsewhere = Client::with_cookies_of(organizer.copy(), &second.base);
        let minting_copy = organizer.copy();
        assert_eq!(copy.get("/manage/clubs").status, 200);
        assert_eq!(copy_elsewhere.get("/manage/clubs").status, 200);
        // The form token a copied cookie carries, read while it was good.
        let token = minting_copy.csrf_token();

        let out = organizer.post_form("/logout", &[]);
        assert_eq!(out.status, 303);

        // Every copy, on every instance, is a stranger now.
        for client in [&copy, &copy_elsewhere] {
            let page = client.get("/manage/clubs");
            assert_eq!(page.status, 303, "{}", page.body);
            let location = page.location.unwrap_or_default();
            assert!(location.starts_with("/login"), "{location}");
        }
        // Nor can a copy mint an API token, though its form token is right.
        let minted = minting_copy.post_raw("/account/tokens", &[("label", "rubato"), ("csrf_token", &token)]);
        assert_eq!(minted.status, 303, "{}", minted.body);
        assert!(!minted.body.contains("new-token"), "{}", minted.body);
        let again = app.client();
        again.login("org", "org-password");
        let tokens = again.get("/account/tokens");
        assert_eq!(tokens.status, 200);
        assert!(!tokens.body.contains("rubato"), "a token was minted: {}", tokens.body);
    }

    fn a_password_change_ends_every_other_copy_of_every_session(app) {
        let admin = app.admin();
        let phone = app.user(&admin, "arbitro", "referee");
        let phone_copy = phone.copy();
        let laptop = app.client();
        laptop.login("arbitro", "arbitro-password");
        let second = app.second_instance();
        let laptop_elsewhere = Client::with_cookies_of(laptop.copy(), &second.base);

        let changed = phone.post_form("/account/password", &[
            ("current_password", "arbitro-password"),
            ("new_password", "nuova-password-1"),
            ("confirm_password", "nuova-password-1"),
        ]);
        assert_eq!(changed.status, 303, "{}", changed.body);
        // The session that changed it stays, with its copies; every other one ends.
        assert_eq!(phone.get("/account/password").status, 200);
        assert_eq!(phone_copy.get("/account/password").status, 200);
        assert_eq!(laptop.get("/account/password").status, 303);
        assert_eq!(laptop_elsewhere.get("/account/password").status, 303);
        // A logout then ends the phone's session too, copies included.
        assert_eq!(phone.post_form("/logout", &[]).status, 303);
        assert_eq!(phone_copy.get("/account/password").status, 303);
    }

    fn concurrent_wrong_passwords_are_checked_at_most_the_limit(app) {
        let admin = app.admin();
        app.user(&admin, "arbitro", "referee");
        const ATTEMPTS: usize = 40;
        let attackers: Vec<(Client, String)> = (0..ATTEMPTS)
            .map(|_| {
                let client = app.client();
                let token = client.csrf_token();
                (client, token)
            })
            .collect();
        let barrier = Arc::new(Barrier::new(ATTEMPTS));
        let statuses: Vec<u16> = std::thread::scope(|scope| {
            let handles: Vec<_> = attackers
                .iter()
                .map(|(client, token)| {
                    let barrier = barrier.clone();
                    scope.spawn(move || {
                        barrier.wait();
                        client
                            .post_raw("/login", &[
                                ("username", "arbitro"),
                                ("password", "indovina-indovina"),
                                ("csrf_token", token),
                            ])
                            .status
                    })
                })
                .collect();
            handles.into_iter().map(|handle| handle.join().unwrap()).collect()
        });
        let checked = statuses.iter().filter(|status| **status == 422).count();
        let refused = statuses.iter().filter(|status| **status == 429).count();
        assert_eq!(checked + refused, ATTEMPTS, "{statuses:?}");
        assert!(
            checked <= throttle::FAILURES_PER_PAIR as usize,
            "{checked} wrong passwords were checked against the hash: {statuses:?}"
        );
    }

    fn a_stranger_cannot_lock_the_owner_out(app) {
        let admin = app.admin();
        app.user(&admin, "arbitro", "referee");
        let stranger = app.client().speaking_from("203.0.113.7");
        for attempt in 0..throttle::FAILURES_PER_PAIR {
            assert_eq!(wrong_password(&stranger, "arbitro"), 422, "attempt {attempt}");
        }
        // The stranger's address is refused for this account, even the right password.
        let refused = stranger.post_form("/login", &[("username", "arbitro"), ("password", "arbitro-password")]);
        assert_eq!(refused.status, 429);
        assert!(refused.body.contains("Troppi tentativi"), "{}", refused.body);
        // The owner, from an address of their own, logs in.
        let owner = app.client().speaking_from("198.51.100.4");
        owner.login("arbitro", "arbitro-password");
        assert_eq!(owner.get("/account/password").status, 200);
    }

    fn many_addresses_against_one_account_slow_down_instead_of_refusing(app) {
        let admin = app.admin();
        app.user(&admin, "arbitro", "referee");
        for index in 0..throttle::FREE_FAILURES_PER_ACCOUNT {
            let stranger = app.client().speaking_from(&format!("203.0.113.{}", index + 1));
            assert_eq!(wrong_password(&stranger, "arbitro"), 422, "address {index}");
        }
        // Past the free failures, each attempt waits longer than the one before.
        let mut expected_wait = throttle::FIRST_DELAY;
        for index in 0..2 {
            let stranger = app.client().speaking_from(&format!("203.0.113.{}", 100 + index));
            let (status, took) = timed(|| wrong_password(&stranger, "arbitro"));
            assert_eq!(status, 422, "refused instead of slowed down");
            assert!(took >= expected_wait, "attempt {index} waited only {took:?}");
            expected_wait *= 2;
        }
        // The owner is slowed down too, but gets in.
        let owner = app.client().speaking_from("198.51.100.4");
        let (response, took) = timed(|| owner.post_form("/login", &[("username", "arbitro"), ("password", "arbitro-password")]));
        assert_eq!(response.status, 303, "{}", response.body);
        assert!(took >= expected_wait, "the owner's attempt waited only {took:?}");
        // Other accounts are not slowed down by this one's failures.
        let (_, took) = timed(|| app.client().login("capo", ADMIN_PASSWORD));
        assert!(took < throttle::FIRST_DELAY * 8, "{took:?}");
    }

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

    fn the_bearer_scheme_is_read_in_any_case(app) {
        let (_, organizer) = support::club_with_organizer(&app);
        let match_id = create_match(&organizer);
        let token = personal_token(&organizer);
        let reader = app.client();
        for scheme in ["bearer", "BEARER", "Bearer"] {
            let state = reader
                .copy()
                .with_header("Authorization", &format!("{scheme} {token}"))
                .get(&format!("/api/v1/matches/{match_id}"));
            assert_eq!(state.status, 200, "{scheme}: {}", state.body);
        }
        let appended = reader
            .copy()
            .with_header("Authorization", &format!("bearer {token}"))
            .post_json(&format!("/api/v1/matches/{match_id}/entries"), &serde_json::json!({
                "expected_seq": 0,
                "submission_key": "k-minuscolo",
                "entry": {"type": "hand", "winner": "A"}
            }).to_string(), None);
        assert_eq!(appended.status, 201, "{}", appended.body);
    }

    fn a_password_change_revokes_the_accounts_api_tokens(app) {
        let (_, organizer) = support::club_with_organizer(&app);
        let match_id = create_match(&organizer);
        let token = personal_token(&organizer);
        let path = format!("/api/v1/matches/{match_id}/entries");
        let append = |token: &str, key: &str, seq: u64| {
            let body = serde_json::json!({
                "expected_seq": seq,
                "submission_key": key,
                "entry": {"type": "hand", "winner": "A"}
            });
            app.client().post_json_bearer(&path, &body.to_string(), token)
        };
        let before = append(&token, "k-prima", 0);
        assert_eq!(before.status, 201, "{}", before.body);
        let changed = organizer.post_form("/account/password", &[
            ("current_password", "org-password"),
            ("new_password", "nuova-password-1"),
            ("confirm_password", "nuova-password-1"),
        ]);
        assert_eq!(changed.status, 303, "{}", changed.body);
        let confirmation = organizer.get(changed.location.as_deref().unwrap());
        assert!(confirmation.body.contains("token API personali revocati"), "{}", confirmation.body);
        // The old token appends no more (reads of a match are public, token or not).
        let after = append(&token, "k-dopo", 1);
        assert_eq!(after.status, 401, "{}", after.body);
        let tokens = organizer.get("/account/tokens");
        assert!(!tokens.body.contains("tabellone"), "{}", tokens.body);
        // A token made after the change works.
        let fresh = personal_token(&organizer);
        let again = append(&fresh, "k-nuovo", 1);
        assert_eq!(again.status, 201, "{}", again.body);
    }

    fn a_lockout_made_while_the_clock_was_ahead_ends_one_window_after_it_is_put_back(app) {
        use chrono::Duration as Minutes;
        let db = app.database.open();
        let now = chrono::Utc::now().naive_utc();
        let ahead = now + Minutes::days(1);
        let admit = |at: chrono::NaiveDateTime| {
            db.write(move |c| throttle::admit_at(c, "arbitro", "203.0.113.9", at)).unwrap()
        };
        // Five failures while the clock was a day ahead lock the pair out.
        for _ in 0..throttle::FAILURES_PER_PAIR {
            assert!(matches!(admit(ahead), throttle::Admission::Admitted { .. }));
        }
        assert_eq!(admit(ahead), throttle::Admission::Refused);
        // The clock is put back: the lockout lasts at most one window from now, not a day.
        assert_eq!(admit(now), throttle::Admission::Refused);
        let after_one_window = now + Minutes::minutes(throttle::WINDOW_MINUTES) + Minutes::seconds(1);
        assert!(
            matches!(admit(after_one_window), throttle::Admission::Admitted { .. }),
            "the lockout outlasted its window"
        );
    }
}

/// Without a trusted proxy, or from a peer that is not it, the forwarding headers
/// are ignored: every claimed address is the peer's.
#[test]
fn forwarding_headers_are_read_only_from_the_trusted_proxy() {
    fn trusting_another_address(config: &mut segnapunti::web::ServerConfig) {
        config.trusted_proxies = vec!["127.0.0.2".parse().unwrap()];
    }
    let untrusting = [
        TestApp::spawn(Backend::Sqlite),
        TestApp::spawn_configured(Backend::Sqlite, trusting_another_address),
    ];
    for app in &untrusting {
        let admin = app.admin();
        app.user(&admin, "arbitro", "referee");
        for index in 0..throttle::FAILURES_PER_PAIR {
            let claimed = app.client().speaking_from(&format!("203.0.113.{index}"));
            assert_eq!(wrong_password(&claimed, "arbitro"), 422);
        }
        // All of them came from 127.0.0.1, whatever they said.
        let claimed = app.client().speaking_from("198.51.100.4");
        assert_eq!(right_password(&claimed), 429);
        let claimed = app.client().with_header("Forwarded", "for=198.51.100.5");
        assert_eq!(right_password(&claimed), 429);
    }

    // Through the trusted proxy, the right-most address it did not add itself counts;
    // what the client wrote before it does not.
    let app = TestApp::spawn_configured(Backend::Sqlite, support::trusting_loopback);
    let admin = app.admin();
    app.user(&admin, "arbitro", "referee");
    for index in 0..throttle::FAILURES_PER_PAIR {
        let forged = app
            .client()
            .speaking_from(&format!("198.51.100.{index}, 203.0.113.9"));
        assert_eq!(wrong_password(&forged, "arbitro"), 422);
    }
    let same = app.client().speaking_from("198.51.100.77, 203.0.113.9");
    assert_eq!(right_password(&same), 429);
    let same = app.client().with_header(
        "Forwarded",
        "for=\"198.51.100.78\", for=203.0.113.9;proto=https",
    );
    assert_eq!(right_password(&same), 429);
    let owner = app
        .client()
        .with_header("Forwarded", "for=\"[2001:db8::1]:4711\"");
    owner.login("arbitro", "arbitro-password");
}
