use super::simulate::{Breach, SplitMix, legal_play, simulate, simulate_deal};
use super::*;
use crate::rules::game::Message;
use crate::rules::test_support::{
    card, cards, play_out_tricks, refused_as, refused_matching, replayed_checking, seat,
};

mod ends;

fn two() -> Options {
    Options {
        players: 2,
        ..Options::default()
    }
}

/// Plays out four hands (by seat, each in the order the seat prefers), every seat
/// playing the first legal card of its hand; returns the tricks.
fn auto_play(
    hands: [Vec<Card>; 4],
    leader: Seat,
    trump_card: Option<Card>,
    knock: bool,
    declared_trump: Option<Suit>,
) -> Vec<Trick> {
    let trump = |number: u8| match trump_card {
        Some(card) => Some(card.suit),
        None if knock && number == 1 => None,
        None => declared_trump,
    };
    play_out_tricks(
        hands,
        leader,
        10,
        |number, hand, led| {
            let led = led.map(|card| card.suit);
            let legal = |card: &&Card| legal_play(hand, **card, led, trump(number));
            *hand.iter().find(legal).unwrap()
        },
        |number, played| winning_position(played, trump(number)),
    )
}

/// Dealer 0, four players: seat 1 holds the spades, seat 2 the batons, seat 3 the
/// cups, seat 0 the coins; the trump card is the 7 of swords, in seat 1's hand.
fn suited_hands() -> [Vec<Card>; 4] {
    [
        cards("1d 3d Rd Cd Fd 7d 6d 5d 4d 2d"),
        cards("1s 3s Rs Cs Fs 7s 6s 5s 4s 2s"),
        cards("1b 3b Rb Cb Fb 7b 6b 5b 4b 2b"),
        cards("1c 3c Rc Cc Fc 7c 6c 5c 4c 2c"),
    ]
}

/// A pair declared by `seat_index` in `suit`, with the points noted for it, if any.
fn declared(seat_index: u8, suit: Suit, points: Option<u32>) -> Declaration {
    Declaration {
        seat: seat(seat_index),
        suit,
        points,
    }
}

fn card_deal(cut: Cut, trump_card: Option<Card>, tricks: Vec<Trick>) -> DealEntry {
    DealEntry {
        tricks: Some(tricks),
        points: None,
        ..DealEntry::outcome(cut, trump_card, [0, 0])
    }
}

fn apply(state: &Trijumf, entry: &DealEntry) -> Result<Trijumf, RuleError> {
    state.apply(&Entry::Deal(entry.clone()))
}

#[test]
fn play_is_clockwise_the_dealers_left_leads_and_the_deal_passes_left() {
    // Each case: the options, the first dealer, the leader and the cutter that makes,
    // how the first deal is cut, and the dealer and the leader of the second deal.
    for (options, dealer, leader, cutter, cut, next_dealer, next_leader) in [
        (Options::default(), 3, 0, 2, Cut::Normal, 0, 1),
        (two(), 1, 0, 0, Cut::Knock, 0, 1),
    ] {
        let players = options.players;
        let state = Trijumf::new(options, seat(dealer));
        assert_eq!(state.leader(), seat(leader), "{players} players");
        assert_eq!(state.cutter(), seat(cutter), "{players} players");
        let state = apply(&state, &DealEntry::outcome(cut, Some(card("7d")), [65, 65])).unwrap();
        assert_eq!(state.dealer(), seat(next_dealer), "{players} players");
        assert_eq!(state.leader(), seat(next_leader), "{players} players");
        let summary = state.summary();
        assert_eq!(
            summary.common.leader,
            Some(seat(next_leader)),
            "{players} players"
        );
    }
}

#[test]
fn card_values_and_ranking_follow_briscola() {
    let pack: u32 = Deck::Italian40.cards().map(card_points).sum();
    assert_eq!(pack, 120);
    // 30 in each suit: `card::tests` (the points are Madrasso's too).
    let order = cards("2c 4c 5c 6c 7c Fc Cc Rc 3c 1c");
    for pair in order.windows(2) {
        assert!(strength(pair[0]) < strength(pair[1]), "{pair:?}");
    }
    assert_eq!(card_points(card("1s")), 11);
    assert_eq!(card_points(card("3s")), 10);
    assert_eq!(card_points(card("Rs")), 4);
    assert_eq!(card_points(card("Cs")), 3);
    assert_eq!(card_points(card("Fs")), 2);
    assert_eq!(card_points(card("7s")), 0);
}

#[test]
fn tricks_go_to_the_highest_trump_or_the_highest_of_the_suit_led() {
    let trump = Some(Suit::Denari);
    assert_eq!(winning_position(&cards("3s 1s 2d Rb"), trump), Some(2));
    assert_eq!(winning_position(&cards("3s 1s 2d 4d"), trump), Some(3));
    // A card of another suit cannot win, however high.
    assert_eq!(winning_position(&cards("2s 1b 1c 4s"), trump), Some(3));
    assert_eq!(winning_position(&cards("2s 1b 1c 4s"), None), Some(3));
}

#[test]
fn following_suit_then_trumping_then_anything() {
    let hand = "2s 5d Rb";
    // The hand, the card played from it, the suit led, the trumps, and whether it may.
    let cases = [
        // Suit led held: must follow.
        (hand, "2s", Suit::Spade, Some(Suit::Denari), true),
        (hand, "5d", Suit::Spade, Some(Suit::Denari), false),
        // No card of the suit led: must trump.
        (hand, "5d", Suit::Coppe, Some(Suit::Denari), true),
        (hand, "Rb", Suit::Coppe, Some(Suit::Denari), false),
        // Neither: anything.
        ("2s Rb", "Rb", Suit::Coppe, Some(Suit::Denari), true),
        // No obligation to beat.
        ("2s 1s", "2s", Suit::Spade, None, true),
    ];
    for (hand, played, led, trump, legal) in cases {
        assert_eq!(
            legal_play(&cards(hand), card(played), Some(led), trump),
            legal,
            "{played} from {hand}, {led:?} led"
        );
    }
}

#[test]
fn a_whole_deal_counts_130_with_the_last_trick_and_declarations_add() {
    let tricks = auto_play(suited_hands(), seat(1), Some(card("7s")), false, None);
    let mut entry = card_deal(Cut::Normal, Some(card("7s")), tricks);
    entry.declarations = vec![
        declared(1, Suit::Spade, Some(40)),
        declared(2, Suit::Bastoni, None),
        declared(3, Suit::Coppe, Some(20)),
        declared(0, Suit::Denari, None),
    ];
    let state = apply(&Trijumf::new(Options::default(), seat(0)), &entry).unwrap();
    let row = &state.sheet()[0];
    // Seat 1 holds all the trumps and takes every trick.
    assert_eq!(row.card_points, [0, 130]);
    assert_eq!(row.declarations, [40, 60]);
    assert_eq!(state.scores(), [40, 190]);
    assert_eq!(row.trump, Some(Suit::Spade));

    // The declaration value is checked.
    entry.declarations[1].points = Some(40);
    // Worded: `web/i18n/rule_words_tests.rs`.
    refused_matching!(
        apply(&Trijumf::new(Options::default(), seat(0)), &entry),
        RuleError::DeclarationPoints {
            expected: 20,
            recorded: 40,
            ..
        },
        "trijumf-declaration_points"
    );
}

#[test]
fn four_players_may_declare_every_pair_for_100() {
    // Seat 1 holds all kings and horses, the ace and 3 of swords; swords are trumps.
    let mut hands = [
        cards("1d 3d Fd 7d 6d 5d 4d 2d 1c 3c"),
        cards("1s 3s Rs Cs Rb Cb Rc Cc Rd Cd"),
        cards("1b 3b Fb 7b 6b 5b 4b 2b Fc 7c"),
        cards("Fs 7s 6s 5s 4s 2s 6c 5c 4c 2c"),
    ];
    hands[1].reverse();
    let tricks = auto_play(hands, seat(1), Some(card("1s")), false, None);
    let mut entry = card_deal(Cut::Flip, Some(card("1s")), tricks);
    entry.declarations = Suit::ALL
        .into_iter()
        .map(|suit| declared(1, suit, None))
        .collect();
    let state = apply(&Trijumf::new(Options::default(), seat(0)), &entry).unwrap();
    assert_eq!(state.sheet()[0].declarations, [0, 100]);
    let [a, b] = state.sheet()[0].card_points;
    assert_eq!(a + b, 130);

    // With two players only one pair per player.
    let mut entry = DealEntry::outcome(Cut::Normal, Some(card("7s")), [65, 65]);
    entry.declarations = vec![
        declared(0, Suit::Spade, None),
        declared(0, Suit::Coppe, None),
    ];
    let error = apply(&Trijumf::new(two(), seat(1)), &entry).unwrap_err();
    assert_eq!(
        error,
        RuleError::SecondDeclaration {
            deal: 1,
            seat: seat(0)
        }
    );
    // Both players may declare one each.
    entry.declarations[1].seat = seat(1);
    let state = apply(&Trijumf::new(two(), seat(1)), &entry).unwrap();
    assert_eq!(state.scores(), [65 + 40, 65 + 20]);
}

#[test]
fn after_a_four_player_knock_the_first_declared_pair_sets_trumps_from_trick_two() {
    // Seat 1 leads the spades; seat 2 declares batons first (40, trumps), seat 3
    // declares cups (20).
    let hands = suited_hands();
    let tricks = auto_play(hands, seat(1), None, true, Some(Suit::Bastoni));
    let mut entry = card_deal(Cut::Knock, None, tricks.clone());
    entry.declarations = vec![
        declared(2, Suit::Bastoni, Some(40)),
        declared(3, Suit::Coppe, Some(20)),
    ];
    let state = apply(&Trijumf::new(Options::default(), seat(0)), &entry).unwrap();
    let row = &state.sheet()[0];
    assert_eq!(row.trump, Some(Suit::Bastoni));
    assert_eq!(row.declarations, [40, 20]);
    // Trick 1 had no trumps: seat 1's ace of swords took it; trick 2 went to the
    // batons of seat 2, who played a trump on the swords.
    assert_eq!(tricks[1].leader, seat(1));
    assert_eq!(tricks[2].leader, seat(2));
    assert_eq!(row.card_points[0] + row.card_points[1], 130);

    // A trump card is refused after a knock with four, required otherwise.
    let mut wrong = entry.clone();
    wrong.trump_card = Some(card("7s"));
    assert!(matches!(
        apply(&Trijumf::new(Options::default(), seat(0)), &wrong),
        Err(RuleError::TrumpCardAfterKnock { .. })
    ));
    let missing = DealEntry::outcome(Cut::Flip, None, [65, 65]);
    let error = apply(&Trijumf::new(Options::default(), seat(0)), &missing).unwrap_err();
    assert_eq!(
        error,
        RuleError::TrumpCardMissing {
            deal: 1,
            cut: Cut::Flip
        }
    );
    // With two players a knock still turns the 21st card.
    assert!(apply(&Trijumf::new(two(), seat(0)), &missing).is_err());
    let knock_two = DealEntry::outcome(Cut::Knock, Some(card("2c")), [65, 65]);
    assert!(apply(&Trijumf::new(two(), seat(0)), &knock_two).is_ok());

    // Without a declaration a knocked deal has no trumps at all.
    let tricks = auto_play(suited_hands(), seat(1), None, true, None);
    let state = apply(
        &Trijumf::new(Options::default(), seat(0)),
        &card_deal(Cut::Knock, None, tricks),
    )
    .unwrap();
    assert_eq!(state.sheet()[0].trump, None);
    assert_eq!(state.sheet()[0].card_points, [0, 130]);
}

#[test]
fn two_players_draw_winner_first_and_the_loser_of_trick_ten_takes_the_trump_card() {
    let options = two();
    let mut rng = SplitMix::new(5);
    let state = Trijumf::new(options, seat(0));
    let mut checked = 0;
    for _ in 0..40 {
        let (entry, _) = simulate_deal(&mut rng, &state, Breach::Announced).unwrap();
        if entry.stock.is_none() || entry.claim.is_some() || entry.revoke.is_some() {
            continue;
        }
        checked += 1;
        apply(&state, &entry).unwrap();
        // The draws after trick 1 swapped: each card goes to the wrong player.
        let mut swapped = entry.clone();
        swapped.stock.as_mut().unwrap().swap(0, 1);
        let error = apply(&state, &swapped).unwrap_err();
        assert!(
            matches!(error, RuleError::CardDrawnByOther { drawn_after: 1, .. }),
            "{error:?}"
        );
        // The trump card played before it was drawn.
        let trump_card = entry.trump_card.unwrap();
        let tricks = entry.tricks.as_ref().unwrap();
        let mut early = entry.clone();
        let (t, p) = tricks
            .iter()
            .enumerate()
            .find_map(|(t, trick)| {
                trick
                    .cards
                    .iter()
                    .position(|c| *c == trump_card)
                    .map(|p| (t, p))
            })
            .unwrap();
        assert!(t >= 10, "the trump card is played after the drawing");
        early.tricks.as_mut().unwrap()[t].cards[p] = tricks[0].cards[0];
        early.tricks.as_mut().unwrap()[0].cards[0] = trump_card;
        assert!(apply(&state, &early).is_err());
        // The stock has 19 cards.
        let mut short = entry.clone();
        short.stock.as_mut().unwrap().pop();
        assert!(matches!(
            apply(&state, &short),
            Err(RuleError::StockSize {
                expected: 19,
                found: 18,
                ..
            })
        ));
    }
    assert!(checked > 10);
}

#[test]
fn declarations_are_checked_against_the_cards() {
    // The 2 of swords and the horse of batons change hands: seat 2 cannot have declared
    // batons.
    let mut hands = suited_hands();
    hands[1] = cards("1s 3s Rs Cb Fs 7s 6s 5s 4s 2s");
    hands[2] = cards("1b 3b Rb Cs Fb 7b 6b 5b 4b 2b");
    let tricks = auto_play(hands, seat(1), Some(card("7s")), false, None);
    let mut entry = card_deal(Cut::Normal, Some(card("7s")), tricks);
    entry.declarations = vec![declared(2, Suit::Bastoni, None)];
    let error = apply(&Trijumf::new(Options::default(), seat(0)), &entry).unwrap_err();
    assert!(
        matches!(error, RuleError::DeclaredCardPlayedByOther { card: c, by, .. } if c == card("Cb") && by == seat(1)),
        "{error:?}"
    );
    // Declarations follow the order of the first trick (seats 1, 2, 3, 0).
    let tricks = auto_play(suited_hands(), seat(1), Some(card("7s")), false, None);
    let mut entry = card_deal(Cut::Normal, Some(card("7s")), tricks);
    entry.declarations = vec![
        declared(3, Suit::Coppe, None),
        declared(2, Suit::Bastoni, None),
    ];
    assert!(matches!(
        apply(&Trijumf::new(Options::default(), seat(0)), &entry),
        Err(RuleError::DeclarationOrder { .. })
    ));
    // The trump card lies under the stock with two players: nobody declares with it.
    let mut entry = DealEntry::outcome(Cut::Normal, Some(card("Rs")), [65, 65]);
    entry.declarations = vec![declared(0, Suit::Spade, None)];
    assert!(matches!(
        apply(&Trijumf::new(two(), seat(1)), &entry),
        Err(RuleError::DeclaredTrumpCard { holder: None, .. })
    ));
    // Seats 2 and 3 do not exist with two players.
    entry.declarations[0].seat = seat(3);
    entry.trump_card = Some(card("2s"));
    assert!(matches!(
        apply(&Trijumf::new(two(), seat(1)), &entry),
        Err(RuleError::Table(TableError::SeatNotInGame {
            players: 2,
            ..
        }))
    ));
}

#[test]
fn a_duplicated_card_and_a_wrong_leader_are_refused() {
    let tricks = auto_play(suited_hands(), seat(1), Some(card("7s")), false, None);
    let state = Trijumf::new(Options::default(), seat(0));
    let mut twice = tricks.clone();
    twice[4].cards[2] = twice[3].cards[2];
    let error = apply(&state, &card_deal(Cut::Normal, Some(card("7s")), twice)).unwrap_err();
    assert!(matches!(
        error,
        RuleError::Table(TableError::CardAlreadyPlayed {
            trick: 5,
            first_trick: 4,
            ..
        })
    ));
    assert_eq!(
        error.msg().get("first_trick"),
        Some(&crate::lang::Arg::Number(4))
    );
    let mut led = tricks.clone();
    led[0].leader = seat(0);
    let error = apply(&state, &card_deal(Cut::Normal, Some(card("7s")), led)).unwrap_err();
    assert!(matches!(
        error,
        RuleError::Table(TableError::WrongLeader {
            because: LeadReason::DealersLeft { .. },
            ..
        })
    ));
    // The trump card of a four-player deal belongs to the dealer's left.
    let error = apply(&state, &card_deal(Cut::Normal, Some(card("1d")), tricks)).unwrap_err();
    assert!(
        matches!(error, RuleError::TrumpCardPlayedByOther { .. }),
        "{error:?}"
    );
}

#[test]
fn simulated_matches_replay_and_conserve_points() {
    for players in [2u8, 4] {
        for seed in 0..30 {
            let options = Options {
                players,
                ..Options::default()
            };
            let state = replayed_checking(&simulate(seed, options), |before, state, added| {
                let row = state.sheet().last().unwrap();
                assert_eq!(row.points, *added);
                if row.game_won.is_none() {
                    let before = before.scores();
                    assert_eq!(state.scores(), [before[0] + added[0], before[1] + added[1]]);
                }
                let [a, b] = row.card_points;
                if row.end == DealEnd::Played {
                    assert_eq!(a + b, 130, "seed {seed}");
                } else {
                    assert!(a + b <= 130);
                }
            });
            assert!(state.is_over());
        }
    }
}

#[test]
fn hidden_revokes_in_simulated_deals_are_found() {
    let mut found = 0;
    for players in [2u8, 4] {
        let options = Options {
            players,
            ..Options::default()
        };
        let state = Trijumf::new(options, seat(0));
        let mut rng = SplitMix::new(99);
        for _ in 0..60 {
            if let Some((entry, _)) = simulate_deal(&mut rng, &state, Breach::Hidden) {
                let error = apply(&state, &entry).unwrap_err();
                assert!(matches!(error, RuleError::Revoke { .. }), "{error:?}");
                found += 1;
            }
        }
    }
    assert!(found > 50);
}

#[test]
fn entries_read_and_write_json_with_a_type() {
    let json = r#"{"type": "deal", "cut": "knock", "declarations": [{"seat": 1, "suit": "c"}],
        "points": [60, 70]}"#;
    let entry: Entry = serde_json::from_str(json).unwrap();
    let Entry::Deal(deal) = &entry;
    assert_eq!(deal.cut, Cut::Knock);
    assert_eq!(deal.declarations[0].suit, Suit::Coppe);
    let back = serde_json::to_string(&entry).unwrap();
    assert_eq!(serde_json::from_str::<Entry>(&back).unwrap(), entry);
    assert!(back.starts_with(r#"{"type":"deal""#));
    assert!(
        serde_json::from_str::<Entry>(r#"{"type": "deal", "cut": "normal", "pionts": [1, 2]}"#)
            .is_err()
    );
    assert!(
        serde_json::from_str::<Entry>(
            r#"{"type": "deal", "cut": "knock", "declarations": [{"seat": 1, "suit": "x"}]}"#
        )
        .is_err()
    );
    let state = Trijumf::new(Options::default(), seat(0))
        .apply(&entry)
        .unwrap();
    let summary = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(summary["game"], "trijumf");
    assert_eq!(summary["scores"], serde_json::json!([60, 110]));
    assert_eq!(summary["sheet"][0]["trump"], "c");
    assert_eq!(summary["sheet"][0]["end"]["kind"], "played");
}

#[test]
fn a_refused_entry_leaves_the_state_untouched() {
    let mut state = Trijumf::new(Options::default(), seat(0));
    let before = state.clone();
    let entry = Entry::Deal(DealEntry::outcome(Cut::Normal, Some(card("7s")), [1, 1]));
    assert!(state.apply_in_place(&entry).is_err());
    assert_eq!(state, before);
}
