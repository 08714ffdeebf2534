//! The published pages of an event: the event page (kept in the page cache), the
//! embeddable bracket, and the comanda preview of a match's referee page. The player
//! page is in `player`, the projector in `projector`.

use actix_web::{HttpResponse, web};
use askama::Template;

use super::rounds::{
    Bracket, RoundView, StandingsView, bracket_of, draw_notes, rounds, standings_views,
};
use super::{
    CachedPage, HighlightQuery, Rendered, event_status_key, kept_or_built, load_view, of_event,
};
use crate::events::view::EventView;
use crate::store::events::EventRow;
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::i18n::{TieBreakName, Tr, Worded};

/// The content of the event page, the same for every visitor who reads it in one
/// language (the header with the visitor's account is [`CachedPage`]'s).
#[derive(Template)]
#[template(path = "publish/event.html", block = "content")]
pub struct EventPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub club_name: String,
    pub club_slug: String,
    pub bracket: Bracket,
    pub rounds: Vec<RoundView>,
    pub standings: Vec<StandingsView>,
    pub tie_breaks: Vec<(String, String)>,
    pub notes: Vec<String>,
    /// Number, label and players of each entrant.
    pub entrants: Vec<(u32, String, Vec<PlayerLink>)>,
    pub highlight: Option<u32>,
    /// The game and its options in words.
    pub game_line: String,
    /// Entrants are single players (an individual night, a two-player game), not teams.
    pub solo: bool,
}

/// A player's id (for the link to the player page) and name.
pub type PlayerLink = (i64, String);

impl EventPage {
    /// Whether an entrant's label is just its players' names (shown once, then).
    pub fn label_is_names(&self, label: &str, players: &[PlayerLink]) -> bool {
        let names: Vec<&str> = players.iter().map(|(_, name)| name.as_str()).collect();
        label == names.join(" · ") || label == names.join(" / ") || label == names.join(" e ")
    }

    /// The highlight picker's label: a team, or a player on an individual night.
    pub fn highlight_label(&self) -> &'static str {
        self.ctx.t(if self.solo {
            "event-highlight_player"
        } else {
            "event-highlight"
        })
    }

    pub fn is_highlighted(&self, number: impl Number) -> bool {
        self.highlight == Some(number.value())
    }

    pub fn status_label(&self) -> &'static str {
        self.ctx.t(event_status_key(self.event.status()))
    }
}

/// Templates hand numbers over by value or through references of any depth.
pub trait Number {
    fn value(&self) -> u32;
}

impl Number for u32 {
    fn value(&self) -> u32 {
        *self
    }
}

impl<T: Number + ?Sized> Number for &T {
    fn value(&self) -> u32 {
        (**self).value()
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
        let rounds = rounds(&view, lang);
        let solo = view
            .format()
            .is_some_and(|format| crate::events::solo_entrants(&view.data.event, &format));
        let body = EventPage {
            solo,
            bracket: bracket_of(&view, &rounds, lang, key.highlight),
            rounds,
            standings: standings_views(&view, lang),
            tie_breaks: view
                .tie_breaks()
                .into_iter()
                .map(|t| (t.name(lang).to_string(), t.message(lang).to_string()))
                .collect(),
            notes: draw_notes(&view, lang),
            entrants: view
                .data
                .entrants
                .iter()
                .map(|e| {
                    let players = std::iter::once(e.player1_id)
                        .chain(e.player2_id)
                        .map(|id| (id, view.data.player_name(id)))
                        .collect();
                    (e.number as u32, e.label.clone(), players)
                })
                .collect(),
            highlight: key.highlight,
            game_line,
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
    Visit { ctx, state }: Visit,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let view = load_view(&state, &public_id).await?;
    let lang = ctx.lang();
    let rounds = rounds(&view, lang);
    let page = EmbedPage {
        bracket: bracket_of(&view, &rounds, lang, query.highlight),
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

#[cfg(test)]
mod tests {
    use super::super::rounds::MatchView;
    use super::*;
    use crate::lang::Lang;

    #[derive(Template)]
    #[template(source = "{% include \"publish/bracket.html\" %}", ext = "html")]
    struct BracketOnly {
        bracket: Bracket,
    }

    fn view(key: &str, sides: [&str; 2], entrants: [u32; 2], winner: Option<usize>) -> MatchView {
        MatchView {
            round: 1,
            key: key.into(),
            label: Tr::new(Lang::It).msg(&crate::tournament::MatchKey::new(key).label()),
            sides: [sides[0].into(), sides[1].into()],
            entrants: [vec![entrants[0]], vec![entrants[1]]],
            players: [Vec::new(), Vec::new()],
            status_key: "event-status_finished",
            winner,
            result: "1–0".into(),
            table: Some(1),
            public_id: Some("abc".into()),
            match_id: Some(1),
            live: None,
            conflict: false,
            playable: false,
            forfeit: false,
            stage_elimination: true,
        }
    }

    #[test]
    fn the_bracket_renders_columns_winners_highlight_and_escapes_names() {
        let bracket = Bracket {
            columns: vec![
                RoundView {
                    title: "Semifinali".into(),
                    matches: vec![
                        view("W R1 M1", ["<b>Bepi</b>", "Toni"], [1, 4], Some(0)),
                        view("W R1 M2", ["Nane", "Gigio"], [2, 3], Some(1)),
                    ],
                },
                RoundView {
                    title: "Finale".into(),
                    matches: vec![view("W R2 M1", ["<b>Bepi</b>", "Gigio"], [1, 3], Some(1))],
                },
            ],
            highlight: Some(3),
            champion: Some("Gigio".into()),
            champion_label: "Campioni".into(),
            table_label: "Tavolo".into(),
            region_label: "Tabellone".into(),
        };
        let html = BracketOnly { bracket }.render().unwrap();
        assert_eq!(html.matches("class=\"bracket-column\"").count(), 2);
        assert!(html.contains("&#60;b&#62;Bepi&#60;/b&#62;") || html.contains("&lt;b&gt;Bepi"));
        assert!(!html.contains("<b>Bepi"));
        assert_eq!(html.matches("side winner").count(), 3);
        assert_eq!(html.matches("highlighted").count(), 2, "{html}");
        assert!(html.contains("Campioni"));
        assert!(html.contains("aria-label=\"Tabellone\""));
        assert!(html.contains("Gigio"));
    }
}
