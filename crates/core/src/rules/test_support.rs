//! Helpers the games' unit tests share: seats, cards and tricks written as the short
//! codes of the rules texts (`"Rs"`, `"1d 3c"`), and playing a list of entries.

use std::fmt::Debug;

use super::card::Card;
use super::game::{Game, Seat};
use super::play_error::Breach;
use super::simulate::Simulated;
use super::trick::Trick;

pub fn seat(index: u8) -> Seat {
    Seat::new(index).unwrap()
}

pub fn card(code: &str) -> Card {
    code.parse().unwrap()
}

/// Cards separated by spaces: `"2d 4c 4b 5c"`.
pub fn cards(codes: &str) -> Vec<Card> {
    codes.split_whitespace().map(card).collect()
}

/// Seat `seat_index` broke a rule in trick `trick`, playing the first of `codes` on the
/// second, while holding the third (played later in trick `held_played`, or 0).
pub fn breach(trick: u8, seat_index: u8, codes: [&str; 3], held_played: u8) -> Breach {
    let [played, led, held] = codes.map(card);
    Breach::new(trick, (seat(seat_index), played), led, (held, held_played))
}

/// A trick led by seat `leader`, its cards in play order.
pub fn trick(leader: u8, codes: &str) -> Trick {
    Trick {
        leader: seat(leader),
        cards: cards(codes),
    }
}

/// The state after an entry (or what makes one, such as a deal), or why it is refused.
pub fn play<G: Game>(state: &G, entry: impl Into<G::Entry>) -> Result<G, G::Error> {
    state.apply(&entry.into())
}

/// The state after every entry, each of which must be accepted.
pub fn play_all<G: Game, E: Into<G::Entry>>(
    mut state: G,
    entries: impl IntoIterator<Item = E>,
) -> G {
    for entry in entries {
        state = play(&state, entry).unwrap();
    }
    state
}

/// Runs a simulation twice, checks that both give the same entries, and gives the first.
pub fn simulated_twice<G: Game, D>(simulate: impl Fn() -> Simulated<G, D>) -> Simulated<G, D>
where
    G::Entry: PartialEq + Debug,
{
    let first = simulate();
    assert_eq!(first.entries, simulate().entries);
    first
}

/// The state after a simulated match's entries, each of which must be accepted.
pub fn replayed<G: Game, D>(simulated: &Simulated<G, D>) -> G
where
    G::Entry: Clone,
{
    let state = G::new(simulated.options.clone(), simulated.first_dealer);
    play_all(state, simulated.entries.iter().cloned())
}
