//! How games and matches are won: the targets, claims and the sweeps that win several
//! games at once.

use super::*;

#[test]
fn the_first_team_to_21_wins_and_both_over_means_the_higher() {
    let state = Tressette::new(Options::default(), seat(0));
    let state = play_all(state, [scored(Team::A, 6), scored(Team::A, 6)]);
    assert_eq!(state.totals(), [12, 10]);
    let state = play(&state, scored(Team::A, 9)).unwrap();
    assert_eq!(state.totals(), [21, 12]);
    first_game_won(&state, Team::A, GameEnd::Target);
    assert_eq!(state.summary().common.games_won, [1, 0]);

    let state = Tressette::new(Options::default(), seat(0));
    let state = play_all(state, [scored(Team::A, 6), scored(Team::A, 6)]);
    let state = play(&state, scored(Team::A, 5)).unwrap();
    assert_eq!(state.totals(), [17, 16]);
    // 22 to 21: both over, the higher wins.
    let higher = play(&state, scored(Team::A, 5)).unwrap();
    assert_eq!(higher.totals(), [22, 22]);
    assert!(!higher.is_over(), "equal totals play on");
    let higher = play(&state, scored(Team::A, 6)).unwrap();
    assert_eq!(higher.totals(), [23, 21]);
    first_game_won(&higher, Team::A, GameEnd::HigherTotal);
}

#[test]
fn longer_games_to_31_or_41_are_options() {
    for target in [31, 41] {
        let options = Options {
            target_points: target,
            ..Options::default()
        };
        // 13 a deal: the most cards give without a sweep, and a napoletana.
        let deal = |declarer: u8| DealEntry {
            declarations: vec![napoletana(declarer, Suit::Coppe)],
            ..scored(Team::A, 10)
        };
        let state = Tressette::new(options, seat(0));
        let state = play_all(state, [deal(0), deal(2)]);
        assert!(!state.is_over());
        let state = play(&state, deal(0)).unwrap();
        assert_eq!(state.is_over(), target == 31);
        if target == 41 {
            let state = play(&state, deal(2)).unwrap();
            assert_eq!(state.totals(), [52, 4]);
            assert!(state.is_over());
        }
    }
}

#[test]
fn a_claim_wins_if_right_whatever_the_opponents_have_and_loses_if_wrong() {
    let state = Tressette::new(Options::default(), seat(0));
    let state = play_all(state, [scored(Team::B, 10), scored(Team::B, 10)]);
    assert_eq!(state.totals(), [2, 20]);
    let claim = |by: u8, points: u32| DealEntry {
        claim: Some(seat(by)),
        points: Some(points),
        ..DealEntry::default()
    };
    // Team A claims at 2 + 10 + 9 = 21 even though B has 20.
    let mut entry = claim(0, 10);
    entry.declarations = vec![
        napoletana(2, Suit::Coppe),
        napoletana(0, Suit::Spade),
        Declaration::Three {
            seat: seat(0),
            rank: Honour::Two,
            missing: Suit::Coppe,
        },
    ];
    let right = play(&state, entry).unwrap();
    first_game_won(&right, Team::A, GameEnd::Claim);
    assert_eq!(
        right.sheet()[2].end,
        DealEnd::Claim {
            seat: seat(0),
            correct: true
        }
    );
    // Team B claims at 20: one short, so A wins.
    let wrong = play(&state, claim(3, 0)).unwrap();
    first_game_won(&wrong, Team::A, GameEnd::WrongClaim);
    assert_eq!(
        play(
            &state,
            DealEntry {
                claim: Some(seat(3)),
                ..DealEntry::default()
            }
        )
        .unwrap_err(),
        RuleError::ClaimPointsMissing {
            deal: at(1, 3),
            seat: seat(3)
        }
    );
    let mut mismatched = claim(3, 1);
    mismatched.team = Some(Team::A);
    assert!(matches!(
        play(&state, mismatched).unwrap_err(),
        RuleError::ClaimTeamMismatch { .. }
    ));
}

#[test]
fn a_claim_card_by_card_counts_the_tricks_taken_so_far() {
    let state = Tressette::new(Options::default(), seat(0));
    let state = play_all(state, [scored(Team::B, 9), scored(Team::B, 9)]);
    assert_eq!(state.totals(), [4, 18]);
    assert_eq!(state.dealer(), seat(2));
    // The stramazzo deal's first two tricks with the dealer at seat 2 (every seat moved
    // on by two, partners stay partners): team B has five thirds, 1 point.
    let mut entry = stramazzo_changed(|tricks| {
        for trick in tricks.iter_mut() {
            trick.leader = trick.leader.after(2);
        }
        tricks.truncate(2);
    });
    entry.claim = Some(seat(1));
    // 18 + 1 is short of 21: team A wins.
    let wrong = play(&state, entry.clone()).unwrap();
    assert_eq!(wrong.winner(), Some(Team::A));
    assert_eq!(wrong.sheet()[2].card_points, [0, 1]);
    assert_eq!(
        wrong.sheet()[2].end,
        DealEnd::Claim {
            seat: seat(1),
            correct: false
        }
    );
    // With seat 3's napoletana in cups, declared after the first trick: 22, right.
    entry.declarations = vec![napoletana(3, Suit::Coppe)];
    let right = play(&state, entry.clone()).unwrap();
    assert_eq!(right.winner(), Some(Team::B));
    assert_eq!(right.sheet()[2].points, [0, 4]);
    // Seat 1 does not hold those cups: seat 3 played the 3 in trick 1.
    entry.declarations = vec![napoletana(1, Suit::Coppe)];
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::DeclaredCardPlayedByOther { by, trick: 1, .. } if by == seat(3)
    ));
}

#[test]
fn cappotto_wins_two_games() {
    let state = match_to(10);
    let state = play(&state, cappotto_deal()).unwrap();
    assert_eq!(state.games_won(), [0, 2]);
    assert_eq!(
        state.sheet()[0].end,
        DealEnd::Sweep {
            sweep: Sweep::Cappotto,
            team: Team::B
        }
    );
    assert_eq!(state.sheet()[0].card_points, [0, 11]);
    assert_eq!(state.sheet()[0].games, 2);
    // A new game starts: totals back to 0, the deal passes on.
    assert_eq!(state.deal(), at(2, 1));
    assert_eq!(state.totals(), [0, 0]);
    assert_eq!(state.dealer(), seat(1));
}

#[test]
fn stramazzo_wins_three_games_though_the_opponents_took_the_last_trick() {
    let state = match_to(10);
    let after = play(&state, stramazzo_deal()).unwrap();
    assert_eq!(after.games_won(), [0, 3]);
    assert_eq!(after.sheet()[0].card_points, [1, 10]);
    assert_eq!(after.sheet()[0].tricks, Some([1, 9]));
    assert_eq!(after.games()[0].how, GameEnd::Stramazzo);
    // Recorded as something else, it is refused.
    let mut entry = stramazzo_deal();
    entry.sweep = Some(Sweep::Cappotto);
    entry.team = Some(Team::B);
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::SweepContradictsCards {
            deal: at(1, 1),
            recorded: Sweep::Cappotto,
            team: Team::B,
            actual: Some((Sweep::Stramazzo, Team::B))
        }
    );
}

#[test]
fn cappottone_wins_six_games_and_stramazzone_eight() {
    let state = match_to(20);
    let after = play(&state, cappottone_deal()).unwrap();
    assert_eq!(after.games_won(), [0, 6]);
    assert_eq!(after.games()[0].how, GameEnd::Cappottone);
    // Seat 1 keeps only two thirds (3c, 3d) and seat 3 takes everything else.
    let entry = stramazzo_changed(|tricks| {
        tricks[0].cards[1] = card("4b");
        tricks[2].cards[3] = card("3b");
        tricks[9].cards[3] = card("5b");
        tricks[8].cards[3] = card("6b");
        tricks[7].cards[3] = card("7b");
        tricks[6].cards[3] = card("Fb");
        tricks[5].cards[3] = card("Cb");
        tricks[4].cards[3] = card("Rb");
        tricks[3].cards[3] = card("1b");
    });
    let after = play(&state, entry).unwrap();
    assert_eq!(after.games_won(), [0, 8]);
    assert_eq!(after.games()[0].how, GameEnd::Stramazzone);
    assert_eq!(after.summary().common.games_won, [0, 8]);
    // By outcome, with the team.
    let by_outcome = DealEntry {
        sweep: Some(Sweep::Stramazzone),
        team: Some(Team::A),
        ..DealEntry::default()
    };
    let after = play(&state, by_outcome).unwrap();
    assert_eq!(after.games_won(), [8, 0]);
    assert_eq!(after.sheet()[0].card_points, [11, 0]);
    assert_eq!(
        play(
            &state,
            DealEntry {
                sweep: Some(Sweep::Cappotto),
                ..DealEntry::default()
            }
        )
        .unwrap_err(),
        RuleError::SweepTeamMissing { deal: at(1, 1) }
    );
}

#[test]
fn with_one_game_to_win_a_sweep_ends_the_match_counting_all_its_games() {
    let state = Tressette::new(Options::default(), seat(0));
    let after = play(&state, cappottone_deal()).unwrap();
    assert!(after.is_over());
    assert_eq!(after.winner(), Some(Team::B));
    assert_eq!(after.games_won(), [0, 6]);
    assert!(matches!(
        play(&after, scored(Team::A, 5)).unwrap_err(),
        RuleError::Play(PlayError::MatchOver { .. })
    ));
}
