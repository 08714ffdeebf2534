//! Plans for an evening that starts from nothing, on points `0..p` (the caller maps the
//! points onto the players through a seeded shuffle). The candidates: a whist design
//! where one is stored (the design's rounds that repeat the fewest opponents when the
//! evening is shorter), the design for `p + 1` with one point left empty when
//! `p ≡ 3 mod 4` ([`less_one`]), a search for evenings without any repeat, and the
//! round-by-round draw. The best (fair sit-outs first, then the cost) is then improved by
//! a local search ([`improve`]) unless it is already at the counting bound.
//!
//! A plan here depends only on `(p, rounds)`, so it is kept once made (see [`plan`]): the
//! searches cost up to a few tens of milliseconds and a draw is derived for every page.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use serde::{Deserialize, Serialize};

use super::super::whist::{self, PlanRound, Table};
use super::greedy;
use super::improve::{Before, improve};
use super::less_one;
use super::report::BoundTally;
use super::tally::{Cost, History, opponent_pairs, plan_cost, sit_out_flaws};
use crate::rng::SplitMix;

/// How a plan was made, for the organizer's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    /// A whist design, all of it (and again from its start when the evening is longer).
    WhistDesign,
    /// Some rounds of a whist design: the ones repeating the fewest opponents.
    PartOfWhistDesign,
    /// A search found rounds with no partner and no opponent met twice.
    NoRepeats,
    /// Round by round, each seated against the rounds before it: the best found.
    RoundByRound,
    /// The whist design for one player more, with one place left empty: its three
    /// table-mates sit out each round (for `p ≡ 3 mod 4`).
    DesignLessOne,
    /// The best of the above, improved by a local search swapping players within rounds.
    LocalSearch,
}

/// Subsets of a design's rounds tried one by one up to this many; above, a local search.
const EXHAUSTIVE_SUBSETS: u64 = 20_000;
/// Steps the search for an evening without repeats may take before giving up.
const SEARCH_NODES: u64 = 60_000;
/// Above this many players present the searches are not tried (the round-by-round draw
/// rarely repeats anyone there, and the searches would grow with the square of them).
pub const MAX_SEARCHED: usize = 40;
/// Swaps the local search may try on a fresh plan (kept once made, so it may take more
/// than a segment re-planned at each derivation).
pub(super) const FRESH_STEPS: u64 = 250_000;
/// Independent runs of the local search on a fresh plan, each from the same start, for
/// plans of up to [`SMALL_PLAN`] seats (players times rounds); larger plans get one run of
/// [`LARGE_PLAN_STEPS`], so a plan stays within tens of milliseconds.
const FRESH_RUNS: u64 = 4;
const SMALL_PLAN: usize = 240;
const LARGE_PLAN_STEPS: u64 = 100_000;
/// The seed of the round-by-round candidate and of the local search on fresh plans: a
/// fresh plan depends only on `(p, rounds)`; the players' shuffle brings the draw's seed.
const FRESH_SEED: u64 = 0x0F1E_5A7E_2024;

/// A plan and how it was made.
pub type Made = (Method, Vec<PlanRound>);

/// A plan for `rounds` rounds of `p` players starting from nothing, with how it was
/// made, or `None` when neither a design nor the search gives one (the caller then draws
/// round by round). Kept once made.
pub fn plan(p: usize, rounds: usize) -> Option<Arc<Made>> {
    type Kept = HashMap<(usize, usize), Option<Arc<Made>>>;
    static MADE: LazyLock<Mutex<Kept>> = LazyLock::new(|| Mutex::new(HashMap::new()));
    if let Some(made) = MADE.lock().ok().and_then(|m| m.get(&(p, rounds)).cloned()) {
        return made;
    }
    let made = make(p, rounds).map(Arc::new);
    if let Ok(mut kept) = MADE.lock() {
        kept.insert((p, rounds), made.clone());
    }
    made
}

/// How two plans compare: fair sit-outs first, then the cost.
pub(super) type Key = ((u32, u32), Cost);

pub(super) fn key_of(p: usize, plan: &[PlanRound]) -> Key {
    (sit_out_flaws(p, plan), plan_cost(p, plan))
}

/// Whether `cost` is the least the counting bounds allow for `plan`'s meetings.
pub(super) fn at_bound(p: usize, plan: &[PlanRound], cost: Cost) -> bool {
    let mut tally = BoundTally::new(p);
    for round in plan {
        tally.add(round);
    }
    let least = tally.bounds();
    cost.partner_repeats <= least.partner_repeats.value
        && cost.max_opposed <= least.max_opposed.value.max(1)
        && cost.opponent_repeats <= least.opponent_repeats.value
}

/// `design` played whole as often as it fits, then its best `rounds mod len` rounds.
fn repeated(design: &[PlanRound], rounds: usize, part: Vec<usize>) -> Vec<PlanRound> {
    let mut plan: Vec<PlanRound> = Vec::with_capacity(rounds);
    for _ in 0..rounds / design.len() {
        plan.extend(design.iter().cloned());
    }
    plan.extend(part.into_iter().map(|i| design[i].clone()));
    plan
}

fn make(p: usize, rounds: usize) -> Option<Made> {
    if p < 4 || rounds == 0 {
        return None;
    }
    let searched = p <= MAX_SEARCHED;
    let mut best: Option<(Key, Method, Vec<PlanRound>)> = None;
    let consider =
        |best: &mut Option<(Key, Method, Vec<PlanRound>)>, method: Method, plan: Vec<PlanRound>| {
            let key = key_of(p, &plan);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                *best = Some((key, method, plan));
            }
        };
    if let Some(design) = whist::design(p) {
        let part = best_subset(p, &design, rounds % design.len());
        let method = if rounds >= design.len() {
            Method::WhistDesign
        } else {
            Method::PartOfWhistDesign
        };
        consider(&mut best, method, repeated(&design, rounds, part));
    }
    if let Some(ordered) = less_one::rounds(p) {
        // The order makes every prefix fair: a short evening plays the first rounds.
        let part = (0..rounds % ordered.len()).collect();
        consider(
            &mut best,
            Method::DesignLessOne,
            repeated(&ordered, rounds, part),
        );
    }
    if !searched {
        return best.map(|(_, method, plan)| (method, plan));
    }
    let perfect = |k: &Key| k.1.partner_repeats == 0 && k.1.opponent_repeats == 0;
    if !best.as_ref().is_some_and(|(k, _, _)| perfect(k))
        && let Some(plan) = without_repeats(p, rounds, SEARCH_NODES)
    {
        consider(&mut best, Method::NoRepeats, plan);
    }
    let everyone: Vec<usize> = (0..p).collect();
    let (_, drawn) = greedy::draw(&everyone, 1, rounds as u32, &History::new(p), FRESH_SEED);
    consider(&mut best, Method::RoundByRound, drawn);
    let (key, method, plan) = best?;
    // A whole design (or one less a point) keeps its promise; the search is left to
    // evenings where it can matter.
    let whole = matches!(method, Method::WhistDesign | Method::DesignLessOne) && rounds >= p - 1;
    if whole || at_bound(p, &plan, key.1) {
        return Some((method, plan));
    }
    // Independent runs vary more than a longer run improves: the best of a few is kept.
    let mut found = (key.1, plan.clone());
    let (runs, steps) = if p * rounds <= SMALL_PLAN {
        (FRESH_RUNS, FRESH_STEPS)
    } else {
        (1, LARGE_PLAN_STEPS)
    };
    for run in 0..runs {
        let mut tried = plan.clone();
        let seed = FRESH_SEED.wrapping_add(run.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (_, cost) = improve(p, &mut tried, &Before::nothing(p), steps, seed);
        if cost < found.0 {
            found = (cost, tried);
        }
    }
    if found.0 < key.1 {
        return Some((Method::LocalSearch, found.1));
    }
    Some((method, plan))
}

/// Who sits out each round of a fresh evening: `p mod 4` players, in turn, so nobody
/// sits out twice before everyone has once. A design's own sit-outs take precedence.
fn sitters(p: usize, round: usize) -> Vec<usize> {
    let s = p % 4;
    (0..s).map(|j| (round * s + j) % p).collect()
}

/// The `k` rounds of `design` (by index) that repeat the fewest opponents: every subset
/// containing round 0 when there are few (the designs are cyclic, so every subset is a
/// shift of one containing round 0), otherwise a greedy choice improved by swaps.
fn best_subset(p: usize, design: &[PlanRound], k: usize) -> Vec<usize> {
    let v = design.len();
    if k == 0 {
        return Vec::new();
    }
    let pairs: Vec<Vec<usize>> = design
        .iter()
        .map(|r| {
            r.tables
                .iter()
                .flat_map(opponent_pairs)
                .map(|(a, b)| a.min(b) * p + a.max(b))
                .collect()
        })
        .collect();
    let mut counts = vec![0u16; p * p];
    // (max opposed, repeats) of the chosen rounds, from the counts.
    let cost_of = |counts: &[u16]| -> (u16, u32) {
        counts.iter().fold((0, 0), |(m, r), &c| {
            (m.max(c), r + u32::from(c.saturating_sub(1)))
        })
    };
    let apply = |counts: &mut [u16], round: usize, add: bool| {
        for &pair in &pairs[round] {
            if add {
                counts[pair] += 1;
            } else {
                counts[pair] -= 1;
            }
        }
    };
    if binomial(v as u64 - 1, k as u64 - 1) <= EXHAUSTIVE_SUBSETS {
        let mut chosen: Vec<usize> = (0..k).collect();
        let mut best: Option<((u16, u32), Vec<usize>)> = None;
        loop {
            counts.fill(0);
            for &r in &chosen {
                apply(&mut counts, r, true);
            }
            let cost = cost_of(&counts);
            if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                best = Some((cost, chosen.clone()));
            }
            // The next subset in lexicographic order, round 0 always in.
            let Some(i) = (1..k).rev().find(|&i| chosen[i] < v - (k - i)) else {
                break;
            };
            chosen[i] += 1;
            for j in i + 1..k {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
        return best.map(|(_, c)| c).unwrap_or_default();
    }
    // Greedy: add the round that adds the fewest repeats, then swap while it helps.
    let mut chosen = vec![0usize];
    apply(&mut counts, 0, true);
    while chosen.len() < k {
        let next = (0..v)
            .filter(|r| !chosen.contains(r))
            .min_by_key(|&r| {
                let added: u32 = pairs[r].iter().map(|&x| u32::from(counts[x] > 0)).sum();
                (added, r)
            })
            .unwrap_or(0);
        apply(&mut counts, next, true);
        chosen.push(next);
    }
    let mut cost = cost_of(&counts);
    let mut improved = true;
    while improved {
        improved = false;
        for i in 0..chosen.len() {
            for r in 0..v {
                if chosen.contains(&r) {
                    continue;
                }
                let old = chosen[i];
                apply(&mut counts, old, false);
                apply(&mut counts, r, true);
                let swapped = cost_of(&counts);
                if swapped < cost {
                    cost = swapped;
                    chosen[i] = r;
                    improved = true;
                } else {
                    apply(&mut counts, r, false);
                    apply(&mut counts, old, true);
                }
            }
        }
    }
    chosen.sort_unstable();
    chosen
}

fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n.saturating_sub(k));
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Rounds of `p` players in which no two are partners twice nor opponents twice, by a
/// backtracking search (tables filled seat by seat, the lowest free player first, the
/// others in a seeded order), or `None` when counting rules it out or `node_limit` steps
/// find none.
pub fn without_repeats(p: usize, rounds: usize, node_limit: u64) -> Option<Vec<PlanRound>> {
    let sitting: Vec<Vec<usize>> = (0..rounds).map(|r| sitters(p, r)).collect();
    // Each player meets two opponents a round: more than the others there are is a repeat.
    let most_played = (0..p)
        .map(|x| sitting.iter().filter(|s| !s.contains(&x)).count())
        .max()
        .unwrap_or(0);
    if p < 4 || 2 * most_played > p - 1 {
        return None;
    }
    // Backtracking like this has a heavy tail: short restarts with fresh orders (their
    // lengths after Luby et al.) find more within the same number of steps.
    let mut spent = 0;
    for attempt in 1u64.. {
        let budget = (RESTART_UNIT * luby(attempt)).min(node_limit - spent);
        let mut search = NoRepeatSearch {
            p,
            partnered: vec![false; p * p],
            opposed: vec![false; p * p],
            busy: vec![false; p],
            rounds: Vec::with_capacity(rounds),
            sitting: sitting.clone(),
            rng: SplitMix::new(0x005E_ED0F_5EA7 ^ attempt),
            nodes: 0,
            node_limit: budget,
        };
        if search.next_round() {
            return Some(search.rounds);
        }
        spent += search.nodes.min(budget);
        if spent >= node_limit {
            break;
        }
    }
    None
}

/// Steps of the shortest restart of [`without_repeats`].
const RESTART_UNIT: u64 = 500;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (`i` from 1).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

struct NoRepeatSearch {
    p: usize,
    partnered: Vec<bool>,
    opposed: Vec<bool>,
    /// Seated (or sitting out) in the round being filled.
    busy: Vec<bool>,
    rounds: Vec<PlanRound>,
    sitting: Vec<Vec<usize>>,
    rng: SplitMix,
    nodes: u64,
    node_limit: u64,
}

impl NoRepeatSearch {
    fn pair(&self, a: usize, b: usize) -> usize {
        a.min(b) * self.p + a.max(b)
    }

    fn next_round(&mut self) -> bool {
        let r = self.rounds.len();
        if r == self.sitting.len() {
            return true;
        }
        self.busy.fill(false);
        for &x in &self.sitting[r] {
            self.busy[x] = true;
        }
        self.rounds.push(PlanRound {
            tables: Vec::new(),
            sitting_out: self.sitting[r].clone(),
        });
        if self.fill(0, [0; 4]) {
            return true;
        }
        self.rounds.pop();
        // Restore the previous round's seating, which the caller backtracks into.
        self.busy.fill(false);
        if let Some(last) = self.rounds.last() {
            for &x in last.tables.iter().flatten().chain(&last.sitting_out) {
                self.busy[x] = true;
            }
        }
        false
    }

    /// Fills seat `[0, 2, 1, 3][step]` of the table being built in the current round.
    fn fill(&mut self, step: usize, table: Table) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return false;
        }
        let Some(first_free) = (0..self.p).find(|&x| !self.busy[x]) else {
            return self.next_round();
        };
        let seat = [0, 2, 1, 3][step];
        let mut candidates: Vec<usize> = if step == 0 {
            vec![first_free]
        } else {
            (0..self.p).filter(|&x| !self.busy[x]).collect()
        };
        if step > 0 {
            self.rng.shuffle(&mut candidates);
        }
        for x in candidates {
            let mut table = table;
            table[seat] = x;
            let (partner, opponents): (Option<usize>, &[usize]) = match seat {
                2 => (Some(table[0]), &[]),
                1 => (None, &[table[0], table[2]]),
                3 => (Some(table[1]), &[table[0], table[2]]),
                _ => (None, &[]),
            };
            let partner = partner.map(|y| self.pair(x, y));
            let opponents: Vec<usize> = opponents.iter().map(|&y| self.pair(x, y)).collect();
            if partner.is_some_and(|k| self.partnered[k])
                || opponents.iter().any(|&k| self.opposed[k])
            {
                continue;
            }
            if let Some(k) = partner {
                self.partnered[k] = true;
            }
            for &k in &opponents {
                self.opposed[k] = true;
            }
            self.busy[x] = true;
            let done = if step == 3 {
                let round = self.rounds.len() - 1;
                self.rounds[round].tables.push(table);
                let done = self.fill(0, [0; 4]);
                if !done {
                    self.rounds[round].tables.pop();
                }
                done
            } else {
                self.fill(step + 1, table)
            };
            if done {
                return true;
            }
            self.busy[x] = false;
            if let Some(k) = partner {
                self.partnered[k] = false;
            }
            for &k in &opponents {
                self.opposed[k] = false;
            }
            if self.nodes > self.node_limit {
                return false;
            }
        }
        false
    }
}

/// The partner pairs and opponent pairs of a plan, for tests.
#[cfg(test)]
fn meetings(p: usize, plan: &[PlanRound]) -> (Vec<u16>, Vec<u16>) {
    let mut partners = vec![0u16; p * p];
    let mut opponents = vec![0u16; p * p];
    for t in plan.iter().flat_map(|r| &r.tables) {
        for (a, b) in super::tally::partner_pairs(t) {
            partners[a.min(b) * p + a.max(b)] += 1;
        }
        for (a, b) in opponent_pairs(t) {
            opponents[a.min(b) * p + a.max(b)] += 1;
        }
    }
    (partners, opponents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_without_repeats_keeps_its_promise() {
        for (p, rounds) in [(8, 3), (12, 4), (16, 5), (10, 3)] {
            let plan = without_repeats(p, rounds, SEARCH_NODES).expect("found");
            assert_eq!(plan.len(), rounds);
            let (partners, opponents) = meetings(p, &plan);
            assert!(partners.iter().all(|&c| c <= 1), "{p}×{rounds}");
            assert!(opponents.iter().all(|&c| c <= 1), "{p}×{rounds}");
            for round in &plan {
                let mut seen: Vec<usize> = round
                    .tables
                    .iter()
                    .flatten()
                    .chain(&round.sitting_out)
                    .copied()
                    .collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..p).collect::<Vec<_>>());
            }
        }
        // Counting rules out 8 players over 4 rounds: 8 opponents each, 7 others.
        assert_eq!(without_repeats(8, 4, u64::MAX), None);
    }

    #[test]
    fn subsets_are_enumerated_or_improved() {
        let design = whist::design(8).expect("stored");
        // Any three rounds of some stored design of 8 avoid repeats? The best does.
        let chosen = best_subset(8, &design, 3);
        assert_eq!(chosen.len(), 3);
        assert_eq!(binomial(22, 11), 705_432);
        assert_eq!(binomial(6, 2), 15);
    }
}
