//! Property tests of the rotating-partner draw: full evenings for every count from 4 to
//! 40, evenings with random withdrawals and late entries, and the short evenings the
//! local search must improve.

use std::collections::HashMap;

use super::*;
use crate::tournament::whist;

fn options(rounds: u32, seed: u64) -> Options {
    Options {
        rounds,
        seed,
        tie_breaks: Vec::new(),
        sit_out: ByeScore::Nothing,
    }
}

fn ids(range: std::ops::RangeInclusive<u32>) -> Vec<EntrantId> {
    range.map(EntrantId).collect()
}

/// (partner repeats, most times a pair opposed, opponent repeats), from the tables.
fn figures(draws: &[RoundDraw]) -> (u32, u32, u32) {
    let key = |a: EntrantId, b: EntrantId| (a.0.min(b.0), a.0.max(b.0));
    let mut partners: HashMap<(u32, u32), u32> = HashMap::new();
    let mut opponents: HashMap<(u32, u32), u32> = HashMap::new();
    for d in draws {
        for [a, b] in &d.tables {
            for p in [a, b] {
                *partners.entry(key(p[0], p[1])).or_default() += 1;
            }
            for &x in a {
                for &y in b {
                    *opponents.entry(key(x, y)).or_default() += 1;
                }
            }
        }
    }
    let repeats = |m: &HashMap<(u32, u32), u32>| m.values().map(|c| c - 1).sum();
    (
        repeats(&partners),
        opponents.values().copied().max().unwrap_or(0),
        repeats(&opponents),
    )
}

/// Sit-outs of each entrant over `draws`, and how often someone sat out twice in a row.
fn sit_outs(draws: &[RoundDraw]) -> (HashMap<EntrantId, u32>, u32) {
    let mut sat: HashMap<EntrantId, u32> = HashMap::new();
    let mut twice = 0;
    let mut last: &[EntrantId] = &[];
    for d in draws {
        for e in &d.report.sitting_out {
            *sat.entry(*e).or_default() += 1;
            twice += u32::from(last.contains(e));
        }
        last = &d.report.sitting_out;
    }
    (sat, twice)
}

/// Whether a stored design (for `n`, or `n + 1` when `n ≡ 3 mod 4`) promises partner at
/// most once and opponents at most twice over a full evening.
fn promised(n: u32) -> bool {
    let n = n as usize;
    match n % 4 {
        0 | 1 => whist::design(n).is_some(),
        3 => whist::design(n + 1).is_some(),
        _ => false,
    }
}

/// Today's figures (before the local search) for `n ≡ 2 mod 4` over a full evening, seed
/// 2024: (players, most opposed, opponent repeats); partners never repeated.
const ROUND_BY_ROUND_BEFORE: [(u32, u32, u32); 9] = [
    (6, 2, 9),
    (10, 3, 35),
    (14, 3, 77),
    (18, 4, 135),
    (22, 3, 209),
    (26, 4, 299),
    (30, 4, 405),
    (34, 4, 527),
    (38, 4, 665),
];

#[test]
fn full_evenings_from_round_one_keep_the_promise_for_4_to_40_players() {
    for n in 4..=40u32 {
        let rounds = full_evening(n);
        let entrants = ids(1..=n);
        let draws = draw(&entrants, &[], &options(rounds, 2024)).unwrap();
        assert_eq!(draws.len(), rounds as usize);
        let (partners, most, opponents) = figures(&draws);
        assert_eq!(partners, 0, "{n} players: partners repeat");
        if promised(n) {
            assert!(most <= 2, "{n} players: a pair opposed {most} times");
        }
        if n % 4 == 2 {
            let (_, before_most, before_repeats) = ROUND_BY_ROUND_BEFORE
                .iter()
                .copied()
                .find(|f| f.0 == n)
                .unwrap();
            assert!(
                (most, opponents) <= (before_most, before_repeats),
                "{n} players: ({most}, {opponents}) worse than before"
            );
        }
        let (sat, twice) = sit_outs(&draws);
        let counts: Vec<u32> = entrants
            .iter()
            .map(|e| sat.get(e).copied().unwrap_or(0))
            .collect();
        let expected = (n % 4) * rounds / n;
        assert!(
            counts.iter().all(|&c| c == expected),
            "{n} players: sit-outs {counts:?}, each should sit out {expected}"
        );
        assert_eq!(twice, 0, "{n} players: someone sat out twice in a row");
    }
}

#[test]
fn short_evenings_the_local_search_must_reach() {
    for (n, rounds, most_repeats) in [(12, 5, 2), (12, 6, 8), (20, 8, 2)] {
        for seed in [2024, 7] {
            let draws = draw(&ids(1..=n), &[], &options(rounds, seed)).unwrap();
            let (partners, most, opponents) = figures(&draws);
            assert_eq!(partners, 0, "{n}×{rounds}");
            assert!(most <= 2, "{n}×{rounds}");
            assert!(
                opponents <= most_repeats,
                "{n}×{rounds}, seed {seed}: {opponents} opponent repeats"
            );
        }
    }
}

/// A few withdrawals and late entries at random rounds.
fn random_changes(
    rng: &mut SplitMix,
    n: u32,
    rounds: u32,
) -> (Vec<Withdrawal>, Vec<LateEntry>, u32) {
    let late_count = rng.below(3) as u32;
    let mut withdrawals: Vec<Withdrawal> = Vec::new();
    for _ in 0..rng.below(3) {
        let entrant = EntrantId(1 + rng.below(n as usize) as u32);
        if withdrawals.iter().all(|w| w.entrant != entrant) {
            let from_round = 2 + rng.below(rounds as usize - 1) as u32;
            withdrawals.push(Withdrawal {
                entrant,
                from_round,
            });
        }
    }
    let late = (0..late_count)
        .map(|k| LateEntry {
            entrant: EntrantId(n + 1 + k),
            from_round: 2 + rng.below(rounds as usize - 1) as u32,
        })
        .collect();
    (withdrawals, late, late_count)
}

#[test]
fn changes_keep_earlier_rounds_and_who_is_present() {
    let mut rng = SplitMix::new(35);
    for case in 0..14 {
        let n = 5 + rng.below(20) as u32;
        let rounds = 3 + rng.below(7) as u32;
        let (withdrawals, late, late_count) = random_changes(&mut rng, n, rounds);
        let entrants = ids(1..=n + late_count);
        let o = options(rounds, 100 + case);
        let draws = draw_late(&entrants, &withdrawals, &late, &o).unwrap();
        let joins = |e: EntrantId| late.iter().find(|l| l.entrant == e).map(|l| l.from_round);
        let leaves = |e: EntrantId| {
            withdrawals
                .iter()
                .find(|w| w.entrant == e)
                .map(|w| w.from_round)
        };
        let present = |e: EntrantId, round: u32| {
            joins(e).is_none_or(|j| j <= round) && leaves(e).is_none_or(|w| round < w)
        };
        for d in &draws {
            let drawn: Vec<EntrantId> = d
                .tables
                .iter()
                .flatten()
                .flatten()
                .chain(&d.report.sitting_out)
                .copied()
                .collect();
            let mut expected: Vec<EntrantId> = entrants
                .iter()
                .copied()
                .filter(|&e| present(e, d.round))
                .collect();
            let mut sorted = drawn.clone();
            sorted.sort();
            expected.sort();
            assert_eq!(sorted, expected, "case {case}, round {}", d.round);
        }
        // The rounds before the first change are the plan without any change.
        let first_change = withdrawals
            .iter()
            .map(|w| w.from_round)
            .chain(late.iter().map(|l| l.from_round))
            .min();
        if let Some(change) = first_change {
            let unchanged = draw(&entrants[..n as usize], &[], &o).unwrap();
            let before = (change - 1) as usize;
            assert_eq!(draws[..before], unchanged[..before], "case {case}");
        }
        // Partner repeats: no worse than the round-by-round draw alone.
        let greedy = draw_planned(&entrants, &withdrawals, &late, &o, greedy_segment).unwrap();
        assert!(
            figures(&draws).0 <= figures(&greedy).0,
            "case {case}: partners repeat more than drawing round by round"
        );
        // Sit-outs: those present all evening differ by at most one; twice in a row only
        // when everyone else who could have sat out had sat out more.
        let (sat, _) = sit_outs(&draws);
        let throughout: Vec<u32> = entrants
            .iter()
            .filter(|&&e| joins(e).is_none() && leaves(e).is_none())
            .map(|e| sat.get(e).copied().unwrap_or(0))
            .collect();
        let (most, least) = (throughout.iter().max(), throughout.iter().min());
        assert!(
            most.zip(least).is_none_or(|(m, l)| m - l <= 1),
            "case {case}: sit-outs {throughout:?}"
        );
        for r in 1..draws.len() {
            let (last, now) = (
                &draws[r - 1].report.sitting_out,
                &draws[r].report.sitting_out,
            );
            // Sit-outs before round r, a late entrant crediting the rounds missed.
            let before = |e: EntrantId| {
                let own = sit_outs(&draws[..r]).0.get(&e).copied().unwrap_or(0);
                own.max(joins(e).map_or(0, |j| j - 1))
            };
            for x in now.iter().filter(|x| last.contains(x)) {
                let round = draws[r].round;
                let could: Vec<EntrantId> = entrants
                    .iter()
                    .copied()
                    .filter(|&e| present(e, round) && !now.contains(&e) && !last.contains(&e))
                    .collect();
                assert!(
                    could.iter().all(|&e| before(e) > before(*x)),
                    "case {case}, round {round}: {x:?} sat out twice though {could:?} could"
                );
            }
        }
    }
}

#[test]
fn options_stored_with_the_old_boolean_score_a_sit_out_as_before() {
    let old = |win: bool| {
        format!(
            r#"{{"RotatingPartners":{{"rounds":5,"seed":7,"tie_breaks":["Buchholz"],"sit_out_is_win":{win}}}}}"#
        )
    };
    let read = |json: &str| match serde_json::from_str::<crate::tournament::Format>(json) {
        Ok(crate::tournament::Format::RotatingPartners(o)) => o,
        other => panic!("not a rotating night: {other:?}"),
    };
    let win = read(&old(true));
    assert_eq!(win.sit_out, ByeScore::Win);
    assert_eq!(
        (win.rounds, win.seed, win.tie_breaks),
        (5, 7, vec![TieBreak::Buchholz])
    );
    assert_eq!(read(&old(false)).sit_out, ByeScore::Nothing);
    // New options are written with their choice and read back as they were.
    let new = Options {
        sit_out: ByeScore::RoundAverage,
        ..options(5, 7)
    };
    let json =
        serde_json::to_string(&crate::tournament::Format::RotatingPartners(new.clone())).unwrap();
    assert!(json.contains(r#""sit_out":"round_average""#), "{json}");
    assert_eq!(read(&json), new);
}
