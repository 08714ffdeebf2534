//! Shared bracket machinery: the standard seeding order, match definitions fed by seeds or
//! by earlier matches, resolution in play order, and elimination standings.

use std::collections::{BTreeMap, BTreeSet};

use super::standings::{Counts, Points, StandingRow, StandingsTable, TableTitle};
use super::{EntrantId, Match, MatchKey, Results, Slot, Source, Stage, Status, settle};

/// Where a side of a bracket match comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Feed {
    /// The entrant with this seed index (0-based); past the last entrant it is a bye.
    Seed(usize),
    /// The winner of the match at this index of the definitions.
    Winner(usize),
    /// The loser of the match at this index of the definitions.
    Loser(usize),
}

/// A bracket match before resolution; definitions are in play order, so a feed always
/// points to an earlier definition.
#[derive(Debug, Clone)]
pub(crate) struct Def {
    pub key: MatchKey,
    pub stage: Stage,
    pub round: u32,
    pub feeds: [Feed; 2],
}

/// The standard seeding order for a bracket of `size` (a power of two): the seed (1-based)
/// at each bracket line, so that line `2i` meets line `2i + 1` in round 1, seeds 1 and 2
/// can only meet in the final, 1–4 in the semifinals, and so on. For 8: 1 8 4 5 2 7 3 6.
pub fn seeding_positions(size: usize) -> Vec<usize> {
    assert!(
        size.is_power_of_two(),
        "bracket size must be a power of two"
    );
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The smallest power of two holding `n` entrants (at least 2).
pub(crate) fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// Round-1 definitions of a standard bracket of `size` lines plus later rounds up to the
/// final, with keys `{prefix}R{r} M{m}`. Returns the indices of each round's matches.
pub(crate) fn push_winners_bracket(
    defs: &mut Vec<Def>,
    size: usize,
    prefix: &str,
    stage: Stage,
) -> Vec<Vec<usize>> {
    let positions = seeding_positions(size);
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    for m in 0..size / 2 {
        current.push(defs.len());
        defs.push(Def {
            key: MatchKey(format!("{prefix}R1 M{}", m + 1)),
            stage,
            round: 1,
            feeds: [
                Feed::Seed(positions[2 * m] - 1),
                Feed::Seed(positions[2 * m + 1] - 1),
            ],
        });
    }
    rounds.push(current);
    let mut round = 1;
    while rounds.last().map_or(0, Vec::len) > 1 {
        round += 1;
        let previous = rounds.last().cloned().unwrap_or_default();
        let mut current = Vec::new();
        for m in 0..previous.len() / 2 {
            current.push(defs.len());
            defs.push(Def {
                key: MatchKey(format!("{prefix}R{round} M{}", m + 1)),
                stage,
                round,
                feeds: [
                    Feed::Winner(previous[2 * m]),
                    Feed::Winner(previous[2 * m + 1]),
                ],
            });
        }
        rounds.push(current);
    }
    rounds
}

/// Resolves definitions in order against the results.
pub(crate) fn resolve_defs(
    defs: &[Def],
    seeds: &[Slot],
    results: &Results,
    withdrawn: &BTreeSet<EntrantId>,
) -> Vec<Match> {
    let mut out: Vec<Match> = Vec::with_capacity(defs.len());
    for def in defs {
        let resolved = resolve_def(def, seeds, &out, results, withdrawn);
        out.push(resolved);
    }
    out
}

/// One definition resolved against the matches before it (`out`, in definition order)
/// and the results.
pub(crate) fn resolve_def(
    def: &Def,
    seeds: &[Slot],
    out: &[Match],
    results: &Results,
    withdrawn: &BTreeSet<EntrantId>,
) -> Match {
    let sides = def.feeds.map(|feed| match feed {
        Feed::Seed(i) => seeds.get(i).cloned().unwrap_or(Slot::Bye),
        Feed::Winner(j) => out[j]
            .winner()
            .unwrap_or_else(|| Slot::Pending(Source::WinnerOf(out[j].key.clone()))),
        Feed::Loser(j) => out[j]
            .loser()
            .unwrap_or_else(|| Slot::Pending(Source::LoserOf(out[j].key.clone()))),
    });
    let sides = settle(&def.key, sides, results);
    Match::resolved(
        def.key.clone(),
        def.stage,
        def.round,
        sides,
        results,
        withdrawn,
    )
}

/// How deep in the event a match is, for ranking entrants by where they went out.
fn level(m: &Match, winners_rounds: u32) -> u32 {
    match m.stage {
        Stage::Winners => 2 * m.round,
        Stage::ThirdPlace => 2 * winners_rounds - 1,
        Stage::Losers => m.round,
        Stage::GrandFinal => 4 * winners_rounds,
        Stage::GrandFinalReset => 4 * winners_rounds + 1,
        _ => 0,
    }
}

/// Elimination standings: entrants still in the event first, then by how far they got
/// (the level of their last decided match, for those out the one they went out in, and
/// whether they won it), then by seed.
/// Single elimination allows one loss, double elimination two.
pub(crate) fn elimination_standings(
    entrants: &[EntrantId],
    matches: &[Match],
    withdrawn: &BTreeSet<EntrantId>,
    losses_allowed: u32,
    title: TableTitle,
) -> StandingsTable {
    let winners_rounds = matches
        .iter()
        .filter(|m| m.stage == Stage::Winners)
        .map(|m| m.round)
        .max()
        .unwrap_or(1);
    #[derive(Default, Clone, Copy)]
    struct Tally {
        counts: Counts,
        last: (u32, bool),
    }
    let mut tally: BTreeMap<EntrantId, Tally> = BTreeMap::new();
    for m in matches {
        let (winner, real) = match &m.status {
            Status::Finished(o) => (o.winner(), true),
            Status::Walkover { winner, .. } => (*winner, false),
            _ => continue,
        };
        for side in [winner, winner.other()] {
            for e in m.sides[side.index()].entrants() {
                let t = tally.entry(e).or_default();
                let won = side == winner;
                if real {
                    t.counts.played += 1;
                }
                if won {
                    if real {
                        t.counts.wins += 1;
                    } else if m.sides[winner.other().index()] == Slot::Bye {
                        t.counts.byes += 1;
                    }
                } else {
                    t.counts.losses += 1;
                }
                // Matches come in play order, each bracket's rounds in turn and the
                // losers' bracket after the winners': the last one decided is how far the
                // entrant got, and for an entrant out of the event the one that put them
                // out. (The highest level would rank a double-elimination entrant by an
                // earlier winners' round rather than the losers' round they went out in.)
                t.last = (level(m, winners_rounds), won);
            }
        }
    }
    // The loser of the match that decides the event is out whatever their losses: the
    // grand final without a reset after it, or the reset.
    let has_reset = matches.iter().any(|m| m.stage == Stage::GrandFinalReset);
    let lost_decider: BTreeSet<EntrantId> = matches
        .iter()
        .filter(|m| {
            m.stage == Stage::GrandFinalReset || (m.stage == Stage::GrandFinal && !has_reset)
        })
        .filter_map(|m| match m.status {
            Status::Finished(o) => m.sides[o.winner().other().index()].entrant(),
            _ => None,
        })
        .collect();
    let mut rows: Vec<(bool, (u32, bool), usize, StandingRow)> = entrants
        .iter()
        .enumerate()
        .map(|(i, &e)| {
            let t = tally.get(&e).copied().unwrap_or_default();
            let out = t.counts.losses >= losses_allowed
                || withdrawn.contains(&e)
                || lost_decider.contains(&e);
            (
                !out,
                t.last,
                i,
                StandingRow {
                    eliminated: out,
                    ..t.counts.row(e, i, Points::whole(i64::from(t.counts.wins)))
                },
            )
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    let rows = rows
        .into_iter()
        .enumerate()
        .map(|(p, (_, _, _, mut row))| {
            row.position = p as u32 + 1;
            row
        })
        .collect();
    StandingsTable { title, rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_seeding_positions() {
        assert_eq!(seeding_positions(2), vec![1, 2]);
        assert_eq!(seeding_positions(4), vec![1, 4, 2, 3]);
        assert_eq!(seeding_positions(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            seeding_positions(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
    }

    #[test]
    fn bracket_sizes() {
        assert_eq!(bracket_size(2), 2);
        assert_eq!(bracket_size(3), 4);
        assert_eq!(bracket_size(8), 8);
        assert_eq!(bracket_size(9), 16);
    }
}
