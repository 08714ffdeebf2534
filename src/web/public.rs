//! Pages anyone may open: a match's live score sheet (updated through
//! Server-Sent Events, with a refresh link without JavaScript), its replay step by
//! step, and its match record as JSON.

use std::sync::Arc;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::AppState;
use super::context::{PageContext, Visit};
use super::error::AppError;
use super::games::sheets;
use super::matches::PathMatch;
use super::publish::streams::{KEEP_ALIVE, KEEP_ALIVE_COMMENT, admit, event_stream_response};
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

/// Server-Sent Events: `update` with the new entry count whenever the match changes.
/// Over the cap of live streams the answer is 503, before the match is read. The
/// count is read once for all the match's streams (`live_updates`), not by each.
pub async fn events(
    state: web::Data<AppState>,
    request: HttpRequest,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let Some(permit) = admit(&state, &request) else {
        return Ok(super::live_streams::refusal());
    };
    let public_id = public_id.into_inner();
    let live = state.live.clone();
    // Read by key, on this thread when it can (as the event stream's). Watched before
    // the count is read: a change meanwhile is in the count or heard.
    let (mut news, heard) = state
        .read_by_key(move |connection| {
            let Some(row) = crate::store::matches::find_by_public_id(connection, &public_id)?
            else {
                return Ok(None);
            };
            let news = live.of_match(row.id);
            let count = crate::store::matches::next_seq(connection, row.id)?;
            Ok(Some((news, usize::try_from(count).unwrap_or(0))))
        })
        .await?
        .ok_or(AppError::NotFound)?;
    let retold = news.borrow_and_update().retold;
    let first = Bytes::from(format!("retry: 3000\nevent: update\ndata: {heard}\n\n"));
    // The stream's state: bytes to send first, and the count and retelling the page
    // last heard (a change that left the count as it was is not told again).
    let stream = futures_util::stream::unfold(
        (news, Some(first), heard, retold),
        move |(mut news, pending, mut heard, mut retold)| async move {
            if let Some(bytes) = pending {
                return Some((
                    Ok::<_, actix_web::Error>(bytes),
                    (news, None, heard, retold),
                ));
            }
            loop {
                match actix_web::rt::time::timeout(KEEP_ALIVE, news.changed()).await {
                    Err(_) => {
                        return Some((
                            Ok(Bytes::from_static(KEEP_ALIVE_COMMENT)),
                            (news, None, heard, retold),
                        ));
                    }
                    // The server is stopping.
                    Ok(Err(_)) => return None,
                    Ok(Ok(())) => {}
                }
                let latest = *news.borrow_and_update();
                let Some(count) = latest.entries else {
                    continue;
                };
                if count == heard && latest.retold == retold {
                    continue;
                }
                (heard, retold) = (count, latest.retold);
                let event = Bytes::from(format!("event: update\ndata: {count}\n\n"));
                return Some((Ok(event), (news, None, heard, retold)));
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
