//! Property tests over simulated Trijumf matches, through the public API only.

use proptest::prelude::*;

use crate::support::trick_games::through_json;
use segnapunti_core::rules::game::Game;
use segnapunti_core::rules::play_error::table::TableError;
use segnapunti_core::rules::trijumf::simulate::simulate;
use segnapunti_core::rules::trijumf::{DealEnd, Entry, Options, RuleError, Trijumf};

fn options(players: u8) -> Options {
    Options {
        players,
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every simulated deal is accepted, survives a JSON round trip, and a deal played
    /// out counts 130 card points.
    #[test]
    fn simulated_matches_replay_from_json(seed in any::<u64>(), four in any::<bool>()) {
        let options = options(if four { 4 } else { 2 });
        let simulated = simulate(seed, options);
        let mut state = Trijumf::new(options, simulated.first_dealer);
        for entry in &simulated.entries {
            let read = through_json(entry)?;
            state = state.apply(&read).unwrap();
            let row = state.sheet().last().unwrap();
            if row.end == DealEnd::Played {
                prop_assert_eq!(row.card_points[0] + row.card_points[1], 130);
            }
        }
        prop_assert!(state.is_over());
        prop_assert!(state.summary().common.over);
    }

    /// A card played a second time is refused wherever it is put, and the state is
    /// left as it was.
    #[test]
    fn a_duplicated_card_is_refused(seed in any::<u64>(), pick in any::<usize>()) {
        let options = options(4);
        let simulated = simulate(seed, options);
        let mut state = Trijumf::new(options, simulated.first_dealer);
        for entry in &simulated.entries {
            let Entry::Deal(deal) = entry;
            if let Some(tricks) = deal.tricks.as_ref().filter(|tricks| tricks.len() >= 2
                && tricks.iter().all(|trick| trick.cards.len() == 4))
            {
                let later = 1 + pick % (tricks.len() - 1);
                let mut twice = deal.clone();
                let copied = tricks[0].cards[pick % 4];
                twice.tricks.as_mut().unwrap()[later].cards[pick % 4] = copied;
                let before = state.clone();
                let error = state.apply_in_place(&Entry::Deal(twice)).unwrap_err();
                prop_assert!(
                    matches!(error, RuleError::Table(TableError::CardAlreadyPlayed { .. })),
                    "{:?}",
                    error
                );
                prop_assert_eq!(&state, &before);
            }
            state = state.apply(entry).unwrap();
        }
    }
}
