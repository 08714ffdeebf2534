use super::simulate::{self, SplitMix};
use super::*;
use crate::lang::Msg;
use crate::rules::game::Message;
use crate::rules::play_error::PlayError;
use crate::rules::test_support::{card, cards, play, play_all, seat, trick};

mod cards;

fn scored(team: Team, points: u32) -> DealEntry {
    DealEntry {
        team: Some(team),
        points: Some(points),
        ..DealEntry::default()
    }
}

fn at(game: u32, deal: u32) -> Deal {
    Deal { game, deal }
}

/// The match is won by `team`, and its first game ended the way `how` says.
#[track_caller]
fn first_game_won(state: &Madrasso, team: Team, how: GameEnd) {
    assert_eq!(state.winner(), Some(team));
    assert_eq!(state.games()[0].how, how);
}

/// Dealer 3, trumps swords (the dealer's face-up king). Team A wins the first trick,
/// four worthless cards; seat 3 takes the other nine: 130 points but no cappotto.
fn nine_tricks_of_ten() -> DealEntry {
    DealEntry {
        face_up: Some(card("Rs")),
        tricks: Some(vec![
            trick(0, "2d 4c 4b 5c"),
            trick(0, "4d 6c 5b 4s"),
            trick(3, "1s 1d 2s 1b"),
            trick(3, "3s 3d 1c 3b"),
            trick(3, "Rs Rd 3c Rb"),
            trick(3, "Cs Cd Cc Cb"),
            trick(3, "Fs Fd Fc Fb"),
            trick(3, "7s 7d 7c 7b"),
            trick(3, "6s 6d 2c 6b"),
            trick(3, "5s 5d Rc 2b"),
        ]),
        ..DealEntry::default()
    }
}

/// The same hands, played so that team B takes all ten tricks: the first three tricks
/// go otherwise, the last seven as before.
fn cappotto_deal() -> DealEntry {
    let mut entry = nine_tricks_of_ten();
    let first_three = [
        trick(0, "2d 4c 4b 4s"),
        trick(3, "5c 4d 6c 5b"),
        trick(1, "2s 1b 1s 1d"),
    ];
    tricks_of(&mut entry).splice(..3, first_three);
    entry
}

/// A random legal deal of the state's dealer, played to the end, without a cassone.
fn random_deal(state: &Madrasso, seed: u64) -> DealEntry {
    let mut rng = SplitMix::new(seed);
    loop {
        let (mut entry, _) = simulate::play_deal(&mut rng, state);
        if entry.cassone.is_none() && entry.declared.is_none() {
            entry.team = None;
            entry.points = None;
            return entry;
        }
    }
}

fn tricks_of(entry: &mut DealEntry) -> &mut Vec<Trick> {
    entry.tricks.as_mut().unwrap()
}

/// The nine-trick deal with its tricks changed by `change`.
fn nine_tricks_changed(change: impl FnOnce(&mut Vec<Trick>)) -> DealEntry {
    let mut entry = nine_tricks_of_ten();
    change(tricks_of(&mut entry));
    entry
}

#[test]
fn ranks_and_points_follow_the_text() {
    let order: Vec<u8> = cards("1d 3d Rd Cd Fd 7d 6d 5d 4d 2d")
        .iter()
        .map(|card| rank_strength(card.rank))
        .collect();
    assert!(order.windows(2).all(|pair| pair[0] > pair[1]), "{order:?}");
    let values: Vec<u32> = cards("1c 3c Rc Cc Fc 7c 6c 5c 4c 2c")
        .into_iter()
        .map(card_points)
        .collect();
    assert_eq!(values, [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]);
    // 120 in the pack (30 in each suit: `card::tests`); the last trick makes a deal 130.
    assert_eq!(Deck::Italian40.cards().map(card_points).sum::<u32>(), 120);
    assert_eq!(120 + LAST_TRICK_BONUS, DEAL_POINTS);
}

#[test]
fn tricks_go_to_the_highest_trump_or_the_highest_card_of_the_suit_led() {
    // Trumps coins. No trump: the highest card of the suit led, not an off-suit ace.
    assert_eq!(trick_winner(&cards("7c 1s 3c Rc"), Suit::Denari), Some(2));
    // The lowest trump beats the ace of the suit led.
    assert_eq!(trick_winner(&cards("1c 2d 3c Rc"), Suit::Denari), Some(1));
    assert_eq!(trick_winner(&cards("5c 2d 4d 1b"), Suit::Denari), Some(2));
    assert_eq!(trick_winner(&[], Suit::Denari), None);
}

#[test]
fn a_deal_by_outcome_derives_the_other_teams_points_and_the_deal_passes_right() {
    let state = Madrasso::new(Options::default(), seat(3));
    assert_eq!(state.leader(), seat(0));
    let state = play(&state, scored(Team::B, 75)).unwrap();
    assert_eq!(state.totals(), [55, 75]);
    assert_eq!(state.dealer(), seat(0));
    assert_eq!(state.leader(), seat(1));
    assert_eq!(state.deal(), at(1, 2));
    let row = &state.sheet()[0];
    assert_eq!(row.points, [55, 75]);
    assert_eq!(row.dealer, seat(3));
    assert_eq!(row.end, DealEnd::Played);
    assert_eq!(row.tricks, None);
}

#[test]
fn points_no_deal_can_give_are_refused() {
    let state = Madrasso::new(Options::default(), seat(0));
    for points in [1, 129, 131] {
        let error = play(&state, scored(Team::A, points)).unwrap_err();
        assert_eq!(
            error,
            RuleError::PointsImpossible {
                deal: at(1, 1),
                points
            }
        );
    }
    assert_eq!(
        play(&state, scored(Team::A, 1)).unwrap_err().msg(),
        Msg::new("madrasso-points_impossible")
            .arg(
                "deal",
                Msg::new("madrasso-deal")
                    .arg("game", 1u32)
                    .arg("deal", 1u32)
            )
            .arg("points", 1u32)
    );
    for points in [0, 2, 5, 11, 120, 121, 128, 130] {
        assert!(play(&state, scored(Team::A, points)).is_ok(), "{points}");
    }
    let error = play(
        &state,
        DealEntry {
            team: Some(Team::A),
            ..DealEntry::default()
        },
    )
    .unwrap_err();
    assert_eq!(error, RuleError::TeamAndPointsGoTogether { deal: at(1, 1) });
    let error = play(&state, DealEntry::default()).unwrap_err();
    assert_eq!(error, RuleError::PointsMissing { deal: at(1, 1) });
}

#[test]
fn after_ten_deals_777_wins_and_the_totals_make_1300() {
    let state = Madrasso::new(Options::default(), seat(0));
    let state = play_all(state, (0..9).map(|_| scored(Team::A, 80)));
    // 720 after nine deals: not over, however many points, before the tenth.
    assert!(!state.is_over());
    let state = play(&state, scored(Team::A, 80)).unwrap();
    assert_eq!(state.totals(), [800, 500]);
    assert_eq!(state.totals()[0] + state.totals()[1], 1300);
    assert!(state.is_over());
    first_game_won(&state, Team::A, GameEnd::Target);
    assert_eq!(state.games()[0].deal, 10);
    assert_eq!(state.sheet()[9].game_won, Some(Team::A));
    let summary = state.summary();
    assert_eq!(summary.common.games_won, [1, 0]);
    assert!(summary.common.over);
    assert_eq!(summary.common.dealer, None);
    let error = play(&state, scored(Team::A, 65)).unwrap_err();
    assert_eq!(
        error,
        RuleError::Play(PlayError::MatchOver {
            winner: Team::A,
            games_won: [1, 0]
        })
    );
}

#[test]
fn under_777_after_ten_deals_play_goes_on_and_declaring_becomes_possible() {
    let state = Madrasso::new(Options::default(), seat(0));
    let declare = |seat_index: u8, points: u32| DealEntry {
        declared: Some(seat(seat_index)),
        points: Some(points),
        ..DealEntry::default()
    };
    // No declaring in the first ten deals.
    assert!(!state.can_declare());
    let error = play(&state, declare(0, 40)).unwrap_err();
    assert_eq!(
        error,
        RuleError::DeclarationTooEarly {
            deal: at(1, 1),
            seat: seat(0),
            min_deals: 10
        }
    );
    assert_eq!(
        error.msg().get("min_deals"),
        Some(&crate::lang::Arg::Number(10))
    );
    let state = play_all(state, (0..10).map(|_| scored(Team::A, 70)));
    assert_eq!(state.totals(), [700, 600]);
    assert!(!state.is_over());
    assert_eq!(state.deal(), at(1, 11));
    assert!(state.can_declare());
    assert!(state.summary().can_declare);

    // Right: 700 + 80 taken so far in this deal.
    let won = play(&state, declare(2, 80)).unwrap();
    first_game_won(&won, Team::A, GameEnd::Declaration);
    assert_eq!(
        won.sheet()[10].end,
        DealEnd::Declared {
            seat: seat(2),
            correct: true
        }
    );
    assert_eq!(won.sheet()[10].points, [80, 0]);
    // Wrong: 700 + 70 is short, so the other team wins.
    let lost = play(&state, declare(0, 70)).unwrap();
    first_game_won(&lost, Team::B, GameEnd::WrongDeclaration);
    // The declarer's team and the recorded team must agree.
    let mut wrong_team = declare(0, 70);
    wrong_team.team = Some(Team::B);
    assert_eq!(
        play(&state, wrong_team).unwrap_err(),
        RuleError::DeclarerTeamMismatch {
            deal: at(1, 11),
            seat: seat(0),
            recorded: Team::B
        }
    );
    assert_eq!(
        play(
            &state,
            DealEntry {
                declared: Some(seat(1)),
                ..DealEntry::default()
            }
        )
        .unwrap_err(),
        RuleError::DeclarationPointsMissing {
            deal: at(1, 11),
            seat: seat(1)
        }
    );
    // Reaching 777 at the end of a deal wins without declaring.
    let state = play(&state, scored(Team::A, 80)).unwrap();
    assert_eq!(state.totals(), [780, 650]);
    first_game_won(&state, Team::A, GameEnd::Target);
}

#[test]
fn both_over_777_without_a_declaration_the_higher_total_wins() {
    let state = Madrasso::new(Options::default(), seat(0));
    let state = play_all(state, (0..10).map(|_| scored(Team::A, 70)));
    let state = play(&state, scored(Team::A, 60)).unwrap();
    assert_eq!(state.totals(), [760, 670]);
    // 780 each: equal totals over the target play another deal.
    let state = play(&state, scored(Team::A, 20)).unwrap();
    assert_eq!(state.totals(), [780, 780]);
    assert!(!state.is_over());
    let state = play(&state, scored(Team::A, 70)).unwrap();
    assert_eq!(state.totals(), [850, 840]);
    first_game_won(&state, Team::A, GameEnd::HigherTotal);
}

#[test]
fn cappotto_wins_the_game_at_once_even_early() {
    let state = Madrasso::new(Options::default(), seat(3));
    let state = play(&state, scored(Team::A, 100)).unwrap();
    let won = play(
        &state,
        DealEntry {
            cappotto: Some(Team::B),
            ..DealEntry::default()
        },
    )
    .unwrap();
    first_game_won(&won, Team::B, GameEnd::Cappotto);
    assert_eq!(won.sheet()[1].points, [0, 130]);
    // Recorded card by card: all ten tricks to seat 3.
    let state = Madrasso::new(Options::default(), seat(3));
    let won = play(&state, cappotto_deal()).unwrap();
    assert_eq!(won.winner(), Some(Team::B));
    assert_eq!(won.sheet()[0].tricks, Some([0, 10]));
    assert_eq!(won.sheet()[0].end, DealEnd::Cappotto { team: Team::B });
}

#[test]
fn all_130_points_without_all_the_tricks_is_no_cappotto() {
    let state = Madrasso::new(Options::default(), seat(3));
    let state = play(&state, nine_tricks_of_ten()).unwrap();
    assert!(!state.is_over());
    assert_eq!(state.sheet()[0].points, [0, 130]);
    assert_eq!(state.sheet()[0].tricks, Some([1, 9]));
    let mut claimed = nine_tricks_of_ten();
    claimed.cappotto = Some(Team::B);
    let error = play(&Madrasso::new(Options::default(), seat(3)), claimed).unwrap_err();
    assert_eq!(
        error,
        RuleError::CappottoContradictsCards {
            deal: at(1, 1),
            recorded: Team::B,
            tricks: [1, 9]
        }
    );
}

#[test]
fn cassone_gives_130_to_the_opponents_or_takes_130_off_in_the_variant() {
    let revoke = DealEntry {
        cassone: Some(Cassone {
            seat: seat(1),
            trick: None,
        }),
        ..DealEntry::default()
    };
    let state = Madrasso::new(Options::default(), seat(0));
    let state = play(&state, revoke.clone()).unwrap();
    assert_eq!(state.totals(), [130, 0]);
    assert_eq!(state.sheet()[0].end, DealEnd::Cassone { seat: seat(1) });
    let subtract = Options {
        revoke_penalty: RevokePenalty::Subtract,
        ..Options::default()
    };
    let state = Madrasso::new(subtract, seat(0));
    let state = play(&state, revoke.clone()).unwrap();
    assert_eq!(state.totals(), [0, -130]);
    assert_eq!(state.common().scores, [0, 0]);
    // Recorded points must agree with the penalty.
    let mut wrong = revoke;
    wrong.team = Some(Team::A);
    wrong.points = Some(120);
    let error = play(&Madrasso::new(Options::default(), seat(0)), wrong).unwrap_err();
    assert_eq!(
        error,
        RuleError::PointsContradict {
            deal: at(1, 1),
            team: Team::A,
            recorded: 120,
            actual: 130
        }
    );
}

#[test]
fn one_special_end_at_most() {
    let state = Madrasso::new(Options::default(), seat(0));
    let entry = DealEntry {
        cappotto: Some(Team::A),
        cassone: Some(Cassone {
            seat: seat(1),
            trick: None,
        }),
        ..DealEntry::default()
    };
    assert_eq!(
        play(&state, entry).unwrap_err(),
        RuleError::SpecialEndsConflict { deal: at(1, 1) }
    );
}

#[test]
fn a_refused_entry_leaves_the_state_untouched() {
    let mut state = Madrasso::new(Options::default(), seat(3));
    state
        .apply_in_place(&Entry::Deal(scored(Team::A, 70)))
        .unwrap();
    let before = state.clone();
    let entry = nine_tricks_changed(|tricks| tricks[9].cards[3] = card("2d"));
    assert!(state.apply_in_place(&Entry::Deal(entry)).is_err());
    assert_eq!(state, before);
}

#[test]
fn more_games_make_a_match_and_the_deal_keeps_passing() {
    let options = Options {
        games_to_win: 2,
        ..Options::default()
    };
    let state = Madrasso::new(options, seat(0));
    let cappotto = |team| DealEntry {
        cappotto: Some(team),
        ..DealEntry::default()
    };
    let state = play(&state, cappotto(Team::A)).unwrap();
    assert!(!state.is_over());
    assert_eq!(state.games_won(), [1, 0]);
    assert_eq!(state.deal(), at(2, 1));
    assert_eq!(state.totals(), [0, 0]);
    assert_eq!(state.dealer(), seat(1));
    let state = play(&state, cappotto(Team::A)).unwrap();
    assert_eq!(state.winner(), Some(Team::A));
    assert_eq!(state.games().len(), 2);
}

#[test]
fn entries_read_and_write_json_with_a_type_tag() {
    let json = r#"{"type": "deal", "team": "A", "points": 75}"#;
    let entry: Entry = serde_json::from_str(json).unwrap();
    assert_eq!(entry, Entry::Deal(scored(Team::A, 75)));
    assert_eq!(
        serde_json::to_string(&entry).unwrap(),
        r#"{"type":"deal","team":"A","points":75}"#
    );
    let json = r#"{"type": "deal", "face_up": "Rs", "exchange": 1,
        "cassone": {"seat": 1, "trick": 3},
        "tricks": [{"leader": 0, "cards": ["2d", "4c", "4b", "5c"]}]}"#;
    let Entry::Deal(entry) = serde_json::from_str(json).unwrap();
    assert_eq!(entry.face_up, Some(card("Rs")));
    assert_eq!(entry.cassone.unwrap().trick, Some(3));
    assert!(serde_json::from_str::<Entry>(r#"{"type": "deal", "pionts": 3}"#).is_err());
    assert!(serde_json::from_str::<Entry>(r#"{"type": "hand"}"#).is_err());
    let options: Options =
        serde_json::from_str(r#"{"must_trump": true, "revoke_penalty": "subtract"}"#).unwrap();
    assert!(options.must_trump);
    assert_eq!(options.revoke_penalty, RevokePenalty::Subtract);
    assert_eq!(options.target_points, 777);
    assert!(serde_json::from_str::<Options>(r#"{"must_trunp": true}"#).is_err());
}

#[test]
fn the_summary_serializes_what_a_score_sheet_needs() {
    let state = Madrasso::new(Options::default(), seat(3));
    let state = play(&state, nine_tricks_of_ten()).unwrap();
    let json = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(json["game"], "madrasso");
    assert_eq!(json["scores"], serde_json::json!([0, 130]));
    assert_eq!(json["games_won"], serde_json::json!([0, 0]));
    assert_eq!(json["dealer"], 0);
    assert_eq!(json["leader"], 1);
    assert_eq!(json["sheet"][0]["points"], serde_json::json!([0, 130]));
    assert_eq!(json["sheet"][0]["end"]["kind"], "played");
    assert_eq!(json["sheet"][0]["face_up"], "Rs");
    assert_eq!(json["deal"], 2);
    assert_eq!(json["can_declare"], false);
}

#[test]
fn every_error_has_both_languages() {
    let state = Madrasso::new(Options::default(), seat(3));
    let entry = nine_tricks_changed(|tricks| tricks[2].leader = seat(2));
    let error = play(&state, entry).unwrap_err();
    // Worded in both languages: `web/i18n/rule_words_tests.rs`.
    assert!(matches!(
        error,
        RuleError::Play(PlayError::WrongLeader {
            trick: 3,
            found,
            ..
        }) if found == seat(2)
    ));
    assert_eq!(error.msg(), error.msg());
    assert!(
        error
            .to_string()
            .starts_with("rules-wrong_leader(deal: madrasso-deal(game: 1, deal: 1)")
    );
}
