//! Round robin on Berger tables, single or double (the second cycle swaps the sides).
//!
//! Keys: `RR R{r} T{t}` (tables numbered as in the Berger table, the bye last as
//! `RR R{r} bye` when the count is odd). A bye scores nothing in a round robin: everyone
//! has the same number of them.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::standings::TieBreak;
use super::{
    Cycles, EntrantId, Match, MatchKey, Results, Schedule, Slot, Stage, Tournament, TournamentError,
};

/// Round-robin options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub cycles: Cycles,
    pub tie_breaks: Vec<TieBreak>,
}

/// Round `r` (1-based, `1..n`) of the Berger table for `n` players (`n` even, at least
/// 2), numbered from 1: the list of (first, second) numbers per table. Player `n` is at
/// table 1, first in odd rounds and second in even ones.
pub fn berger_round(n: usize, r: usize) -> Vec<(usize, usize)> {
    assert!(n >= 2 && n.is_multiple_of(2) && (1..n).contains(&r));
    let m = n - 1;
    let reduce = |x: usize| (x - 1) % m + 1;
    let mut tables = Vec::with_capacity(n / 2);
    let fixed = (1..=m).find(|&i| (2 * i) % m == (r + 1) % m).unwrap_or(1);
    tables.push(if r % 2 == 1 { (fixed, n) } else { (n, fixed) });
    let first = reduce(2 + (r - 1) * (n / 2));
    for t in 2..=n / 2 {
        let a = reduce(first + t - 2);
        let b = (r + 2 * m - a) % m + 1;
        tables.push((a, b));
    }
    tables
}

/// The matches of a round robin among `members` (in seed order).
pub(crate) fn matches(
    members: &[EntrantId],
    cycles: Cycles,
    prefix: &str,
    stage: Stage,
    results: &Results,
    withdrawn: &BTreeSet<EntrantId>,
) -> Vec<Match> {
    let n = members.len() + members.len() % 2;
    let slot = |number: usize| {
        members
            .get(number - 1)
            .map_or(Slot::Bye, |&e| Slot::Entrant(e))
    };
    let cycle_count = match cycles {
        Cycles::Single => 1,
        Cycles::Double => 2,
    };
    let mut out = Vec::new();
    if n < 2 {
        return out;
    }
    for cycle in 0..cycle_count {
        for r in 1..n {
            let round = (cycle * (n - 1) + r) as u32;
            let mut table = 0;
            let mut bye = None;
            for (a, b) in berger_round(n, r) {
                let (a, b) = if cycle == 1 { (b, a) } else { (a, b) };
                let mut sides = [slot(a), slot(b)];
                if sides[0] == Slot::Bye {
                    sides.swap(0, 1);
                }
                if sides[1] == Slot::Bye {
                    bye = Some(sides);
                    continue;
                }
                table += 1;
                let key = MatchKey(format!("{prefix}R{round} T{table}"));
                out.push(Match::resolved(
                    key, stage, round, sides, results, withdrawn,
                ));
            }
            if let Some(sides) = bye {
                let key = MatchKey(format!("{prefix}R{round} bye"));
                out.push(Match::resolved(
                    key, stage, round, sides, results, withdrawn,
                ));
            }
        }
    }
    out
}

/// Every match of the round robin.
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    tournament.require_entrants(2)?;
    let matches = matches(
        &tournament.entrants,
        options.cycles,
        "RR ",
        Stage::RoundRobin,
        results,
        &tournament.withdrawn(),
    );
    Ok(Schedule::of(matches, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_table_for_six() {
        // The published Berger table for 6 players.
        let expected = [
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        for (r, tables) in expected.iter().enumerate() {
            assert_eq!(&berger_round(6, r + 1), tables, "round {}", r + 1);
        }
    }

    #[test]
    fn berger_table_for_four() {
        assert_eq!(berger_round(4, 1), vec![(1, 4), (2, 3)]);
        assert_eq!(berger_round(4, 2), vec![(4, 3), (1, 2)]);
        assert_eq!(berger_round(4, 3), vec![(2, 4), (3, 1)]);
    }

    #[test]
    fn every_pair_meets_once() {
        for n in (2..=20).step_by(2) {
            let mut seen = BTreeSet::new();
            for r in 1..n {
                let round = berger_round(n, r);
                let mut players = BTreeSet::new();
                for (a, b) in round {
                    assert!(players.insert(a) && players.insert(b));
                    assert!(seen.insert((a.min(b), a.max(b))));
                }
                assert_eq!(players.len(), n);
            }
            assert_eq!(seen.len(), n * (n - 1) / 2);
        }
    }
}
