//! A seeded simulator of legal card-by-card Tressette matches, for tests and benches.
//!
//! The same seed always gives the same match. Deals are shuffled and played with
//! random legal cards; the players declare most of the combinations they hold, and
//! between tricks a player now and then claims (usually when right, rarely when
//! wrong).

use super::{
    DealEntry, Declaration, Honour, Options, TRICKS, Tressette, card_thirds, trick_winner,
};
pub use crate::rng::SplitMix;
use crate::rules::card::{Card, Suit};
use crate::rules::game::{Seat, Team};
use crate::rules::simulate::{SimulateLog, SimulatedLog, deal_forty, play_match};
use crate::rules::trick::Trick;

/// What the simulator itself worked out for one deal, to compare with the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimDeal {
    /// Card thirds taken by each team, last trick included.
    pub thirds: [u32; 2],
    /// Declaration points of each team.
    pub declared: [u32; 2],
    pub tricks: usize,
    pub claim: Option<Seat>,
}

/// A simulated match: the entries and, for each deal, the simulator's own view.
pub type Simulated = crate::rules::simulate::Simulated<Tressette, SimDeal>;

/// Plays a whole match from the seed.
pub fn simulate(seed: u64, options: Options) -> Simulated {
    play_match(seed, options, play_deal)
}

impl SimulateLog for Tressette {
    fn simulate_log(seed: u64, options: Options) -> SimulatedLog {
        simulate(seed, options).into_log()
    }
}

/// Every declaration a hand allows (four of a kind rather than three of it).
pub fn declarations_in(seat: Seat, hand: &[Card]) -> Vec<Declaration> {
    let mut found = Vec::new();
    for rank in [Honour::Three, Honour::Two, Honour::Ace] {
        let missing: Vec<Suit> = Suit::ALL
            .into_iter()
            .filter(|suit| !hand.contains(&Card::new(rank.rank(), *suit)))
            .collect();
        match missing.as_slice() {
            [] => found.push(Declaration::Four { seat, rank }),
            [missing] => found.push(Declaration::Three {
                seat,
                rank,
                missing: *missing,
            }),
            _ => {}
        }
    }
    for suit in Suit::ALL {
        let napoletana = Declaration::Napoletana { seat, suit };
        if napoletana.cards().iter().all(|card| hand.contains(&card)) {
            found.push(napoletana);
        }
    }
    found
}

/// The cards a seat may play: the suit led if it has it, otherwise anything.
pub use crate::rules::simulate::follow_suit as legal_cards;

/// Plays one random legal deal for the state's dealer.
pub fn play_deal(rng: &mut SplitMix, state: &Tressette) -> (DealEntry, SimDeal) {
    let dealer = state.dealer();
    let target = state.options().target_points;
    let totals = state.totals();
    let mut hands = deal_forty(rng, dealer);
    let mut declarations = Vec::new();
    for seat in Seat::ALL {
        for declaration in declarations_in(seat, &hands[seat.index()]) {
            if !rng.one_in(4) {
                declarations.push(declaration);
            }
        }
    }
    let mut declared = [0u32; 2];
    for declaration in &declarations {
        declared[declaration.seat().team().index()] += declaration.points();
    }

    let mut tricks: Vec<Trick> = Vec::new();
    let mut thirds = [0u32; 2];
    let mut leader = dealer.right();
    let mut claim = None;
    for number in 1..=TRICKS {
        // Before trick `number`: a claim, by either side, counting declarations only
        // once the first trick is over.
        let counted = if number > 1 { declared } else { [0, 0] };
        let claimer = Seat::ALL[rng.below(4)];
        let team = claimer.team().index();
        let reached = totals[team] + counted[team] + thirds[team] / 3 >= target;
        if (reached && rng.one_in(2)) || rng.one_in(100) {
            claim = Some(claimer);
            break;
        }
        let mut trick = Trick::new(leader);
        for position in 0..4 {
            let hand = &mut hands[leader.after(position).index()];
            let choices = legal_cards(hand, trick.cards.first().copied());
            let card = choices[rng.below(choices.len())];
            hand.retain(|held| *held != card);
            trick.cards.push(card);
        }
        let winner = trick.seat_at(trick_winner(&trick.cards).expect("four cards"));
        thirds[winner.team().index()] += trick
            .cards
            .iter()
            .map(|card| card_thirds(*card))
            .sum::<u32>();
        if number == TRICKS {
            thirds[winner.team().index()] += 3;
        }
        leader = winner;
        tricks.push(trick);
    }
    if tricks.is_empty() {
        declarations.clear();
        declared = [0, 0];
    }
    // With a claim, recorded points are the claimers'.
    let team = claim.map_or_else(|| Team::BOTH[rng.below(2)], |seat| seat.team());
    let noted = rng.one_in(3);
    let entry = DealEntry {
        team: noted.then_some(team),
        points: noted.then_some(thirds[team.index()] / 3),
        declarations,
        claim,
        tricks: Some(tricks.clone()),
        ..DealEntry::default()
    };
    let deal = SimDeal {
        thirds,
        declared,
        tricks: tricks.len(),
        claim,
    };
    (entry, deal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::{cards, seat};

    #[test]
    fn declarations_found_in_a_hand() {
        let hand = cards("3c 2c 1c 3d 3s 3b 2d 2s 4b 5b");
        let seat = seat(1);
        assert_eq!(
            declarations_in(seat, &hand),
            vec![
                Declaration::Four {
                    seat,
                    rank: Honour::Three
                },
                Declaration::Three {
                    seat,
                    rank: Honour::Two,
                    missing: Suit::Bastoni
                },
                Declaration::Napoletana {
                    seat,
                    suit: Suit::Coppe
                },
            ]
        );
    }
}
