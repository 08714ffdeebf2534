//! Tressette over whole simulated matches: every simulated deal validates, a deal is
//! worth 11 plus declarations, outcome-only records replay to the same match, entries
//! survive JSON, and single mutations of a legal deal are refused.

use proptest::prelude::*;

use segnapunti_core::rules::card::{Card, Suit};
use segnapunti_core::rules::game::{Game, Team};
use segnapunti_core::rules::play_error::PlayError;
use segnapunti_core::rules::tressette::simulate::simulate;
use segnapunti_core::rules::tressette::{
    DealEnd, DealEntry, Declaration, Entry, Options, RuleError, Tressette, trick_winner,
};

use crate::support::trick_games::{
    self, Planted, first_card_played_twice, planted_revokes_are_refused, refuses, refuses_revoke,
    replay, replay_and_pick, through_json,
};

fn deal_of(entry: &Entry) -> &DealEntry {
    let Entry::Deal(deal) = entry;
    deal
}

/// The same deal by outcome, as its sheet row shows it.
fn as_outcome(entry: &DealEntry, end: DealEnd, card_points: [u32; 2]) -> DealEntry {
    let declarations = entry.declarations.clone();
    match end {
        DealEnd::Played => DealEntry {
            team: Some(Team::B),
            points: Some(card_points[1]),
            declarations,
            ..DealEntry::default()
        },
        DealEnd::Claim { seat, .. } => DealEntry {
            claim: Some(seat),
            points: Some(card_points[seat.team().index()]),
            declarations,
            ..DealEntry::default()
        },
        DealEnd::Sweep { sweep, team } => DealEntry {
            sweep: Some(sweep),
            team: Some(team),
            declarations,
            ..DealEntry::default()
        },
    }
}

/// A played-out deal with a revoke planted (see `trick_games::plant_revoke`).
fn plant_revoke(entry: &DealEntry) -> Option<Planted<Entry>> {
    let (tricks, trick, card) =
        trick_games::plant_revoke(entry.tricks.as_ref()?, |_| false, trick_winner)?;
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

/// A napoletana for a seat that did not hold it: some card of it was played by another.
fn false_napoletana(entry: &DealEntry) -> Option<Declaration> {
    let tricks = entry.tricks.as_ref()?;
    if tricks.len() != 10 {
        return None;
    }
    let ace_of_coins: Card = "1d".parse().unwrap();
    let holder = tricks
        .iter()
        .flat_map(|trick| trick.plays())
        .find(|(_, card)| *card == ace_of_coins)?
        .0;
    Some(Declaration::Napoletana {
        seat: holder.right(),
        suit: Suit::Denari,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn simulated_matches_validate_and_score_eleven_plus_declarations(
        seed in any::<u64>(),
        target in prop::sample::select(vec![21u32, 31, 41]),
        games_to_win in 1u32..4,
    ) {
        let options = Options { target_points: target, games_to_win };
        let simulated = simulate(seed, options);
        let states = replay::<Tressette>(options, simulated.first_dealer, &simulated.entries);
        let last = states.last().unwrap();
        prop_assert!(last.is_over());
        prop_assert!(last.games_won().iter().max().copied().unwrap() >= games_to_win);
        let counted: u32 = last.games().iter().map(|game| game.games).sum();
        prop_assert_eq!(counted, last.games_won()[0] + last.games_won()[1]);
        prop_assert_eq!(last.summary().common.games_won, last.games_won());
        for (row, deal) in last.sheet().iter().zip(&simulated.deals) {
            prop_assert_eq!(row.declared, deal.declared);
            prop_assert_eq!(row.card_points, deal.thirds.map(|thirds| thirds / 3));
            prop_assert_eq!(row.points[0] + row.points[1], row.card_points[0] + row.card_points[1] + row.declared[0] + row.declared[1]);
            if deal.tricks == 10 {
                prop_assert_eq!(row.card_points[0] + row.card_points[1], 11);
                prop_assert_eq!(row.tricks.map(|[a, b]| a + b), Some(10));
            } else {
                prop_assert!(row.card_points[0] + row.card_points[1] <= 11);
                prop_assert!(matches!(row.end, DealEnd::Claim { .. }), "{:?}", row.end);
            }
        }
    }

    #[test]
    fn outcome_records_replay_to_the_same_match(seed in any::<u64>()) {
        let options = Options { games_to_win: 3, ..Options::default() };
        let simulated = simulate(seed, options);
        let states = replay::<Tressette>(options, simulated.first_dealer, &simulated.entries);
        let last = states.last().unwrap();
        let outcomes: Vec<Entry> = simulated
            .entries
            .iter()
            .zip(last.sheet())
            .map(|(entry, row)| Entry::Deal(as_outcome(deal_of(entry), row.end, row.card_points)))
            .collect();
        let by_outcome = replay::<Tressette>(options, simulated.first_dealer, &outcomes);
        let again = by_outcome.last().unwrap();
        let decided = |state: &Tressette| -> Vec<_> {
            state
                .games()
                .iter()
                .map(|game| (game.game, game.winner, game.deal, game.games, game.how))
                .collect()
        };
        prop_assert_eq!(decided(again), decided(last));
        for (before, after) in states.iter().zip(&by_outcome) {
            prop_assert_eq!(before.games_won(), after.games_won());
            prop_assert_eq!(before.dealer(), after.dealer());
            // By outcome a claim gives only the claimers' card points, and a sweep
            // 11 to 0 (card by card a stramazzo may leave the last trick's point).
            let special = matches!(
                before.sheet().last().map(|row| row.end),
                Some(DealEnd::Claim { .. } | DealEnd::Sweep { .. })
            );
            if !special {
                prop_assert_eq!(before.totals(), after.totals());
            }
        }
    }

    #[test]
    fn entries_survive_json(seed in any::<u64>()) {
        let simulated = simulate(seed, Options::default());
        for entry in &simulated.entries {
            through_json(entry)?;
        }
    }

    #[test]
    fn single_mutations_of_a_legal_deal_are_refused(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let simulated = simulate(seed, Options::default());
        let (states, index) = replay_and_pick::<Tressette>(Options::default(), simulated.first_dealer, &simulated.entries, pick);
        let state = &states[index];
        let deal = deal_of(&simulated.entries[index]).clone();
        let tricks = deal.tricks.clone().unwrap();

        if tricks.len() >= 2 {
            let duplicated = DealEntry {
                tricks: Some(first_card_played_twice(&tricks)),
                ..deal.clone()
            };
            refuses(state, &Entry::Deal(duplicated), |error| matches!(error, RuleError::Play(PlayError::CardPlayedTwice { .. })))?;
        }

        let row = states[index + 1].sheet().last().unwrap().clone();
        let mut wrong = deal.clone();
        let team = deal.claim.map_or(Team::A, |seat| seat.team());
        wrong.team = Some(team);
        wrong.points = Some((row.card_points[team.index()] + 1) % 12);
        refuses(state, &Entry::Deal(wrong), |error| matches!(error, RuleError::PointsContradict { .. }))?;

        if let Some(declaration) = false_napoletana(&deal) {
            let mut declared = deal.clone();
            declared.declarations.retain(|other| other.seat() != declaration.seat());
            declared.declarations.retain(|other| !other.cards().iter().any(|card| declaration.cards().contains(card)));
            declared.declarations.push(declaration);
            refuses(state, &Entry::Deal(declared), |error| matches!(error, RuleError::DeclaredCardPlayedByOther { .. }))?;
        }

        if let Some(planted) = plant_revoke(&deal) {
            refuses_revoke(state, planted, is_revoke)?;
        }
        prop_assert_eq!(state.sheet().len(), index);
    }
}

#[test]
fn planted_revokes_are_found_in_most_played_out_deals() {
    let options = Options {
        target_points: 41,
        ..Options::default()
    };
    let simulated = simulate(2, options);
    let states = replay(options, simulated.first_dealer, &simulated.entries);
    planted_revokes_are_refused::<Tressette>(
        &states,
        &simulated.entries,
        |entry| plant_revoke(deal_of(entry)),
        is_revoke,
    );
}
