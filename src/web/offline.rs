//! The referee page's service worker (`static/sw.js`), served at `/sw.js` so that it
//! may control `/score/` and `/s/` (a worker controls at most the folder it is served
//! from). Not under `/static/`: browsers check a worker's script for updates by its
//! fixed address, so it is never cached for long.

use actix_web::HttpResponse;
use actix_web::http::header;

const SCRIPT: &str = include_str!("../../static/sw.js");

pub async fn service_worker() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(SCRIPT)
}
