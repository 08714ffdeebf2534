//! Players' rating points (issue 25): one row per player of every finished event match,
//! with the rating the match left them in its game. Derived data: `crate::ratings` writes
//! it from the match logs and can rewrite all of it.

use diesel::prelude::*;

use super::schema::{events, rating_points};
use super::{DbConnection, StoreResult};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = rating_points)]
pub struct PointRow {
    pub match_id: i64,
    pub player_id: i64,
    pub event_id: i64,
    pub game: String,
    /// 0: side A, 1: side B.
    pub side: i32,
    pub won: bool,
    pub mu: f64,
    pub sigma: f64,
}

/// Rows in the order ratings are computed: by match, side, player.
macro_rules! in_order {
    ($query:expr) => {
        $query
            .order((
                rating_points::match_id.asc(),
                rating_points::side.asc(),
                rating_points::player_id.asc(),
            ))
            .select(PointRow::as_select())
    };
}

pub fn all(connection: &mut DbConnection) -> StoreResult<Vec<PointRow>> {
    Ok(in_order!(rating_points::table).load(connection)?)
}

/// The game's rows from match `from` on.
pub fn of_game_from(
    connection: &mut DbConnection,
    game: &str,
    from: i64,
) -> StoreResult<Vec<PointRow>> {
    Ok(in_order!(
        rating_points::table
            .filter(rating_points::game.eq(game))
            .filter(rating_points::match_id.ge(from))
    )
    .load(connection)?)
}

pub fn of_event(connection: &mut DbConnection, event_id: i64) -> StoreResult<Vec<PointRow>> {
    Ok(
        in_order!(rating_points::table.filter(rating_points::event_id.eq(event_id)))
            .load(connection)?,
    )
}

/// A rating point with its match's event: public id, name, start, listed.
pub type PlayerPoint = (PointRow, String, String, chrono::NaiveDateTime, bool);

/// A player's points with the event each match belongs to, in match order.
pub fn of_player(connection: &mut DbConnection, player_id: i64) -> StoreResult<Vec<PlayerPoint>> {
    Ok(rating_points::table
        .inner_join(events::table)
        .filter(rating_points::player_id.eq(player_id))
        .order(rating_points::match_id.asc())
        .select((
            PointRow::as_select(),
            events::public_id,
            events::name,
            events::starts_at,
            events::listed,
        ))
        .load(connection)?)
}

/// The rows of the matches `match_ids`, in these matches' order.
pub fn of_matches(connection: &mut DbConnection, match_ids: &[i64]) -> StoreResult<Vec<PointRow>> {
    Ok(
        in_order!(rating_points::table.filter(rating_points::match_id.eq_any(match_ids)))
            .load(connection)?,
    )
}

pub fn delete_matches(connection: &mut DbConnection, match_ids: &[i64]) -> StoreResult<usize> {
    Ok(
        diesel::delete(rating_points::table.filter(rating_points::match_id.eq_any(match_ids)))
            .execute(connection)?,
    )
}

pub fn delete_all(connection: &mut DbConnection) -> StoreResult<usize> {
    Ok(diesel::delete(rating_points::table).execute(connection)?)
}

pub fn insert(connection: &mut DbConnection, rows: &[PointRow]) -> StoreResult<()> {
    // A few hundred rows a statement keeps within SQLite's limit of bound values.
    for chunk in rows.chunks(500) {
        typed!(connection, |inner| diesel::insert_into(
            rating_points::table
        )
        .values(chunk)
        .execute(inner))?;
    }
    Ok(())
}

/// A new rating for one player's point.
pub fn set_rating(
    connection: &mut DbConnection,
    match_id: i64,
    player_id: i64,
    mu: f64,
    sigma: f64,
) -> StoreResult<()> {
    diesel::update(rating_points::table.find((match_id, player_id)))
        .set((rating_points::mu.eq(mu), rating_points::sigma.eq(sigma)))
        .execute(connection)?;
    Ok(())
}

/// The current (latest) rating in `game` of each of `players` that has one: (mu, sigma).
pub fn current_of(
    connection: &mut DbConnection,
    game: &str,
    players: &[i64],
) -> StoreResult<std::collections::BTreeMap<i64, (f64, f64)>> {
    latest_before(connection, game, players, i64::MAX)
}

/// The latest rating in `game` before match `before` of `player`: (mu, sigma).
pub fn latest_of(
    connection: &mut DbConnection,
    game: &str,
    player: i64,
    before: i64,
) -> StoreResult<Option<(f64, f64)>> {
    Ok(rating_points::table
        .filter(rating_points::player_id.eq(player))
        .filter(rating_points::match_id.lt(before))
        .filter(rating_points::game.eq(game))
        .order(rating_points::match_id.desc())
        .select((rating_points::mu, rating_points::sigma))
        .first(connection)
        .optional()?)
}

/// The latest rating in `game` before match `before` of each of `players` that has one.
pub fn latest_before(
    connection: &mut DbConnection,
    game: &str,
    players: &[i64],
    before: i64,
) -> StoreResult<std::collections::BTreeMap<i64, (f64, f64)>> {
    let rows: Vec<(i64, f64, f64)> = rating_points::table
        .filter(rating_points::game.eq(game))
        .filter(rating_points::player_id.eq_any(players))
        .filter(rating_points::match_id.lt(before))
        .order(rating_points::match_id.asc())
        .select((
            rating_points::player_id,
            rating_points::mu,
            rating_points::sigma,
        ))
        .load(connection)?;
    // Later matches overwrite earlier ones: the last is the current rating.
    Ok(rows
        .into_iter()
        .map(|(player, mu, sigma)| (player, (mu, sigma)))
        .collect())
}

/// Each game the player is rated in, with the matches rated and those won, in no order.
pub fn totals_of_player(
    connection: &mut DbConnection,
    player_id: i64,
) -> StoreResult<Vec<(String, i64, i64)>> {
    use diesel::dsl::count_star;
    let played: Vec<(String, i64)> = rating_points::table
        .filter(rating_points::player_id.eq(player_id))
        .group_by(rating_points::game)
        .select((rating_points::game, count_star()))
        .load(connection)?;
    let won: std::collections::BTreeMap<String, i64> = rating_points::table
        .filter(rating_points::player_id.eq(player_id))
        .filter(rating_points::won.eq(true))
        .group_by(rating_points::game)
        .select((rating_points::game, count_star()))
        .load::<(String, i64)>(connection)?
        .into_iter()
        .collect();
    Ok(played
        .into_iter()
        .map(|(game, matches)| {
            let wins = won.get(&game).copied().unwrap_or(0);
            (game, matches, wins)
        })
        .collect())
}

/// The player's latest `limit` points in `game` with their events, newest first.
pub fn latest_of_player(
    connection: &mut DbConnection,
    player_id: i64,
    game: &str,
    limit: i64,
) -> StoreResult<Vec<PlayerPoint>> {
    Ok(rating_points::table
        .inner_join(events::table)
        .filter(rating_points::player_id.eq(player_id))
        .filter(rating_points::game.eq(game))
        .order(rating_points::match_id.desc())
        .limit(limit)
        .select((
            PointRow::as_select(),
            events::public_id,
            events::name,
            events::starts_at,
            events::listed,
        ))
        .load(connection)?)
}
