//! A seeded simulator of legal card-by-card Trijumf matches, for tests and benches.
//!
//! The same seed always gives the same match: the deck is shuffled and dealt as the
//! cut says, every player plays a random legal card, declares king-horse pairs now and
//! then, claims when the side has (or now and then only nearly has) the target, and
//! once in a while breaks the rules, which ends the deal.

use super::{
    Claim, Cut, DealEntry, Declaration, Options, Revoke, Trijumf, seat_after, winning_position,
};
pub use crate::rng::SplitMix;
use crate::rules::card::{Card, Deck, Rank, Suit};
use crate::rules::game::Seat;
use crate::rules::simulate::{SimulateLog, SimulatedLog, deal_hands, play_match, shuffled};
use crate::rules::trick::Trick;

/// How the simulator treats one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breach {
    /// Play by the rules, now and then a breach that is recorded as one.
    Announced,
    /// One breach that the record does not declare, play going on after it (to test
    /// that the engine finds it). Used by [`simulate_deal`] only.
    Hidden,
}

/// A simulated match: the entries and, for each deal, the points it adds to each side.
pub type Simulated = crate::rules::simulate::Simulated<Trijumf, [u32; 2]>;

/// Plays a whole match from the seed.
pub fn simulate(seed: u64, options: Options) -> Simulated {
    play_match(seed, options, |rng, state| {
        simulate_deal(rng, state, Breach::Announced)
            .expect("an announced simulation always gives a deal")
    })
}

impl SimulateLog for Trijumf {
    fn simulate_log(seed: u64, options: Options) -> SimulatedLog {
        simulate(seed, options).into_log()
    }
}

/// Plays one deal for the state's dealer; returns the entry and the points it adds
/// (card points and declarations, or the award after a breach). With
/// [`Breach::Hidden`] returns `None` when no breach could be made.
pub fn simulate_deal(
    rng: &mut SplitMix,
    state: &Trijumf,
    breach: Breach,
) -> Option<(DealEntry, [u32; 2])> {
    let options = state.options();
    let players = options.players;
    let n = players as usize;
    let four = n == 4;
    let cut = [Cut::Normal, Cut::Knock, Cut::Flip][rng.below(3)];
    let deck = shuffled(rng, Deck::Italian40);
    let leader = state.leader();
    let mut hands = deal_hands(&deck, leader, players, 10);
    let mut trump_card = None;
    let mut stock = Vec::new();
    if four {
        if cut != Cut::Knock {
            // The turned card is the dealer's left's.
            trump_card = Some(hands[leader.index()][0]);
        }
    } else {
        trump_card = Some(deck[20]);
        stock = deck[21..].to_vec();
    }
    let mut draws = stock.clone();
    draws.extend(trump_card);

    // Declarations, in the order of the first trick.
    let mut declarations = Vec::new();
    for turn in 0..n {
        let seat = seat_after(leader, turn, players);
        for suit in Suit::ALL {
            let hand = &hands[seat.index()];
            let pair = hand.contains(&Card::new(Rank::RE, suit))
                && hand.contains(&Card::new(Rank::CAVALLO, suit));
            let allowed = four
                || !declarations
                    .iter()
                    .any(|declaration: &Declaration| declaration.seat == seat);
            if pair && allowed && !rng.one_in(3) {
                declarations.push(Declaration {
                    seat,
                    suit,
                    points: None,
                });
            }
        }
    }
    let trump = match trump_card {
        Some(card) => Some(card.suit),
        None => declarations.first().map(|declaration| declaration.suit),
    };
    let knock_without_trump = four && cut == Cut::Knock;
    let mut declared = [0u32; 2];
    for (index, declaration) in declarations.iter_mut().enumerate() {
        let value = if trump_card.map_or(index == 0, |card| card.suit == declaration.suit) {
            40
        } else {
            20
        };
        if rng.one_in(2) {
            declaration.points = Some(value);
        }
        declared[declaration.seat.team().index()] += value;
    }

    let total_tricks = options.tricks_per_deal();
    let target = options.target_points;
    let scores = state.scores();
    let breach_deal = match breach {
        Breach::Announced => rng.one_in(12),
        Breach::Hidden => true,
    };
    let breach_trick = rng.below(total_tricks) as u8 + 1;
    let mut hidden_breach_done = false;
    let mut tricks: Vec<Trick> = Vec::new();
    let mut won = [0u32; 2];
    let mut leader_now = leader;
    let mut next_draw = 0;
    let mut claim = None;
    let mut revoke = None;
    'deal: for number in 1..=total_tricks as u8 {
        let trump_now = if knock_without_trump && number == 1 {
            None
        } else {
            trump
        };
        let mut trick = Trick::new(leader_now);
        for position in 0..n {
            let seat = seat_after(leader_now, position, players);
            let hand = &mut hands[seat.index()];
            let led = trick.cards.first().map(|card: &Card| card.suit);
            let legal: Vec<usize> = (0..hand.len())
                .filter(|&index| legal_play(hand, hand[index], led, trump_now))
                .collect();
            let illegal: Vec<usize> = (0..hand.len())
                .filter(|index| !legal.contains(index))
                .collect();
            let wants_breach = breach_deal && number >= breach_trick && !hidden_breach_done;
            let index = if wants_breach && !illegal.is_empty() {
                let index = illegal[rng.below(illegal.len())];
                let card = hand[index];
                let led = led.expect("the leader always plays legally");
                let proof: Vec<Card> = hand
                    .iter()
                    .copied()
                    .filter(|&held| {
                        held.suit == led
                            || (Some(held.suit) == trump_now && Some(card.suit) != trump_now)
                    })
                    .collect();
                match breach {
                    Breach::Announced => {
                        trick.cards.push(hand.remove(index));
                        revoke = Some(Revoke {
                            seat,
                            trick: Some(number),
                            held: rng.one_in(2).then(|| proof[rng.below(proof.len())]),
                        });
                        tricks.push(trick);
                        break 'deal;
                    }
                    Breach::Hidden => {
                        hidden_breach_done = true;
                        index
                    }
                }
            } else {
                legal[rng.below(legal.len())]
            };
            trick.cards.push(hand.remove(index));
        }
        let position = winning_position(&trick.cards, trump_now).expect("a full trick");
        let winner = seat_after(leader_now, position, players);
        let team = winner.team().index();
        won[team] += trick
            .cards
            .iter()
            .map(|&card| super::card_points(card))
            .sum::<u32>();
        if number as usize == total_tricks {
            won[team] = won[team].saturating_add(options.last_trick_points);
        }
        if !four && next_draw < draws.len() {
            let loser = seat_after(winner, 1, players);
            hands[winner.index()].push(draws[next_draw]);
            hands[loser.index()].push(draws[next_draw + 1]);
            next_draw += 2;
        }
        tricks.push(trick);
        leader_now = winner;
        if (number as usize) < total_tricks && breach == Breach::Announced {
            for side in 0..2 {
                let total = scores[side] + won[side] + declared[side];
                let seat = Seat::ALL[side];
                if (total >= target && rng.one_in(2))
                    || (total + 40 >= target && total < target && rng.one_in(40))
                {
                    claim = Some(Claim {
                        seat: seat_after(seat, 2 * rng.below(n / 2), players),
                        correct: rng.one_in(2).then_some(total >= target),
                    });
                    break 'deal;
                }
            }
        }
    }
    if breach == Breach::Hidden && !hidden_breach_done {
        return None;
    }
    // A breach in the first trick ends play before the later players could declare.
    if let [first] = tricks.as_slice()
        && first.cards.len() < n
    {
        declarations.retain(|declaration| {
            (declaration.seat.index() + n - leader.index()) % n < first.cards.len()
        });
    }
    let mut added = [won[0] + declared[0], won[1] + declared[1]];
    if let Some(revoke) = revoke {
        added = [0, 0];
        added[revoke.seat.team().other().index()] = options.revoke_points;
    }
    let by_outcome = revoke.is_none() && breach == Breach::Announced && rng.one_in(5);
    let entry = DealEntry {
        cut,
        trump_card,
        declarations,
        points: (revoke.is_none() && (by_outcome || rng.one_in(2))).then_some(won),
        tricks: (!by_outcome).then_some(tricks),
        stock: (!four && !by_outcome && (breach == Breach::Hidden || !rng.one_in(4)))
            .then_some(stock),
        claim,
        revoke,
        author: None,
        time: None,
    };
    Some((entry, added))
}

/// Whether `card` may be played from `hand` to a trick led in `led` (None: leading).
pub fn legal_play(hand: &[Card], card: Card, led: Option<Suit>, trump: Option<Suit>) -> bool {
    let Some(led) = led else {
        return true;
    };
    if card.suit == led {
        return true;
    }
    if hand.iter().any(|held| held.suit == led) {
        return false;
    }
    match trump {
        Some(trump) if card.suit != trump => !hand.iter().any(|held| held.suit == trump),
        _ => true,
    }
}
