//! Players' ratings: a pure function of the finished matches in time order.
//!
//! Weng-Lin (OpenSkill), from the `skillratings` crate, rates two teams directly: a
//! side's strength is the sum of its players' skills, and after the match every player
//! on it moves, by as much as their own uncertainty allows. A two-player game is the
//! same with one player a side. Each game has its own ratings: a Trionfetti match moves
//! nobody's Tressette rating.
//!
//! Pure: the shell passes the matches in the order they count and any ordered keys for
//! games and players; the same list always gives the same numbers.

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};

use super::Side;

/// A player's skill (`mu`) and how unsure of it we still are (`sigma`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Rating {
    /// Every player's rating before their first match of a game (the crate's default).
    pub const START: Rating = Rating {
        mu: 25.0,
        sigma: 25.0 / 3.0,
    };

    /// The rating shown: the skill less three times its uncertainty. It starts at 0 and
    /// a player climbs by playing and winning, so one lucky night does not top a table.
    pub fn shown(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::START
    }
}

impl From<Rating> for WengLinRating {
    fn from(rating: Rating) -> Self {
        WengLinRating {
            rating: rating.mu,
            uncertainty: rating.sigma,
        }
    }
}

impl From<WengLinRating> for Rating {
    fn from(rating: WengLinRating) -> Self {
        Rating {
            mu: rating.rating,
            sigma: rating.uncertainty,
        }
    }
}

/// A finished match as the ratings see it: which game, who sat on each side, who won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedMatch<G, P> {
    pub game: G,
    pub sides: [Vec<P>; 2],
    pub winner: Side,
}

/// The ratings after one match of two sides (the players' ratings before it, side by
/// side), in the same order.
pub fn rate(sides: [&[Rating]; 2], winner: Side) -> [Vec<Rating>; 2] {
    let team =
        |players: &[Rating]| -> Vec<WengLinRating> { players.iter().map(|&r| r.into()).collect() };
    let outcome = match winner {
        Side::A => Outcomes::WIN,
        Side::B => Outcomes::LOSS,
    };
    let (a, b) = weng_lin_two_teams(
        &team(sides[0]),
        &team(sides[1]),
        &outcome,
        &WengLinConfig::new(),
    );
    [
        a.into_iter().map(Rating::from).collect(),
        b.into_iter().map(Rating::from).collect(),
    ]
}

/// Every player's rating after each match, in the order of `matches` and of each
/// match's sides: the history the shell stores and draws.
pub fn history<G, P>(matches: &[RatedMatch<G, P>]) -> Vec<[Vec<Rating>; 2]>
where
    G: Ord + Clone,
    P: Ord + Clone,
{
    history_from(BTreeMap::new(), matches)
}

/// [`history`] going on from the ratings `current` before these matches (players not in
/// it start at [`Rating::START`]): the history of a list is the history of its first part
/// followed by this of the rest, from where the first part left everyone.
pub fn history_from<G, P>(
    mut current: BTreeMap<(G, P), Rating>,
    matches: &[RatedMatch<G, P>],
) -> Vec<[Vec<Rating>; 2]>
where
    G: Ord + Clone,
    P: Ord + Clone,
{
    let mut after = Vec::with_capacity(matches.len());
    for m in matches {
        let before = m.sides.clone().map(|side| {
            side.into_iter()
                .map(|p| {
                    current
                        .get(&(m.game.clone(), p))
                        .copied()
                        .unwrap_or_default()
                })
                .collect::<Vec<_>>()
        });
        let new = rate([&before[0], &before[1]], m.winner);
        for (players, ratings) in m.sides.iter().zip(&new) {
            for (player, rating) in players.iter().zip(ratings) {
                current.insert((m.game.clone(), player.clone()), *rating);
            }
        }
        after.push(new);
    }
    after
}

/// Each (game, player)'s rating after all of `matches`.
pub fn current<G, P>(matches: &[RatedMatch<G, P>]) -> BTreeMap<(G, P), Rating>
where
    G: Ord + Clone,
    P: Ord + Clone,
{
    let mut ratings = BTreeMap::new();
    for (m, after) in matches.iter().zip(history(matches)) {
        for (players, new) in m.sides.iter().zip(after) {
            for (player, rating) in players.iter().zip(new) {
                ratings.insert((m.game.clone(), player.clone()), rating);
            }
        }
    }
    ratings
}

/// Entrants strongest first by their players' current ratings, for seeding a new event:
/// an entrant's strength is the sum of its players' shown ratings (a pair's as the two
/// together), a player never rated counting as a newcomer. Entrants none of whose
/// players has a rating are left out (the seeding puts them after, in entry order);
/// equal strengths keep the order given.
pub fn strongest_first<E: Clone>(entrants: &[(E, Vec<Option<Rating>>)]) -> Vec<E> {
    let mut rated: Vec<(f64, &E)> = entrants
        .iter()
        .filter(|(_, players)| players.iter().any(Option::is_some))
        .map(|(entrant, players)| {
            let strength = players
                .iter()
                .map(|r| r.unwrap_or_default().shown())
                .sum::<f64>();
            (strength, entrant)
        })
        .collect();
    rated.sort_by(|a, b| b.0.total_cmp(&a.0));
    rated.into_iter().map(|(_, e)| e.clone()).collect()
}
