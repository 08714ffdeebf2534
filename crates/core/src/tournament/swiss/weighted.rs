//! The weighted pass of a Swiss pairing: minimum-cost perfect matchings (`integer-blossom`)
//! that improve the score-group pass where it leaves a needless score gap or rematch.
//! Above [`WINDOW`] entrants to pair, the matchings run over windows of neighbouring
//! score groups around the pairs that cross groups or repeat a meeting, so a round costs
//! a few small matchings rather than one O(n³) matching of the whole round.

use super::{EntrantId, FloatReason, Met, Pairing, PairingNote, dutch_pair};

/// Pairs `ranked` (best first) with `scores`, who has met whom and how many byes each had:
/// the score-group pass ([`dutch_pair`]), then improved by minimum-cost perfect matchings
/// whose costs put, in this order, rematches, then score gaps (a gap of `g` costs more
/// than every smaller gap of the matching together; gaps from [`GAP_CAP`] up count
/// alike), then every pair the score-group pass did not make. Up to [`WINDOW`] entrants
/// to pair, one matching of the whole round; above, matchings over windows around the
/// pairs that cross score groups or repeat a meeting (see [`windows`]).
pub(super) fn pair(ranked: &[EntrantId], scores: &[i64], met: &Met, byes: &[u32]) -> Pairing {
    pair_within(ranked, scores, met, byes, WINDOW)
}

/// [`pair`] with matchings of at most `window` entrants.
fn pair_within(
    ranked: &[EntrantId],
    scores: &[i64],
    met: &Met,
    byes: &[u32],
    window: usize,
) -> Pairing {
    let dutch = dutch_pair(ranked, scores, met, byes);
    let m = ranked.len();
    let mut dutch_mate = vec![NONE; m];
    for &(a, b) in &dutch.pairs {
        dutch_mate[a] = b;
        dutch_mate[b] = a;
    }
    let players: Vec<usize> = (0..m).filter(|&i| Some(i) != dutch.bye).collect();
    if players.len() < 4 || dutch.pairs.len() * 2 != players.len() {
        return dutch;
    }
    let costs = Costs {
        scores,
        met,
        dutch: &dutch_mate,
    };
    let mut mate = dutch_mate.clone();
    if players.len() <= window {
        costs.improve(&players, &mut mate);
    } else {
        for _ in 0..PASSES {
            let mut improved = false;
            for part in windows(&players, scores, met, &mate, window) {
                improved |= costs.improve(&part, &mut mate);
            }
            if !improved {
                break;
            }
        }
    }
    if mate == dutch_mate {
        return dutch;
    }
    // The score-group pass's notes stand for the pairs it made that remain.
    let kept = |a: EntrantId, b: Option<EntrantId>| {
        let at = |e: EntrantId| ranked.iter().position(|&r| r == e);
        match (at(a), b.map(at)) {
            (Some(i), None) => mate[i] == dutch_mate[i],
            (Some(i), Some(Some(j))) => mate[i] == j && dutch_mate[i] == j,
            _ => false,
        }
    };
    let mut notes: Vec<PairingNote> = dutch
        .notes
        .iter()
        .filter(|n| match **n {
            PairingNote::Bye { .. } => true,
            PairingNote::FloatDown { entrant, .. } => kept(entrant, None),
            PairingNote::Transposed {
                entrant, opponent, ..
            }
            | PairingNote::Rearranged { entrant, opponent } => kept(entrant, Some(opponent)),
            PairingNote::Rematch { a, b } => kept(a, Some(b)),
        })
        .cloned()
        .collect();
    let pairs: Vec<(usize, usize)> = (0..m)
        .filter(|&a| mate[a] != NONE && a < mate[a])
        .map(|a| (a, mate[a]))
        .collect();
    for &(a, b) in &pairs {
        if dutch_mate[a] == b {
            continue;
        }
        if scores[a] != scores[b] {
            notes.push(PairingNote::FloatDown {
                entrant: ranked[a],
                from_score: scores[a],
                to_score: scores[b],
                reason: FloatReason::SmallestGaps,
            });
        }
        if met.get(a, b) {
            notes.push(PairingNote::Rematch {
                a: ranked[a],
                b: ranked[b],
            });
        }
    }
    Pairing {
        pairs,
        bye: dutch.bye,
        notes,
    }
}

const NONE: usize = usize::MAX;

/// Up to this many entrants to pair, one matching of the whole round decides; above it,
/// matchings over windows of at most this many (a matching costs O(n³)).
pub const WINDOW: usize = 128;
/// Score gaps from this one up cost alike (so the costs fit in 128 bits).
const GAP_CAP: i64 = 8;
/// Passes of windowed matchings at most (each pass looks again at what the last left).
const PASSES: usize = 4;
/// Pairs of each score group a window takes beside the pairs it is built around.
const NEIGHBOURS: usize = 8;

/// A pairing's costs, as integers whose sum orders pairings as [`pair`] says.
struct Costs<'a> {
    scores: &'a [i64],
    met: &'a Met,
    /// The score-group pass's partner of each entrant.
    dutch: &'a [usize],
}

impl Costs<'_> {
    /// Re-pairs `players` (closed under `mate`) by a minimum-cost perfect matching if it
    /// costs less than their pairing in `mate`; gives whether it did.
    fn improve(&self, players: &[usize], mate: &mut [usize]) -> bool {
        let m = players.len();
        let pairs = (m / 2) as i128;
        let base = pairs + 1;
        let gap_cost = |g: i64| base.pow(g.clamp(0, GAP_CAP) as u32) - 1;
        let other = pairs + 1; // every other-than-Dutch pair together costs less than this
        let rematch = pairs * other * base.pow(GAP_CAP as u32) + other;
        let cost_of = |a: usize, b: usize| -> i128 {
            let mut cost = other * gap_cost((self.scores[a] - self.scores[b]).abs());
            if self.met.get(a, b) {
                cost += rematch;
            }
            if self.dutch[a] != b {
                cost += 1;
            }
            cost
        };
        let mut matrix = vec![0i128; m * m];
        for i in 0..m {
            for j in i + 1..m {
                matrix[i * m + j] = cost_of(players[i], players[j]);
            }
        }
        let found = integer_blossom::min_weight_perfect_matching(&matrix, m);
        let now: i128 = players
            .iter()
            .filter(|&&a| a < mate[a])
            .map(|&a| cost_of(a, mate[a]))
            .sum();
        let new: i128 = (0..m)
            .filter(|&i| i < found[i])
            .map(|i| cost_of(players[i], players[found[i]]))
            .sum();
        if new >= now {
            return false;
        }
        for (i, &f) in found.iter().enumerate() {
            mate[players[i]] = players[f];
        }
        true
    }
}

/// The windows of a round too large for one matching: each is built around pairs that
/// cross score groups or repeat a meeting (clustered while their score groups, widened by
/// one on each side, overlap), with up to [`NEIGHBOURS`] pairs of each score group it
/// spans (its first and last ones in rank order), at most `size` entrants. Every
/// window is closed under `mate`, so re-pairing it within itself never costs more.
fn windows(
    players: &[usize],
    scores: &[i64],
    met: &Met,
    mate: &[usize],
    size: usize,
) -> Vec<Vec<usize>> {
    // Score groups by rank order: `group[i]` counts the distinct scores above `i`'s.
    let mut group = vec![0usize; scores.len()];
    let mut members: Vec<Vec<usize>> = Vec::new(); // settled pairs (by their top entrant)
    let mut last = None;
    for &i in players {
        if last.is_some_and(|s| s != scores[i]) {
            members.push(Vec::new());
        }
        if last.is_none() {
            members.push(Vec::new());
        }
        last = Some(scores[i]);
        group[i] = members.len() - 1;
    }
    let mut trouble: Vec<(usize, usize, usize)> = Vec::new(); // (low group, high group, top)
    for &a in players {
        let b = mate[a];
        if a > b {
            continue;
        }
        if group[a] != group[b] || met.get(a, b) {
            trouble.push((group[a], group[b], a));
        } else {
            members[group[a]].push(a);
        }
    }
    let groups = members.len();
    let mut taken = vec![false; scores.len()];
    let mut out = Vec::new();
    let mut at = 0;
    while at < trouble.len() {
        // A cluster of trouble pairs whose widened spans overlap, at most WINDOW entrants.
        let (mut low, mut high) = (trouble[at].0.saturating_sub(1), trouble[at].1 + 1);
        let mut end = at + 1;
        while end < trouble.len() && trouble[end].0 <= high + 1 && 2 * (end + 1 - at) <= WINDOW {
            high = high.max(trouble[end].1 + 1);
            end += 1;
        }
        let high = high.min(groups - 1);
        low = low.min(high);
        let mut window: Vec<usize> = trouble[at..end]
            .iter()
            .flat_map(|&(_, _, a)| [a, mate[a]])
            .collect();
        let spare = (size - window.len()) / 2;
        let per_group = (spare / (high - low + 1)).min(NEIGHBOURS);
        for settled in &members[low..=high] {
            let take = per_group.min(settled.len());
            let (first, rest) = (take.div_ceil(2), take / 2);
            for &a in settled[..first]
                .iter()
                .chain(&settled[settled.len() - rest..])
            {
                if !taken[a] {
                    taken[a] = true;
                    window.extend([a, mate[a]]);
                }
            }
        }
        out.push(window);
        at = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// (rematches, pairs at each gap from the largest down) of a pairing.
    fn cost(pairs: &[(usize, usize)], scores: &[i64], met: &Met) -> (u32, Vec<u32>) {
        let mut by_gap = vec![0u32; 64];
        let mut rematches = 0;
        for &(a, b) in pairs {
            by_gap[63 - (scores[a] - scores[b]).unsigned_abs() as usize] += 1;
            rematches += u32::from(met.get(a, b));
        }
        (rematches, by_gap)
    }

    /// Plays `n` entrants over `rounds` rounds with random winners, pairing each round in
    /// windows; checks it against one matching of the whole round (exact: it is checked
    /// against brute force in `crates/core/tests/core/tournament_swiss.rs`). Gives the
    /// rounds in which the score-group pass alone had a needless gap or rematch, and the
    /// time it, the pairing with windows and the whole round's matching took.
    fn play_windowed(n: usize, rounds: u32, seed: u64) -> (u32, [Duration; 3]) {
        let mut rng = crate::rng::SplitMix::new(seed);
        let (mut score, mut byes) = (vec![0i64; n], vec![0u32; n]);
        let mut met_by_id = Met::new(n);
        let mut dutch_short = 0;
        let mut took = [Duration::ZERO; 3];
        for round in 1..=rounds {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| (-score[i], i));
            let ranked: Vec<EntrantId> = order.iter().map(|&i| EntrantId(i as u32 + 1)).collect();
            let scores: Vec<i64> = order.iter().map(|&i| score[i]).collect();
            let had: Vec<u32> = order.iter().map(|&i| byes[i]).collect();
            let mut met = Met::new(n);
            for x in 0..n {
                for y in x + 1..n {
                    if met_by_id.get(order[x], order[y]) {
                        met.set(x, y);
                    }
                }
            }
            let started = Instant::now();
            let dutch = dutch_pair(&ranked, &scores, &met, &had);
            took[0] += started.elapsed();
            let started = Instant::now();
            let windowed = pair_within(&ranked, &scores, &met, &had, WINDOW);
            took[1] += started.elapsed();
            let started = Instant::now();
            let whole = pair_within(&ranked, &scores, &met, &had, usize::MAX);
            took[2] += started.elapsed();
            let best = cost(&whole.pairs, &scores, &met);
            assert_eq!(
                cost(&windowed.pairs, &scores, &met),
                best,
                "{n} entrants, seed {seed}, round {round}"
            );
            dutch_short += u32::from(cost(&dutch.pairs, &scores, &met) != best);
            for &(a, b) in &windowed.pairs {
                let (a, b) = (order[a], order[b]);
                met_by_id.set(a, b);
                score[if rng.below(2) == 0 { a } else { b }] += 1;
            }
            if let Some(b) = windowed.bye {
                score[order[b]] += 1;
                byes[order[b]] += 1;
            }
        }
        (dutch_short, took)
    }

    #[test]
    fn above_the_window_rounds_are_paired_with_the_smallest_gaps() {
        let short: u32 = [(130, 9, 0), (130, 9, 1), (131, 9, 2), (200, 8, 3)]
            .into_iter()
            .map(|(n, rounds, seed)| play_windowed(n, rounds, seed).0)
            .sum();
        // Before, above 128 entrants the score-group pass alone paired these rounds.
        assert!(
            short >= 3,
            "{short} rounds where the score-group pass falls short"
        );
    }

    /// The figures of `docs/tournament.md`, in a release build:
    /// `cargo test --release -p segnapunti-core windows_at_scale -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn windows_at_scale() {
        for n in [130usize, 200, 256, 512, 1024] {
            let rounds = n.ilog2() + 2;
            let (mut short, mut took) = (0, [Duration::ZERO; 3]);
            for seed in 0..4 {
                let (s, t) = play_windowed(n, rounds, seed);
                short += s;
                for (sum, t) in took.iter_mut().zip(t) {
                    *sum += t;
                }
            }
            let each = 4 * rounds;
            eprintln!(
                "{n} entrants, {each} rounds: the score-group pass alone short in {short}; \
                 a round: that pass {:?}, with windows {:?}, the whole round {:?}",
                took[0] / each,
                took[1] / each,
                took[2] / each
            );
        }
    }
}
