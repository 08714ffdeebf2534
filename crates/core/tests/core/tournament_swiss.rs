//! Swiss pairings against a brute-force optimum: every round of random events of 15 and
//! 16 entrants (the sizes of the defects found: 16 players in round 5, 15 in round 4)
//! is paired with, in this order, the fewest rematches, then the smallest score gaps
//! (the fewest pairs at the largest gap, then at the next, …), as an exhaustive search
//! over every pairing of the round finds.

use std::collections::{BTreeMap, BTreeSet};

use segnapunti_core::rng::SplitMix;
use segnapunti_core::tournament::{
    EntrantId, Format, Outcome, Recorded, Results, Side, Slot, Stage, Status, Tournament, swiss,
};

/// (rematches, number of pairs at each gap, largest gap first) of a pairing.
type Cost = (u32, Vec<u32>);

const MAX_GAP: usize = 16;

fn cost_of(pairs: &[(usize, usize)], scores: &[i64], met: &BTreeSet<(usize, usize)>) -> Cost {
    let mut histogram = vec![0u32; MAX_GAP + 1];
    let mut rematches = 0;
    for &(a, b) in pairs {
        histogram[MAX_GAP - ((scores[a] - scores[b]).unsigned_abs() as usize).min(MAX_GAP)] += 1;
        rematches += u32::from(met.contains(&(a.min(b), a.max(b))));
    }
    (rematches, histogram)
}

/// The least cost of any perfect pairing of `players` (at most 16), by a search over
/// subsets: the lowest player left is paired with each other one in turn.
fn brute_force(players: usize, scores: &[i64], met: &BTreeSet<(usize, usize)>) -> Cost {
    fn best(
        left: u32,
        scores: &[i64],
        met: &BTreeSet<(usize, usize)>,
        memo: &mut BTreeMap<u32, Cost>,
    ) -> Cost {
        if left == 0 {
            return (0, vec![0; MAX_GAP + 1]);
        }
        if let Some(c) = memo.get(&left) {
            return c.clone();
        }
        let a = left.trailing_zeros() as usize;
        let mut out: Option<Cost> = None;
        for b in a + 1..32 {
            if left & (1 << b) == 0 {
                continue;
            }
            let (r, h) = best(left & !(1 << a) & !(1 << b), scores, met, memo);
            let (r2, h2) = cost_of(&[(a, b)], scores, met);
            let c = (r + r2, h.iter().zip(&h2).map(|(x, y)| x + y).collect());
            if out.as_ref().is_none_or(|o| c < *o) {
                out = Some(c);
            }
        }
        let out = out.expect("an even number left");
        memo.insert(left, out.clone());
        out
    }
    best((1u32 << players) - 1, scores, met, &mut BTreeMap::new())
}

fn random_outcome(rng: &mut SplitMix) -> Outcome {
    let winner = if rng.below(2) == 0 { Side::A } else { Side::B };
    let mut games = [0, 0];
    games[winner.index()] = 1;
    Outcome::Played {
        winner,
        games,
        points: [0, 0],
    }
}

/// Plays a Swiss of `n` entrants over `rounds` rounds with random winners and checks
/// every round's pairing against the brute force. Gives how many rounds it checked.
fn check_event(n: u32, rounds: u32, seed: u64) -> u32 {
    let entrants: Vec<EntrantId> = (1..=n).map(EntrantId).collect();
    let t = Tournament::new(entrants.clone(), Format::Swiss(swiss::Options::new(rounds)));
    let mut rng = SplitMix::new(seed);
    let mut results = Results::new();
    let mut checked = 0;
    for round in 1..=rounds {
        let schedule = t.schedule(&results).unwrap();
        let standings = t.standings(&results).unwrap();
        let score: BTreeMap<EntrantId, i64> = standings.tables[0]
            .rows
            .iter()
            .map(|r| {
                (
                    r.entrant,
                    r.score.as_whole().expect("a Swiss score is whole"),
                )
            })
            .collect();
        let this_round: Vec<_> = schedule
            .matches
            .iter()
            .filter(|m| m.round == round && m.stage == Stage::Swiss)
            .collect();
        let pairs: Vec<(EntrantId, EntrantId)> = this_round
            .iter()
            .filter_map(|m| match &m.sides {
                [Slot::Entrant(a), Slot::Entrant(b)] => Some((*a, *b)),
                _ => None,
            })
            .collect();
        let players: Vec<EntrantId> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let index = |e: EntrantId| players.iter().position(|&x| x == e).unwrap();
        let scores: Vec<i64> = players.iter().map(|e| score[e]).collect();
        let mut met = BTreeSet::new();
        for m in schedule.matches.iter().filter(|m| m.round < round) {
            if let [Slot::Entrant(a), Slot::Entrant(b)] = &m.sides
                && players.contains(a)
                && players.contains(b)
            {
                let (x, y) = (index(*a), index(*b));
                met.insert((x.min(y), x.max(y)));
            }
        }
        let drawn: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (index(a), index(b))).collect();
        let got = cost_of(&drawn, &scores, &met);
        let best = brute_force(players.len(), &scores, &met);
        assert_eq!(
            got, best,
            "{n} entrants, seed {seed}, round {round}: (rematches, pairs by gap from {MAX_GAP} down)"
        );
        checked += 1;
        for m in this_round {
            if m.status == Status::Ready {
                results.insert(
                    m.key.clone(),
                    Recorded::finished(m.sides.clone(), random_outcome(&mut rng)),
                );
            }
        }
    }
    checked
}

#[test]
fn sixteen_entrants_are_paired_with_the_smallest_gaps() {
    let checked: u32 = (0..12).map(|seed| check_event(16, 6, seed)).sum();
    assert_eq!(checked, 72);
}

#[test]
fn fifteen_entrants_with_a_bye_are_paired_with_the_smallest_gaps() {
    let checked: u32 = (0..12).map(|seed| check_event(15, 5, seed)).sum();
    assert_eq!(checked, 60);
}

#[test]
fn small_events_are_paired_with_the_smallest_gaps() {
    for n in 4..=12 {
        for seed in 0..6 {
            check_event(n, (n - 1).min(6), seed);
        }
    }
}
