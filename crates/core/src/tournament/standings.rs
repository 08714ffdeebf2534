//! Standings and tie-breaks.
//!
//! The score is the number of matches won (a forfeit or a walkover against a withdrawn
//! entrant is a win; a bye scores as the format's [`ByeScore`] says). Scores are
//! [`Points`], fixed-point thousandths, so a bye may score the share of a round. Ties on the score are
//! broken by the organizer's chain of [`TieBreak`]s, in order, and finally by seed, so
//! standings are always a total order. Every column has a key, a name and an explanation
//! (as data for `locales/*/tournament.ftl`).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{EntrantId, Match, Outcome, Status, WalkoverReason};
use crate::lang::Msg;
use crate::rules::game::Message;

pub use super::points::{ByeScore, Points};

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
    /// Match points: wins, plus what byes score where the format counts them.
    pub score: Points,
    /// Elimination formats: out of the event.
    pub eliminated: bool,
    /// The organizer's chain, in order, with each value (counts are whole points).
    pub tie_breaks: Vec<(TieBreak, Points)>,
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
    pub(crate) fn row(self, entrant: EntrantId, index: usize, score: Points) -> StandingRow {
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
    score: Points,
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
    bye: ByeScore,
) -> StandingsTable {
    let mut tally: BTreeMap<EntrantId, Tally> =
        entrants.iter().map(|&e| (e, Tally::default())).collect();
    let averages = round_averages(matches);
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
                                t.score += Points::whole(1);
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
                            t.score += match bye {
                                ByeScore::Nothing => Points::default(),
                                ByeScore::Win => Points::whole(1),
                                ByeScore::RoundAverage => {
                                    averages.get(&m.round).copied().unwrap_or_default()
                                }
                            };
                        } else {
                            t.counts.played += 1;
                            t.counts.wins += 1;
                            t.score += Points::whole(1);
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

/// Each round's share of wins among the players of its decided matches (byes aside): what a
/// bye of that round scores under [`ByeScore::RoundAverage`].
fn round_averages(matches: &[Match]) -> BTreeMap<u32, Points> {
    let mut counts: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
    for m in matches {
        let winner = match &m.status {
            Status::Finished(outcome) => outcome.winner(),
            Status::Walkover { winner, reason } if *reason != WalkoverReason::Bye => *winner,
            _ => continue,
        };
        let won = m.sides[winner.index()].entrants().len() as u32;
        let lost = m.sides[1 - winner.index()].entrants().len() as u32;
        let (wins, players) = counts.entry(m.round).or_default();
        *wins += won;
        *players += won + lost;
    }
    counts
        .into_iter()
        .map(|(round, (wins, players))| (round, Points::share(wins, players)))
        .collect()
}

fn rank(
    entrants: &[EntrantId],
    tally: &BTreeMap<EntrantId, Tally>,
    chain: &[TieBreak],
) -> StandingsTable {
    let score_of = |e: &EntrantId| tally.get(e).map_or(Points::default(), |t| t.score);
    let n = entrants.len();
    let mut keys: Vec<Vec<Points>> = entrants.iter().map(|e| vec![score_of(e)]).collect();
    for &tb in chain {
        match tb {
            TieBreak::HeadToHead => {
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by(|&a, &b| keys[b].cmp(&keys[a]));
                let mut values = vec![Points::default(); n];
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
                            values[i] = Points::whole(
                                tally[&entrants[i]]
                                    .met
                                    .iter()
                                    .filter(|(o, won)| *won && group.contains(o))
                                    .count() as i64,
                            );
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
                            t.met.iter().map(|(o, _)| score_of(o)).sum::<Points>()
                                + i64::from(t.counts.byes) * t.score
                        }
                        TieBreak::MedianBuchholz => {
                            let mut s: Vec<Points> =
                                t.met.iter().map(|(o, _)| score_of(o)).collect();
                            s.extend(std::iter::repeat_n(t.score, t.counts.byes as usize));
                            s.sort_unstable();
                            if s.len() >= 3 {
                                s[1..s.len() - 1].iter().copied().sum()
                            } else {
                                s.iter().copied().sum()
                            }
                        }
                        TieBreak::SonnebornBerger => t
                            .met
                            .iter()
                            .filter(|(_, won)| *won)
                            .map(|(o, _)| score_of(o))
                            .sum(),
                        TieBreak::GamesDifference => Points::whole(t.games),
                        TieBreak::PointsDifference => Points::whole(t.points),
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
        from_matches(&entrants, matches, chain, ByeScore::from_win(bye_is_win))
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
        assert!(table.rows.iter().all(|r| r.score == Points::whole(1)));
        // Buchholz of 1: opponents 2, 3, 4 → 3.
        assert_eq!(row(1).tie_breaks[0], (TieBreak::Buchholz, Points::whole(3)));
        // Median-Buchholz of 1 drops one best and one worst of three: 1.
        assert_eq!(
            row(1).tie_breaks[1],
            (TieBreak::MedianBuchholz, Points::whole(1))
        );
        // Sonneborn-Berger of 4: beat 1 (score 1).
        assert_eq!(
            row(4).tie_breaks[2],
            (TieBreak::SonnebornBerger, Points::whole(1))
        );
        // Games difference of 2: +1 -2 ... 2-1 lost (−1), 2-0 won (+2) = +1.
        assert_eq!(
            row(2).tie_breaks[4],
            (TieBreak::GamesDifference, Points::whole(1))
        );
        assert_eq!(
            row(2).tie_breaks[5],
            (TieBreak::PointsDifference, Points::whole(9 - 3))
        );
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
        assert_eq!(row(4).score, Points::whole(2));
        assert_eq!(row(4).tie_breaks[0], (TieBreak::Buchholz, Points::whole(2)));
        // 1 scores 2 against 2 (score 1) and 3 (score 0): Buchholz 1, so 4 ranks above 1.
        assert_eq!(row(1).tie_breaks[0], (TieBreak::Buchholz, Points::whole(1)));
        assert!(row(4).position < row(1).position);
        // Fewer than three opponents: Median-Buchholz keeps them all, the bye's included.
        assert_eq!(
            row(4).tie_breaks[1],
            (TieBreak::MedianBuchholz, Points::whole(2))
        );
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
        assert_eq!(
            table.rows[0].tie_breaks,
            vec![(TieBreak::HeadToHead, Points::whole(1))]
        );
    }

    #[test]
    fn keys_round_trip_and_messages_differ() {
        for tb in TieBreak::ALL {
            assert_eq!(TieBreak::from_key(tb.key()), Some(tb));
            assert_ne!(tb.msg(), tb.name_msg());
        }
    }

    /// A night of five: table `[a, b]` against `[c, d]` each round, the first pair winning
    /// where `decided`, and the fifth sitting out.
    fn night_of_five(rounds: &[([u32; 4], u32, bool)]) -> Vec<Match> {
        let mut out = Vec::new();
        for (r, &([a, b, c, d], sitting, decided)) in (1..).zip(rounds) {
            let pair = |x, y| Slot::Partnership([EntrantId(x), EntrantId(y)]);
            out.push(Match {
                key: MatchKey(format!("Rot R{r} T1")),
                stage: Stage::Rotating,
                round: r,
                sides: [pair(a, b), pair(c, d)],
                status: if decided {
                    Status::Finished(Outcome::Played {
                        winner: Side::A,
                        games: [1, 0],
                        points: [0, 0],
                    })
                } else {
                    Status::Ready
                },
            });
            out.push(Match {
                key: MatchKey(format!("Rot R{r} out 1")),
                stage: Stage::Rotating,
                round: r,
                sides: [Slot::Entrant(EntrantId(sitting)), Slot::Bye],
                status: Status::Walkover {
                    winner: Side::A,
                    reason: WalkoverReason::Bye,
                },
            });
        }
        out
    }

    /// Round 1: 1·2 beat 3·4, 5 out; round 2: 2·3 beat 1·5, 4 out; round 3: 2·4 beat
    /// 3·5, 1 out.
    fn three_rounds(third_decided: bool) -> Vec<Match> {
        night_of_five(&[
            ([1, 2, 3, 4], 5, true),
            ([2, 3, 1, 5], 4, true),
            ([2, 4, 3, 5], 1, third_decided),
        ])
    }

    fn scores_and_order(table: &StandingsTable) -> (Vec<String>, Vec<u32>) {
        let score = |id| row_of(table, id).score.to_string();
        (
            (1..=5).map(score).collect(),
            table.rows.iter().map(|r| r.entrant.0).collect(),
        )
    }

    #[test]
    fn a_sit_out_scores_nothing_a_win_or_the_average_of_its_round() {
        let entrants: Vec<EntrantId> = (1..=5).map(EntrantId).collect();
        let matches = three_rounds(true);
        let of = |bye| from_matches(&entrants, &matches, &[TieBreak::Buchholz], bye);
        let nothing = of(ByeScore::Nothing);
        let win = of(ByeScore::Win);
        let average = of(ByeScore::RoundAverage);
        // Nothing: the sit-outs add nothing; 1, 3 and 4 tie on one win, and Buchholz puts
        // 3 (opponents 1, 2, 1, 5, 2, 4: 9) above 1 (3, 4, 2, 3 and its sit-out: 7) and
        // 4 (1, 2, 3, 5 and its sit-out: 6).
        assert_eq!(
            scores_and_order(&nothing),
            (
                vec!["1", "3", "1", "1", "0"]
                    .into_iter()
                    .map(String::from)
                    .collect(),
                vec![2, 3, 1, 4, 5]
            )
        );
        // A win: 1 and 4 reach two; 3 and 5 tie on one.
        assert_eq!(scores_and_order(&win).0, ["2", "3", "1", "2", "1"]);
        // The average: every round had two winners of four players, so half a win.
        assert_eq!(
            scores_and_order(&average),
            (
                vec!["1.5", "3", "1", "1.5", "0.5"]
                    .into_iter()
                    .map(String::from)
                    .collect(),
                vec![2, 1, 4, 3, 5]
            )
        );
        // Buchholz counts fractions alike: 1 met 3, 4, 2, 3 (1 + 1.5 + 3 + 1) and its
        // sit-out counts its own 1.5: 8; 4 met 1, 2, 3, 5 (1.5 + 3 + 1 + 0.5) plus 1.5.
        assert_eq!(
            row_of(&average, 1).tie_breaks,
            vec![(TieBreak::Buchholz, Points(8000))]
        );
        assert_eq!(
            row_of(&average, 4).tie_breaks,
            vec![(TieBreak::Buchholz, Points(7500))]
        );
        assert_eq!(row_of(&average, 4).tie_breaks[0].1.to_string(), "7.5");
        let positions: Vec<u32> = average.rows.iter().map(|r| r.position).collect();
        assert_eq!(positions, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_sit_out_of_an_undecided_round_scores_nothing_yet_under_the_average() {
        let entrants: Vec<EntrantId> = (1..=5).map(EntrantId).collect();
        let matches = three_rounds(false);
        let table = from_matches(&entrants, &matches, &[], ByeScore::RoundAverage);
        // 1 sits out round 3, whose table is still to play: its earlier win only.
        assert_eq!(row_of(&table, 1).score, Points::whole(1));
        assert_eq!(row_of(&table, 1).byes, 1);
        assert_eq!(row_of(&table, 4).score, Points(500));
    }

    #[test]
    fn points_share_and_read_as_decimals() {
        assert_eq!(Points::share(8, 16), Points(500));
        assert_eq!(Points::share(1, 3), Points(333));
        assert_eq!(Points::share(2, 3), Points(667));
        assert_eq!(Points::share(0, 0), Points(0));
        assert_eq!(Points::whole(3).to_string(), "3");
        assert_eq!(Points(2250).to_string(), "2.25");
        assert_eq!(Points(-500).to_string(), "-0.5");
        assert_eq!(Points(1500).as_whole(), None);
        assert_eq!(Points::whole(-2).as_whole(), Some(-2));
        for b in ByeScore::ALL {
            assert_eq!(ByeScore::from_key(b.key()), Some(b));
            assert_ne!(b.msg(), b.name_msg());
            assert_ne!(b.msg(), b.fact_msg());
        }
    }
}
