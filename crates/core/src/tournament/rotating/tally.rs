//! Who has partnered and opposed whom so far, and what that costs a plan.

use super::super::whist::{PlanRound, Table};

/// How often each pair of players has met, kept sparse (a short list per player): events
/// of thousands of players meet only a few others each.
#[derive(Debug, Clone)]
pub(super) struct Counts(Vec<Vec<(u32, u16)>>);

impl Counts {
    pub fn new(n: usize) -> Counts {
        Counts(vec![Vec::new(); n])
    }

    pub fn get(&self, a: usize, b: usize) -> u16 {
        self.0[a]
            .iter()
            .find(|(o, _)| *o as usize == b)
            .map_or(0, |(_, c)| *c)
    }

    /// Counts one more meeting of `a` and `b`; gives how many there were before.
    pub fn add(&mut self, a: usize, b: usize) -> u16 {
        let mut before = 0;
        for (x, y) in [(a, b), (b, a)] {
            match self.0[x].iter_mut().find(|(o, _)| *o as usize == y) {
                Some((_, c)) => {
                    before = *c;
                    *c += 1;
                }
                None => self.0[x].push((y as u32, 1)),
            }
        }
        before
    }
}

/// The partner pairs and opponent pairs of a table of four.
pub(super) fn partner_pairs(t: &Table) -> [(usize, usize); 2] {
    [(t[0], t[2]), (t[1], t[3])]
}

pub(super) fn opponent_pairs(t: &Table) -> [(usize, usize); 4] {
    [(t[0], t[1]), (t[0], t[3]), (t[2], t[1]), (t[2], t[3])]
}

/// What a plan costs, compared in this order: partner repeats, the most times any pair
/// has been opponents, opponent repeats. A pair that met `c` times counts `c − 1` repeats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Cost {
    pub partner_repeats: u32,
    pub max_opposed: u32,
    pub opponent_repeats: u32,
}

/// Everything earlier rounds leave behind, over every entrant of the event (by index).
#[derive(Debug, Clone)]
pub(super) struct History {
    pub partners: Counts,
    pub opponents: Counts,
    pub sat_out: Vec<u32>,
    /// Who sat out the last round added: they sit out again only when nobody else can.
    pub sat_out_last: Vec<bool>,
    pub cost: Cost,
}

impl History {
    pub fn new(n: usize) -> History {
        History {
            partners: Counts::new(n),
            opponents: Counts::new(n),
            sat_out: vec![0; n],
            sat_out_last: vec![false; n],
            cost: Cost::default(),
        }
    }

    /// Adds a round (points are entrant indices).
    pub fn add(&mut self, round: &PlanRound) {
        for t in &round.tables {
            for (a, b) in partner_pairs(t) {
                if self.partners.add(a, b) > 0 {
                    self.cost.partner_repeats += 1;
                }
            }
            for (a, b) in opponent_pairs(t) {
                let before = u32::from(self.opponents.add(a, b));
                if before > 0 {
                    self.cost.opponent_repeats += 1;
                }
                self.cost.max_opposed = self.cost.max_opposed.max(before + 1);
            }
        }
        self.sat_out_last.fill(false);
        for &p in &round.sitting_out {
            self.sat_out[p] += 1;
            self.sat_out_last[p] = true;
        }
    }
}

/// How unfair a fresh plan's sit-outs are on points `0..n`, compared before its cost:
/// by how much the most and the fewest sit-outs differ beyond one, then how often someone
/// sits out two rounds in a row.
pub(super) fn sit_out_flaws(n: usize, rounds: &[PlanRound]) -> (u32, u32) {
    let mut sat = vec![0u32; n];
    let mut twice = 0;
    let mut last: &[usize] = &[];
    for round in rounds {
        for &p in &round.sitting_out {
            sat[p] += 1;
            twice += u32::from(last.contains(&p));
        }
        last = &round.sitting_out;
    }
    let most = sat.iter().max().copied().unwrap_or(0);
    let least = sat.iter().min().copied().unwrap_or(0);
    ((most - least).saturating_sub(1), twice)
}

/// The cost of `rounds` on points `0..n` with nothing before them, counted on a dense
/// matrix (plans costed this way are small).
pub(super) fn plan_cost(n: usize, rounds: &[PlanRound]) -> Cost {
    let mut partners = vec![0u16; n * n];
    let mut opponents = vec![0u16; n * n];
    let mut cost = Cost::default();
    for t in rounds.iter().flat_map(|r| &r.tables) {
        for (a, b) in partner_pairs(t) {
            let c = &mut partners[a.min(b) * n + a.max(b)];
            cost.partner_repeats += u32::from(*c > 0);
            *c += 1;
        }
        for (a, b) in opponent_pairs(t) {
            let c = &mut opponents[a.min(b) * n + a.max(b)];
            cost.opponent_repeats += u32::from(*c > 0);
            *c += 1;
            cost.max_opposed = cost.max_opposed.max(u32::from(*c));
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_symmetric() {
        let mut c = Counts::new(3);
        assert_eq!(c.add(0, 2), 0);
        assert_eq!(c.add(2, 0), 1);
        assert_eq!(c.get(0, 2), 2);
        assert_eq!(c.get(2, 0), 2);
        assert_eq!(c.get(0, 1), 0);
    }

    #[test]
    fn history_and_plan_cost_agree() {
        let rounds = vec![
            PlanRound {
                tables: vec![[0, 1, 2, 3]],
                sitting_out: vec![4],
            },
            PlanRound {
                tables: vec![[0, 1, 3, 2]],
                sitting_out: vec![4],
            },
        ];
        let mut history = History::new(5);
        for r in &rounds {
            history.add(r);
        }
        let cost = plan_cost(5, &rounds);
        assert_eq!(history.cost, cost);
        // 0–1 and 2–3 oppose twice; 0–2 and 1–3 partner, then oppose; 0–3, 1–2 partner.
        assert_eq!(
            cost,
            Cost {
                partner_repeats: 0,
                max_opposed: 2,
                opponent_repeats: 2
            }
        );
        assert_eq!(history.sat_out[4], 2);
        assert!(history.sat_out_last[4] && !history.sat_out_last[0]);
        // Point 4 sits out twice in a row; the spread (2 against 0) is one beyond one.
        assert_eq!(sit_out_flaws(5, &rounds), (1, 1));
    }
}
