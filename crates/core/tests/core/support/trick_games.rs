//! What the games' property tests share: a match replayed entry by entry, an entry
//! through JSON, and deals changed to break one rule of play.

use std::fmt::Debug;

use proptest::prelude::*;
use segnapunti_core::rules::card::Card;
use segnapunti_core::rules::game::{Game, Seat};
use segnapunti_core::rules::trick::Trick;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A revoke planted in a deal: the changed entry, the trick holding the revoke (from 1)
/// and the off-suit card played there.
pub type Planted<E> = (E, u8, Card);

/// The states before each entry and the final one; every entry must apply.
pub fn replay<G: Game>(options: G::Options, first_dealer: Seat, entries: &[G::Entry]) -> Vec<G> {
    let mut states = vec![G::new(options, first_dealer)];
    for (index, entry) in entries.iter().enumerate() {
        let next = states
            .last()
            .unwrap()
            .apply(entry)
            .unwrap_or_else(|error| panic!("entry {index}: {error}"));
        states.push(next);
    }
    states
}

/// The entry written as JSON and read back, which must be the same entry.
pub fn through_json<E>(entry: &E) -> Result<E, TestCaseError>
where
    E: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = serde_json::to_string(entry).unwrap();
    let read: E = serde_json::from_str(&json).unwrap();
    prop_assert_eq!(&read, entry);
    Ok(read)
}

/// The tricks with the last card of the last trick replaced by the first card played.
pub fn first_card_played_twice(tricks: &[Trick]) -> Vec<Trick> {
    let mut copies = tricks.to_vec();
    let last = copies.len() - 1;
    copies[last].cards[3] = tricks[0].cards[0];
    copies
}

/// In a deal played out (ten tricks), a card that followed suit in trick `k` swapped with
/// the same seat's off-suit card of a later trick, where `winner` sees no trick change
/// hands and neither card is `exempt` from following suit: trick `k` then holds a revoke.
/// Gives the tricks, `k` from 1 and the off-suit card now in trick `k`.
pub fn plant_revoke(
    tricks: &[Trick],
    exempt: impl Fn(Card) -> bool,
    winner: impl Fn(&[Card]) -> Option<usize>,
) -> Option<(Vec<Trick>, u8, Card)> {
    if tricks.len() != 10 {
        return None;
    }
    for k in 0..tricks.len() {
        let led = tricks[k].cards[0].suit;
        for position in 1..4 {
            let seat = tricks[k].seat_at(position);
            let followed = tricks[k].cards[position];
            if followed.suit != led || exempt(followed) {
                continue;
            }
            for m in k + 1..tricks.len() {
                let at = seat.turns_after(tricks[m].leader);
                let other = tricks[m].cards[at];
                if other.suit == led || exempt(other) {
                    continue;
                }
                let mut cards = tricks.to_vec();
                cards[k].cards[position] = other;
                cards[m].cards[at] = followed;
                if winner(&cards[k].cards) == winner(&tricks[k].cards)
                    && winner(&cards[m].cards) == winner(&tricks[m].cards)
                {
                    return Some((cards, k as u8 + 1, other));
                }
            }
        }
    }
    None
}

/// `state` refuses `entry` with an error `expected` recognises, and is left as it was.
pub fn refuses<G: Game>(
    state: &G,
    entry: &G::Entry,
    expected: impl Fn(&G::Error) -> bool,
) -> Result<(), TestCaseError> {
    let error = state.apply(entry).map(|_| ()).unwrap_err();
    prop_assert!(expected(&error), "{error:?}");
    Ok(())
}

/// `state` refuses a planted revoke with an error `is_revoke` takes for that revoke.
pub fn refuses_revoke<G: Game>(
    state: &G,
    (entry, trick, card): Planted<G::Entry>,
    is_revoke: impl Fn(&G::Error, u8, Card) -> bool,
) -> Result<(), TestCaseError> {
    refuses(state, &entry, |error| is_revoke(error, trick, card))
}

/// A match replayed (see [`replay`]) and the index of the entry `pick` chooses in it.
pub fn replay_and_pick<G: Game>(
    options: G::Options,
    first_dealer: Seat,
    entries: &[G::Entry],
    pick: prop::sample::Index,
) -> (Vec<G>, usize) {
    (
        replay(options, first_dealer, entries),
        pick.index(entries.len()),
    )
}

/// A revoke planted wherever `plant` can in a simulated match (`states` before each of
/// its `entries`) is refused each time, and it can in more than half the deals.
pub fn planted_revokes_are_refused<G: Game>(
    states: &[G],
    entries: &[G::Entry],
    plant: impl Fn(&G::Entry) -> Option<Planted<G::Entry>>,
    is_revoke: impl Fn(&G::Error, u8, Card) -> bool,
) {
    let mut planted = 0;
    for (entry, state) in entries.iter().zip(states) {
        if let Some(revoke) = plant(entry) {
            planted += 1;
            refuses_revoke(state, revoke, &is_revoke).unwrap();
        }
    }
    assert!(planted * 2 > entries.len(), "{planted}");
}
