use super::simulate::simulate;
use super::*;
use crate::rules::game::Message;
use crate::rules::test_support::{card, refused_as, refused_matching, seat, trick};

mod cards;

fn bid(seat_index: u8, bid: Bid, trick: u8) -> BidCall {
    BidCall {
        seat: seat(seat_index),
        bid,
        trick: Some(trick),
    }
}

/// A bid recorded by outcome, without its trick.
fn outcome_bid(seat_index: u8, bid: Bid) -> BidCall {
    BidCall {
        seat: seat(seat_index),
        bid,
        trick: None,
    }
}

fn cards_round(tricks: Vec<Trick>) -> RoundEntry {
    RoundEntry {
        tricks: Some(tricks),
        ..RoundEntry::default()
    }
}

fn apply(state: &Vitou, entry: &RoundEntry) -> Result<Vitou, RuleError> {
    state.apply(&Entry::Round(entry.clone()))
}

/// Players 1 to 4 of the rules text sit at seats 0 to 3; player 4 deals.
fn text_table() -> Vitou {
    Vitou::new(Options::default(), seat(3))
}

fn at_score(options: Options, scores: [u32; 2]) -> Vitou {
    let mut state = Vitou::new(options, seat(3));
    state.progress.points = scores;
    state
}

#[test]
fn ranking_is_10_9_ace_king_queen_jack_8_7_suits_ignored() {
    let order = ["7s", "8c", "Fd", "Cb", "Rs", "1c", "9d", "10b"];
    for pair in order.windows(2) {
        assert!(
            strength(card(pair[0])) < strength(card(pair[1])),
            "{pair:?}"
        );
    }
    let cards = |codes: &str| codes.split_whitespace().map(card).collect::<Vec<_>>();
    assert_eq!(trick_winner(&cards("1s 10c 9d 7b")), Some(1));
    // Two cards of the highest rank tie the trick, whatever their suits.
    assert_eq!(trick_winner(&cards("9s 10c 9d 10b")), None);
    assert_eq!(trick_winner(&cards("9s 8c 9d 7b")), None);
    assert_eq!(trick_winner(&cards("9s 9c 10d 7b")), Some(2));
}

#[test]
fn the_tie_rules_of_the_text() {
    use Team::{A, B};
    // Two tricks of one side.
    assert_eq!(round_decision(&[Some(A), Some(A)]), Some(Some(A)));
    assert_eq!(round_decision(&[Some(A), Some(B)]), None);
    assert_eq!(round_decision(&[Some(A), Some(B), Some(B)]), Some(Some(B)));
    // First trick tied: the second decides.
    assert_eq!(round_decision(&[None]), None);
    assert_eq!(round_decision(&[None, Some(B)]), Some(Some(B)));
    // Second tied: the first's winner.
    assert_eq!(round_decision(&[Some(A), None]), Some(Some(A)));
    // Both tied: the third decides.
    assert_eq!(round_decision(&[None, None]), None);
    assert_eq!(round_decision(&[None, None, Some(A)]), Some(Some(A)));
    // Any trick tied: the first side to win a trick.
    assert_eq!(round_decision(&[Some(B), Some(A), None]), Some(Some(B)));
    // All three tied: nobody.
    assert_eq!(round_decision(&[None, None, None]), Some(None));
}

#[test]
fn the_forfeit_example_of_the_text() {
    // Trick 1, no bid, won by player 1. Trick 2: player 3 opens with 3; player 2 wins.
    // Trick 3: player 2 raises to 6, player 3 to 12, player 4 refuses: players 1 and 3
    // score 6.
    let mut entry = cards_round(vec![
        trick(0, "10s 7s 8s Fs"),
        trick(0, "7c 9c 8c Cc"),
        trick(1, "7d Rd"),
    ]);
    entry.bids = vec![
        bid(2, Bid::Three, 2),
        bid(1, Bid::Six, 3),
        bid(2, Bid::Twelve, 3),
    ];
    entry.refusal = Some(Refusal {
        seat: seat(3),
        trick: Some(3),
    });
    entry.points = Some(6);
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [6, 0]);
    assert_eq!(state.sheet()[0].end, RoundEnd::Refused { seat: seat(3) });
    assert_eq!(state.sheet()[0].bid, Some(Bid::Twelve));
    assert_eq!(state.dealer(), seat(0));

    // The same by outcome.
    let outcome = RoundEntry {
        bids: entry
            .bids
            .iter()
            .map(|call| BidCall {
                trick: None,
                ..*call
            })
            .collect(),
        refusal: Some(Refusal {
            seat: seat(3),
            trick: None,
        }),
        ..RoundEntry::default()
    };
    assert_eq!(apply(&text_table(), &outcome).unwrap().scores(), [6, 0]);

    // A wrong stake: 12 recorded for a refused 12.
    entry.points = Some(12);
    // Worded: `web/i18n/rule_words_tests.rs`.
    refused_as(
        apply(&text_table(), &entry),
        RuleError::StakeMismatch {
            round: 1,
            recorded: 12,
            expected: 6,
            bid: Some(Bid::Twelve),
            refused: true,
        },
        "vitou-stake_mismatch",
    );
}

#[test]
fn an_opening_bid_refused_gives_one_point() {
    // Player 1 opens with 3 and plays, player 2 refuses: players 1 and 3 score 1.
    let mut entry = cards_round(vec![trick(0, "9s")]);
    entry.bids = vec![bid(0, Bid::Three, 1)];
    entry.refusal = Some(Refusal {
        seat: seat(1),
        trick: Some(1),
    });
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [1, 0]);
    // Only the player right after the raiser may refuse.
    let mut late = cards_round(vec![trick(0, "9s 7c")]);
    late.bids = entry.bids.clone();
    late.refusal = Some(Refusal {
        seat: seat(2),
        trick: Some(1),
    });
    let error = apply(&text_table(), &late).unwrap_err();
    assert!(
        matches!(error, RuleError::RefusalOutOfTurn { .. }),
        "{error:?}"
    );
}

#[test]
fn a_bid_round_won_in_two_tricks_scores_the_bid() {
    // Players 1 and 3 win two tricks under a raise to 6.
    let mut entry = cards_round(vec![trick(0, "10s 7s 8s Fs"), trick(0, "9c Rc 7c 8c")]);
    entry.bids = vec![bid(1, Bid::Three, 1), bid(0, Bid::Six, 2)];
    entry.winner = Some(Team::A);
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [6, 0]);
    // Without a bid a round is worth 1.
    let state = apply(&text_table(), &cards_round(entry.tricks.clone().unwrap())).unwrap();
    assert_eq!(state.scores(), [1, 0]);
    // The third trick is not played once the round is decided.
    let mut extra = entry.tricks.clone().unwrap();
    extra.push(trick(0, "Cd 1d 7d 8d"));
    let error = apply(&text_table(), &cards_round(extra)).unwrap_err();
    assert!(matches!(
        error,
        RuleError::TrickAfterDecided {
            trick: 3,
            winner: Some(Team::A),
            ..
        }
    ));
    // The recorded winner is checked.
    entry.winner = Some(Team::B);
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::WinnerContradictsCards { .. })
    ));
}

#[test]
fn bids_go_3_6_12_baraque_by_the_other_side_and_never_by_the_last_player() {
    let tricks = vec![trick(0, "10s 7s 8s Fs"), trick(0, "9c Rc 7c 8c")];
    let mut entry = cards_round(tricks);
    // A jump.
    entry.bids = vec![bid(0, Bid::Three, 1), bid(1, Bid::Twelve, 1)];
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::BidOutOfOrder {
            expected: Some(Bid::Six),
            ..
        })
    ));
    // Raising one's partner.
    entry.bids = vec![bid(0, Bid::Three, 1), bid(2, Bid::Six, 1)];
    refused_matching!(
        apply(&text_table(), &entry),
        RuleError::RaiseOwnSide { .. },
        "vitou-raise_own_side"
    );
    // The last player to a trick.
    entry.bids = vec![bid(3, Bid::Three, 1)];
    refused_as(
        apply(&text_table(), &entry),
        RuleError::BidByLast {
            round: 1,
            seat: seat(3),
            bid: Bid::Three,
            trick: 1,
        },
        "vitou-bid_by_last",
    );
    // The first bid is always 3.
    entry.bids = vec![bid(0, Bid::Six, 1)];
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::BidOutOfOrder { .. })
    ));
    // In play order: a bid in trick 1 after one in trick 2.
    entry.bids = vec![bid(1, Bid::Three, 2), bid(0, Bid::Six, 1)];
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::BidsOutOfPlayOrder { .. })
    ));
    // The whole ladder, each by the other side, is fine: 3 (0), 6 (1), 12 (2), baraque (1).
    entry.bids = vec![
        bid(0, Bid::Three, 1),
        bid(1, Bid::Six, 1),
        bid(2, Bid::Twelve, 1),
        bid(1, Bid::Baraque, 2),
    ];
    let state = apply(&text_table(), &entry).unwrap();
    // Baraque accepted: the winners win the game.
    assert!(state.is_over());
    assert_eq!(state.winner(), Some(Team::A));
    assert!(state.games()[0].baraque);
    assert_eq!(state.games()[0].scores, [21, 0]);
}

#[test]
fn baraque_refused_gives_12() {
    let entry = RoundEntry {
        bids: vec![
            outcome_bid(0, Bid::Three),
            outcome_bid(1, Bid::Six),
            outcome_bid(0, Bid::Twelve),
            outcome_bid(1, Bid::Baraque),
        ],
        refusal: Some(Refusal {
            seat: seat(2),
            trick: None,
        }),
        ..RoundEntry::default()
    };
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [0, 12]);
    assert!(!state.is_over());
}

#[test]
fn ties_lead_again_and_decide_by_the_first_winner() {
    // Trick 1 tied (two 10s): player 1 leads again; player 2 wins trick 2 and the round.
    let entry = cards_round(vec![trick(0, "10s 10c 7s 8s"), trick(0, "7c 9c 8c Cc")]);
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [0, 1]);
    // After a tie the winner of the tie does not lead: there is none.
    let wrong = cards_round(vec![trick(0, "10s 10c 7s 8s"), trick(1, "9c 7c 8c Cc")]);
    let error = apply(&text_table(), &wrong).unwrap_err();
    assert_eq!(
        error,
        RuleError::Table(TableError::WrongLeader {
            place: RoundNumber { round: 1 },
            trick: 2,
            found: seat(1),
            expected: seat(0),
            because: LeadReason::Tied { trick: 1 }
        })
    );
    // Trick 1 won by A, trick 2 tied: A wins.
    let entry = cards_round(vec![trick(0, "10s 7s 8s Fs"), trick(0, "9c 9d 8c Cc")]);
    assert_eq!(apply(&text_table(), &entry).unwrap().scores(), [1, 0]);
    // A, B, then a tie: the first winner, A.
    let entry = cards_round(vec![
        trick(0, "10s 7s 8s Fs"),
        trick(0, "7c 9c 8c Cc"),
        trick(1, "1d 7d 1s 8d"),
    ]);
    assert_eq!(apply(&text_table(), &entry).unwrap().scores(), [1, 0]);
    // Three ties: nobody scores, even with a bid, and the next player deals.
    let mut entry = cards_round(vec![
        trick(0, "10s 10c 7s 8s"),
        trick(0, "9c 9d 8c Cc"),
        trick(0, "1d 7d 1s 8d"),
    ]);
    entry.bids = vec![bid(1, Bid::Three, 2)];
    entry.tied = true;
    let state = apply(&text_table(), &entry).unwrap();
    assert_eq!(state.scores(), [0, 0]);
    assert_eq!(state.sheet()[0].end, RoundEnd::Played { winner: None });
    assert_eq!(state.dealer(), seat(0));
    entry.tied = false;
    entry.winner = Some(Team::A);
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::WinnerContradictsCards { actual: None, .. })
    ));
    // Two ties do not decide.
    let error = apply(
        &text_table(),
        &cards_round(entry.tricks.unwrap()[..2].to_vec()),
    )
    .unwrap_err();
    assert!(matches!(error, RuleError::RoundUndecided { .. }));
}

#[test]
fn a_game_is_21_and_the_match_ends() {
    let options = Options {
        games_to_win: 2,
        ..Options::default()
    };
    let mut state = Vitou::new(options, seat(0));
    // 18-0, then a round of 6 (18 + 6 = 24) wins the game.
    for _ in 0..3 {
        let entry = RoundEntry {
            winner: Some(Team::A),
            bids: vec![outcome_bid(0, Bid::Three), outcome_bid(1, Bid::Six)],
            points: Some(6),
            ..RoundEntry::default()
        };
        state = apply(&state, &entry).unwrap();
    }
    assert_eq!(state.scores(), [18, 0]);
    let entry = RoundEntry {
        winner: Some(Team::A),
        bids: vec![outcome_bid(1, Bid::Three)],
        ..RoundEntry::default()
    };
    state = apply(&state, &entry).unwrap();
    assert_eq!(state.games_won(), [1, 0]);
    assert_eq!(state.scores(), [0, 0]);
    assert_eq!(state.games()[0].scores, [21, 0]);
    assert!(!state.is_over());
    assert_eq!(state.summary().game_number, 2);
}

#[test]
fn a_side_on_20_may_decline_and_bidding_closes() {
    let state = at_score(Options::default(), [20, 5]);
    assert_eq!(state.stage(), Stage::OnTwenty { team: Team::A });
    assert!(!state.summary().bidding);
    // No bidding.
    let mut entry = RoundEntry::won_by(Team::A);
    entry.bids = vec![outcome_bid(0, Bid::Three)];
    let error = apply(&state, &entry).unwrap_err();
    assert!(matches!(error, RuleError::BiddingClosed { .. }));
    assert_eq!(
        error,
        RuleError::BiddingClosed {
            round: 1,
            scores: [20, 5]
        }
    );
    // Declining gives the opponents 1.
    let declined = RoundEntry {
        declined: true,
        ..RoundEntry::default()
    };
    let after = apply(&state, &declined).unwrap();
    assert_eq!(after.scores(), [20, 6]);
    assert_eq!(
        after.sheet().last().unwrap().end,
        RoundEnd::Declined { team: Team::A }
    );
    // Playing and winning: 1 point and the game.
    let won = apply(&state, &RoundEntry::won_by(Team::A)).unwrap();
    assert!(won.is_over());
    assert_eq!(won.games()[0].scores, [21, 5]);
    // Playing and losing: the opponents score 3.
    let lost = apply(&state, &RoundEntry::won_by(Team::B)).unwrap();
    assert_eq!(lost.scores(), [20, 8]);
    let mut wrong = RoundEntry::won_by(Team::B);
    wrong.points = Some(1);
    assert!(matches!(
        apply(&state, &wrong),
        Err(RuleError::StakeMismatch { expected: 3, .. })
    ));
    // Losing at 18 wins the opponents the game.
    let state = at_score(Options::default(), [20, 18]);
    assert!(
        apply(&state, &RoundEntry::won_by(Team::B))
            .unwrap()
            .is_over()
    );
    // Declining is only for a side on 20.
    let state = at_score(Options::default(), [19, 5]);
    assert!(matches!(
        apply(&state, &declined),
        Err(RuleError::DeclineNotAllowed { .. })
    ));
    // Without the special rules, 20 is an ordinary score.
    let plain = Options {
        twenty_rules: false,
        ..Options::default()
    };
    let state = at_score(plain, [20, 5]);
    assert!(apply(&state, &entry).is_ok());
}

#[test]
fn at_20_20_everybody_may_pass_and_the_round_decides_the_game() {
    let state = at_score(Options::default(), [20, 20]);
    assert_eq!(state.stage(), Stage::BothOnTwenty);
    let passed = RoundEntry {
        all_passed: true,
        ..RoundEntry::default()
    };
    let after = apply(&state, &passed).unwrap();
    assert_eq!(after.scores(), [20, 20]);
    assert_eq!(after.dealer(), state.dealer().after(1));
    let won = apply(&state, &RoundEntry::won_by(Team::B)).unwrap();
    assert_eq!(won.winner(), Some(Team::B));
    // Declining is for one side on 20 only; passing at 20-20 only.
    let declined = RoundEntry {
        declined: true,
        ..RoundEntry::default()
    };
    assert!(apply(&state, &declined).is_err());
    assert!(matches!(
        apply(&at_score(Options::default(), [20, 3]), &passed),
        Err(RuleError::AllPassedNotAllowed { .. })
    ));
    let mut both = passed.clone();
    both.winner = Some(Team::A);
    assert_eq!(
        apply(&state, &both).unwrap_err(),
        RuleError::PlayWithoutRound { round: 1 }
    );
}

#[test]
fn two_players_use_seats_0_and_1() {
    let options = Options {
        players: 2,
        ..Options::default()
    };
    let state = Vitou::new(options, seat(1));
    assert_eq!(state.leader(), seat(0));
    // Only the leader may bid: the second player is the last to the trick.
    let mut entry = cards_round(vec![trick(0, "10s 7s"), trick(0, "9c 8c")]);
    entry.bids = vec![bid(0, Bid::Three, 1), bid(1, Bid::Six, 2)];
    assert!(matches!(
        apply(&state, &entry),
        Err(RuleError::BidByLast { .. })
    ));
    entry.bids = vec![bid(0, Bid::Three, 1)];
    let after = apply(&state, &entry).unwrap();
    assert_eq!(after.scores(), [3, 0]);
    assert_eq!(after.dealer(), seat(0));
    let mut wrong = entry.clone();
    wrong.tricks.as_mut().unwrap()[0] = trick(0, "10s 7s 8s Fs");
    assert!(matches!(
        apply(&state, &wrong),
        Err(RuleError::Table(TableError::WrongTrickSize {
            expected: 2,
            ..
        }))
    ));
    wrong.tricks = None;
    wrong.winner = Some(Team::B);
    wrong.bids = vec![outcome_bid(2, Bid::Three)];
    assert!(matches!(
        apply(&state, &wrong),
        Err(RuleError::Table(TableError::SeatNotInGame {
            players: 2,
            ..
        }))
    ));
}
