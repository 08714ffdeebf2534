//! A player's own page for the night, `/e/{id}/p/{number}` (the entrant's number): where
//! to sit now and in the next round (table, seat, partner, opponents, or sitting out),
//! the score of their table now, and their place so far. A printed guide card goes stale
//! when a late entry or a withdrawal re-forms the later rounds; this page follows the
//! event's stream (`event.js`, as the event page does) and swaps in its fragment
//! (`/e/{id}/p/{number}/live`). Any format shows the entrant's match and place; a
//! rotating night adds the seat and the partner.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::rounds::{MatchView, RoundView, rounds, standings_views};
use super::{
    CachedPage, PageKey, Rendered, etag, event_view, kept_or_built, tagged_fragment_response,
};
use crate::events::view::EventView;
use crate::lang::Lang;
use crate::store::events::EventRow;
use crate::tournament::rotating::seat_order;
use crate::tournament::{EntrantId, Match, Outcome, Points, Slot, Status};
use crate::web::context::Visit;
use crate::web::error::AppError;
use crate::web::i18n::Tr;

/// Another entrant as this page names them: a link to their own page.
pub struct Named {
    pub number: u32,
    pub name: String,
}

/// A side's games won and points, in a table's score.
pub struct Tally {
    pub games: u32,
    pub points: i64,
}

/// The score of a table, the entrant's side first.
pub struct TableScore {
    pub ours: Tally,
    pub theirs: Tally,
}

/// One round of the entrant's night.
pub struct Sitting {
    /// The round's title as the event's pages word it.
    pub title: String,
    /// A bye: the entrant sits out (or, outside a rotating night, goes through).
    pub sits_out: bool,
    pub table: Option<u32>,
    /// 1 to 4 on a rotating night; seat 1 deals first.
    pub seat: Option<usize>,
    /// Who deals first when it is not the entrant.
    pub dealer: Option<Named>,
    pub partner: Option<Named>,
    pub opponents: Vec<Named>,
    pub status_key: &'static str,
    /// Once something is written on the table, or it is played to the end.
    pub score: Option<TableScore>,
    /// The public match page, to follow the table hand by hand.
    pub follow: Option<String>,
}

/// The entrant's place in the standings so far.
pub struct Place {
    pub position: u32,
    pub count: usize,
    pub points: Points,
}

impl Place {
    /// The points for `night-points`: a whole number picks its plural, a fraction (a
    /// sit-out's share of a round) reads as a decimal.
    pub fn points_arg(&self, ctx: &Tr) -> crate::lang::Arg {
        match self.points.as_whole() {
            Some(n) => n.into(),
            None => ctx.points(&self.points).into(),
        }
    }
}

/// The part of the page that follows the event: what `event.js` swaps in.
#[derive(Template)]
#[template(path = "publish/night_live.html")]
pub struct NightLive {
    pub ctx: Tr,
    pub public_id: String,
    pub number: u32,
    pub now: Option<Sitting>,
    pub next: Option<Sitting>,
    /// The table played before `now`, with its score: once a table is decided `now`
    /// moves on, and its result should not vanish with it.
    pub previous: Option<Sitting>,
    /// Every round of the entrant's is decided: `now` is their last.
    pub over: bool,
    pub place: Option<Place>,
    pub withdrawn: bool,
}

#[derive(Template)]
#[template(path = "publish/night.html", block = "content")]
pub struct NightPage {
    pub ctx: Tr,
    pub event: EventRow,
    pub number: u32,
    pub name: String,
    /// The fragment as served at `/e/{id}/p/{number}/live`, and its entity tag.
    pub live: String,
    pub etag: String,
}

/// The cache key of the page (`p`) or its fragment (`q`) of one entrant.
fn key(kind: &'static str, public_id: String, number: u32, lang: Lang) -> PageKey {
    PageKey {
        highlight: Some(number),
        ..PageKey::new(kind, public_id, lang)
    }
}

pub async fn night_page(
    Visit { ctx, state }: Visit,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (public_id, number) = path.into_inner();
    let key = key("p", public_id, number, ctx.lang());
    let page = kept_or_built(&state, key, event_view(), |view, key| {
        let live = night_live(&view, number, key.lang).ok_or(AppError::NotFound)?;
        let html = live.render()?;
        let body = NightPage {
            ctx: Tr::new(key.lang),
            number,
            name: view.data.entrant_name(EntrantId(number)),
            etag: etag(&html),
            live: html,
            event: view.data.event,
        };
        Rendered::page(format!("{} · {}", body.name, body.event.name), &body)
    })
    .await?;
    CachedPage { ctx, page }.respond()
}

/// Just the part that changes, for the page's script; tagged like the event page's.
pub async fn night_fragment(
    Visit { ctx, state }: Visit,
    request: HttpRequest,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (public_id, number) = path.into_inner();
    let key = key("q", public_id, number, ctx.lang());
    let page = kept_or_built(&state, key, event_view(), |view, key| {
        Rendered::fragment(&night_live(&view, number, key.lang).ok_or(AppError::NotFound)?)
    })
    .await?;
    Ok(tagged_fragment_response(&request, &page))
}

/// The entrant's night, or `None` when the event has no entrant of that number.
pub fn night_live(view: &EventView, number: u32, lang: Lang) -> Option<NightLive> {
    let entrant = view.data.entrant(EntrantId(number))?;
    let withdrawn = entrant.withdrawn_round.is_some();
    let all = rounds(view, lang);
    let mine = sittings(&all, number);
    // Now: the first table still to be decided, or a sit-out while its round is played;
    // when every one is decided, the last.
    let now_index = mine
        .iter()
        .position(|(m, round)| pending(m) || (bye(m) && round_open(round)));
    let over = now_index.is_none() && !mine.is_empty();
    let now_index = now_index.or(mine.len().checked_sub(1));
    let shown = |index: usize| {
        mine.get(index)
            .map(|(m, round)| sitting(view, m, &round.title, number))
    };
    let place = standings_views(view, lang).into_iter().find_map(|table| {
        let count = table.rows.len();
        table
            .rows
            .into_iter()
            .find(|row| row.number == number)
            .map(|row| Place {
                position: row.position,
                count,
                points: row.score,
            })
    });
    Some(NightLive {
        ctx: Tr::new(lang),
        public_id: view.data.event.public_id.clone(),
        number,
        now: now_index.and_then(shown),
        next: now_index.and_then(|i| shown(i + 1)),
        previous: now_index
            .filter(|_| !over)
            .and_then(|i| mine[..i].iter().rposition(|(m, _)| !bye(m)))
            .and_then(shown),
        over,
        place,
        withdrawn,
    })
}

/// The entrant's matches in play order, each with its round.
fn sittings(all: &[RoundView], number: u32) -> Vec<(&MatchView, &RoundView)> {
    all.iter()
        .flat_map(|round| round.matches.iter().map(move |m| (m, round)))
        .filter(|(m, _)| m.entrants.iter().any(|side| side.contains(&number)))
        .collect()
}

/// Not decided yet (a void match is decided: nobody sits there).
fn pending(m: &MatchView) -> bool {
    m.winner.is_none() && m.status_key != "event-status_void"
}

fn bye(m: &MatchView) -> bool {
    m.status_key == "event-status_bye"
}

/// Some table of the round is still to be decided.
fn round_open(round: &RoundView) -> bool {
    round
        .matches
        .iter()
        .any(|m| pending(m) && !m.entrants[1].is_empty())
}

fn sitting(view: &EventView, m: &MatchView, title: &str, number: u32) -> Sitting {
    let named = |e: EntrantId| Named {
        number: e.0,
        name: view.data.entrant_name(e),
    };
    let side = usize::from(!m.entrants[0].contains(&number));
    let scheduled: Option<&Match> = view.derived.as_ref().and_then(|derived| {
        derived
            .schedule
            .matches
            .iter()
            .find(|s| s.key.as_str() == m.key)
    });
    let mut shown = Sitting {
        title: title.to_string(),
        sits_out: bye(m),
        table: m.table.and_then(|t| u32::try_from(t).ok()),
        seat: None,
        dealer: None,
        partner: None,
        opponents: m.entrants[1 - side]
            .iter()
            .map(|&e| named(EntrantId(e)))
            .collect(),
        status_key: m.status_key,
        score: score(m, scheduled, side),
        follow: m.public_id.clone(),
    };
    // A rotating night's table: the seats as the printed cards give them.
    if let Some(Match {
        sides: [Slot::Partnership(a), Slot::Partnership(b)],
        key,
        ..
    }) = scheduled
    {
        let seats = seat_order(&[*a, *b]);
        if let Some(i) = seats.iter().position(|e| e.0 == number) {
            shown.table = key.table().or(shown.table);
            shown.seat = Some(i + 1);
            shown.dealer = (i != 0).then(|| named(seats[0]));
            shown.partner = Some(named(seats[(i + 2) % 4]));
            shown.opponents = vec![named(seats[(i + 1) % 4]), named(seats[(i + 3) % 4])];
        }
    }
    shown
}

/// The table's score from the entrant's side: played to the end, or so far.
fn score(m: &MatchView, scheduled: Option<&Match>, side: usize) -> Option<TableScore> {
    let (games, points) = match scheduled.map(|s| &s.status) {
        Some(Status::Finished(Outcome::Played { games, points, .. })) => {
            (*games, points.map(i64::from))
        }
        _ => {
            let live = m.live.as_ref().filter(|_| m.is_live())?;
            (live.games, live.scores.map(i64::from))
        }
    };
    let tally = |i: usize| Tally {
        games: games[i],
        points: points[i],
    };
    Some(TableScore {
        ours: tally(side),
        theirs: tally(1 - side),
    })
}
