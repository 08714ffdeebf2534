//! Swiss: N rounds, each paired from the standings after the rounds before it.
//!
//! A round is drawn only once every match of the previous round is decided. The pairing:
//!
//! 1. Entrants no longer in the event (withdrawn from this round) are left out.
//! 2. With an odd count, the bye goes to the lowest-ranked entrant who has not had one
//!    (if all have, to the lowest ranked among those with the fewest byes). A bye scores a win when
//!    [`Options::bye_is_win`] (the default in [`Options::new`]).
//! 3. Score groups are paired from the top, Dutch style: in a group the top half meets the
//!    bottom half in order (1 v 5, 2 v 6, …). A group with an odd count floats its lowest
//!    entrant down to the next group; an entrant who can meet nobody left in the group
//!    without a rematch floats down too. Floaters meet the highest-ranked opponent they
//!    have not met in the group below. When the natural opponent is a rematch the next
//!    one in order is taken (a transposition).
//! 4. If the last group still leaves entrants unpaired, the whole round is repaired with a
//!    maximum matching over the pairs that have not met (Edmonds' algorithm grown from
//!    the greedy pairing), so a rematch happens only when no pairing of this round avoids
//!    it. Those remaining are paired in rank order and the rematch is noted.
//! 5. The weighted pass (`weighted.rs`) replaces that pairing, or the part of it around
//!    its cross-group pairs and rematches, where a pairing with fewer rematches, then
//!    smaller score gaps, exists.
//!
//! Every decision is a [`PairingNote`], worded from `locales/*/tournament.ftl`.
//! Keys: `Swiss R{r} T{t}` (table 1 is the top) and `Swiss R{r} bye`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::matching::maximise;
use super::standings::{ByeScore, Points, StandingRow, TieBreak, from_matches};
use super::{
    DrawNotes, EntrantId, Match, MatchKey, Results, Schedule, Slot, Stage, Tournament,
    TournamentError, settle,
};
use crate::lang::Msg;
use crate::rules::game::Message;

mod weighted;

pub use weighted::WINDOW;
use weighted::pair;

/// Swiss options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub rounds: u32,
    /// The organizer's tie-break chain (also used to rank entrants for pairing).
    pub tie_breaks: Vec<TieBreak>,
    /// A bye scores as a win.
    pub bye_is_win: bool,
}

impl Options {
    /// `rounds` rounds, Buchholz then Sonneborn-Berger, byes scoring a win.
    pub fn new(rounds: u32) -> Options {
        Options {
            rounds,
            tie_breaks: vec![TieBreak::Buchholz, TieBreak::SonnebornBerger],
            bye_is_win: true,
        }
    }
}

/// Why an entrant received the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeReason {
    /// The lowest-ranked entrant without a bye so far.
    LowestWithoutBye,
    /// Everyone has had a bye: the lowest ranked among those with the fewest.
    EveryoneHadOne,
}

/// Why an entrant floated down to a lower score group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FloatReason {
    /// The group had an odd number of entrants: the lowest ranked floats.
    OddGroup,
    /// Everyone left in the group has already met this entrant; `with` is the natural
    /// opponent.
    AvoidRematch { with: EntrantId },
    /// The weighted matching of the round paired across score groups: no pairing of the
    /// round has smaller score gaps without a rematch.
    SmallestGaps,
}

/// One decision of a Swiss pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairingNote {
    Bye {
        entrant: EntrantId,
        reason: ByeReason,
    },
    /// Moved from the group on `from_score` to the group on `to_score`.
    FloatDown {
        entrant: EntrantId,
        from_score: i64,
        to_score: i64,
        reason: FloatReason,
    },
    /// Paired with `opponent` instead of the natural `instead_of`, already met.
    Transposed {
        entrant: EntrantId,
        opponent: EntrantId,
        instead_of: EntrantId,
    },
    /// Paired across score groups by the final repair to avoid a rematch.
    Rearranged {
        entrant: EntrantId,
        opponent: EntrantId,
    },
    /// No pairing of this round avoided this rematch.
    Rematch { a: EntrantId, b: EntrantId },
}

impl PairingNote {
    /// The note as data for `locales/*/tournament.ftl`, naming entrants with `name`.
    pub fn msg_with(&self, name: &dyn Fn(EntrantId) -> String) -> Msg {
        match *self {
            PairingNote::Bye { entrant, reason } => Msg::new(match reason {
                ByeReason::LowestWithoutBye => "tournament-swiss_bye_lowest_without",
                ByeReason::EveryoneHadOne => "tournament-swiss_bye_everyone_had_one",
            })
            .arg("entrant", name(entrant)),
            PairingNote::FloatDown {
                entrant,
                from_score,
                to_score,
                reason,
            } => {
                let float = |id| {
                    Msg::new(id)
                        .arg("entrant", name(entrant))
                        .arg("from", from_score)
                        .arg("to", to_score)
                };
                match reason {
                    FloatReason::OddGroup => float("tournament-swiss_float_odd_group"),
                    FloatReason::SmallestGaps => float("tournament-swiss_float_smallest_gaps"),
                    FloatReason::AvoidRematch { with } => {
                        float("tournament-swiss_float_avoid_rematch").arg("with", name(with))
                    }
                }
            }
            PairingNote::Transposed {
                entrant,
                opponent,
                instead_of,
            } => Msg::new("tournament-swiss_transposed")
                .arg("entrant", name(entrant))
                .arg("opponent", name(opponent))
                .arg("instead_of", name(instead_of)),
            PairingNote::Rearranged { entrant, opponent } => {
                Msg::new("tournament-swiss_rearranged")
                    .arg("entrant", name(entrant))
                    .arg("opponent", name(opponent))
            }
            PairingNote::Rematch { a, b } => Msg::new("tournament-swiss_rematch")
                .arg("a", name(a))
                .arg("b", name(b)),
        }
    }
}

impl Message for PairingNote {
    /// The note as data, naming entrants by id.
    fn msg(&self) -> Msg {
        self.msg_with(&|entrant: EntrantId| entrant.to_string())
    }
}

/// The notes of one round's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundNotes {
    pub round: u32,
    pub notes: Vec<PairingNote>,
}

/// A symmetric bit matrix of who has met whom.
pub(crate) struct Met {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Met {
    pub(crate) fn new(n: usize) -> Met {
        let words = n.div_ceil(64);
        Met {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    pub(crate) fn set(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
        self.bits[b * self.words + a / 64] |= 1 << (a % 64);
    }

    pub(crate) fn get(&self, a: usize, b: usize) -> bool {
        debug_assert!(a < self.n && b < self.n);
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// A round's pairing: pairs by rank index (higher ranked first), the bye, the notes.
pub(crate) struct Pairing {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub notes: Vec<PairingNote>,
}

/// The score-group pass: Dutch pairing within score groups, floats, transpositions and
/// the repair of leftovers.
pub(crate) fn dutch_pair(ranked: &[EntrantId], scores: &[i64], met: &Met, byes: &[u32]) -> Pairing {
    let m = ranked.len();
    let mut notes = Vec::new();
    let mut bye = None;
    if m % 2 == 1 {
        let fewest = byes.iter().copied().min().unwrap_or(0);
        let i = (0..m).rev().find(|&i| byes[i] == fewest).unwrap_or(m - 1);
        let reason = if fewest == 0 {
            ByeReason::LowestWithoutBye
        } else {
            ByeReason::EveryoneHadOne
        };
        bye = Some(i);
        notes.push(PairingNote::Bye {
            entrant: ranked[i],
            reason,
        });
    }
    // Score groups, in rank order.
    let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
    for i in (0..m).filter(|&i| Some(i) != bye) {
        match groups.last_mut() {
            Some((s, members)) if *s == scores[i] => members.push(i),
            _ => groups.push((scores[i], vec![i])),
        }
    }
    let mut mate: Vec<Option<usize>> = vec![None; m];
    let mut carry: Vec<usize> = Vec::new();
    let mut leftover: Vec<usize> = Vec::new();
    for g in 0..groups.len() {
        let score = groups[g].0;
        let next = groups.get(g + 1).map(|(s, _)| *s);
        let floaters: BTreeSet<usize> = carry.iter().copied().collect();
        let mut rem: Vec<usize> = carry.drain(..).chain(groups[g].1.iter().copied()).collect();
        rem.sort_unstable();
        let mut float = |i: usize, reason: FloatReason, notes: &mut Vec<PairingNote>| match next {
            Some(to_score) => {
                notes.push(PairingNote::FloatDown {
                    entrant: ranked[i],
                    from_score: score,
                    to_score,
                    reason,
                });
                carry.push(i);
            }
            None => leftover.push(i),
        };
        if rem.len() % 2 == 1
            && let Some(last) = rem.pop()
        {
            float(last, FloatReason::OddGroup, &mut notes);
        }
        let mut start = 0;
        while start < rem.len() {
            let p = rem[start];
            start += 1;
            let rest = &rem[start..];
            if rest.is_empty() {
                float(p, FloatReason::OddGroup, &mut notes);
                break;
            }
            let natural = if floaters.contains(&p) {
                0
            } else {
                rest.len().div_ceil(2) - 1
            };
            let chosen = (natural..rest.len())
                .chain((0..natural).rev())
                .find(|&q| !met.get(p, rest[q]));
            match chosen {
                Some(q) => {
                    let opponent = rest[q];
                    if q != natural {
                        notes.push(PairingNote::Transposed {
                            entrant: ranked[p],
                            opponent: ranked[opponent],
                            instead_of: ranked[rest[natural]],
                        });
                    }
                    mate[p] = Some(opponent);
                    mate[opponent] = Some(p);
                    rem.remove(start + q);
                }
                None => {
                    let with = ranked[rest[natural]];
                    float(p, FloatReason::AvoidRematch { with }, &mut notes);
                }
            }
        }
    }
    leftover.extend(carry);
    if !leftover.is_empty() {
        let before = mate.clone();
        maximise(m, &mut mate, |a, b| !met.get(a, b), |v| Some(v) != bye);
        for v in 0..m {
            if let Some(u) = mate[v]
                && v < u
                && before[v] != Some(u)
            {
                notes.push(PairingNote::Rearranged {
                    entrant: ranked[v],
                    opponent: ranked[u],
                });
            }
        }
        let mut unpaired: Vec<usize> = (0..m)
            .filter(|&v| mate[v].is_none() && Some(v) != bye)
            .collect();
        unpaired.sort_unstable();
        for pair in unpaired.chunks(2) {
            if let [a, b] = *pair {
                mate[a] = Some(b);
                mate[b] = Some(a);
                notes.push(PairingNote::Rematch {
                    a: ranked[a],
                    b: ranked[b],
                });
            }
        }
    }
    let pairs = (0..m)
        .filter_map(|v| mate[v].filter(|&u| v < u).map(|u| (v, u)))
        .collect();
    Pairing { pairs, bye, notes }
}

/// Every round drawn so far: round `r` exists once every match before it is decided.
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    let n = tournament.require_entrants(2)?;
    if options.rounds == 0 {
        return Err(TournamentError::InvalidOption(
            "a Swiss needs at least one round",
        ));
    }
    let entrants = &tournament.entrants;
    let index_of: std::collections::HashMap<EntrantId, usize> =
        entrants.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let withdrawn_all = tournament.withdrawn();
    let mut matches: Vec<Match> = Vec::new();
    let mut notes = Vec::new();
    let mut drawn = 0;
    for round in 1..=options.rounds {
        if !matches.iter().all(|m| m.status.is_decided()) {
            break;
        }
        drawn = round;
        let table = from_matches(
            entrants,
            &matches,
            &options.tie_breaks,
            ByeScore::from_win(options.bye_is_win),
        );
        let out = tournament.absent_in(round);
        let drawn_round = |left_out: &BTreeSet<EntrantId>| {
            let ranked: Vec<_> = table
                .rows
                .iter()
                .filter(|r| !out.contains(&r.entrant) && !left_out.contains(&r.entrant))
                .collect();
            pair_round(&ranked, &matches, &index_of, n)
        };
        let (mut ranked, mut pairing) = drawn_round(&BTreeSet::new());
        let mut tables: Vec<(MatchKey, [Slot; 2])> = pairing
            .pairs
            .iter()
            .enumerate()
            .map(|(t, &(a, b))| {
                let sides = [Slot::Entrant(ranked[a]), Slot::Entrant(ranked[b])];
                (table_key(round, t as u32 + 1), sides)
            })
            .collect();
        // Tables of this round already begun stay as they were drawn: when a correction
        // upstream changed the pairing, only the tables not begun are paired again,
        // among the players not seated at a begun one.
        let begun = begun_tables(round, results);
        if !begun.iter().all(|table| tables.contains(table)) {
            let seated: BTreeSet<EntrantId> = begun
                .iter()
                .flat_map(|(_, sides)| sides.iter().flat_map(Slot::entrants))
                .collect();
            (ranked, pairing) = drawn_round(&seated);
            let taken: BTreeSet<u32> = begun.iter().map(|(key, _)| table_number(key)).collect();
            let mut free_numbers = (1..).filter(|number| !taken.contains(number));
            tables = begun;
            for &(a, b) in &pairing.pairs {
                let number = free_numbers.next().expect("table numbers never run out");
                let sides = [Slot::Entrant(ranked[a]), Slot::Entrant(ranked[b])];
                tables.push((table_key(round, number), sides));
            }
            tables.sort_by_key(|(key, _)| table_number(key));
        }
        for (key, sides) in tables {
            let sides = settle(&key, sides, results);
            let m = Match::resolved(key, Stage::Swiss, round, sides, results, &withdrawn_all);
            matches.push(m);
        }
        if let Some(b) = pairing.bye {
            let key = MatchKey(format!("Swiss R{round} bye"));
            let sides = settle(&key, [Slot::Entrant(ranked[b]), Slot::Bye], results);
            let m = Match::resolved(key, Stage::Swiss, round, sides, results, &withdrawn_all);
            matches.push(m);
        }
        notes.push(DrawNotes::Swiss(RoundNotes {
            round,
            notes: pairing.notes,
        }));
    }
    let complete = drawn == options.rounds && matches.iter().all(|m| m.status.is_decided());
    Ok(Schedule {
        matches,
        notes,
        complete,
    })
}

/// A round's pairing of the players `ranked` (best first), who must not meet again
/// anyone they met in `matches`; the players as the pairing's indices name them.
fn pair_round(
    ranked_rows: &[&StandingRow],
    matches: &[Match],
    index_of: &std::collections::HashMap<EntrantId, usize>,
    n: usize,
) -> (Vec<EntrantId>, Pairing) {
    let ranked: Vec<EntrantId> = ranked_rows.iter().map(|r| r.entrant).collect();
    // A Swiss bye scores a whole win or nothing, so score groups are whole numbers.
    let scores: Vec<i64> = ranked_rows
        .iter()
        .map(|r| r.score.thousandths() / Points::UNIT)
        .collect();
    let byes: Vec<u32> = ranked_rows.iter().map(|r| r.byes).collect();
    let mut position = vec![usize::MAX; n];
    for (rank, e) in ranked.iter().enumerate() {
        position[index_of[e]] = rank;
    }
    let mut met = Met::new(ranked.len());
    for m in matches {
        if let (Slot::Entrant(a), Slot::Entrant(b)) = (&m.sides[0], &m.sides[1]) {
            let (pa, pb) = (position[index_of[a]], position[index_of[b]]);
            if pa != usize::MAX && pb != usize::MAX {
                met.set(pa, pb);
            }
        }
    }
    let pairing = pair(&ranked, &scores, &met, &byes);
    (ranked, pairing)
}

/// The key of a Swiss round's table (from 1).
fn table_key(round: u32, table: u32) -> MatchKey {
    MatchKey(format!("Swiss R{round} T{table}"))
}

/// The table number a Swiss table's key ends with.
fn table_number(key: &MatchKey) -> u32 {
    key.as_str()
        .rsplit_once(" T")
        .and_then(|(_, number)| number.parse().ok())
        .unwrap_or(u32::MAX)
}

/// The tables of `round` with something recorded, and the sides they were begun by.
fn begun_tables(round: u32, results: &Results) -> Vec<(MatchKey, [Slot; 2])> {
    let prefix = format!("Swiss R{round} T");
    results
        .iter()
        .filter(|(key, _)| {
            key.as_str()
                .strip_prefix(&prefix)
                .is_some_and(|number| number.parse::<u32>().is_ok())
        })
        .map(|(key, recorded)| (key.clone(), recorded.sides.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<EntrantId> {
        (1..=n).map(EntrantId).collect()
    }

    #[test]
    fn first_round_is_top_half_against_bottom_half() {
        let met = Met::new(8);
        let p = pair(&ids(8), &[0; 8], &met, &[0; 8]);
        assert_eq!(p.pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
        assert!(p.notes.is_empty());
    }

    #[test]
    fn odd_group_floats_its_lowest() {
        // Scores 2,2,2,1,1,1: the third of the top group floats down.
        let met = Met::new(6);
        let p = pair(&ids(6), &[2, 2, 2, 1, 1, 1], &met, &[0; 6]);
        assert_eq!(p.pairs, vec![(0, 1), (2, 3), (4, 5)]);
        assert_eq!(
            p.notes,
            vec![PairingNote::FloatDown {
                entrant: EntrantId(3),
                from_score: 2,
                to_score: 1,
                reason: FloatReason::OddGroup
            }]
        );
        assert_eq!(
            p.notes[0].msg(),
            Msg::new("tournament-swiss_float_odd_group")
                .arg("entrant", "#3")
                .arg("from", 2)
                .arg("to", 1)
        );
    }

    #[test]
    fn rematch_forces_a_transposition_or_a_repair() {
        let mut met = Met::new(4);
        met.set(0, 2);
        met.set(1, 3);
        met.set(0, 1);
        let p = pair(&ids(4), &[0; 4], &met, &[0; 4]);
        // Only 0-3 and 1-2 avoid every rematch.
        assert_eq!(p.pairs, vec![(0, 3), (1, 2)]);
        assert!(
            !p.notes
                .iter()
                .any(|n| matches!(n, PairingNote::Rematch { .. }))
        );
    }

    #[test]
    fn unavoidable_rematch_is_noted() {
        let mut met = Met::new(2);
        met.set(0, 1);
        let p = pair(&ids(2), &[1, 0], &met, &[0; 2]);
        assert_eq!(p.pairs, vec![(0, 1)]);
        assert!(matches!(p.notes.last(), Some(PairingNote::Rematch { .. })));
    }

    #[test]
    fn bye_skips_those_who_had_one() {
        let met = Met::new(5);
        let p = pair(&ids(5), &[0; 5], &met, &[0, 0, 0, 0, 1]);
        assert_eq!(p.bye, Some(3));
        let p = pair(&ids(5), &[0; 5], &met, &[1, 1, 2, 1, 1]);
        assert_eq!(p.bye, Some(4));
        assert!(matches!(
            p.notes[0],
            PairingNote::Bye {
                reason: ByeReason::EveryoneHadOne,
                ..
            }
        ));
    }
}
