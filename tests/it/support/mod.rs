//! Test support: spawn the real application on port 0 over a fresh database of
//! either backend, and talk to it over real HTTP.
#![allow(dead_code)]

use std::net::TcpListener;
use std::sync::mpsc;

use diesel::Connection;
use diesel::connection::SimpleConnection;
use segnapunti::store::{DatabaseUrl, Db};
use segnapunti::web::{ServerConfig, start};

pub mod browser;
pub mod forms;
pub mod openapi;
pub mod pg_server;
pub mod process;
pub mod setup;
// The core's test helpers, for the words and commands of the core's cases.
#[path = "../../../crates/core/tests/core/support/mod.rs"]
pub mod core_support;

pub const ADMIN_PASSWORD: &str = "amministra-bene";

/// Runs the test body once per backend: SQLite always, PostgreSQL when
/// SEGNAPUNTI_TEST_POSTGRES_URL was set at build time.
#[macro_export]
macro_rules! backend_tests {
    // `config: F;` first: every app of the block is started with `F(&mut ServerConfig)`.
    (config: $configure:expr; $($tests:tt)*) => {
        $crate::backend_tests! { @backend sqlite, Sqlite, $configure; $($tests)* }
        #[cfg(postgres_tests)]
        $crate::backend_tests! { @backend postgres, Postgres, $configure; $($tests)* }
    };
    // One module of the tests, each on an app of `$backend`.
    (@backend $module:ident, $backend:ident, $configure:expr;
        $($(#[$attr:meta])* fn $name:ident($app:ident) $body:block)*) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            $($(#[$attr])* #[test] fn $name() {
                let $app = $crate::support::TestApp::spawn_configured(
                    $crate::support::Backend::$backend, $configure);
                $body
            })*
        }
    };
    ($($(#[$attr:meta])* fn $name:ident($app:ident) $body:block)*) => {
        $crate::backend_tests! { config: |_| {}; $($(#[$attr])* fn $name($app) $body)* }
    };
}

/// Every file under `templates/`, with its path and text.
pub fn template_files() -> Vec<(std::path::PathBuf, String)> {
    let mut folders = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path, text));
            }
        }
    }
    files
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that lives as long as the test: a file in a temporary folder, or a
/// PostgreSQL database of its own that is dropped afterwards.
pub struct TestDatabase {
    pub url: String,
    _folder: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    pub fn new(backend: Backend) -> TestDatabase {
        match backend {
            Backend::Sqlite => {
                let folder = tempfile::tempdir().expect("temporary folder");
                let url = format!("sqlite://{}", folder.path().join("test.db").display());
                TestDatabase {
                    url,
                    _folder: Some(folder),
                    postgres: None,
                }
            }
            Backend::Postgres => {
                let server = std::env::var("SEGNAPUNTI_TEST_POSTGRES_URL")
                    .expect("SEGNAPUNTI_TEST_POSTGRES_URL was set when the tests were built");
                let name = format!("segnapunti_test_{:016x}", rand::random::<u64>());
                let mut admin = diesel::PgConnection::establish(&server)
                    .unwrap_or_else(|e| panic!("cannot reach the PostgreSQL test server: {e}"));
                admin
                    .batch_execute(&format!("CREATE DATABASE {name}"))
                    .expect("create test database");
                let url = with_database(&server, &name);
                TestDatabase {
                    url,
                    _folder: None,
                    postgres: Some((server, name)),
                }
            }
        }
    }

    /// A database someone else owns (a copy, a second instance): nothing is dropped.
    pub fn at_url(url: &str) -> TestDatabase {
        TestDatabase {
            url: url.to_string(),
            _folder: None,
            postgres: None,
        }
    }

    pub fn open(&self) -> Db {
        Db::open(&DatabaseUrl::parse(&self.url).unwrap()).expect("open test database")
    }

    /// Drops a PostgreSQL test database under the running application (its
    /// connections are ended), as when the database server goes away.
    pub fn drop_now(&self) {
        let (server, name) = self.postgres.as_ref().expect("a PostgreSQL test database");
        let mut admin = diesel::PgConnection::establish(server).unwrap();
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .unwrap();
    }

    /// A raw connection beside the application, for tests that break things on purpose.
    pub fn execute(&self, sql: &str) {
        match self.postgres {
            Some(_) => diesel::PgConnection::establish(&self.url)
                .unwrap()
                .batch_execute(sql)
                .unwrap(),
            None => diesel::SqliteConnection::establish(self.url.trim_start_matches("sqlite://"))
                .unwrap()
                .batch_execute(sql)
                .unwrap(),
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.postgres
            && let Ok(mut admin) = diesel::PgConnection::establish(server)
        {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// Replaces the database name (the path) of a PostgreSQL URL.
fn with_database(server: &str, name: &str) -> String {
    let (scheme, rest) = server.split_once("://").unwrap();
    let (authority, query) = match rest.split_once('/') {
        Some((authority, tail)) => (authority, tail.split_once('?').map(|(_, q)| q)),
        None => (
            rest.split('?').next().unwrap(),
            rest.split_once('?').map(|(_, q)| q),
        ),
    };
    match query {
        Some(query) => format!("{scheme}://{authority}/{name}?{query}"),
        None => format!("{scheme}://{authority}/{name}"),
    }
}

/// The application running in a background thread on its own port.
pub struct TestApp {
    pub base: String,
    pub setup_link: Option<String>,
    pub backend: Backend,
    pub database: TestDatabase,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestApp {
    pub fn spawn(backend: Backend) -> TestApp {
        let database = TestDatabase::new(backend);
        TestApp::spawn_on(backend, database)
    }

    /// Starts the application with settings of its own (a trusted proxy, a short
    /// body timeout).
    pub fn spawn_configured(backend: Backend, configure: fn(&mut ServerConfig)) -> TestApp {
        TestApp::start(backend, TestDatabase::new(backend), configure)
    }

    /// Starts the application on an existing database (a restart).
    pub fn spawn_on(backend: Backend, database: TestDatabase) -> TestApp {
        TestApp::start(backend, database, |_| {})
    }

    fn start(
        backend: Backend,
        database: TestDatabase,
        configure: fn(&mut ServerConfig),
    ) -> TestApp {
        let db = database.open();
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind port 0");
        let (sender, receiver) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let mut config = ServerConfig {
                    public_url: None,
                    secure_cookies: false,
                    session_key: None,
                    workers: Some(2),
                    trusted_proxies: Vec::new(),
                    body_timeout: ServerConfig::BODY_TIMEOUT,
                    live_streams: segnapunti::web::live_streams::StreamLimits::for_this_process(),
                };
                configure(&mut config);
                let running = start(listener, db, &config).expect("start the application");
                sender
                    .send((
                        running.server.handle(),
                        running.public_url.clone(),
                        running.setup_link.clone(),
                    ))
                    .unwrap();
                running.server.await.expect("server ran");
            })
        });
        let (handle, base, setup_link) = receiver.recv().expect("the application started");
        TestApp {
            base,
            setup_link,
            backend,
            database,
            handle,
            thread: Some(thread),
        }
    }

    /// A second instance on the same database, as behind a load balancer.
    pub fn second_instance(&self) -> TestApp {
        TestApp::spawn_on(self.backend, TestDatabase::at_url(&self.database.url))
    }

    /// Stops the server and hands back its database, for a restart.
    pub fn stop(mut self) -> TestDatabase {
        self.shutdown();
        std::mem::replace(
            &mut self.database,
            TestDatabase {
                url: String::new(),
                _folder: None,
                postgres: None,
            },
        )
    }

    fn shutdown(&mut self) {
        if let Some(thread) = self.thread.take() {
            actix_web::rt::System::new().block_on(self.handle.stop(false));
            let _ = thread.join();
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// A match's live event stream, opened for at most `limit` in all.
    pub fn match_events(
        &self,
        public_id: &str,
        limit: std::time::Duration,
    ) -> ureq::http::Response<ureq::Body> {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(limit))
            .build()
            .into();
        agent
            .get(self.url(&format!("/m/{public_id}/events")))
            .call()
            .unwrap()
    }

    /// A browser-like client of its own: cookies kept, redirects not followed.
    pub fn client(&self) -> Client {
        Client::new(&self.base, "it")
    }

    pub fn client_in(&self, language: &str) -> Client {
        Client::new(&self.base, language)
    }

    /// Creates the first administrator through the setup link and returns the
    /// client logged in as that administrator.
    pub fn admin(&self) -> Client {
        let client = self.client();
        let link = self
            .setup_link
            .as_ref()
            .expect("a fresh database prints a setup link");
        let path = link.strip_prefix(&self.base).unwrap();
        let page = client.get(path);
        assert_eq!(page.status, 200, "{}", page.body);
        let response = client.post_form(
            path,
            &[
                ("username", "capo"),
                ("display_name", "Capo Arbitro"),
                ("password", ADMIN_PASSWORD),
                ("confirm_password", ADMIN_PASSWORD),
            ],
        );
        assert_eq!(response.status, 303, "{}", response.body);
        client
    }

    /// The organizer "org", made by a first administrator, logged in: for tests that need
    /// the administrator for nothing else.
    pub fn organizer(&self) -> Client {
        self.user(&self.admin(), "org", "organizer")
    }

    /// An account of the role made by the administrator, and a client logged in as it.
    pub fn user(&self, admin: &Client, username: &str, role: &str) -> Client {
        self.user_named(admin, username, username, role)
    }

    /// As [`TestApp::user`], with a display name of its own.
    pub fn user_named(
        &self,
        admin: &Client,
        username: &str,
        display_name: &str,
        role: &str,
    ) -> Client {
        admin.get("/admin/users");
        let password = format!("{username}-password");
        let response = admin.post_form(
            "/admin/users",
            &[
                ("username", username),
                ("display_name", display_name),
                ("role", role),
                ("password", &password),
                ("confirm_password", &password),
            ],
        );
        assert_eq!(response.status, 303, "{}", response.body);
        let client = self.client();
        client.login(username, &password);
        client
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown();
    }
}

pub struct Response {
    pub status: u16,
    pub body: String,
    pub location: Option<String>,
    pub headers: Vec<(String, String)>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

pub struct Client {
    base: String,
    agent: ureq::Agent,
    language: String,
    /// Sent with every request (`X-Forwarded-For` through a trusted proxy).
    headers: Vec<(String, String)>,
}

/// Tests speak from other addresses through the loopback "proxy" they trust.
pub fn trusting_loopback(config: &mut ServerConfig) {
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
}

impl Client {
    pub fn new(base: &str, language: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            // The server closes an idle connection after 5 s (actix's keep-alive);
            // reusing one it has closed reads "peer disconnected" under a loaded CI.
            .max_idle_age(std::time::Duration::from_secs(2))
            .build()
            .into();
        Client {
            base: base.to_string(),
            agent,
            language: language.to_string(),
            headers: Vec::new(),
        }
    }

    /// This client, sending `name: value` with every request.
    pub fn with_header(mut self, name: &str, value: &str) -> Client {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    /// A client claiming, through the trusted proxy, to come from `address`.
    pub fn speaking_from(self, address: &str) -> Client {
        self.with_header("X-Forwarded-For", address)
    }

    /// A second client holding a copy of this one's cookies, as a stolen or
    /// backed-up cookie would be.
    pub fn copy(&self) -> Client {
        let copy = Client::new(&self.base, &self.language);
        let uri: ureq::http::Uri = self.base.parse().unwrap();
        let cookies: Vec<String> = self
            .agent
            .cookie_jar_lock()
            .iter()
            .map(|cookie| format!("{}={}; Path=/", cookie.name(), cookie.value()))
            .collect();
        let mut jar = copy.agent.cookie_jar_lock();
        for cookie in cookies {
            jar.insert(ureq::Cookie::parse(cookie, &uri).unwrap(), &uri)
                .unwrap();
        }
        jar.release();
        copy
    }

    fn with_headers<B>(&self, mut request: ureq::RequestBuilder<B>) -> ureq::RequestBuilder<B> {
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        request
    }

    /// The same cookies, pointed at another server (cookies ignore the port).
    pub fn with_cookies_of(client: Client, base: &str) -> Client {
        Client {
            base: base.to_string(),
            ..client
        }
    }

    /// Reads the answer; an answer of the JSON API is checked against its document.
    fn finish(
        method: &str,
        path: &str,
        response: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Response {
        let mut response = response.expect("the request reached the server");
        let status = response.status().as_u16();
        let headers = header_list(&response);
        let location = response
            .headers()
            .get("location")
            .map(|value| value.to_str().unwrap().to_string());
        let body = response.body_mut().read_to_string().unwrap_or_default();
        openapi::check(method, path, status, &headers, &body);
        Response {
            status,
            body,
            location,
            headers,
        }
    }

    pub fn get(&self, path: &str) -> Response {
        Client::finish(
            "GET",
            path,
            self.with_headers(self.agent.get(format!("{}{}", self.base, path)))
                .header("Accept-Language", &self.language)
                .call(),
        )
    }

    /// A HEAD request: its status, headers and whatever body came (there should be none).
    /// (The API document describes GET; HEAD answers are not checked against it.)
    pub fn head(&self, path: &str) -> Response {
        let mut response = self
            .with_headers(self.agent.head(format!("{}{}", self.base, path)))
            .header("Accept-Language", &self.language)
            .call()
            .expect("the request reached the server");
        let headers = header_list(&response);
        Response {
            status: response.status().as_u16(),
            body: response.body_mut().read_to_string().unwrap_or_default(),
            location: response
                .headers()
                .get("location")
                .map(|value| value.to_str().unwrap_or_default().to_string()),
            headers,
        }
    }

    /// The status of a GET without reading the body (event streams never end).
    pub fn head_status(&self, path: &str) -> Response {
        let response = self
            .with_headers(self.agent.get(format!("{}{}", self.base, path)))
            .header("Accept-Language", &self.language)
            .call()
            .expect("the request reached the server");
        Response {
            status: response.status().as_u16(),
            body: String::new(),
            location: response
                .headers()
                .get("location")
                .map(|value| value.to_str().unwrap_or_default().to_string()),
            headers: Vec::new(),
        }
    }

    /// The CSRF token the server put in this client's pages.
    pub fn csrf_token(&self) -> String {
        let page = self.get("/login");
        form_value(&page.body, "csrf_token").expect("pages carry a csrf token")
    }

    /// Posts a form with this session's CSRF token added.
    pub fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Response {
        let token = self.csrf_token();
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("csrf_token", &token));
        self.post_raw(path, &all)
    }

    /// Posts exactly the fields given, with no token added.
    pub fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Response {
        Client::finish(
            "POST",
            path,
            self.with_headers(self.agent.post(format!("{}{}", self.base, path)))
                .header("Accept-Language", &self.language)
                .send_form(fields.iter().copied()),
        )
    }

    /// Posts JSON with this client's cookies, with or without the CSRF header.
    pub fn post_json(&self, path: &str, body: &str, csrf_token: Option<&str>) -> Response {
        let mut request = self
            .with_headers(self.agent.post(format!("{}{}", self.base, path)))
            .content_type("application/json");
        if let Some(token) = csrf_token {
            request = request.header("X-CSRF-Token", token);
        }
        Client::finish("POST", path, request.send(body))
    }

    /// Posts JSON with a bearer token.
    pub fn post_json_bearer(&self, path: &str, body: &str, token: &str) -> Response {
        Client::finish(
            "POST",
            path,
            self.with_headers(self.agent.post(format!("{}{}", self.base, path)))
                .content_type("application/json")
                .header("Authorization", &format!("Bearer {token}"))
                .send(body),
        )
    }

    pub fn login(&self, username: &str, password: &str) -> Response {
        let response = self.post_form("/login", &[("username", username), ("password", password)]);
        assert_eq!(
            response.status, 303,
            "login of {username} failed: {}",
            response.body
        );
        response
    }
}

/// The value of the named input in a page.
/// The value of the `<option>` whose text is `label`.
pub fn option_value(html: &str, label: &str) -> String {
    let end = html
        .find(&format!("\">{label}</option>"))
        .unwrap_or_else(|| panic!("no option {label}"));
    let start = html[..end].rfind("value=\"").unwrap() + 7;
    html[start..end].to_string()
}

/// An administrator, and an organizer of club "Scuola di Trionfetti" (slug
/// `scuola-di-trionfetti`) made by the administrator through the pages.
pub fn club_with_organizer(app: &TestApp) -> (Client, Client) {
    let admin = app.admin();
    let organizer = app.user(&admin, "org", "organizer");
    let created = admin.post_form("/manage/clubs", &[("name", "Scuola di Trionfetti")]);
    assert_eq!(created.status, 303, "{}", created.body);
    assert_eq!(
        created.location.as_deref(),
        Some("/manage/clubs/scuola-di-trionfetti")
    );
    let page = admin.get("/manage/clubs/scuola-di-trionfetti");
    let id = option_value(&page.body, "org");
    let added = admin.post_form(
        "/manage/clubs/scuola-di-trionfetti/organizers",
        &[("user_id", &id)],
    );
    assert_eq!(added.status, 303);
    (admin, organizer)
}

/// An HTML piece's words as a browser's `textContent` gives them, spaces collapsed.
pub fn words_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn form_value(html: &str, name: &str) -> Option<String> {
    quoted_after(html, &format!("name=\"{name}\" value=\""))
}

/// What follows the first `marker` in `html` up to the next double quote: the value of
/// the attribute `marker` opens.
/// An answer's headers as (name, value) pairs.
pub fn header_list(response: &ureq::http::Response<ureq::Body>) -> Vec<(String, String)> {
    response
        .headers()
        .iter()
        .map(|(name, value)| {
            (
                name.to_string(),
                value.to_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

pub fn quoted_after(html: &str, marker: &str) -> Option<String> {
    let start = html.find(marker)? + marker.len();
    let end = html[start..].find('"')?;
    Some(html[start..start + end].to_string())
}
