//! A physical table's one link for the whole night (`/t/{token}`): the QR code on a
//! rotating night's table card opens the match now at that table (the current round's,
//! between rounds the next one's), whatever redraw happened since it was printed, or
//! says the table has nothing to play now.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::context::{PageContext, Visit};
use super::error::AppError;
use crate::events::EventData;
use crate::events::tables::now_at;
use crate::store::events::{self as store_events, EventRow};
use crate::store::matches;

#[derive(Template, WebTemplate)]
#[template(path = "table_links/free.html")]
pub struct TableFreePage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub table: i32,
}

/// Where a table's link leads now.
enum Now {
    /// The private scoring link of the match at the table.
    Match(String),
    Free(Box<EventRow>, i32),
}

/// Opens the match now at the link's table through its private scoring link (made now
/// if it has none), or the page that says the table is free.
pub async fn open(
    Visit { ctx, state }: Visit,
    token: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let now = state
        .write(move |connection| {
            let Some(link) = store_events::table_link_by_token(connection, &token)? else {
                return Ok(None);
            };
            let Some(event) = store_events::find(connection, link.event_id)? else {
                return Ok(None);
            };
            let data = EventData::load_without_players(connection, event.clone())?;
            let Some(match_id) = now_at(&data, link.table_number).map(|row| row.id) else {
                return Ok(Some(Now::Free(Box::new(event), link.table_number)));
            };
            let scoring = match matches::active_link(connection, match_id)? {
                Some(scoring) => scoring,
                None => matches::issue_link(
                    connection,
                    match_id,
                    &crate::accounts::random_token(),
                    link.created_by,
                )?,
            };
            Ok(Some(Now::Match(scoring.token)))
        })
        .await?;
    match now {
        None => Err(AppError::NotFound),
        Some(Now::Match(scoring)) => Ok(super::redirect(&format!("/s/{scoring}"))),
        Some(Now::Free(event, table)) => {
            let page = TableFreePage {
                ctx,
                event: *event,
                table,
            };
            super::render_with_status(&page, actix_web::http::StatusCode::OK)
        }
    }
}
