//! Property tests over simulated card-by-card matches.

use proptest::prelude::*;

use segnapunti_core::rules::card::Card;
use segnapunti_core::rules::comanda::Nicknames;
use segnapunti_core::rules::game::{Game, Team};
use segnapunti_core::rules::record::{MatchRecord, RecordEntry};
use segnapunti_core::rules::replay::{EntryError, replay, replay_steps};
use segnapunti_core::rules::trionfetti::simulate::simulate;
use segnapunti_core::rules::trionfetti::{Options, RuleError};

fn options(short: bool) -> Options {
    if short {
        Options {
            target_points: 7,
            games_to_win: 2,
        }
    } else {
        Options::default()
    }
}

/// Every card position of the record after the first card of its smazzata, with the
/// cards played before it in that smazzata: (entry, trick, position, earlier cards).
fn later_cards(record: &MatchRecord) -> Vec<(usize, usize, usize, Vec<Card>)> {
    let mut out = Vec::new();
    let mut earlier: Vec<Card> = Vec::new();
    for (index, entry) in record.entries.iter().enumerate() {
        match entry {
            RecordEntry::Smazzata(_) => earlier.clear(),
            RecordEntry::Hand(hand) => {
                for (t, trick) in hand.tricks.iter().flatten().enumerate() {
                    for (p, card) in trick.cards.iter().enumerate() {
                        if !earlier.is_empty() {
                            out.push((index, t, p, earlier.clone()));
                        }
                        earlier.push(*card);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn simulated_matches_validate_and_replay_deterministically(seed in any::<u64>(), short in any::<bool>()) {
        let nicknames = Nicknames::new();
        let simulated = simulate(seed, options(short), &nicknames);
        let again = simulate(seed, options(short), &nicknames);
        prop_assert_eq!(&simulated.record, &again.record);

        let state = replay(&simulated.record, &nicknames).expect("a simulated match is valid");
        prop_assert!(state.is_over());
        prop_assert_eq!(state.clone(), replay(&simulated.record, &nicknames).unwrap());
        let steps = replay_steps(&simulated.record, &nicknames);
        prop_assert!(steps.error.is_none());
        prop_assert_eq!(&steps.steps.last().unwrap().state, &state);

        // Through JSON and back: the same match.
        let read = MatchRecord::from_json(&simulated.record.to_json()).unwrap();
        prop_assert_eq!(&read, &simulated.record);
        prop_assert_eq!(replay(&read, &nicknames).unwrap(), state.clone());

        // The points on the sheet are the sum of the hand values.
        let summary = state.summary();
        for team in Team::BOTH {
            let from_hands: u32 = simulated
                .hands
                .iter()
                .filter(|(winner, _)| *winner == team)
                .map(|(_, points)| points)
                .sum();
            let on_sheet: u32 = summary.sheet.iter().map(|row| row.points[team.index()]).sum();
            prop_assert_eq!(from_hands, on_sheet);
        }
        prop_assert_eq!(summary.hands_played as usize, simulated.hands.len());
        let games = summary.common.games_won;
        prop_assert_eq!((games[0] + games[1]) as usize, summary.games.len());
        prop_assert_eq!(games.iter().max().copied(), Some(options(short).games_to_win));
    }

    #[test]
    fn a_card_changed_into_one_already_played_is_rejected(
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        earlier in any::<prop::sample::Index>(),
    ) {
        let nicknames = Nicknames::new();
        let mut record = simulate(seed, options(true), &nicknames).record;
        let candidates = later_cards(&record);
        let (index, t, p, cards) = pick.get(&candidates).clone();
        let replacement = *earlier.get(&cards);
        let RecordEntry::Hand(hand) = &mut record.entries[index] else { unreachable!() };
        hand.tricks.as_mut().unwrap()[t].cards[p] = replacement;
        let error = replay(&record, &nicknames).expect_err("a repeated card is refused");
        prop_assert_eq!(error.index, index);
        prop_assert!(
            matches!(
                &error.error,
                EntryError::Rule(RuleError::CardAlreadyPlayed { card, .. }) if *card == replacement
            ),
            "{}",
            error
        );
    }
}
