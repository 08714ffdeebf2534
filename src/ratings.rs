//! Players' ratings as stored: the core's [`rating::history`] of every finished event
//! match, one game at a time, kept in `rating_points` (`store::ratings`).
//!
//! - [`refresh_event`] runs in the write that finishes, corrects, forfeits or replaces an
//!   event's match (from `events::sync`): it compares what the event's logs say now with
//!   the rows stored for it and, when a match was added, changed or taken out,
//!   recomputes that game's ratings from that match on (the earlier ones cannot move).
//! - [`rebuild`] recomputes every row from the logs alone (`segnapunti ratings rebuild`);
//!   [`first_difference`] says where the stored rows differ from such a rebuild, without
//!   writing (for `segnapunti check`).
//!
//! Time order is the order the matches were drawn (their row id): stored once, never
//! edited, the same on every rebuild. Forfeits and matches replaced after a correction
//! are not rated: nobody played them as recorded.

use std::collections::{BTreeMap, BTreeSet};

use crate::events::{EventData, MatchSummary, Remember};
use crate::rules::kind::GameKind;
use crate::store::events::EventMatchRow;
use crate::store::matches::MatchStatus;
use crate::store::player_figures::{self as stored_figures, Figures};
use crate::store::ratings::{self as stored, PointRow};
use crate::store::{Db, DbConnection, StoreError, StoreResult};
use crate::tournament::rating::{self, RatedMatch, Rating};
use crate::tournament::{Side, Slot};

/// A finished match as the ratings see it, with where it is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub match_id: i64,
    pub event_id: i64,
    pub game: GameKind,
    /// Player ids of each side, in ascending order.
    pub sides: [Vec<i64>; 2],
    pub winner: Side,
}

/// The finished, played matches of an event as its logs say (`summaries`, by match id).
pub fn inputs_of(data: &EventData, summaries: &BTreeMap<i64, MatchSummary>) -> Vec<Input> {
    data.matches
        .iter()
        .filter_map(|row| input_of(data, summaries, row))
        .collect()
}

/// The match as the ratings see it, if it is a finished, played match of the event.
fn input_of(
    data: &EventData,
    summaries: &BTreeMap<i64, MatchSummary>,
    row: &EventMatchRow,
) -> Option<Input> {
    if row.match_key.is_none() || row.status() != MatchStatus::Finished {
        return None;
    }
    let summary = summaries.get(&row.id)?;
    let (true, Some(winner)) = (summary.over, summary.winner) else {
        return None;
    };
    let slots = row
        .sides_json
        .as_deref()
        .and_then(|json| serde_json::from_str::<[Slot; 2]>(json).ok())?;
    let sides = slots.map(|slot| {
        let mut players: Vec<i64> = slot
            .entrants()
            .into_iter()
            .filter_map(|e| data.entrant(e))
            .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
            .collect();
        players.sort_unstable();
        players.dedup();
        players
    });
    if sides.iter().any(Vec::is_empty) {
        return None;
    }
    Some(Input {
        match_id: row.id,
        event_id: data.event.id,
        game: data.event.game,
        sides,
        winner,
    })
}

/// The rows of `inputs` (all of one game, in match order), rated from scratch.
fn rated(inputs: &[Input]) -> Vec<PointRow> {
    rated_from(BTreeMap::new(), inputs)
}

/// The rows of `inputs`, rated from the players' ratings `start` before them.
fn rated_from(start: BTreeMap<(GameKind, i64), Rating>, inputs: &[Input]) -> Vec<PointRow> {
    let matches: Vec<RatedMatch<GameKind, i64>> = inputs
        .iter()
        .map(|input| RatedMatch {
            game: input.game,
            sides: input.sides.clone(),
            winner: input.winner,
        })
        .collect();
    let mut rows = Vec::new();
    for (input, after) in inputs.iter().zip(rating::history_from(start, &matches)) {
        for (side, (players, ratings)) in input.sides.iter().zip(after).enumerate() {
            for (player, rating) in players.iter().zip(ratings) {
                rows.push(PointRow {
                    match_id: input.match_id,
                    player_id: *player,
                    event_id: input.event_id,
                    game: input.game.name().to_string(),
                    side: side as i32,
                    won: side == input.winner.index(),
                    mu: rating.mu,
                    sigma: rating.sigma,
                });
            }
        }
    }
    rows
}

/// Stored rows read back as the inputs they were made from (rows in match order).
fn inputs_of_rows(rows: &[PointRow]) -> StoreResult<Vec<Input>> {
    let mut inputs: Vec<Input> = Vec::new();
    for row in rows {
        let game: GameKind = row.game.parse().map_err(|_| {
            StoreError::Corrupt(format!(
                "rating of match {}: game {}",
                row.match_id, row.game
            ))
        })?;
        if inputs
            .last()
            .is_none_or(|last| last.match_id != row.match_id)
        {
            let won_side = if (row.side == 0) == row.won {
                Side::A
            } else {
                Side::B
            };
            inputs.push(Input {
                match_id: row.match_id,
                event_id: row.event_id,
                game,
                sides: [Vec::new(), Vec::new()],
                winner: won_side,
            });
        }
        let input = inputs.last_mut().expect("pushed above");
        input.sides[usize::from(row.side != 0)].push(row.player_id);
    }
    Ok(inputs)
}

/// Recomputes `game`'s ratings from match `from` on, from its stored inputs and the
/// ratings the matches before left: how many rows moved. The rows before `from` are what
/// a recomputation from scratch gives already, so the cost of a result is that of the
/// matches after it, not of the game's whole history.
fn recompute_game(
    connection: &mut DbConnection,
    game: GameKind,
    from: i64,
    reached: BTreeSet<i64>,
) -> StoreResult<usize> {
    let rows = stored::of_game_from(connection, game.name(), from)?;
    let inputs = inputs_of_rows(&rows)?;
    // Only the matches of players a change reached move, and they reach their partners
    // and opponents in turn: on a night when many clubs play, a result at one table
    // leaves every other club's later matches as they are.
    let mut reached = reached;
    let mut current: BTreeMap<(GameKind, i64), Rating> = BTreeMap::new();
    let mut moved_matches = Vec::new();
    let mut fresh_rows = Vec::new();
    let mut stored_rows = rows.iter().peekable();
    for input in &inputs {
        let of_match: Vec<&PointRow> =
            std::iter::from_fn(|| stored_rows.next_if(|row| row.match_id == input.match_id))
                .collect();
        let players = input.sides.iter().flatten();
        if !players.clone().any(|player| reached.contains(player)) {
            continue;
        }
        for &player in players.clone() {
            if let std::collections::btree_map::Entry::Vacant(slot) = current.entry((game, player))
            {
                // Not reached before this match: its stored rows so far stand.
                if let Some((mu, sigma)) =
                    stored::latest_of(connection, game.name(), player, input.match_id)?
                {
                    slot.insert(Rating { mu, sigma });
                }
            }
        }
        reached.extend(players.clone());
        let start = players
            .filter_map(|&player| current.get(&(game, player)).map(|r| ((game, player), *r)))
            .collect();
        let rated = rated_from(start, std::slice::from_ref(input));
        for row in &rated {
            current.insert(
                (game, row.player_id),
                Rating {
                    mu: row.mu,
                    sigma: row.sigma,
                },
            );
        }
        let unchanged = of_match.len() == rated.len()
            && of_match
                .iter()
                .zip(&rated)
                .all(|(old, new)| old.mu == new.mu && old.sigma == new.sigma);
        if !unchanged {
            moved_matches.push(input.match_id);
            fresh_rows.extend(rated);
        }
    }
    // The moved matches' rows are written again in a few statements: one update per row
    // made a correction early in a long season cost a round trip per later row.
    if !moved_matches.is_empty() {
        stored::delete_matches(connection, &moved_matches)?;
        stored::insert(connection, &fresh_rows)?;
    }
    Ok(fresh_rows.len())
}

/// Brings the event's rating rows in step with its logs (in the write that changed one
/// of its matches); see the module documentation.
pub fn refresh_event(
    connection: &mut DbConnection,
    data: &EventData,
    summaries: &BTreeMap<i64, MatchSummary>,
) -> StoreResult<()> {
    let fresh = inputs_of(data, summaries);
    let before = inputs_of_rows(&stored::of_event(connection, data.event.id)?)?;
    refresh(connection, &fresh, &before)
}

/// [`refresh_event`] when nothing but the matches `rows` can have changed (a result
/// that re-derived nothing else): only their rows are read and compared.
pub fn refresh_matches<'a>(
    connection: &mut DbConnection,
    data: &EventData,
    summaries: &BTreeMap<i64, MatchSummary>,
    rows: impl IntoIterator<Item = &'a EventMatchRow>,
) -> StoreResult<()> {
    let (ids, fresh): (Vec<i64>, Vec<Option<Input>>) = rows
        .into_iter()
        .map(|row| (row.id, input_of(data, summaries, row)))
        .unzip();
    let mut fresh: Vec<Input> = fresh.into_iter().flatten().collect();
    fresh.sort_by_key(|input| input.match_id);
    let before = inputs_of_rows(&stored::of_matches(connection, &ids)?)?;
    refresh(connection, &fresh, &before)
}

/// Writes the rating rows of the matches whose inputs differ between `fresh` and
/// `before` (both in match order), and recomputes their games from the first of them.
fn refresh(connection: &mut DbConnection, fresh: &[Input], before: &[Input]) -> StoreResult<()> {
    if fresh == before {
        return Ok(());
    }
    let by_id = |inputs: &[Input]| -> BTreeMap<i64, Input> {
        inputs.iter().map(|i| (i.match_id, i.clone())).collect()
    };
    let (fresh_by_id, before_by_id) = (by_id(fresh), by_id(before));
    let changed: Vec<i64> = before_by_id
        .keys()
        .chain(fresh_by_id.keys())
        .copied()
        .filter(|id| fresh_by_id.get(id) != before_by_id.get(id))
        .collect::<BTreeSet<i64>>()
        .into_iter()
        .collect();
    stored::delete_matches(connection, &changed)?;
    // Placeholders at the start rating: the game's recomputation below rates them.
    let placeholders: Vec<PointRow> = rated(
        &changed
            .iter()
            .filter_map(|id| fresh_by_id.get(id).cloned())
            .collect::<Vec<_>>(),
    )
    .into_iter()
    .map(|row| PointRow {
        mu: Rating::START.mu,
        sigma: Rating::START.sigma,
        ..row
    })
    .collect();
    stored::insert(connection, &placeholders)?;
    let mut games: Vec<GameKind> = before.iter().chain(fresh).map(|i| i.game).collect();
    games.sort();
    games.dedup();
    let from = changed.first().copied().unwrap_or_default();
    for game in games {
        // The players of the matches changed, added or taken out: theirs are the
        // ratings that move, and those of whoever they met since.
        let reached: BTreeSet<i64> = changed
            .iter()
            .flat_map(|id| [fresh_by_id.get(id), before_by_id.get(id)])
            .flatten()
            .filter(|input| input.game == game)
            .flat_map(|input| input.sides.iter().flatten().copied())
            .collect();
        recompute_game(connection, game, from, reached)?;
    }
    Ok(())
}

/// What the logs alone give: every rating row and every player's figures.
pub struct Recomputed {
    pub points: Vec<PointRow>,
    pub figures: Figures,
}

/// Told how many events are done of how many, as a long run goes.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// Every rating row and player's figure as the logs alone give them: every event derived
/// once from its rows and logs, so the cost grows with the database, not faster.
pub fn recompute_all(
    connection: &mut DbConnection,
    progress: Progress<'_>,
) -> StoreResult<Recomputed> {
    let events = crate::store::events::all(connection)?;
    let mut inputs = Vec::new();
    let mut figures = Figures::default();
    let total = events.len();
    for (done, event) in events.into_iter().enumerate() {
        let data = EventData::load_without_players(connection, event)?;
        match crate::events::derive(connection, &data) {
            Ok(Some(derived)) => {
                inputs.extend(inputs_of(&data, &derived.summaries));
                let of_event = crate::player_figures::of_event(
                    &data,
                    &derived.tournament,
                    &derived.schedule,
                    None,
                );
                figures.extend(of_event);
            }
            Ok(None) => {}
            // An event that no longer derives (a damaged format) has no figures, as no
            // sync of it writes any; its finished matches still rate their players.
            Err(StoreError::Corrupt(_)) => {
                let summaries = crate::events::summaries(connection, &data, Remember::No)?;
                inputs.extend(inputs_of(&data, &summaries));
            }
            Err(other) => return Err(other),
        }
        progress(done + 1, total);
    }
    inputs.sort_by_key(|i| i.match_id);
    let mut points = Vec::new();
    for game in GameKind::ALL {
        let of_game: Vec<Input> = inputs.iter().filter(|i| i.game == game).cloned().collect();
        points.extend(rated(&of_game));
    }
    points.sort_by_key(|r| (r.match_id, r.side, r.player_id));
    Ok(Recomputed {
        points,
        figures: figures.sorted(),
    })
}

/// Every rating row as the logs alone give it: every event's finished matches replayed.
pub fn recompute(connection: &mut DbConnection) -> StoreResult<Vec<PointRow>> {
    Ok(recompute_all(connection, &mut |_, _| {})?.points)
}

/// Where the stored ratings differ from what the logs give, in words (`None`: they agree).
pub fn first_difference(connection: &mut DbConnection) -> StoreResult<Option<String>> {
    Ok(first_difference_at(connection)?.map(|(_, why)| why))
}

/// [`first_difference`] with the id of the match where the rows first differ.
pub fn first_difference_at(connection: &mut DbConnection) -> StoreResult<Option<(i64, String)>> {
    Ok(differences(connection, &mut |_, _| {})?.ratings)
}

/// Where the stored rows differ from a rebuild, without writing.
pub struct Differences {
    /// The ratings' first difference, with the id of its match.
    pub ratings: Option<(i64, String)>,
    /// The players' figures' first difference.
    pub figures: Option<String>,
}

/// The stored ratings and figures against what the logs give (for `segnapunti check`).
pub fn differences(
    connection: &mut DbConnection,
    progress: Progress<'_>,
) -> StoreResult<Differences> {
    let fresh = recompute_all(connection, progress)?;
    let points = stored::all(connection)?;
    let figures = stored_figures::all(connection)?;
    Ok(Differences {
        ratings: difference_at(&points, &fresh.points),
        figures: crate::player_figures::difference(&figures, &fresh.figures),
    })
}

fn difference(stored: &[PointRow], fresh: &[PointRow]) -> Option<String> {
    difference_at(stored, fresh).map(|(_, why)| why)
}

/// The first difference and the id of its match.
fn difference_at(stored: &[PointRow], fresh: &[PointRow]) -> Option<(i64, String)> {
    for (old, new) in stored.iter().zip(fresh) {
        if old != new {
            let match_id = new.match_id.min(old.match_id);
            return Some((
                match_id,
                format!(
                    "match {match_id} player {}: stored {old:?}, the logs give {new:?}",
                    new.player_id,
                ),
            ));
        }
    }
    match stored.len().cmp(&fresh.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => {
            let match_id = fresh[stored.len()].match_id;
            Some((
                match_id,
                format!("the logs give a rating for match {match_id} that is not stored"),
            ))
        }
        std::cmp::Ordering::Greater => {
            let match_id = stored[fresh.len()].match_id;
            Some((
                match_id,
                format!("a rating is stored for match {match_id} that the logs do not give"),
            ))
        }
    }
}

/// What a [`rebuild`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebuilt {
    /// Matches rated.
    pub matches: usize,
    /// Rating rows written (one per player per match).
    pub points: usize,
    /// Players' nights written (one per player per drawn event).
    pub nights: usize,
    /// Where the rows stored before differed, if they did.
    pub difference: Option<String>,
    /// Where the players' figures stored before differed, if they did.
    pub figures_difference: Option<String>,
}

/// Recomputes every rating and player's figure from the logs and replaces the stored
/// rows that differ, in one write.
pub fn rebuild_in(connection: &mut DbConnection, progress: Progress<'_>) -> StoreResult<Rebuilt> {
    let fresh = recompute_all(connection, progress)?;
    let before = stored::all(connection)?;
    let difference = difference(&before, &fresh.points);
    if difference.is_some() {
        stored::delete_all(connection)?;
        stored::insert(connection, &fresh.points)?;
    }
    let figures_before = stored_figures::all(connection)?;
    let figures_difference = crate::player_figures::difference(&figures_before, &fresh.figures);
    if figures_difference.is_some() {
        stored_figures::delete_all(connection)?;
        stored_figures::insert(connection, &fresh.figures)?;
    }
    let mut matches: Vec<i64> = fresh.points.iter().map(|r| r.match_id).collect();
    matches.dedup();
    Ok(Rebuilt {
        matches: matches.len(),
        points: fresh.points.len(),
        nights: fresh.figures.nights.len(),
        difference,
        figures_difference,
    })
}

/// [`rebuild_in`] as one write of `db` (`segnapunti ratings rebuild`).
pub fn rebuild(db: &Db) -> StoreResult<Rebuilt> {
    rebuild_telling(db, Box::new(|_, _| {}))
}

/// [`rebuild`], telling `progress` how many events are done of how many.
pub fn rebuild_telling(
    db: &Db,
    mut progress: Box<dyn FnMut(usize, usize) + Send>,
) -> StoreResult<Rebuilt> {
    db.write(move |connection| rebuild_in(connection, &mut *progress))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(match_id: i64, player_id: i64, side: i32, won: bool) -> PointRow {
        PointRow {
            match_id,
            player_id,
            event_id: 1,
            game: "trionfetti".into(),
            side,
            won,
            mu: 25.0,
            sigma: 8.0,
        }
    }

    #[test]
    fn stored_rows_read_back_as_the_inputs_they_came_from() {
        let input = Input {
            match_id: 7,
            event_id: 1,
            game: GameKind::Trionfetti,
            sides: [vec![1, 2], vec![3, 4]],
            winner: Side::B,
        };
        let rows = rated(std::slice::from_ref(&input));
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| r.won == (r.side == 1)));
        assert_eq!(inputs_of_rows(&rows).unwrap(), vec![input]);
    }

    #[test]
    fn a_difference_names_the_first_match_that_differs() {
        let a = vec![row(1, 1, 0, true), row(1, 2, 1, false)];
        assert_eq!(difference(&a, &a), None);
        let mut b = a.clone();
        b[1].mu = 24.0;
        assert!(difference(&a, &b).unwrap().starts_with("match 1 player 2"));
        assert!(difference(&a[..1], &a).unwrap().contains("not stored"));
        assert!(difference(&a, &a[..1]).unwrap().contains("do not give"));
    }
}
