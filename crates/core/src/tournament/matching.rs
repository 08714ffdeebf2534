//! Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm), grown
//! from a given matching. Used to avoid rematches in Swiss pairings and repeated partners
//! in rotating partners once the greedy pass leaves someone unpaired.
//!
//! Each augmentation search is a breadth-first search costing O(n²) adjacency checks, so
//! starting from a nearly perfect greedy matching the whole call stays O(n² · unmatched).

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Grows `mate` (`mate[v]` is `v`'s partner or `None`; it must be a valid matching of the
/// graph) into a maximum matching of the graph on `0..n` whose edges are the pairs for
/// which `adjacent(u, v)` is true (it must be symmetric). Vertices for which
/// `eligible(v)` is false are left alone.
pub fn maximise(
    n: usize,
    mate: &mut [Option<usize>],
    adjacent: impl Fn(usize, usize) -> bool,
    eligible: impl Fn(usize) -> bool,
) {
    let mut m: Vec<usize> = mate.iter().map(|x| x.unwrap_or(NONE)).collect();
    let mut search = Search {
        n,
        mate: &mut m,
        parent: vec![NONE; n],
        base: (0..n).collect(),
        used: vec![false; n],
        blossom: vec![false; n],
        queue: VecDeque::new(),
    };
    for root in 0..n {
        if search.mate[root] == NONE && eligible(root) {
            let end = search.find_path(root, &adjacent, &eligible);
            if end != NONE {
                search.augment(end);
            }
        }
    }
    for (slot, &x) in mate.iter_mut().zip(m.iter()) {
        *slot = (x != NONE).then_some(x);
    }
}

struct Search<'a> {
    n: usize,
    mate: &'a mut Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search<'_> {
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    fn find_path(
        &mut self,
        root: usize,
        adjacent: &impl Fn(usize, usize) -> bool,
        eligible: &impl Fn(usize) -> bool,
    ) -> usize {
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..self.n {
                if to == v || !eligible(to) || !adjacent(v, to) {
                    continue;
                }
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let current = self.lca(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, current, to);
                    self.mark_path(to, current, v);
                    for i in 0..self.n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return to;
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        NONE
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let ppv = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = ppv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(mate: &[Option<usize>]) -> usize {
        mate.iter().filter(|m| m.is_some()).count() / 2
    }

    #[test]
    fn augments_through_an_odd_cycle() {
        // A 5-cycle 0-1-2-3-4-0 plus a pendant 5 on 0: maximum matching 3.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)];
        let adj = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        // Start from a poor matching: 0-1, 2-3.
        let mut mate = vec![Some(1), Some(0), Some(3), Some(2), None, None];
        maximise(6, &mut mate, adj, |_| true);
        assert_eq!(size(&mate), 3);
        for (v, m) in mate.iter().enumerate() {
            let u = m.unwrap();
            assert_eq!(mate[u], Some(v));
            assert!(adj(u, v));
        }
    }

    #[test]
    fn leaves_ineligible_vertices_alone() {
        let mut mate = vec![None; 4];
        maximise(4, &mut mate, |_, _| true, |v| v != 3);
        assert_eq!(size(&mate), 1);
        assert_eq!(mate[3], None);
    }
}
