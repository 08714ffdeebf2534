//! The start page, the language switch and the health check.

use actix_web::cookie::Cookie;
use actix_web::{HttpResponse, Responder, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::{LANG_COOKIE, PageContext, safe_local_path};
use super::error::AppError;
use super::{AppState, redirect};
use crate::lang::Lang;

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
    let lang = Lang::from_code(&code).ok_or(AppError::NotFound)?;
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

/// Plain text: `ok` when the database answers, 503 otherwise.
pub async fn health(state: web::Data<AppState>) -> impl Responder {
    let answer = state
        .read(|connection| {
            use diesel::connection::SimpleConnection;
            connection.batch_execute("SELECT 1").map_err(Into::into)
        })
        .await;
    if answer.is_ok() && state.db.writes_failing() {
        // Only after a write failed for want of room: the plain check stays cheap.
        let probe = state
            .write(|connection| {
                let at = chrono::Utc::now().to_rfc3339();
                crate::store::settings::set(connection, crate::store::settings::HEALTH_PROBE, &at)
            })
            .await;
        if let Err(error) = probe {
            tracing::error!(%error, "health check: the database takes no writes");
            return HttpResponse::ServiceUnavailable()
                .content_type("text/plain")
                .body("database takes no writes (full?)");
        }
    }
    match answer {
        Ok(()) => HttpResponse::Ok().content_type("text/plain").body("ok"),
        Err(error) => {
            tracing::error!(%error, "health check failed");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain")
                .body("database unavailable")
        }
    }
}
