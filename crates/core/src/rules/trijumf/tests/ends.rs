//! How deals and games end: revokes hidden and recorded, claims, the 401 target, and
//! the points an outcome keeps.

use super::*;

#[test]
fn a_hidden_revoke_is_found_and_named() {
    // Seat 2 gets the 2 of swords for the 2 of batons: it must answer the lead of swords.
    let mut hands = suited_hands();
    hands[1] = cards("1s 3s Rs Cs Fs 7s 6s 5s 4s 2b");
    hands[2] = cards("2s 1b 3b Rb Cb Fb 7b 6b 5b 4b");
    let mut tricks = auto_play(hands, seat(1), Some(card("7s")), false, None);
    assert_eq!(tricks[0].cards[1], card("2s"));
    let state = Trijumf::new(Options::default(), seat(0));
    assert!(
        apply(
            &state,
            &card_deal(Cut::Normal, Some(card("7s")), tricks.clone())
        )
        .is_ok()
    );
    // Seat 2 plays the ace of batons in trick 1 and the 2 of swords in trick 2.
    let other = tricks[1].cards[1];
    tricks[1].cards[1] = card("2s");
    tricks[0].cards[1] = other;
    refused_as(
        apply(&state, &card_deal(Cut::Normal, Some(card("7s")), tricks)),
        RuleError::Revoke {
            deal: 1,
            trick: 1,
            seat: seat(2),
            card: other,
            held: card("2s"),
            held_trick: 2,
            led: Suit::Spade,
            trump: Some(Suit::Spade),
        },
        "trijumf-revoke",
    );
}

#[test]
fn a_recorded_revoke_ends_the_deal_and_gives_the_opponents_130() {
    let state = Trijumf::new(Options::default(), seat(0));
    // By outcome.
    let mut entry = DealEntry::outcome(Cut::Normal, Some(card("7s")), [0, 0]);
    entry.points = None;
    entry.revoke = Some(Revoke {
        seat: seat(2),
        trick: None,
        held: None,
    });
    let after = apply(&state, &entry).unwrap();
    assert_eq!(after.scores(), [0, 130]);
    assert_eq!(after.sheet()[0].end, DealEnd::Revoke { seat: seat(2) });
    entry.points = Some([0, 130]);
    assert_eq!(
        apply(&state, &entry).unwrap_err(),
        RuleError::PointsWithRevoke { deal: 1 }
    );

    // Card by card: seat 1 leads the ace of swords, seat 2 discards a baton while
    // holding the king of coins, a trump.
    let tricks = vec![Trick {
        leader: seat(1),
        cards: cards("1s 1b"),
    }];
    let mut entry = card_deal(Cut::Normal, Some(card("7d")), tricks);
    entry.revoke = Some(Revoke {
        seat: seat(2),
        trick: Some(1),
        held: Some(card("Rd")),
    });
    let after = apply(&state, &entry).unwrap();
    assert_eq!(after.scores(), [0, 130]);
    // The card said to be held shows no breach if it is a trump and a trump was played.
    let mut legal = entry.clone();
    legal.tricks.as_mut().unwrap()[0].cards = cards("1s 2d");
    refused_matching!(
        apply(&state, &legal),
        RuleError::RevokeNotShown { .. },
        "trijumf-revoke_not_shown_holding"
    );
    // The breach is the last card recorded, by the seat named.
    let mut wrong = entry.clone();
    wrong.revoke.as_mut().unwrap().seat = seat(1);
    assert!(matches!(
        apply(&state, &wrong),
        Err(RuleError::RevokeWrongSeat { .. })
    ));
    wrong.revoke.as_mut().unwrap().trick = None;
    assert_eq!(
        apply(&state, &wrong).unwrap_err(),
        RuleError::RevokeTrickMissing { deal: 1 }
    );
}

#[test]
fn claims_win_or_lose_the_game_at_once() {
    let options = Options {
        games_to_win: 2,
        ..Options::default()
    };
    let mut state = Trijumf::new(options, seat(0));
    for _ in 0..3 {
        state = apply(
            &state,
            &DealEntry::outcome(Cut::Normal, Some(card("7s")), [100, 30]),
        )
        .unwrap();
    }
    assert_eq!(state.scores(), [300, 90]);
    // Side A has 300 and has taken 100 so far: 400 is one short, and side B wins.
    let mut entry = DealEntry::outcome(Cut::Flip, Some(card("2d")), [100, 20]);
    entry.claim = Some(Claim {
        seat: seat(2),
        correct: None,
    });
    let lost = apply(&state, &entry).unwrap();
    assert_eq!(lost.games_won(), [0, 1]);
    assert_eq!(
        lost.sheet()[3].end,
        DealEnd::Claim {
            seat: seat(2),
            correct: false
        }
    );
    assert_eq!(lost.scores(), [0, 0]);
    // One point more and side A wins, whatever side B has.
    entry.points = Some([101, 20]);
    entry.claim.as_mut().unwrap().correct = Some(true);
    let won = apply(&state, &entry).unwrap();
    assert_eq!(won.games_won(), [1, 0]);
    assert_eq!(won.games()[0].scores, [401, 110]);
    // Declarations count in the claim.
    entry.points = Some([81, 20]);
    entry.declarations = vec![declared(0, Suit::Coppe, None)];
    assert_eq!(apply(&state, &entry).unwrap().games_won(), [1, 0]);
    // A wrong verdict is refused.
    entry.points = Some([80, 20]);
    refused_matching!(
        apply(&state, &entry),
        RuleError::ClaimVerdict {
            total: 400,
            target: 401,
            ..
        },
        "trijumf-claim_verdict"
    );
    // At a claim the points may not exceed a whole deal.
    entry.points = Some([120, 20]);
    entry.claim.as_mut().unwrap().correct = None;
    assert!(matches!(
        apply(&state, &entry),
        Err(RuleError::PointsTooMany { most: 130, .. })
    ));
}

#[test]
fn the_game_ends_at_401_and_equal_totals_play_on() {
    let mut state = Trijumf::new(Options::default(), seat(0));
    for _ in 0..3 {
        state = apply(
            &state,
            &DealEntry::outcome(Cut::Normal, Some(card("7s")), [65, 65]),
        )
        .unwrap();
    }
    // Two more even deals: 325-325.
    let mut entry = DealEntry::outcome(Cut::Normal, Some(card("7s")), [65, 65]);
    for _ in 0..2 {
        state = apply(&state, &entry).unwrap();
    }
    assert_eq!(state.scores(), [325, 325]);
    entry.points = Some([80, 50]);
    entry.declarations = vec![declared(1, Suit::Bastoni, Some(20))];
    // 405-395: A wins.
    let won = apply(&state, &entry).unwrap();
    assert!(won.is_over());
    assert_eq!(won.winner(), Some(Team::A));
    let summary = won.summary();
    assert!(summary.common.over);
    assert_eq!(summary.common.dealer, None);
    assert_eq!(summary.games[0].scores, [405, 395]);
    assert!(matches!(
        apply(&won, &entry),
        Err(RuleError::Table(TableError::MatchOver { .. }))
    ));
    // 410-410: nobody yet.
    entry.points = Some([85, 45]);
    entry.declarations[0].suit = Suit::Spade;
    entry.declarations[0].points = Some(40);
    let level = apply(&state, &entry).unwrap();
    assert_eq!(level.scores(), [410, 410]);
    assert!(!level.is_over());
}

#[test]
fn outcome_points_are_conserved() {
    let state = Trijumf::new(Options::default(), seat(0));
    let error = apply(
        &state,
        &DealEntry::outcome(Cut::Normal, Some(card("7s")), [65, 64]),
    )
    .unwrap_err();
    assert_eq!(
        error,
        RuleError::PointsNotConserved {
            deal: 1,
            points: [65, 64],
            expected: 130
        }
    );
    assert_eq!(error.msg().get("sum"), Some(&crate::lang::Arg::Number(129)));
    let mut entry = DealEntry::outcome(Cut::Normal, Some(card("7s")), [0, 0]);
    entry.points = None;
    assert_eq!(
        apply(&state, &entry).unwrap_err(),
        RuleError::PointsMissing { deal: 1 }
    );
    assert!(matches!(
        apply(
            &state,
            &DealEntry::outcome(Cut::Normal, Some(card("9s")), [65, 65])
        ),
        Err(RuleError::CardNotInDeck { .. })
    ));
}
