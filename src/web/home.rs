//! The start page, the language switch and the health check.

use actix_web::cookie::Cookie;
use actix_web::{HttpResponse, Responder, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::{LANG_COOKIE, PageContext, safe_local_path};
use super::error::AppError;
use super::{AppState, redirect};
use crate::store::Unavailability;

#[derive(Template, WebTemplate)]
#[template(path = "home/index.html")]
pub struct HomePage {
    pub ctx: PageContext,
}

pub async fn index(ctx: PageContext) -> HomePage {
    HomePage { ctx }
}

#[derive(Deserialize)]
pub struct SwitchQuery {
    next: Option<String>,
}

/// Remembers the language in a cookie for a year and goes back to the page.
pub async fn switch_language(
    code: web::Path<String>,
    query: web::Query<SwitchQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = super::i18n::lang_from_code(&code).ok_or(AppError::NotFound)?;
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .http_only(true)
        .same_site(actix_web::cookie::SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    let mut response = redirect(&safe_local_path(query.next.as_deref()));
    response
        .add_cookie(&cookie)
        .map_err(|error| AppError::internal("language cookie", error))?;
    Ok(response)
}

/// Plain text: `ok` when the database answers, 503 otherwise, saying which it is:
/// it cannot be reached, it refused a write, or it is full.
pub async fn health(state: web::Data<AppState>) -> impl Responder {
    let answer = state
        .read(|connection| {
            use diesel::connection::SimpleConnection;
            connection.batch_execute("SELECT 1").map_err(Into::into)
        })
        .await;
    let problem = match answer {
        Err(error) => Some(("health check failed", error)),
        // Only after a write failed for want of room: the plain check stays cheap.
        Ok(()) if state.db.writes_failing() => state
            .write(|connection| {
                let at = chrono::Utc::now().to_rfc3339();
                crate::store::settings::set(connection, crate::store::settings::HEALTH_PROBE, &at)
            })
            .await
            .err()
            .map(|error| ("health check: the database takes no writes", error)),
        Ok(()) => None,
    };
    let Some((context, error)) = problem else {
        return HttpResponse::Ok().content_type("text/plain").body("ok");
    };
    tracing::error!(%error, "{context}");
    let said = match &error {
        AppError::Store(error) => match error.unavailability() {
            Unavailability::CannotConnect => "database unavailable: cannot connect",
            Unavailability::RefusedWrite => "database takes no writes: it refused one",
            Unavailability::Full => "database takes no writes: it is full",
        },
        _ => "database unavailable",
    };
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain")
        .body(said)
}
