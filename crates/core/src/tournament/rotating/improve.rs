//! A local search that improves a plan in place: swap two players of one round (between
//! tables, or between the partnerships of a table), keep the swap by late acceptance
//! (Burke and Bykov's hill climbing, which accepts a worse plan when it is no worse than
//! the one some steps ago), and keep the best plan seen. Seeded and bounded by a step
//! count, so it is deterministic and never returns a plan costing more than the one given.
//! Sit-outs are not moved: the plan given has already settled who sits out when.

use super::super::whist::{PlanRound, Table};
use super::tally::{Cost, opponent_pairs, partner_pairs};
use crate::rng::SplitMix;

/// How often each pair of points `0..p` met before the plan, as partners and opponents.
#[derive(Debug, Clone)]
pub(super) struct Before {
    pub partners: Vec<u16>,
    pub opponents: Vec<u16>,
}

impl Before {
    pub fn nothing(p: usize) -> Before {
        Before {
            partners: vec![0; p * p],
            opponents: vec![0; p * p],
        }
    }
}

/// The steps of the late-acceptance list: long enough to leave a local minimum, short
/// enough to settle within budgets of tens of thousands of steps.
const LATE: usize = 100;

/// The weights of the surrogate the search follows (the true cost compares
/// lexicographically, which a sum only approximates): a partner repeat outweighs
/// everything else; a pair opposed more than twice outweighs opponent repeats, and grows
/// with the square so that one pair opposed four times costs more than three at three.
const PARTNER_WEIGHT: i64 = 1_000_000;
const EXCESS_WEIGHT: i64 = 1_000;

fn opponent_weight(c: u16) -> i64 {
    let c = i64::from(c);
    (c - 1).max(0) + EXCESS_WEIGHT * (c - 2).max(0).pow(2)
}

struct State {
    p: usize,
    partners: Vec<u16>,
    opponents: Vec<u16>,
    /// How many pairs have met as opponents `c` times, for the running maximum.
    opposed_times: Vec<u32>,
    partner_repeats: u32,
    opponent_repeats: u32,
    surrogate: i64,
}

impl State {
    fn pair(&self, a: usize, b: usize) -> usize {
        a.min(b) * self.p + a.max(b)
    }

    /// Adds (`add`) or removes a table's meetings.
    fn table(&mut self, t: &Table, add: bool) {
        for (a, b) in partner_pairs(t) {
            let k = self.pair(a, b);
            let old = self.partners[k];
            let new = if add { old + 1 } else { old - 1 };
            self.partners[k] = new;
            let repeats = |c: u16| u32::from(c.saturating_sub(1));
            self.partner_repeats = self.partner_repeats + repeats(new) - repeats(old);
            self.surrogate += PARTNER_WEIGHT * (i64::from(repeats(new)) - i64::from(repeats(old)));
        }
        for (a, b) in opponent_pairs(t) {
            let k = self.pair(a, b);
            let old = self.opponents[k];
            let new = if add { old + 1 } else { old - 1 };
            self.opponents[k] = new;
            let repeats = |c: u16| u32::from(c.saturating_sub(1));
            self.opponent_repeats = self.opponent_repeats + repeats(new) - repeats(old);
            self.surrogate += opponent_weight(new) - opponent_weight(old);
            let top = self.opposed_times.len() - 1;
            self.opposed_times[usize::from(old).min(top)] -= 1;
            self.opposed_times[usize::from(new).min(top)] += 1;
        }
    }

    /// The seats of `tables` whose player meets a partner or an opponent again (counted
    /// with this round), into `seats`; gives how many.
    fn repeating_seats(&self, tables: &[Table], seats: &mut Vec<usize>) -> usize {
        seats.clear();
        for (i, t) in tables.iter().enumerate() {
            for s in 0..4 {
                let x = t[s];
                let partner = self.partners[self.pair(x, t[(s + 2) % 4])] > 1;
                let opposed = [t[(s + 1) % 4], t[(s + 3) % 4]]
                    .iter()
                    .any(|&y| self.opponents[self.pair(x, y)] > 1);
                if partner || opposed {
                    seats.push(i * 4 + s);
                }
            }
        }
        seats.len()
    }

    fn cost(&self) -> Cost {
        let max_opposed = self
            .opposed_times
            .iter()
            .rposition(|&n| n > 0)
            .filter(|&c| c > 0)
            .unwrap_or(0) as u32;
        Cost {
            partner_repeats: self.partner_repeats,
            max_opposed,
            opponent_repeats: self.opponent_repeats,
        }
    }
}

/// Improves `rounds` (points `0..p`, after `before`) for up to `steps` swaps; gives the
/// cost of the plan given and of the plan left, each counted over `before` and the rounds
/// together.
pub(super) fn improve(
    p: usize,
    rounds: &mut [PlanRound],
    before: &Before,
    steps: u64,
    seed: u64,
) -> (Cost, Cost) {
    let mut state = State {
        p,
        partners: before.partners.clone(),
        opponents: before.opponents.clone(),
        opposed_times: vec![0; 64],
        partner_repeats: 0,
        opponent_repeats: 0,
        surrogate: 0,
    };
    // Start from the meetings before, counted pair by pair.
    for a in 0..p {
        for b in a + 1..p {
            let k = a * p + b;
            let (pc, oc) = (state.partners[k], state.opponents[k]);
            state.partner_repeats += u32::from(pc.saturating_sub(1));
            state.opponent_repeats += u32::from(oc.saturating_sub(1));
            state.surrogate += PARTNER_WEIGHT * i64::from(pc.saturating_sub(1));
            state.surrogate += opponent_weight(oc);
            state.opposed_times[usize::from(oc).min(63)] += 1;
        }
    }
    for t in rounds.iter().flat_map(|r| &r.tables) {
        state.table(t, true);
    }
    let start = state.cost();
    let mut best_cost = start;
    let playable: Vec<usize> = (0..rounds.len())
        .filter(|&r| !rounds[r].tables.is_empty())
        .collect();
    if playable.is_empty() || steps == 0 {
        return (start, start);
    }
    let mut best: Vec<Vec<Table>> = rounds.iter().map(|r| r.tables.clone()).collect();
    let mut late = [state.surrogate; LATE];
    let mut rng = SplitMix::new(seed);
    let mut conflicted = Vec::new();
    for step in 0..steps {
        let r = playable[rng.below(playable.len())];
        let seats = rounds[r].tables.len() * 4;
        // Half the moves take a player who meets someone again this round: most swaps
        // elsewhere cannot help.
        let x = if rng.one_in(2) {
            let repeating = state.repeating_seats(&rounds[r].tables, &mut conflicted);
            if repeating == 0 {
                rng.below(seats)
            } else {
                conflicted[rng.below(repeating)]
            }
        } else {
            rng.below(seats)
        };
        let y = rng.below(seats);
        let (tx, sx, ty, sy) = (x / 4, x % 4, y / 4, y % 4);
        // Two seats of one partnership: swapping them changes nothing.
        if tx == ty && sx % 2 == sy % 2 {
            continue;
        }
        let before_move = state.surrogate;
        let swap = |tables: &mut Vec<Table>| {
            let a = tables[tx][sx];
            tables[tx][sx] = tables[ty][sy];
            tables[ty][sy] = a;
        };
        let touched = |state: &mut State, tables: &Vec<Table>, add: bool| {
            state.table(&tables[tx], add);
            if ty != tx {
                state.table(&tables[ty], add);
            }
        };
        touched(&mut state, &rounds[r].tables, false);
        swap(&mut rounds[r].tables);
        touched(&mut state, &rounds[r].tables, true);
        let slot = (step as usize) % LATE;
        if state.surrogate <= before_move || state.surrogate <= late[slot] {
            let cost = state.cost();
            if cost < best_cost {
                best_cost = cost;
                for (kept, round) in best.iter_mut().zip(rounds.iter()) {
                    kept.clone_from(&round.tables);
                }
            }
        } else {
            touched(&mut state, &rounds[r].tables, false);
            swap(&mut rounds[r].tables);
            touched(&mut state, &rounds[r].tables, true);
        }
        late[slot] = state.surrogate;
    }
    for (round, kept) in rounds.iter_mut().zip(best) {
        round.tables = kept;
    }
    (start, best_cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::rotating::tally::plan_cost;

    #[test]
    fn the_search_never_worsens_and_keeps_who_sits_out() {
        // Five rounds of the same seating: every meeting repeats.
        let round = PlanRound {
            tables: vec![[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
            sitting_out: vec![12],
        };
        let mut rounds = vec![round; 5];
        let start = plan_cost(13, &rounds);
        let (given, cost) = improve(13, &mut rounds, &Before::nothing(13), 20_000, 1);
        assert_eq!(given, start);
        assert_eq!(cost, plan_cost(13, &rounds));
        assert!(cost < start);
        assert_eq!(cost.partner_repeats, 0);
        for r in &rounds {
            assert_eq!(r.sitting_out, vec![12]);
            let mut seen: Vec<usize> = r.tables.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..12).collect::<Vec<_>>());
        }
    }

    #[test]
    fn meetings_before_count_against_the_plan() {
        let mut before = Before::nothing(8);
        // 0 and 2 partnered before: the plan must not partner them again.
        before.partners[2] = 1;
        let mut rounds = vec![PlanRound {
            tables: vec![[0, 1, 2, 3], [4, 5, 6, 7]],
            sitting_out: Vec::new(),
        }];
        let (_, cost) = improve(8, &mut rounds, &before, 5_000, 3);
        assert_eq!(cost.partner_repeats, 0);
        let t = rounds[0].tables.iter().find(|t| t.contains(&0)).unwrap();
        let partner = if t[0] == 0 {
            t[2]
        } else if t[2] == 0 {
            t[0]
        } else if t[1] == 0 {
            t[3]
        } else {
            t[1]
        };
        assert_ne!(partner, 2);
    }
}
