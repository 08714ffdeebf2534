//! A seeded simulator of legal card-by-card Trionfetti matches, for tests and benches.
//!
//! Randomness comes from a tiny deterministic generator seeded by the caller, so the
//! same seed always gives the same match. Play is random but legal: random comande
//! (from a list of real ones, or random explicit rankings), shuffled decks, random
//! cards, now and then a vagaresto, accepted or conceded.

use super::{Answer, Options, Trionfetti, Vagaresto};
use crate::rules::card::{Card, Deck};
use crate::rules::comanda::{self, Nicknames};
use crate::rules::game::{Seat, Team};
use crate::rules::ranking::Ranking;
use crate::rules::record::{HandEntry, MatchRecord, SmazzataEntry};
use crate::rules::simulate::{SimulateLog, SimulatedLog, deal_hands, log_values};
use crate::rules::trick::{Trick, winning_position};

/// Real comande from the rules text, as a cutter says them.
pub const COMANDE: &[&str] = &[
    "più ponto e più figure",
    "tutto al tredici",
    "manco ponto",
    "più ponto",
    "manco e cavalli",
    "più figure, assi e due",
    "manco e manco scartine",
    "manco 7 e 8",
    "primiera",
    "più e Napoli",
    "manco primiera",
    "primiera e fanti",
    "tutto al tredici e denari al tredici",
    "più dispari e meno pari",
    "più fino al cinque e meno fino al sei",
    "componogara",
    "bomba",
];

pub use crate::rng::SplitMix;

/// A simulated match: the record and, for each hand, the team that won it and its value.
#[derive(Debug, Clone)]
pub struct Simulated {
    pub record: MatchRecord,
    pub hands: Vec<(Team, u32)>,
}

/// A random explicit ranking: ranks shuffled, and a few single cards lifted to the top
/// (which keeps both restrictions of the rules).
pub fn random_ranking(rng: &mut SplitMix) -> Ranking {
    let mut ranks: Vec<_> = crate::rules::card::Rank::all().collect();
    rng.shuffle(&mut ranks);
    let mut levels: Vec<Vec<Card>> = Ranking::by_ranks(ranks).levels().to_vec();
    for _ in 0..rng.below(4) {
        let level = rng.below(levels.len());
        if levels[level].len() > 1 {
            let position = rng.below(levels[level].len());
            let card = levels[level].remove(position);
            levels.push(vec![card]);
        }
    }
    Ranking::from_levels(levels).expect("a shuffled ranking stays valid")
}

impl SimulateLog for Trionfetti {
    /// Comande are read without a club's nicknames.
    fn simulate_log(seed: u64, options: Options) -> SimulatedLog {
        let record = simulate(seed, options, &Nicknames::new()).record;
        SimulatedLog {
            first_dealer: record.first_dealer,
            entries: log_values(&record.entries),
        }
    }
}

/// Plays a whole match from the seed. Comande the parser cannot read (with these
/// nicknames) are replaced by random explicit rankings.
pub fn simulate(seed: u64, options: Options, nicknames: &Nicknames) -> Simulated {
    let mut rng = SplitMix::new(seed);
    let first_dealer = Seat::ALL[rng.below(4)];
    let players = ["Bepi", "Toni", "Nane", "Gigio"].map(String::from);
    let mut record = MatchRecord::new(options, players, first_dealer);
    let mut state = Trionfetti::new(options, first_dealer);
    let mut hands = Vec::new();
    while !state.is_over() {
        let (entry, ranking) = smazzata_setup(&mut rng, nicknames);
        let cut = entry.cut;
        let setup = crate::rules::replay::setup(&entry, nicknames).expect("simulated setup");
        state
            .apply_setup(&setup)
            .expect("a new smazzata takes its comanda");
        record
            .entries
            .push(crate::rules::record::RecordEntry::Smazzata(entry));
        let mut deck: Vec<Card> = Deck::Trevigiane52
            .cards()
            .filter(|card| *card != cut)
            .collect();
        rng.shuffle(&mut deck);
        let smazzata = state.deal().smazzata;
        let mut next = 0;
        while !state.is_over() && state.deal().smazzata == smazzata {
            let held = deal_hands(&deck[next..], state.leader(), 4, 3);
            next += 12;
            let (hand, result) = play_hand(&mut rng, &state, &ranking, held);
            state
                .apply_hand(hand.view())
                .expect("a simulated hand is legal");
            hands.push(result);
            record
                .entries
                .push(crate::rules::record::RecordEntry::Hand(hand));
        }
    }
    Simulated { record, hands }
}

fn smazzata_setup(rng: &mut SplitMix, nicknames: &Nicknames) -> (SmazzataEntry, Ranking) {
    let cut = Card::from_index(rng.below(52)).expect("a card index");
    if rng.one_in(2) {
        let text = COMANDE[rng.below(COMANDE.len())];
        if let Ok(ranking) = comanda::parse(text, nicknames) {
            let entry = SmazzataEntry {
                comanda: Some(text.to_string()),
                ranking: None,
                cut,
                author: None,
                time: None,
            };
            return (entry, ranking);
        }
    }
    let ranking = random_ranking(rng);
    let entry = SmazzataEntry {
        comanda: None,
        ranking: Some(ranking.levels().to_vec()),
        cut,
        author: None,
        time: None,
    };
    (entry, ranking)
}

fn play_hand(
    rng: &mut SplitMix,
    state: &Trionfetti,
    ranking: &Ranking,
    mut held: [Vec<Card>; 4],
) -> (HandEntry, (Team, u32)) {
    let value = state.vagaresto_value();
    // A vagaresto now and then, at a random turn (trick, position) of the hand.
    let call = rng
        .one_in(6)
        .then(|| (rng.below(3) as u8 + 1, rng.below(4), rng.one_in(2)));
    let mut tricks: Vec<Trick> = Vec::new();
    let mut won = [0u8; 2];
    let mut leader = state.leader();
    let mut vagaresto = None;
    let mut winner = None;
    let play_third = rng.one_in(2);
    // The team whose vagaresto the opponents conceded: the hand ends there.
    let mut conceded = None;
    'hand: for number in 1..=3u8 {
        if winner.is_some() && !play_third {
            break;
        }
        let mut trick = Trick::new(leader);
        for position in 0..4 {
            let seat = leader.after(position);
            if winner.is_none()
                && vagaresto.is_none()
                && let Some((at, at_position, accepted)) = call
                && at == number
                && at_position == position
            {
                let answer = if accepted {
                    Answer::Accepted
                } else {
                    Answer::Conceded
                };
                vagaresto = Some(Vagaresto {
                    caller: seat,
                    answer,
                    trick: Some(number),
                    stake: rng.one_in(2).then_some(value),
                });
                if !accepted {
                    if !trick.cards.is_empty() || rng.one_in(2) {
                        tricks.push(trick);
                    }
                    conceded = Some(seat.team());
                    break 'hand;
                }
            }
            let cards = &mut held[seat.index()];
            let card = cards.swap_remove(rng.below(cards.len()));
            trick.cards.push(card);
        }
        let position = winning_position(&trick.cards, ranking).expect("four cards");
        let seat = trick.seat_at(position);
        won[seat.team().index()] += 1;
        if winner.is_none() && won[seat.team().index()] == 2 {
            winner = Some(seat.team());
        }
        leader = seat;
        tricks.push(trick);
    }
    let (team, points) = match (conceded, vagaresto) {
        (Some(team), _) => (team, 1),
        (
            None,
            Some(Vagaresto {
                answer: Answer::Accepted,
                ..
            }),
        ) => (winner.expect("three tricks decide a hand"), value),
        (None, _) => (winner.expect("three tricks decide a hand"), 1),
    };
    let entry = HandEntry {
        winner: rng.one_in(2).then_some(team),
        tricks: Some(tricks),
        vagaresto,
        author: None,
        time: None,
    };
    (entry, (team, points))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulated_match_ends_with_a_winner() {
        let simulated = simulate(1, Options::default(), &Nicknames::new());
        let state =
            crate::rules::replay::replay(&simulated.record, &Nicknames::new()).expect("valid");
        assert!(state.is_over());
        assert_eq!(state.games_won().iter().max(), Some(&3));
    }
}
