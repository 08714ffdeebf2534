//! An event: its entrants, format and withdrawals, and what it derives (the schedule and
//! the standings), or why it cannot.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::standings::{self, ByeScore, Standings, TieBreak};
use super::{
    EntrantId, LateEntry, Match, MatchKey, Results, Slot, Withdrawal, bracket, double_elimination,
    groups, rotating, round_robin, single_elimination, swiss,
};
use crate::lang::Msg;
use crate::rules::game::Message;

/// Round robin played once or twice (home and away: sides swapped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cycles {
    Single,
    Double,
}

/// A format and its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    SingleElimination(single_elimination::Options),
    DoubleElimination(double_elimination::Options),
    RoundRobin(round_robin::Options),
    GroupsThenKnockout(groups::Options),
    Swiss(swiss::Options),
    RotatingPartners(rotating::Options),
}

/// An event: entrants in seed order (index 0 is seed 1; see [`seed`](super::seeding::seed)), the
/// format, the withdrawals so far and the late entries (entrants listed after those of
/// the draw, each joining from a round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub entrants: Vec<EntrantId>,
    pub format: Format,
    pub withdrawals: Vec<Withdrawal>,
    #[serde(default)]
    pub late_entries: Vec<LateEntry>,
}

/// A note explaining part of a draw: Swiss pairing notes or rotating-partner reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawNotes {
    Swiss(swiss::RoundNotes),
    Rotating(rotating::RoundReport),
}

/// Every match that exists now, in play order, and the notes explaining the draws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    pub matches: Vec<Match>,
    pub notes: Vec<DrawNotes>,
    /// True when every match that will ever exist is decided.
    pub complete: bool,
}

impl Schedule {
    pub fn get(&self, key: &MatchKey) -> Option<&Match> {
        self.matches.iter().find(|m| &m.key == key)
    }

    /// These matches with their notes, complete once every one is decided (for formats
    /// whose matches all exist from the draw on).
    pub(crate) fn of(matches: Vec<Match>, notes: Vec<DrawNotes>) -> Schedule {
        let complete = matches.iter().all(|m| m.status.is_decided());
        Schedule {
            matches,
            notes,
            complete,
        }
    }
}

/// Why an event cannot be derived.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("this format needs at least {needed} entrants, there are {got}")]
    TooFewEntrants { needed: usize, got: usize },
    #[error("entrant {0} is listed twice")]
    DuplicateEntrant(EntrantId),
    #[error("entrant {0} is not in this event")]
    UnknownEntrant(EntrantId),
    #[error("a manual seeding must list every entrant exactly once")]
    SeedingMismatch,
    #[error("invalid option: {0}")]
    InvalidOption(&'static str),
    #[error("this format takes no entrants after the draw")]
    LateEntryRefused,
}

impl Message for TournamentError {
    /// The message for the organizer, as data for `locales/*/tournament.ftl`.
    fn msg(&self) -> Msg {
        match self {
            TournamentError::TooFewEntrants { needed, got } => {
                Msg::new("tournament-too_few_entrants")
                    .arg("needed", needed)
                    .arg("got", got)
            }
            TournamentError::DuplicateEntrant(entrant) => {
                Msg::new("tournament-duplicate_entrant").arg("entrant", entrant.to_string())
            }
            TournamentError::UnknownEntrant(entrant) => {
                Msg::new("tournament-unknown_entrant").arg("entrant", entrant.to_string())
            }
            TournamentError::SeedingMismatch => Msg::new("tournament-seeding_mismatch"),
            TournamentError::InvalidOption(what) => {
                Msg::new("tournament-invalid_option").arg("what", *what)
            }
            TournamentError::LateEntryRefused => Msg::new("tournament-late_entry_refused"),
        }
    }
}

impl Tournament {
    /// An event with no withdrawals.
    pub fn new(entrants: Vec<EntrantId>, format: Format) -> Tournament {
        Tournament {
            entrants,
            format,
            withdrawals: Vec::new(),
            late_entries: Vec::new(),
        }
    }

    /// How many entrants there are, refused when fewer than the format needs.
    pub(crate) fn require_entrants(&self, needed: usize) -> Result<usize, TournamentError> {
        let got = self.entrants.len();
        if got < needed {
            return Err(TournamentError::TooFewEntrants { needed, got });
        }
        Ok(got)
    }

    /// The matches of a bracket whose first round is fed by the entrants in seed order.
    pub(crate) fn bracket_matches(&self, defs: &[bracket::Def], results: &Results) -> Vec<Match> {
        let seeds: Vec<Slot> = self.entrants.iter().map(|&e| Slot::Entrant(e)).collect();
        bracket::resolve_defs(defs, &seeds, results, &self.withdrawn())
    }

    /// Whether the format can take entrants after the draw: the round-based formats, where
    /// a newcomer simply joins the next round drawn. Elimination brackets and round robins
    /// are fixed at the draw.
    pub fn takes_late_entries(&self) -> bool {
        matches!(self.format, Format::Swiss(_) | Format::RotatingPartners(_))
    }

    /// Checks entrants and withdrawals are consistent.
    fn validate(&self) -> Result<(), TournamentError> {
        let mut seen = BTreeSet::new();
        for e in &self.entrants {
            if !seen.insert(*e) {
                return Err(TournamentError::DuplicateEntrant(*e));
            }
        }
        for w in &self.withdrawals {
            if !seen.contains(&w.entrant) {
                return Err(TournamentError::UnknownEntrant(w.entrant));
            }
        }
        if !self.late_entries.is_empty() && !self.takes_late_entries() {
            return Err(TournamentError::LateEntryRefused);
        }
        for l in &self.late_entries {
            if !seen.contains(&l.entrant) {
                return Err(TournamentError::UnknownEntrant(l.entrant));
            }
        }
        Ok(())
    }

    /// Entrants not drawn in `round`: withdrawn by then, or joining later.
    pub(crate) fn absent_in(&self, round: u32) -> BTreeSet<EntrantId> {
        let mut out = self.withdrawn_by(round);
        out.extend(
            self.late_entries
                .iter()
                .filter(|l| l.from_round > round)
                .map(|l| l.entrant),
        );
        out
    }

    /// Entrants withdrawn (from any round): they forfeit every match not yet finished.
    pub(crate) fn withdrawn(&self) -> BTreeSet<EntrantId> {
        self.withdrawals.iter().map(|w| w.entrant).collect()
    }

    /// Entrants no longer drawn in `round`.
    pub(crate) fn withdrawn_by(&self, round: u32) -> BTreeSet<EntrantId> {
        self.withdrawals
            .iter()
            .filter(|w| w.from_round <= round)
            .map(|w| w.entrant)
            .collect()
    }

    /// Every match that exists now, derived from the results so far.
    pub fn schedule(&self, results: &Results) -> Result<Schedule, TournamentError> {
        self.validate()?;
        match &self.format {
            Format::SingleElimination(o) => single_elimination::schedule(self, o, results),
            Format::DoubleElimination(o) => double_elimination::schedule(self, o, results),
            Format::RoundRobin(o) => round_robin::schedule(self, o, results),
            Format::GroupsThenKnockout(o) => groups::schedule(self, o, results),
            Format::Swiss(o) => swiss::schedule(self, o, results),
            Format::RotatingPartners(o) => rotating::schedule(self, o, results),
        }
    }

    /// Standings now: one table for most formats; one per group plus the knockout for
    /// groups-then-knockout. Each table is a total order.
    pub fn standings(&self, results: &Results) -> Result<Standings, TournamentError> {
        Ok(self.standings_of(&self.schedule(results)?))
    }

    /// The standings of a schedule this tournament derived (see [`Tournament::schedule`]),
    /// for callers that hold one already: deriving a Swiss schedule again costs more
    /// than ranking it.
    pub fn standings_of(&self, schedule: &Schedule) -> Standings {
        let overall = |table| Standings {
            tables: vec![table],
        };
        let ranked = |chain: &[TieBreak], bye| {
            overall(standings::from_matches(
                &self.entrants,
                &schedule.matches,
                chain,
                bye,
            ))
        };
        let eliminated_after = |losses| {
            overall(bracket::elimination_standings(
                &self.entrants,
                &schedule.matches,
                &self.withdrawn(),
                losses,
                standings::TableTitle::Overall,
            ))
        };
        match &self.format {
            Format::SingleElimination(_) => eliminated_after(1),
            Format::DoubleElimination(_) => eliminated_after(2),
            Format::RoundRobin(o) => ranked(&o.tie_breaks, ByeScore::Nothing),
            Format::GroupsThenKnockout(o) => groups::standings(self, o, schedule),
            Format::Swiss(o) => ranked(&o.tie_breaks, ByeScore::from_win(o.bye_is_win)),
            Format::RotatingPartners(o) => ranked(&o.tie_breaks, o.sit_out),
        }
    }
}
