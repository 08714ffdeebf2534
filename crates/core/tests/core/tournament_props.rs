//! Property tests of the tournament formats: every entrant plays the right number of
//! matches, byes never go twice to the same entrant while avoidable, rematches happen
//! only when unavoidable, corrections are reported exactly, standings are a total order.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use proptest::prelude::*;
use segnapunti_core::rng::SplitMix;
use segnapunti_core::tournament::{
    Cycles, EntrantId, Format, Match, Outcome, Progress, Results, Schedule, Side, Slot, Stage,
    StandingsTable, Status, TieBreak, Tournament, WalkoverReason, diff, double_elimination,
    rotating, round_robin, single_elimination, swiss,
};

use crate::support::tournaments::{self, ids};

fn random_outcome(rng: &mut SplitMix) -> Outcome {
    let winner = if rng.below(2) == 0 { Side::A } else { Side::B };
    if rng.below(10) == 0 {
        return Outcome::Forfeit { winner };
    }
    let mut games = [rng.below(2) as u32, rng.below(2) as u32];
    games[winner.index()] = 2;
    Outcome::Played {
        winner,
        games,
        points: [rng.below(300) as i32, rng.below(300) as i32],
    }
}

/// Plays every ready match with random outcomes until nothing is ready.
fn play_out(t: &Tournament, seed: u64) -> Results {
    let mut rng = SplitMix::new(seed);
    let mut results = Results::new();
    tournaments::play_out(t, &mut results, |_| random_outcome(&mut rng));
    results
}

/// The event played out (see [`play_out`]), which must be complete then: its results and
/// schedule.
fn played_out(t: &Tournament, seed: u64) -> Result<(Results, Schedule), TestCaseError> {
    let results = play_out(t, seed);
    let s = t.schedule(&results).unwrap();
    prop_assert!(s.complete);
    Ok((results, s))
}

/// Real (played or forfeited) losses per entrant.
fn losses(matches: &[Match]) -> BTreeMap<EntrantId, u32> {
    let mut out = BTreeMap::new();
    for m in matches {
        if let Status::Finished(o) = m.status {
            for e in m.sides[o.winner().other().index()].entrants() {
                *out.entry(e).or_default() += 1;
            }
        }
    }
    out
}

fn real_matches(matches: &[Match]) -> usize {
    matches
        .iter()
        .filter(|m| matches!(m.status, Status::Finished(_)))
        .count()
}

/// Positions 1..n, every entrant once; with `by_score`, rows also descend by score and
/// tie-breaks, seed last.
fn assert_total_order(table: &StandingsTable, entrants: &[EntrantId], by_score: bool) {
    let mut seen: Vec<EntrantId> = table.rows.iter().map(|r| r.entrant).collect();
    seen.sort();
    let mut expected = entrants.to_vec();
    expected.sort();
    assert_eq!(seen, expected, "every entrant exactly once");
    for (i, r) in table.rows.iter().enumerate() {
        assert_eq!(r.position as usize, i + 1);
    }
    if !by_score {
        return;
    }
    for w in table.rows.windows(2) {
        let key = |r: &segnapunti_core::tournament::StandingRow| {
            let mut k = vec![r.score];
            k.extend(r.tie_breaks.iter().map(|(_, v)| *v));
            k
        };
        let (a, b) = (key(&w[0]), key(&w[1]));
        assert!(a > b || (a == b && w[0].seed < w[1].seed), "{a:?} / {b:?}");
    }
}

/// Whether the entrants can be paired with no pair in `met` (brute force, small sets).
fn can_pair(players: &[EntrantId], met: &HashSet<(EntrantId, EntrantId)>) -> bool {
    let Some((&first, rest)) = players.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &other)| {
        if met.contains(&(first.min(other), first.max(other))) {
            return false;
        }
        let mut left = rest.to_vec();
        left.remove(i);
        can_pair(&left, met)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn single_elimination_plays_n_minus_one(n in 2u32..40, seed: u64, third in any::<bool>()) {
        let t = Tournament::new(ids(n), Format::SingleElimination(single_elimination::Options { third_place: third }));
        let (results, s) = played_out(&t, seed)?;
        let third_real = s.matches.iter().any(|m| m.stage == Stage::ThirdPlace && matches!(m.status, Status::Finished(_)));
        prop_assert_eq!(third && n >= 4, third_real);
        prop_assert_eq!(real_matches(&s.matches), n as usize - 1 + usize::from(third_real));
        let winners_losses: BTreeMap<EntrantId, u32> = losses(
            &s.matches.iter().filter(|m| m.stage == Stage::Winners).cloned().collect::<Vec<_>>(),
        );
        prop_assert_eq!(winners_losses.len(), n as usize - 1);
        prop_assert!(winners_losses.values().all(|&l| l == 1));
        // Byes only in round 1, never two in one match, to the top seeds.
        let byes: Vec<&Match> = s.matches.iter().filter(|m| matches!(m.status, Status::Walkover { reason: WalkoverReason::Bye, .. })).collect();
        let expected_byes = (n as usize).next_power_of_two() - n as usize;
        let bye_round_one = byes.iter().filter(|m| m.round == 1).count();
        prop_assert_eq!(bye_round_one, expected_byes);
        for m in byes.iter().filter(|m| m.round == 1) {
            let e = m.winner().and_then(|w| w.entrant()).unwrap();
            prop_assert!(e.0 as usize <= expected_byes);
        }
        assert_total_order(&t.standings(&results).unwrap().tables[0], &t.entrants, false);
    }

    #[test]
    fn double_elimination_everyone_but_the_champion_loses_twice(n in 2u32..40, seed: u64, reset in any::<bool>()) {
        let t = Tournament::new(ids(n), Format::DoubleElimination(double_elimination::Options { bracket_reset: reset }));
        let (results, s) = played_out(&t, seed)?;
        let l = losses(&s.matches);
        let table = &t.standings(&results).unwrap().tables[0];
        let champion = table.rows[0].entrant;
        prop_assert!(table.rows[1..].iter().all(|r| r.eliminated));
        prop_assert!(!table.rows[0].eliminated);
        prop_assert!(l.get(&champion).copied().unwrap_or(0) <= 1);
        // Without a reset the winners' champion may go out on one loss, in the grand final.
        let gf = s.get(&segnapunti_core::tournament::MatchKey::new("GF")).unwrap();
        let gf_loser = gf.loser().and_then(|x| x.entrant());
        for e in &t.entrants {
            if *e != champion {
                let lost = l.get(e).copied();
                let one_loss_ok = !reset && Some(*e) == gf_loser && gf.sides[0] == Slot::Entrant(*e);
                prop_assert!(lost == Some(2) || (one_loss_ok && lost == Some(1)), "entrant {} lost {:?}", e, lost);
            }
        }
        let total = real_matches(&s.matches);
        prop_assert!(total == 2 * n as usize - 2 || total == 2 * n as usize - 1);
        prop_assert_eq!(total == 2 * n as usize - 1, s.get(&segnapunti_core::tournament::MatchKey::new("GF reset")).is_some());
        assert_total_order(table, &t.entrants, false);
    }

    #[test]
    fn round_robin_every_pair_meets_once_per_cycle(n in 2u32..16, seed: u64, double in any::<bool>()) {
        let cycles = if double { Cycles::Double } else { Cycles::Single };
        let t = Tournament::new(ids(n), Format::RoundRobin(round_robin::Options { cycles, tie_breaks: TieBreak::ALL.to_vec() }));
        let (results, s) = played_out(&t, seed)?;
        let k = if double { 2 } else { 1 };
        let mut met: BTreeMap<(EntrantId, EntrantId), u32> = BTreeMap::new();
        let mut byes: BTreeMap<EntrantId, u32> = BTreeMap::new();
        for m in &s.matches {
            match (m.sides[0].entrant(), m.sides[1].entrant()) {
                (Some(a), Some(b)) => *met.entry((a.min(b), a.max(b))).or_default() += 1,
                (Some(a), None) => *byes.entry(a).or_default() += 1,
                _ => prop_assert!(false, "unexpected sides"),
            }
        }
        prop_assert_eq!(met.len(), (n * (n - 1) / 2) as usize);
        prop_assert!(met.values().all(|&c| c == k));
        if n % 2 == 1 {
            prop_assert_eq!(byes.len(), n as usize);
            prop_assert!(byes.values().all(|&c| c == k));
        } else {
            prop_assert!(byes.is_empty());
        }
        let table = &t.standings(&results).unwrap().tables[0];
        prop_assert!(table.rows.iter().all(|r| r.played == k * (n - 1)));
        assert_total_order(table, &t.entrants, true);
    }

    #[test]
    fn swiss_rounds_byes_and_rematches(n in 2u32..13, rounds in 1u32..8, seed: u64, chain in proptest::sample::subsequence(TieBreak::ALL.to_vec(), 0..6)) {
        let options = swiss::Options { rounds, tie_breaks: chain, bye_is_win: true };
        let t = Tournament::new(ids(n), Format::Swiss(options));
        let (results, s) = played_out(&t, seed)?;
        // Every entrant is in exactly one match (or the bye) each round.
        for r in 1..=rounds {
            let mut seen: Vec<EntrantId> = s.matches.iter().filter(|m| m.round == r).flat_map(|m| m.sides.iter().flat_map(Slot::entrants)).collect();
            seen.sort();
            prop_assert_eq!(&seen, &t.entrants, "round {}", r);
        }
        // Byes: nobody twice while someone has none.
        let mut bye_counts: BTreeMap<EntrantId, u32> = t.entrants.iter().map(|&e| (e, 0)).collect();
        let mut met: HashSet<(EntrantId, EntrantId)> = HashSet::new();
        for r in 1..=rounds {
            let round: Vec<&Match> = s.matches.iter().filter(|m| m.round == r).collect();
            // A rematch in this round only if no rematch-free pairing of the round existed.
            let paired: Vec<EntrantId> = round.iter().filter(|m| m.sides[1] != Slot::Bye).flat_map(|m| m.sides.iter().flat_map(Slot::entrants)).collect();
            let rematch = round.iter().any(|m| match (m.sides[0].entrant(), m.sides[1].entrant()) {
                (Some(a), Some(b)) => met.contains(&(a.min(b), a.max(b))),
                _ => false,
            });
            if rematch {
                prop_assert!(!can_pair(&paired, &met), "avoidable rematch in round {}", r);
            }
            for m in &round {
                match (m.sides[0].entrant(), m.sides[1].entrant()) {
                    (Some(a), Some(b)) => { met.insert((a.min(b), a.max(b))); }
                    (Some(a), None) => {
                        let min = *bye_counts.values().min().unwrap();
                        prop_assert_eq!(bye_counts[&a], min, "bye to {} in round {}", a, r);
                        *bye_counts.get_mut(&a).unwrap() += 1;
                    }
                    _ => {}
                }
            }
        }
        let table = &t.standings(&results).unwrap().tables[0];
        prop_assert!(table.rows.iter().all(|r| r.played + r.byes == rounds));
        assert_total_order(table, &t.entrants, true);
    }

    #[test]
    fn rotating_partners_individual_standings(n in 4u32..20, rounds in 1u32..6, seed: u64) {
        let options = rotating::Options { rounds, seed, tie_breaks: vec![TieBreak::PointsDifference, TieBreak::Buchholz], sit_out: segnapunti_core::tournament::ByeScore::Nothing };
        let t = Tournament::new(ids(n), Format::RotatingPartners(options));
        let (results, s) = played_out(&t, seed)?;
        let mut sat_out: BTreeMap<EntrantId, u32> = BTreeMap::new();
        for r in 1..=rounds {
            let mut seen: Vec<EntrantId> = s.matches.iter().filter(|m| m.round == r).flat_map(|m| m.sides.iter().flat_map(Slot::entrants)).collect();
            seen.sort();
            prop_assert_eq!(&seen, &t.entrants);
            for m in s.matches.iter().filter(|m| m.round == r && m.sides[1] == Slot::Bye) {
                *sat_out.entry(m.sides[0].entrant().unwrap()).or_default() += 1;
            }
        }
        // Sit-outs spread: counts differ by at most one.
        let counts: Vec<u32> = t.entrants.iter().map(|e| sat_out.get(e).copied().unwrap_or(0)).collect();
        prop_assert!(counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1);
        let table = &t.standings(&results).unwrap().tables[0];
        prop_assert!(table.rows.iter().all(|r| r.played + r.byes == rounds));
        assert_total_order(table, &t.entrants, true);
    }

    #[test]
    fn correction_diff_is_exact(n in 3u32..24, seed: u64, pick in any::<prop::sample::Index>(), double in any::<bool>()) {
        let format = if double {
            Format::DoubleElimination(double_elimination::Options { bracket_reset: true })
        } else {
            Format::SingleElimination(single_elimination::Options { third_place: true })
        };
        let t = Tournament::new(ids(n), format);
        let old = play_out(&t, seed);
        let finished: Vec<_> = old.keys().cloned().collect();
        let target = pick.get(&finished).clone();
        let mut new = old.clone();
        let rec = new.get_mut(&target).unwrap();
        if let Progress::Finished(o) = rec.progress {
            rec.progress = Progress::Finished(Outcome::Forfeit { winner: o.winner().other() });
        }
        let before = t.schedule(&old).unwrap();
        let after = t.schedule(&new).unwrap();
        let c = diff(&t, &old, &new).unwrap();
        let sides = |s: &segnapunti_core::tournament::Schedule| -> BTreeMap<String, [Slot; 2]> {
            s.matches.iter().map(|m| (m.key.0.clone(), m.sides.clone())).collect()
        };
        let (b, a) = (sides(&before), sides(&after));
        let keys: BTreeSet<&String> = b.keys().chain(a.keys()).collect();
        let changed: BTreeSet<String> = keys.into_iter().filter(|k| b.get(*k) != a.get(*k)).cloned().collect();
        let reported: BTreeSet<String> = c.updated.iter().chain(c.flagged.iter()).map(|m| m.key.0.clone()).collect();
        prop_assert_eq!(&changed, &reported);
        // Flagged are exactly those with something recorded, and none is silently changed.
        for m in &c.flagged {
            prop_assert!(new.contains_key(&m.key));
            if let Some(now) = after.get(&m.key) {
                prop_assert!(matches!(now.status, Status::Conflict { .. }), "{} not flagged in schedule", m.key);
            }
        }
        for m in &c.updated {
            prop_assert!(!new.contains_key(&m.key));
        }
        // The corrected match itself keeps its participants.
        prop_assert!(!reported.contains(&target.0));
    }
}
