//! The few static files, built into the binary so the server runs from any directory.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use super::error::AppError;

const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/style.css"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/live.js"),
    ),
    (
        "picker.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/picker.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/replay.js"),
    ),
    (
        "event.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/event.js"),
    ),
    (
        "referee.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/referee.js"),
    ),
];

pub async fn serve(name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (_, content_type, bytes) = ASSETS
        .iter()
        .find(|(asset, _, _)| *asset == name.as_str())
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type(*content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(*bytes))
}
