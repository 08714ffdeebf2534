//! Helpers the games' unit tests share, and the shell's tests of their words (through
//! the `test-support` feature): seats, cards and tricks written as the short codes of
//! the rules texts (`"Rs"`, `"1d 3c"`), playing a list of entries or a whole deal,
//! checking a refusal and the id of its message, and a JSON body for serde's complaints.

use std::fmt::Debug;

use serde::Deserialize;

use super::card::Card;
use super::game::{Game, Message, Seat};
use super::play_error::{Breach, PlayError};
use super::simulate::Simulated;
use super::trick::{LeadReason, Trick};

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

/// Why a trick is led by the seat that won trick `trick` with the card `code`.
pub fn won_previous(trick: u8, seat_index: u8, code: &str) -> LeadReason {
    LeadReason::WonPrevious {
        trick,
        seat: seat(seat_index),
        card: card(code),
    }
}

/// Seat `found` led trick `trick` of `deal`, which seat `expected` had to lead `because`.
pub fn wrong_leader<D>(
    deal: D,
    trick: u8,
    found: u8,
    expected: u8,
    because: LeadReason,
) -> PlayError<D> {
    PlayError::WrongLeader {
        deal,
        trick,
        found: seat(found),
        expected: seat(expected),
        because,
    }
}

/// Plays `tricks` tricks out of the hands (by seat) from `leader`: each seat, in play
/// order, plays the card `choose` picks from its hand given the trick's number (from 1)
/// and the card led, and the position `winner` names leads the next trick.
pub fn play_out_tricks(
    mut hands: [Vec<Card>; 4],
    mut leader: Seat,
    tricks: usize,
    choose: impl Fn(u8, &[Card], Option<Card>) -> Card,
    winner: impl Fn(u8, &[Card]) -> Option<usize>,
) -> Vec<Trick> {
    let mut played = Vec::new();
    for number in (1..=tricks).map(|number| number as u8) {
        let mut trick = Trick {
            leader,
            cards: Vec::new(),
        };
        for position in 0..4 {
            let hand = &mut hands[leader.after(position).index()];
            let choice = choose(number, hand, trick.cards.first().copied());
            hand.retain(|card| *card != choice);
            trick.cards.push(choice);
        }
        leader = trick.seat_at(winner(number, &trick.cards).unwrap());
        played.push(trick);
    }
    played
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

/// The error of `result`, which must be `expected` and whose message must have the id
/// `id`: the games' refusals are data here, their words are the
/// shell's (`web/i18n/rule_words_tests.rs`).
#[track_caller]
pub fn refused_as<T: Debug, E: PartialEq + Debug + Message>(
    result: Result<T, E>,
    expected: E,
    id: &str,
) -> E {
    let error = result.unwrap_err();
    assert_eq!(error, expected);
    assert_eq!(error.msg().id, id, "{error:?}");
    error
}

/// Like [`refused_as`] for an error told by a pattern (`RuleError::Revoke { .. }`): the
/// error of `result` must match it, and its message (in `lang`) have the id `id`.
#[cfg(test)]
macro_rules! refused_matching {
    ($result:expr, $pattern:pat, $id:expr $(,)?) => {{
        let error = $result.unwrap_err();
        assert!(matches!(error, $pattern), "{error:?}");
        assert_eq!(
            $crate::rules::game::Message::msg(&error).id,
            $id,
            "{error:?}"
        );
        error
    }};
}
#[cfg(test)]
pub(crate) use refused_matching;

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

/// Replays a simulated match entry by entry, each of which must be accepted, handing
/// `check` the states before and after each entry and what the simulation says that
/// entry scored; gives the last state.
pub fn replayed_checking<G: Game, D>(
    simulated: &Simulated<G, D>,
    mut check: impl FnMut(&G, &G, &D),
) -> G {
    let mut state = G::new(simulated.options.clone(), simulated.first_dealer);
    for (entry, scored) in simulated.entries.iter().zip(&simulated.deals) {
        let next = state.apply(entry).unwrap();
        check(&state, &next, scored);
        state = next;
    }
    state
}

/// A body to read with serde: its complaints about bad texts are the cases of
/// `json_text`'s tests and of the shell's words for them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct Body {
    expected_seq: i64,
    winner: String,
    #[serde(default)]
    pair: Option<(u8, u8)>,
    #[serde(default)]
    side: Option<Side>,
}

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
pub enum Side {
    A,
    B,
}

/// serde_json's error for `text`, which must not read as a `T`.
pub fn error_of<T: for<'de> Deserialize<'de> + Debug>(text: &str) -> serde_json::Error {
    serde_json::from_str::<T>(text).expect_err(text)
}
