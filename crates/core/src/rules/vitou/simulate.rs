//! A seeded simulator of legal card-by-card Vitou matches, for tests and benches.
//!
//! The same seed always gives the same match: three cards to each player from a
//! shuffled 32-card deck, random cards, bids and raises now and then (only where the
//! rules allow them), refusals now and then, and at 20 the special rules.

use super::{
    Bid, BidCall, Options, Refusal, RoundEntry, Stage, Vitou, round_decision, seat_after,
    trick_winner,
};
pub use crate::rng::SplitMix;
use crate::rules::card::Deck;
use crate::rules::game::Team;
use crate::rules::simulate::{SimulateLog, SimulatedLog, deal_hands, play_match, shuffled};
use crate::rules::trick::Trick;

/// A simulated match: the entries and, for each round, the side it scores for and how much.
pub type Simulated = crate::rules::simulate::Simulated<Vitou, Option<(Team, u32)>>;

/// Plays a whole match from the seed.
pub fn simulate(seed: u64, options: Options) -> Simulated {
    play_match(seed, options, simulate_round)
}

impl SimulateLog for Vitou {
    fn simulate_log(seed: u64, options: Options) -> SimulatedLog {
        simulate(seed, options).into_log()
    }
}

/// Plays one round for the state's dealer; returns the entry and who scored what
/// (the points a baraque brings are what the winner lacked).
pub fn simulate_round(rng: &mut SplitMix, state: &Vitou) -> (RoundEntry, Option<(Team, u32)>) {
    let options = state.options();
    let players = options.players;
    let n = players as usize;
    let stage = state.stage();
    match stage {
        Stage::OnTwenty { team } if rng.one_in(4) => {
            let entry = RoundEntry {
                declined: true,
                points: rng.one_in(2).then_some(1),
                ..RoundEntry::default()
            };
            return (entry, Some((team.other(), 1)));
        }
        Stage::BothOnTwenty if rng.one_in(3) => {
            let entry = RoundEntry {
                all_passed: true,
                ..RoundEntry::default()
            };
            return (entry, None);
        }
        _ => {}
    }
    let deck = shuffled(rng, Deck::French32);
    let mut hands = deal_hands(&deck, state.leader(), players, 3);
    let bidding = stage == Stage::Normal;
    let mut bids: Vec<BidCall> = Vec::new();
    let mut refusal = None;
    let mut tricks: Vec<Trick> = Vec::new();
    let mut results = Vec::new();
    let mut leader = state.leader();
    let mut decision = None;
    'round: for number in 1..=3u8 {
        let mut trick = Trick::new(leader);
        for position in 0..n {
            let seat = seat_after(leader, position, players);
            // The player right after a raise in this trick may refuse it.
            if let Some(last) = bids.last()
                && last.trick == Some(number)
                && seat_after(last.seat, 1, players) == seat
                && position > 0
                && rng.one_in(4)
            {
                refusal = Some(Refusal {
                    seat,
                    trick: Some(number),
                });
                tricks.push(trick);
                break 'round;
            }
            let next = Bid::ORDER.get(bids.len()).copied();
            let may_bid = bidding
                && position + 1 < n
                && bids
                    .last()
                    .is_none_or(|last| last.seat.team() != seat.team());
            if let Some(bid) = next
                && may_bid
                && rng.one_in(4)
            {
                bids.push(BidCall {
                    seat,
                    bid,
                    trick: Some(number),
                });
            }
            let hand = &mut hands[seat.index()];
            trick.cards.push(hand.swap_remove(rng.below(hand.len())));
        }
        match trick_winner(&trick.cards) {
            Some(position) => {
                let seat = seat_after(leader, position, players);
                results.push(Some(seat.team()));
                leader = seat;
            }
            None => results.push(None),
        }
        tricks.push(trick);
        decision = round_decision(&results);
        if decision.is_some() {
            break;
        }
    }
    let last_bid = bids.last().map(|call| call.bid);
    let (winner, result) = match refusal {
        Some(_) => {
            let last = bids.last().expect("a refusal follows a raise");
            let team = last.seat.team();
            (team, Some((team, last.bid.refused_points())))
        }
        None => match decision.expect("three tricks decide a round") {
            None => {
                let entry = RoundEntry {
                    tricks: Some(tricks),
                    bids,
                    tied: rng.one_in(2),
                    points: rng.one_in(2).then_some(0),
                    ..RoundEntry::default()
                };
                return (entry, None);
            }
            Some(team) => {
                let points = match stage {
                    Stage::Normal => match last_bid {
                        None => 1,
                        Some(Bid::Baraque) => options
                            .target_points
                            .saturating_sub(state.scores()[team.index()])
                            .max(1),
                        Some(bid) => bid.points(),
                    },
                    Stage::OnTwenty { team: on } if on == team => 1,
                    Stage::OnTwenty { .. } => 3,
                    Stage::BothOnTwenty => 1,
                };
                (team, Some((team, points)))
            }
        },
    };
    let by_outcome = rng.one_in(4);
    let mut entry = RoundEntry {
        winner: (by_outcome || rng.one_in(2)).then_some(winner),
        tricks: Some(tricks),
        bids,
        refusal,
        points: result.filter(|_| rng.one_in(2)).map(|(_, points)| points),
        ..RoundEntry::default()
    };
    if by_outcome {
        entry.tricks = None;
        for call in &mut entry.bids {
            call.trick = None;
        }
        if let Some(refusal) = &mut entry.refusal {
            refusal.trick = None;
        }
    }
    (entry, result)
}
