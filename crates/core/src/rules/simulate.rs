//! The loop every game's simulator shares: a seeded first dealer, then one simulated
//! entry after another, each applied by the engine, until the match is over.
//!
//! Each game's `simulate.rs` plays one entry (a deal, or Vitou's round) with random
//! legal cards and says what it worked out itself, so tests can compare it with the
//! engine's own scoring.

use std::fmt::Debug;

use crate::rng::SplitMix;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::game::{Game, Seat, Seating, seat_after};

/// A simulated match: its options, first dealer and entries, and for each entry what
/// the simulator itself worked out.
#[derive(Debug, Clone)]
pub struct Simulated<G: Game, D> {
    pub options: G::Options,
    pub first_dealer: Seat,
    pub entries: Vec<G::Entry>,
    pub deals: Vec<D>,
}

/// Entries after which a simulation gives up: a match this long is a bug.
const MAX_ENTRIES: usize = 500;

/// Plays a whole match from `seed`: the first dealer is drawn among the seats the
/// options give, then `play` gives each next entry (or what makes one) for the state so far. A refused
/// entry is a bug of the simulator or the engine, so it panics naming the seed.
pub fn play_match<G, E, D>(
    seed: u64,
    options: G::Options,
    mut play: impl FnMut(&mut SplitMix, &G) -> (E, D),
) -> Simulated<G, D>
where
    G: Game,
    G::Entry: Debug,
    E: Into<G::Entry>,
{
    let mut rng = SplitMix::new(seed);
    let first_dealer = Seat::ALL[rng.below(usize::from(options.players()))];
    let mut state = G::new(options.clone(), first_dealer);
    let mut entries = Vec::new();
    let mut deals = Vec::new();
    while !state.common().over && entries.len() < MAX_ENTRIES {
        let (entry, deal) = play(&mut rng, &state);
        let entry = entry.into();
        state.apply_in_place(&entry).unwrap_or_else(|error| {
            panic!("seed {seed}: a simulated entry is refused: {error}\n{entry:?}")
        });
        entries.push(entry);
        deals.push(deal);
    }
    Simulated {
        options,
        first_dealer,
        entries,
        deals,
    }
}

/// The cards of `deck`, shuffled.
pub fn shuffled(rng: &mut SplitMix, deck: Deck) -> Vec<Card> {
    let mut cards: Vec<Card> = deck.cards().collect();
    rng.shuffle(&mut cards);
    cards
}

/// `each` cards from the top of `cards` to each of `players` seats: the first to
/// `leader`, the next to the seat after it in the order of play, and so on.
pub fn deal_hands(cards: &[Card], leader: Seat, players: u8, each: usize) -> [Vec<Card>; 4] {
    let mut hands: [Vec<Card>; 4] = Default::default();
    for turn in 0..usize::from(players) {
        let seat = seat_after(leader, turn, players);
        hands[seat.index()] = cards[turn * each..(turn + 1) * each].to_vec();
    }
    hands
}

/// The 40 cards shuffled and dealt ten to each of four seats, the dealer's right first
/// (Madrasso, Tressette).
pub fn deal_forty(rng: &mut SplitMix, dealer: Seat) -> [Vec<Card>; 4] {
    deal_hands(&shuffled(rng, Deck::Italian40), dealer.right(), 4, 10)
}

/// The cards of `hand` in `suit`.
pub fn of_suit(hand: &[Card], suit: Suit) -> Vec<Card> {
    hand.iter()
        .copied()
        .filter(|card| card.suit == suit)
        .collect()
}

/// The cards a seat may play where only following suit is required: the suit led if
/// it has it, otherwise anything.
pub fn follow_suit(hand: &[Card], led: Option<Card>) -> Vec<Card> {
    match led.map(|led| of_suit(hand, led.suit)) {
        Some(following) if !following.is_empty() => following,
        _ => hand.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::{replayed, simulated_twice};
    use crate::rules::{madrasso, tressette, trijumf, vitou};

    #[test]
    fn every_simulator_gives_the_same_match_for_the_same_seed() {
        let madrasso = simulated_twice(|| madrasso::simulate::simulate(11, Default::default()));
        assert!(madrasso.deals.len() >= 10);
        let tressette = simulated_twice(|| tressette::simulate::simulate(5, Default::default()));
        assert!(!tressette.entries.is_empty());
        let vitou = simulated_twice(|| vitou::simulate::simulate(3, Default::default()));
        assert!(!vitou.entries.is_empty());
        for players in [2, 4] {
            let options = trijumf::Options {
                players,
                ..Default::default()
            };
            let trijumf = simulated_twice(|| trijumf::simulate::simulate(11, options));
            assert!(!trijumf.entries.is_empty());
        }
    }

    #[test]
    fn a_simulated_match_ends_with_a_winner() {
        let madrasso: madrasso::Madrasso =
            replayed(&madrasso::simulate::simulate(3, Default::default()));
        assert!(madrasso.is_over());
        assert_eq!(madrasso.games_won().iter().sum::<u32>(), 1);
        let tressette: tressette::Tressette =
            replayed(&tressette::simulate::simulate(8, Default::default()));
        assert!(tressette.is_over());
    }
}
