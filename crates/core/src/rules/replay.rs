//! Replay: the match a record describes, with voids and replacements applied.
//!
//! The log is append-only, so a record is valid when every prefix of it is: after each
//! entry, the effective match (voided entries left out, replaced entries read as their
//! replacement, in their original place) must replay without error. This is the check
//! a referee's new entry passes before it is stored, and the first entry that breaks it
//! is the one reported.
//!
//! The walk over the log is written once, for every game of [`RecordGame`]; a game only
//! says how one of its entries moves the match on.
//!
//! Replay is deterministic: the same record and nicknames give the same states.

use std::fmt;

use super::comanda::Nicknames;
pub use super::entry_error::{CorrectionError, EntryError, GameEntryError};
use super::game::{Message, describe};
use super::record::{Correction, GameRecord, RecordGame, SmazzataEntry};
use super::trionfetti::{Setup, Trionfetti};
use crate::lang::Msg;

/// The first entry that makes a record invalid. `E` is the game's entry error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError<E = EntryError> {
    /// The log entry (0-based) after which the match is no longer valid.
    pub index: usize,
    /// The entry that fails in the effective match. Usually `index`; it differs when a
    /// correction at `index` makes an earlier entry impossible (e.g. voiding a
    /// smazzata's comanda that card-by-card hands rely on).
    pub failing: usize,
    pub error: E,
}

impl<E> ReplayError<E> {
    /// The same failure with the error turned into another type.
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> ReplayError<F> {
        ReplayError {
            index: self.index,
            failing: self.failing,
            error: f(self.error),
        }
    }
}

/// The state of the match after one log entry.
#[derive(Debug, Clone)]
pub struct Step<S = Trionfetti> {
    pub index: usize,
    pub kind: &'static str,
    pub state: S,
}

/// The state after every entry, up to the first invalid one.
#[derive(Debug, Clone)]
pub struct Steps<S = Trionfetti, E = EntryError> {
    pub initial: S,
    pub steps: Vec<Step<S>>,
    pub error: Option<ReplayError<E>>,
}

impl<S, E> Steps<S, E> {
    /// The same steps with the states and the error turned into other types.
    pub fn map<T, F>(self, state: impl Fn(S) -> T, error: impl FnOnce(E) -> F) -> Steps<T, F> {
        Steps {
            initial: state(self.initial),
            steps: self
                .steps
                .into_iter()
                .map(|step| Step {
                    index: step.index,
                    kind: step.kind,
                    state: state(step.state),
                })
                .collect(),
            error: self.error.map(|failure| failure.map(error)),
        }
    }
}

impl<E: Message> ReplayError<E> {
    /// The entry at fault and why, as data for the shell to word.
    pub fn msg(&self) -> Msg {
        let reason = self.error.msg();
        if self.failing == self.index {
            Msg::new("replay-entry_refused")
                .arg("entry", self.index)
                .arg("reason", reason)
        } else {
            Msg::new("replay-entry_invalidated")
                .arg("entry", self.index)
                .arg("failing", self.failing)
                .arg("reason", reason)
        }
    }
}

impl<E: Message> Message for ReplayError<E> {
    fn msg(&self) -> Msg {
        ReplayError::msg(self)
    }
}

impl<E: Message> fmt::Display for ReplayError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe(&self.msg()))
    }
}

impl<E: Message + fmt::Debug> std::error::Error for ReplayError<E> {}

/// Reads a smazzata entry into the engine's setup ([`SmazzataEntry::setup`]).
pub fn setup(entry: &SmazzataEntry, nicknames: &Nicknames) -> Result<Setup, EntryError> {
    entry.setup(nicknames)
}

/// What stands in the effective match at one log position.
#[derive(Clone, Copy)]
enum Slot {
    /// The play entry of this log index: the entry itself, or the replacement carried
    /// by the `replace` entry at that index.
    Play(usize),
    Void,
    Correction(&'static str),
}

/// Walks the log entry by entry, keeping the effective match and its state.
struct Walker<'a, G: RecordGame> {
    record: &'a GameRecord<G>,
    nicknames: &'a Nicknames,
    slots: Vec<Slot>,
    state: G,
}

impl<'a, G: RecordGame> Walker<'a, G> {
    fn new(record: &'a GameRecord<G>, nicknames: &'a Nicknames) -> Walker<'a, G> {
        Walker {
            record,
            nicknames,
            slots: Vec::with_capacity(record.entries.len()),
            state: G::new(record.options.clone(), record.first_dealer),
        }
    }

    fn refuse(index: usize, error: CorrectionError) -> ReplayError<G::EntryError> {
        ReplayError {
            index,
            failing: index,
            error: error.into(),
        }
    }

    fn target(&self, index: usize, target: usize) -> Result<(), ReplayError<G::EntryError>> {
        match self.slots.get(target) {
            None => Err(Self::refuse(
                index,
                CorrectionError::TargetOutOfRange { target },
            )),
            Some(Slot::Correction(kind)) => Err(Self::refuse(
                index,
                CorrectionError::TargetIsCorrection { target, kind },
            )),
            Some(_) => Ok(()),
        }
    }

    /// Applies log entry `index` (the next one).
    fn step(&mut self, index: usize) -> Result<(), ReplayError<G::EntryError>> {
        let entry = &self.record.entries[index];
        match G::correction(entry) {
            None => {
                self.state
                    .apply_entry(entry, self.nicknames)
                    .map_err(|error| ReplayError {
                        index,
                        failing: index,
                        error,
                    })?;
                self.slots.push(Slot::Play(index));
            }
            Some(correction) => {
                match correction {
                    Correction::Void { target } => {
                        self.target(index, target)?;
                        if matches!(self.slots[target], Slot::Void) {
                            return Err(Self::refuse(
                                index,
                                CorrectionError::AlreadyVoid { target },
                            ));
                        }
                        self.slots[target] = Slot::Void;
                    }
                    Correction::Replace { target } => {
                        self.target(index, target)?;
                        self.slots[target] = Slot::Play(index);
                    }
                }
                self.slots.push(Slot::Correction(G::entry_kind(entry)));
                self.state = self.rebuild(index)?;
            }
        }
        Ok(())
    }

    /// Replays the effective match from the start.
    fn rebuild(&self, index: usize) -> Result<G, ReplayError<G::EntryError>> {
        let mut state = G::new(self.record.options.clone(), self.record.first_dealer);
        for (position, slot) in self.slots.iter().enumerate() {
            if let Slot::Play(source) = slot {
                state
                    .apply_entry(&self.record.entries[*source], self.nicknames)
                    .map_err(|error| ReplayError {
                        index,
                        failing: position,
                        error,
                    })?;
            }
        }
        Ok(state)
    }
}

/// The final state of the match, or the first entry that makes the record invalid.
pub fn replay<G: RecordGame>(
    record: &GameRecord<G>,
    nicknames: &Nicknames,
) -> Result<G, ReplayError<G::EntryError>> {
    let mut walker = Walker::new(record, nicknames);
    for index in 0..record.entries.len() {
        walker.step(index)?;
    }
    Ok(walker.state)
}

/// The state after every entry, stopping at the first invalid one.
pub fn replay_steps<G: RecordGame>(
    record: &GameRecord<G>,
    nicknames: &Nicknames,
) -> Steps<G, G::EntryError> {
    let mut walker = Walker::new(record, nicknames);
    let initial = walker.state.clone();
    let mut steps = Vec::with_capacity(record.entries.len());
    for (index, entry) in record.entries.iter().enumerate() {
        if let Err(error) = walker.step(index) {
            return Steps {
                initial,
                steps,
                error: Some(error),
            };
        }
        steps.push(Step {
            index,
            kind: G::entry_kind(entry),
            state: walker.state.clone(),
        });
    }
    Steps {
        initial,
        steps,
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_of_a_correction_names_its_kind_in_the_readers_words() {
        let error = CorrectionError::TargetIsCorrection {
            target: 2,
            kind: "replace",
        };
        // Worded: `web/i18n/rule_words_tests.rs`.
        assert_eq!(
            error.msg().get("kind"),
            Some(&crate::lang::Arg::Msg(
                Msg::new("replay-correction_kind").arg("kind", "replace")
            ))
        );
    }
}
