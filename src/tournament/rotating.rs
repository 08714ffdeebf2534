//! Rotating partners (an individual night): each round draws partnerships and tables of
//! four (two partnerships) so that repeated partners, then repeated opponents, are
//! minimised. Standings are individual: each player scores their table's result.
//!
//! How a round is drawn (pure, from [`Options::seed`]):
//!
//! - The entrants are shuffled once from the seed. Partnerships follow a 1-factorisation
//!   of that shuffled list (the Berger table): with everyone playing, its `n − 1` rounds
//!   never repeat a partner, so for `n` a multiple of 4 partner repeats are zero for up to
//!   `n − 1` rounds (the known minimum).
//! - If the count present is not a multiple of 4, the remainder sits out: those who sat
//!   out least, ties by a seeded per-round order, so nobody sits out twice while avoidable.
//!   A sit-out scores a win when [`Options::sit_out_is_win`], otherwise nothing.
//! - Each candidate factor round is completed into a maximum matching over players who
//!   have not yet partnered (greedy, then Edmonds' algorithm), so the partner repeats of a
//!   round are the fewest any draw of that round allows given the earlier rounds; the
//!   report says how many were unavoidable.
//! - Partnerships are seated in pairs to minimise opponents met before (greedy, then
//!   pairwise swaps between tables). Up to a bounded number of candidate factor rounds
//!   are tried and the best kept, by (partner repeats, pairs not from the factorisation,
//!   opponent repeats). Opponent repeats are a heuristic best, not a proven minimum.
//!
//! Keys: `Rot R{r} T{t}` and `Rot R{r} out {k}` for the k-th player sitting out.

use serde::{Deserialize, Serialize};

use super::matching::maximise;
use super::rng::SplitMix64;
use super::round_robin::berger_round;
use super::standings::TieBreak;
use super::{
    DrawNotes, EntrantId, LateEntry, Match, MatchKey, Results, Schedule, Slot, Stage, Tournament,
    TournamentError, Withdrawal, resolve,
};
use crate::lang::Lang;

/// Rotating-partners options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub rounds: u32,
    /// The recorded seed of the draw.
    pub seed: u64,
    pub tie_breaks: Vec<TieBreak>,
    /// A player sitting out scores a win.
    pub sit_out_is_win: bool,
}

/// What a round's draw achieved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    pub round: u32,
    pub sitting_out: Vec<EntrantId>,
    /// Partnerships of this round that had already played together: unavoidable (no draw of
    /// this round, given the earlier ones, has fewer).
    pub partner_repeats: u32,
    /// Pairs of opponents at the tables of this round who had already met as opponents
    /// (the best the search found).
    pub opponent_repeats: u32,
}

impl RoundReport {
    /// A one-line summary for the organizer.
    pub fn message(&self, lang: Lang) -> String {
        let mut text = format!(
            "{} {}: {} {}, {} {}",
            lang.pick("Turno", "Round"),
            self.round,
            self.partner_repeats,
            lang.pick(
                "compagni ripetuti (inevitabili)",
                "repeated partners (unavoidable)"
            ),
            self.opponent_repeats,
            lang.pick("avversari ripetuti", "repeated opponents"),
        );
        if !self.sitting_out.is_empty() {
            let names: Vec<String> = self.sitting_out.iter().map(|e| e.to_string()).collect();
            text.push_str(&format!(
                "; {} {}",
                lang.pick("riposano", "sitting out"),
                names.join(", ")
            ));
        }
        text
    }
}

/// One round's draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundDraw {
    pub round: u32,
    /// Each table: two partnerships.
    pub tables: Vec<[[EntrantId; 2]; 2]>,
    pub report: RoundReport,
}

/// How often each pair of players has met, kept sparse (a short list per player).
struct Counts(Vec<Vec<(u32, u16)>>);

impl Counts {
    fn new(n: usize) -> Counts {
        Counts(vec![Vec::new(); n])
    }

    fn get(&self, a: usize, b: usize) -> u16 {
        self.0[a]
            .iter()
            .find(|(o, _)| *o as usize == b)
            .map_or(0, |(_, c)| *c)
    }

    fn add(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            match self.0[x].iter_mut().find(|(o, _)| *o as usize == y) {
                Some((_, c)) => *c += 1,
                None => self.0[x].push((y as u32, 1)),
            }
        }
    }
}

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
    // Pairwise improvement between tables, bounded.
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

/// How many shuffles of the entrants are tried for small events.
fn restarts(n: usize) -> u64 {
    match n {
        0..=16 => 32,
        17..=32 => 8,
        _ => 1,
    }
}

/// Draws every round. Draws do not depend on results, only on who is present.
///
/// For small events several shuffles derived from the seed are tried and the one whose
/// full plan (everyone present) has the fewest (partner, opponent) repeats is kept; the
/// choice ignores withdrawals, so a withdrawal never changes rounds before it.
pub fn draw(
    entrants: &[EntrantId],
    withdrawals: &[Withdrawal],
    options: &Options,
) -> Result<Vec<RoundDraw>, TournamentError> {
    draw_late(entrants, withdrawals, &[], options)
}

/// [`draw`] with late entrants, each present from its `from_round` on.
///
/// The rounds before a late entrant joins are drawn exactly as they were without them:
/// the shuffle is chosen on the entrants of the draw only, and the plan is drawn in
/// segments. When newcomers join, the players known so far are shuffled again (from the
/// seed and their number) and a new 1-factorisation is followed from there, with the
/// partners, opponents and sit-outs of the earlier rounds still counted (a newcomer counts
/// the rounds missed as sat out, so they do not sit out first).
pub fn draw_late(
    entrants: &[EntrantId],
    withdrawals: &[Withdrawal],
    late: &[LateEntry],
    options: &Options,
) -> Result<Vec<RoundDraw>, TournamentError> {
    let join_of = |e: &EntrantId| {
        late.iter()
            .find(|l| l.entrant == *e)
            .map_or(1, |l| l.from_round.max(1))
    };
    // Entrants of the draw first (in seed order), then newcomers by the round they join.
    let mut ordered: Vec<(u32, usize, EntrantId)> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (join_of(e), i, *e))
        .collect();
    ordered.sort_by_key(|&(join, i, _)| (join.max(1) > 1, join, i));
    let joins: Vec<u32> = ordered.iter().map(|&(join, _, _)| join).collect();
    let ordered: Vec<EntrantId> = ordered.into_iter().map(|(_, _, e)| e).collect();
    let base = joins.iter().filter(|&&j| j <= 1).count();
    if base < 4 {
        return Err(TournamentError::TooFewEntrants {
            needed: 4,
            got: base,
        });
    }
    if options.rounds == 0 {
        return Err(TournamentError::InvalidOption(
            "rotating partners needs at least one round",
        ));
    }
    let mut best: Option<((u32, u32), u64)> = None;
    for k in 0..restarts(base) {
        let seed = options
            .seed
            .wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let plan = draw_with(&ordered[..base], &joins[..base], &[], options, seed);
        let total = plan.iter().fold((0, 0), |acc, d| {
            add_cost(acc, (d.report.partner_repeats, d.report.opponent_repeats))
        });
        if best.is_none_or(|(b, _)| total < b) {
            best = Some((total, seed));
        }
    }
    let seed = best.map_or(options.seed, |(_, s)| s);
    Ok(draw_with(&ordered, &joins, withdrawals, options, seed))
}

/// The shuffle of the first `known` players and the order of the factor rounds.
fn plan_order(rng: &mut SplitMix64, known: usize) -> (Vec<usize>, Vec<usize>) {
    let mut perm: Vec<usize> = (0..known).collect();
    rng.shuffle(&mut perm);
    let padded = known + known % 2;
    let mut factor_order: Vec<usize> = (0..padded - 1).collect();
    rng.shuffle(&mut factor_order);
    (perm, factor_order)
}

/// `joins[i]`: the round from which `entrants[i]` is present (1 for the entrants of the
/// draw); entrants are ordered by it.
fn draw_with(
    entrants: &[EntrantId],
    joins: &[u32],
    withdrawals: &[Withdrawal],
    options: &Options,
    seed: u64,
) -> Vec<RoundDraw> {
    let n = entrants.len();
    let mut rng = SplitMix64::new(seed);
    let mut known = joins.iter().filter(|&&j| j <= 1).count();
    let (mut perm, mut factor_order) = plan_order(&mut rng, known);
    let mut padded = known + known % 2;
    let mut partners = Counts::new(n);
    let mut opponents = Counts::new(n);
    let mut sat_out = vec![0u32; n];
    let mut draws = Vec::new();
    for round in 1..=options.rounds {
        let now_known = joins.iter().filter(|&&j| j <= round).count();
        if now_known != known {
            for (i, slot) in sat_out.iter_mut().enumerate().take(now_known).skip(known) {
                *slot = joins[i].saturating_sub(1);
            }
            known = now_known;
            let mut segment =
                SplitMix64::new(seed ^ (known as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
            (perm, factor_order) = plan_order(&mut segment, known);
            padded = known + known % 2;
        }
        let gone: Vec<bool> = entrants
            .iter()
            .map(|e| {
                withdrawals
                    .iter()
                    .any(|w| w.entrant == *e && w.from_round <= round)
            })
            .collect();
        let mut present: Vec<usize> = perm.iter().copied().filter(|&i| !gone[i]).collect();
        // Sit-outs: fewest so far, ties by a seeded order for this round.
        let mut order = present.clone();
        SplitMix64::new(seed ^ u64::from(round).wrapping_mul(0xA076_1D64_78BD_642F))
            .shuffle(&mut order);
        order.sort_by_key(|&i| sat_out[i]);
        let out_count = present.len() % 4;
        let mut sitting: Vec<usize> = order[..out_count].to_vec();
        sitting.sort_by_key(|&i| perm.iter().position(|&x| x == i));
        present.retain(|i| !sitting.contains(i));
        for &i in &sitting {
            sat_out[i] += 1;
        }
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
        for c in 0..candidates.min(padded - 1) {
            let f = factor_order[(round as usize - 1 + c) % (padded - 1)];
            let factor: Vec<(usize, usize)> = berger_round(padded, f + 1)
                .into_iter()
                .filter(|&(a, b)| a <= known && b <= known)
                .map(|(a, b)| (perm[a - 1], perm[b - 1]))
                .collect();
            let (pairs, repeats, extra) = partnerships(&present, &factor, &partners, &local);
            if let Some(((br, be, _), _, _)) = &best
                && (repeats, extra) > (*br, *be)
            {
                continue;
            }
            let (tables, cost) = seat(&pairs, &opponents);
            let key = (repeats, extra, cost);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, pairs, tables));
            }
            if key == (0, 0, (0, 0)) {
                break;
            }
        }
        let Some(((partner_repeats, _, (opponent_repeats, _)), pairs, tables)) = best else {
            continue;
        };
        let mut drawn = Vec::with_capacity(tables.len());
        for [x, y] in tables {
            let (a, b) = (pairs[x], pairs[y]);
            partners.add(a[0], a[1]);
            partners.add(b[0], b[1]);
            for i in a {
                for j in b {
                    opponents.add(i, j);
                }
            }
            drawn.push([a.map(|i| entrants[i]), b.map(|i| entrants[i])]);
        }
        draws.push(RoundDraw {
            round,
            tables: drawn,
            report: RoundReport {
                round,
                sitting_out: sitting.iter().map(|&i| entrants[i]).collect(),
                partner_repeats,
                opponent_repeats,
            },
        });
    }
    draws
}

/// Every round's tables (and sit-outs, as byes).
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    let draws = draw_late(
        &tournament.entrants,
        &tournament.withdrawals,
        &tournament.late_entries,
        options,
    )?;
    let withdrawn = tournament.withdrawn();
    let mut matches = Vec::new();
    let mut notes = Vec::new();
    for d in draws {
        let mut push = |key: MatchKey, sides: [Slot; 2]| {
            let sides = super::settle(&key, sides, results);
            let status = resolve(&key, &sides, results, &withdrawn);
            matches.push(Match {
                key,
                stage: Stage::Rotating,
                round: d.round,
                sides,
                status,
            });
        };
        for (t, [a, b]) in d.tables.iter().enumerate() {
            push(
                MatchKey(format!("Rot R{} T{}", d.round, t + 1)),
                [Slot::Partnership(*a), Slot::Partnership(*b)],
            );
        }
        for (k, e) in d.report.sitting_out.iter().enumerate() {
            push(
                MatchKey(format!("Rot R{} out {}", d.round, k + 1)),
                [Slot::Entrant(*e), Slot::Bye],
            );
        }
        notes.push(DrawNotes::Rotating(d.report));
    }
    let complete = matches.iter().all(|m| m.status.is_decided());
    Ok(Schedule {
        matches,
        notes,
        complete,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_symmetric() {
        let mut c = Counts::new(3);
        c.add(0, 2);
        c.add(2, 0);
        assert_eq!(c.get(0, 2), 2);
        assert_eq!(c.get(2, 0), 2);
        assert_eq!(c.get(0, 1), 0);
    }

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

    #[test]
    fn report_message_in_both_languages() {
        let r = RoundReport {
            round: 2,
            sitting_out: vec![EntrantId(5)],
            partner_repeats: 0,
            opponent_repeats: 3,
        };
        assert!(r.message(Lang::En).contains("sitting out #5"));
        assert!(r.message(Lang::It).contains("riposano #5"));
    }
}
