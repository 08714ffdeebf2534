//! Tournament-format benches: the time to derive a draw for 16 to 4,096 entrants.
//!
//! `cargo bench --bench formats -- --warm-up-time 1 --measurement-time 3`
//!
//! Each bench calls `Tournament::schedule`, the function the web layer calls after every
//! result, so what is measured is what an organizer waits for:
//!
//! - `single elimination` / `double elimination`: the whole bracket before any result
//!   (double elimination with bracket reset, single with a third-place match);
//! - `swiss round 1`: the first round of a 6-round Swiss;
//! - `swiss round 5`: the fifth round, after four rounds are recorded (random winners
//!   from a fixed seed). `schedule` re-derives rounds 1-4 from the results and draws
//!   round 5, with the standings behind each round;
//! - `rotating 1 round`: one rotating-partner round (partnerships, seating, sit-outs);
//! - `rotating 4 rounds`: a four-round plan (each round seated against the earlier ones);
//! - `double elimination, each result`: a whole double elimination (bracket reset)
//!   finished one result at a time through `tournament::live::Live`, side A always
//!   winning, the next matches to play taken from what each result changed: what
//!   `scripts/bench-peers.sh` measures brackets-manager.js doing;
//! - `round robin, each result`: the same for a single round robin of 16 to 128.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};

use segnapunti::rng::SplitMix;
use segnapunti::tournament::live::Live;
use segnapunti::tournament::{
    Cycles, EntrantId, Format, MatchKey, Outcome, Recorded, Results, Side, Status, Tournament,
    double_elimination, rotating, round_robin, single_elimination, swiss,
};

const SIZES: [u32; 5] = [16, 64, 256, 1024, 4096];

fn ids(n: u32) -> Vec<EntrantId> {
    (1..=n).map(EntrantId).collect()
}

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    // The large sizes take tens of milliseconds per call: ten samples are plenty.
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group
}

fn single(c: &mut Criterion) {
    let mut group = configure(c, "single elimination");
    for n in SIZES {
        let t = Tournament::new(
            ids(n),
            Format::SingleElimination(single_elimination::Options { third_place: true }),
        );
        let results = Results::new();
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| t.schedule(black_box(&results)).unwrap())
        });
    }
    group.finish();
}

fn double(c: &mut Criterion) {
    let mut group = configure(c, "double elimination");
    for n in SIZES {
        let t = Tournament::new(
            ids(n),
            Format::DoubleElimination(double_elimination::Options {
                bracket_reset: true,
            }),
        );
        let results = Results::new();
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| t.schedule(black_box(&results)).unwrap())
        });
    }
    group.finish();
}

/// Records a random winner (fixed seed) for every ready match, `rounds` times.
fn play_rounds(t: &Tournament, rounds: u32, seed: u64) -> Results {
    let mut rng = SplitMix::new(seed);
    let mut results = Results::new();
    for _ in 0..rounds {
        let schedule = t.schedule(&results).unwrap();
        for m in schedule
            .matches
            .iter()
            .filter(|m| m.status == Status::Ready)
        {
            let winner = if rng.below(2) == 0 { Side::A } else { Side::B };
            let mut games = [1, 1];
            games[winner.index()] = 2;
            let outcome = Outcome::Played {
                winner,
                games,
                points: [games[0] as i32 * 10, games[1] as i32 * 10],
            };
            results.insert(m.key.clone(), Recorded::finished(m.sides.clone(), outcome));
        }
    }
    results
}

fn swiss_rounds(c: &mut Criterion) {
    let mut group = configure(c, "swiss round 1");
    for n in SIZES {
        let t = Tournament::new(ids(n), Format::Swiss(swiss::Options::new(6)));
        let results = Results::new();
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| t.schedule(black_box(&results)).unwrap())
        });
    }
    group.finish();

    let mut group = configure(c, "swiss round 5");
    for n in SIZES {
        let t = Tournament::new(ids(n), Format::Swiss(swiss::Options::new(6)));
        let results = play_rounds(&t, 4, 2024);
        let schedule = t.schedule(&results).unwrap();
        assert!(
            schedule.matches.iter().any(|m| m.round == 5),
            "round 5 is drawn"
        );
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| t.schedule(black_box(&results)).unwrap())
        });
    }
    group.finish();
}

fn rotating_rounds(c: &mut Criterion) {
    for rounds in [1, 4] {
        let name = if rounds == 1 {
            "rotating 1 round".to_string()
        } else {
            format!("rotating {rounds} rounds")
        };
        let mut group = configure(c, &name);
        for n in SIZES {
            // A seed of its own for every run: the core keeps its last draws, and the
            // same tournament again would time that memory, not the draw.
            let seed = std::cell::Cell::new(2024u64);
            let night = || {
                seed.set(seed.get() + 1);
                Tournament::new(
                    ids(n),
                    Format::RotatingPartners(rotating::Options {
                        rounds,
                        seed: seed.get(),
                        tie_breaks: Vec::new(),
                        sit_out: segnapunti::tournament::ByeScore::Nothing,
                    }),
                )
            };
            let results = Results::new();
            group.bench_function(BenchmarkId::from_parameter(n), |b| {
                b.iter_batched(
                    night,
                    |t| t.schedule(black_box(&results)).unwrap(),
                    criterion::BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

/// Finishes an event one result at a time (side A always wins), the next matches taken
/// from what each result changed; gives how many results were recorded.
pub fn finish_one_at_a_time(t: &Tournament) -> usize {
    let mut live = Live::new(t.clone(), Results::new()).unwrap();
    let mut ready: Vec<MatchKey> = live
        .schedule()
        .matches
        .iter()
        .filter(|m| m.status == Status::Ready)
        .map(|m| m.key.clone())
        .collect();
    let mut recorded = 0;
    while let Some(key) = ready.pop() {
        let Some(m) = live.get(&key).cloned() else {
            continue;
        };
        if m.status != Status::Ready {
            continue;
        }
        let outcome = Outcome::Played {
            winner: Side::A,
            games: [1, 0],
            points: [0, 0],
        };
        let changed = live
            .record(&key, Some(Recorded::finished(m.sides, outcome)))
            .unwrap();
        recorded += 1;
        ready.extend(
            changed
                .into_iter()
                .filter(|k| live.get(k).is_some_and(|m| m.status == Status::Ready)),
        );
    }
    assert!(live.schedule().complete);
    recorded
}

fn double_each_result(c: &mut Criterion) {
    let mut group = configure(c, "double elimination, each result");
    for n in SIZES {
        let t = Tournament::new(
            ids(n),
            Format::DoubleElimination(double_elimination::Options {
                bracket_reset: true,
            }),
        );
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| finish_one_at_a_time(black_box(t)))
        });
    }
    group.finish();
}

fn round_robin_each_result(c: &mut Criterion) {
    let mut group = configure(c, "round robin, each result");
    for n in [16, 64, 128] {
        let t = Tournament::new(
            ids(n),
            Format::RoundRobin(round_robin::Options {
                cycles: Cycles::Single,
                tie_breaks: Vec::new(),
            }),
        );
        group.bench_with_input(BenchmarkId::from_parameter(n), &t, |b, t| {
            b.iter(|| finish_one_at_a_time(black_box(t)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    single,
    double,
    swiss_rounds,
    rotating_rounds,
    double_each_result,
    round_robin_each_result
);
criterion_main!(benches);
