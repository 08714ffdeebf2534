//! A seeded simulator of legal card-by-card Madrasso matches, for tests and benches.
//!
//! The same seed always gives the same match. Deals are shuffled and played with
//! random legal cards; now and then the holder of the 7 of trumps exchanges it, a
//! player revokes on purpose (a cassone ends the deal there), or, once declarations
//! are allowed, a trick winner declares out (usually when right, rarely when wrong).

use super::{Cassone, DealEntry, Madrasso, Options, TRICKS, trick_points, trick_winner};
pub use crate::rng::SplitMix;
use crate::rules::card::{Card, Rank};
use crate::rules::game::{Seat, Team};
use crate::rules::simulate::{
    SimulateLog, SimulatedLog, deal_forty, follow_suit, of_suit, play_match,
};
use crate::rules::trick::Trick;

/// What the simulator itself worked out for one deal, to compare with the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimDeal {
    /// Card points plus the last-trick bonus taken by each team in the tricks played.
    pub points: [u32; 2],
    pub tricks: [u8; 2],
    pub cassone: Option<Seat>,
    pub declared: Option<Seat>,
}

/// A simulated match: the entries and, for each deal, the simulator's own view.
pub type Simulated = crate::rules::simulate::Simulated<Madrasso, SimDeal>;

/// Plays a whole match from the seed.
pub fn simulate(seed: u64, options: Options) -> Simulated {
    play_match(seed, options, play_deal)
}

impl SimulateLog for Madrasso {
    fn simulate_log(seed: u64, options: Options) -> SimulatedLog {
        simulate(seed, options).into_log()
    }
}

/// The cards a seat may play: the suit led if it has it; otherwise trumps under the
/// must-trump option if it has them; otherwise anything.
pub fn legal_cards(hand: &[Card], led: Option<Card>, trumps: Card, must_trump: bool) -> Vec<Card> {
    let unable = led.is_some_and(|led| hand.iter().all(|card| card.suit != led.suit));
    let trumping = of_suit(hand, trumps.suit);
    if must_trump && unable && !trumping.is_empty() {
        trumping
    } else {
        follow_suit(hand, led)
    }
}

/// Plays one random legal deal for the state's dealer.
pub fn play_deal(rng: &mut SplitMix, state: &Madrasso) -> (DealEntry, SimDeal) {
    let options = state.options();
    let dealer = state.dealer();
    let mut hands = deal_forty(rng, dealer);
    // The 21st card is one of the dealer's ten, shown to all.
    let face_up = hands[dealer.index()][rng.below(TRICKS)];
    let trumps = face_up.suit;
    let seven = Card::new(Rank::new(7).expect("7 is a rank"), trumps);
    let holder = Seat::ALL
        .into_iter()
        .find(|seat| hands[seat.index()].contains(&seven))
        .expect("every card is dealt");
    let exchange = (holder != dealer && face_up != seven && rng.one_in(2)).then_some(holder);
    let revoke_at = rng.one_in(10).then(|| rng.below(TRICKS) as u8 + 1);
    let declaring = state.can_declare();
    let target = options.target_points as i32;
    let totals = state.totals();

    let mut tricks: Vec<Trick> = Vec::new();
    let mut points = [0u32; 2];
    let mut won = [0u8; 2];
    let mut leader = dealer.right();
    let mut cassone = None;
    let mut declared = None;
    for number in 1..=TRICKS as u8 {
        let mut trick = Trick::new(leader);
        for position in 0..4 {
            let seat = leader.after(position);
            if number == 1 && exchange == Some(seat) {
                let dealer_hand = &mut hands[dealer.index()];
                dealer_hand.retain(|card| *card != face_up);
                dealer_hand.push(seven);
                let hand = &mut hands[seat.index()];
                hand.retain(|card| *card != seven);
                hand.push(face_up);
            }
            let hand = &hands[seat.index()];
            let led = trick.cards.first().copied();
            let mut choices = legal_cards(hand, led, face_up, options.must_trump);
            if revoke_at == Some(number) && cassone.is_none() && position > 0 {
                let off_suit: Vec<Card> = hand
                    .iter()
                    .copied()
                    .filter(|card| Some(card.suit) != led.map(|led| led.suit))
                    .collect();
                if !off_suit.is_empty() && off_suit.len() < hand.len() {
                    choices = off_suit;
                    cassone = Some(seat);
                }
            }
            let card = choices[rng.below(choices.len())];
            hands[seat.index()].retain(|held| *held != card);
            trick.cards.push(card);
        }
        let position = trick_winner(&trick.cards, trumps).expect("four cards");
        let winner = trick.seat_at(position);
        let team = winner.team().index();
        won[team] += 1;
        points[team] += trick_points(&trick.cards, number as usize == TRICKS);
        tricks.push(trick);
        leader = winner;
        if cassone.is_some() {
            break;
        }
        if declaring && won[team] as usize != TRICKS {
            let reached = totals[team] + points[team] as i32 >= target;
            if (reached && rng.one_in(2)) || rng.one_in(60) {
                declared = Some(winner);
                break;
            }
        }
    }
    // A cassone leaves the points unnoted; otherwise the referee may note one team's.
    let noted = match cassone {
        Some(_) => None,
        None => {
            let team = Team::BOTH[rng.below(2)];
            rng.one_in(3).then_some(team)
        }
    };
    let entry = DealEntry {
        team: noted,
        points: noted.map(|team| points[team.index()]),
        face_up: Some(face_up),
        exchange,
        cassone: cassone.map(|seat| Cassone {
            seat,
            trick: Some(tricks.len() as u8),
        }),
        declared,
        tricks: Some(tricks),
        ..DealEntry::default()
    };
    let deal = SimDeal {
        points,
        tricks: won,
        cassone,
        declared,
    };
    (entry, deal)
}
