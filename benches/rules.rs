//! Rules-engine benches: reading a comanda, validating one card-by-card hand, and
//! replaying a whole card-by-card match next to deserializing the same record, for
//! Trionfetti and for each of the other four games (a simulated match of seed 42 with
//! the default options).
//!
//! `cargo bench --bench rules -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use segnapunti::rules::comanda::{self, Nicknames};
use segnapunti::rules::game::Game;
use segnapunti::rules::madrasso::{self, Madrasso};
use segnapunti::rules::record::{GameRecord, LogEntry, MatchRecord, RecordEntry, RecordGame};
use segnapunti::rules::replay::{self, replay};
use segnapunti::rules::tressette::{self, Tressette};
use segnapunti::rules::trijumf::{self, Trijumf};
use segnapunti::rules::trionfetti::simulate::simulate;
use segnapunti::rules::trionfetti::{Options, Trionfetti};
use segnapunti::rules::vitou::{self, Vitou};

fn comanda_parsing(c: &mut Criterion) {
    let nicknames = Nicknames::new();
    let mut group = c.benchmark_group("comanda");
    for text in [
        "più ponto e più figure",
        "manco 5 e 4 più figure de coppe a asso",
        "componogara",
    ] {
        group.bench_function(text, |b| {
            b.iter(|| comanda::parse(black_box(text), &nicknames).unwrap())
        });
    }
    group.finish();
}

fn hand_validation(c: &mut Criterion) {
    let nicknames = Nicknames::new();
    let record = simulate(42, Options::default(), &nicknames).record;
    // The first smazzata's setup and its first card-by-card hand.
    let RecordEntry::Smazzata(setup) = &record.entries[0] else {
        panic!("a simulated match starts with a smazzata")
    };
    let RecordEntry::Hand(hand) = &record.entries[1] else {
        panic!("then a hand")
    };
    let mut state = Trionfetti::new(record.options, record.first_dealer);
    state
        .apply_setup(&replay::setup(setup, &nicknames).unwrap())
        .unwrap();
    c.bench_function("trionfetti/validate card-by-card hand", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |state| state.apply_hand(black_box(hand.view())).unwrap(),
            criterion::BatchSize::SmallInput,
        )
    });
}

fn match_replay(c: &mut Criterion) {
    let nicknames = Nicknames::new();
    let record = simulate(42, Options::default(), &nicknames).record;
    let json = record.to_json();
    let mut group = c.benchmark_group("match");
    group.bench_function("deserialize record (serde_json)", |b| {
        b.iter(|| serde_json::from_str::<MatchRecord>(black_box(&json)).unwrap())
    });
    group.bench_function("replay record", |b| {
        b.iter(|| replay(black_box(&record), &nicknames).unwrap())
    });
    group.bench_function("read and replay record", |b| {
        b.iter(|| {
            let record = MatchRecord::from_json(black_box(&json)).unwrap();
            replay(&record, &nicknames).unwrap()
        })
    });
    group.finish();
}

/// A record of `G` holding a simulated match's entries.
fn logged_record<G>(
    options: G::Options,
    first_dealer: segnapunti::rules::game::Seat,
    entries: Vec<<G as Game>::Entry>,
) -> GameRecord<G>
where
    G: RecordGame<RecordEntry = LogEntry<<G as Game>::Entry>, Players = Vec<String>>,
{
    let players = (0..G::seats(&options))
        .map(|seat| format!("player {seat}"))
        .collect();
    let mut record = GameRecord::<G>::new(options, players, first_dealer);
    record.entries = entries.into_iter().map(LogEntry::Play).collect();
    record
}

/// Deserializing a record next to replaying it, for one game.
fn replay_next_to_deserialize<G: RecordGame>(c: &mut Criterion, record: &GameRecord<G>) {
    let nicknames = Nicknames::new();
    let json = record.to_json();
    replay(record, &nicknames).expect("a simulated match replays");
    let mut group = c.benchmark_group(format!("{} match", G::NAME));
    group.bench_function("deserialize record (serde_json)", |b| {
        b.iter(|| serde_json::from_str::<GameRecord<G>>(black_box(&json)).unwrap())
    });
    group.bench_function("replay record", |b| {
        b.iter(|| replay(black_box(record), &nicknames).unwrap())
    });
    group.finish();
}

fn other_games_replay(c: &mut Criterion) {
    let sim = madrasso::simulate::simulate(42, madrasso::Options::default());
    replay_next_to_deserialize(
        c,
        &logged_record::<Madrasso>(sim.options, sim.first_dealer, sim.entries),
    );
    let sim = tressette::simulate::simulate(42, tressette::Options::default());
    replay_next_to_deserialize(
        c,
        &logged_record::<Tressette>(sim.options, sim.first_dealer, sim.entries),
    );
    let sim = trijumf::simulate::simulate(42, trijumf::Options::default());
    replay_next_to_deserialize(
        c,
        &logged_record::<Trijumf>(sim.options, sim.first_dealer, sim.entries),
    );
    let sim = vitou::simulate::simulate(42, vitou::Options::default());
    replay_next_to_deserialize(
        c,
        &logged_record::<Vitou>(sim.options, sim.first_dealer, sim.entries),
    );
}

criterion_group!(
    benches,
    comanda_parsing,
    hand_validation,
    match_replay,
    other_games_replay
);
criterion_main!(benches);
