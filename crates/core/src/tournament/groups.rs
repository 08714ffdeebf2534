//! Groups of N (round robins on Berger tables) followed by a single-elimination knockout
//! of the top K of each group.
//!
//! Entrants are dealt into `ceil(n / N)` groups in snake order (seeds 1..g left to right,
//! then right to left), so group sizes differ by at most one. The knockout is seeded by
//! place, then group: all group winners (group 1 first), then all runners-up, and so on;
//! where the standard bracket would then set two entrants of one group against each
//! other in round 1, entrants of the same place are swapped while that reduces such
//! meetings (3 groups with 2 qualifiers each: group 3's winner would otherwise meet its
//! own runner-up). Knockout sides stay pending (`Source::GroupPlace`)
//! until every group match is decided.
//!
//! Keys: `G{g} R{r} T{t}` (and `G{g} R{r} bye`), then `KO W R{r} M{m}` and `KO 3rd`.

use serde::{Deserialize, Serialize};

use super::bracket::{bracket_size, elimination_standings, resolve_defs, seeding_positions};
use super::standings::{ByeScore, Standings, StandingsTable, TableTitle, TieBreak, from_matches};
use super::{
    Cycles, EntrantId, Match, Results, Schedule, Slot, Source, Stage, Tournament, TournamentError,
    round_robin, single_elimination,
};

/// Groups-then-knockout options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Entrants per group (the last groups may have one fewer).
    pub group_size: u32,
    /// How many of each group go through to the knockout.
    pub qualifiers_per_group: u32,
    pub cycles: Cycles,
    pub tie_breaks: Vec<TieBreak>,
    /// A third-place match in the knockout.
    pub third_place: bool,
}

/// The seed indices (0-based) in each group, dealt in snake order.
pub fn assign_groups(n: usize, group_size: usize) -> Vec<Vec<usize>> {
    let g = n.div_ceil(group_size.max(1)).max(1);
    let mut groups = vec![Vec::new(); g];
    for i in 0..n {
        let row = i / g;
        let col = i % g;
        let group = if row.is_multiple_of(2) {
            col
        } else {
            g - 1 - col
        };
        groups[group].push(i);
    }
    groups
}

fn members(tournament: &Tournament, options: &Options) -> Vec<Vec<EntrantId>> {
    assign_groups(tournament.entrants.len(), options.group_size as usize)
        .into_iter()
        .map(|g| g.into_iter().map(|i| tournament.entrants[i]).collect())
        .collect()
}

fn group_tables(
    groups: &[Vec<EntrantId>],
    matches: &[Match],
    options: &Options,
) -> Vec<StandingsTable> {
    groups
        .iter()
        .enumerate()
        .map(|(g, members)| {
            let stage = Stage::Group(g as u32 + 1);
            let own: Vec<Match> = matches
                .iter()
                .filter(|m| m.stage == stage)
                .cloned()
                .collect();
            let mut table = from_matches(members, &own, &options.tie_breaks, ByeScore::Nothing);
            table.title = TableTitle::Group(g as u32 + 1);
            table
        })
        .collect()
}

fn validate(tournament: &Tournament, options: &Options) -> Result<(), TournamentError> {
    if options.group_size < 2 {
        return Err(TournamentError::InvalidOption(
            "group size must be at least 2",
        ));
    }
    if options.qualifiers_per_group < 1 {
        return Err(TournamentError::InvalidOption(
            "at least one entrant per group must qualify",
        ));
    }
    tournament.require_entrants(2)?;
    Ok(())
}

/// The knockout seeds: by place, then group, with entrants of one place swapped where
/// that keeps two of the same group from meeting in round 1 (see [`keep_groups_apart`]);
/// pending while the groups are not decided.
fn qualifiers(
    groups: &[Vec<EntrantId>],
    tables: Option<&[StandingsTable]>,
    options: &Options,
) -> Vec<Slot> {
    let mut order = Vec::new();
    for place in 0..options.qualifiers_per_group as usize {
        for (g, members) in groups.iter().enumerate() {
            if place < members.len() {
                order.push((g, place));
            }
        }
    }
    keep_groups_apart(&mut order);
    order
        .into_iter()
        .map(|(g, place)| match tables {
            Some(t) => Slot::Entrant(t[g].rows[place].entrant),
            None => Slot::Pending(Source::GroupPlace {
                group: g as u32 + 1,
                place: place as u32 + 1,
            }),
        })
        .collect()
}

/// Swaps seeds of the same place (group, place) so that fewer round-1 matches of the
/// standard bracket set two entrants of one group against each other, while any swap
/// helps. Places stay where they are, so a winner still meets a lower place.
fn keep_groups_apart(order: &mut [(usize, usize)]) {
    let n = order.len();
    if n < 2 {
        return;
    }
    let positions = seeding_positions(bracket_size(n));
    let clashes = |order: &[(usize, usize)]| {
        positions
            .chunks(2)
            .filter(|pair| pair[0] <= n && pair[1] <= n)
            .filter(|pair| order[pair[0] - 1].0 == order[pair[1] - 1].0)
            .count()
    };
    let mut now = clashes(order);
    let mut improved = true;
    while now > 0 && improved {
        improved = false;
        'search: for i in (0..n).rev() {
            for j in (0..n).rev() {
                if i == j || order[i].1 != order[j].1 || order[i].0 == order[j].0 {
                    continue;
                }
                order.swap(i, j);
                let after = clashes(order);
                if after < now {
                    now = after;
                    improved = true;
                    break 'search;
                }
                order.swap(i, j);
            }
        }
    }
}

/// Group matches, then the knockout.
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    validate(tournament, options)?;
    let withdrawn = tournament.withdrawn();
    let groups = members(tournament, options);
    let mut matches = Vec::new();
    for (g, members) in groups.iter().enumerate() {
        matches.extend(round_robin::matches(
            members,
            options.cycles,
            &format!("G{} ", g + 1),
            Stage::Group(g as u32 + 1),
            results,
            &withdrawn,
        ));
    }
    let groups_done = matches.iter().all(|m| m.status.is_decided());
    let tables = groups_done.then(|| group_tables(&groups, &matches, options));
    let seeds = qualifiers(&groups, tables.as_deref(), options);
    if seeds.len() >= 2 {
        let ko_options = single_elimination::Options {
            third_place: options.third_place,
        };
        let defs = single_elimination::defs(seeds.len(), &ko_options, "KO ");
        matches.extend(resolve_defs(&defs, &seeds, results, &withdrawn));
    }
    Ok(Schedule::of(matches, Vec::new()))
}

/// One table per group, then the knockout once it exists.
pub(crate) fn standings(
    tournament: &Tournament,
    options: &Options,
    schedule: &Schedule,
) -> Standings {
    let groups = members(tournament, options);
    let mut tables = group_tables(&groups, &schedule.matches, options);
    let knockout: Vec<Match> = schedule
        .matches
        .iter()
        .filter(|m| matches!(m.stage, Stage::Winners | Stage::ThirdPlace))
        .cloned()
        .collect();
    let groups_done = schedule
        .matches
        .iter()
        .filter(|m| matches!(m.stage, Stage::Group(_)))
        .all(|m| m.status.is_decided());
    if groups_done && !knockout.is_empty() {
        let seeded: Vec<EntrantId> = qualifiers(&groups, Some(&tables), options)
            .iter()
            .filter_map(Slot::entrant)
            .collect();
        tables.push(elimination_standings(
            &seeded,
            &knockout,
            &tournament.withdrawn(),
            1,
            TableTitle::Knockout,
        ));
    }
    Standings { tables }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_groups() {
        assert_eq!(
            assign_groups(10, 4),
            vec![vec![0, 5, 6], vec![1, 4, 7], vec![2, 3, 8, 9]]
        );
        let groups = assign_groups(16, 4);
        assert_eq!(groups.len(), 4);
        assert_eq!(groups[0], vec![0, 7, 8, 15]);
        assert!(groups.iter().all(|g| g.len() == 4));
    }
}
