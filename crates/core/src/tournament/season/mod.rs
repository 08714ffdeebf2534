//! A club's season: nights add up to a season table.
//!
//! Each night gives places (an event's final standings: individual for rotating-partner
//! nights, a pair's place for both its players in partnership events). A place earns
//! points by the club's [`Scale`]; only the best N nights count when the club says so,
//! and a player needs a minimum number of nights to be ranked. Ties on points are broken
//! by nights won (first places), then head to head (shared nights finished ahead of the
//! others still tied); players still level share the position.
//!
//! Pure: the shell passes the nights in season order and the players as any ordered key.

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::standings::TableTitle;
use super::{EntrantId, Standings};

/// How a night's place turns into season points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scale {
    /// One point for every player finishing below (the built-in default): a pair's place
    /// in a night of 8 pairs beats 2 players for each pair below it.
    PlayersBeaten,
    /// Points for place 1, 2, 3, …; places beyond the table score nothing.
    Table(Vec<u32>),
}

impl Scale {
    /// The points of a `place` (1-based) on a night, given every finisher's place and size.
    fn points(&self, place: u32, night: &[Finisher<impl Sized>]) -> u32 {
        match self {
            Scale::PlayersBeaten => night
                .iter()
                .filter(|f| f.place > place)
                .map(|f| f.players.len() as u32)
                .sum(),
            Scale::Table(points) => points
                .get(place.saturating_sub(1) as usize)
                .copied()
                .unwrap_or(0),
        }
    }
}

/// The club's choices for a season table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub scale: Scale,
    /// Only a player's best N nights count (all of them when `None`).
    pub best_nights: Option<u32>,
    /// Nights a player needs to be ranked (those with fewer are listed unranked).
    pub min_nights: u32,
}

/// One place on a night: an individual, or a pair whose players both take it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finisher<P> {
    /// 1-based; finishers may share a place.
    pub place: u32,
    pub players: Vec<P>,
}

/// What one night gave a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NightResult {
    /// The night's index in the season (as passed to [`table`]).
    pub night: usize,
    pub place: u32,
    pub points: u32,
    /// Among the player's best N nights.
    pub counted: bool,
}

/// One line of the season table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row<P> {
    /// 1-based; players still level after every tie-break share it. `None`: fewer nights
    /// than the minimum.
    pub position: Option<u32>,
    pub player: P,
    /// Points of the counted nights.
    pub points: u32,
    pub nights: u32,
    /// Nights won (first place), over every night played.
    pub wins: u32,
    /// Shared nights finished ahead of the others tied on points and wins; only where
    /// such a tie had to be broken.
    pub head_to_head: Option<u32>,
    /// Each night played, in season order.
    pub results: Vec<NightResult>,
}

/// The season table: ranked rows first, then the unranked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table<P> {
    pub rows: Vec<Row<P>>,
}

impl<P> Table<P> {
    /// The players at position 1 (more than one only after a tie no tie-break splits).
    pub fn leaders(&self) -> impl Iterator<Item = &Row<P>> {
        self.rows.iter().filter(|r| r.position == Some(1))
    }
}

/// The season table of `nights` (in season order) under `rules`.
pub fn table<P: Ord + Clone>(nights: &[Vec<Finisher<P>>], rules: &Rules) -> Table<P> {
    let mut by_player: BTreeMap<P, Vec<NightResult>> = BTreeMap::new();
    for (index, night) in nights.iter().enumerate() {
        for finisher in night {
            for player in &finisher.players {
                by_player
                    .entry(player.clone())
                    .or_default()
                    .push(NightResult {
                        night: index,
                        place: finisher.place,
                        points: rules.scale.points(finisher.place, night),
                        counted: false,
                    });
            }
        }
    }
    let mut rows: Vec<Row<P>> = by_player
        .into_iter()
        .map(|(player, mut results)| {
            mark_counted(&mut results, rules.best_nights);
            Row {
                position: None,
                points: results.iter().filter(|r| r.counted).map(|r| r.points).sum(),
                nights: results.len() as u32,
                wins: results.iter().filter(|r| r.place == 1).count() as u32,
                head_to_head: None,
                player,
                results,
            }
        })
        .collect();
    let ranked = |r: &Row<P>| r.nights >= rules.min_nights.max(1);
    rows.sort_by(|a, b| {
        ranked(b)
            .cmp(&ranked(a))
            .then(b.points.cmp(&a.points))
            .then(b.wins.cmp(&a.wins))
    });
    let first_unranked = rows.iter().position(|r| !ranked(r)).unwrap_or(rows.len());
    place_ranked(&mut rows[..first_unranked]);
    Table { rows }
}

/// Marks the best `best` nights as counted (the earlier night first among equal points).
fn mark_counted(results: &mut [NightResult], best: Option<u32>) {
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by(|&a, &b| results[b].points.cmp(&results[a].points).then(a.cmp(&b)));
    let take = best.map_or(results.len(), |n| n as usize);
    for &i in order.iter().take(take) {
        results[i].counted = true;
    }
}

/// Positions for rows sorted by points then wins: each run tied on both is ordered by
/// head to head; rows level on that too share a position.
fn place_ranked<P: Ord>(rows: &mut [Row<P>]) {
    let mut start = 0;
    while start < rows.len() {
        let key = (rows[start].points, rows[start].wins);
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| (r.points, r.wins) == key)
                .count();
        let run = &mut rows[start..end];
        if run.len() > 1 {
            let scores: Vec<u32> = (0..run.len()).map(|i| head_to_head(run, i)).collect();
            for (row, score) in run.iter_mut().zip(scores) {
                row.head_to_head = Some(score);
            }
            run.sort_by(|a, b| {
                b.head_to_head
                    .cmp(&a.head_to_head)
                    .then(a.player.cmp(&b.player))
            });
        }
        for i in 0..run.len() {
            let shared = i > 0 && run[i].head_to_head == run[i - 1].head_to_head;
            run[i].position = Some(if shared {
                run[i - 1].position.unwrap_or(0)
            } else {
                (start + i) as u32 + 1
            });
        }
        start = end;
    }
}

/// Shared nights on which `rows[i]` finished ahead of another row of the run.
fn head_to_head<P>(run: &[Row<P>], i: usize) -> u32 {
    let mine = &run[i].results;
    run.iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, other)| {
            other
                .results
                .iter()
                .filter(|theirs| {
                    mine.iter()
                        .any(|m| m.night == theirs.night && m.place < theirs.place)
                })
                .count() as u32
        })
        .sum()
}

/// An event's final places, 1-based, for a season: the one table of most formats; for
/// groups then knockout, the knockout's order, then the others by group place (group 1
/// first among equal places).
pub fn final_places(standings: &Standings) -> Vec<(EntrantId, u32)> {
    let knockout = standings
        .tables
        .iter()
        .find(|t| t.title == TableTitle::Knockout);
    let mut order: Vec<EntrantId> = knockout
        .map(|t| t.rows.iter().map(|r| r.entrant).collect())
        .unwrap_or_default();
    let mut rest: Vec<(u32, usize, EntrantId)> = standings
        .tables
        .iter()
        .enumerate()
        .filter(|(_, t)| t.title != TableTitle::Knockout)
        .flat_map(|(g, t)| t.rows.iter().map(move |r| (r.position, g, r.entrant)))
        .filter(|(_, _, e)| !order.contains(e))
        .collect();
    rest.sort();
    order.extend(rest.into_iter().map(|(_, _, e)| e));
    order
        .into_iter()
        .enumerate()
        .map(|(i, e)| (e, i as u32 + 1))
        .collect()
}
