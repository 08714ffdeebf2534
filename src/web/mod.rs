//! The HTTP shell: actix-web handlers, extractors and askama pages.

pub mod admin;
pub mod api;
pub mod archive;
pub mod assets;
pub mod assignment;
pub mod auth;
pub mod body_deadline;
pub mod cards;
pub mod client_address;
pub mod club_directory;
pub mod club_filter;
pub mod clubs;
pub mod confirm;
pub mod context;
pub mod csrf;
pub mod csv;
pub mod error;
pub mod events;
pub mod flash;
pub mod games;
pub mod home;
pub mod i18n;
pub mod ical;
pub mod live_streams;
pub mod live_updates;
pub mod managed;
pub mod match_state;
pub mod matches;
pub mod offline;
pub mod openapi;
pub mod paging;
pub mod player_links;
pub mod players;
pub mod public;
pub mod publish;
pub mod request_lang;
pub mod rotation;
pub mod routes;
pub mod scoring;
pub mod seasons;
pub mod table_links;
pub mod telemetry;
pub mod text_guard;
pub mod whole_body;

use std::net::TcpListener;
use std::sync::Arc;

use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::storage::CookieSessionStore;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::Server;
use actix_web::http::StatusCode;
use actix_web::middleware::{DefaultHeaders, ErrorHandlers, from_fn};
use actix_web::{App, HttpResponse, HttpServer, web};
use askama::Template;
use base64::Engine;

use crate::accounts;
use crate::store::{Db, DbConnection, StoreResult, settings, users};
use error::AppError;

pub const SESSION_COOKIE: &str = "segnapunti_session";
/// Sent on [`AppState::updates`] in place of a match id when any match may have
/// changed unheard (this instance listened again after losing its connection):
/// every open live page reads its match again once.
pub const EVERY_MATCH: i64 = i64::MIN;
/// Seconds a client may take to send a request head.
pub const SLOW_CLIENT_SECONDS: u64 = 5;

/// How the server presents itself; everything here comes from flags or the environment.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The address people use to reach the server, for links printed or shown
    /// (e.g. `https://punti.example.org`). Defaults to the bound address.
    pub public_url: Option<String>,
    /// Mark cookies Secure: set when the server is reached over https.
    pub secure_cookies: bool,
    /// Base64 of at least 64 bytes; when absent, a key is generated once and kept in the database.
    pub session_key: Option<String>,
    /// Worker threads; `None` means one per core.
    pub workers: Option<usize>,
    /// Reverse proxies whose `X-Forwarded-For` / `Forwarded` headers name the client;
    /// from any other peer those headers are ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How long a request body may take to arrive once its head has been read.
    pub body_timeout: std::time::Duration,
    /// The most live streams per client address and in all (`live_streams`).
    pub live_streams: live_streams::StreamLimits,
}

impl ServerConfig {
    /// A request body must arrive within this many seconds.
    pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);
}

/// Shared by every handler.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub public_url: Arc<str>,
    /// Ids of matches whose log changed, resolved once each into [`AppState::live`].
    pub updates: Arc<tokio::sync::broadcast::Sender<i64>>,
    /// The news each live stream waits for: of its event or its match.
    pub live: Arc<live_updates::LiveUpdates>,
    /// The one way to append a score entry (`crate::scoring`).
    pub scoring: crate::scoring::Scoring,
    /// Peers whose forwarding headers name the client (`client_address`).
    pub trusted_proxies: Arc<[std::net::IpAddr]>,
    /// The open live streams, capped per client and in all.
    pub live_streams: Arc<live_streams::LiveStreams>,
}

impl AppState {
    /// Runs a read off the async executor.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl FnMut(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    ) -> Result<T, AppError> {
        let db = self.db.clone();
        Ok(web::block(move || db.read(work)).await??)
    }

    /// A read of a few rows by key: on SQLite it runs on this thread when a connection
    /// is free (a thread hop costs more than the read, and under load the wait for
    /// the other thread to be scheduled is what the slowest requests are made of);
    /// otherwise as [`AppState::read`].
    pub async fn read_by_key<T: Send + 'static>(
        &self,
        work: impl FnMut(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    ) -> Result<T, AppError> {
        match self.db.read_now(work) {
            Ok(outcome) => Ok(outcome?),
            Err(work) => self.read(work).await,
        }
    }

    /// Runs a write transaction off the async executor: queued on SQLite's writer
    /// thread (answered after its group commit), on a blocking thread for PostgreSQL.
    pub async fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut DbConnection) -> StoreResult<T> + Send + 'static,
    ) -> Result<T, AppError> {
        match self.db.write_queued(work) {
            Ok(answer) => Ok(answer.await.unwrap_or_else(|_| Err(Db::interrupted()))?),
            Err(work) => {
                let db = self.db.clone();
                Ok(web::block(move || db.write(work)).await??)
            }
        }
    }

    /// A read of what a request names: `NotFound` when it is not there.
    pub async fn read_found<T: Send + 'static>(
        &self,
        work: impl FnMut(&mut DbConnection) -> StoreResult<Option<T>> + Send + 'static,
    ) -> Result<T, AppError> {
        self.read(work).await?.ok_or(AppError::NotFound)
    }

    /// Tells live pages that a match changed.
    pub fn notify(&self, match_id: i64) {
        // No subscriber is not an error: nobody is watching.
        let _ = self.updates.send(match_id);
    }

    /// An absolute link to a path of this site.
    pub fn link(&self, path: &str) -> String {
        format!("{}{}", self.public_url.trim_end_matches('/'), path)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("the session key must be base64 of at least 64 bytes")]
    BadSessionKey,
    #[error("cannot listen: {0}")]
    Io(#[from] std::io::Error),
}

/// A started server and what its operator needs to know.
pub struct Running {
    pub server: Server,
    pub address: std::net::SocketAddr,
    pub public_url: String,
    /// Printed once to the console while the database has no account.
    pub setup_link: Option<String>,
}

/// Builds the server on an already bound listener (port 0 in tests).
pub fn start(listener: TcpListener, db: Db, config: &ServerConfig) -> Result<Running, StartError> {
    let address = listener.local_addr()?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{address}"));
    let key = session_key(&db, config.session_key.as_deref())?;
    let updates = tokio::sync::broadcast::channel(1024).0;
    let live = live_updates::LiveUpdates::start(db.clone(), updates.subscribe())?;
    let state = AppState {
        db: db.clone(),
        public_url: public_url.clone().into(),
        updates: Arc::new(updates),
        live,
        scoring: crate::scoring::Scoring::new(
            db.clone(),
            Arc::new(crate::events::Advancement::default()),
        ),
        trusted_proxies: config.trusted_proxies.clone().into(),
        live_streams: live_streams::LiveStreams::new(config.live_streams),
    };
    if let Some(url) = db.postgres_url() {
        // Entries written through other instances reach this one's live pages.
        let updates = Arc::downgrade(&state.updates);
        crate::store::pg::listen::spawn(url, move |heard| match updates.upgrade() {
            Some(sender) => {
                use crate::store::pg::listen::Heard;
                match heard {
                    Heard::Changed(match_id) => {
                        let _ = sender.send(match_id);
                    }
                    Heard::Resubscribed => {
                        let _ = sender.send(EVERY_MATCH);
                    }
                    Heard::Idle => {}
                }
                true
            }
            None => false,
        });
    }
    let setup_link = db
        .write(prepare_setup_token)?
        .map(|token| state.link(&format!("/setup/{token}")));
    let secure_cookies = config.secure_cookies;
    let body_timeout = config.body_timeout;
    let state = web::Data::new(state);
    let mut server = HttpServer::new(move || {
        let sessions = SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
            .cookie_name(SESSION_COOKIE.to_string())
            .cookie_secure(secure_cookies)
            .cookie_http_only(true)
            .cookie_same_site(SameSite::Lax)
            .cookie_content_security(CookieContentSecurity::Signed)
            .session_lifecycle(PersistentSession::default().session_ttl(
                actix_web::cookie::time::Duration::days(crate::store::sessions::LIFETIME_DAYS),
            ))
            .build();
        App::new()
            .app_data(state.clone())
            .app_data(
                web::FormConfig::default().limit(256 * 1024).error_handler(
                    |error, _| match error {
                        actix_web::error::UrlencodedError::Overflow { .. } => {
                            AppError::TooLarge.into()
                        }
                        _ => AppError::BadRequest.into(),
                    },
                ),
            )
            .app_data(web::QueryConfig::default().error_handler(|_, _| AppError::BadRequest.into()))
            .app_data(web::PathConfig::default().error_handler(|_, _| AppError::NotFound.into()))
            .configure(routes::configure)
            .default_service(web::to(not_found))
            .wrap(from_fn(context::no_store_with_form_token))
            // Inside the form-token check: a forged request is refused before its text is read.
            .wrap(from_fn(text_guard::check))
            .wrap(from_fn(csrf::verify))
            .wrap(sessions)
            .wrap(ErrorHandlers::new().default_handler(error::render_error_page))
            .wrap(from_fn(move |request, next| {
                body_deadline::enforce(body_timeout, request, next)
            }))
            .wrap(security_headers())
            // Brotli where the client takes it (every current browser), gzip otherwise.
            .wrap(actix_web::middleware::Compress::default())
            .wrap(from_fn(publish::streams::unmark_identity))
            .wrap(from_fn(telemetry::request_span))
    })
    // Live pages hold event streams open; a restart should not wait long for them.
    .shutdown_timeout(5)
    // A client that has not sent its request head in time is answered 408 and closed,
    // so slow clients cannot hold connections (bodies: `body_deadline`).
    .client_request_timeout(std::time::Duration::from_secs(SLOW_CLIENT_SECONDS))
    .client_disconnect_timeout(std::time::Duration::from_secs(2))
    // A client that closes its connection ends it at once: a live stream otherwise
    // noticed its client gone only when a keep-alive comment failed, 20 to 40 s later,
    // and a room of phones locking their screens piled up streams meanwhile.
    .h1_allow_half_closed(false)
    .listen(listener)?;
    if let Some(workers) = config.workers {
        server = server.workers(workers);
    }
    Ok(Running {
        server: server.run(),
        address,
        public_url,
        setup_link,
    })
}

/// No row took the request: 404, or 405 for a path whose rows take other methods.
async fn not_found(request: actix_web::HttpRequest) -> Result<HttpResponse, AppError> {
    let methods = routes::methods_at(request.path());
    if methods.is_empty() {
        return Err(AppError::NotFound);
    }
    let allow = methods
        .iter()
        .map(|method| method.to_ascii_uppercase())
        .collect::<Vec<_>>()
        .join(", ");
    Err(AppError::MethodNotAllowed { allow })
}

fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "same-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ))
}

/// The configured key, or the one this database keeps (generated the first time).
fn session_key(db: &Db, configured: Option<&str>) -> Result<Key, StartError> {
    let engine = base64::engine::general_purpose::STANDARD;
    let encoded = match configured {
        Some(encoded) => encoded.trim().to_string(),
        None => {
            let candidate = engine.encode(Key::generate().master());
            db.write(move |connection| {
                settings::get_or_insert(connection, settings::SESSION_KEY, &candidate)
            })?
        }
    };
    let bytes = engine
        .decode(encoded)
        .map_err(|_| StartError::BadSessionKey)?;
    Key::try_from(bytes.as_slice()).map_err(|_| StartError::BadSessionKey)
}

/// While no account exists, a fresh one-time setup token replaces any earlier one.
fn prepare_setup_token(connection: &mut DbConnection) -> StoreResult<Option<String>> {
    if users::count(connection)? > 0 {
        settings::remove(connection, settings::SETUP_TOKEN_HASH)?;
        return Ok(None);
    }
    let token = accounts::random_token();
    settings::set(
        connection,
        settings::SETUP_TOKEN_HASH,
        &accounts::token_hash(&token),
    )?;
    Ok(Some(token))
}

/// Renders a page with a status other than 200 (a form shown again with its errors).
pub fn render_with_status(
    page: &impl Template,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(page.render()?))
}

/// A form shown again with what is wrong with it: 422.
pub fn refuse(page: &impl Template) -> Result<HttpResponse, AppError> {
    render_with_status(page, StatusCode::UNPROCESSABLE_ENTITY)
}

pub fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, location.to_string()))
        .finish()
}
