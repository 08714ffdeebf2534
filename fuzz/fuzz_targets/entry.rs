//! Entry validation: a structured sequence of Trionfetti entries (smazzata setups,
//! hands by outcome and hands card by card with cards from the deck) applied to a
//! match. Nothing may panic; a refused entry leaves the state exactly as it was and
//! has a message in both languages; an accepted one goes through the `Game` trait to
//! the same state.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;

use segnapunti::lang::Lang;
use segnapunti::rules::card::{Card, CardSet};
use segnapunti::rules::comanda::{self, Nicknames};
use segnapunti::rules::game::{Game, Message, Seat, Team};
use segnapunti::rules::ranking::Ranking;
use segnapunti::rules::trick::{Trick, winning_position};
use segnapunti::rules::trionfetti::{Answer, Entry, Hand, Options, Setup, Trionfetti, Vagaresto};

/// Comande the setups pick from (by index), so card-by-card hands meet real rankings.
const COMANDE: &[&str] = &[
    "più ponto",
    "manco ponto",
    "più ponto e più figure",
    "manco 5 e 4 più figure de coppe a asso",
    "tutto al tredici e denari al tredici",
    "componogara",
    "napoli",
];

#[derive(Debug, Arbitrary)]
struct Input {
    target_points: u8,
    games_to_win: u8,
    first_dealer: u8,
    entries: Vec<FuzzEntry>,
}

#[derive(Debug, Arbitrary)]
enum Ranked {
    /// One of [`COMANDE`].
    Comanda(u8),
    /// Levels of card indices (`% 52`), usually refused by `Ranking::from_levels`.
    Levels(Vec<Vec<u8>>),
    Default,
}

#[derive(Debug, Arbitrary)]
enum FuzzEntry {
    Setup {
        ranking: Ranked,
        cut: u8,
    },
    Outcome {
        winner: Option<bool>,
        vagaresto: Option<FuzzVagaresto>,
    },
    Cards {
        winner: Option<bool>,
        tricks: Vec<FuzzTrick>,
        vagaresto: Option<FuzzVagaresto>,
    },
}

#[derive(Debug, Arbitrary)]
struct FuzzTrick {
    /// Below 192 the seat that should lead (the dealer's right, then the winner of the
    /// previous trick); otherwise `leader % 4`.
    leader: u8,
    /// Card choices: below 200, the n-th card not yet played in this smazzata (what a
    /// real hand looks like); otherwise any card of the deck.
    cards: Vec<u8>,
}

#[derive(Debug, Arbitrary)]
struct FuzzVagaresto {
    caller: u8,
    accepted: bool,
    trick: Option<u8>,
    stake: Option<u8>,
}

fn seat(byte: u8) -> Seat {
    Seat::ALL[usize::from(byte % 4)]
}

fn team(winner: bool) -> Team {
    if winner { Team::A } else { Team::B }
}

fn card(byte: u8) -> Card {
    Card::from_index(usize::from(byte) % 52).expect("an index below 52 is a card")
}

fn vagaresto(v: &FuzzVagaresto) -> Vagaresto {
    Vagaresto {
        caller: seat(v.caller),
        answer: if v.accepted {
            Answer::Accepted
        } else {
            Answer::Conceded
        },
        trick: v.trick.map(|t| t % 5),
        stake: v.stake.map(u32::from),
    }
}

fn check_message(error: &impl Message) {
    for lang in Lang::ALL {
        assert!(
            !error.message(lang).trim().is_empty(),
            "empty message in {lang}"
        );
    }
}

fuzz_target!(|input: Input| {
    let nicknames = Nicknames::new();
    let options = Options {
        target_points: u32::from(input.target_points % 32),
        games_to_win: u32::from(input.games_to_win % 4),
    };
    let mut state = Trionfetti::new(options, seat(input.first_dealer));
    // Cards played in the current smazzata as the harness sees them (to pick unplayed
    // cards); reset when a setup is accepted.
    let mut played = CardSet::EMPTY;
    let mut cut = None;
    for fuzz in input.entries.iter().take(64) {
        let entry = match fuzz {
            FuzzEntry::Setup {
                ranking,
                cut: cut_byte,
            } => {
                let ranking = match ranking {
                    Ranked::Comanda(i) => {
                        let text = COMANDE[usize::from(*i) % COMANDE.len()];
                        comanda::parse(text, &nicknames).expect("the fuzz comande are valid")
                    }
                    Ranked::Levels(levels) => {
                        let levels = levels
                            .iter()
                            .take(60)
                            .map(|level| level.iter().take(60).map(|&c| card(c)).collect())
                            .collect();
                        match Ranking::from_levels(levels) {
                            Ok(ranking) => ranking,
                            Err(error) => {
                                for lang in Lang::ALL {
                                    assert!(!error.message(lang).trim().is_empty());
                                }
                                continue;
                            }
                        }
                    }
                    Ranked::Default => Ranking::default_order(),
                };
                Entry::Smazzata(Setup {
                    ranking,
                    cut: card(*cut_byte),
                    comanda: None,
                })
            }
            FuzzEntry::Outcome {
                winner,
                vagaresto: v,
            } => Entry::Hand(Hand {
                winner: winner.map(team),
                tricks: None,
                vagaresto: v.as_ref().map(vagaresto),
            }),
            FuzzEntry::Cards {
                winner,
                tricks,
                vagaresto: v,
            } => {
                let mut seen = played;
                let mut next_leader = state.leader();
                let tricks = tricks
                    .iter()
                    .take(5)
                    .map(|trick| {
                        // Mostly the seat that should lead, so hands get decided.
                        let leader = if trick.leader < 192 {
                            next_leader
                        } else {
                            seat(trick.leader)
                        };
                        let cards: Vec<Card> = trick
                            .cards
                            .iter()
                            .take(6)
                            .map(|&choice| {
                                let unplayed: Vec<Card> = (0..52u8)
                                    .map(card)
                                    .filter(|c| !seen.contains(*c) && Some(*c) != cut)
                                    .collect();
                                let chosen = if choice < 200 && !unplayed.is_empty() {
                                    unplayed[usize::from(choice) % unplayed.len()]
                                } else {
                                    card(choice)
                                };
                                seen.insert(chosen);
                                chosen
                            })
                            .collect();
                        if let Some(position) =
                            state.ranking().and_then(|r| winning_position(&cards, r))
                        {
                            next_leader = leader.after(position);
                        }
                        Trick { leader, cards }
                    })
                    .collect();
                Entry::Hand(Hand {
                    winner: winner.map(team),
                    tricks: Some(tricks),
                    vagaresto: v.as_ref().map(vagaresto),
                })
            }
        };

        let before = state.clone();
        let through_trait = state.apply(&entry);
        match state.apply_in_place(&entry) {
            Ok(()) => {
                assert_eq!(
                    through_trait.as_ref(),
                    Ok(&state),
                    "apply and apply_in_place agree"
                );
                match &entry {
                    Entry::Smazzata(setup) => {
                        played = CardSet::EMPTY;
                        cut = Some(setup.cut);
                    }
                    Entry::Hand(hand) => {
                        for trick in hand.tricks.iter().flatten() {
                            for c in &trick.cards {
                                played.insert(*c);
                            }
                        }
                        if state.ranking().is_none() {
                            // The smazzata ended.
                            played = CardSet::EMPTY;
                            cut = None;
                        }
                    }
                }
                let _ = state.summary();
            }
            Err(error) => {
                assert_eq!(state, before, "a refused entry changes nothing: {error:?}");
                assert_eq!(through_trait, Err(error.clone()));
                check_message(&error);
            }
        }
    }
});
