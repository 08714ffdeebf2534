//! What the tournament format tests share: entrants by number, and an event played out
//! match by match.

use segnapunti::tournament::{EntrantId, Outcome, Recorded, Results, Slot, Status, Tournament};

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
