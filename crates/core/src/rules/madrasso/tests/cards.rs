//! Deals recorded card by card: following suit, trumping, the exchange of the seven,
//! leaders, duplicates, cassone and declarations.

use super::*;
use crate::rules::play_error::Breach;
use crate::rules::test_support::{breach, play_out_tricks, refused_as, won_previous, wrong_leader};

#[test]
fn simulated_deals_card_by_card_score_130() {
    let mut state = Madrasso::new(Options::default(), seat(2));
    for seed in 0..8 {
        let entry = random_deal(&state, seed);
        state = play(&state, entry).unwrap();
        let row = state.sheet().last().unwrap();
        assert_eq!(row.points[0] + row.points[1], 130);
        assert_eq!(row.tricks.map(|[a, b]| a + b), Some(10));
    }
}

#[test]
fn recorded_points_are_checked_against_the_cards() {
    let state = Madrasso::new(Options::default(), seat(3));
    let mut entry = nine_tricks_of_ten();
    entry.team = Some(Team::B);
    entry.points = Some(130);
    assert!(play(&state, entry.clone()).is_ok());
    entry.points = Some(120);
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::PointsContradict {
            deal: at(1, 1),
            team: Team::B,
            recorded: 120,
            actual: 130
        }
    );
}

/// In trick 3 seat 1 follows the ace of swords with the 2 of swords; swapped with the
/// 1 of cups it plays in trick 4, it discards while holding a sword.
fn seat_one_revokes(tricks: &mut [Trick]) {
    tricks[2].cards[2] = card("1c");
    tricks[3].cards[2] = card("2s");
}

#[test]
fn following_suit_is_required_and_a_revoke_is_named() {
    let state = Madrasso::new(Options::default(), seat(3));
    // Worded: `web/i18n/rule_words_tests.rs`.
    refused_as(
        play(
            &state,
            nine_tricks_changed(|tricks| seat_one_revokes(tricks)),
        ),
        RuleError::Play(PlayError::Revoke {
            deal: at(1, 1),
            breach: breach(3, 1, ["1c", "1s", "2s"], 4),
        }),
        "madrasso-revoke",
    );
}

#[test]
fn no_need_to_beat_and_a_void_player_may_play_anything() {
    // Trick 1 of the nine-trick deal: seats 1 and 2 cannot follow coins and discard;
    // seat 3 holds trumps but discards the 5 of cups (not obliged to trump by default).
    let state = Madrasso::new(Options::default(), seat(3));
    assert!(play(&state, nine_tricks_of_ten()).is_ok());
    // Under the must-trump option the same discard is a cassone: seat 3 held swords.
    let must_trump = Options {
        must_trump: true,
        ..Options::default()
    };
    let state = Madrasso::new(must_trump, seat(3));
    let error = play(&state, nine_tricks_of_ten()).unwrap_err();
    assert_eq!(
        error,
        RuleError::MustTrump {
            deal: at(1, 1),
            breach: breach(1, 1, ["4c", "2d", "2s"], 3),
        }
    );
    // As data the breach's fields stand beside the deal, as they always have.
    assert_eq!(
        serde_json::to_string(&error).unwrap(),
        r#"{"MustTrump":{"deal":{"game":1,"deal":1},"trick":1,"seat":1,"card":"4c","led":"2d","held":"2s","held_played":3}}"#
    );
    // The cappotto deal breaks the option in its first trick the same way.
    let error = play(&state, cappotto_deal()).unwrap_err();
    assert!(matches!(
        error,
        RuleError::MustTrump {
            breach: Breach { trick: 1, .. },
            ..
        }
    ));
}

/// Plays a whole deal with the first legal card of each hand, in the order given.
fn play_out(dealer: u8, hands: [&str; 4], face_up: &str, options: Options) -> DealEntry {
    let face_up = card(face_up);
    let tricks = play_out_tricks(
        hands.map(cards),
        seat(dealer).right(),
        TRICKS,
        |_, hand, led| simulate::legal_cards(hand, led, face_up, options.must_trump)[0],
        |_, played| trick_winner(played, face_up.suit),
    );
    DealEntry {
        face_up: Some(face_up),
        tricks: Some(tricks),
        ..DealEntry::default()
    }
}

/// Seat 2 plays, in trick 1, a non-trump card it plays in a later trick instead, where
/// the trump goes; a later trick is chosen where that changes no trick's winner.
fn seat_two_discards_in_trick_one(entry: &DealEntry, trumps: Suit) -> (DealEntry, Card, Card) {
    let tricks = entry.tricks.as_ref().unwrap();
    let winner = |cards: &[Card]| trick_winner(cards, trumps).unwrap();
    let in_first = seat(2).turns_after(tricks[0].leader);
    let trump = tricks[0].cards[in_first];
    for later in 1..tricks.len() {
        let position = seat(2).turns_after(tricks[later].leader);
        let discard = tricks[later].cards[position];
        if discard.suit == trumps {
            continue;
        }
        let mut changed = entry.clone();
        let swapped = tricks_of(&mut changed);
        swapped[0].cards[in_first] = discard;
        swapped[later].cards[position] = trump;
        if winner(&swapped[0].cards) == winner(&tricks[0].cards)
            && winner(&swapped[later].cards) == winner(&tricks[later].cards)
        {
            return (changed, trump, discard);
        }
    }
    panic!("no swap keeps the winners");
}

#[test]
fn must_trump_applies_over_a_partners_winning_card_and_an_unbeatable_trump() {
    let options = Options {
        must_trump: true,
        ..Options::default()
    };
    let state = Madrasso::new(options, seat(3));
    // Each case: the hands (dealer 3, the king of swords face up) and the first trick
    // they make, in which seat 2 trumps as it must.
    let cases = [
        // Seat 0 leads the ace of cups; seat 1 has no cups and no trumps; seat 2, partner
        // of the winning ace, has no cups and must still trump with its only sword.
        (
            [
                "1c 3c Rc Cc Fc 7c 6c 5c 4c 2c",
                "1d 3d Rd Cd Fd 7d 6d 5d 4d 2d",
                "2s 1b 3b Rb Cb Fb 7b 6b 5b 4b",
                "1s 3s Rs Cs Fs 7s 6s 5s 4s 2b",
            ],
            "1c 1d 2s 1s",
        ),
        // Seat 1 trumps with the ace of swords; seat 2 cannot beat it and must trump anyway.
        (
            [
                "1c 3c Rc Cc Fc 7c 6c 5c 4c 2c",
                "1s 1d 3d Rd Cd Fd 7d 6d 5d 4d",
                "2s 1b 3b Rb Cb Fb 7b 6b 5b 4b",
                "3s Rs Cs Fs 7s 6s 5s 4s 2b 2d",
            ],
            "1c 1s 2s 3s",
        ),
    ];
    for (hands, first_trick) in cases {
        let entry = play_out(3, hands, "Rs", options);
        assert_eq!(tricks_of(&mut entry.clone())[0].cards, cards(first_trick));
        assert!(play(&state, entry.clone()).is_ok());
        let (broken, trump, discard) = seat_two_discards_in_trick_one(&entry, Suit::Spade);
        let error = play(&state, broken).unwrap_err();
        assert!(
            matches!(error, RuleError::MustTrump { breach: Breach { trick: 1, seat: s, card: c, held: h, .. }, .. }
                if s == seat(2) && c == discard && h == trump),
            "{error:?}"
        );
    }
}

#[test]
fn the_seven_of_trumps_may_be_exchanged_for_the_face_up_card_in_the_first_trick() {
    // Dealer 3, trumps swords by the face-up king. Seat 1 holds the 7 of swords in the
    // nine-trick hands if we swap it with seat 3's 2 of swords: seat 1 exchanges it for
    // the face-up king and plays the king later; the dealer then holds the 7.
    let state = Madrasso::new(Options::default(), seat(3));
    let base = nine_tricks_of_ten();
    let mut entry = base.clone();
    entry.exchange = Some(seat(1));
    {
        let tricks = tricks_of(&mut entry);
        // Trick 3: 1s 1d 2s 1b -> seat 1 follows with the king of swords instead.
        tricks[2].cards[2] = card("Rs");
        // Trick 5: the dealer led the king; now he leads the 2 of swords.
        tricks[4].cards[0] = card("2s");
    }
    let after = play(&state, entry.clone()).unwrap();
    assert_eq!(after.sheet()[0].points, [0, 130]);

    // Without the exchange the face-up card cannot be in another hand.
    let mut no_exchange = entry.clone();
    no_exchange.exchange = None;
    assert_eq!(
        play(&state, no_exchange).unwrap_err(),
        RuleError::FaceUpNotDealers {
            deal: at(1, 1),
            trick: 3,
            seat: seat(1),
            card: card("Rs"),
            dealer: seat(3)
        }
    );
    // After it, the 7 is the dealer's: the exchanger cannot play it.
    let mut exchanger_plays_seven = entry.clone();
    {
        let tricks = tricks_of(&mut exchanger_plays_seven);
        // Trick 8: 7s 7d 7c 7b, seat 3 leads the 7; give seat 1's 7 of cups to seat 3
        // and seat 3's 7 of swords to seat 1.
        tricks[7].cards[0] = card("7c");
        tricks[7].cards[2] = card("7s");
    }
    let error = play(&state, exchanger_plays_seven).unwrap_err();
    assert_eq!(
        error,
        RuleError::SevenWasExchanged {
            deal: at(1, 1),
            trick: 8,
            seat: seat(1),
            card: card("7s"),
            exchanger: seat(1),
            dealer: seat(3)
        }
    );
    // The dealer cannot exchange with himself, nor can the 7 itself be exchanged.
    let mut by_dealer = base.clone();
    by_dealer.exchange = Some(seat(3));
    assert_eq!(
        play(&state, by_dealer).unwrap_err(),
        RuleError::ExchangeByDealer {
            deal: at(1, 1),
            seat: seat(3)
        }
    );
    let mut of_seven = base.clone();
    of_seven.face_up = Some(card("7s"));
    of_seven.exchange = Some(seat(1));
    assert!(matches!(
        play(&state, of_seven).unwrap_err(),
        RuleError::ExchangeOfTheSeven { .. }
    ));
    // Only with the cards.
    let by_outcome = DealEntry {
        exchange: Some(seat(1)),
        ..scored(Team::A, 60)
    };
    assert_eq!(
        play(&state, by_outcome).unwrap_err(),
        RuleError::ExchangeWithoutCards { deal: at(1, 1) }
    );
}

#[test]
fn leaders_are_checked_first_trick_by_the_dealers_right_then_the_winner() {
    let state = Madrasso::new(Options::default(), seat(3));
    let entry = nine_tricks_changed(|tricks| tricks[0].leader = seat(1));
    let error = play(&state, entry).unwrap_err();
    assert_eq!(
        error,
        RuleError::Play(wrong_leader(
            at(1, 1),
            1,
            1,
            0,
            LeadReason::DealersRight { dealer: seat(3) }
        ))
    );
    let entry = nine_tricks_changed(|tricks| tricks[1].leader = seat(3));
    let error = play(&state, entry).unwrap_err();
    assert_eq!(
        error,
        RuleError::Play(wrong_leader(at(1, 1), 2, 3, 0, won_previous(1, 0, "2d")))
    );
}

#[test]
fn duplicated_cards_wrong_sizes_and_missing_tricks_are_refused() {
    let state = Madrasso::new(Options::default(), seat(3));
    let entry = nine_tricks_changed(|tricks| tricks[9].cards[3] = card("2d"));
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::Play(PlayError::CardPlayedTwice {
            deal: at(1, 1),
            trick: 10,
            seat: seat(2),
            card: card("2d"),
            first_trick: 1
        })
    );
    let entry = nine_tricks_changed(|tricks| {
        tricks[4].cards.pop();
    });
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::Play(PlayError::WrongTrickSize {
            trick: 5,
            found: 3,
            ..
        })
    ));
    let entry = nine_tricks_changed(|tricks| {
        tricks.pop();
    });
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::WrongTrickCount {
            found: 9,
            stops_early: false,
            ..
        }
    ));
    let entry = nine_tricks_changed(|tricks| tricks[9].cards[0] = card("10s"));
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::Play(PlayError::NotInDeck { trick: 10, .. })
    ));
    let mut entry = nine_tricks_of_ten();
    entry.face_up = None;
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::FaceUpMissing { deal: at(1, 1) }
    );
}

#[test]
fn a_cassone_card_by_card_names_the_trick_of_the_revoke() {
    let state = Madrasso::new(Options::default(), seat(3));
    // The revoke of the earlier test, recorded as the cassone it is; play stopped
    // after trick 4, when seat 1 played the sword it had denied.
    let mut entry = nine_tricks_changed(|tricks| {
        seat_one_revokes(tricks);
        tricks.truncate(4);
    });
    entry.cassone = Some(Cassone {
        seat: seat(1),
        trick: Some(3),
    });
    let after = play(&state, entry.clone()).unwrap();
    assert_eq!(after.totals(), [130, 0]);
    assert_eq!(after.sheet()[0].end, DealEnd::Cassone { seat: seat(1) });
    // Seat 0 led trick 2: no cassone there.
    let mut wrong_trick = entry.clone();
    wrong_trick.cassone = Some(Cassone {
        seat: seat(0),
        trick: Some(2),
    });
    assert_eq!(
        play(&state, wrong_trick).unwrap_err(),
        RuleError::CassoneFollowedSuit {
            deal: at(1, 1),
            trick: 2,
            seat: seat(0),
            card: card("4d")
        }
    );
    let mut no_trick = entry.clone();
    no_trick.cassone = Some(Cassone {
        seat: seat(1),
        trick: None,
    });
    assert_eq!(
        play(&state, no_trick).unwrap_err(),
        RuleError::CassoneTrickMissing { deal: at(1, 1) }
    );
    let mut beyond = entry;
    beyond.cassone = Some(Cassone {
        seat: seat(1),
        trick: Some(7),
    });
    assert!(matches!(
        play(&state, beyond).unwrap_err(),
        RuleError::CassoneNotReached {
            trick: 7,
            recorded: 4,
            ..
        }
    ));
}

#[test]
fn play_stops_at_the_cassone_in_the_middle_of_a_trick() {
    let state = Madrasso::new(Options::default(), seat(3));
    // Seat 1 discards the ace of cups to the ace of swords in trick 3 and play stops
    // there: seat 2 never plays to that trick.
    let mut entry = nine_tricks_changed(|tricks| {
        seat_one_revokes(tricks);
        tricks.truncate(3);
        tricks[2].cards.truncate(3);
    });
    entry.cassone = Some(Cassone {
        seat: seat(1),
        trick: Some(3),
    });
    let after = play(&state, entry.clone()).unwrap();
    assert_eq!(after.totals(), [130, 0]);
    assert_eq!(after.sheet()[0].end, DealEnd::Cassone { seat: seat(1) });
    assert_eq!(after.sheet()[0].tricks, Some([1, 1]));
    // Said to be seat 0's cassone, the 1 of cups of seat 1 comes after it.
    let mut after_it = entry.clone();
    after_it.cassone = Some(Cassone {
        seat: seat(0),
        trick: Some(3),
    });
    refused_as(
        play(&state, after_it),
        RuleError::PlayAfterCassone {
            deal: at(1, 1),
            trick: 3,
            seat: seat(0),
            card: card("1d"),
            after: card("1c"),
        },
        "madrasso-play_after_cassone",
    );
    // Without the offender's card nothing shows where play stopped.
    let mut missing = entry.clone();
    tricks_of(&mut missing)[2].cards.truncate(2);
    assert_eq!(
        play(&state, missing).unwrap_err(),
        RuleError::Play(PlayError::WrongTrickSize {
            deal: at(1, 1),
            trick: 3,
            found: 2
        })
    );
    // Only the trick of the cassone may stop short.
    let mut earlier = entry;
    earlier.cassone = Some(Cassone {
        seat: seat(1),
        trick: Some(2),
    });
    assert_eq!(
        play(&state, earlier).unwrap_err(),
        RuleError::Play(PlayError::WrongTrickSize {
            deal: at(1, 1),
            trick: 3,
            found: 3
        })
    );
}

#[test]
fn a_declaration_card_by_card_comes_from_the_winner_of_the_last_trick() {
    let state = Madrasso::new(Options::default(), seat(3));
    let state = play_all(state, (0..10).map(|_| scored(Team::B, 76)));
    assert_eq!(state.totals(), [540, 760]);
    assert_eq!(state.dealer(), seat(1));
    // Replay the nine-trick hands with the dealer at seat 1: rotate every seat by 2.
    let rotate = |entry: DealEntry| {
        let mut entry = entry;
        for trick in tricks_of(&mut entry) {
            trick.leader = trick.leader.after(2);
        }
        entry
    };
    let mut entry = rotate(nine_tricks_of_ten());
    // After trick 3 seat 1 (team B) has 11 + 11 + 11 = 33 points: 793, right.
    tricks_of(&mut entry).truncate(3);
    entry.declared = Some(seat(1));
    let won = play(&state, entry.clone()).unwrap();
    assert_eq!(won.winner(), Some(Team::B));
    assert_eq!(won.sheet()[10].points, [0, 33]);
    // Seat 0 did not win trick 3.
    entry.declared = Some(seat(0));
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::DeclarerDidNotWinTrick {
            deal: at(1, 11),
            seat: seat(0),
            trick: 3,
            winner: seat(1),
            card: card("1s")
        }
    );
    // Too early is too early card by card as well.
    let early = Madrasso::new(Options::default(), seat(1));
    let mut entry = rotate(nine_tricks_of_ten());
    tricks_of(&mut entry).truncate(3);
    entry.declared = Some(seat(1));
    assert!(matches!(
        play(&early, entry).unwrap_err(),
        RuleError::DeclarationTooEarly { .. }
    ));
}

#[test]
fn the_texts_example_trumps_coins_east_discards_and_south_wins_with_the_king() {
    // Seats in play order (anticlockwise): West 0, South 1, East 2, North 3.
    // West leads the ace, three and horse of coins; on the third East, out of trumps,
    // discards the jack of cups; each is West's trick.
    for codes in ["1d 2d 4d 5d", "3d 6d 7s 2s", "Cd 7d Fc 4s"] {
        assert_eq!(trick_winner(&cards(codes), Suit::Denari), Some(0));
    }
    // Later West leads a small trump, East discards the jack of cups and South wins
    // with the king of coins.
    assert_eq!(trick_winner(&cards("4d Rd Fc 5s"), Suit::Denari), Some(1));
    // The king of batons led by West to East's ace: East wins, then cashes the three.
    assert_eq!(trick_winner(&cards("Rb 2b 1b 4b"), Suit::Denari), Some(2));
}
