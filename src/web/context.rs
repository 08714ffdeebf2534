//! What every page needs to know about its visitor: language, account and form token.

use std::borrow::Borrow;
use std::future::Future;
use std::pin::Pin;

use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};

use super::AppState;
use super::error::AppError;
use super::i18n::Tr;
pub use super::request_lang::{LANG_COOKIE, lang_of_request};
use crate::accounts::{self, Role};
use crate::lang::Lang;
use crate::store::sessions;

/// The session's random id; the database knows it by its hash (`store::sessions`).
const SESSION_ID: &str = "sid";
const SESSION_CSRF: &str = "csrf";

/// The logged-in account, as pages show it.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub role: Role,
}

/// Whether the page answering a request showed the session's form token, which
/// [`no_store_with_form_token`] reads from the request once the page is rendered.
#[derive(Clone, Default)]
pub struct FormTokenShown(std::rc::Rc<std::cell::Cell<bool>>);

/// A page carrying the session's form token is never kept by a proxy or shown again
/// from the history of a phone another referee picks up: `Cache-Control: no-store`.
pub async fn no_store_with_form_token<B: actix_web::body::MessageBody>(
    request: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<B>,
) -> Result<actix_web::dev::ServiceResponse<B>, actix_web::Error> {
    use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
    let mut response = next.call(request).await?;
    let shown = response
        .request()
        .extensions()
        .get::<FormTokenShown>()
        .is_some_and(|shown| shown.0.get());
    if shown {
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}

/// Built for every page by its handler's extractor.
pub struct PageContext {
    pub tr: Tr,
    pub user: Option<SessionUser>,
    /// The player linked to the account, whose results the header links to.
    pub my_player: Option<i64>,
    /// Made on first use: a page without a form, or an API call, then leaves the
    /// visitor's session alone (no token to sign and no cookie to set).
    form_token: std::cell::OnceCell<String>,
    /// Set when the page shows the form token: its answer must not be stored.
    token_shown: FormTokenShown,
    /// Path and query of this page, for the language switch to come back to.
    pub here: String,
    session: Session,
}

impl PageContext {
    /// The session's form token, for the `csrf_token` field of a form.
    pub fn csrf_token(&self) -> &str {
        self.token_shown.0.set(true);
        self.form_token.get_or_init(|| {
            csrf_token(&self.session).unwrap_or_else(|error| {
                // A form without its token is refused on submission, visibly; the
                // page itself can still be shown.
                tracing::error!(%error, "cannot store the form token in the session");
                String::new()
            })
        })
    }

    pub fn lang(&self) -> Lang {
        self.tr.lang()
    }

    pub fn t(&self, id: &str) -> &'static str {
        self.tr.t(id)
    }

    /// A message with arguments: `ctx.t_args("rotation-round", &[("round", Arg::from(n))])`.
    pub fn t_args<'a>(&self, id: &str, args: impl AsRef<[(&'a str, crate::lang::Arg)]>) -> String {
        self.tr.t_args(id, args)
    }

    /// A calendar day in the reader's language ([`super::i18n::Tr::date`]).
    pub fn date(&self, day: impl Borrow<chrono::NaiveDate>) -> String {
        self.tr.date(day)
    }

    /// A wall-clock day and time in the reader's language.
    pub fn date_time(&self, at: impl Borrow<chrono::NaiveDateTime>) -> String {
        self.tr.date_time(at)
    }

    /// The day of a wall-clock time, without the time.
    pub fn day_of(&self, at: impl Borrow<chrono::NaiveDateTime>) -> String {
        self.tr.date(at.borrow().date())
    }

    /// The day of an instant the server recorded (in UTC) outside any event, on the
    /// default zone's clock, as a standalone match's log reads its times.
    pub fn recorded_day(&self, at: impl Borrow<chrono::NaiveDateTime>) -> String {
        self.tr.recorded_day(at)
    }

    /// A UTC instant (accounts, tokens, invitations), said as UTC.
    pub fn date_time_utc(&self, at: impl Borrow<chrono::NaiveDateTime>) -> String {
        self.tr.date_time_utc(at)
    }

    /// A score or tie-break value in this language's decimals.
    pub fn points(&self, points: &crate::tournament::Points) -> String {
        self.tr.points(points)
    }

    /// A message the core gave as data.
    pub fn msg(&self, msg: &crate::lang::Msg) -> String {
        self.tr.msg(msg)
    }

    /// The account, or a redirect to the login page.
    pub fn require_login(&self) -> Result<&SessionUser, AppError> {
        self.user.as_ref().ok_or_else(|| AppError::LoginRequired {
            next: self.here.clone(),
        })
    }

    /// The account if it has one of the roles; administrators may do everything.
    pub fn require_role(&self, allowed: &[Role]) -> Result<&SessionUser, AppError> {
        let user = self.require_login()?;
        if user.role == Role::Admin || allowed.contains(&user.role) {
            Ok(user)
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The role label in the visitor's language.
    pub fn role_label(&self, role: &Role) -> &'static str {
        self.tr.t(match *role {
            Role::Admin => "role-admin",
            Role::Organizer => "role-organizer",
            Role::Referee => "role-referee",
        })
    }

    pub fn is_admin(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|user| user.role == Role::Admin)
    }

    /// Organizers and administrators: the people who run matches.
    pub fn is_staff(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|user| matches!(user.role, Role::Admin | Role::Organizer))
    }

    /// The link that switches to `lang` and comes back to this page.
    pub fn lang_switch_url(&self, lang: &Lang) -> String {
        let query = serde_urlencoded::to_string([("next", &self.here)]).unwrap_or_default();
        format!("/lang/{}?{}", lang.code(), query)
    }

    pub fn languages(&self) -> &'static [Lang] {
        super::i18n::languages()
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The notice a saved form left for this page, if it is one of `shown` (see
    /// [`super::flash`]); taken out either way, so that it shows once.
    pub fn take_notice(&self, shown: &[&'static str]) -> Option<&'static str> {
        super::flash::take_one_of(&self.session, shown)
    }
}

/// Starts a logged-in session of the account: a row in the database and, in the
/// cookie, its random id (a fresh cookie session against fixation) and a fresh
/// form token.
pub async fn begin_session(
    state: &AppState,
    session: &Session,
    user_id: i64,
) -> Result<(), AppError> {
    let id = accounts::random_token();
    let id_hash = accounts::token_hash(&id);
    state
        .write(move |connection| sessions::create(connection, user_id, &id_hash))
        .await?;
    session.renew();
    session.insert(SESSION_ID, id)?;
    session.insert(SESSION_CSRF, accounts::random_token())?;
    Ok(())
}

/// Ends the session in the database, so that no copy of its cookie opens anything
/// any more, and clears this cookie.
pub async fn end_session(state: &AppState, session: &Session) -> Result<(), AppError> {
    if let Some(id_hash) = session_id_hash(session)? {
        state
            .write(move |connection| sessions::end(connection, &id_hash))
            .await?;
    }
    session.purge();
    Ok(())
}

/// How the database knows this cookie's session, if it is a logged-in one.
pub fn session_id_hash(session: &Session) -> Result<Option<String>, AppError> {
    Ok(session
        .get::<String>(SESSION_ID)?
        .map(|id| accounts::token_hash(&id)))
}

/// The form token of this session, created on first use.
pub fn csrf_token(session: &Session) -> Result<String, AppError> {
    if let Some(token) = session.get::<String>(SESSION_CSRF)? {
        return Ok(token);
    }
    let token = accounts::random_token();
    session.insert(SESSION_CSRF, &token)?;
    Ok(token)
}

/// The token the session expects, without creating one.
pub fn expected_csrf_token(session: &Session) -> Option<String> {
    session.get::<String>(SESSION_CSRF).ok().flatten()
}

/// The session's account and the player linked to it, in one query; a session the
/// database no longer knows (logged out, ended by a password change, expired)
/// leaves the cookie anonymous.
async fn load_user(
    state: &AppState,
    session: &Session,
) -> Result<Option<(SessionUser, Option<i64>)>, AppError> {
    let Some(id_hash) = session_id_hash(session)? else {
        return Ok(None);
    };
    let found = state
        .read_by_key(move |connection| sessions::find_user(connection, &id_hash))
        .await?;
    match found {
        Some((user, player)) => Ok(Some((
            SessionUser {
                id: user.id,
                role: user.role(),
                username: user.username,
                display_name: user.display_name,
            },
            player,
        ))),
        None => {
            session.purge();
            Ok(None)
        }
    }
}

/// The logged-in account of this request and its linked player, looked up once and
/// kept in the request's extensions for the access check and the page context alike.
async fn session_account(
    request: &HttpRequest,
) -> Result<Option<(SessionUser, Option<i64>)>, AppError> {
    #[derive(Clone)]
    struct Known(Option<(SessionUser, Option<i64>)>);
    if let Some(Known(account)) = request.extensions().get::<Known>() {
        return Ok(account.clone());
    }
    let state = request
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| AppError::Internal("application state missing".into()))?
        .clone();
    // An API call with a bearer token is that token's, whatever cookie comes with
    // it: the form-token check let it through for the token alone.
    let bearer_api = request.path().starts_with("/api/") && super::api::has_bearer(request);
    let account = if bearer_api {
        None
    } else {
        load_user(&state, &request.get_session()).await?
    };
    request.extensions_mut().insert(Known(account.clone()));
    Ok(account)
}

/// The logged-in account of this request.
pub async fn session_user(request: &HttpRequest) -> Result<Option<SessionUser>, AppError> {
    Ok(session_account(request).await?.map(|(user, _)| user))
}

impl FromRequest for PageContext {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<PageContext, AppError>>>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        Box::pin(async move {
            let session = request.get_session();
            let account = session_account(&request).await?;
            let my_player = account.as_ref().and_then(|(_, player)| *player);
            let user = account.map(|(user, _)| user);
            let token_shown = FormTokenShown::default();
            request.extensions_mut().insert(token_shown.clone());
            let here = match request.query_string() {
                "" => request.path().to_string(),
                query => format!("{}?{}", request.path(), query),
            };
            Ok(PageContext {
                tr: Tr::new(lang_of_request(&request)),
                user,
                my_player,
                form_token: std::cell::OnceCell::new(),
                token_shown,
                here,
                session,
            })
        })
    }
}

/// What every handler starts from: the page's context and the application. `Account`
/// and `Managed` extract it first, then check the visitor.
pub struct Visit {
    pub ctx: PageContext,
    pub state: web::Data<AppState>,
}

impl FromRequest for Visit {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Visit, AppError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let context = PageContext::from_request(request, payload);
        let state = app_state(request);
        Box::pin(async move {
            let ctx = context.await?;
            Ok(Visit { ctx, state: state? })
        })
    }
}

/// The application, as the extractors find it.
pub(super) fn app_state(request: &HttpRequest) -> Result<web::Data<AppState>, AppError> {
    request
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("no application state".into()))
}

/// The public id the path's `{id}` gives, as a `web::Path` reads it (percent-decoded).
pub(super) fn path_id(request: &HttpRequest) -> Result<String, AppError> {
    #[derive(serde::Deserialize)]
    struct IdPath {
        id: String,
    }
    web::Path::<IdPath>::extract(request)
        .into_inner()
        .map(|path| path.into_inner().id)
        .map_err(|_| AppError::NotFound)
}

/// A page only a logged-in visitor opens: the context, the application and the account.
/// An anonymous visitor is sent to the login page. Put it after a form in a handler's
/// arguments, so that an unreadable form is refused first.
pub struct Account {
    pub ctx: PageContext,
    pub state: web::Data<AppState>,
    pub user: SessionUser,
}

impl FromRequest for Account {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Account, AppError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        from_visit(request, payload, |Visit { ctx, state }| async move {
            let user = ctx.require_login()?.clone();
            Ok(Account { ctx, state, user })
        })
    }
}

/// An extractor that starts from the [`Visit`] and goes on with `then` (which checks the
/// visitor, or reads what the path names).
pub(super) fn from_visit<T, Then>(
    request: &HttpRequest,
    payload: &mut Payload,
    then: impl FnOnce(Visit) -> Then + 'static,
) -> Pin<Box<dyn Future<Output = Result<T, AppError>>>>
where
    Then: Future<Output = Result<T, AppError>> + 'static,
{
    let visit = Visit::from_request(request, payload);
    Box::pin(async move { then(visit.await?).await })
}

/// A same-site path to go back to after a login or a language switch; anything
/// else becomes the home page. Browsers drop tabs and newlines inside a URL and
/// read `\` as `/`, so `/\t/evil.example` would lead to another site; and a
/// control character cannot be sent back in a `Location` header at all. So a path
/// is followed only when it has no control or white-space character and a single
/// `/` before its first segment.
pub fn safe_local_path(candidate: Option<&str>) -> String {
    match candidate {
        Some(path) if is_same_site_path(path) => path.to_string(),
        _ => "/".to_string(),
    }
}

fn is_same_site_path(path: &str) -> bool {
    let mut rest = path.chars();
    rest.next() == Some('/')
        && !matches!(rest.next(), Some('/' | '\\'))
        && !path
            .chars()
            .any(|character| character.is_control() || character.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_paths_are_followed() {
        assert_eq!(safe_local_path(Some("/admin/users")), "/admin/users");
        assert_eq!(safe_local_path(Some("//evil.example")), "/");
        assert_eq!(safe_local_path(Some("https://evil.example")), "/");
        assert_eq!(safe_local_path(Some("/\\evil.example")), "/");
        assert_eq!(safe_local_path(None), "/");
        assert_eq!(safe_local_path(Some("")), "/");
        assert_eq!(safe_local_path(Some("/")), "/");
        assert_eq!(
            safe_local_path(Some("/e/abc?q=a%20b&page=2#x")),
            "/e/abc?q=a%20b&page=2#x"
        );
        for bad in [
            "/\t/evil.example",
            "/\n/evil.example",
            "/ /evil.example",
            "/\u{3000}/evil.example",
            "\t//evil.example",
            " /x",
            "/x\u{b}",
            "/\u{0}/x",
            "/\u{7f}",
            "/\u{85}/x",
            "javascript:alert(1)",
            "evil.example/x",
        ] {
            assert_eq!(safe_local_path(Some(bad)), "/", "{bad:?}");
        }
    }
}
