//! Plans for `p ≡ 3 (mod 4)` players: the whist design for `p + 1` with one point left
//! empty. Each round the empty point's three table-mates sit out, which is the three that
//! `p mod 4` asks for; every other point shares the empty point's table exactly three
//! times in the design (once as its partner, twice as its opponent), so over the `p`
//! rounds everyone sits out three times, and partners (at most once) and opponents (at
//! most twice) keep the design's promise.
//!
//! The design's rounds may be played in any order: they are ordered so that nobody sits
//! out twice in a row, and so that every prefix of the order already has sit-outs
//! differing by at most one (a short evening plays a prefix).

use super::super::whist::{self, PlanRound};

/// Steps the search for an order may take per point tried.
const ORDER_STEPS: u64 = 20_000;

/// The `p` rounds of the design for `p + 1` with one point removed, ordered as the module
/// says when an order is found (otherwise as fair as found), on points `0..p`.
pub(super) fn rounds(p: usize) -> Option<Vec<PlanRound>> {
    if p % 4 != 3 {
        return None;
    }
    let design = whist::design(p + 1)?;
    // Translating a cyclic design maps any finite point onto any other, so removing ∞ or
    // point 0 covers every case up to renaming.
    let mut fallback = None;
    for removed in [p, 0] {
        let reduced = without(&design, removed);
        for strict in [true, false] {
            if let Some(order) = fair_order(p, &reduced, strict) {
                let ordered: Vec<PlanRound> =
                    order.into_iter().map(|r| reduced[r].clone()).collect();
                if strict {
                    return Some(ordered);
                }
                fallback.get_or_insert(ordered);
            }
        }
        fallback.get_or_insert(reduced);
    }
    fallback
}

/// The design's rounds with `removed` gone: its table becomes three sit-outs; points
/// above it move down by one.
fn without(design: &[PlanRound], removed: usize) -> Vec<PlanRound> {
    let rename = |x: usize| if x > removed { x - 1 } else { x };
    design
        .iter()
        .map(|round| {
            let mut sitting_out = Vec::with_capacity(3);
            let mut tables = Vec::with_capacity(round.tables.len() - 1);
            for t in &round.tables {
                if t.contains(&removed) {
                    sitting_out.extend(t.iter().filter(|&&x| x != removed).map(|&x| rename(x)));
                } else {
                    tables.push(t.map(rename));
                }
            }
            sitting_out.sort_unstable();
            PlanRound {
                tables,
                sitting_out,
            }
        })
        .collect()
}

/// An order of `rounds` in which nobody sits out in two consecutive rounds (the last and
/// the first included, for evenings that start the design again) and, when `strict`, the
/// sit-outs of every prefix differ by at most one; by a bounded backtracking search.
fn fair_order(p: usize, rounds: &[PlanRound], strict: bool) -> Option<Vec<usize>> {
    let mut search = OrderSearch {
        rounds,
        strict,
        used: vec![false; rounds.len()],
        sat: vec![0; p],
        order: Vec::with_capacity(rounds.len()),
        steps: 0,
    };
    search.extend().then_some(search.order)
}

struct OrderSearch<'a> {
    rounds: &'a [PlanRound],
    strict: bool,
    used: Vec<bool>,
    sat: Vec<u32>,
    order: Vec<usize>,
    steps: u64,
}

impl OrderSearch<'_> {
    fn shares_sitter(&self, a: usize, b: usize) -> bool {
        let out = |r: usize| &self.rounds[r].sitting_out;
        out(a).iter().any(|x| out(b).contains(x))
    }

    fn extend(&mut self) -> bool {
        self.steps += 1;
        if self.steps > ORDER_STEPS {
            return false;
        }
        if self.order.len() == self.rounds.len() {
            let (first, last) = (self.order[0], self.order[self.order.len() - 1]);
            return self.rounds.len() < 2 || !self.shares_sitter(first, last);
        }
        for r in 0..self.rounds.len() {
            if self.used[r] || self.order.last().is_some_and(|&l| self.shares_sitter(l, r)) {
                continue;
            }
            for &x in &self.rounds[r].sitting_out {
                self.sat[x] += 1;
            }
            let fair = !self.strict || {
                let most = self.sat.iter().max().copied().unwrap_or(0);
                let least = self.sat.iter().min().copied().unwrap_or(0);
                most - least <= 1
            };
            if fair {
                self.used[r] = true;
                self.order.push(r);
                if self.extend() {
                    return true;
                }
                self.order.pop();
                self.used[r] = false;
            }
            for &x in &self.rounds[r].sitting_out {
                self.sat[x] -= 1;
            }
            if self.steps > ORDER_STEPS {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_design_less_one_point_sits_three_out_each_round_fairly() {
        for p in [7, 11, 15, 19, 23, 27] {
            let plan = rounds(p).expect("a design for p + 1");
            assert_eq!(plan.len(), p);
            let mut sat = vec![0u32; p];
            let mut partners = vec![0u32; p * p];
            let mut opponents = vec![0u32; p * p];
            for (i, round) in plan.iter().enumerate() {
                assert_eq!(round.sitting_out.len(), 3, "{p}: round {i}");
                let mut seen: Vec<usize> = round
                    .tables
                    .iter()
                    .flatten()
                    .chain(&round.sitting_out)
                    .copied()
                    .collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..p).collect::<Vec<_>>());
                for &x in &round.sitting_out {
                    sat[x] += 1;
                }
                for t in &round.tables {
                    for (a, b) in super::super::tally::partner_pairs(t) {
                        partners[a.min(b) * p + a.max(b)] += 1;
                    }
                    for (a, b) in super::super::tally::opponent_pairs(t) {
                        opponents[a.min(b) * p + a.max(b)] += 1;
                    }
                }
                let next = &plan[(i + 1) % p].sitting_out;
                // Seven players have no such order (see the test below).
                assert!(
                    p == 7 || round.sitting_out.iter().all(|x| !next.contains(x)),
                    "{p}: round {i} and the next share a sit-out"
                );
            }
            assert!(sat.iter().all(|&s| s == 3), "{p}: {sat:?}");
            assert!(partners.iter().all(|&c| c <= 1), "{p}");
            assert!(opponents.iter().all(|&c| c <= 2), "{p}");
        }
    }

    #[test]
    fn seven_players_cannot_avoid_sitting_out_twice_in_a_row_in_the_design() {
        // Every order of the seven rounds is tried (fewer than 7! · 7 steps, under the
        // bound): none keeps each round's three sit-outs apart from the next round's.
        let design = whist::design(8).expect("stored");
        for removed in [7, 0] {
            let reduced = without(&design, removed);
            assert_eq!(fair_order(7, &reduced, false), None, "removing {removed}");
        }
    }
}
