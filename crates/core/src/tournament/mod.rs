//! The pure tournament core: formats, pairings, advancement, corrections and standings.
//!
//! Everything here is a pure function of the entrants (in seed order), the format's
//! options, the withdrawals and the results recorded so far. There is no IO, clock or
//! random source: draws come from a seed passed in (see [`crate::rng`]).
//!
//! The central call is [`Tournament::schedule`]: it derives every match that exists now,
//! each with a stable [`MatchKey`] the web layer stores results under. A corrected result
//! is simply a different [`Results`] map: recompute, and [`diff`] tells the organizer which
//! later matches changed, splitting those not started (updated) from those in progress or
//! finished (flagged, never changed silently: a recorded result whose participants no
//! longer match is shown as [`Status::Conflict`] and is not used for advancement).

pub mod bracket;
pub mod double_elimination;
pub mod groups;
pub mod live;
pub mod matching;
pub mod rotating;
pub mod round_robin;
pub mod seeding;
pub mod single_elimination;
pub mod standings;
pub mod swiss;
pub mod whist;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::lang::{Lang, Msg};
use crate::rules::game::Message;

pub use seeding::Seeding;
pub use standings::{StandingRow, Standings, StandingsTable, TieBreak};

/// An entrant: a fixed pair (or team) in most formats, an individual in rotating partners.
/// Opaque to the core; the web layer maps it to names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntrantId(pub u32);

impl fmt::Display for EntrantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The stable identity of a match across recomputation, e.g. `W R2 M3`, `L R1 M2`, `GF`,
/// `GF reset`, `3rd`, `RR R3 T2`, `G2 R1 T1`, `KO W R1 M1`, `Swiss R4 T7`, `Swiss R4 bye`,
/// `Rot R2 T3`. Rounds, matches and tables are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MatchKey(pub String);

impl MatchKey {
    pub fn new(key: impl Into<String>) -> MatchKey {
        MatchKey(key.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The table a round-based key names (`Rot R2 T3` is table 3), if any.
    pub fn table(&self) -> Option<u32> {
        let mut tokens = self.0.rsplit(' ');
        let table = tokens.next()?.strip_prefix('T')?.parse().ok()?;
        let round = tokens.next()?.strip_prefix('R')?;
        round.parse::<u32>().ok().map(|_| table)
    }

    /// The key as pages show it, for the shell to word. Results are filed under the key,
    /// so it never changes; only its reading does. Anything that is not a key reads as itself.
    pub fn label(&self) -> Msg {
        key_label(&self.0).unwrap_or_else(|| Msg::text(self.0.clone()))
    }
}

/// The reading of `text` as a match key, or `None` when it is not one: a message per
/// kind of place (`W R1 M2`, `Swiss R4 T7`, …), inside its stage's when it has one. Its
/// numbers are carried as written, so a key reads back exactly as it was filed.
pub fn key_label(text: &str) -> Option<Msg> {
    fn digits(text: &str) -> Option<String> {
        (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.to_string())
    }
    fn number(token: &str, letter: char) -> Option<String> {
        token.strip_prefix(letter).and_then(digits)
    }
    let tokens: Vec<&str> = text.split(' ').collect();
    let (stage, rest) = match tokens.as_slice() {
        ["KO", rest @ ..] => (Some(Msg::new("tournament-key_stage_knockout")), rest),
        ["RR", rest @ ..] => (Some(Msg::new("tournament-key_stage_round_robin")), rest),
        ["Swiss", rest @ ..] => (Some(Msg::new("tournament-key_stage_swiss")), rest),
        ["Rot", rest @ ..] => (Some(Msg::new("tournament-key_stage_rotating")), rest),
        [group, rest @ ..] if number(group, 'G').is_some() => (
            number(group, 'G').map(|g| Msg::new("tournament-key_stage_group").arg("group", g)),
            rest,
        ),
        rest => (None, rest),
    };
    let place = match rest {
        ["GF"] => Msg::new("tournament-key_grand_final"),
        ["GF", "reset"] => Msg::new("tournament-key_grand_final_reset"),
        ["3rd"] => Msg::new("tournament-key_third_place"),
        [bracket @ ("W" | "L"), round, game] => {
            let id = if *bracket == "W" {
                "tournament-key_winners_match"
            } else {
                "tournament-key_losers_match"
            };
            Msg::new(id)
                .arg("round", number(round, 'R')?)
                .arg("match", number(game, 'M')?)
        }
        [round, "bye"] => Msg::new("tournament-key_bye").arg("round", number(round, 'R')?),
        [round, "out", seat] => Msg::new("tournament-key_sit_out")
            .arg("round", number(round, 'R')?)
            .arg("seat", digits(seat)?),
        [round, table] => Msg::new("tournament-key_table")
            .arg("round", number(round, 'R')?)
            .arg("table", number(table, 'T')?),
        _ => return None,
    };
    Some(match stage {
        Some(stage) => Msg::new("tournament-key_in_stage")
            .arg("stage", stage)
            .arg("place", place),
        None => place,
    })
}

impl fmt::Display for MatchKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One of the two sides of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Where a not-yet-known side of a match comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    WinnerOf(MatchKey),
    LoserOf(MatchKey),
    /// The entrant finishing at `place` (1-based) in group `group` (1-based).
    GroupPlace {
        group: u32,
        place: u32,
    },
}

/// Who sits on one side of a match.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    Entrant(EntrantId),
    /// Rotating partners: two individuals playing together this round.
    Partnership([EntrantId; 2]),
    /// Nobody: the other side advances (or scores) as the format says.
    Bye,
    /// Not known yet.
    Pending(Source),
}

impl Slot {
    /// The individuals or entrants on this side (empty for a bye or a pending side).
    pub fn entrants(&self) -> Vec<EntrantId> {
        match self {
            Slot::Entrant(e) => vec![*e],
            Slot::Partnership(p) => p.to_vec(),
            Slot::Bye | Slot::Pending(_) => Vec::new(),
        }
    }

    pub fn entrant(&self) -> Option<EntrantId> {
        match self {
            Slot::Entrant(e) => Some(*e),
            _ => None,
        }
    }
}

/// How a finished match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Played to the end: games (Trionfetti games won, the blobs) and points of each side.
    Played {
        winner: Side,
        games: [u32; 2],
        points: [i32; 2],
    },
    /// The loser forfeited (or did not show up): the winner takes the match, nothing else
    /// is counted.
    Forfeit { winner: Side },
}

impl Outcome {
    pub const fn winner(self) -> Side {
        match self {
            Outcome::Played { winner, .. } | Outcome::Forfeit { winner } => winner,
        }
    }
}

/// What the web layer has recorded for a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    InProgress,
    Finished(Outcome),
}

/// A recorded result: the sides it was played by (as they were shown when it started) and
/// how far it got. Keeping the sides lets the core notice that a correction upstream
/// changed who should be playing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    pub sides: [Slot; 2],
    pub progress: Progress,
    /// The organizer decided to keep this result as played after a correction upstream
    /// changed who should have played: the recorded sides stand for this match (see
    /// [`settle`]) and advancement continues from its result.
    #[serde(default)]
    pub kept: bool,
}

impl Recorded {
    pub fn finished(sides: [Slot; 2], outcome: Outcome) -> Recorded {
        Recorded {
            sides,
            progress: Progress::Finished(outcome),
            kept: false,
        }
    }

    pub fn in_progress(sides: [Slot; 2]) -> Recorded {
        Recorded {
            sides,
            progress: Progress::InProgress,
            kept: false,
        }
    }

    /// The same result, kept as played (the organizer's decision on a flagged match).
    pub fn kept_as_played(mut self) -> Recorded {
        self.kept = true;
        self
    }
}

/// All results recorded so far, by match key.
pub type Results = BTreeMap<MatchKey, Recorded>;

/// Why a match was decided without being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WalkoverReason {
    /// The other side is a bye.
    Bye,
    /// The other side withdrew.
    Withdrawal,
}

/// The state of a match as derived now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// A side is not known yet.
    Waiting,
    /// Both sides known, not started.
    Ready,
    InProgress,
    Finished(Outcome),
    /// Decided without play.
    Walkover {
        winner: Side,
        reason: WalkoverReason,
    },
    /// Neither side can play (two byes or withdrawals): nobody advances.
    Void,
    /// A result is recorded but for other participants (a correction upstream changed
    /// them). It is not used until the organizer decides.
    Conflict {
        recorded: Box<Recorded>,
    },
}

impl Status {
    /// Finished, walked over or void: nothing more will happen in this match.
    pub fn is_decided(&self) -> bool {
        matches!(
            self,
            Status::Finished(_) | Status::Walkover { .. } | Status::Void
        )
    }
}

/// Which part of the event a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Single elimination, or the winners' bracket of double elimination.
    Winners,
    Losers,
    GrandFinal,
    GrandFinalReset,
    ThirdPlace,
    RoundRobin,
    /// A group (1-based) of a groups-then-knockout event.
    Group(u32),
    Swiss,
    Rotating,
}

/// One match (a table, in card-game terms) as derived now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub key: MatchKey,
    pub stage: Stage,
    /// Round within the stage, from 1.
    pub round: u32,
    pub sides: [Slot; 2],
    pub status: Status,
}

impl Match {
    /// The side going on, once decided (a void match sends on a bye).
    pub fn winner(&self) -> Option<Slot> {
        match &self.status {
            Status::Finished(outcome) => Some(self.sides[outcome.winner().index()].clone()),
            Status::Walkover { winner, .. } => Some(self.sides[winner.index()].clone()),
            Status::Void => Some(Slot::Bye),
            _ => None,
        }
    }

    /// The side that lost, once decided. A withdrawn loser, a bye and a void match send on
    /// a bye: a withdrawn entrant leaves the event.
    pub fn loser(&self) -> Option<Slot> {
        match &self.status {
            Status::Finished(outcome) => Some(self.sides[outcome.winner().other().index()].clone()),
            Status::Walkover { .. } | Status::Void => Some(Slot::Bye),
            _ => None,
        }
    }
}

/// An entrant leaving the event. The entrant forfeits every match not yet finished; in the
/// round-based formats (Swiss, rotating partners) they are no longer drawn from
/// `from_round` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Withdrawal {
    pub entrant: EntrantId,
    pub from_round: u32,
}

/// An entrant registered after the draw (Swiss and rotating partners only): drawn from
/// `from_round` on. The rounds before are not theirs: they score nothing for them, and
/// the draws of those rounds are exactly what they were without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LateEntry {
    pub entrant: EntrantId,
    pub from_round: u32,
}

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

/// An event: entrants in seed order (index 0 is seed 1; see [`seeding::seed`]), the
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
    fn msg(&self, _lang: Lang) -> Msg {
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

    /// The entrants as the first slots of a bracket, in seed order.
    pub(crate) fn seed_slots(&self) -> Vec<Slot> {
        self.entrants.iter().map(|&e| Slot::Entrant(e)).collect()
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
        match &self.format {
            Format::SingleElimination(_) | Format::DoubleElimination(_) => {
                let losses = if matches!(self.format, Format::DoubleElimination(_)) {
                    2
                } else {
                    1
                };
                Standings {
                    tables: vec![bracket::elimination_standings(
                        &self.entrants,
                        &schedule.matches,
                        &self.withdrawn(),
                        losses,
                        standings::TableTitle::Overall,
                    )],
                }
            }
            Format::RoundRobin(o) => Standings {
                tables: vec![standings::from_matches(
                    &self.entrants,
                    &schedule.matches,
                    &o.tie_breaks,
                    false,
                )],
            },
            Format::GroupsThenKnockout(o) => groups::standings(self, o, schedule),
            Format::Swiss(o) => Standings {
                tables: vec![standings::from_matches(
                    &self.entrants,
                    &schedule.matches,
                    &o.tie_breaks,
                    o.bye_is_win,
                )],
            },
            Format::RotatingPartners(o) => Standings {
                tables: vec![standings::from_matches(
                    &self.entrants,
                    &schedule.matches,
                    &o.tie_breaks,
                    o.sit_out_is_win,
                )],
            },
        }
    }
}

/// The sides a match is played by: the derived ones, unless the organizer kept the
/// recorded result as played, in which case the recorded sides stand.
pub(crate) fn settle(key: &MatchKey, sides: [Slot; 2], results: &Results) -> [Slot; 2] {
    match results.get(key) {
        Some(recorded) if recorded.kept => recorded.sides.clone(),
        _ => sides,
    }
}

/// Resolves the status of a match whose sides are known as far as they are.
pub(crate) fn resolve(
    key: &MatchKey,
    sides: &[Slot; 2],
    results: &Results,
    withdrawn: &BTreeSet<EntrantId>,
) -> Status {
    if let Some(recorded) = results.get(key)
        && &recorded.sides != sides
    {
        return Status::Conflict {
            recorded: Box::new(recorded.clone()),
        };
    }
    if sides.iter().any(|s| matches!(s, Slot::Pending(_))) {
        return Status::Waiting;
    }
    let bye = [sides[0] == Slot::Bye, sides[1] == Slot::Bye];
    match bye {
        [true, true] => return Status::Void,
        [true, false] => {
            return Status::Walkover {
                winner: Side::B,
                reason: WalkoverReason::Bye,
            };
        }
        [false, true] => {
            return Status::Walkover {
                winner: Side::A,
                reason: WalkoverReason::Bye,
            };
        }
        [false, false] => {}
    }
    let gone = [
        sides[0].entrants().iter().any(|e| withdrawn.contains(e)),
        sides[1].entrants().iter().any(|e| withdrawn.contains(e)),
    ];
    if let Some(Recorded {
        progress: Progress::Finished(outcome),
        ..
    }) = results.get(key)
    {
        return Status::Finished(*outcome);
    }
    match gone {
        [true, true] => Status::Void,
        [true, false] => Status::Walkover {
            winner: Side::B,
            reason: WalkoverReason::Withdrawal,
        },
        [false, true] => Status::Walkover {
            winner: Side::A,
            reason: WalkoverReason::Withdrawal,
        },
        [false, false] => {
            if results.contains_key(key) {
                Status::InProgress
            } else {
                Status::Ready
            }
        }
    }
}

/// A match whose participants differ between two derivations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchChange {
    pub key: MatchKey,
    /// Sides before the correction (`None`: the match did not exist).
    pub before: Option<[Slot; 2]>,
    /// Sides after the correction (`None`: the match no longer exists).
    pub after: Option<[Slot; 2]>,
    /// What is recorded for it (for flagged changes).
    pub recorded: Option<Progress>,
}

/// What a correction changes downstream.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Correction {
    /// Not started: updated automatically.
    pub updated: Vec<MatchChange>,
    /// In progress or finished: flagged for the organizer to decide; never changed silently
    /// (the recomputed match shows [`Status::Conflict`]).
    pub flagged: Vec<MatchChange>,
}

impl Correction {
    pub fn is_empty(&self) -> bool {
        self.updated.is_empty() && self.flagged.is_empty()
    }
}

/// Compares the event derived from `old` results with the one derived from `new` results
/// and lists every match whose participants changed (appeared, disappeared or got other
/// sides), split into updated and flagged.
pub fn diff(
    tournament: &Tournament,
    old: &Results,
    new: &Results,
) -> Result<Correction, TournamentError> {
    let before = tournament.schedule(old)?;
    let after = tournament.schedule(new)?;
    let before_sides: BTreeMap<&MatchKey, &[Slot; 2]> =
        before.matches.iter().map(|m| (&m.key, &m.sides)).collect();
    let after_sides: BTreeMap<&MatchKey, &[Slot; 2]> =
        after.matches.iter().map(|m| (&m.key, &m.sides)).collect();
    let mut seen = BTreeSet::new();
    let keys: Vec<&MatchKey> = before
        .matches
        .iter()
        .chain(after.matches.iter())
        .map(|m| &m.key)
        .filter(|k| seen.insert(*k))
        .collect();
    let mut correction = Correction::default();
    for key in keys {
        let b = before_sides.get(key).copied();
        let a = after_sides.get(key).copied();
        if b == a {
            continue;
        }
        let recorded = new.get(key).map(|r| r.progress.clone());
        let change = MatchChange {
            key: key.clone(),
            before: b.cloned(),
            after: a.cloned(),
            recorded: recorded.clone(),
        };
        if recorded.is_some() {
            correction.flagged.push(change);
        } else {
            correction.updated.push(change);
        }
    }
    Ok(correction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_based_keys_name_their_table() {
        assert_eq!(MatchKey::new("Rot R2 T3").table(), Some(3));
        assert_eq!(MatchKey::new("Swiss R4 T17").table(), Some(17));
        assert_eq!(MatchKey::new("Rot R2 out 1").table(), None);
        assert_eq!(MatchKey::new("W R1 M2").table(), None);
        assert_eq!(MatchKey::new("GF").table(), None);
    }
}
