//! Pages anyone may open: a match's live score sheet (updated through
//! Server-Sent Events, with a refresh link without JavaScript), its replay step by
//! step, and its match record as JSON.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::AppState;
use super::context::{PageContext, Visit};
use super::error::AppError;
use super::games::sheets;
use super::matches::{PathMatch, load_match};
use super::publish::streams::{
    KEEP_ALIVE, KEEP_ALIVE_COMMENT, UPDATE_ANY, admit, event_stream_response,
};
use super::publish::{CachedPage, PageKey, Rendered, fragment_response, kept_or_built};
use crate::lang::Lang;
use crate::rules::comanda::Nicknames;
use crate::scoring::LoadedMatch;

/// A match's page of the cache (`m` its live page, `s` its sheet alone), built by `build`
/// when the cache does not have it.
async fn kept_sheet(
    state: &web::Data<AppState>,
    key: PageKey,
    build: fn(&LoadedMatch, Lang) -> Result<Rendered, AppError>,
) -> Result<Arc<Rendered>, AppError> {
    kept_or_built(state, key, LoadedMatch::load, |loaded, key| {
        build(&loaded, key.lang)
    })
    .await
}

/// The live page of a match of any game.
pub async fn live(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey::new("m", public_id.into_inner(), ctx.lang());
    // The players named by the match, with their pages where they have one.
    let load = |connection: &mut crate::store::DbConnection, public_id: &str| {
        let Some(loaded) = LoadedMatch::load(connection, public_id)? else {
            return Ok(None);
        };
        let names = loaded.row.player_names();
        let ids = super::player_links::by_names(connection, &names)?;
        // By team, as the sheet shows them: the even seats, then the odd ones.
        let mut players: [Vec<(i64, String)>; 2] = Default::default();
        for (seat, name) in names.into_iter().enumerate() {
            if let Some(id) = ids.get(&name) {
                players[seat % 2].push((*id, name));
            }
        }
        Ok(Some((loaded, players)))
    };
    let page = kept_or_built(&state, key, load, |(loaded, players), key| {
        sheets::live(&loaded, players, key.lang)
    })
    .await?;
    CachedPage { ctx, page }.respond()
}

/// Just the sheet, for the live page's script to swap in. Every open live page of the
/// match asks for it after each change, all at once: it is kept like the page.
pub async fn sheet(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey::new("s", public_id.into_inner(), ctx.lang());
    let page = kept_sheet(&state, key, sheets::fragment).await?;
    Ok(fragment_response(&page))
}

/// How long an event stream waits before it reads again a match it could not read.
const REREAD_PAUSE: Duration = Duration::from_secs(1);

/// Server-Sent Events: `update` with the new entry count whenever the match changes.
/// Over the cap of live streams the answer is 503, before the match is read.
pub async fn events(
    state: web::Data<AppState>,
    request: HttpRequest,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let Some(permit) = admit(&state, &request) else {
        return Ok(super::live_streams::refusal());
    };
    let loaded = load_match(&state, &public_id).await?;
    let match_id = loaded.row.id;
    let receiver = state.updates.subscribe();
    let first = Bytes::from(format!(
        "retry: 3000\nevent: update\ndata: {}\n\n",
        loaded.entries.len()
    ));
    let watched = state.clone();
    // The stream's state: the receiver, bytes to send first, whether a read of the
    // match failed and is to be tried again, and the count the page last heard (a
    // notice that changed nothing is not repeated).
    let heard = Some(loaded.entries.len());
    let stream = futures_util::stream::unfold(
        (receiver, Some(first), watched, false, heard),
        move |(mut receiver, pending, state, mut reread, mut heard)| async move {
            if let Some(bytes) = pending {
                return Some((
                    Ok::<_, actix_web::Error>(bytes),
                    (receiver, None, state, reread, heard),
                ));
            }
            loop {
                // A failed read is tried again soon; otherwise a comment keeps the stream
                // open (see `KEEP_ALIVE`).
                let wait = if reread { REREAD_PAUSE } else { KEEP_ALIVE };
                let next = actix_web::rt::time::timeout(wait, receiver.recv()).await;
                let (read_now, everyone) = match next {
                    Err(_) if reread => (true, false),
                    Err(_) => {
                        return Some((
                            Ok(Bytes::from_static(KEEP_ALIVE_COMMENT)),
                            (receiver, None, state, false, heard),
                        ));
                    }
                    Ok(Ok(changed)) => (
                        changed == match_id || changed == super::EVERY_MATCH,
                        changed == super::EVERY_MATCH,
                    ),
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                        return Some((
                            Ok(Bytes::from_static(UPDATE_ANY)),
                            (receiver, None, state, false, None),
                        ));
                    }
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Closed)) => return None,
                };
                if !read_now {
                    continue;
                }
                // After a reconnect to the database (every match announced) the count is
                // told even if unchanged: the page may have missed something meanwhile.
                if everyone {
                    heard = None;
                }
                let count = state
                    .read(move |connection| {
                        Ok(crate::store::matches::entries(connection, match_id)?.len())
                    })
                    .await;
                match count {
                    Ok(count) if heard == Some(count) => reread = false,
                    Ok(count) => {
                        let event = Bytes::from(format!("event: update\ndata: {count}\n\n"));
                        return Some((Ok(event), (receiver, None, state, false, Some(count))));
                    }
                    // Nothing is said rather than a count that was not read.
                    Err(error) => {
                        if !reread {
                            tracing::warn!(%error, "a live page's match could not be read; trying again");
                        }
                        reread = true;
                    }
                }
            }
        },
    );
    Ok(event_stream_response(stream, permit))
}

// ---------------------------------------------------------------- replay

#[derive(Deserialize)]
pub struct StepQuery {
    step: Option<usize>,
}

/// Step 0 is the match before any entry; step n is the state after entry n-1.
pub async fn replay_page(
    ctx: PageContext,
    PathMatch(loaded): PathMatch,
    query: web::Query<StepQuery>,
) -> Result<HttpResponse, AppError> {
    sheets::replay(ctx, &loaded, query.step)
}

/// The match record as JSON, for download.
pub async fn record(PathMatch(loaded): PathMatch) -> Result<HttpResponse, AppError> {
    let record = loaded.any_record()?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"match-{}.json\"",
                loaded.row.public_id
            ),
        ))
        .body(record.to_json()))
}

/// The order a comanda gives, for the referee page's live preview:
/// `{"line": …, "levels": [[codes]]}` or `{"error": …}` in the visitor's language.
pub async fn comanda_preview(
    ctx: PageContext,
    query: web::Query<super::clubs::ComandaQuery>,
) -> HttpResponse {
    super::clubs::preview_json(&ctx, &query.text, &Nicknames::new())
}
