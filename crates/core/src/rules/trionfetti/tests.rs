use super::*;
use crate::rules::game::Message;
use crate::rules::play_error::PlayError;
use crate::rules::test_support::{
    card, refused_as, refused_matching, seat, trick, won_previous, wrong_leader,
};

fn at(smazzata: u32, hand: u8) -> Deal {
    Deal { smazzata, hand }
}

fn won_by(team: Team) -> Hand {
    Hand {
        winner: Some(team),
        ..Hand::default()
    }
}

fn cards_hand(tricks: Vec<Trick>) -> Hand {
    Hand {
        tricks: Some(tricks),
        ..Hand::default()
    }
}

/// Dealer 0, default order, the cut card is the king of coins.
fn card_level_match() -> Trionfetti {
    let mut state = Trionfetti::new(Options::default(), seat(0));
    state
        .apply_setup(&Setup {
            ranking: Ranking::default_order(),
            cut: card("Rd"),
            comanda: Some("tutto al tredici".into()),
        })
        .unwrap();
    state
}

fn play(state: &Trionfetti, hand: &Hand) -> Result<Trionfetti, RuleError> {
    state.apply(&Entry::Hand(hand.clone()))
}

#[test]
fn the_first_dealer_fixes_cutter_leader_and_next_dealer() {
    let state = Trionfetti::new(Options::default(), seat(3));
    assert_eq!(state.dealer(), seat(3));
    assert_eq!(state.cutter(), seat(2));
    assert_eq!(state.leader(), seat(0));
    assert_eq!(state.deal(), at(1, 1));
    assert_eq!(state.vagaresto_value(), 20);
    let summary = state.summary();
    assert_eq!(summary.common.dealer, Some(seat(3)));
    assert_eq!(summary.cutter, Some(seat(2)));
    assert_eq!(summary.common.leader, Some(seat(0)));
}

#[test]
fn four_hands_make_a_smazzata_and_the_deal_passes_right() {
    let mut state = Trionfetti::new(Options::default(), seat(3));
    for team in [Team::A, Team::B, Team::A, Team::A] {
        state = play(&state, &won_by(team)).unwrap();
    }
    assert_eq!(state.scores(), [3, 1]);
    assert_eq!(state.deal(), at(2, 1));
    assert_eq!(state.dealer(), seat(0));
    assert_eq!(state.cutter(), seat(3));
    let sheet = state.sheet();
    assert_eq!(sheet.len(), 2);
    assert_eq!(sheet[0].points, [3, 1]);
    assert_eq!(sheet[0].end, Some(SmazzataEnd::FourHands));
    assert_eq!(sheet[1].end, None);
}

#[test]
fn a_game_won_resets_points_and_passes_the_deal_mid_smazzata() {
    let options = Options {
        target_points: 3,
        games_to_win: 2,
    };
    let mut state = Trionfetti::new(options, seat(0));
    for _ in 0..3 {
        state = play(&state, &won_by(Team::B)).unwrap();
    }
    assert_eq!(state.scores(), [0, 0]);
    assert_eq!(state.games_won(), [0, 1]);
    assert_eq!(state.dealer(), seat(1));
    assert_eq!(state.deal(), at(2, 1));
    assert_eq!(state.sheet()[0].game_won, Some(Team::B));
    assert_eq!(state.sheet()[0].end, Some(SmazzataEnd::GameWon));
    assert_eq!(state.games()[0].scores, [0, 3]);
    for _ in 0..3 {
        state = play(&state, &won_by(Team::B)).unwrap();
    }
    assert!(state.is_over());
    assert_eq!(state.winner(), Some(Team::B));
    let summary = state.summary();
    assert!(summary.common.over);
    assert_eq!(summary.common.dealer, None);
    assert_eq!(summary.vagaresto_value, None);
    assert_eq!(summary.games.len(), 2);
    refused_as(
        play(&state, &won_by(Team::A)),
        RuleError::Play(PlayError::MatchOver {
            winner: Team::B,
            games_won: [0, 2],
        }),
        "play-match_over",
    );
}

#[test]
fn accepted_vagaresto_is_worth_what_the_leader_needs_and_ends_the_smazzata() {
    let mut state = Trionfetti::new(Options::default(), seat(0));
    for team in [Team::A, Team::B] {
        state = play(&state, &won_by(team)).unwrap();
    }
    // 1-1: worth 19.
    let mut hand = Hand {
        winner: Some(Team::B),
        tricks: None,
        vagaresto: Some(Vagaresto {
            caller: seat(0),
            answer: Answer::Accepted,
            trick: None,
            stake: Some(18),
        }),
    };
    let error = play(&state, &hand).unwrap_err();
    assert_eq!(
        error,
        RuleError::StakeMismatch {
            deal: at(1, 3),
            recorded: 18,
            expected: 19,
            scores: [1, 1]
        }
    );
    assert_eq!(
        error.msg().get("expected"),
        Some(&crate::lang::Arg::Number(19))
    );
    hand.vagaresto.as_mut().unwrap().stake = Some(19);
    let state = play(&state, &hand).unwrap();
    assert_eq!(state.scores(), [0, 0]);
    assert_eq!(state.games_won(), [0, 1]);
    assert_eq!(state.sheet()[0].points, [1, 20]);

    // Won by the trailing team: the game goes on, the smazzata ends.
    let mut state = Trionfetti::new(Options::default(), seat(0));
    for team in [Team::A, Team::A, Team::A] {
        state = play(&state, &won_by(team)).unwrap();
    }
    hand.vagaresto.as_mut().unwrap().stake = None;
    let state = play(&state, &hand).unwrap();
    assert_eq!(state.scores(), [3, 17]);
    assert_eq!(state.sheet()[0].end, Some(SmazzataEnd::Vagaresto));
    assert_eq!(state.deal(), at(2, 1));
}

#[test]
fn conceded_vagaresto_gives_one_point_to_the_caller_and_play_goes_on() {
    let state = Trionfetti::new(Options::default(), seat(0));
    let mut hand = Hand {
        winner: None,
        tricks: None,
        vagaresto: Some(Vagaresto {
            caller: seat(3),
            answer: Answer::Conceded,
            trick: Some(2),
            stake: Some(20),
        }),
    };
    let next = play(&state, &hand).unwrap();
    assert_eq!(next.scores(), [0, 1]);
    assert_eq!(next.deal(), at(1, 2));
    hand.winner = Some(Team::A);
    assert!(matches!(
        play(&state, &hand),
        Err(RuleError::WinnerContradictsConcession { .. })
    ));
    hand.vagaresto.as_mut().unwrap().trick = Some(4);
    assert!(matches!(
        play(&state, &hand),
        Err(RuleError::VagarestoTrickOutOfRange { trick: 4, .. })
    ));
    assert!(matches!(
        play(&state, &Hand::default()),
        Err(RuleError::WinnerMissing { .. })
    ));
}

#[test]
fn card_hands_are_decided_by_the_ranking() {
    let state = card_level_match();
    // Dealer 0: seat 1 leads. Seat 2 wins trick 1 with the king of swords.
    let hand = cards_hand(vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d 4b Cc 5s")]);
    let next = play(&state, &hand).unwrap();
    assert_eq!(next.scores(), [1, 0]);
    assert_eq!(next.summary().played.len(), 8);
    assert_eq!(next.summary().last_hand.unwrap().winner, Team::A);

    // The third trick may be recorded; it is checked but changes nothing.
    let mut longer = hand.clone();
    longer
        .tricks
        .as_mut()
        .unwrap()
        .push(trick(0, "Fd 1d 2d 4d"));
    assert_eq!(play(&state, &longer).unwrap().scores(), [1, 0]);

    let mut contradicted = hand.clone();
    contradicted.winner = Some(Team::B);
    let error = play(&state, &contradicted).unwrap_err();
    assert_eq!(
        error,
        RuleError::WinnerContradictsCards {
            deal: at(1, 1),
            recorded: Team::B,
            actual: Team::A,
            trick: 2,
            seat: seat(0),
            card: card("Cc"),
        }
    );
    assert_eq!(
        error.msg().get("card"),
        Some(&crate::lang::Arg::Msg(crate::rules::words::card_msg(card(
            "Cc"
        ))))
    );
}

#[test]
fn equal_cards_go_to_the_first_played() {
    let state = card_level_match();
    let hand = cards_hand(vec![trick(1, "Rs Rb Rc 2c"), trick(1, "Cs Cb Cc Cd")]);
    let next = play(&state, &hand).unwrap();
    assert_eq!(next.scores(), [0, 1]);
}

#[test]
fn the_wrong_leader_is_named_with_the_trick_that_decided_the_lead() {
    let state = card_level_match();
    let hand = cards_hand(vec![trick(1, "Cd Rs 1b 7d"), trick(3, "3d 4b Cc 5s")]);
    let error = play(&state, &hand).unwrap_err();
    assert_eq!(
        error,
        RuleError::Play(wrong_leader(at(1, 1), 2, 3, 2, won_previous(1, 2, "Rs")))
    );
    let first = cards_hand(vec![trick(0, "Cd Rs 1b 7d")]);
    assert!(matches!(
        play(&state, &first),
        Err(RuleError::Play(PlayError::WrongLeader {
            trick: 1,
            because: LeadReason::DealersRight { .. },
            ..
        }))
    ));
}

#[test]
fn cards_are_checked_against_the_deck() {
    let state = card_level_match();
    let twice = cards_hand(vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d 7d Cc 5s")]);
    refused_as(
        play(&state, &twice),
        RuleError::CardAlreadyPlayed {
            deal: at(1, 1),
            trick: 2,
            seat: seat(3),
            card: card("7d"),
            first_hand: 1,
            first_trick: 1,
        },
        "trionfetti-card_played_twice",
    );
    let cut = cards_hand(vec![trick(1, "7d Rd 1b 2c")]);
    assert!(matches!(
        play(&state, &cut),
        Err(RuleError::CutCardPlayed { seat, .. }) if seat == Seat::new(2).unwrap()
    ));
    let short = cards_hand(vec![trick(1, "7d Rs 1b")]);
    assert!(matches!(
        play(&state, &short),
        Err(RuleError::Play(PlayError::WrongTrickSize { found: 3, .. }))
    ));
    let undecided = cards_hand(vec![trick(1, "7d Rs 1b 2c")]);
    assert!(matches!(
        play(&state, &undecided),
        Err(RuleError::HandUndecided {
            tricks: 1,
            won: [1, 0],
            ..
        })
    ));

    // Across hands of the same smazzata too, and the place is named.
    let first = cards_hand(vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d 4b Cc 5s")]);
    let state = play(&state, &first).unwrap();
    let again = cards_hand(vec![trick(1, "6d 5s 1c 2d")]);
    refused_matching!(
        play(&state, &again),
        RuleError::CardAlreadyPlayed {
            first_hand: 1,
            first_trick: 2,
            ..
        },
        "trionfetti-card_already_played"
    );
}

#[test]
fn card_hands_need_the_smazzata_setup_and_the_setup_comes_first() {
    let state = Trionfetti::new(Options::default(), seat(0));
    let hand = cards_hand(vec![trick(1, "7d Rs 1b 2c")]);
    assert!(matches!(
        play(&state, &hand),
        Err(RuleError::CardsWithoutSetup { .. })
    ));
    let setup = Entry::Smazzata(Setup {
        ranking: Ranking::default_order(),
        cut: card("1d"),
        comanda: None,
    });
    let state = play(&state, &won_by(Team::A)).unwrap();
    assert!(matches!(
        state.apply(&setup),
        Err(RuleError::SetupAfterHands { .. })
    ));
    let state = card_level_match();
    assert!(matches!(
        state.apply(&setup),
        Err(RuleError::SetupTwice { smazzata: 1 })
    ));
}

#[test]
fn a_vagaresto_is_placed_at_the_callers_turn() {
    let state = card_level_match();
    let conceded = |caller: u8, tricks: Vec<Trick>| Hand {
        winner: None,
        tricks: Some(tricks),
        vagaresto: Some(Vagaresto {
            caller: seat(caller),
            answer: Answer::Conceded,
            trick: Some(2),
            stake: None,
        }),
    };
    // Trick 1 won by seat 2, who leads trick 2; seat 3 calls after one card.
    let ok = conceded(3, vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d")]);
    let next = play(&state, &ok).unwrap();
    assert_eq!(next.scores(), [0, 1]);
    let early = conceded(0, vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d")]);
    assert_eq!(
        play(&state, &early).unwrap_err(),
        RuleError::VagarestoOutOfTurn {
            deal: at(1, 1),
            trick: 2,
            caller: seat(0),
            expected: seat(3),
            played: 1,
        }
    );
    // Before the first card of trick 2, the trick may be left out.
    let leading = conceded(2, vec![trick(1, "7d Rs 1b 2c")]);
    assert_eq!(play(&state, &leading).unwrap().scores(), [1, 0]);
    let played_on = conceded(
        3,
        vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d"), trick(2, "4d")],
    );
    assert!(matches!(
        play(&state, &played_on),
        Err(RuleError::PlayedAfterConcession { trick: 3, .. })
    ));
    let mut no_trick = ok.clone();
    no_trick.vagaresto.as_mut().unwrap().trick = None;
    assert!(matches!(
        play(&state, &no_trick),
        Err(RuleError::VagarestoTrickMissing { .. })
    ));

    // An accepted vagaresto after the hand was decided cannot be.
    let late = Hand {
        winner: None,
        tricks: Some(vec![
            trick(1, "7d Rs 1b 2c"),
            trick(2, "3d 4b Cc 5s"),
            trick(0, "Fd 1d 2d 4d"),
        ]),
        vagaresto: Some(Vagaresto {
            caller: seat(0),
            answer: Answer::Accepted,
            trick: Some(3),
            stake: None,
        }),
    };
    assert!(matches!(
        play(&state, &late),
        Err(RuleError::VagarestoAfterDecided {
            trick: 3,
            decided: 2,
            ..
        })
    ));
    let mut in_time = late.clone();
    in_time.vagaresto.as_mut().unwrap().trick = Some(2);
    let next = play(&state, &in_time).unwrap();
    assert_eq!(next.scores(), [0, 0]);
    assert_eq!(next.games_won(), [1, 0]);
}

#[test]
fn a_refused_entry_leaves_the_state_untouched() {
    let mut state = card_level_match();
    state = play(&state, &won_by(Team::A)).unwrap();
    let before = state.clone();
    let bad = cards_hand(vec![trick(1, "7d Rs 1b 2c"), trick(2, "3d 4b Cc Rd")]);
    assert!(state.apply_in_place(&Entry::Hand(bad)).is_err());
    assert_eq!(state, before);
}

#[test]
fn four_full_card_hands_reveal_the_undealt_cards() {
    let mut state = card_level_match();
    let mut deck: Vec<Card> = Deck::Trevigiane52
        .cards()
        .filter(|card| card.code() != "Rd")
        .collect();
    // Give every trick a clear winner: the king in it (or the highest card).
    for _ in 0..4 {
        let mut tricks = Vec::new();
        let mut leader = state.leader();
        for _ in 0..3 {
            let cards: Vec<Card> = deck.drain(..4).collect();
            let position = winning_position(&cards, &Ranking::default_order()).unwrap();
            tricks.push(Trick { leader, cards });
            leader = leader.after(position);
        }
        state.apply_hand(cards_hand(tricks).view()).unwrap();
    }
    let row = &state.sheet()[0];
    assert_eq!(row.end, Some(SmazzataEnd::FourHands));
    assert_eq!(row.comanda.as_deref(), Some("tutto al tredici"));
    let mut undealt: Vec<Card> = deck;
    undealt.push(card("Rd"));
    undealt.sort();
    let mut recorded = row.undealt.clone().unwrap();
    recorded.sort();
    assert_eq!(recorded, undealt);
}
