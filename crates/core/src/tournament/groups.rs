//! Groups of N (round robins on Berger tables) followed by a single-elimination knockout
//! of the top K of each group.
//!
//! Entrants are dealt into `ceil(n / N)` groups in snake order (seeds 1..g left to right,
//! then right to left), so group sizes differ by at most one. The knockout is seeded by
//! place: all group winners, then all runners-up, and so on, each place's groups in the
//! order that keeps a group's qualifiers apart until the latest round the bracket allows
//! (two: opposite halves, meeting only in the final), byes counted (`apart.rs`).
//! Knockout sides stay pending (`Source::GroupPlace`) until every group match is decided.
//!
//! Keys: `G{g} R{r} T{t}` (and `G{g} R{r} bye`), then `KO W R{r} M{m}` and `KO 3rd`.

use serde::{Deserialize, Serialize};

use super::bracket::{elimination_standings, resolve_defs};
use super::standings::{ByeScore, Standings, StandingsTable, TableTitle, TieBreak, from_matches};
use super::{
    Cycles, EntrantId, Match, Results, Schedule, Slot, Source, Stage, Tournament, TournamentError,
    apart, round_robin, single_elimination,
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

/// The knockout seeds: by place, each place's groups in the order that keeps a group's
/// qualifiers apart (see [`apart`]); pending while the groups are not decided.
fn qualifiers(
    groups: &[Vec<EntrantId>],
    tables: Option<&[StandingsTable]>,
    options: &Options,
) -> Vec<Slot> {
    let per_group = options.qualifiers_per_group as usize;
    let qualifying: Vec<usize> = groups.iter().map(|m| m.len().min(per_group)).collect();
    apart::seed_order(&qualifying)
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
    use std::collections::BTreeMap;

    use super::super::Format;
    use super::super::seeding::{Seeding, seed};
    use super::*;

    /// Where each qualifier stands in the knockout's first round before the groups are
    /// played: (group, place) at each bracket line, `None` for a bye.
    fn lines(n: u32, group_size: u32, qualifiers: u32) -> Vec<Option<(u32, u32)>> {
        let ids: Vec<EntrantId> = (1..=n).map(EntrantId).collect();
        let entrants = seed(&ids, &Seeding::Random { seed: u64::from(n) }).unwrap();
        let t = Tournament::new(
            entrants,
            Format::GroupsThenKnockout(Options {
                group_size,
                qualifiers_per_group: qualifiers,
                cycles: Cycles::Single,
                tie_breaks: Vec::new(),
                third_place: false,
            }),
        );
        let schedule = t.schedule(&Results::new()).unwrap();
        let mut round_one: Vec<&Match> = schedule
            .matches
            .iter()
            .filter(|m| m.stage == Stage::Winners && m.round == 1)
            .collect();
        round_one.sort_by_key(|m| m.key.round_and_table());
        round_one
            .iter()
            .flat_map(|m| m.sides.iter())
            .map(|side| match side {
                Slot::Pending(Source::GroupPlace { group, place }) => Some((*group, *place)),
                Slot::Bye => None,
                other => panic!("{n}/{group_size}/{qualifiers}: a knockout side {other:?}"),
            })
            .collect()
    }

    /// Every entrant count up to 64 with every group size and qualifiers per group the
    /// event form allows: a group's q qualifiers stand in q different sections of the
    /// bracket (2^ceil(log2 q) sections, byes counted), so two of them meet no earlier
    /// than the latest round the bracket allows: the final for two, the semifinals for
    /// three or four. Round 1 still sets a better place against a worse one of another
    /// group, and the byes go to the best places.
    #[test]
    fn a_groups_qualifiers_meet_as_late_as_the_bracket_allows() {
        let mut combinations = 0;
        for n in 2..=64u32 {
            for group_size in 2..=16u32 {
                for qualifiers in 1..=group_size {
                    combinations += 1;
                    let case =
                        format!("{n} entrants, groups of {group_size}, {qualifiers} through");
                    let lines = lines(n, group_size, qualifiers);
                    if lines.is_empty() {
                        // A single qualifier wins the event without a knockout.
                        assert!(n <= group_size && qualifiers == 1, "{case}: no knockout");
                        continue;
                    }
                    let size = lines.len();
                    assert!(size.is_power_of_two(), "{case}: {size} lines");
                    let rounds = size.trailing_zeros();
                    let mut by_group: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
                    for (line, slot) in lines.iter().enumerate() {
                        if let Some((group, _)) = slot {
                            by_group.entry(*group).or_default().push(line);
                        }
                    }
                    for (group, at) in &by_group {
                        let sections = at.len().next_power_of_two();
                        assert!(
                            sections <= size,
                            "{case}: group {group} has {} qualifiers, more than {size} lines",
                            at.len()
                        );
                        let section = size / sections;
                        let latest = rounds - sections.trailing_zeros() + 1;
                        for (i, a) in at.iter().enumerate() {
                            for b in &at[i + 1..] {
                                // Lines a and b meet in the round that joins their sections.
                                let meet = usize::BITS - (a ^ b).leading_zeros();
                                assert!(
                                    a / section != b / section,
                                    "{case}: group {group}'s lines {a} and {b} meet in round \
                                     {meet}, not before round {latest} (lines {lines:?})"
                                );
                            }
                        }
                    }
                    // Two of one group in round 1 broke the sections above unless the
                    // bracket left no other way (one group of two, say).
                    let mut bye_places = Vec::new();
                    let mut playing_places = Vec::new();
                    for pair in lines.chunks(2) {
                        match (pair[0], pair[1]) {
                            (Some((_, pa)), Some((_, pb))) => {
                                assert!(pa <= pb, "{case}: {pair:?}");
                                playing_places.extend([pa, pb]);
                            }
                            (Some((_, p)), None) | (None, Some((_, p))) => bye_places.push(p),
                            (None, None) => panic!("{case}: two byes meet"),
                        }
                    }
                    if let (Some(bye), Some(playing)) =
                        (bye_places.iter().max(), playing_places.iter().min())
                    {
                        assert!(bye <= playing, "{case}: a bye to place {bye}, {lines:?}");
                    }
                }
            }
        }
        assert_eq!(combinations, 63 * 135);
    }

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
