//! The referee page's service worker (`static/sw.js`), served at `/sw.js` so that it
//! may control `/score/` and `/s/` (a worker controls at most the folder it is served
//! from). Not under `/static/`: browsers check a worker's script for updates by its
//! fixed address, so it is never cached for long.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use actix_web::http::header;

use super::routes::SCORE_ENTRY_ROUTES;

const SCRIPT: &str = include_str!("../../static/sw.js");

/// The line of `sw.js` that the worker's routes replace.
const ROUTES_LINE: &str = "// PAGE and ENTRY, the referee's page and the entries it posts, are written here from\n// the route table as the script is served (src/web/offline.rs).\n";

/// The script with the pages it keeps (the score-entry rows it may GET) and the entries
/// it catches (those it may POST) taken from the route table, so a new entry needs no
/// edit of the script.
static SERVED: LazyLock<String> = LazyLock::new(|| {
    assert!(
        SCRIPT.contains(ROUTES_LINE),
        "sw.js names where its routes go"
    );
    let routes = format!(
        "var PAGE = {};\nvar ENTRY = {};\n",
        pattern("get"),
        pattern("post")
    );
    SCRIPT.replacen(ROUTES_LINE, &routes, 1)
});

/// A regular expression literal matching the paths of the score-entry rows of `method`:
/// each `{parameter}` one path segment.
fn pattern(method: &str) -> String {
    let paths: Vec<String> = SCORE_ENTRY_ROUTES
        .iter()
        .filter(|route| route.method == method)
        .map(|route| {
            route.path[1..]
                .split('/')
                .map(|segment| {
                    if segment.starts_with('{') && segment.ends_with('}') {
                        "[^/]+".to_string()
                    } else {
                        escaped(segment)
                    }
                })
                .fold(String::new(), |path, segment| path + "\\/" + &segment)
        })
        .collect();
    format!("/^(?:{})$/", paths.join("|"))
}

/// A literal path segment in a regular expression (in JavaScript and Rust alike).
fn escaped(segment: &str) -> String {
    segment
        .chars()
        .flat_map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                vec![c]
            } else {
                vec!['\\', c]
            }
        })
        .collect()
}

pub async fn service_worker() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(SERVED.as_str())
}
