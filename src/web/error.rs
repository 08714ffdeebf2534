//! The web layer's one error type, and the pages that show errors.
//!
//! Internal errors are logged with the request's reference and shown as a plain
//! page carrying only that reference.

use actix_web::HttpMessage;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError, dev::ServiceResponse};
use askama::Template;

use super::i18n::Tr;
use super::request_lang::lang_of_request;
use super::telemetry::RequestRef;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    /// A table's scoring link the organizer revoked: 404, with a page that says so.
    #[error("scoring link revoked")]
    LinkRevoked,
    /// An invitation link already used: 410, with a page that says so and links to
    /// the login.
    #[error("invitation already used")]
    InvitationUsed,
    /// The path is a route, but not for this method; `allow` lists the methods it takes.
    #[error("method not allowed")]
    MethodNotAllowed { allow: String },
    #[error("forbidden")]
    Forbidden,
    #[error("login required")]
    LoginRequired { next: String },
    /// The API was called without valid credentials.
    #[error("credentials required")]
    Unauthorized,
    #[error("missing or wrong form token")]
    BadCsrf,
    /// A request body over the limit.
    #[error("request too large")]
    TooLarge,
    /// A request body that did not arrive in time (`body_deadline`).
    #[error("request body not received in time")]
    SlowBody,
    /// A request that cannot be read (a form field of the wrong shape).
    #[error("bad request")]
    BadRequest,
    /// A text the rules of `crate::text` refuse, in the field named (`text_guard`).
    #[error("field {field} refused: {refused:?}")]
    BadText {
        field: String,
        refused: crate::text::Refused,
    },
    #[error("internal error: {0}")]
    Internal(String),
    #[error("storage: {0}")]
    Store(#[from] StoreError),
}

impl AppError {
    pub fn internal(context: &str, error: impl std::fmt::Display) -> AppError {
        AppError::Internal(format!("{context}: {error}"))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(error: actix_web::error::BlockingError) -> AppError {
        AppError::internal("blocking task", error)
    }
}

impl From<askama::Error> for AppError {
    fn from(error: askama::Error) -> AppError {
        AppError::internal("template", error)
    }
}

impl From<actix_session::SessionInsertError> for AppError {
    fn from(error: actix_session::SessionInsertError) -> AppError {
        AppError::internal("session", error)
    }
}

impl From<actix_session::SessionGetError> for AppError {
    fn from(error: actix_session::SessionGetError) -> AppError {
        AppError::internal("session", error)
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound | AppError::LinkRevoked => StatusCode::NOT_FOUND,
            AppError::InvitationUsed => StatusCode::GONE,
            AppError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Forbidden | AppError::BadCsrf => StatusCode::FORBIDDEN,
            AppError::BadRequest | AppError::BadText { .. } => StatusCode::BAD_REQUEST,
            AppError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::SlowBody => StatusCode::REQUEST_TIMEOUT,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::LoginRequired { .. } => StatusCode::SEE_OTHER,
            AppError::Store(error) if error.is_unavailable() => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) | AppError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The body is filled in by [`render_error_page`], which knows the request.
    fn error_response(&self) -> HttpResponse<BoxBody> {
        let mut response = HttpResponse::build(self.status_code());
        if let AppError::LoginRequired { next } = self {
            let query = serde_urlencoded::to_string([("next", next)]).unwrap_or_default();
            response.insert_header((header::LOCATION, format!("/login?{query}")));
        }
        if let AppError::MethodNotAllowed { allow } = self {
            response.insert_header((header::ALLOW, allow.clone()));
        }
        response.finish()
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    tr: Tr,
    status: u16,
    title_key: &'static str,
    detail: String,
    reference: Option<String>,
    /// The page offers the login (a used invitation: its holder has an account).
    login: bool,
}

/// Whether the response carries an [`AppError`] of this kind.
fn error_is<B>(response: &ServiceResponse<B>, kind: impl Fn(&AppError) -> bool) -> bool {
    response
        .response()
        .error()
        .and_then(|error| error.as_error::<AppError>())
        .is_some_and(kind)
}

/// Gives error responses (4xx and 5xx with no body of their own) a page in the
/// visitor's language. 5xx errors are logged here, with the request reference.
pub fn render_error_page<B: MessageBody>(
    response: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    // A handler that rendered its own page (a form shown again with its errors) keeps it.
    if !matches!(
        response.response().body().size(),
        BodySize::None | BodySize::Sized(0)
    ) {
        return Ok(ErrorHandlerResponse::Response(
            response.map_into_left_body(),
        ));
    }
    let status = response.status();
    let reference = response
        .request()
        .extensions()
        .get::<RequestRef>()
        .map(|reference| reference.0.clone());
    if status.is_server_error() {
        let detail = response
            .response()
            .error()
            .map(|error| error.to_string())
            .unwrap_or_else(|| "no detail".to_string());
        tracing::error!(reference = reference.as_deref().unwrap_or("-"), %status, error = %detail, "request failed");
    }
    let is_api = response.request().path().starts_with("/api/");
    let (title_key, detail_key) = match status {
        StatusCode::NOT_FOUND
            if error_is(&response, |error| matches!(error, AppError::LinkRevoked)) =>
        {
            ("error-link_revoked", "error-link_revoked_detail")
        }
        StatusCode::NOT_FOUND => ("error-not_found", "error-not_found_detail"),
        StatusCode::GONE
            if error_is(&response, |error| matches!(error, AppError::InvitationUsed)) =>
        {
            ("error-invitation_used", "error-invitation_used_detail")
        }
        StatusCode::METHOD_NOT_ALLOWED => ("error-method", "error-method_detail"),
        StatusCode::FORBIDDEN => {
            let csrf = error_is(&response, |error| matches!(error, AppError::BadCsrf));
            if csrf {
                ("error-csrf", "error-csrf_detail")
            } else {
                ("error-forbidden", "error-forbidden_detail")
            }
        }
        StatusCode::PAYLOAD_TOO_LARGE => ("error-too_large", "error-too_large_detail"),
        StatusCode::REQUEST_TIMEOUT => ("error-slow_body", "error-slow_body_detail"),
        StatusCode::UNAUTHORIZED => ("error-unauthorized", "error-unauthorized_detail"),
        StatusCode::SERVICE_UNAVAILABLE => ("error-unavailable", "error-unavailable_detail"),
        status if status.is_server_error() => ("error-internal", "error-internal_detail"),
        _ => ("error-bad_request", "error-bad_request_detail"),
    };
    // A refused text is explained with the field it was in.
    let bad_text = response
        .response()
        .error()
        .and_then(|error| error.as_error::<AppError>())
        .and_then(|error| match error {
            AppError::BadText { field, refused } => Some(refused.msg(field)),
            _ => None,
        });
    let detail = |tr: Tr| match &bad_text {
        Some(msg) => tr.msg(msg),
        None => tr.t(detail_key).to_string(),
    };
    if is_api {
        let [message_it, message_en] = super::i18n::in_both(detail);
        let body = serde_json::json!({
            "error": status.canonical_reason().unwrap_or("error").to_lowercase().replace(' ', "_"),
            "message_it": message_it,
            "message_en": message_en,
            "reference": if status.is_server_error() { reference.clone() } else { None },
        });
        let (request, response) = response.into_parts();
        let mut rebuilt = HttpResponse::build(response.status());
        for (name, value) in response.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                rebuilt.append_header((name.clone(), value.clone()));
            }
        }
        let rebuilt = rebuilt
            .content_type("application/json")
            .body(body.to_string());
        return Ok(ErrorHandlerResponse::Response(
            ServiceResponse::new(request, rebuilt).map_into_right_body(),
        ));
    }
    let page = ErrorPage {
        tr: Tr::new(lang_of_request(response.request())),
        status: status.as_u16(),
        title_key,
        detail: detail(Tr::new(lang_of_request(response.request()))),
        reference: status.is_server_error().then_some(reference).flatten(),
        login: title_key == "error-invitation_used",
    };
    let body = page.render().unwrap_or_else(|_| {
        format!(
            "{} {}",
            status.as_u16(),
            status.canonical_reason().unwrap_or("")
        )
    });
    let (request, response) = response.into_parts();
    let mut rebuilt = HttpResponse::build(response.status());
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            rebuilt.append_header((name.clone(), value.clone()));
        }
    }
    let rebuilt = rebuilt.content_type("text/html; charset=utf-8").body(body);
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(request, rebuilt).map_into_right_body(),
    ))
}
