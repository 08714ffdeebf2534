//! The few static files, built into the binary so the server runs from any directory.
//! Pages name them by content-hashed URLs (`/static/style.1a2b3c4d5e.css`), cached for a
//! year: a changed file gets a new name, so no visitor keeps an old one.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use sha2::{Digest, Sha256};

use super::error::AppError;

struct Asset {
    name: &'static str,
    content_type: &'static str,
    /// The file, with what is written after it where it has some ([`written_after`]).
    bytes: Bytes,
    /// `style.<hash>.css`: the name pages use.
    hashed: String,
}

const FILES: &[(&str, &str, &[u8])] = &[
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
        "bracket.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/bracket.js"),
    ),
    (
        "referee.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/referee.js"),
    ),
    (
        "projector.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/projector.js"),
    ),
    (
        "suits.svg",
        "image/svg+xml",
        include_bytes!("../../static/suits.svg"),
    ),
    (
        "offline.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/offline.js"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_bytes!("../../static/icon.svg"),
    ),
];

/// What is served after a file's own text, written from lists only the code holds.
fn written_after(name: &str) -> Option<String> {
    match name {
        "style.css" => Some(super::events::options::game_options_css()),
        _ => None,
    }
}

const FAVICON: &[u8] = include_bytes!("../../static/favicon.ico");

/// A year, the longest lifetime caches honour; `immutable` spares the revalidation.
const FOREVER: &str = "public, max-age=31536000, immutable";
/// Unhashed names (an old page, a bookmark) still answer, kept only briefly.
const BRIEFLY: &str = "public, max-age=3600";

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, content_type, file)| {
            let bytes = match written_after(name) {
                Some(written) => Bytes::from([file, written.as_bytes()].concat()),
                None => Bytes::from_static(file),
            };
            let digest = Sha256::digest(&bytes);
            let hash: String = digest[..5]
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect();
            let hashed = match name.rsplit_once('.') {
                Some((stem, extension)) => format!("{stem}.{hash}.{extension}"),
                None => format!("{name}.{hash}"),
            };
            Asset {
                name,
                content_type,
                bytes,
                hashed,
            }
        })
        .collect()
});

/// The URL a page uses for a static file: its content-hashed name.
///
/// # Panics
/// When no static file has this name: a template naming a missing file fails its first render.
pub fn url(name: &str) -> String {
    let asset = ASSETS
        .iter()
        .find(|asset| asset.name == name)
        .unwrap_or_else(|| panic!("no static file {name}"));
    format!("/static/{}", asset.hashed)
}

pub async fn serve(name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (asset, lifetime) = ASSETS
        .iter()
        .find_map(|asset| {
            if asset.hashed == *name {
                Some((asset, FOREVER))
            } else if asset.name == *name {
                Some((asset, BRIEFLY))
            } else {
                None
            }
        })
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type(asset.content_type)
        .insert_header((header::CACHE_CONTROL, lifetime))
        .body(asset.bytes.clone()))
}

/// `/favicon.ico`, which browsers and tools ask for by this fixed name.
pub async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/x-icon")
        .insert_header((header::CACHE_CONTROL, "public, max-age=604800"))
        .body(FAVICON)
}

/// Crawlers may read the public pages; the organizers' and referees' pages, the
/// private scoring links and the API are nobody's search results.
const ROBOTS: &str = "User-agent: *\nDisallow: /manage\nDisallow: /s/\nDisallow: /score/\nDisallow: /api/\nDisallow: /t/\nDisallow: /setup/\nDisallow: /invite/\nAllow: /\n";

pub async fn robots() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(ROBOTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_follow_the_content() {
        let style = url("style.css");
        assert!(
            style.starts_with("/static/style.") && style.ends_with(".css"),
            "{style}"
        );
        assert_eq!(style.len(), "/static/style.".len() + 10 + ".css".len());
        let names: std::collections::BTreeSet<_> = ASSETS.iter().map(|a| &a.hashed).collect();
        assert_eq!(names.len(), FILES.len(), "every file its own name");
        assert_ne!(url("live.js"), url("event.js"));
    }

    #[test]
    fn written_rules_follow_their_file() {
        let style = ASSETS.iter().find(|a| a.name == "style.css").unwrap();
        let file = include_bytes!("../../static/style.css");
        let rules = crate::web::events::options::game_options_css();
        assert!(style.bytes.starts_with(file));
        assert!(style.bytes.ends_with(rules.as_bytes()));
        assert_eq!(style.bytes.len(), file.len() + rules.len());
    }
}
