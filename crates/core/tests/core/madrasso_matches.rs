//! Madrasso over whole simulated matches: every simulated deal validates, deal points
//! are conserved, outcome-only records replay to the same match, entries survive JSON,
//! and single mutations of a legal deal are refused.

use proptest::prelude::*;

use segnapunti_core::rules::card::Card;
use segnapunti_core::rules::game::{Game, Team};
use segnapunti_core::rules::madrasso::simulate::simulate;
use segnapunti_core::rules::madrasso::{
    Cassone, DealEnd, DealEntry, Entry, Madrasso, Options, RevokePenalty, RuleError, trick_winner,
};
use segnapunti_core::rules::play_error::PlayError;

use crate::support::trick_games::{
    self, Planted, first_card_played_twice, planted_revokes_are_refused, refuses, refuses_revoke,
    replay, replay_and_pick, through_json,
};

fn options(must_trump: bool, subtract: bool, games_to_win: u32) -> Options {
    Options {
        must_trump,
        revoke_penalty: if subtract {
            RevokePenalty::Subtract
        } else {
            RevokePenalty::Award
        },
        games_to_win,
        ..Options::default()
    }
}

fn deal_of(entry: &Entry) -> &DealEntry {
    let Entry::Deal(deal) = entry;
    deal
}

/// The same deal recorded by its outcome alone, as the sheet row shows it.
fn as_outcome(entry: &DealEntry, end: DealEnd, points: [i32; 2]) -> DealEntry {
    match end {
        DealEnd::Played => DealEntry {
            team: Some(Team::A),
            points: Some(points[0] as u32),
            ..DealEntry::default()
        },
        DealEnd::Cappotto { team } => DealEntry {
            cappotto: Some(team),
            ..DealEntry::default()
        },
        DealEnd::Cassone { seat } => DealEntry {
            cassone: Some(Cassone { seat, trick: None }),
            ..DealEntry::default()
        },
        DealEnd::Declared { seat, .. } => DealEntry {
            declared: Some(seat),
            points: Some(points[seat.team().index()] as u32),
            face_up: entry.face_up,
            ..DealEntry::default()
        },
    }
}

/// A played-out deal with a revoke planted (see `trick_games::plant_revoke`): the face-up
/// card and the sevens may be played to any lead, so they are left where they are.
fn plant_revoke(entry: &DealEntry) -> Option<Planted<Entry>> {
    let face_up = entry.face_up?;
    if entry.cassone.is_some() {
        return None;
    }
    let exempt = |card: Card| card == face_up || card.rank.value() == 7;
    let winner = |cards: &[Card]| trick_winner(cards, face_up.suit);
    let (tricks, trick, card) = trick_games::plant_revoke(entry.tricks.as_ref()?, exempt, winner)?;
    let revoked = DealEntry {
        tricks: Some(tricks),
        team: None,
        points: None,
        ..entry.clone()
    };
    Some((Entry::Deal(revoked), trick, card))
}

fn is_revoke(error: &RuleError, trick: u8, card: Card) -> bool {
    matches!(error, RuleError::Play(PlayError::Revoke { breach, .. }) if breach.trick == trick && breach.card == card)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn simulated_matches_validate_and_conserve_points(
        seed in any::<u64>(),
        must_trump in any::<bool>(),
        subtract in any::<bool>(),
        games_to_win in 1u32..3,
    ) {
        let options = options(must_trump, subtract, games_to_win);
        let simulated = simulate(seed, options);
        let states = replay::<Madrasso>(options, simulated.first_dealer, &simulated.entries);
        let last = states.last().unwrap();
        prop_assert!(last.is_over());
        prop_assert_eq!(last.games_won().iter().max().copied(), Some(games_to_win));
        prop_assert_eq!(last.summary().common.games_won, last.games_won());
        let sheet = last.sheet();
        prop_assert_eq!(sheet.len(), simulated.entries.len());
        for (row, deal) in sheet.iter().zip(&simulated.deals) {
            match row.end {
                DealEnd::Played | DealEnd::Cappotto { .. } => {
                    prop_assert_eq!(row.points[0] + row.points[1], 130);
                    prop_assert_eq!(row.points, deal.points.map(|points| points as i32));
                    prop_assert_eq!(row.tricks, Some([deal.tricks[0], deal.tricks[1]]));
                    prop_assert_eq!(deal.tricks[0] + deal.tricks[1], 10);
                }
                DealEnd::Cassone { seat } => {
                    let offenders = seat.team().index();
                    let expected = if subtract { -130 } else { 0 };
                    prop_assert_eq!(row.points[offenders], expected);
                    prop_assert_eq!(row.points[1 - offenders], if subtract { 0 } else { 130 });
                }
                DealEnd::Declared { seat, correct } => {
                    prop_assert_eq!(Some(seat), deal.declared);
                    prop_assert_eq!(row.points, deal.points.map(|points| points as i32));
                    prop_assert!(row.points[0] + row.points[1] <= 130);
                    prop_assert_eq!(row.game_won, Some(if correct { seat.team() } else { seat.team().other() }));
                }
            }
        }
    }

    #[test]
    fn outcome_records_replay_to_the_same_match(seed in any::<u64>(), subtract in any::<bool>()) {
        let options = options(false, subtract, 2);
        let simulated = simulate(seed, options);
        let states = replay::<Madrasso>(options, simulated.first_dealer, &simulated.entries);
        let last = states.last().unwrap();
        let outcomes: Vec<Entry> = simulated
            .entries
            .iter()
            .zip(last.sheet())
            .map(|(entry, row)| Entry::Deal(as_outcome(deal_of(entry), row.end, row.points)))
            .collect();
        let by_outcome = replay::<Madrasso>(options, simulated.first_dealer, &outcomes);
        let again = by_outcome.last().unwrap();
        prop_assert_eq!(again.games_won(), last.games_won());
        prop_assert_eq!(again.winner(), last.winner());
        let decided = |state: &Madrasso| -> Vec<_> {
            state.games().iter().map(|game| (game.game, game.winner, game.deal, game.how)).collect()
        };
        prop_assert_eq!(decided(again), decided(last));
        for (before, after) in states.iter().zip(&by_outcome) {
            prop_assert_eq!(before.dealer(), after.dealer());
            prop_assert_eq!(before.deal(), after.deal());
            // By outcome a declared deal gives only the declarers' points.
            let declared = matches!(
                before.sheet().last().map(|row| row.end),
                Some(DealEnd::Declared { .. })
            );
            if !declared {
                prop_assert_eq!(before.totals(), after.totals());
            }
        }
    }

    #[test]
    fn entries_survive_json(seed in any::<u64>()) {
        let simulated = simulate(seed, Options::default());
        for entry in &simulated.entries {
            let json = serde_json::to_string(entry).unwrap();
            prop_assert!(json.starts_with(r#"{"type":"deal""#), "{}", json);
            through_json(entry)?;
        }
    }

    #[test]
    fn single_mutations_of_a_legal_deal_are_refused(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let simulated = simulate(seed, Options::default());
        let (states, index) = replay_and_pick::<Madrasso>(Options::default(), simulated.first_dealer, &simulated.entries, pick);
        let state = &states[index];
        let deal = deal_of(&simulated.entries[index]).clone();
        let tricks = deal.tricks.clone().unwrap();

        // A card played twice.
        let duplicated = DealEntry {
            tricks: Some(first_card_played_twice(&tricks)),
            ..deal.clone()
        };
        refuses(state, &Entry::Deal(duplicated), |error| matches!(error, RuleError::Play(PlayError::CardPlayedTwice { .. })))?;

        // Points that do not match the cards (played-out deals only).
        if deal.cassone.is_none() {
            let row = &states[index + 1].sheet().last().unwrap().clone();
            let mut wrong = deal.clone();
            wrong.team = Some(Team::A);
            wrong.points = Some(if row.points[0] == 60 { 70 } else { 60 });
            refuses(state, &Entry::Deal(wrong), |error| matches!(error, RuleError::PointsContradict { .. }))?;
        }

        // A revoke planted in a played-out deal.
        if let Some(planted) = plant_revoke(&deal) {
            refuses_revoke(state, planted, is_revoke)?;
        }
        // The state a refused entry was offered to is unchanged.
        prop_assert_eq!(state.sheet().len(), index);
    }
}

#[test]
fn a_cappotto_or_a_cassone_by_outcome_and_a_match_of_several_games() {
    let options = options(false, false, 2);
    let mut state = Madrasso::new(options, segnapunti_core::rules::game::Seat::ALL[0]);
    let cappotto = Entry::Deal(DealEntry {
        cappotto: Some(Team::B),
        ..DealEntry::default()
    });
    state.apply_in_place(&cappotto).unwrap();
    assert_eq!(state.games_won(), [0, 1]);
    let json = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(json["games_won"], serde_json::json!([0, 1]));
    assert_eq!(json["sheet"][0]["end"]["kind"], "cappotto");
    assert_eq!(json["games"][0]["how"], "cappotto");
    assert_eq!(json["game_number"], 2);
}

#[test]
fn planted_revokes_are_found_in_most_played_out_deals() {
    let options = Options::default();
    let simulated = simulate(1, options);
    let states = replay(options, simulated.first_dealer, &simulated.entries);
    planted_revokes_are_refused::<Madrasso>(
        &states,
        &simulated.entries,
        |entry| plant_revoke(deal_of(entry)),
        is_revoke,
    );
}
