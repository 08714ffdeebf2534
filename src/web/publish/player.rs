//! The public player page: the player's rating in each game with its recent history
//! drawn as an SVG line (the latest numbers beside it in a table), the nights played and
//! the place in each, the latest seasons and the place in each, head to head against the
//! players met most often, and the results. Only listed events are named.
//!
//! Every part is read from the figures kept as results change (`store::player_figures`,
//! `store::ratings`) a bounded slice at a time: nights and results by pages, the latest
//! ratings and seasons. A player with 500 nights costs what one with 5 does.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::chart::{self, LineChart};
use crate::lang::Arg;
use crate::rules::kind::GameKind;
use crate::store::clubs;
use crate::store::player_figures as figures;
use crate::store::ratings::{PlayerPoint, PointRow};
use crate::tournament::MatchKey;
use crate::tournament::rating::Rating;
use crate::web::context::{PageContext, Visit};
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::paging::{PageLinks, page_and_offset};

/// Opponents shown head to head: those met most often.
const HEAD_TO_HEAD_SHOWN: i64 = 8;
/// Nights, and results, on a page.
pub const NIGHTS_PER_PAGE: i64 = 20;
pub const RESULTS_PER_PAGE: i64 = 20;
/// A rating's latest matches drawn in its chart, and listed in its table.
pub const CHART_MATCHES: i64 = 100;
/// The points a chart draws at most: a longer history is sampled evenly.
pub const CHART_POINTS: usize = 50;
pub const STEPS_SHOWN: usize = 20;
/// The latest seasons shown: each is worked out from its club's nights.
const SEASONS_SHOWN: i64 = 3;

/// The pages asked for: `page` for the nights, `results` for the results. Anything that
/// is not a number is the first page.
#[derive(Debug, Default, Deserialize)]
pub struct PlayerQuery {
    #[serde(default)]
    page: String,
    #[serde(default)]
    results: String,
}

/// One event a player took part in.
pub struct PlayedEvent {
    pub public_id: String,
    pub name: String,
    pub club: String,
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
    pub club: String,
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
    /// The latest matches, oldest first.
    pub steps: Vec<RatingStep>,
    /// When `steps` leave earlier matches out: "the latest 20 of 500".
    pub steps_note: Option<String>,
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
    pub nights_links: PageLinks,
    pub seasons: Vec<SeasonPlace>,
    pub results: Vec<(String, String, String, bool)>,
    pub results_links: PageLinks,
    pub head_to_head: Vec<HeadToHead>,
    pub chart_width: f64,
    pub chart_height: f64,
}

/// A game's rating as read: its matches and wins in all, and its latest points, newest
/// first (at most [`CHART_MATCHES`]).
struct ReadRating {
    game: GameKind,
    matches: i64,
    wins: i64,
    latest: Vec<PlayerPoint>,
}

/// The player's ratings, one per game played, in the order pages list games.
fn ratings_of(read: Vec<ReadRating>, tr: &Tr) -> Vec<GameRating> {
    let lang = tr.lang();
    let mut ratings = Vec::new();
    for ReadRating {
        game,
        matches,
        wins,
        mut latest,
    } in read
    {
        latest.reverse();
        let Some(((last, ..), _)) = latest.split_last() else {
            continue;
        };
        let current = rating_of(last);
        // The whole history starts at the start rating; a longer one shows its latest part.
        let whole = matches as usize == latest.len();
        let start = whole.then_some(Rating::START.shown());
        let values: Vec<f64> = start
            .into_iter()
            .chain(latest.iter().map(|(p, ..)| rating_of(p).shown()))
            .collect();
        let drawn = chart::sampled(&values, CHART_POINTS);
        let Some(chart) = chart::line_chart(&drawn, lang) else {
            continue;
        };
        let (low, high) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let figures = [
            ("game", Arg::from(game.label())),
            ("matches", Arg::from(matches)),
            ("last", Arg::from(latest.len() as i64)),
            ("points", Arg::from(drawn.len() as i64)),
            ("now", Arg::from(chart::decimal(current.shown(), lang))),
            ("high", Arg::from(chart::decimal(high, lang))),
            ("low", Arg::from(chart::decimal(low, lang))),
        ];
        let description = if whole && drawn.len() == values.len() {
            tr.t_args("player-rating_chart_description", figures)
        } else {
            tr.t_args("player-rating_chart_description_latest", figures)
        };
        let first_shown = latest.len().saturating_sub(STEPS_SHOWN);
        let first_number = matches as usize - latest.len() + first_shown;
        let steps: Vec<RatingStep> = latest[first_shown..]
            .iter()
            .enumerate()
            .map(|(i, (p, public_id, name, starts_at, listed))| RatingStep {
                number: first_number + i + 1,
                date: starts_at.date(),
                event: listed.then(|| (public_id.clone(), name.clone())),
                won: p.won,
                shown: chart::decimal(rating_of(p).shown(), lang),
            })
            .collect();
        let steps_note = (steps.len() < matches as usize).then(|| {
            tr.t_args(
                "player-rating_steps_latest",
                [
                    ("last", Arg::from(steps.len() as i64)),
                    ("matches", Arg::from(matches)),
                ],
            )
        });
        ratings.push(GameRating {
            code: game.name(),
            label: game.label(),
            shown: chart::decimal(current.shown(), lang),
            mu: chart::decimal(current.mu, lang),
            sigma: chart::decimal(current.sigma, lang),
            matches: matches as usize,
            wins: wins as usize,
            chart,
            description,
            steps,
            steps_note,
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

/// Everything the page reads, in one read: bounded slices, whatever the player's history.
struct Loaded {
    player: crate::store::events::PlayerRow,
    account: Option<String>,
    nights: Vec<figures::ListedNight>,
    more_nights: bool,
    results: Vec<figures::ListedResult>,
    more_results: bool,
    head_to_head: Vec<(i64, String, i64, i64)>,
    ratings: Vec<ReadRating>,
    seasons: Vec<SeasonPlace>,
}

fn load(
    connection: &mut crate::store::DbConnection,
    player_id: i64,
    nights_offset: i64,
    results_offset: i64,
) -> crate::store::StoreResult<Option<Loaded>> {
    let Some(player) = crate::store::events::player(connection, player_id)? else {
        return Ok(None);
    };
    let account = crate::store::players::linked_account(connection, player_id)?
        .map(|account| account.display_name);
    // One row past the page says whether another follows.
    let mut nights =
        figures::nights_page(connection, player_id, nights_offset, NIGHTS_PER_PAGE + 1)?;
    let more_nights = nights.len() as i64 > NIGHTS_PER_PAGE;
    nights.truncate(NIGHTS_PER_PAGE as usize);
    let mut results =
        figures::results_page(connection, player_id, results_offset, RESULTS_PER_PAGE + 1)?;
    let more_results = results.len() as i64 > RESULTS_PER_PAGE;
    results.truncate(RESULTS_PER_PAGE as usize);
    let head_to_head = figures::head_to_head(connection, player_id, HEAD_TO_HEAD_SHOWN)?;
    let totals = crate::store::ratings::totals_of_player(connection, player_id)?;
    let mut ratings = Vec::new();
    for game in GameKind::ALL {
        let Some((_, matches, wins)) = totals.iter().find(|(g, ..)| g == game.name()) else {
            continue;
        };
        let latest = crate::store::ratings::latest_of_player(
            connection,
            player_id,
            game.name(),
            CHART_MATCHES,
        )?;
        ratings.push(ReadRating {
            game,
            matches: *matches,
            wins: *wins,
            latest,
        });
    }
    let mut seasons = Vec::new();
    for season in figures::latest_seasons(connection, player_id, SEASONS_SHOWN)? {
        let Some(club) = clubs::find(connection, season.club_id)? else {
            continue;
        };
        let href = format!("/clubs/{}/seasons/{}", club.slug, season.id);
        let report = crate::seasons::report(connection, season)?;
        let row = report.table.rows.iter().find(|r| r.player == player_id);
        seasons.push(SeasonPlace {
            href,
            name: report.season.settings.name.clone(),
            club: club.name,
            closed: report.season.settings.closed,
            position: row.and_then(|r| r.position),
            points: row.map_or(0, |r| r.points),
            nights: row.map_or(0, |r| r.nights),
        });
    }
    Ok(Some(Loaded {
        player,
        account,
        nights,
        more_nights,
        results,
        more_results,
        head_to_head,
        ratings,
        seasons,
    }))
}

/// The player's nights (listed events only), ratings, seasons, head-to-head records and
/// results, a page of nights (`?page=`) and of results (`?results=`) at a time.
pub async fn player_page(
    Visit { ctx, state }: Visit,
    player_id: web::Path<i64>,
    query: web::Query<PlayerQuery>,
) -> Result<PlayerPage, AppError> {
    let player_id = player_id.into_inner();
    let lang = ctx.lang();
    let tr = Tr::new(lang);
    let asked = |text: &str| text.trim().parse::<u32>().ok();
    let (nights_page, nights_offset) = page_and_offset(asked(&query.page), NIGHTS_PER_PAGE);
    let (results_page, results_offset) = page_and_offset(asked(&query.results), RESULTS_PER_PAGE);
    let loaded = state
        .read_found(move |connection| load(connection, player_id, nights_offset, results_offset))
        .await?;
    let path = format!("/players/{player_id}");
    let mut nights_links = PageLinks::new(path.clone(), nights_page).named("page", "nights");
    nights_links.more = loaded.more_nights;
    if results_page > 1 {
        nights_links.keep("results", &results_page.to_string());
    }
    let mut results_links = PageLinks::new(path, results_page).named("results", "results");
    results_links.more = loaded.more_results;
    if nights_page > 1 {
        results_links.keep("page", &nights_page.to_string());
    }
    let events = loaded
        .nights
        .into_iter()
        .map(|(night, public_id, name, club)| PlayedEvent {
            public_id,
            name,
            club,
            date: night.starts_at.date(),
            entrant: night.entrant_label,
            position: night.position.map(|p| p as u32),
            wins: night.wins as u32,
            losses: night.losses as u32,
        })
        .collect();
    let results = loaded
        .results
        .into_iter()
        .map(|(result, event)| {
            let knockout = crate::events::knockout_of(&event);
            let label = tr.msg(&MatchKey::new(result.match_key).label_in(knockout));
            (event.name, label, result.opponent, result.won)
        })
        .collect();
    let head_to_head = loaded
        .head_to_head
        .into_iter()
        .map(|(player_id, opponent, wins, played)| HeadToHead {
            player_id,
            opponent,
            wins: wins as u32,
            losses: (played - wins) as u32,
        })
        .collect();
    Ok(PlayerPage {
        name: loaded.player.name,
        account: loaded.account,
        ratings: ratings_of(loaded.ratings, &tr),
        events,
        nights_links,
        seasons: loaded.seasons,
        results,
        results_links,
        head_to_head,
        chart_width: chart::WIDTH,
        chart_height: chart::HEIGHT,
        ctx,
    })
}
