//! Rounds recorded card by card, simulated matches, and the JSON form of entries.

use super::*;
use crate::rules::test_support::replayed_checking;

#[test]
fn cards_are_checked_against_the_deck_and_each_other() {
    let entry = cards_round(vec![trick(0, "10s 7s 8s Fs"), trick(0, "9c 7s 8c Cc")]);
    let error = apply(&text_table(), &entry).unwrap_err();
    assert!(matches!(
        error,
        RuleError::Table(TableError::CardAlreadyPlayed {
            trick: 2,
            first_trick: 1,
            ..
        })
    ));
    assert_eq!(
        error.msg().get("card"),
        Some(&crate::lang::Arg::Msg(super::error::card_msg(card("7s"))))
    );
    let entry = cards_round(vec![trick(0, "10s 2s 8s Fs")]);
    assert!(matches!(
        apply(&text_table(), &entry),
        Err(RuleError::CardNotInDeck { .. })
    ));
    let entry = cards_round(vec![trick(1, "10s 7s 8s Fs")]);
    let error = apply(&text_table(), &entry).unwrap_err();
    assert!(matches!(
        error,
        RuleError::Table(TableError::WrongLeader {
            because: LeadReason::DealersLeft { .. },
            ..
        })
    ));
}

#[test]
fn simulated_matches_replay_and_score_what_they_say() {
    for players in [2u8, 4] {
        for seed in 0..60 {
            let options = Options {
                players,
                ..Options::default()
            };
            let state = replayed_checking(&simulate(seed, options), |_, state, scored| {
                let row = state.sheet().last().unwrap();
                let mut expected = [0, 0];
                if let Some((team, points)) = scored {
                    expected[team.index()] = *points;
                }
                assert_eq!(row.points, expected, "seed {seed}");
            });
            assert!(state.is_over());
        }
    }
}

#[test]
fn single_mutations_of_simulated_rounds_are_refused() {
    let mut checked = 0;
    for seed in 0..40 {
        let simulated = simulate(seed, Options::default());
        let mut state = Vitou::new(Options::default(), simulated.first_dealer);
        for entry in &simulated.entries {
            let Entry::Round(round) = entry;
            if let Some(tricks) = &round.tricks
                && tricks.len() >= 2
                && tricks[1].cards.len() >= 2
            {
                // A duplicated card.
                let mut twice = round.clone();
                twice.tricks.as_mut().unwrap()[1].cards[1] = tricks[0].cards[0];
                assert!(matches!(
                    apply(&state, &twice),
                    Err(RuleError::Table(TableError::CardAlreadyPlayed { .. }))
                ));
                // A wrong stake.
                let mut stake = round.clone();
                let right = state.apply(entry).unwrap().sheet().last().unwrap().points;
                stake.points = Some(right[0] + right[1] + 1);
                assert!(matches!(
                    apply(&state, &stake),
                    Err(RuleError::StakeMismatch { .. })
                ));
                checked += 1;
            }
            state = state.apply(entry).unwrap();
        }
    }
    assert!(checked > 100);
}

#[test]
fn entries_read_and_write_json_with_a_type() {
    let json = r#"{"type": "round", "winner": "B", "bids": [{"seat": 0, "bid": 3}, {"seat": 1, "bid": 6}, {"seat": 2, "bid": 12}, {"seat": 3, "bid": "baraque"}], "refusal": {"seat": 0}}"#;
    let entry: Entry = serde_json::from_str(json).unwrap();
    let state = Vitou::new(Options::default(), seat(3))
        .apply(&entry)
        .unwrap();
    assert_eq!(state.scores(), [0, 12]);
    let back = serde_json::to_string(&entry).unwrap();
    assert!(back.contains(r#""bid":"baraque""#));
    assert_eq!(serde_json::from_str::<Entry>(&back).unwrap(), entry);
    assert!(
        serde_json::from_str::<Entry>(r#"{"type": "round", "bids": [{"seat": 0, "bid": 4}]}"#)
            .is_err()
    );
    assert!(serde_json::from_str::<Entry>(r#"{"type": "round", "winer": "A"}"#).is_err());
    let summary = serde_json::to_value(state.summary()).unwrap();
    assert_eq!(summary["game"], "vitou");
    assert_eq!(summary["sheet"][0]["end"]["kind"], "refused");
    assert_eq!(summary["sheet"][0]["bid"], "baraque");
    assert_eq!(summary["stage"]["kind"], "normal");
}
