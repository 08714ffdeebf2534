//! Prints the rotating-partner figures `docs/tournament.md` quotes: for 4 to 40 players
//! over a full evening from round 1, partner repeats, the most times a pair opposed,
//! opponent repeats, the spread of sit-outs and sit-outs twice in a row; then the short
//! evenings the issue names. `cargo run --release -p segnapunti-core --example
//! rotation_figures [SEED]`.

use std::collections::HashMap;

use segnapunti_core::tournament::EntrantId;
use segnapunti_core::tournament::rotating::{Options, RoundDraw, draw};

/// (partner repeats, most opposed, opponent repeats, sit-out spread, twice in a row).
fn figures(n: u32, draws: &[RoundDraw]) -> (u32, u32, u32, u32, u32) {
    let key = |a: EntrantId, b: EntrantId| (a.0.min(b.0), a.0.max(b.0));
    let mut partners: HashMap<(u32, u32), u32> = HashMap::new();
    let mut opponents: HashMap<(u32, u32), u32> = HashMap::new();
    let mut out = vec![0u32; n as usize + 1];
    let mut twice = 0;
    let mut last: Vec<EntrantId> = Vec::new();
    for d in draws {
        for [a, b] in &d.tables {
            for p in [a, b] {
                *partners.entry(key(p[0], p[1])).or_default() += 1;
            }
            for &x in a {
                for &y in b {
                    *opponents.entry(key(x, y)).or_default() += 1;
                }
            }
        }
        for e in &d.report.sitting_out {
            out[e.0 as usize] += 1;
            twice += u32::from(last.contains(e));
        }
        last = d.report.sitting_out.clone();
    }
    let repeats = |m: &HashMap<(u32, u32), u32>| m.values().map(|c| c - 1).sum();
    let spread = out[1..].iter().max().unwrap() - out[1..].iter().min().unwrap();
    (
        repeats(&partners),
        opponents.values().copied().max().unwrap_or(0),
        repeats(&opponents),
        spread,
        twice,
    )
}

fn run(n: u32, rounds: u32, seed: u64) -> (u32, u32, u32, u32, u32) {
    let entrants: Vec<EntrantId> = (1..=n).map(EntrantId).collect();
    let options = Options {
        rounds,
        seed,
        tie_breaks: Vec::new(),
        sit_out: segnapunti_core::tournament::standings::ByeScore::Nothing,
    };
    figures(n, &draw(&entrants, &[], &options).expect("a draw"))
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2024);
    let short_only = std::env::args().nth(2).is_some_and(|a| a == "short");
    for (n, rounds) in [(12, 5), (12, 6), (20, 8)] {
        let (p, m, o, s, t) = run(n, rounds, seed);
        println!(
            "{n}×{rounds}: partner repeats {p}, most opposed {m}, opponent repeats {o}, sit-out spread {s}, twice in a row {t}"
        );
    }
    if short_only {
        return;
    }
    println!();
    println!(
        "| players | rounds | partner repeats | most opposed | opponent repeats | sit-out spread | twice in a row |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for n in 4..=40u32 {
        let rounds = if n % 4 == 0 { n - 1 } else { n };
        let (p, m, o, s, t) = run(n, rounds, seed);
        println!("| {n} | {rounds} | {p} | {m} | {o} | {s} | {t} |");
    }
}
