use super::simulate::{self, SplitMix};
use super::*;
use crate::rules::play_error::PlayError;
use crate::rules::test_support::{
    breach, card, cards, play, play_all, play_out_tricks, refused_as, seat, trick, won_previous,
    wrong_leader,
};

mod games;

fn at(game: u32, deal: u32) -> Deal {
    Deal { game, deal }
}

/// The match is won by `team`, and its first game ended the way `how` says.
#[track_caller]
fn first_game_won(state: &Tressette, team: Team, how: GameEnd) {
    assert_eq!(state.winner(), Some(team));
    assert_eq!(state.games()[0].how, how);
}

fn scored(team: Team, points: u32) -> DealEntry {
    DealEntry {
        team: Some(team),
        points: Some(points),
        ..DealEntry::default()
    }
}

/// A match of `games` games to win, seat 0 dealing first.
fn match_to(games: u32) -> Tressette {
    let options = Options {
        games_to_win: games,
        ..Options::default()
    };
    Tressette::new(options, seat(0))
}

/// The napoletana (ace, 2 and 3) of `suit`, declared by seat `seat_index`.
fn napoletana(seat_index: u8, suit: Suit) -> Declaration {
    Declaration::Napoletana {
        seat: seat(seat_index),
        suit,
    }
}

fn tricks_of(entry: &mut DealEntry) -> &mut Vec<Trick> {
    entry.tricks.as_mut().unwrap()
}

/// The stramazzo deal with its tricks changed by `change`.
fn stramazzo_changed(change: impl FnOnce(&mut Vec<Trick>)) -> DealEntry {
    let mut entry = stramazzo_deal();
    change(tricks_of(&mut entry));
    entry
}

/// Plays a whole deal with the first legal card of each hand, in the order given.
fn play_out(dealer: u8, hands: [&str; 4]) -> DealEntry {
    let tricks = play_out_tricks(
        hands.map(cards),
        seat(dealer).right(),
        TRICKS,
        |_, hand, led| simulate::legal_cards(hand, led)[0],
        |_, played| trick_winner(played),
    );
    DealEntry {
        tricks: Some(tricks),
        ..DealEntry::default()
    }
}

/// Dealer 0. Team B takes every card point; team A takes only the last trick, with
/// four worthless cards. Seat 1 has 3 thirds, seat 3 the other 29.
fn stramazzo_deal() -> DealEntry {
    DealEntry {
        tricks: Some(vec![
            trick(1, "3c 3b 4c 3d"),
            trick(1, "4s 2b 3s 5s"),
            trick(3, "2s 2d 2c 1b"),
            trick(3, "1s 1d 1c Rb"),
            trick(3, "Rs Rd Rc Cb"),
            trick(3, "Cs Cd Cc Fb"),
            trick(3, "Fs Fd Fc 7b"),
            trick(3, "7s 7d 7c 6b"),
            trick(3, "6s 6d 6c 5b"),
            trick(3, "4d 5d 5c 4b"),
        ]),
        ..DealEntry::default()
    }
}

/// Dealer 0. Seat 1 holds all the cups and takes every trick.
fn cappottone_deal() -> DealEntry {
    play_out(
        0,
        [
            "3d 2d 1d Rd Cd Fd 7d 6d 5d 4d",
            "3c 2c 1c Rc Cc Fc 7c 6c 5c 4c",
            "3b 2b 1b Rb Cb Fb 7b 6b 5b 4b",
            "3s 2s 1s Rs Cs Fs 7s 6s 5s 4s",
        ],
    )
}

/// Dealer 0. Seat 1 takes nine tricks with its cups, seat 3 the last with a sword.
fn cappotto_deal() -> DealEntry {
    play_out(
        0,
        [
            "3d 2d 1d Rd Cd Fd 7d 6d 5d 4d",
            "3c 2c 1c Rc Cc Fc 7c 6c 5c 4s",
            "3b 2b 1b Rb Cb Fb 7b 6b 5b 4b",
            "4c 3s 2s 1s Rs Cs Fs 7s 6s 5s",
        ],
    )
}

fn random_deal(state: &Tressette, seed: u64) -> DealEntry {
    let mut rng = SplitMix::new(seed);
    loop {
        let (mut entry, _) = simulate::play_deal(&mut rng, state);
        if entry.claim.is_none() {
            entry.team = None;
            entry.points = None;
            return entry;
        }
    }
}

#[test]
fn ranks_and_values_follow_the_text() {
    let strengths: Vec<u8> = cards("3d 2d 1d Rd Cd Fd 7d 6d 5d 4d")
        .iter()
        .map(|card| rank_strength(card.rank))
        .collect();
    assert!(strengths.windows(2).all(|pair| pair[0] > pair[1]));
    let thirds: Vec<u32> = cards("1c 3c 2c Rc Cc Fc 7c 6c 5c 4c")
        .into_iter()
        .map(card_thirds)
        .collect();
    assert_eq!(thirds, [3, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    // Eleven and two thirds with the last trick; the thirds dropped make every deal 11.
    let total: u32 = Deck::Italian40.cards().map(card_thirds).sum();
    assert_eq!(total, CARD_THIRDS);
    assert_eq!(CARD_THIRDS + 3, 35);
    for team_a in 0..=35 {
        assert_eq!(team_a / 3 + (35 - team_a) / 3, DEAL_POINTS);
    }
}

#[test]
fn no_trumps_the_highest_card_of_the_suit_led_wins() {
    assert_eq!(trick_winner(&cards("4c 3s 5c 1d")), Some(2));
    assert_eq!(trick_winner(&cards("Rc 2c 3c 1c")), Some(2));
    assert_eq!(trick_winner(&cards("1b 2b Rb 3d")), Some(1));
}

#[test]
fn a_deal_by_outcome_scores_eleven_and_the_deal_passes_right() {
    let state = Tressette::new(Options::default(), seat(2));
    assert_eq!(state.leader(), seat(3));
    let state = play(&state, scored(Team::A, 7)).unwrap();
    assert_eq!(state.totals(), [7, 4]);
    assert_eq!(state.dealer(), seat(3));
    assert_eq!(state.leader(), seat(0));
    assert_eq!(state.deal(), at(1, 2));
    assert_eq!(
        play(&state, scored(Team::A, 12)).unwrap_err(),
        RuleError::PointsOutOfRange {
            deal: at(1, 2),
            points: 12
        }
    );
    assert_eq!(
        play(&state, DealEntry::default()).unwrap_err(),
        RuleError::PointsMissing { deal: at(1, 2) }
    );
}

/// A team ends a deal without a whole point only when the other took every trick
/// (cappotto) or every card point but not every trick (stramazzo: the last trick's
/// point does not count then). So 11 to 0 by outcome is a sweep or nothing.
#[test]
fn eleven_to_nothing_by_outcome_is_refused_unless_recorded_as_a_sweep() {
    let state = play(
        &Tressette::new(Options::default(), seat(0)),
        scored(Team::B, 6),
    )
    .unwrap();
    for (team, points) in [(Team::A, 11), (Team::B, 11), (Team::A, 0), (Team::B, 0)] {
        let swept = if points == 0 { team.other() } else { team };
        // Worded: `web/i18n/rule_words_tests.rs`.
        refused_as(
            play(&state, scored(team, points)),
            RuleError::ElevenWithoutSweep {
                deal: at(1, 2),
                team: swept,
            },
            "tressette-eleven_without_sweep",
        );
    }
    // Ten is the most without a sweep: the other team has at least one point.
    assert_eq!(play(&state, scored(Team::A, 10)).unwrap().totals(), [15, 7]);
    assert_eq!(play(&state, scored(Team::A, 1)).unwrap().totals(), [6, 16]);
    // With the sweep named, the same points are the sweep's.
    let swept = play(
        &state,
        DealEntry {
            sweep: Some(Sweep::Cappotto),
            ..scored(Team::A, 11)
        },
    )
    .unwrap();
    assert_eq!(swept.games_won(), [2, 0]);
    // A claim stops the play: the claimers' points so far may be anything up to 11.
    for points in [0, 11] {
        let claim = DealEntry {
            claim: Some(seat(1)),
            points: Some(points),
            ..DealEntry::default()
        };
        assert!(play(&state, claim).is_ok(), "a claim with {points}");
    }
}

#[test]
fn declarations_score_for_the_declarers_team_napoletana_and_four_twos_make_seven() {
    let state = Tressette::new(Options::default(), seat(0));
    let entry = DealEntry {
        declarations: vec![
            napoletana(1, Suit::Coppe),
            Declaration::Four {
                seat: seat(1),
                rank: Honour::Two,
            },
            Declaration::Three {
                seat: seat(2),
                rank: Honour::Three,
                missing: Suit::Coppe,
            },
        ],
        ..scored(Team::A, 6)
    };
    let state = play(&state, entry).unwrap();
    let row = &state.sheet()[0];
    assert_eq!(row.card_points, [6, 5]);
    assert_eq!(row.declared, [3, 7]);
    assert_eq!(row.points, [9, 12]);
    assert_eq!(state.totals(), [9, 12]);
}

#[test]
fn declarations_that_cannot_all_be_true_are_refused() {
    let state = Tressette::new(Options::default(), seat(0));
    let with = |declarations: Vec<Declaration>| DealEntry {
        declarations,
        ..scored(Team::A, 6)
    };
    let four_threes = Declaration::Four {
        seat: seat(0),
        rank: Honour::Three,
    };
    let three_threes = Declaration::Three {
        seat: seat(0),
        rank: Honour::Three,
        missing: Suit::Spade,
    };
    let cups = napoletana(1, Suit::Coppe);
    assert_eq!(
        play(&state, with(vec![four_threes, four_threes])).unwrap_err(),
        RuleError::DeclarationRepeated {
            deal: at(1, 1),
            declaration: four_threes
        }
    );
    assert!(matches!(
        play(&state, with(vec![four_threes, three_threes])).unwrap_err(),
        RuleError::DeclarationsOverlap { .. }
    ));
    refused_as(
        play(&state, with(vec![four_threes, cups])),
        RuleError::CardDeclaredTwice {
            deal: at(1, 1),
            card: card("3c"),
            first: seat(0),
            second: seat(1),
        },
        "tressette-card_declared_twice",
    );
    let missing_spade_but_napoletana = vec![three_threes, napoletana(0, Suit::Spade)];
    assert!(matches!(
        play(&state, with(missing_spade_but_napoletana)).unwrap_err(),
        RuleError::DeclarationsContradict { .. }
    ));
    let twelve_cards = vec![
        four_threes,
        Declaration::Four {
            seat: seat(0),
            rank: Honour::Two,
        },
        Declaration::Four {
            seat: seat(0),
            rank: Honour::Ace,
        },
    ];
    assert_eq!(
        play(&state, with(twelve_cards)).unwrap_err(),
        RuleError::TooManyDeclaredCards {
            deal: at(1, 1),
            seat: seat(0),
            cards: 12
        }
    );
}

#[test]
fn card_by_card_declarations_are_checked_against_the_hand_dealt() {
    let state = Tressette::new(Options::default(), seat(0));
    // Each seat of the stramazzo deal holds the 3, 2 and ace of its long suit; seat 1
    // played its 3 of cups in the first trick, which does not matter.
    let mut entry = stramazzo_deal();
    entry.declarations = Suit::ALL
        .into_iter()
        .zip([seat(3), seat(2), seat(1), seat(0)])
        .map(|(suit, seat)| Declaration::Napoletana { seat, suit })
        .collect();
    let after = play(&state, entry.clone()).unwrap();
    assert_eq!(after.sheet()[0].declared, [6, 6]);
    // Seat 0 did not hold the napoletana in cups: seat 1 played the ace (and the 3).
    entry.declarations = vec![napoletana(0, Suit::Coppe)];
    assert_eq!(
        play(&state, entry.clone()).unwrap_err(),
        RuleError::DeclaredCardPlayedByOther {
            deal: at(1, 1),
            declaration: napoletana(0, Suit::Coppe),
            card: card("1c"),
            by: seat(1),
            trick: 4
        }
    );
    // A three of a kind must name the suit really missing.
    let mut rng = SplitMix::new(1);
    let (four, mut entry) = loop {
        let (entry, _) = simulate::play_deal(&mut rng, &state);
        if entry.claim.is_some() {
            continue;
        }
        if let Some(four) = entry
            .declarations
            .iter()
            .find(|declaration| matches!(declaration, Declaration::Four { .. }))
        {
            break (*four, entry);
        }
    };
    let Declaration::Four { seat: by, rank } = four else {
        unreachable!()
    };
    for declaration in entry.declarations.iter_mut() {
        if *declaration == four {
            *declaration = Declaration::Three {
                seat: by,
                rank,
                missing: Suit::Denari,
            };
        }
    }
    entry.declarations.retain(|declaration| {
        matches!(declaration, Declaration::Three { seat, .. } if *seat == by)
            && declaration.honour() == Some(rank)
    });
    entry.team = None;
    entry.points = None;
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::MissingCardHeld { card: c, .. } if c == Card::new(rank.rank(), Suit::Denari)
    ));
}

#[test]
fn declarations_come_at_the_end_of_the_first_trick() {
    let state = Tressette::new(Options::default(), seat(0));
    let entry = DealEntry {
        claim: Some(seat(1)),
        tricks: Some(Vec::new()),
        declarations: vec![napoletana(1, Suit::Coppe)],
        ..DealEntry::default()
    };
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::DeclarationsBeforeFirstTrick { deal: at(1, 1) }
    );
}

#[test]
fn simulated_deals_score_eleven_plus_declarations() {
    let mut state = Tressette::new(
        Options {
            target_points: 1000,
            games_to_win: 1000,
        },
        seat(1),
    );
    for seed in 0..10 {
        let entry = random_deal(&state, seed);
        state = play(&state, entry).unwrap();
        let row = state.sheet().last().unwrap();
        assert_eq!(row.card_points[0] + row.card_points[1], 11);
        assert_eq!(
            row.points[0] + row.points[1],
            11 + row.declared[0] + row.declared[1]
        );
    }
}

#[test]
fn revokes_duplicates_and_wrong_leaders_are_refused() {
    let state = Tressette::new(Options::default(), seat(0));
    // Seat 0 follows the sword led in trick 2 with the 5; swap it with the 2 of coins
    // it discards in trick 3.
    let entry = stramazzo_changed(|tricks| {
        tricks[1].cards[3] = card("2d");
        tricks[2].cards[1] = card("5s");
    });
    let error = refused_as(
        play(&state, entry),
        RuleError::Play(PlayError::Revoke {
            deal: at(1, 1),
            breach: breach(2, 0, ["2d", "4s", "5s"], 3),
        }),
        "tressette-revoke",
    );
    // As data the revoke reads as it did when it was Tressette's own variant.
    assert_eq!(
        serde_json::to_string(&error).unwrap(),
        r#"{"Revoke":{"deal":{"game":1,"deal":1},"trick":2,"seat":0,"card":"2d","led":"4s","held":"5s","held_played":3}}"#
    );
    let entry = stramazzo_changed(|tricks| tricks[9].cards[0] = card("4c"));
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::Play(PlayError::CardPlayedTwice {
            trick: 10,
            first_trick: 1,
            ..
        })
    ));
    let entry = stramazzo_changed(|tricks| tricks[2].leader = seat(1));
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::Play(wrong_leader(at(1, 1), 3, 1, 3, won_previous(2, 3, "3s")))
    );
    let entry = stramazzo_changed(|tricks| {
        tricks.pop();
    });
    assert!(matches!(
        play(&state, entry).unwrap_err(),
        RuleError::WrongTrickCount { found: 9, .. }
    ));
}

#[test]
fn recorded_points_are_checked_against_the_cards() {
    let state = Tressette::new(Options::default(), seat(0));
    let mut entry = stramazzo_deal();
    entry.team = Some(Team::A);
    entry.points = Some(1);
    assert!(play(&state, entry.clone()).is_ok());
    entry.points = Some(2);
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::PointsContradict {
            deal: at(1, 1),
            team: Team::A,
            recorded: 2,
            actual: 1
        }
    );
}

#[test]
fn a_refused_entry_leaves_the_state_untouched() {
    let mut state = Tressette::new(Options::default(), seat(0));
    state
        .apply_in_place(&Entry::Deal(scored(Team::A, 4)))
        .unwrap();
    let before = state.clone();
    assert!(
        state
            .apply_in_place(&Entry::Deal(scored(Team::A, 40)))
            .is_err()
    );
    assert_eq!(state, before);
}

#[test]
fn entries_read_and_write_json_with_a_type_tag() {
    let json = r#"{"type": "deal", "team": "B", "points": 4, "declarations": [
        {"combo": "napoletana", "seat": 1, "suit": "c"},
        {"combo": "three", "seat": 2, "rank": "1", "missing": "s"},
        {"combo": "four", "seat": 0, "rank": "2"}]}"#;
    let Entry::Deal(entry) = serde_json::from_str(json).unwrap();
    assert_eq!(
        entry.declarations[1],
        Declaration::Three {
            seat: seat(2),
            rank: Honour::Ace,
            missing: Suit::Spade
        }
    );
    let written = serde_json::to_string(&Entry::Deal(entry.clone())).unwrap();
    assert!(written.starts_with(r#"{"type":"deal","team":"B","points":4,"declarations":[{"combo":"napoletana","seat":1,"suit":"c"}"#));
    let Entry::Deal(again) = serde_json::from_str(&written).unwrap();
    assert_eq!(again, entry);
    let sweep: Entry =
        serde_json::from_str(r#"{"type": "deal", "sweep": "stramazzone", "team": "A"}"#).unwrap();
    assert_eq!(
        sweep,
        Entry::Deal(DealEntry {
            sweep: Some(Sweep::Stramazzone),
            team: Some(Team::A),
            ..DealEntry::default()
        })
    );
    for bad in [
        r#"{"type": "deal", "team": "A", "pionts": 4}"#,
        r#"{"type": "deal", "declarations": [{"combo": "napoletana", "seat": 1, "suit": "x"}]}"#,
        r#"{"type": "deal", "declarations": [{"combo": "four", "seat": 1, "rank": "7"}]}"#,
        r#"{"type": "deal", "declarations": [{"combo": "four", "seat": 1, "rank": "3", "suit": "c"}]}"#,
    ] {
        assert!(serde_json::from_str::<Entry>(bad).is_err(), "{bad}");
    }
    let options: Options = serde_json::from_str(r#"{"target_points": 31}"#).unwrap();
    assert_eq!(options.target_points, 31);
}

#[test]
fn the_summary_serializes_what_a_score_sheet_needs() {
    let state = match_to(5);
    let state = play(&state, stramazzo_deal()).unwrap();
    let json = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(json["game"], "tressette");
    assert_eq!(json["games_won"], serde_json::json!([0, 3]));
    assert_eq!(json["sheet"][0]["end"]["kind"], "sweep");
    assert_eq!(json["sheet"][0]["end"]["sweep"], "stramazzo");
    assert_eq!(json["sheet"][0]["games"], 3);
    assert_eq!(json["games"][0]["how"], "stramazzo");
    assert_eq!(json["game_number"], 2);
    assert_eq!(json["dealer"], 1);
}
