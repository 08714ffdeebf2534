//! Scenario tests of the tournament formats through the public API: advancement,
//! corrections and their diff, withdrawals, byes, resets, groups and Swiss notes. Their
//! words are the shell's (`tests/it/tournament_words.rs`).

use segnapunti_core::tournament::{
    Correction, Cycles, DrawNotes, EntrantId, Format, LateEntry, MatchKey, Outcome, Points,
    Recorded, Results, Side, Slot, Source, Stage, Status, TieBreak, Tournament, TournamentError,
    WalkoverReason, Withdrawal, diff, double_elimination, groups, rotating, round_robin,
    single_elimination, swiss,
};

use crate::support::tournaments::{better_seed_wins, ids, play_out};

fn key(k: &str) -> MatchKey {
    MatchKey::new(k)
}

/// Round 1 played, the better seed winning every match.
fn round_one_played(t: &Tournament) -> Results {
    let mut results = Results::new();
    let round_one = t.schedule(&results).unwrap().matches;
    for m in round_one.iter().filter(|m| m.round == 1) {
        results.insert(
            m.key.clone(),
            Recorded::finished(m.sides.clone(), better_seed_wins(&m.sides)),
        );
    }
    results
}

fn single(n: u32, third_place: bool) -> Tournament {
    Tournament::new(
        ids(n),
        Format::SingleElimination(single_elimination::Options { third_place }),
    )
}

#[test]
fn single_elimination_byes_go_to_top_seeds() {
    let t = single(5, true);
    let s = t.schedule(&Results::new()).unwrap();
    let r1: Vec<_> = s
        .matches
        .iter()
        .filter(|m| m.round == 1 && m.stage == Stage::Winners)
        .collect();
    assert_eq!(r1.len(), 4);
    let byes: Vec<EntrantId> = r1
        .iter()
        .filter(|m| {
            matches!(
                m.status,
                Status::Walkover {
                    reason: WalkoverReason::Bye,
                    ..
                }
            )
        })
        .filter_map(|m| m.winner().and_then(|w| w.entrant()))
        .collect();
    assert_eq!(byes, vec![EntrantId(1), EntrantId(2), EntrantId(3)]);
    // Seed 1 is already in round 2 against the winner of 4 v 5.
    let r2 = s.get(&key("W R2 M1")).unwrap();
    assert_eq!(r2.sides[0], Slot::Entrant(EntrantId(1)));
    assert_eq!(r2.sides[1], Slot::Pending(Source::WinnerOf(key("W R1 M2"))));
}

#[test]
fn single_elimination_plays_out_with_third_place() {
    let t = single(8, true);
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert!(s.complete);
    assert_eq!(results.len(), 8);
    let third = s.get(&key("3rd")).unwrap();
    assert_eq!(third.winner(), Some(Slot::Entrant(EntrantId(3))));
    let table = &t.standings(&results).unwrap().tables[0];
    let order: Vec<u32> = table.rows.iter().map(|r| r.entrant.0).collect();
    assert_eq!(&order[..4], &[1, 2, 3, 4]);
    assert!(!table.rows[0].eliminated);
    assert!(table.rows[1..].iter().all(|r| r.eliminated));
}

#[test]
fn correction_reflows_and_flags_started_matches() {
    let t = single(8, false);
    let mut old = Results::new();
    play_out(&t, &mut old, better_seed_wins);
    // Round 2 match 1 (1 v 4) is finished, round 3 (the final) is finished too.
    let mut new = old.clone();
    // Correct W R1 M1 (1 v 8): 8 actually won.
    let first = new.get_mut(&key("W R1 M1")).unwrap();
    first.progress = segnapunti_core::tournament::Progress::Finished(Outcome::Played {
        winner: Side::B,
        games: [1, 2],
        points: [10, 20],
    });
    let c: Correction = diff(&t, &old, &new).unwrap();
    let flagged: Vec<&str> = c.flagged.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(flagged, vec!["W R2 M1", "W R3 M1"]);
    assert!(c.updated.is_empty());
    let s = t.schedule(&new).unwrap();
    let r2 = s.get(&key("W R2 M1")).unwrap();
    assert_eq!(r2.sides[0], Slot::Entrant(EntrantId(8)));
    assert!(matches!(r2.status, Status::Conflict { .. }));
    // The final was played by 1 and 2; its side from W R2 M1 is now pending, so its
    // recorded result waits for the organizer too.
    let f = s.get(&key("W R3 M1")).unwrap();
    assert_eq!(f.sides[0], Slot::Pending(Source::WinnerOf(key("W R2 M1"))));
    assert!(matches!(f.status, Status::Conflict { .. }));
    assert_eq!(f.winner(), None);

    // A correction before the later matches started only updates them.
    let early = round_one_played(&t);
    let mut corrected = early.clone();
    corrected.get_mut(&key("W R1 M2")).unwrap().progress =
        segnapunti_core::tournament::Progress::Finished(Outcome::Forfeit { winner: Side::B });
    let c = diff(&t, &early, &corrected).unwrap();
    assert!(c.flagged.is_empty());
    let updated: Vec<&str> = c.updated.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(updated, vec!["W R2 M1"]);
    assert_eq!(
        c.updated[0].after.as_ref().unwrap()[1],
        Slot::Entrant(EntrantId(5))
    );
}

#[test]
fn in_progress_match_is_flagged_not_changed() {
    let t = single(4, false);
    let mut old = round_one_played(&t);
    let final_sides = t
        .schedule(&old)
        .unwrap()
        .get(&key("W R2 M1"))
        .unwrap()
        .sides
        .clone();
    old.insert(key("W R2 M1"), Recorded::in_progress(final_sides.clone()));
    let mut new = old.clone();
    new.get_mut(&key("W R1 M2")).unwrap().progress =
        segnapunti_core::tournament::Progress::Finished(Outcome::Forfeit { winner: Side::B });
    let c = diff(&t, &old, &new).unwrap();
    assert_eq!(c.flagged.len(), 1);
    assert_eq!(
        c.flagged[0].recorded,
        Some(segnapunti_core::tournament::Progress::InProgress)
    );
    let s = t.schedule(&new).unwrap();
    match &s.get(&key("W R2 M1")).unwrap().status {
        Status::Conflict { recorded } => assert_eq!(recorded.sides, final_sides),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[test]
fn withdrawal_gives_walkovers() {
    let mut t = single(4, false);
    t.withdrawals.push(Withdrawal {
        entrant: EntrantId(4),
        from_round: 1,
    });
    let s = t.schedule(&Results::new()).unwrap();
    let m = s.get(&key("W R1 M1")).unwrap();
    assert_eq!(
        m.status,
        Status::Walkover {
            winner: Side::A,
            reason: WalkoverReason::Withdrawal
        }
    );
    assert_eq!(
        s.get(&key("W R2 M1")).unwrap().sides[0],
        Slot::Entrant(EntrantId(1))
    );
}

#[test]
fn double_elimination_with_bracket_reset() {
    let t = Tournament::new(
        ids(8),
        Format::DoubleElimination(double_elimination::Options {
            bracket_reset: true,
        }),
    );
    let mut results = Results::new();
    // Better seed wins everywhere; the grand final is then corrected below.
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert!(s.complete);
    assert!(s.get(&key("GF reset")).is_none());
    let gf = s.get(&key("GF")).unwrap();
    assert_eq!(
        gf.sides,
        [Slot::Entrant(EntrantId(1)), Slot::Entrant(EntrantId(2))]
    );
    // Correct the grand final: the losers' champion (2) wins, so a reset appears.
    let mut reset = results.clone();
    reset.get_mut(&key("GF")).unwrap().progress =
        segnapunti_core::tournament::Progress::Finished(Outcome::Forfeit { winner: Side::B });
    let s = t.schedule(&reset).unwrap();
    let r = s.get(&key("GF reset")).unwrap();
    assert_eq!(r.status, Status::Ready);
    assert_eq!(r.sides, gf.sides);
    let c = diff(&t, &results, &reset).unwrap();
    assert_eq!(c.updated.len(), 1);
    assert_eq!(c.updated[0].key, key("GF reset"));
    // Losers' round 2 (drop-in from winners' round 2) avoids the immediate rematch.
    let lr2 = s.get(&key("L R2 M1")).unwrap();
    assert_eq!(lr2.sides[1], Slot::Entrant(EntrantId(3)));
}

#[test]
fn round_robin_double_with_odd_count() {
    let t = Tournament::new(
        ids(5),
        Format::RoundRobin(round_robin::Options {
            cycles: Cycles::Double,
            tie_breaks: vec![TieBreak::HeadToHead, TieBreak::GamesDifference],
        }),
    );
    let s = t.schedule(&Results::new()).unwrap();
    // 6 numbers: 5 rounds per cycle, 2 tables and a bye each.
    assert_eq!(s.matches.len(), 2 * 5 * 3);
    assert!(s.get(&key("RR R10 T2")).is_some());
    assert!(s.get(&key("RR R10 bye")).is_some());
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let table = &t.standings(&results).unwrap().tables[0];
    let order: Vec<u32> = table.rows.iter().map(|r| r.entrant.0).collect();
    assert_eq!(order, vec![1, 2, 3, 4, 5]);
    assert!(table.rows.iter().all(|r| r.byes == 2 && r.played == 8));
    assert_eq!(table.rows[0].score, Points::whole(8));
}

#[test]
fn groups_then_knockout() {
    let t = Tournament::new(
        ids(8),
        Format::GroupsThenKnockout(groups::Options {
            group_size: 4,
            qualifiers_per_group: 2,
            cycles: Cycles::Single,
            tie_breaks: vec![TieBreak::GamesDifference],
            third_place: false,
        }),
    );
    let s = t.schedule(&Results::new()).unwrap();
    let ko = s.get(&key("KO W R1 M1")).unwrap();
    assert_eq!(
        ko.sides[0],
        Slot::Pending(Source::GroupPlace { group: 1, place: 1 })
    );
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert!(s.complete);
    // Groups (snake): {1,4,5,8} and {2,3,6,7}. Knockout: 1 v 3, 2 v 4.
    let ko = s.get(&key("KO W R1 M1")).unwrap();
    assert_eq!(
        ko.sides,
        [Slot::Entrant(EntrantId(1)), Slot::Entrant(EntrantId(3))]
    );
    let standings = t.standings(&results).unwrap();
    assert_eq!(standings.tables.len(), 3);
    assert_eq!(standings.tables[2].rows[0].entrant, EntrantId(1));
}

#[test]
fn swiss_explains_itself_and_avoids_rematches() {
    let t = Tournament::new(ids(9), Format::Swiss(swiss::Options::new(4)));
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert!(s.complete);
    assert_eq!(s.notes.len(), 4);
    let mut byes = Vec::new();
    for n in &s.notes {
        let DrawNotes::Swiss(notes) = n else {
            panic!("Swiss notes expected")
        };
        for note in &notes.notes {
            assert!(!matches!(note, swiss::PairingNote::Rematch { .. }));
            if let swiss::PairingNote::Bye { entrant, .. } = note {
                byes.push(*entrant);
            }
        }
    }
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 4, "four different byes");
    let table = &t.standings(&results).unwrap().tables[0];
    assert_eq!(table.rows[0].entrant, EntrantId(1));
    assert_eq!(table.rows[0].score, Points::whole(4));
}

#[test]
fn swiss_large_field_pairs_without_rematches() {
    let n = 1024;
    let t = Tournament::new(ids(n), Format::Swiss(swiss::Options::new(6)));
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert!(s.complete);
    let mut met = std::collections::HashSet::new();
    for m in &s.matches {
        if let (Some(a), Some(b)) = (m.sides[0].entrant(), m.sides[1].entrant()) {
            assert!(met.insert((a.min(b), a.max(b))), "rematch in {}", m.key);
        }
    }
}

#[test]
fn one_entrant_or_an_unknown_withdrawal_is_an_error() {
    let t = single(1, false);
    t.schedule(&Results::new()).unwrap_err();
    let mut t = single(4, false);
    t.withdrawals.push(Withdrawal {
        entrant: EntrantId(9),
        from_round: 1,
    });
    assert!(t.schedule(&Results::new()).is_err());
}

#[test]
fn a_flagged_match_kept_as_played_stands_and_advancement_goes_on() {
    // 8 seeds; round 1 and W R2 M1 (1 v 4) are played, then W R1 M1 is corrected (8 won).
    let t = single(8, false);
    let mut results = Results::new();
    for round in 1..=2 {
        for m in t.schedule(&results).unwrap().matches.iter() {
            if m.round == round && m.status == Status::Ready {
                results.insert(
                    m.key.clone(),
                    Recorded::finished(m.sides.clone(), better_seed_wins(&m.sides)),
                );
            }
        }
    }
    results.get_mut(&key("W R1 M1")).unwrap().progress =
        segnapunti_core::tournament::Progress::Finished(Outcome::Played {
            winner: Side::B,
            games: [1, 2],
            points: [10, 20],
        });
    let s = t.schedule(&results).unwrap();
    assert!(matches!(
        s.get(&key("W R2 M1")).unwrap().status,
        Status::Conflict { .. }
    ));
    assert!(matches!(
        s.get(&key("W R3 M1")).unwrap().sides[0],
        Slot::Pending(_)
    ));
    // The organizer keeps it as played: 1 v 4 stands, 1 goes on to the final.
    let kept = results.remove(&key("W R2 M1")).unwrap().kept_as_played();
    let played_by = kept.sides.clone();
    results.insert(key("W R2 M1"), kept);
    let s = t.schedule(&results).unwrap();
    let semi = s.get(&key("W R2 M1")).unwrap();
    assert_eq!(semi.sides, played_by);
    assert!(matches!(semi.status, Status::Finished(_)));
    let final_match = s.get(&key("W R3 M1")).unwrap();
    assert_eq!(final_match.sides[0], Slot::Entrant(EntrantId(1)));
    assert_eq!(final_match.status, Status::Ready);
    // Nothing else is flagged: the diff from the conflict to the decision lists the final.
    let mut undecided = results.clone();
    undecided.get_mut(&key("W R2 M1")).unwrap().kept = false;
    let c = diff(&t, &undecided, &results).unwrap();
    assert!(c.flagged.iter().all(|m| m.key.as_str() == "W R2 M1"));
    play_out(&t, &mut results, better_seed_wins);
    assert!(t.schedule(&results).unwrap().complete);
}

#[test]
fn swiss_correction_re_pairs_only_the_tables_not_begun() {
    let t = Tournament::new(ids(8), Format::Swiss(swiss::Options::new(3)));
    let mut results = Results::new();
    let round = |results: &Results, round: u32| -> Vec<segnapunti_core::tournament::Match> {
        t.schedule(results)
            .unwrap()
            .matches
            .into_iter()
            .filter(|m| m.round == round)
            .collect()
    };
    for m in round(&results, 1) {
        results.insert(
            m.key.clone(),
            Recorded::finished(m.sides.clone(), better_seed_wins(&m.sides)),
        );
    }
    // Round 2's first table begins; then a round-1 result is corrected.
    let drawn = round(&results, 2);
    let begun = drawn[0].clone();
    results.insert(
        begun.key.clone(),
        Recorded::in_progress(begun.sides.clone()),
    );
    let corrected = round(&results, 1)
        .into_iter()
        .find(|m| !m.sides.iter().any(|s| begun.sides.contains(s)))
        .expect("a round-1 table whose players are not at the begun table");
    // The other side won it.
    let flipped = match better_seed_wins(&corrected.sides) {
        Outcome::Played {
            winner,
            games,
            points,
        } => Outcome::Played {
            winner: winner.other(),
            games: [games[1], games[0]],
            points: [points[1], points[0]],
        },
        other => other,
    };
    results.insert(
        corrected.key.clone(),
        Recorded::finished(corrected.sides.clone(), flipped),
    );
    let after = round(&results, 2);
    let still = after
        .iter()
        .find(|m| m.key == begun.key)
        .expect("the begun table");
    assert_eq!(
        still.sides, begun.sides,
        "the table under way keeps its players"
    );
    assert!(
        !matches!(still.status, Status::Conflict { .. }),
        "nothing to decide: {:?}",
        still.status
    );
    let mut seen = std::collections::BTreeSet::new();
    for m in &after {
        for e in m.sides.iter().flat_map(|s| s.entrants()) {
            assert!(seen.insert(e), "{e:?} is drawn twice in round 2: {after:?}");
        }
    }
    assert_eq!(seen.len(), 8, "everyone plays round 2");
    assert_ne!(
        after.iter().map(|m| m.sides.clone()).collect::<Vec<_>>(),
        drawn.iter().map(|m| m.sides.clone()).collect::<Vec<_>>(),
        "the tables not begun are paired again from the corrected standings"
    );
}

#[test]
fn swiss_late_entrant_joins_from_a_round_and_earlier_rounds_stay() {
    let mut t = Tournament::new(ids(8), Format::Swiss(swiss::Options::new(4)));
    let mut results = Results::new();
    // Round 1 played.
    for m in t.schedule(&results).unwrap().matches.clone() {
        results.insert(
            m.key.clone(),
            Recorded::finished(m.sides.clone(), better_seed_wins(&m.sides)),
        );
    }
    let before = t.schedule(&results).unwrap();
    let round1: Vec<_> = before
        .matches
        .iter()
        .filter(|m| m.round == 1)
        .cloned()
        .collect();
    // Entrant 9 arrives: drawn from round 2 (the next not drawn yet).
    t.entrants.push(EntrantId(9));
    t.late_entries.push(LateEntry {
        entrant: EntrantId(9),
        from_round: 2,
    });
    let after = t.schedule(&results).unwrap();
    let round1_after: Vec<_> = after
        .matches
        .iter()
        .filter(|m| m.round == 1)
        .cloned()
        .collect();
    assert_eq!(round1, round1_after, "round 1 is as it was");
    let in_round2 = after
        .matches
        .iter()
        .filter(|m| m.round == 2)
        .any(|m| m.sides.iter().any(|s| s.entrants().contains(&EntrantId(9))));
    assert!(in_round2, "the newcomer is drawn in round 2");
    play_out(&t, &mut results, better_seed_wins);
    let table = &t.standings(&results).unwrap().tables[0];
    let newcomer = table
        .rows
        .iter()
        .find(|r| r.entrant == EntrantId(9))
        .unwrap();
    assert_eq!(
        newcomer.played + newcomer.byes,
        3,
        "three rounds played (or a bye), none for round 1"
    );
}

#[test]
fn rotating_late_entrant_keeps_earlier_rounds() {
    let options = rotating::Options {
        rounds: 5,
        seed: 2024,
        tie_breaks: Vec::new(),
        sit_out: segnapunti_core::tournament::ByeScore::Nothing,
    };
    let entrants = ids(8);
    let plain = rotating::draw(&entrants, &[], &options).unwrap();
    let mut with_late = entrants.clone();
    with_late.extend([EntrantId(9), EntrantId(10), EntrantId(11), EntrantId(12)]);
    let late: Vec<LateEntry> = (9..=12)
        .map(|e| LateEntry {
            entrant: EntrantId(e),
            from_round: 3,
        })
        .collect();
    let draws = rotating::draw_late(&with_late, &[], &late, &options).unwrap();
    assert_eq!(&draws[..2], &plain[..2], "rounds 1 and 2 are as they were");
    for d in &draws[2..] {
        assert_eq!(d.tables.len(), 3, "twelve players from round 3");
    }
    // A late entry is refused by the fixed formats.
    let mut t = single(4, false);
    t.entrants.push(EntrantId(5));
    t.late_entries.push(LateEntry {
        entrant: EntrantId(5),
        from_round: 2,
    });
    assert_eq!(
        t.schedule(&Results::new()).unwrap_err(),
        TournamentError::LateEntryRefused
    );
}

/// A rotating night of 16 where entrant 5 leaves from round 3 and one newcomer joins
/// from round 3: nobody present loses by forfeit, the rounds before stay as drawn, and
/// the player who left is never drawn again.
#[test]
fn rotating_withdrawal_re_forms_later_rounds_and_punishes_nobody() {
    let options = rotating::Options {
        rounds: 6,
        seed: 35,
        tie_breaks: Vec::new(),
        sit_out: segnapunti_core::tournament::ByeScore::Nothing,
    };
    let mut t = Tournament::new(ids(16), Format::RotatingPartners(options));
    let before = t.schedule(&Results::new()).unwrap().matches;
    let gone = EntrantId(5);
    t.withdrawals.push(Withdrawal {
        entrant: gone,
        from_round: 3,
    });
    t.entrants.push(EntrantId(17));
    t.late_entries.push(LateEntry {
        entrant: EntrantId(17),
        from_round: 3,
    });
    let mut results = Results::new();
    // Round 2's table with the player who left is under way when they leave.
    let unfinished = before
        .iter()
        .find(|m| m.round == 2 && m.sides.iter().any(|s| s.entrants().contains(&gone)))
        .unwrap()
        .clone();
    results.insert(
        unfinished.key.clone(),
        Recorded::in_progress(unfinished.sides.clone()),
    );
    let after = t.schedule(&results).unwrap().matches;
    for m in &after {
        assert!(
            !matches!(
                m.status,
                Status::Walkover {
                    reason: WalkoverReason::Withdrawal,
                    ..
                }
            ),
            "{} is no forfeit against a present player",
            m.key
        );
        if m.round >= 3 {
            assert!(
                m.sides.iter().all(|s| !s.entrants().contains(&gone)),
                "{}: the player who left is not drawn again",
                m.key
            );
        }
    }
    let rounds_before: Vec<_> = before.iter().filter(|m| m.round < 3).collect();
    let kept: Vec<_> = after.iter().filter(|m| m.round < 3).collect();
    assert_eq!(rounds_before.len(), kept.len());
    for (b, a) in rounds_before.iter().zip(&kept) {
        assert_eq!(
            (&b.key, &b.sides),
            (&a.key, &a.sides),
            "rounds 1–2 unchanged"
        );
    }
    let in_round = |r: u32| after.iter().filter(move |m| m.round == r);
    assert_eq!(
        in_round(3).filter(|m| m.key.as_str().contains('T')).count(),
        4
    );
    assert!(
        in_round(3).any(|m| m
            .sides
            .iter()
            .any(|s| s.entrants().contains(&EntrantId(17)))),
        "the newcomer plays round 3 with the 15 who stayed"
    );
    // The organizer voids the table the player left: decided, nobody scores it.
    results.insert(
        unfinished.key.clone(),
        Recorded::voided(unfinished.sides.clone()),
    );
    let voided = t.schedule(&results).unwrap();
    let table = voided
        .matches
        .iter()
        .find(|m| m.key == unfinished.key)
        .unwrap();
    assert_eq!(table.status, Status::Void);
    let standings = t.standings(&results).unwrap();
    assert!(
        standings.tables[0]
            .rows
            .iter()
            .all(|r| r.score == Points::whole(0) && r.losses == 0),
        "a voided table scores nothing for anyone"
    );
}
