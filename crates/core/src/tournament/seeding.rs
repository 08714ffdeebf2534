//! Seeding: manual, random from a recorded seed, or by a ranking from earlier events.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{EntrantId, TournamentError};
use crate::rng::SplitMix;

/// How the seed order is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seeding {
    /// The organizer's order: must list every entrant exactly once.
    Manual(Vec<EntrantId>),
    /// A shuffle from a recorded seed: the same seed gives the same order.
    Random { seed: u64 },
    /// By a ranking of earlier events (best first). Ranked entrants come first in ranking
    /// order; unranked ones follow in the order they were entered. Ids in the ranking that
    /// are not entered are ignored.
    Ranking(Vec<EntrantId>),
}

/// The entrants in seed order (index 0 is seed 1).
pub fn seed(entrants: &[EntrantId], seeding: &Seeding) -> Result<Vec<EntrantId>, TournamentError> {
    let mut set = BTreeSet::new();
    for e in entrants {
        if !set.insert(*e) {
            return Err(TournamentError::DuplicateEntrant(*e));
        }
    }
    match seeding {
        Seeding::Manual(order) => {
            let listed: BTreeSet<EntrantId> = order.iter().copied().collect();
            if order.len() != entrants.len() || listed != set {
                return Err(TournamentError::SeedingMismatch);
            }
            Ok(order.clone())
        }
        Seeding::Random { seed } => {
            let mut order = entrants.to_vec();
            SplitMix::new(*seed).shuffle(&mut order);
            Ok(order)
        }
        Seeding::Ranking(ranking) => {
            let mut placed = BTreeSet::new();
            let mut order: Vec<EntrantId> = ranking
                .iter()
                .copied()
                .filter(|e| set.contains(e) && placed.insert(*e))
                .collect();
            order.extend(entrants.iter().copied().filter(|e| !placed.contains(e)));
            Ok(order)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<EntrantId> {
        v.iter().map(|&i| EntrantId(i)).collect()
    }

    #[test]
    fn manual_must_be_a_permutation() {
        let e = ids(&[1, 2, 3]);
        assert_eq!(
            seed(&e, &Seeding::Manual(ids(&[3, 1, 2]))),
            Ok(ids(&[3, 1, 2]))
        );
        assert_eq!(
            seed(&e, &Seeding::Manual(ids(&[3, 1]))),
            Err(TournamentError::SeedingMismatch)
        );
        assert_eq!(
            seed(&e, &Seeding::Manual(ids(&[3, 1, 1]))),
            Err(TournamentError::SeedingMismatch)
        );
    }

    #[test]
    fn random_is_reproducible() {
        let e = ids(&(1..=20).collect::<Vec<_>>());
        let a = seed(&e, &Seeding::Random { seed: 9 }).unwrap();
        assert_eq!(a, seed(&e, &Seeding::Random { seed: 9 }).unwrap());
        assert_ne!(a, seed(&e, &Seeding::Random { seed: 10 }).unwrap());
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, e);
    }

    #[test]
    fn ranking_puts_ranked_first_then_the_rest_in_entry_order() {
        let e = ids(&[1, 2, 3, 4, 5]);
        let order = seed(&e, &Seeding::Ranking(ids(&[4, 9, 2, 4]))).unwrap();
        assert_eq!(order, ids(&[4, 2, 1, 3, 5]));
    }
}
