//! Every state-changing request must carry the session's form token: as the
//! `csrf_token` field of a urlencoded form, or in the `X-CSRF-Token` header
//! (scripts, multipart uploads). Checked here once for all routes, so that no
//! handler can forget it. Only on the API may a bearer token stand in for it.

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

use super::context::expected_csrf_token;
use super::error::AppError;
use super::whole_body;

pub const FORM_FIELD: &str = "csrf_token";
pub const HEADER: &str = "x-csrf-token";
/// Refusals are returned as responses rather than errors, so that the error-page
/// middleware around this one renders them like any other.
pub async fn verify<B: MessageBody>(
    mut request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    // On the API a bearer token is the credential, checked by the handler, and the
    // session cookie beside it is not read (`context::session_account`): a bad token
    // is refused, never taken for the session. Pages know no bearer tokens, so there
    // the header changes nothing.
    let is_api = request.path().starts_with("/api/");
    let bearer_api = is_api && super::api::has_bearer(request.request());
    // An API call that carries no session cookie rides on no ambient credential either;
    // the API refuses it as anonymous.
    let cookieless_api = is_api && request.cookie(super::SESSION_COOKIE).is_none();
    // Only a method a row of the route table takes at this path can change anything;
    // any other (TRACE, a PUT to a page) goes on to routing: 405 with `Allow`, or 404.
    let method = request.method().as_str().to_ascii_lowercase();
    let changes_state = matches!(
        *request.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    ) && super::routes::methods_at(request.path()).contains(&method.as_str());
    if bearer_api || cookieless_api || !changes_state {
        return Ok(next.call(request).await?.map_into_left_body());
    }
    let expected = expected_csrf_token(&request.get_session());
    let submitted = match request
        .headers()
        .get(HEADER)
        .and_then(|value| value.to_str().ok())
    {
        Some(token) => Some(token.to_string()),
        None if whole_body::is_urlencoded(&request) => match whole_body::read(&mut request).await {
            Ok(body) => {
                let token = form_token(&body);
                request.set_payload(body.into());
                token
            }
            Err(error) => return Ok(request.error_response(error).map_into_right_body()),
        },
        None => None,
    };
    match (expected, submitted) {
        (Some(expected), Some(submitted)) if constant_time_eq(&expected, &submitted) => {
            Ok(next.call(request).await?.map_into_left_body())
        }
        _ => Ok(request
            .error_response(AppError::BadCsrf)
            .map_into_right_body()),
    }
}

fn form_token(body: &[u8]) -> Option<String> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .ok()?
        .into_iter()
        .find_map(|(name, value)| (name == FORM_FIELD).then_some(value))
}

fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_token_among_form_fields() {
        assert_eq!(
            form_token(b"username=a&csrf_token=abc%2B1&password=x").as_deref(),
            Some("abc+1")
        );
        assert_eq!(form_token(b"username=a"), None);
    }

    #[test]
    fn compares_tokens_exactly() {
        assert!(constant_time_eq("abc", "abc"));
        assert!(!constant_time_eq("abc", "abd"));
        assert!(!constant_time_eq("abc", "abcd"));
    }
}
