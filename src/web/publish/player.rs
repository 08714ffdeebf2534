//! The public player page: the player's rating in each game with its history drawn as
//! an SVG line (the numbers beside it in a table), the nights played and the place in
//! each, the seasons and the place in each, head to head against the players met most
//! often, and every result. Only listed events are named.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;

use super::chart::{self, LineChart};
use crate::events::view::EventView;
use crate::lang::{Arg, Lang};
use crate::rules::kind::GameKind;
use crate::store::clubs;
use crate::store::events as store_events;
use crate::store::ratings::{PlayerPoint, PointRow};
use crate::store::seasons as stored_seasons;
use crate::tournament::rating::Rating;
use crate::tournament::{EntrantId, Slot, Status};
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::events::SlotNames;
use crate::web::i18n::Tr;

/// Opponents shown head to head: those met most often.
const HEAD_TO_HEAD_SHOWN: usize = 8;

/// One event a player took part in.
pub struct PlayedEvent {
    pub public_id: String,
    pub name: String,
    pub date: chrono::NaiveDate,
    pub entrant: String,
    pub position: Option<u32>,
    pub wins: u32,
    pub losses: u32,
}

/// The record against one opponent.
pub struct HeadToHead {
    pub player_id: i64,
    pub opponent: String,
    pub wins: u32,
    pub losses: u32,
}

/// A season one of the player's nights counts for, and where the player stands in it.
pub struct SeasonPlace {
    pub href: String,
    pub name: String,
    pub closed: bool,
    /// `None`: not ranked (fewer nights than the season asks).
    pub position: Option<u32>,
    pub points: u32,
    pub nights: u32,
}

/// One match in a rating's history.
pub struct RatingStep {
    pub number: usize,
    pub date: chrono::NaiveDate,
    /// The event's public id and name, when it is listed.
    pub event: Option<(String, String)>,
    pub won: bool,
    pub shown: String,
}

/// The player's rating in one game.
pub struct GameRating {
    /// The game's record name, for element ids.
    pub code: &'static str,
    pub label: &'static str,
    pub shown: String,
    pub mu: String,
    pub sigma: String,
    pub matches: usize,
    pub wins: usize,
    pub chart: LineChart,
    /// The chart in words, for those who do not see it.
    pub description: String,
    pub steps: Vec<RatingStep>,
}

#[derive(Template, WebTemplate)]
#[template(path = "publish/player.html")]
pub struct PlayerPage {
    pub ctx: PageContext,
    pub name: String,
    /// The linked account's display name: nothing else of the account is shown.
    pub account: Option<String>,
    pub ratings: Vec<GameRating>,
    pub events: Vec<PlayedEvent>,
    pub seasons: Vec<SeasonPlace>,
    pub results: Vec<(String, String, String, bool)>,
    pub head_to_head: Vec<HeadToHead>,
    pub chart_width: f64,
    pub chart_height: f64,
}

/// The player's ratings, one per game played, in the order pages list games.
fn ratings_of(points: &[PlayerPoint], tr: &Tr) -> Vec<GameRating> {
    let lang = tr.lang();
    let mut ratings = Vec::new();
    for game in GameKind::ALL {
        let of_game: Vec<&PlayerPoint> = points
            .iter()
            .filter(|(p, ..)| p.game == game.name())
            .collect();
        let Some(((last, ..), _)) = of_game.split_last() else {
            continue;
        };
        let current = Rating {
            mu: last.mu,
            sigma: last.sigma,
        };
        let values: Vec<f64> = std::iter::once(Rating::START.shown())
            .chain(of_game.iter().map(|(p, ..)| rating_of(p).shown()))
            .collect();
        let Some(chart) = chart::line_chart(&values, lang) else {
            continue;
        };
        let (low, high) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let description = tr.t_args(
            "player-rating_chart_description",
            [
                ("game", Arg::from(game.label())),
                ("matches", Arg::from(of_game.len() as i64)),
                ("now", Arg::from(chart::decimal(current.shown(), lang))),
                ("high", Arg::from(chart::decimal(high, lang))),
                ("low", Arg::from(chart::decimal(low, lang))),
            ],
        );
        let steps = of_game
            .iter()
            .enumerate()
            .map(|(i, (p, public_id, name, starts_at, listed))| RatingStep {
                number: i + 1,
                date: starts_at.date(),
                event: listed.then(|| (public_id.clone(), name.clone())),
                won: p.won,
                shown: chart::decimal(rating_of(p).shown(), lang),
            })
            .collect();
        ratings.push(GameRating {
            code: game.name(),
            label: game.label(),
            shown: chart::decimal(current.shown(), lang),
            mu: chart::decimal(current.mu, lang),
            sigma: chart::decimal(current.sigma, lang),
            matches: of_game.len(),
            wins: of_game.iter().filter(|(p, ..)| p.won).count(),
            chart,
            description,
            steps,
        });
    }
    ratings
}

fn rating_of(point: &PointRow) -> Rating {
    Rating {
        mu: point.mu,
        sigma: point.sigma,
    }
}

/// Everything the page reads, in one read.
struct Loaded {
    player: store_events::PlayerRow,
    account: Option<String>,
    views: Vec<(store_events::EntrantRow, EventView)>,
    points: Vec<PlayerPoint>,
    seasons: Vec<SeasonPlace>,
}

/// The player's events (listed ones only), ratings, seasons, head-to-head records and
/// results.
pub async fn player_page(
    Visit { ctx, state }: Visit,
    player_id: web::Path<i64>,
) -> Result<PlayerPage, AppError> {
    let player_id = player_id.into_inner();
    let lang = ctx.lang();
    let loaded = state
        .read_found(move |connection| {
            let Some(player) = store_events::player(connection, player_id)? else {
                return Ok(None);
            };
            let account = crate::store::players::linked_account(connection, player_id)?
                .map(|account| account.display_name);
            let mut views = Vec::new();
            let mut season_rows = BTreeMap::new();
            for (entrant, event) in store_events::entries_of_player(connection, player_id)? {
                if event.listed {
                    for season in stored_seasons::of_event(connection, event.id)? {
                        season_rows.insert(season.id, season);
                    }
                    views.push((entrant, EventView::load(connection, event)?));
                }
            }
            let mut seasons = Vec::new();
            for season in season_rows.into_values() {
                let Some(club) = clubs::find(connection, season.club_id)? else {
                    continue;
                };
                let href = format!("/clubs/{}/seasons/{}", club.slug, season.id);
                let report = crate::seasons::report(connection, season)?;
                let row = report.table.rows.iter().find(|r| r.player == player_id);
                seasons.push(SeasonPlace {
                    href,
                    name: report.season.settings.name.clone(),
                    closed: report.season.settings.closed,
                    position: row.and_then(|r| r.position),
                    points: row.map_or(0, |r| r.points),
                    nights: row.map_or(0, |r| r.nights),
                });
            }
            let points = crate::store::ratings::of_player(connection, player_id)?;
            Ok(Some(Loaded {
                player,
                account,
                views,
                points,
                seasons,
            }))
        })
        .await?;
    let (events, results, head_to_head) = nights_of(&loaded.views, lang);
    Ok(PlayerPage {
        name: loaded.player.name,
        account: loaded.account,
        ratings: ratings_of(&loaded.points, &Tr::new(lang)),
        events,
        seasons: loaded.seasons,
        results,
        head_to_head,
        chart_width: chart::WIDTH,
        chart_height: chart::HEIGHT,
        ctx,
    })
}

type Nights = (
    Vec<PlayedEvent>,
    Vec<(String, String, String, bool)>,
    Vec<HeadToHead>,
);

/// The player's nights, results and head-to-head records from the events' read models.
fn nights_of(views: &[(store_events::EntrantRow, EventView)], lang: Lang) -> Nights {
    let mut events = Vec::new();
    let mut results = Vec::new();
    // By opponent's player id: (name, wins, losses).
    let mut h2h: BTreeMap<i64, (String, u32, u32)> = BTreeMap::new();
    for (entrant, view) in views {
        let me = EntrantId(entrant.number as u32);
        let position = view
            .standings()
            .last()
            .and_then(|t| t.rows.iter().find(|r| r.entrant == me).map(|r| r.position));
        let (mut wins, mut losses) = (0, 0);
        if let Some(derived) = &view.derived {
            for m in &derived.schedule.matches {
                let Status::Finished(outcome) = &m.status else {
                    continue;
                };
                let mine = [0, 1]
                    .into_iter()
                    .find(|&s| m.sides[s].entrants().contains(&me));
                let Some(side) = mine else { continue };
                let won = outcome.winner().index() == side;
                if won {
                    wins += 1;
                } else {
                    losses += 1;
                }
                let opponent_slot: &Slot = &m.sides[1 - side];
                let opponents: BTreeSet<i64> = opponent_slot
                    .entrants()
                    .iter()
                    .filter_map(|e| view.data.entrant(*e))
                    .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
                    .collect();
                for id in opponents {
                    let entry = h2h
                        .entry(id)
                        .or_insert_with(|| (view.data.player_name(id), 0, 0));
                    if won {
                        entry.1 += 1;
                    } else {
                        entry.2 += 1;
                    }
                }
                results.push((
                    view.data.event.name.clone(),
                    Tr::new(lang).msg(&m.key.label_in(view.data.knockout)),
                    view.data.slot_name(opponent_slot, lang),
                    won,
                ));
            }
        }
        events.push(PlayedEvent {
            public_id: view.data.event.public_id.clone(),
            name: view.data.event.name.clone(),
            date: view.data.event.starts_at.date(),
            entrant: entrant.label.clone(),
            position,
            wins,
            losses,
        });
    }
    let mut head_to_head: Vec<HeadToHead> = h2h
        .into_iter()
        .map(|(player_id, (opponent, wins, losses))| HeadToHead {
            player_id,
            opponent,
            wins,
            losses,
        })
        .collect();
    // Met most often first; then by name.
    head_to_head.sort_by(|a, b| {
        (b.wins + b.losses)
            .cmp(&(a.wins + a.losses))
            .then_with(|| a.opponent.cmp(&b.opponent))
    });
    head_to_head.truncate(HEAD_TO_HEAD_SHOWN);
    (events, results, head_to_head)
}
