//! Standings and tie-breaks.
//!
//! The score is the number of matches won (a forfeit or a walkover against a withdrawn
//! entrant is a win; a bye is a win only where the format says so). Ties on the score are
//! broken by the organizer's chain of [`TieBreak`]s, in order, and finally by seed, so
//! standings are always a total order. Every column has a key, a name and an explanation
//! (as data for `locales/*/tournament.ftl`).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{EntrantId, Match, Outcome, Status, WalkoverReason};
use crate::lang::Msg;
use crate::rules::game::Message;

/// A tie-break the organizer may put in the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// Sum of the scores of every opponent met; a bye counts as an opponent with the
    /// entrant's own score (FIDE's virtual opponent for an unplayed round).
    Buchholz,
    /// Buchholz without the best and the worst opponent (with at least three opponents,
    /// byes counted as above).
    MedianBuchholz,
    /// Sum of the scores of the opponents beaten.
    SonnebornBerger,
    /// Wins against the entrants still tied at this point of the chain.
    HeadToHead,
    /// Games won minus games lost.
    GamesDifference,
    /// Points scored minus points conceded.
    PointsDifference,
}

impl TieBreak {
    pub const ALL: [TieBreak; 6] = [
        TieBreak::Buchholz,
        TieBreak::MedianBuchholz,
        TieBreak::SonnebornBerger,
        TieBreak::HeadToHead,
        TieBreak::GamesDifference,
        TieBreak::PointsDifference,
    ];

    /// A stable key for storage and forms.
    pub const fn key(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "buchholz",
            TieBreak::MedianBuchholz => "median-buchholz",
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::HeadToHead => "head-to-head",
            TieBreak::GamesDifference => "games-difference",
            TieBreak::PointsDifference => "points-difference",
        }
    }

    pub fn from_key(key: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The column heading, as data for `locales/*/tournament.ftl`.
    pub fn name_msg(self) -> Msg {
        Msg::new(match self {
            TieBreak::Buchholz => "tournament-tie_break_buchholz",
            TieBreak::MedianBuchholz => "tournament-tie_break_median_buchholz",
            TieBreak::SonnebornBerger => "tournament-tie_break_sonneborn_berger",
            TieBreak::HeadToHead => "tournament-tie_break_head_to_head",
            TieBreak::GamesDifference => "tournament-tie_break_games_difference",
            TieBreak::PointsDifference => "tournament-tie_break_points_difference",
        })
    }
}

impl Message for TieBreak {
    /// What the column means, as data for `locales/*/tournament.ftl`.
    fn msg(&self) -> Msg {
        Msg::new(match self {
            TieBreak::Buchholz => "tournament-tie_break_buchholz_explained",
            TieBreak::MedianBuchholz => "tournament-tie_break_median_buchholz_explained",
            TieBreak::SonnebornBerger => "tournament-tie_break_sonneborn_berger_explained",
            TieBreak::HeadToHead => "tournament-tie_break_head_to_head_explained",
            TieBreak::GamesDifference => "tournament-tie_break_games_difference_explained",
            TieBreak::PointsDifference => "tournament-tie_break_points_difference_explained",
        })
    }
}

/// What a standings table is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableTitle {
    Overall,
    Group(u32),
    Knockout,
}

impl Message for TableTitle {
    /// The table's title, as data for `locales/*/tournament.ftl`.
    fn msg(&self) -> Msg {
        match self {
            TableTitle::Overall => Msg::new("tournament-standings_overall"),
            TableTitle::Group(group) => Msg::new("tournament-standings_group").arg("group", group),
            TableTitle::Knockout => Msg::new("tournament-standings_knockout"),
        }
    }
}

/// One line of a standings table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based; no two rows share a position.
    pub position: u32,
    pub entrant: EntrantId,
    /// 1-based seed (the final tie-break).
    pub seed: u32,
    /// Matches played to a result or forfeited (byes and walkovers against byes excluded).
    pub played: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    /// Match points: wins, plus byes where the format counts them.
    pub score: i64,
    /// Elimination formats: out of the event.
    pub eliminated: bool,
    /// The organizer's chain, in order, with each value.
    pub tie_breaks: Vec<(TieBreak, i64)>,
}

/// One table of standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsTable {
    pub title: TableTitle,
    pub rows: Vec<StandingRow>,
}

/// All tables of an event's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    pub tables: Vec<StandingsTable>,
}

/// What every standings table counts of an entrant's matches.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Counts {
    pub played: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
}

impl Counts {
    /// The row of the entrant at `index` in seed order, before it is placed: no position,
    /// not eliminated, no tie-breaks.
    pub(crate) fn row(self, entrant: EntrantId, index: usize, score: i64) -> StandingRow {
        StandingRow {
            position: 0,
            entrant,
            seed: index as u32 + 1,
            played: self.played,
            wins: self.wins,
            losses: self.losses,
            byes: self.byes,
            score,
            eliminated: false,
            tie_breaks: Vec::new(),
        }
    }
}

#[derive(Debug, Default, Clone)]
struct Tally {
    counts: Counts,
    score: i64,
    games: i64,
    points: i64,
    /// Each opponent met, once per match, and whether this entrant won.
    met: Vec<(EntrantId, bool)>,
}

/// Standings of `entrants` (in seed order) from the decided matches among `matches`.
/// Matches involving entrants outside the list still count for those inside it.
pub fn from_matches(
    entrants: &[EntrantId],
    matches: &[Match],
    chain: &[TieBreak],
    bye_is_win: bool,
) -> StandingsTable {
    let mut tally: BTreeMap<EntrantId, Tally> =
        entrants.iter().map(|&e| (e, Tally::default())).collect();
    for m in matches {
        let sides = [m.sides[0].entrants(), m.sides[1].entrants()];
        match &m.status {
            Status::Finished(outcome) => {
                let w = outcome.winner().index();
                for s in 0..2 {
                    let won = s == w;
                    for e in &sides[s] {
                        if let Some(t) = tally.get_mut(e) {
                            t.counts.played += 1;
                            if won {
                                t.counts.wins += 1;
                                t.score += 1;
                            } else {
                                t.counts.losses += 1;
                            }
                            if let Outcome::Played { games, points, .. } = outcome {
                                t.games += i64::from(games[s]) - i64::from(games[1 - s]);
                                t.points += i64::from(points[s]) - i64::from(points[1 - s]);
                            }
                            t.met.extend(sides[1 - s].iter().map(|&o| (o, won)));
                        }
                    }
                }
            }
            Status::Walkover { winner, reason } => {
                let w = winner.index();
                for e in &sides[w] {
                    if let Some(t) = tally.get_mut(e) {
                        if *reason == WalkoverReason::Bye {
                            t.counts.byes += 1;
                            if bye_is_win {
                                t.score += 1;
                            }
                        } else {
                            t.counts.played += 1;
                            t.counts.wins += 1;
                            t.score += 1;
                            t.met.extend(sides[1 - w].iter().map(|&o| (o, true)));
                        }
                    }
                }
                if *reason == WalkoverReason::Withdrawal {
                    for e in &sides[1 - w] {
                        if let Some(t) = tally.get_mut(e) {
                            t.counts.played += 1;
                            t.counts.losses += 1;
                            t.met.extend(sides[w].iter().map(|&o| (o, false)));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    rank(entrants, &tally, chain)
}

fn rank(
    entrants: &[EntrantId],
    tally: &BTreeMap<EntrantId, Tally>,
    chain: &[TieBreak],
) -> StandingsTable {
    let score_of = |e: &EntrantId| tally.get(e).map_or(0, |t| t.score);
    let n = entrants.len();
    let mut keys: Vec<Vec<i64>> = entrants.iter().map(|e| vec![score_of(e)]).collect();
    for &tb in chain {
        match tb {
            TieBreak::HeadToHead => {
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by(|&a, &b| keys[b].cmp(&keys[a]));
                let mut values = vec![0i64; n];
                let mut start = 0;
                while start < n {
                    let mut end = start + 1;
                    while end < n && keys[order[end]] == keys[order[start]] {
                        end += 1;
                    }
                    if end - start > 1 {
                        let group: BTreeSet<EntrantId> =
                            order[start..end].iter().map(|&i| entrants[i]).collect();
                        for &i in &order[start..end] {
                            values[i] = tally[&entrants[i]]
                                .met
                                .iter()
                                .filter(|(o, won)| *won && group.contains(o))
                                .count() as i64;
                        }
                    }
                    start = end;
                }
                for (k, v) in keys.iter_mut().zip(values) {
                    k.push(v);
                }
            }
            _ => {
                for (i, e) in entrants.iter().enumerate() {
                    let t = &tally[e];
                    let value = match tb {
                        // A bye is an unplayed round: FIDE's tie-break regulations count
                        // it against a virtual opponent with the entrant's own score.
                        TieBreak::Buchholz => {
                            t.met.iter().map(|(o, _)| score_of(o)).sum::<i64>()
                                + i64::from(t.counts.byes) * t.score
                        }
                        TieBreak::MedianBuchholz => {
                            let mut s: Vec<i64> = t.met.iter().map(|(o, _)| score_of(o)).collect();
                            s.extend(std::iter::repeat_n(t.score, t.counts.byes as usize));
                            s.sort_unstable();
                            if s.len() >= 3 {
                                s[1..s.len() - 1].iter().sum()
                            } else {
                                s.iter().sum()
                            }
                        }
                        TieBreak::SonnebornBerger => t
                            .met
                            .iter()
                            .filter(|(_, won)| *won)
                            .map(|(o, _)| score_of(o))
                            .sum(),
                        TieBreak::GamesDifference => t.games,
                        TieBreak::PointsDifference => t.points,
                        TieBreak::HeadToHead => unreachable!("handled above"),
                    };
                    keys[i].push(value);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    let rows = order
        .into_iter()
        .enumerate()
        .map(|(p, i)| {
            let e = entrants[i];
            let t = &tally[&e];
            StandingRow {
                position: p as u32 + 1,
                tie_breaks: chain
                    .iter()
                    .copied()
                    .zip(keys[i][1..].iter().copied())
                    .collect(),
                ..t.counts.row(e, i, t.score)
            }
        })
        .collect();
    StandingsTable {
        title: TableTitle::Overall,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{MatchKey, Side, Slot, Stage};

    /// Swiss matches of round 1, keyed "a", "b"… in order, each given as the winner, the
    /// loser, and the games and points of both, the winner's first.
    fn won(results: &[(u32, u32, [u32; 2], [i32; 2])]) -> Vec<Match> {
        (b'a'..)
            .zip(results)
            .map(|(key, &(winner, loser, games, points))| Match {
                key: MatchKey::new(char::from(key)),
                stage: Stage::Swiss,
                round: 1,
                sides: [
                    Slot::Entrant(EntrantId(winner)),
                    Slot::Entrant(EntrantId(loser)),
                ],
                status: Status::Finished(Outcome::Played {
                    winner: Side::A,
                    games,
                    points,
                }),
            })
            .collect()
    }

    /// The standings of entrants 1 to 4 after `matches`.
    fn of_four(matches: &[Match], chain: &[TieBreak], bye_is_win: bool) -> StandingsTable {
        let entrants: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
        from_matches(&entrants, matches, chain, bye_is_win)
    }

    fn row_of(table: &StandingsTable, id: u32) -> &StandingRow {
        table
            .rows
            .iter()
            .find(|r| r.entrant == EntrantId(id))
            .unwrap()
    }

    #[test]
    fn tie_break_columns() {
        // 1 beats 2, 2 beats 3, 3 beats 1 (a cycle), 4 beats 1; 4 is alone on 1.
        let matches = won(&[
            (1, 2, [2, 1], [10, 7]),
            (2, 3, [2, 0], [12, 3]),
            (3, 1, [2, 1], [9, 8]),
            (4, 1, [2, 0], [11, 2]),
        ]);
        let table = of_four(&matches, &TieBreak::ALL, false);
        let row = |id| row_of(&table, id);
        // Scores: 1 → 1, 2 → 1, 3 → 1, 4 → 1.
        assert!(table.rows.iter().all(|r| r.score == 1));
        // Buchholz of 1: opponents 2, 3, 4 → 3.
        assert_eq!(row(1).tie_breaks[0], (TieBreak::Buchholz, 3));
        // Median-Buchholz of 1 drops one best and one worst of three: 1.
        assert_eq!(row(1).tie_breaks[1], (TieBreak::MedianBuchholz, 1));
        // Sonneborn-Berger of 4: beat 1 (score 1).
        assert_eq!(row(4).tie_breaks[2], (TieBreak::SonnebornBerger, 1));
        // Games difference of 2: +1 -2 ... 2-1 lost (−1), 2-0 won (+2) = +1.
        assert_eq!(row(2).tie_breaks[4], (TieBreak::GamesDifference, 1));
        assert_eq!(row(2).tie_breaks[5], (TieBreak::PointsDifference, 9 - 3));
        // 1 has the best Buchholz and goes first.
        assert_eq!(table.rows[0].entrant, EntrantId(1));
        let positions: Vec<u32> = table.rows.iter().map(|r| r.position).collect();
        assert_eq!(positions, vec![1, 2, 3, 4]);
    }

    #[test]
    fn a_bye_counts_in_buchholz_as_an_opponent_with_the_entrants_own_score() {
        // 1 beats 2 and 3; 4 beats 3, then has a bye (a win); 2 beats 3.
        let mut matches = won(&[
            (1, 2, [1, 0], [1, 0]),
            (1, 3, [1, 0], [1, 0]),
            (4, 3, [1, 0], [1, 0]),
            (2, 3, [1, 0], [1, 0]),
        ]);
        matches.push(Match {
            key: MatchKey::new("bye"),
            stage: Stage::Swiss,
            round: 2,
            sides: [Slot::Entrant(EntrantId(4)), Slot::Bye],
            status: Status::Walkover {
                winner: Side::A,
                reason: WalkoverReason::Bye,
            },
        });
        let chain = [TieBreak::Buchholz, TieBreak::MedianBuchholz];
        let table = of_four(&matches, &chain, true);
        let row = |id| row_of(&table, id);
        // 4 scores 2 (a win and the bye): opponent 3 (score 0) plus the bye's virtual
        // opponent with 4's own score, 2.
        assert_eq!(row(4).score, 2);
        assert_eq!(row(4).tie_breaks[0], (TieBreak::Buchholz, 2));
        // 1 scores 2 against 2 (score 1) and 3 (score 0): Buchholz 1, so 4 ranks above 1.
        assert_eq!(row(1).tie_breaks[0], (TieBreak::Buchholz, 1));
        assert!(row(4).position < row(1).position);
        // Fewer than three opponents: Median-Buchholz keeps them all, the bye's included.
        assert_eq!(row(4).tie_breaks[1], (TieBreak::MedianBuchholz, 2));
    }

    #[test]
    fn head_to_head_among_the_tied_only() {
        // 1 and 2 both win twice; 2 beat 1.
        let matches = won(&[
            (2, 1, [2, 0], [1, 0]),
            (1, 3, [2, 0], [1, 0]),
            (1, 4, [2, 0], [1, 0]),
            (2, 3, [2, 0], [1, 0]),
            (4, 2, [2, 0], [1, 0]),
        ]);
        let table = of_four(&matches, &[TieBreak::HeadToHead], false);
        assert_eq!(table.rows[0].entrant, EntrantId(2));
        assert_eq!(table.rows[1].entrant, EntrantId(1));
        assert_eq!(table.rows[0].tie_breaks, vec![(TieBreak::HeadToHead, 1)]);
    }

    #[test]
    fn keys_round_trip_and_messages_differ() {
        for tb in TieBreak::ALL {
            assert_eq!(TieBreak::from_key(tb.key()), Some(tb));
            assert_ne!(tb.msg(), tb.name_msg());
        }
    }
}
