//! A knockout after groups keeps each group's qualifiers apart for as long as its bracket
//! allows: a group's q qualifiers stand in q different sections of 2^ceil(log2 q) (two in
//! opposite halves, so they can meet only in the final; three or four in different
//! quarters), whatever the byes.
//!
//! Seeds stay in order of place (every group winner, then every runner-up, ...), so the
//! byes still go to the best places and round 1 still sets a better place against a worse
//! one; only which group takes which seed of a place is chosen. That choice is an edge
//! colouring: a place and a section are joined once for each seed of that place in that
//! section, and each colour (a group) must take one seed of every place and no section
//! twice. A bipartite graph's edges always take as many colours as its busiest vertex
//! has edges (König), here the number of groups, and the alternating-path recolouring
//! below finds them, seed by seed, deterministically.

use super::bracket::{bracket_size, seeding_positions};

/// The knockout's seeds in order as (group, place), both 0-based, for groups sending
/// `qualifying[g]` entrants each (at least one; sizes differ by at most one).
pub(crate) fn seed_order(qualifying: &[usize]) -> Vec<(usize, usize)> {
    let groups = qualifying.len();
    let most = qualifying.iter().copied().max().unwrap_or(0);
    let fewest = qualifying.iter().copied().min().unwrap_or(0);
    let by_place: Vec<(usize, usize)> = (0..most)
        .flat_map(|place| {
            (0..groups)
                .filter(move |&g| place < qualifying[g])
                .map(move |g| (g, place))
        })
        .collect();
    let seeds = by_place.len();
    if seeds < 2 || fewest == 0 || most > fewest + 1 {
        return by_place;
    }
    let size = bracket_size(seeds);
    let rounds = size.trailing_zeros();
    let mut line = vec![0; size];
    for (l, &seed) in seeding_positions(size).iter().enumerate() {
        line[seed - 1] = l;
    }
    // The section of a seed's line among 2^ceil(log2 q) of them, for q qualifiers.
    let section = |seed: usize, q: usize| line[seed] >> (rounds - levels(q));
    let place = |seed: usize| by_place[seed].1;

    // Where the smaller groups need coarser sections than the larger (two qualifiers
    // halves, three quarters), colouring every place on quarters could leave a smaller
    // group's two in one half: their places are coloured on halves, and the larger
    // groups' last place is then matched to colours with no seed in its quarter.
    // A section never holds more seeds than there are groups (colours): the standard
    // order deals each run of consecutive seeds one to a section.
    let coloured = if levels(fewest) == levels(most) {
        seeds
    } else {
        groups * fewest
    };
    let edges: Vec<(usize, usize)> = (0..coloured)
        .map(|s| (place(s), section(s, fewest)))
        .collect();
    let Some(mut colour) = colour_edges(&edges, most, 1 << levels(fewest), groups) else {
        return by_place;
    };
    if coloured < seeds {
        let mut used: Vec<Vec<usize>> = vec![Vec::new(); groups];
        for (s, &c) in colour.iter().enumerate() {
            used[c].push(section(s, most));
        }
        let last: Vec<usize> = (coloured..seeds).collect();
        let fits = |s: usize, c: usize| !used[c].contains(&section(s, most));
        colour.extend(match_last(&last, groups, fits));
    }

    if colour.contains(&usize::MAX) {
        return by_place;
    }
    // Colours to groups: the larger groups take the colours holding the last place, in
    // the order of their winners' seeds, and so do the smaller ones.
    let larger = |c: usize| (0..seeds).any(|s| place(s) == most - 1 && colour[s] == c);
    let mut big = (0..groups).filter(|&g| qualifying[g] == most);
    let mut small = (0..groups).filter(|&g| qualifying[g] < most);
    let mut group_of = vec![usize::MAX; groups];
    for &c in &colour[..groups] {
        let next = if larger(c) { big.next() } else { small.next() };
        match next {
            Some(g) => group_of[c] = g,
            None => return by_place,
        }
    }
    (0..seeds)
        .map(|s| (group_of[colour[s]], place(s)))
        .collect()
}

/// How many times a bracket must halve to give q qualifiers a section each.
fn levels(q: usize) -> u32 {
    q.max(1).next_power_of_two().trailing_zeros()
}

/// Colours the edges (place, section) with `colours` colours so that no two edges at a
/// vertex share one, in order, recolouring an alternating path where the first colour
/// free at the place is taken at the section; `None` if a vertex has more edges than
/// colours.
fn colour_edges(
    edges: &[(usize, usize)],
    places: usize,
    sections: usize,
    colours: usize,
) -> Option<Vec<usize>> {
    // at[side][vertex][colour]: the edge of that colour at the vertex; side 0 is places.
    let mut at = [
        vec![vec![None; colours]; places],
        vec![vec![None; colours]; sections],
    ];
    let mut colour = vec![usize::MAX; edges.len()];
    let ends = |e: usize| [edges[e].0, edges[e].1];
    for (e, &(p, s)) in edges.iter().enumerate() {
        let a = at[0][p].iter().position(Option::is_none)?;
        if at[1][s][a].is_some() {
            let b = at[1][s].iter().position(Option::is_none)?;
            // The path from the section along a, b, a, ...: swapping its colours frees a
            // at the section and keeps it free at the place (the path cannot reach it).
            let mut path = Vec::new();
            let (mut side, mut vertex, mut c) = (1, s, a);
            while let Some(f) = at[side][vertex][c] {
                path.push(f);
                side = 1 - side;
                vertex = ends(f)[side];
                c = if c == a { b } else { a };
            }
            for &f in &path {
                let [fp, fs] = ends(f);
                at[0][fp][colour[f]] = None;
                at[1][fs][colour[f]] = None;
            }
            for &f in &path {
                colour[f] = if colour[f] == a { b } else { a };
                let [fp, fs] = ends(f);
                at[0][fp][colour[f]] = Some(f);
                at[1][fs][colour[f]] = Some(f);
            }
        }
        colour[e] = a;
        at[0][p][a] = Some(e);
        at[1][s][a] = Some(e);
    }
    Some(colour)
}

/// A colour for each of the `last` seeds, all different, each one that `fits` where
/// augmenting paths find one (Kuhn's matching); any seed left over takes the first
/// colour still free.
fn match_last(last: &[usize], colours: usize, fits: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    fn augment(
        i: usize,
        last: &[usize],
        fits: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        holder: &mut [Option<usize>],
    ) -> bool {
        for c in 0..holder.len() {
            if seen[c] || !fits(last[i], c) {
                continue;
            }
            seen[c] = true;
            if holder[c].is_none_or(|j| augment(j, last, fits, seen, holder)) {
                holder[c] = Some(i);
                return true;
            }
        }
        false
    }
    let mut holder: Vec<Option<usize>> = vec![None; colours];
    for i in 0..last.len() {
        augment(i, last, &fits, &mut vec![false; colours], &mut holder);
    }
    let mut chosen = vec![usize::MAX; last.len()];
    for (c, h) in holder.iter().enumerate() {
        if let Some(i) = h {
            chosen[*i] = c;
        }
    }
    for (i, chosen) in chosen.iter_mut().enumerate() {
        if *chosen == usize::MAX
            && let Some(c) = (0..colours).find(|&c| holder[c].is_none())
        {
            holder[c] = Some(i);
            *chosen = c;
        }
    }
    chosen
}
