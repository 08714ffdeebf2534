//! Elimination standings ranked by the round each entrant went out in, and the draw of a
//! knockout after groups keeping entrants of one group apart in its first round.

use segnapunti_core::tournament::{
    Cycles, EntrantId, Format, Outcome, Results, Side, Slot, Source, Stage, Status, TieBreak,
    Tournament, double_elimination, groups,
};

use crate::support::tournaments::{ids, play_out};

/// Plays every ready match, side A winning, until nothing is ready.
fn side_a_always_wins(t: &Tournament) -> Results {
    let mut results = Results::new();
    play_out(t, &mut results, |_| Outcome::Played {
        winner: Side::A,
        games: [1, 0],
        points: [0, 0],
    });
    results
}

#[test]
fn double_elimination_ranks_by_the_round_of_elimination() {
    for n in [8u32, 16, 12] {
        let t = Tournament::new(
            ids(n),
            Format::DoubleElimination(double_elimination::Options {
                bracket_reset: false,
            }),
        );
        let results = side_a_always_wins(&t);
        let schedule = t.schedule(&results).unwrap();
        assert!(schedule.complete);
        // Where each entrant went out: the losers' round (the grand final after them all).
        let mut out_in = std::collections::BTreeMap::new();
        for m in &schedule.matches {
            if let Status::Finished(o) = m.status {
                let loser = m.sides[o.winner().other().index()].entrant();
                let depth = match m.stage {
                    Stage::Losers => m.round,
                    Stage::GrandFinal => 1000,
                    _ => continue,
                };
                if let Some(e) = loser {
                    out_in.insert(e, depth);
                }
            }
        }
        let table = &t.standings(&results).unwrap().tables[0];
        let depths: Vec<u32> = table
            .rows
            .iter()
            .skip(1)
            .map(|r| out_in[&r.entrant])
            .collect();
        assert!(
            depths.windows(2).all(|w| w[0] >= w[1]),
            "{n} entrants: the later out, the higher: {depths:?}"
        );
    }
}

fn group_slots(t: &Tournament) -> Vec<[Slot; 2]> {
    t.schedule(&Results::new())
        .unwrap()
        .matches
        .into_iter()
        .filter(|m| m.key.as_str().starts_with("KO W R1 "))
        .map(|m| m.sides)
        .collect()
}

#[test]
fn a_knockout_after_groups_keeps_a_groups_entrants_apart_in_round_one() {
    for (entrants, group_size, qualifiers) in [
        (12u32, 4u32, 2u32),
        (9, 3, 2),
        (15, 5, 2),
        (20, 4, 2),
        (18, 6, 3),
        (24, 4, 3),
    ] {
        let t = Tournament::new(
            ids(entrants),
            Format::GroupsThenKnockout(groups::Options {
                group_size,
                qualifiers_per_group: qualifiers,
                cycles: Cycles::Single,
                tie_breaks: vec![TieBreak::Buchholz],
                third_place: false,
            }),
        );
        for [a, b] in group_slots(&t) {
            if let (
                Slot::Pending(Source::GroupPlace {
                    group: ga,
                    place: pa,
                }),
                Slot::Pending(Source::GroupPlace {
                    group: gb,
                    place: pb,
                }),
            ) = (&a, &b)
            {
                assert_ne!(
                    ga, gb,
                    "{entrants}/{group_size}/{qualifiers}: {a:?} v {b:?}"
                );
                // Winners still meet lower places first.
                assert!(pa <= pb);
            }
        }
        // Once the groups are played the same holds for the entrants themselves.
        let results = side_a_always_wins(&t);
        let schedule = t.schedule(&results).unwrap();
        let group_of = |e: EntrantId| {
            schedule
                .matches
                .iter()
                .find(|m| {
                    matches!(m.stage, Stage::Group(_))
                        && m.sides.iter().any(|s| s.entrants().contains(&e))
                })
                .map(|m| m.stage)
        };
        for m in schedule
            .matches
            .iter()
            .filter(|m| m.key.as_str().starts_with("KO W R1 "))
        {
            if let [Slot::Entrant(a), Slot::Entrant(b)] = m.sides {
                assert_ne!(
                    group_of(a),
                    group_of(b),
                    "{entrants}/{group_size}: {a} v {b}"
                );
            }
        }
    }
}
