//! An event kept derived while results come in one at a time: [`Live::record`] costs in
//! proportion to what a result changes, not to the event.
//!
//! [`Tournament::schedule`] derives every match from all the results; calling it after
//! each result makes finishing an event cost O(n²). Here the schedule is derived once,
//! then each result re-resolves only what it can change:
//!
//! - brackets (single and double elimination): the match recorded, then the matches its
//!   winner and loser feed, and so on while anything changes (a correction re-flows the
//!   same way);
//! - round robin and rotating partners: the match itself (their draws do not depend on
//!   results);
//! - Swiss: the match itself, and the next round drawn once its round is decided; a
//!   result in an earlier round (a correction) derives the event again;
//! - groups then knockout, a result kept as played, a double elimination's bracket reset
//!   appearing or going: the event is derived again (rare, or small).
//!
//! The schedule is always what [`Tournament::schedule`] gives for the same results (the
//! tests check it after every result).

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::bracket::{Def, Feed, resolve_def};
use super::{
    EntrantId, Format, MatchKey, Recorded, Results, Schedule, Side, Slot, Status, Tournament,
    TournamentError, double_elimination, resolve,
};

/// A bracket's definitions, who each feeds, and its seeds.
struct Bracket {
    defs: Vec<Def>,
    dependents: Vec<Vec<usize>>,
    seeds: Vec<Slot>,
}

/// An event derived once and kept up to date result by result.
pub struct Live {
    tournament: Tournament,
    results: Results,
    schedule: Schedule,
    index: HashMap<MatchKey, usize>,
    bracket: Option<Bracket>,
    withdrawn: BTreeSet<EntrantId>,
    undecided: usize,
}

impl Live {
    /// The event derived from `results`.
    pub fn new(tournament: Tournament, results: Results) -> Result<Live, TournamentError> {
        let schedule = tournament.schedule(&results)?;
        Ok(Live::derived(tournament, results, schedule))
    }

    /// The event whose `schedule` was derived already: what `tournament.schedule(&results)`
    /// gave.
    pub fn derived(tournament: Tournament, results: Results, schedule: Schedule) -> Live {
        let withdrawn = tournament.withdrawn();
        let n = tournament.entrants.len();
        let bracket = match &tournament.format {
            Format::SingleElimination(o) => Some(super::single_elimination::defs(n, o, "")),
            Format::DoubleElimination(_) => {
                let (mut defs, gf) = double_elimination::defs(n);
                if schedule.matches.len() > defs.len() {
                    defs.push(Def {
                        key: MatchKey::new("GF reset"),
                        stage: super::Stage::GrandFinalReset,
                        round: 2,
                        feeds: [Feed::Loser(gf), Feed::Winner(gf)],
                    });
                }
                Some(defs)
            }
            _ => None,
        }
        .map(|defs| {
            let mut dependents = vec![Vec::new(); defs.len()];
            for (i, def) in defs.iter().enumerate() {
                for feed in def.feeds {
                    if let Feed::Winner(j) | Feed::Loser(j) = feed {
                        dependents[j].push(i);
                    }
                }
            }
            Bracket {
                defs,
                dependents,
                seeds: tournament
                    .entrants
                    .iter()
                    .map(|&e| Slot::Entrant(e))
                    .collect(),
            }
        });
        let index = schedule
            .matches
            .iter()
            .enumerate()
            .map(|(i, m)| (m.key.clone(), i))
            .collect();
        let undecided = schedule
            .matches
            .iter()
            .filter(|m| !m.status.is_decided())
            .count();
        Live {
            tournament,
            results,
            schedule,
            index,
            bracket,
            withdrawn,
            undecided,
        }
    }

    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// A match by key, found through an index (`Schedule::get` searches the list).
    pub fn get(&self, key: &MatchKey) -> Option<&super::Match> {
        self.index.get(key).map(|&i| &self.schedule.matches[i])
    }

    pub fn results(&self) -> &Results {
        &self.results
    }

    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// Records (or, with `None`, removes) the result of `key` and brings the schedule up
    /// to date. Gives the keys of the matches whose sides or status changed (all of them
    /// when the event was derived again).
    pub fn record(
        &mut self,
        key: &MatchKey,
        recorded: Option<Recorded>,
    ) -> Result<Vec<MatchKey>, TournamentError> {
        let kept = recorded.as_ref().is_some_and(|r| r.kept)
            || self.results.get(key).is_some_and(|r| r.kept);
        match recorded {
            Some(r) => self.results.insert(key.clone(), r),
            None => self.results.remove(key),
        };
        let Some(&at) = self.index.get(key) else {
            return self.derive_again();
        };
        if kept {
            return self.derive_again();
        }
        let changed = match (&self.bracket, &self.tournament.format) {
            (Some(_), _) => self.reflow(at),
            (None, Format::RoundRobin(_) | Format::RotatingPartners(_)) => self.own_match(at),
            (None, Format::Swiss(_)) => {
                let latest = self.schedule.matches.last().map_or(0, |m| m.round);
                if self.schedule.matches[at].round < latest {
                    return self.derive_again();
                }
                let changed = self.own_match(at);
                let round_done = self
                    .schedule
                    .matches
                    .iter()
                    .rev()
                    .take_while(|m| m.round == latest)
                    .all(|m| m.status.is_decided());
                if round_done {
                    return self.derive_again();
                }
                changed
            }
            _ => return self.derive_again(),
        };
        if let Format::DoubleElimination(o) = &self.tournament.format {
            let reset_due = o.bracket_reset
                && self
                    .schedule
                    .matches
                    .iter()
                    .rev()
                    .find(|m| m.key.as_str() == "GF")
                    .is_some_and(
                        |m| matches!(&m.status, Status::Finished(out) if out.winner() == Side::B),
                    );
            let has_reset = self.index.contains_key(&MatchKey::new("GF reset"));
            if reset_due != has_reset {
                return self.derive_again();
            }
        }
        self.schedule.complete = self.undecided == 0;
        Ok(changed)
    }

    fn derive_again(&mut self) -> Result<Vec<MatchKey>, TournamentError> {
        let fresh = Live::new(self.tournament.clone(), std::mem::take(&mut self.results))?;
        *self = fresh;
        Ok(self
            .schedule
            .matches
            .iter()
            .map(|m| m.key.clone())
            .collect())
    }

    /// Replaces match `at` with `updated` if it differs; gives whether it did.
    fn replace(&mut self, at: usize, updated: super::Match) -> bool {
        let old = &self.schedule.matches[at];
        if old.sides == updated.sides && old.status == updated.status {
            return false;
        }
        match (old.status.is_decided(), updated.status.is_decided()) {
            (false, true) => self.undecided -= 1,
            (true, false) => self.undecided += 1,
            _ => {}
        }
        self.schedule.matches[at] = updated;
        true
    }

    fn own_match(&mut self, at: usize) -> Vec<MatchKey> {
        let m = &self.schedule.matches[at];
        let status = resolve(&m.key, &m.sides, &self.results, &self.withdrawn);
        let updated = super::Match {
            status,
            ..m.clone()
        };
        if self.replace(at, updated) {
            vec![self.schedule.matches[at].key.clone()]
        } else {
            Vec::new()
        }
    }

    fn reflow(&mut self, at: usize) -> Vec<MatchKey> {
        let mut changed = Vec::new();
        let mut queue = VecDeque::from([at]);
        while let Some(i) = queue.pop_front() {
            let Some(bracket) = &self.bracket else {
                break;
            };
            let updated = resolve_def(
                &bracket.defs[i],
                &bracket.seeds,
                &self.schedule.matches,
                &self.results,
                &self.withdrawn,
            );
            let next = bracket.dependents[i].clone();
            if self.replace(i, updated) || i == at {
                if !changed.contains(&self.schedule.matches[i].key) {
                    changed.push(self.schedule.matches[i].key.clone());
                }
                queue.extend(next);
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;
    use crate::tournament::{
        Outcome, Side, Withdrawal, rotating, round_robin, single_elimination, swiss,
    };

    fn outcome(rng: &mut SplitMix) -> Outcome {
        let winner = if rng.below(2) == 0 { Side::A } else { Side::B };
        Outcome::Played {
            winner,
            games: if winner == Side::A { [1, 0] } else { [0, 1] },
            points: [0, 0],
        }
    }

    /// Plays the event one result at a time, checking after each that the kept schedule
    /// is what deriving it from scratch gives; then corrects a few results.
    fn check(t: Tournament, seed: u64) {
        let mut rng = SplitMix::new(seed);
        let mut live = Live::new(t.clone(), Results::new()).unwrap();
        let mut played = Vec::new();
        loop {
            let ready: Vec<_> = live
                .schedule()
                .matches
                .iter()
                .filter(|m| m.status == Status::Ready)
                .cloned()
                .collect();
            if ready.is_empty() {
                break;
            }
            let m = ready[rng.below(ready.len())].clone();
            if rng.below(4) == 0 {
                live.record(&m.key, Some(Recorded::in_progress(m.sides.clone())))
                    .unwrap();
                assert_eq!(live.schedule(), &t.schedule(live.results()).unwrap());
            }
            live.record(
                &m.key,
                Some(Recorded::finished(m.sides.clone(), outcome(&mut rng))),
            )
            .unwrap();
            assert_eq!(
                live.schedule(),
                &t.schedule(live.results()).unwrap(),
                "{}",
                m.key
            );
            played.push(m);
        }
        assert!(live.schedule().complete);
        // Corrections: an early result's winner flipped re-flows and flags downstream.
        for m in played.iter().take(3) {
            let flipped = match live.results()[&m.key].progress {
                crate::tournament::Progress::Finished(o) => match o.winner() {
                    Side::A => Outcome::Forfeit { winner: Side::B },
                    Side::B => Outcome::Forfeit { winner: Side::A },
                },
                _ => continue,
            };
            live.record(&m.key, Some(Recorded::finished(m.sides.clone(), flipped)))
                .unwrap();
            assert_eq!(live.schedule(), &t.schedule(live.results()).unwrap());
            live.record(&m.key, None).unwrap();
            assert_eq!(live.schedule(), &t.schedule(live.results()).unwrap());
        }
    }

    fn ids(n: u32) -> Vec<EntrantId> {
        (1..=n).map(EntrantId).collect()
    }

    #[test]
    fn every_format_stays_what_a_full_derivation_gives() {
        for (n, seed) in [(2, 1), (5, 2), (8, 3), (13, 4), (16, 5)] {
            let mut withdrawn = Tournament::new(
                ids(n),
                Format::SingleElimination(single_elimination::Options { third_place: true }),
            );
            check(withdrawn.clone(), seed);
            withdrawn.withdrawals.push(Withdrawal {
                entrant: EntrantId(n),
                from_round: 1,
            });
            check(withdrawn, seed);
            check(
                Tournament::new(
                    ids(n),
                    Format::DoubleElimination(double_elimination::Options {
                        bracket_reset: true,
                    }),
                ),
                seed,
            );
            check(
                Tournament::new(
                    ids(n),
                    Format::RoundRobin(round_robin::Options {
                        cycles: crate::tournament::Cycles::Single,
                        tie_breaks: Vec::new(),
                    }),
                ),
                seed,
            );
            check(
                Tournament::new(ids(n), Format::Swiss(swiss::Options::new(3))),
                seed,
            );
            if n >= 4 {
                check(
                    Tournament::new(
                        ids(n),
                        Format::RotatingPartners(rotating::Options {
                            rounds: 3,
                            seed,
                            tie_breaks: Vec::new(),
                            sit_out: crate::tournament::standings::ByeScore::Nothing,
                        }),
                    ),
                    seed,
                );
            }
        }
    }
}
