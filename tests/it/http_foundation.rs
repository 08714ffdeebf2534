//! The foundation through real HTTP: setup link, accounts, sessions, CSRF, roles,
//! languages and error pages, on SQLite and (when configured) PostgreSQL.

use crate::support;

use support::{ADMIN_PASSWORD, Backend, Client, TestApp, form_value};

backend_tests! {
    fn setup_link_creates_the_first_administrator_once(app) {
        let link = app.setup_link.clone().expect("an empty database gets a setup link");
        let path = link.strip_prefix(&app.base).unwrap().to_string();
        let admin = app.admin();
        let home = admin.get("/");
        assert_eq!(home.status, 200);
        assert!(home.body.contains("Capo Arbitro"), "{}", home.body);
        assert!(home.body.contains("amministratore"), "{}", home.body);

        // Used once, the link is gone, for everyone.
        assert_eq!(app.client().get(&path).status, 404);
        let again = app.client().post_form(&path, &[
            ("username", "intruso"), ("display_name", "Intruso"),
            ("password", "password-lunga"), ("confirm_password", "password-lunga"),
        ]);
        assert_eq!(again.status, 404);
    }

    fn a_wrong_setup_token_is_refused(app) {
        let response = app.client().get("/setup/not-the-token");
        assert_eq!(response.status, 404);
        let response = app.client().post_form("/setup/not-the-token", &[
            ("username", "intruso"), ("display_name", "Intruso"),
            ("password", "password-lunga"), ("confirm_password", "password-lunga"),
        ]);
        assert_eq!(response.status, 404);
    }

    fn setup_form_errors_keep_what_was_typed(app) {
        let link = app.setup_link.clone().unwrap();
        let path = link.strip_prefix(&app.base).unwrap().to_string();
        let client = app.client();
        let response = client.post_form(&path, &[
            ("username", "mario"), ("display_name", "Mario Rossi"),
            ("password", "breve"), ("confirm_password", "breve"),
        ]);
        assert_eq!(response.status, 422);
        assert!(response.body.contains("almeno 10 caratteri"), "{}", response.body);
        assert_eq!(form_value(&response.body, "username").as_deref(), Some("mario"));
        assert_eq!(form_value(&response.body, "display_name").as_deref(), Some("Mario Rossi"));
        // The link still works after a failed attempt.
        assert_eq!(client.get(&path).status, 200);
    }

    fn login_logout_and_wrong_passwords(app) {
        let admin = app.admin();
        app.user(&admin, "arbitro1", "referee");

        let visitor = app.client();
        let wrong = visitor.post_form("/login", &[("username", "arbitro1"), ("password", "sbagliata-davvero")]);
        assert_eq!(wrong.status, 422);
        assert!(wrong.body.contains("Nome utente o password non corretti."));
        assert_eq!(form_value(&wrong.body, "username").as_deref(), Some("arbitro1"));

        // An unknown account gets exactly the same answer.
        let unknown = visitor.post_form("/login", &[("username", "nessuno"), ("password", "sbagliata-davvero")]);
        assert_eq!(unknown.status, wrong.status);
        assert!(unknown.body.contains("Nome utente o password non corretti."));

        let ok = visitor.login("arbitro1", "arbitro1-password");
        assert_eq!(ok.location.as_deref(), Some("/"));
        let home = visitor.get("/");
        assert!(home.body.contains("arbitro"), "{}", home.body);
        assert!(home.body.contains("action=\"/logout\""));

        let out = visitor.post_form("/logout", &[]);
        assert_eq!(out.status, 303);
        assert_eq!(out.location.as_deref(), Some("/login?logged_out=true"));
        let home = visitor.get("/");
        assert!(!home.body.contains("action=\"/logout\""), "still logged in after logout");
    }

    fn login_follows_only_local_next_paths(app) {
        let admin = app.admin();
        app.user(&admin, "org", "organizer");
        let client = app.client();
        let response = client.post_form("/login", &[
            ("username", "org"), ("password", "org-password"), ("next", "//evil.example/x"),
        ]);
        assert_eq!(response.location.as_deref(), Some("/"));
        let client = app.client();
        let response = client.post_form("/login", &[
            ("username", "org"), ("password", "org-password"), ("next", "/account/password"),
        ]);
        assert_eq!(response.location.as_deref(), Some("/account/password"));
    }

    fn repeated_failures_are_throttled_per_account(app) {
        let admin = app.admin();
        app.user(&admin, "arbitro2", "referee");
        let attacker = app.client();
        for _ in 0..5 {
            let response = attacker.post_form("/login", &[("username", "arbitro2"), ("password", "indovina-indovina")]);
            assert_eq!(response.status, 422);
        }
        // Even the right password is refused while the account is throttled.
        let blocked = attacker.post_form("/login", &[("username", "arbitro2"), ("password", "arbitro2-password")]);
        assert_eq!(blocked.status, 429);
        assert!(blocked.body.contains("Troppi tentativi"), "{}", blocked.body);
        // Other accounts are not affected by this account's failures.
        let other = app.client();
        other.login("capo", ADMIN_PASSWORD);
    }

    fn repeated_failures_from_one_address_slow_it_down(app) {
        use segnapunti::store::throttle;
        let _admin = app.admin();
        let attacker = app.client();
        for index in 0..throttle::FREE_FAILURES_PER_ADDRESS {
            let name = format!("guess{index}");
            let response = attacker.post_form("/login", &[("username", &name), ("password", "indovina-indovina")]);
            assert_eq!(response.status, 422, "attempt {index}");
        }
        // Then every attempt from that address waits, longer each time; behind a
        // proxy that is not configured as trusted that is every visitor, so nobody
        // is refused for it.
        let started = std::time::Instant::now();
        let slowed = attacker.post_form("/login", &[("username", "guess-more"), ("password", "indovina-indovina")]);
        assert_eq!(slowed.status, 422);
        assert!(started.elapsed() >= throttle::FIRST_DELAY, "{:?}", started.elapsed());
        let started = std::time::Instant::now();
        let owner = attacker.post_form("/login", &[("username", "capo"), ("password", ADMIN_PASSWORD)]);
        assert_eq!(owner.status, 303, "{}", owner.body);
        assert!(started.elapsed() >= throttle::FIRST_DELAY * 2, "{:?}", started.elapsed());
    }

    fn posts_without_the_right_csrf_token_are_refused(app) {
        let admin = app.admin();
        let missing = admin.post_raw("/admin/invitations", &[("role", "referee")]);
        assert_eq!(missing.status, 403);
        assert!(missing.body.contains("Modulo scaduto"), "{}", missing.body);
        let wrong = admin.post_raw("/admin/invitations", &[("role", "referee"), ("csrf_token", "forged")]);
        assert_eq!(wrong.status, 403);
        // A client with no session at all cannot log in by a forged form either.
        let stranger = Client::new(&app.base, "en");
        let forged = stranger.post_raw("/login", &[("username", "capo"), ("password", ADMIN_PASSWORD), ("csrf_token", "x")]);
        assert_eq!(forged.status, 403);
        assert!(forged.body.contains("Form expired"), "{}", forged.body);
        // Nothing was created by the refused requests.
        let page = admin.get("/admin/users");
        assert!(!page.body.contains("Inviti aperti"), "{}", page.body);
    }

    fn roles_are_checked_on_every_admin_route(app) {
        let admin = app.admin();
        let referee = app.user(&admin, "arbitro3", "referee");
        let organizer = app.user(&admin, "organizza", "organizer");

        let anonymous = app.client();
        let redirect = anonymous.get("/admin/users");
        assert_eq!(redirect.status, 303);
        assert_eq!(redirect.location.as_deref(), Some("/login?next=%2Fadmin%2Fusers"));

        for client in [&referee, &organizer] {
            assert_eq!(client.get("/admin/users").status, 403);
            let refused = client.post_form("/admin/users", &[
                ("username", "abusivo"), ("display_name", "Abusivo"), ("role", "organizer"),
                ("password", "password-lunga"), ("confirm_password", "password-lunga"),
            ]);
            assert_eq!(refused.status, 403);
            assert!(refused.body.contains("Accesso negato"));
            assert_eq!(client.post_form("/admin/invitations", &[("role", "organizer")]).status, 403);
        }
        let page = admin.get("/admin/users");
        assert_eq!(page.status, 200);
        assert!(!page.body.contains("abusivo"));
        assert!(page.body.contains("organizza"));
    }

    fn administrators_create_and_invite_accounts(app) {
        let admin = app.admin();
        let created = admin.post_form("/admin/users", &[
            ("username", "Giulia.B"), ("display_name", "Giulia Bianchi"), ("role", "organizer"),
            ("password", "giulia-password"), ("confirm_password", "giulia-password"),
        ]);
        assert_eq!(created.status, 303);
        let list = admin.get(created.location.as_deref().unwrap());
        assert!(list.body.contains("Giulia Bianchi"));
        assert!(list.body.contains("giulia.b"));

        let taken = admin.post_form("/admin/users", &[
            ("username", "giulia.b"), ("display_name", "Altra"), ("role", "referee"),
            ("password", "altra-password"), ("confirm_password", "altra-password"),
        ]);
        assert_eq!(taken.status, 422);
        assert!(taken.body.contains("già in uso"));

        let bad_role = admin.post_form("/admin/users", &[
            ("username", "nuovo"), ("display_name", "Nuovo"), ("role", "admin"),
            ("password", "nuovo-password"), ("confirm_password", "nuovo-password"),
        ]);
        assert_eq!(bad_role.status, 422);

        let invited = admin.post_form("/admin/invitations", &[("role", "referee")]);
        assert_eq!(invited.status, 200);
        let link = invited.body.split("value=\"").find_map(|part| {
            part.starts_with(&app.base).then(|| part[..part.find('"').unwrap()].to_string())
        }).expect("the invitation link is shown");
        let path = link.strip_prefix(&app.base).unwrap().to_string();
        assert!(path.starts_with("/invite/"));

        let newcomer = app.client();
        let form = newcomer.get(&path);
        assert_eq!(form.status, 200);
        assert!(form.body.contains("arbitro"));
        let accepted = newcomer.post_form(&path, &[
            ("username", "luca"), ("display_name", "Luca Verdi"),
            ("password", "luca-password"), ("confirm_password", "luca-password"),
        ]);
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        assert!(newcomer.get("/").body.contains("Luca Verdi"));
        // The link worked once; then it says so (410) and where to log in, naming no
        // account: whoever holds the link learns no username (issue 36).
        let used = app.client().get(&path);
        assert_eq!(used.status, 410, "{}", used.body);
        assert!(used.body.contains("Invito già usato"), "{}", used.body);
        assert!(used.body.contains("href=\"/login\""), "{}", used.body);
        assert!(!used.body.contains("luca") && !used.body.contains("Luca Verdi"), "{}", used.body);
        let again = app.client().post_form(&path, &[
            ("username", "luca2"), ("display_name", "Luca"),
            ("password", "luca2-password"), ("confirm_password", "luca2-password"),
        ]);
        assert_eq!(again.status, 410, "{}", again.body);
        // A link that never was an invitation stays "not found".
        let unknown = app.client().get("/invite/not-a-token-anyone-was-given");
        assert_eq!(unknown.status, 404);
        assert!(!unknown.body.contains("Invito già usato"));
        app.client().login("luca", "luca-password");
    }

    fn changing_the_password_ends_other_sessions(app) {
        let admin = app.admin();
        let phone = app.user(&admin, "arbitro4", "referee");
        let laptop = app.client();
        laptop.login("arbitro4", "arbitro4-password");

        let wrong = phone.post_form("/account/password", &[
            ("current_password", "non-questa-password"), ("new_password", "nuova-password-4"), ("confirm_password", "nuova-password-4"),
        ]);
        assert_eq!(wrong.status, 422);
        assert!(wrong.body.contains("La password attuale non è corretta."));

        let mismatch = phone.post_form("/account/password", &[
            ("current_password", "arbitro4-password"), ("new_password", "nuova-password-4"), ("confirm_password", "nuova-password-5"),
        ]);
        assert_eq!(mismatch.status, 422);

        let changed = phone.post_form("/account/password", &[
            ("current_password", "arbitro4-password"), ("new_password", "nuova-password-4"), ("confirm_password", "nuova-password-4"),
        ]);
        assert_eq!(changed.status, 303);
        // This session stays, the other one is logged out.
        assert_eq!(phone.get("/account/password").status, 200);
        assert_eq!(laptop.get("/account/password").status, 303);

        let fresh = app.client();
        let old = fresh.post_form("/login", &[("username", "arbitro4"), ("password", "arbitro4-password")]);
        assert_eq!(old.status, 422);
        fresh.login("arbitro4", "nuova-password-4");
    }

    fn language_follows_the_header_and_the_remembered_switch(app) {
        let italian = app.client_in("it-IT,it;q=0.9");
        assert!(italian.get("/login").body.contains("Nome utente"));
        let english = app.client_in("en-GB,en;q=0.9");
        let page = english.get("/login");
        assert!(page.body.contains("Username"));
        assert!(page.body.contains("<html lang=\"en\">"));
        // No supported language asked for: Italian.
        assert!(app.client_in("de-DE").get("/login").body.contains("Nome utente"));

        // The switch is remembered over the header and comes back to the page.
        let switched = english.get("/lang/it?next=%2Flogin");
        assert_eq!(switched.status, 303);
        assert_eq!(switched.location.as_deref(), Some("/login"));
        assert!(switched.header("set-cookie").unwrap().contains("lang=it"));
        assert!(english.get("/login").body.contains("Nome utente"));
        // Only local paths are followed.
        let elsewhere = english.get("/lang/en?next=https://evil.example");
        assert_eq!(elsewhere.location.as_deref(), Some("/"));
        assert_eq!(english.get("/lang/xx").status, 404);
    }

    fn unknown_pages_get_a_friendly_404(app) {
        let response = app.client_in("en").get("/no/such/page");
        assert_eq!(response.status, 404);
        assert!(response.body.contains("Page not found"));
        assert!(response.body.contains("href=\"/\""));
        let response = app.client().get("/no/such/page");
        assert!(response.body.contains("Pagina non trovata"));
        // Inside a group of the route table too, and for a known path with a method it
        // does not take.
        for path in ["/manage/no-such-page", "/m/abc/no-such-page"] {
            let response = app.client_in("en").get(path);
            assert_eq!(response.status, 404, "{path}");
            assert!(response.body.contains("Page not found"), "{path}: {}", response.body);
        }
        // The API answers in JSON.
        let response = app.client().get("/api/v1/nothing");
        assert_eq!(response.status, 404);
        assert!(response.body.starts_with("{\"error\":\"not_found\""), "{}", response.body);
        // A known path asked with a method it does not take: 405 naming the one it does
        // (issue 38; it was a 404 before).
        let logout = app.client().get("/logout");
        assert_eq!((logout.status, logout.header("allow")), (405, Some("POST")));
    }

    fn internal_errors_show_a_reference_and_no_internals(app) {
        let admin = app.admin();
        // Break the database under the running application.
        app.database.execute("ALTER TABLE invitations RENAME TO invitations_gone");
        let response = admin.get("/admin/users");
        assert_eq!(response.status, 500);
        assert!(response.body.contains("Errore interno"), "{}", response.body);
        let reference = response.body.split("<code>").nth(1).and_then(|rest| rest.split("</code>").next())
            .expect("a reference is shown");
        assert_eq!(reference.len(), 12, "{reference}");
        for internal in ["invitations", "diesel", "SELECT", "sqlite", "relation", "no such table"] {
            assert!(!response.body.contains(internal), "the page shows {internal:?}: {}", response.body);
        }
    }

    fn the_session_survives_a_restart(app) {
        let admin = app.admin();
        assert!(admin.get("/admin/users").status == 200);
        let backend = app.backend;
        let database = app.stop();
        let restarted = TestApp::spawn_on(backend, database);
        assert!(restarted.setup_link.is_none(), "no setup link once an account exists");
        let admin = Client::with_cookies_of(admin, &restarted.base);
        assert_eq!(admin.get("/admin/users").status, 200);
    }

    fn pages_carry_security_headers(app) {
        let response = app.client().get("/login");
        assert_eq!(response.header("x-content-type-options"), Some("nosniff"));
        assert!(response.header("content-security-policy").unwrap().contains("frame-ancestors 'none'"));
        let cookie = response.header("set-cookie").expect("a session cookie");
        assert!(cookie.contains("HttpOnly"));
        assert!(cookie.contains("SameSite=Lax"));
        assert!(!cookie.contains("Secure"), "plain http in tests");
    }

    fn a_visit_without_a_form_sets_no_session_cookie(app) {
        // The home page of a visitor shows no form: nothing to sign, nothing to set.
        let home = app.client().get("/");
        assert_eq!(home.status, 200);
        assert_eq!(home.header("set-cookie"), None, "{:?}", home.headers);
        // The login form needs its token, so that page starts a session.
        let login = app.client().get("/login");
        assert!(login.body.contains("name=\"csrf_token\""));
        assert!(login.header("set-cookie").is_some_and(|c| c.starts_with("segnapunti_session=")));
    }

    fn health_answers_while_the_database_answers(app) {
        let response = app.client().get("/health");
        assert_eq!(response.status, 200);
        assert_eq!(response.body, "ok");
    }
}

#[test]
fn migrations_of_both_backends_stay_in_step() {
    let (sqlite, postgres) = segnapunti::store::migration_names();
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, postgres);
    let _ = Backend::Sqlite;
}

#[test]
fn every_script_and_stylesheet_a_template_names_is_served() {
    let app = TestApp::spawn(Backend::Sqlite);
    let client = app.client();
    let mut named = Vec::new();
    for (_, text) in support::template_files() {
        for piece in text.split("\"/static/").skip(1) {
            named.push(piece[..piece.find('"').unwrap()].to_string());
        }
        // Pages name static files by their content-hashed URL.
        for piece in text.split("assets::url(\"").skip(1) {
            named.push(piece[..piece.find('"').unwrap()].to_string());
        }
    }
    assert!(named.len() >= 4, "{named:?}");
    for name in named {
        let response = client.get(&format!("/static/{name}"));
        assert_eq!(response.status, 200, "/static/{name}");
        let hashed = segnapunti::web::assets::url(&name);
        assert_eq!(client.get(&hashed).status, 200, "{hashed}");
    }
}

#[test]
fn a_slow_client_is_timed_out() {
    use std::io::{Read, Write};
    let app = TestApp::spawn(Backend::Sqlite);
    let address = app.base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(
            segnapunti::web::SLOW_CLIENT_SECONDS * 3,
        )))
        .unwrap();
    // Half a request head, then nothing.
    stream
        .write_all(b"GET /login HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let waited = started.elapsed().as_secs();
    assert!(
        waited < segnapunti::web::SLOW_CLIENT_SECONDS * 3,
        "the connection was held for {waited}s"
    );
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
}

#[test]
fn an_oversized_form_is_refused_with_a_clear_page() {
    let app = TestApp::spawn(Backend::Sqlite);
    let client = app.client();
    let huge = "x".repeat(300 * 1024);
    let response = client.post_form("/login", &[("username", &huge), ("password", "x")]);
    assert_eq!(response.status, 413);
    assert!(
        response.body.contains("Richiesta troppo grande"),
        "{}",
        response.body
    );
}

fn quick_body_timeout(config: &mut segnapunti::web::ServerConfig) {
    config.body_timeout = std::time::Duration::from_secs(1);
}

/// What the server said to a raw request.
struct RawAnswer {
    text: String,
    /// When its first byte came, after the request head was sent.
    after: std::time::Duration,
    /// Whether the server then closed the connection.
    closed: bool,
}

/// Sends a request head, then the body by `feed`, and reads the answer until the
/// server closes the connection, for at most `limit`.
fn raw_answer(
    app: &TestApp,
    head: &str,
    mut feed: impl FnMut(&mut std::net::TcpStream) -> bool,
    limit: std::time::Duration,
) -> RawAnswer {
    use std::io::{Read, Write};
    let address = app.base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_millis(100)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let mut after = None;
    let mut closed = false;
    let mut buffer = [0u8; 4096];
    while started.elapsed() < limit {
        if after.is_none() && !feed(&mut stream) {
            break;
        }
        match stream.read(&mut buffer) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(read) => {
                after.get_or_insert_with(|| started.elapsed());
                answer.extend_from_slice(&buffer[..read]);
            }
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    RawAnswer {
        text: String::from_utf8_lossy(&answer).into_owned(),
        after: after.unwrap_or_else(|| started.elapsed()),
        closed,
    }
}

impl RawAnswer {
    /// A 408 that closed the connection soon after the body timeout.
    fn assert_timed_out(&self) {
        assert!(
            self.text.starts_with("HTTP/1.1 408"),
            "after {:?}: {:?}",
            self.after,
            self.text
        );
        // The body timeout is 1 s here; the rest is room for a busy machine.
        assert!(
            self.after < std::time::Duration::from_secs(5),
            "{:?}",
            self.after
        );
        assert!(self.closed, "{}", self.text);
    }
}

#[test]
fn a_body_sent_a_byte_at_a_time_is_cut_off_with_408() {
    let app = TestApp::spawn_configured(Backend::Sqlite, quick_body_timeout);
    let heads = [
        // Read by the form-token check.
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
        // Read by a handler's extractor.
        "POST /api/v1/matches/x/entries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer junk\r\nContent-Length: 1000\r\n\r\n",
    ];
    for head in heads {
        let mut last_byte = std::time::Instant::now();
        let answer = raw_answer(
            &app,
            head,
            |stream| {
                use std::io::Write;
                // One byte every 300 ms: never idle for long, never done.
                if last_byte.elapsed() >= std::time::Duration::from_millis(300) {
                    last_byte = std::time::Instant::now();
                    return stream.write_all(b"a").is_ok();
                }
                true
            },
            std::time::Duration::from_secs(10),
        );
        answer.assert_timed_out();
    }
}

#[test]
fn a_body_shorter_than_its_content_length_is_answered_408() {
    let app = TestApp::spawn_configured(Backend::Sqlite, quick_body_timeout);
    let head = "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername=a";
    let answer = raw_answer(&app, head, |_| true, std::time::Duration::from_secs(10));
    answer.assert_timed_out();
    assert!(
        answer
            .text
            .to_ascii_lowercase()
            .contains("connection: close"),
        "{}",
        answer.text
    );
    assert!(
        answer.text.contains("Richiesta troppo lenta"),
        "{}",
        answer.text
    );
}

/// Issue 38: a method no row takes is 405 with the methods the path does take (the
/// form-token check no longer answers first with 403); a path that is no route stays 404.
#[test]
fn a_method_no_row_takes_is_405_with_allow_on_every_path() {
    let app = TestApp::spawn(Backend::Sqlite);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let allow = |response: &ureq::http::Response<ureq::Body>| {
        response
            .headers()
            .get("allow")
            .map(|value| value.to_str().unwrap().to_string())
    };
    let trace = agent.trace(&app.url("/")).call().unwrap();
    assert_eq!(
        (trace.status().as_u16(), allow(&trace).as_deref()),
        (405, Some("GET"))
    );
    let put = agent.put(&app.url("/login")).send("").unwrap();
    assert_eq!(
        (put.status().as_u16(), allow(&put).as_deref()),
        (405, Some("GET, POST"))
    );
    assert_eq!(
        agent
            .trace(&app.url("/no-such-page"))
            .call()
            .unwrap()
            .status()
            .as_u16(),
        404
    );
}

/// Issue 38: robots.txt keeps crawlers to the public pages.
#[test]
fn robots_txt_allows_the_public_pages_only() {
    let app = TestApp::spawn(Backend::Sqlite);
    let robots = app.client().get("/robots.txt");
    assert_eq!(robots.status, 200);
    assert!(
        robots
            .header("content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    for private in ["/manage", "/s/", "/score/", "/api/"] {
        assert!(
            robots
                .body
                .lines()
                .any(|line| line == format!("Disallow: {private}")),
            "{}",
            robots.body
        );
    }
    assert!(
        robots.body.lines().any(|line| line == "Allow: /"),
        "{}",
        robots.body
    );
}

/// Issue 38: a page that carries the session's form token is never stored by a proxy
/// or the browser's history; a public page without one keeps its own caching.
#[test]
fn pages_with_a_form_token_are_not_stored() {
    let app = TestApp::spawn(Backend::Sqlite);
    let login = app.client().get("/login");
    assert!(login.body.contains("name=\"csrf_token\""));
    assert_eq!(login.header("cache-control"), Some("no-store"));
    let admin = app.admin();
    let home = admin.get("/");
    assert!(home.body.contains("name=\"csrf_token\""), "the logout form");
    assert_eq!(home.header("cache-control"), Some("no-store"));
    let public = app.client().get("/");
    assert!(!public.body.contains("name=\"csrf_token\""));
    assert_ne!(public.header("cache-control"), Some("no-store"));
}

/// Live streams are never compressed, even for a client that takes Brotli (a
/// compressor's window held for every open stream; `http_public` for pages).
#[test]
fn live_streams_are_not_compressed() {
    let app = TestApp::spawn(Backend::Sqlite);
    let organizer = app.organizer();
    let public_id = support::setup::create_match(&organizer, &[("title", "Flusso")]);
    let head = format!(
        "GET /m/{public_id}/events HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\n\r\n"
    );
    let answer = raw_answer(&app, &head, |_| true, std::time::Duration::from_millis(800));
    let head = answer
        .text
        .split("\r\n\r\n")
        .next()
        .unwrap()
        .to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("content-type: text/event-stream"), "{head}");
    assert!(
        !head.contains("content-encoding: br") && !head.contains("content-encoding: gzip"),
        "{head}"
    );
}
