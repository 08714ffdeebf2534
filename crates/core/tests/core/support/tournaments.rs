//! What the tournament format tests share: entrants by number, an event played out
//! match by match, and the better seed winning.

use segnapunti_core::tournament::{
    EntrantId, Outcome, Recorded, Results, Side, Slot, Status, Tournament,
};

/// Entrants #1 to #n, in seed order.
pub fn ids(n: u32) -> Vec<EntrantId> {
    (1..=n).map(EntrantId).collect()
}

/// Records `decide`'s outcome for every ready match, again and again, until nothing is
/// ready.
pub fn play_out(
    t: &Tournament,
    results: &mut Results,
    mut decide: impl FnMut(&[Slot; 2]) -> Outcome,
) {
    loop {
        let schedule = t.schedule(results).unwrap();
        let ready: Vec<_> = schedule
            .matches
            .iter()
            .filter(|m| m.status == Status::Ready)
            .collect();
        if ready.is_empty() {
            return;
        }
        for m in ready {
            results.insert(
                m.key.clone(),
                Recorded::finished(m.sides.clone(), decide(&m.sides)),
            );
        }
    }
}

/// The side with the better (lower) seed number wins, 2 games to 1.
pub fn better_seed_wins(sides: &[Slot; 2]) -> Outcome {
    let seed = |s: &Slot| s.entrants().iter().map(|e| e.0).min().unwrap_or(u32::MAX);
    let winner = if seed(&sides[0]) < seed(&sides[1]) {
        Side::A
    } else {
        Side::B
    };
    let mut games = [1, 1];
    games[winner.index()] = 2;
    Outcome::Played {
        winner,
        games,
        points: [games[0] as i32 * 10, games[1] as i32 * 10],
    }
}
