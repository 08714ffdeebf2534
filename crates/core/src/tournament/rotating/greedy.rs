//! The round-by-round draw, for what no design or search covers: large events, counts a
//! search does not settle, and the rounds after a late entry or a withdrawal (which
//! start from the meetings already played).
//!
//! Each round: the players who sat out least sit out (among equals not those who sat
//! out the round before, then by a seeded order of the round); partnerships follow a
//! 1-factorisation (Berger table) of a seeded shuffle of the roster, each candidate
//! factor round completed into a maximum matching over players who have not partnered
//! (greedy, then Edmonds' algorithm), so a round's partner repeats are the fewest that
//! round allows given the earlier ones; partnerships are then seated two by two to meet
//! the fewest earlier opponents (greedy, then swaps between tables). Up to a bounded
//! number of candidate factor rounds are tried and the best kept.

use super::super::matching::maximise;
use super::super::round_robin::berger_round;
use super::super::whist::PlanRound;
use super::tally::{Cost, Counts, History};
use crate::rng::SplitMix;

/// The cost of seating partnerships `p` and `q` at one table: repeats first, then how
/// often they met.
fn table_cost(opp: &Counts, p: [usize; 2], q: [usize; 2]) -> (u32, u32) {
    let mut repeats = 0;
    let mut total = 0;
    for a in p {
        for b in q {
            let c = u32::from(opp.get(a, b));
            repeats += u32::from(c > 0);
            total += c;
        }
    }
    (repeats, total)
}

fn add_cost(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
    (a.0 + b.0, a.1 + b.1)
}

/// Seats partnerships two by two; returns tables (as indices into `pairs`) and the cost.
fn seat(pairs: &[[usize; 2]], opp: &Counts) -> (Vec<[usize; 2]>, (u32, u32)) {
    let q = pairs.len();
    let mut taken = vec![false; q];
    let mut tables = Vec::with_capacity(q / 2);
    for i in 0..q {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        let mut best: Option<(usize, (u32, u32))> = None;
        for j in i + 1..q {
            if taken[j] {
                continue;
            }
            let c = table_cost(opp, pairs[i], pairs[j]);
            if best.is_none_or(|(_, b)| c < b) {
                best = Some((j, c));
                if c == (0, 0) {
                    break;
                }
            }
        }
        if let Some((j, _)) = best {
            taken[j] = true;
            tables.push([i, j]);
        }
    }
    // Pairwise improvement between tables, bounded: O(tables²) a pass.
    let t = tables.len();
    let passes = if t <= 64 {
        8
    } else if t <= 256 {
        2
    } else {
        0
    };
    for _ in 0..passes {
        let mut improved = false;
        for x in 0..t {
            for y in x + 1..t {
                let [a, b] = tables[x];
                let [c, d] = tables[y];
                let now = add_cost(
                    table_cost(opp, pairs[a], pairs[b]),
                    table_cost(opp, pairs[c], pairs[d]),
                );
                if now == (0, 0) {
                    continue;
                }
                let swap1 = add_cost(
                    table_cost(opp, pairs[a], pairs[c]),
                    table_cost(opp, pairs[b], pairs[d]),
                );
                let swap2 = add_cost(
                    table_cost(opp, pairs[a], pairs[d]),
                    table_cost(opp, pairs[b], pairs[c]),
                );
                if swap1 < now && swap1 <= swap2 {
                    tables[x] = [a, c];
                    tables[y] = [b, d];
                    improved = true;
                } else if swap2 < now {
                    tables[x] = [a, d];
                    tables[y] = [b, c];
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    let cost = tables.iter().fold((0, 0), |acc, &[a, b]| {
        add_cost(acc, table_cost(opp, pairs[a], pairs[b]))
    });
    (tables, cost)
}

/// Partnerships among `playing` (entrant indices), starting from the factor round's pairs
/// that are new, grown to a maximum matching over players who have not partnered.
/// Returns the pairs, the partner repeats and how many pairs are not from the factor.
fn partnerships(
    playing: &[usize],
    factor: &[(usize, usize)],
    partners: &Counts,
    local: &[usize],
) -> (Vec<[usize; 2]>, u32, u32) {
    let p = playing.len();
    let mut mate: Vec<Option<usize>> = vec![None; p];
    let mut from_factor = 0u32;
    for &(a, b) in factor {
        let (la, lb) = (local[a], local[b]);
        if la != usize::MAX && lb != usize::MAX && partners.get(a, b) == 0 {
            mate[la] = Some(lb);
            mate[lb] = Some(la);
            from_factor += 1;
        }
    }
    let fresh = |x: usize, y: usize| partners.get(playing[x], playing[y]) == 0;
    for v in 0..p {
        if mate[v].is_some() {
            continue;
        }
        if let Some(u) = (v + 1..p).find(|&u| mate[u].is_none() && fresh(v, u)) {
            mate[v] = Some(u);
            mate[u] = Some(v);
        }
    }
    if mate.iter().any(Option::is_none) {
        maximise(p, &mut mate, fresh, |_| true);
    }
    let mut repeats = 0;
    let mut free: Vec<usize> = (0..p).filter(|&v| mate[v].is_none()).collect();
    // Pair the rest by fewest earlier partnerships.
    while let Some(v) = free.pop() {
        if let Some((k, _)) = free
            .iter()
            .enumerate()
            .min_by_key(|&(_, &u)| partners.get(playing[v], playing[u]))
        {
            let u = free.remove(k);
            mate[v] = Some(u);
            mate[u] = Some(v);
            repeats += 1;
        }
    }
    let pairs: Vec<[usize; 2]> = (0..p)
        .filter_map(|v| mate[v].filter(|&u| v < u).map(|u| [playing[v], playing[u]]))
        .collect();
    let total = pairs.len() as u32;
    (pairs, repeats, total.saturating_sub(from_factor))
}

/// How many shuffles of the roster are tried for small events.
fn restarts(n: usize) -> u64 {
    match n {
        0..=16 => 32,
        17..=32 => 8,
        _ => 1,
    }
}

/// Rounds `first..first + count` of `roster` (entrant indices, all present throughout)
/// after `history`: the best of a few seeded shuffles for small rosters, judged on all
/// the rounds together.
pub(super) fn draw(
    roster: &[usize],
    first: u32,
    count: u32,
    history: &History,
    seed: u64,
) -> (Cost, Vec<PlanRound>) {
    let mut best: Option<(Cost, Vec<PlanRound>)> = None;
    for k in 0..restarts(roster.len()) {
        let seed = seed.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut after = history.clone();
        let plan = draw_with(roster, first, count, &mut after, seed);
        if best.as_ref().is_none_or(|(c, _)| after.cost < *c) {
            best = Some((after.cost, plan));
        }
    }
    best.unwrap_or_default()
}

fn draw_with(
    roster: &[usize],
    first: u32,
    count: u32,
    history: &mut History,
    seed: u64,
) -> Vec<PlanRound> {
    let n = history.sat_out.len();
    let mut rng = SplitMix::new(seed);
    let mut perm = roster.to_vec();
    rng.shuffle(&mut perm);
    let padded = perm.len() + perm.len() % 2;
    let mut factor_order: Vec<usize> = (0..padded.max(2) - 1).collect();
    rng.shuffle(&mut factor_order);
    let mut plan = Vec::with_capacity(count as usize);
    for round in first..first + count {
        // Sit-outs: fewest so far, ties by a seeded order for this round.
        let mut order = perm.clone();
        SplitMix::new(seed ^ u64::from(round).wrapping_mul(0xA076_1D64_78BD_642F))
            .shuffle(&mut order);
        // Fewest sit-outs first; among equals, not those who sat out the round before.
        order.sort_by_key(|&i| (history.sat_out[i], history.sat_out_last[i]));
        let out_count = perm.len() % 4;
        let mut sitting: Vec<usize> = order[..out_count].to_vec();
        sitting.sort_by_key(|&i| perm.iter().position(|&x| x == i));
        let present: Vec<usize> = perm
            .iter()
            .copied()
            .filter(|i| !sitting.contains(i))
            .collect();
        let mut local = vec![usize::MAX; n];
        for (l, &i) in present.iter().enumerate() {
            local[i] = l;
        }
        let p = present.len();
        let candidates = if p <= 64 {
            padded - 1
        } else if p <= 512 {
            8
        } else {
            2
        };
        type Best = ((u32, u32, (u32, u32)), Vec<[usize; 2]>, Vec<[usize; 2]>);
        let mut best: Option<Best> = None;
        for c in 0..candidates.min(padded.max(2) - 1) {
            let f = factor_order[(round as usize - 1 + c) % (padded - 1)];
            let factor: Vec<(usize, usize)> = berger_round(padded, f + 1)
                .into_iter()
                .filter(|&(a, b)| a <= perm.len() && b <= perm.len())
                .map(|(a, b)| (perm[a - 1], perm[b - 1]))
                .collect();
            let (pairs, repeats, extra) =
                partnerships(&present, &factor, &history.partners, &local);
            if let Some(((br, be, _), _, _)) = &best
                && (repeats, extra) > (*br, *be)
            {
                continue;
            }
            let (tables, cost) = seat(&pairs, &history.opponents);
            let key = (repeats, extra, cost);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, pairs, tables));
            }
            if key == (0, 0, (0, 0)) {
                break;
            }
        }
        let tables = match best {
            Some((_, pairs, tables)) => tables
                .into_iter()
                .map(|[x, y]| {
                    let (a, b) = (pairs[x], pairs[y]);
                    [a[0], b[0], a[1], b[1]]
                })
                .collect(),
            None => Vec::new(),
        };
        let round = PlanRound {
            tables,
            sitting_out: sitting,
        };
        history.add(&round);
        plan.push(round);
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seating_avoids_known_opponents() {
        let mut opp = Counts::new(8);
        // 0 and 2 have met: partnerships [0,1] and [2,3] should not share a table.
        opp.add(0, 2);
        let pairs = vec![[0, 1], [2, 3], [4, 5], [6, 7]];
        let (tables, cost) = seat(&pairs, &opp);
        assert_eq!(cost, (0, 0));
        assert!(!tables.contains(&[0, 1]));
    }
}
