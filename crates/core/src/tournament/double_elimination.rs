//! Double elimination: a winners' bracket (standard seeding, byes to the top seeds), a
//! losers' bracket, a grand final and an optional bracket reset.
//!
//! Keys: `W R{r} M{m}`, `L R{r} M{m}`, `GF`, `GF reset`.
//!
//! For a bracket of `P = 2^k` lines the losers' bracket has `2(k-1)` rounds. Losers'
//! round 1 pairs the losers of winners' round 1 in bracket order (matches 1–2, 3–4, …).
//! Losers' round `2j` (for `j = 1..k-1`) sets the winners of losers' round `2j-1` against
//! the losers of winners' round `j+1`, which drop in an order that keeps apart entrants
//! who met recently: reversed for odd `j`, halves swapped for even `j` (the usual
//! alternation). Losers' round `2j+1` pairs the winners of round `2j` in order. The
//! losers' champion meets the winners' champion in the grand final; with
//! [`Options::bracket_reset`], if the losers' champion wins, `GF reset` is played between
//! the same two (it only exists once that has happened).

use serde::{Deserialize, Serialize};

use super::bracket::{Def, Feed, bracket_size, push_winners_bracket};
use super::{MatchKey, Results, Schedule, Side, Stage, Status, Tournament, TournamentError};

/// Double-elimination options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    /// Play a second grand final when the losers' bracket champion wins the first.
    pub bracket_reset: bool,
}

/// Where the loser of winners' round `j + 1`, match `i` (0-based) of `m`, drops: the
/// index of the losers' round `2j` match it joins.
pub fn drop_position(j: usize, i: usize, m: usize) -> usize {
    if m == 1 {
        0
    } else if j % 2 == 1 {
        m - 1 - i
    } else {
        (i + m / 2) % m
    }
}

pub(crate) fn defs(n: usize) -> (Vec<Def>, usize) {
    let size = bracket_size(n);
    let mut defs = Vec::new();
    let winners = push_winners_bracket(&mut defs, size, "W ", Stage::Winners);
    let k = winners.len();
    let final_index = winners[k - 1][0];
    let lb_key = |r: usize, m: usize| MatchKey(format!("L R{r} M{}", m + 1));
    let mut losers_champion = Feed::Loser(final_index);
    if k >= 2 {
        // Losers' round 1.
        let mut previous = Vec::new();
        for m in 0..size / 4 {
            previous.push(defs.len());
            defs.push(Def {
                key: lb_key(1, m),
                stage: Stage::Losers,
                round: 1,
                feeds: [
                    Feed::Loser(winners[0][2 * m]),
                    Feed::Loser(winners[0][2 * m + 1]),
                ],
            });
        }
        for j in 1..k {
            // Drop-in round 2j: winners of the previous losers' round meet the losers of
            // winners' round j + 1.
            let round = 2 * j;
            let dropping = &winners[j];
            let m = dropping.len();
            let mut slots = vec![0; m];
            for (i, &w) in dropping.iter().enumerate() {
                slots[drop_position(j, i, m)] = w;
            }
            let mut current = Vec::new();
            for (t, &from) in slots.iter().enumerate() {
                current.push(defs.len());
                defs.push(Def {
                    key: lb_key(round, t),
                    stage: Stage::Losers,
                    round: round as u32,
                    feeds: [Feed::Winner(previous[t]), Feed::Loser(from)],
                });
            }
            previous = current;
            if j + 1 < k {
                // Round 2j + 1: the survivors play each other.
                let round = 2 * j + 1;
                let mut current = Vec::new();
                for t in 0..previous.len() / 2 {
                    current.push(defs.len());
                    defs.push(Def {
                        key: lb_key(round, t),
                        stage: Stage::Losers,
                        round: round as u32,
                        feeds: [
                            Feed::Winner(previous[2 * t]),
                            Feed::Winner(previous[2 * t + 1]),
                        ],
                    });
                }
                previous = current;
            }
        }
        losers_champion = Feed::Winner(previous[0]);
    }
    let gf = defs.len();
    defs.push(Def {
        key: MatchKey::new("GF"),
        stage: Stage::GrandFinal,
        round: 1,
        feeds: [Feed::Winner(final_index), losers_champion],
    });
    (defs, gf)
}

/// Every match of the event now.
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    let (mut defs, gf) = defs(tournament.require_entrants(2)?);
    let mut matches = tournament.bracket_matches(&defs, results);
    if options.bracket_reset
        && matches!(&matches[gf].status, Status::Finished(o) if o.winner() == Side::B)
    {
        defs.push(Def {
            key: MatchKey::new("GF reset"),
            stage: Stage::GrandFinalReset,
            round: 2,
            feeds: [Feed::Loser(gf), Feed::Winner(gf)],
        });
        matches = tournament.bracket_matches(&defs, results);
    }
    Ok(Schedule::of(matches, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drop_orders_alternate() {
        let order = |j, m| (0..m).map(|i| drop_position(j, i, m)).collect::<Vec<_>>();
        assert_eq!(order(1, 4), vec![3, 2, 1, 0]);
        assert_eq!(order(2, 4), vec![2, 3, 0, 1]);
        assert_eq!(order(3, 2), vec![1, 0]);
        assert_eq!(order(2, 1), vec![0]);
    }

    #[test]
    fn losers_bracket_shape() {
        let (defs, gf) = defs(16);
        let count = |s: Stage| defs.iter().filter(|d| d.stage == s).count();
        assert_eq!(count(Stage::Winners), 15);
        assert_eq!(count(Stage::Losers), 14);
        assert_eq!(defs[gf].key.as_str(), "GF");
        let last = defs
            .iter()
            .filter(|d| d.stage == Stage::Losers)
            .map(|d| d.round)
            .max();
        assert_eq!(last, Some(6));
    }
}
