//! The draw: the present entrants put in seed order (by hand, at random, by the
//! results of an earlier event of the club or by the players' current ratings), checked against the format, and stored as
//! the event's start, which creates its first matches.

use super::view::EventView;
use super::{format_of, sync};
use crate::store::events::{self as store_events, EntrantRow, EventRow};
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::rating::{self, Rating};
use crate::tournament::{EntrantId, Seeding, Tournament, TournamentError, seeding};

/// The entrants the draw takes: checked in and not withdrawn.
pub fn present(entrants: &[EntrantRow]) -> Vec<EntrantId> {
    entrants
        .iter()
        .filter(|e| e.checked_in && e.withdrawn_round.is_none())
        .map(|e| EntrantId(e.number as u32))
        .collect()
}

/// The seed order by the results of the club's earlier event `public_id`, with that
/// event's name; `None` for an event of no such id in the club.
pub fn earlier_ranking(
    connection: &mut DbConnection,
    club_id: i64,
    public_id: &str,
    current: &[EntrantRow],
) -> StoreResult<Option<(String, Vec<EntrantId>)>> {
    let Some(other) = store_events::find_by_public_id(connection, public_id)? else {
        return Ok(None);
    };
    if other.club_id != club_id {
        return Ok(None);
    }
    let name = other.name.clone();
    let view = EventView::load(connection, other)?;
    Ok(Some((name, ranking_from(&view, current))))
}

/// The seed order by the players' current ratings in the event's game, strongest first
/// (`tournament::rating::strongest_first`); entrants with no rated player are left to
/// follow in entry order.
pub fn rating_ranking(
    connection: &mut DbConnection,
    event: &EventRow,
    current: &[EntrantRow],
) -> StoreResult<Vec<EntrantId>> {
    let players = |e: &EntrantRow| -> Vec<i64> {
        std::iter::once(e.player1_id).chain(e.player2_id).collect()
    };
    let all: Vec<i64> = current.iter().flat_map(players).collect();
    let ratings = crate::store::ratings::current_of(connection, event.game.name(), &all)?;
    let entrants: Vec<(EntrantId, Vec<Option<Rating>>)> = current
        .iter()
        .map(|e| {
            let of_players = players(e)
                .into_iter()
                .map(|p| ratings.get(&p).map(|&(mu, sigma)| Rating { mu, sigma }))
                .collect();
            (EntrantId(e.number as u32), of_players)
        })
        .collect();
    Ok(rating::strongest_first(&entrants))
}

/// The order by the results of an earlier event: each entrant ranks at the best final
/// position of an earlier entrant sharing one of its players.
fn ranking_from(view: &EventView, current: &[EntrantRow]) -> Vec<EntrantId> {
    let mut positions: Vec<(u32, i32)> = Vec::new();
    let table = view.standings().into_iter().last();
    for entrant in current {
        let players: Vec<i64> = std::iter::once(entrant.player1_id)
            .chain(entrant.player2_id)
            .collect();
        let best = table.as_ref().and_then(|t| {
            t.rows
                .iter()
                .filter(|row| {
                    view.data.entrant(row.entrant).is_some_and(|earlier| {
                        std::iter::once(earlier.player1_id)
                            .chain(earlier.player2_id)
                            .any(|p| players.contains(&p))
                    })
                })
                .map(|row| row.position)
                .min()
        });
        if let Some(position) = best {
            positions.push((position, entrant.number));
        }
    }
    positions.sort();
    positions
        .into_iter()
        .map(|(_, number)| EntrantId(number as u32))
        .collect()
}

/// The present entrants in seed order, refused when the seeding or the format cannot
/// take them (a manual order that does not list each once, too few for the format).
pub fn seed_order(
    event: &EventRow,
    present: &[EntrantId],
    seeding: &Seeding,
) -> StoreResult<Result<Vec<EntrantId>, TournamentError>> {
    let order = match seeding::seed(present, seeding) {
        Ok(order) => order,
        Err(error) => return Ok(Err(error)),
    };
    let check = Tournament::new(order.clone(), format_of(event)?);
    Ok(check.schedule(&Default::default()).map(|_| order))
}

/// Starts the event with this seeding (`description`: how it was seeded, as stored) and
/// order, and creates its first matches.
pub fn start(
    connection: &mut DbConnection,
    event_id: i64,
    description: &str,
    order: &[EntrantId],
) -> StoreResult<()> {
    let order_json = serde_json::to_string(&order.iter().map(|e| e.0).collect::<Vec<_>>())
        .map_err(|e| StoreError::Corrupt(e.to_string()))?;
    store_events::start(connection, event_id, description, &order_json)?;
    sync(connection, event_id)?;
    Ok(())
}
