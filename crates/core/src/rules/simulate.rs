//! The loop every game's simulator shares: a seeded first dealer, then one simulated
//! entry after another, each applied by the engine, until the match is over.
//!
//! Each game's `simulate.rs` plays one entry (a deal, or Vitou's round) with random
//! legal cards and says what it worked out itself, so tests can compare it with the
//! engine's own scoring.

use std::fmt::Debug;

use serde::Serialize;
use serde_json::Value;

use crate::rng::SplitMix;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::game::{Game, Seat, Seating, seat_after};
use crate::rules::record::{GameEntry, LogEntry};

/// A simulated match: its options, first dealer and entries, and for each entry what
/// the simulator itself worked out.
#[derive(Debug, Clone)]
pub struct Simulated<G: Game, D> {
    pub options: G::Options,
    pub first_dealer: Seat,
    pub entries: Vec<G::Entry>,
    pub deals: Vec<D>,
}

/// A simulated match as its log stores it: what code that knows the game only by its
/// [`GameKind`](crate::rules::kind::GameKind) gets (`GameKind::simulate_log`).
#[derive(Debug, Clone, PartialEq)]
pub struct SimulatedLog {
    pub first_dealer: Seat,
    /// The entries as a referee submits them and the log keeps them.
    pub entries: Vec<Value>,
}

/// A game its seeded simulator plays to the end. Every game of `for_each_game!` has one.
pub trait SimulateLog: Game {
    fn simulate_log(seed: u64, options: Self::Options) -> SimulatedLog;
}

impl<G: Game, D> Simulated<G, D>
where
    G::Entry: GameEntry,
{
    /// The match as a log of play entries.
    pub fn into_log(self) -> SimulatedLog {
        let entries: Vec<LogEntry<G::Entry>> =
            self.entries.into_iter().map(LogEntry::Play).collect();
        SimulatedLog {
            first_dealer: self.first_dealer,
            entries: log_values(&entries),
        }
    }
}

/// Entries as the JSON values of a log.
pub(crate) fn log_values(entries: &[impl Serialize]) -> Vec<Value> {
    entries
        .iter()
        .map(|entry| serde_json::to_value(entry).expect("entries serialize"))
        .collect()
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

    /// By its kind alone, every game's simulated match is a log that the record reads
    /// and replays to its end, dealt first by the seat the simulator says.
    #[test]
    fn every_game_simulates_a_log_its_record_replays_to_the_end() {
        use crate::rules::any::AnyRecord;
        use crate::rules::comanda::Nicknames;
        use crate::rules::kind::GameKind;
        use crate::rules::record::FORMAT_VERSION;

        for kind in GameKind::ALL {
            let options = kind.descriptor().default_options();
            let log = kind.simulate_log(21, &options).expect("default options");
            let seats = options["players"].as_u64().unwrap_or(4) as usize;
            let players = &["Bepi", "Toni", "Nane", "Gigio"][..seats];
            let record = serde_json::json!({
                "format_version": FORMAT_VERSION,
                "game": kind.name(),
                "options": options,
                "players": players,
                "first_dealer": log.first_dealer,
                "entries": log.entries,
            });
            let record = AnyRecord::from_json(&record.to_string()).expect("a readable record");
            assert_eq!(record.first_dealer(), log.first_dealer, "{kind}");
            let state = record
                .replay(&Nicknames::new())
                .expect("a replayable record");
            assert!(state.is_over(), "{kind}: the simulated match ends");
        }
    }

    #[test]
    fn options_that_are_not_the_games_are_refused() {
        use crate::rules::kind::GameKind;

        let error = GameKind::Madrasso
            .simulate_log(1, &serde_json::json!({"target_points": "many"}))
            .unwrap_err();
        assert!(error.to_string().contains("invalid type"), "{error}");
    }
}
