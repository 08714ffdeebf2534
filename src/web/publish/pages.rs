//! The published pages of an event: the event page (kept in the page cache), the
//! embeddable bracket, and the comanda preview of a match's referee page. The player
//! page is in `player`, the projector in `projector`.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::bracket::{Bracket, bracket_of};
use super::full::tie_break_notes;
use super::now::top_of;
use super::rounds::{RoundView, StandingsView, rounds, standings_views};
use super::streams::live_fragment_of;
use super::{
    CachedPage, EventVisit, HighlightQuery, Rendered, etag, event_status_key, kept_or_built,
    of_event,
};
use crate::events::view::EventView;
use crate::store::events::EventRow;
use crate::tournament::EntrantId;
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::i18n::Tr;

/// The content of the event page, the same for every visitor who reads it in one
/// language (the header with the visitor's account is [`CachedPage`]'s): what matters
/// now, light whatever the event's size; the full pages (`full.rs`) show the rest.
#[derive(Template)]
#[template(path = "publish/event.html", block = "content")]
pub struct EventPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub club_name: String,
    pub club_slug: String,
    pub champion: Option<String>,
    /// Some rounds are elimination rounds: the bracket page has something to draw.
    pub has_bracket: bool,
    /// The live fragment as served at `/e/{id}/live`, and its entity tag.
    pub live: String,
    pub etag: String,
    /// The top of each standings table.
    pub standings: Vec<StandingsView>,
    pub table_count: usize,
    /// Rows in all the standings, shown or not.
    pub standing_rows: usize,
    pub tie_breaks: Vec<(String, String)>,
    pub entrant_count: usize,
    pub highlight: Option<u32>,
    /// The highlighted entrant's name.
    pub highlighted: Option<String>,
    /// The game and its options in words.
    pub game_line: String,
    /// What a round sat out scores, on a rotating night.
    pub sit_out: Option<String>,
    /// Entrants are single players (an individual night, a two-player game), not teams.
    pub solo: bool,
}

/// A player's id (for the link to the player page) and name.
pub type PlayerLink = (i64, String);

/// Whether an entrant's label is just its players' names (shown once, then).
pub fn label_is_names(label: &str, players: &[PlayerLink]) -> bool {
    let names: Vec<&str> = players.iter().map(|(_, name)| name.as_str()).collect();
    label == names.join(" · ") || label == names.join(" / ") || label == names.join(" e ")
}

/// Number, label and players of each entrant.
pub fn entrant_links(view: &EventView) -> Vec<(u32, String, Vec<PlayerLink>)> {
    view.data
        .entrants
        .iter()
        .map(|e| {
            let players = std::iter::once(e.player1_id)
                .chain(e.player2_id)
                .map(|id| (id, view.data.player_name(id)))
                .collect();
            (e.number as u32, e.label.clone(), players)
        })
        .collect()
}

impl EventPage {
    /// The highlight picker's label: a team, or a player on an individual night.
    pub fn highlight_label(&self) -> &'static str {
        super::entrant_pick_label(&self.ctx, self.solo)
    }

    pub fn status_label(&self) -> &'static str {
        self.ctx.t(event_status_key(self.event.status()))
    }

    /// `?highlight=N` for the links to the other pages, or nothing.
    pub fn highlight_query(&self) -> String {
        self.highlight
            .map_or(String::new(), |h| format!("?highlight={h}"))
    }

    pub fn shown_rows(&self) -> usize {
        self.standings.iter().map(|t| t.rows.len()).sum()
    }
}

pub async fn event_page(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let key = query.key("e", public_id.into_inner(), &ctx);
    let load = of_event(|connection, event| {
        Ok(
            match crate::store::clubs::find(connection, event.club_id)? {
                Some(club) => Some((EventView::load(connection, event)?, club)),
                None => None,
            },
        )
    });
    let page = kept_or_built(&state, key, load, |(view, club), key| {
        let lang = key.lang;
        let game_line = crate::web::events::options::game_line(&ctx, &view.data.event);
        let all = rounds(&view, lang);
        let solo = super::solo(&view);
        let live = live_fragment_of(&view, &all, lang, key.highlight).render()?;
        let tables = standings_views(&view, lang);
        let body = EventPage {
            solo,
            champion: view.champion(),
            has_bracket: all
                .iter()
                .any(|r| r.matches.iter().all(|m| m.stage_elimination)),
            etag: etag(&live),
            live,
            table_count: tables.len(),
            standing_rows: tables.iter().map(|t| t.rows.len()).sum(),
            standings: top_of(tables, key.highlight),
            tie_breaks: tie_break_notes(&view, lang),
            entrant_count: view.data.entrants.len(),
            highlighted: key.highlight.and_then(|number| {
                view.data
                    .entrants
                    .iter()
                    .any(|e| e.number as u32 == number)
                    .then(|| view.data.entrant_name(EntrantId(number)))
            }),
            highlight: key.highlight,
            game_line,
            sit_out: super::full::sit_out_fact(&view, lang),
            club_name: club.name,
            club_slug: club.slug,
            ctx: Tr::new(lang),
            event: view.data.event,
        };
        Rendered::page(body.event.name.clone(), &body)
    })
    .await?;
    CachedPage { ctx, page }.respond()
}

// ---------------------------------------------------------------- embed

#[derive(Template)]
#[template(path = "publish/embed.html")]
pub struct EmbedPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub bracket: Bracket,
    pub rounds: Vec<RoundView>,
    pub highlight: Option<u32>,
    pub link: String,
}

/// The bracket alone, for a club's own website to put in an iframe. This response may be
/// framed by any site: it overrides the site-wide anti-framing headers.
pub async fn embed(
    EventVisit { ctx, state, view }: EventVisit,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang();
    let rounds = rounds(&view, lang);
    let mut bracket = bracket_of(&view, &rounds, lang, query.highlight);
    // Framed in another site, a link would open the bracket page inside the frame.
    bracket.page_link = None;
    let page = EmbedPage {
        bracket,
        rounds,
        highlight: query.highlight,
        link: state.link(&format!("/e/{}", view.data.event.public_id)),
        event: view.data.event,
        ctx,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        // DefaultHeaders only adds headers a response does not already have.
        .insert_header(("X-Frame-Options", "ALLOWALL"))
        .insert_header((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             frame-ancestors *; form-action 'self'; base-uri 'none'",
        ))
        .body(page.render()?))
}

/// The comanda preview with the match's club nicknames (the referee page's live preview).
pub async fn match_comanda_preview(
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<crate::web::clubs::ComandaQuery>,
) -> Result<HttpResponse, AppError> {
    let public_id = public_id.into_inner();
    let nicknames = state
        .read_found(move |connection| {
            match crate::store::matches::find_by_public_id(connection, &public_id)? {
                Some(row) => Ok(Some(crate::store::clubs::nicknames_for_match(
                    connection, row.id,
                )?)),
                None => Ok(None),
            }
        })
        .await?;
    Ok(crate::web::clubs::preview_json(
        &ctx,
        &query.text,
        &nicknames,
    ))
}
