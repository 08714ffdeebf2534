//! A tiny deterministic random generator (SplitMix64) for the draws and the simulators.
//!
//! The core never reads a random source: a draw comes from a seed the organizer
//! recorded, and simulators, tests and benches seed their own, so the same seed always
//! gives the same draw or match.

/// SplitMix64: small, fast and good enough to shuffle cards.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        debug_assert!(bound > 0);
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = SplitMix::new(42);
        let mut b = SplitMix::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = SplitMix::new(43);
        assert_ne!(SplitMix::new(42).next_u64(), c.next_u64());
    }

    #[test]
    fn the_generator_is_deterministic_and_spread() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        let draws: Vec<usize> = (0..1000).map(|_| a.below(6)).collect();
        assert_eq!(draws, (0..1000).map(|_| b.below(6)).collect::<Vec<_>>());
        for face in 0..6 {
            let count = draws.iter().filter(|draw| **draw == face).count();
            assert!((100..240).contains(&count), "{face}: {count}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..50).collect();
        SplitMix::new(7).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
