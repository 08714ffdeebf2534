//! A request body read whole, for the checks that run before any handler (the form
//! token, the text rules); each puts it back for the handler to read again.

use actix_web::HttpMessage;
use actix_web::dev::ServiceRequest;
use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut};
use futures_util::StreamExt;

use super::error::AppError;

/// Forms and API bodies here are small; a larger body is refused before it is read whole.
const MAX_BODY_BYTES: usize = 256 * 1024;

/// The request is a urlencoded form (the only body that carries the form token).
pub fn is_urlencoded(request: &ServiceRequest) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/x-www-form-urlencoded"))
}

/// The whole body, taken from the request (put it back with `set_payload`); over
/// [`MAX_BODY_BYTES`] it is refused as too large.
pub async fn read(request: &mut ServiceRequest) -> Result<Bytes, actix_web::Error> {
    let mut payload = request.take_payload();
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(AppError::TooLarge.into());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}
