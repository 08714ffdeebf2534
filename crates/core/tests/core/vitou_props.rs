//! Property tests over simulated Vitou matches, through the public API only.

use proptest::prelude::*;

use crate::support::trick_games::through_json;
use segnapunti_core::rules::game::Game;
use segnapunti_core::rules::vitou::simulate::simulate;
use segnapunti_core::rules::vitou::{Entry, Options, RuleError, Vitou};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every simulated round is accepted after a JSON round trip, the scores are the
    /// sum of the sheet, and the match ends.
    #[test]
    fn simulated_matches_replay_from_json(seed in any::<u64>(), four in any::<bool>()) {
        let options = Options { players: if four { 4 } else { 2 }, ..Options::default() };
        let simulated = simulate(seed, options);
        let mut state = Vitou::new(options, simulated.first_dealer);
        let mut since_game = [0u32; 2];
        for entry in &simulated.entries {
            let read = through_json(entry)?;
            state = state.apply(&read).unwrap();
            let row = state.sheet().last().unwrap();
            since_game[0] += row.points[0];
            since_game[1] += row.points[1];
            prop_assert_eq!(row.scores, since_game);
            if row.game_won.is_some() {
                since_game = [0, 0];
            }
        }
        prop_assert!(state.is_over());
    }

    /// A wrong stake is refused and leaves the state as it was.
    #[test]
    fn a_wrong_stake_is_refused(seed in any::<u64>(), off in 1u32..30) {
        let simulated = simulate(seed, Options::default());
        let mut state = Vitou::new(Options::default(), simulated.first_dealer);
        for entry in &simulated.entries {
            let Entry::Round(round) = entry;
            let right = state.apply(entry).unwrap().sheet().last().unwrap().points;
            let mut wrong = round.clone();
            wrong.points = Some(right[0] + right[1] + off);
            let before = state.clone();
            let error = state.apply_in_place(&Entry::Round(wrong)).unwrap_err();
            prop_assert!(matches!(error, RuleError::StakeMismatch { .. }), "{:?}", error);
            prop_assert_eq!(&state, &before);
            state = state.apply(entry).unwrap();
        }
    }
}
