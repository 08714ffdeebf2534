//! The five games behind one handle, for code that does not know which game a match
//! is until it reads the record: the CLI, and the web pages as they learn the other
//! games.
//!
//! [`AnyRecord`] reads a record by its `game`; [`AnyRecord::replay`] and
//! [`AnyRecord::replay_steps`] give [`AnyMatch`] states, whose common summary and JSON
//! summary need no knowledge of the game.

use serde::Serialize;

use super::comanda::Nicknames;
use super::game::{Game, Message, Seat, Summary};
use super::json_text::{self, Complaint};
use super::kind::GameKind;
use super::record::{self, GameRecord, RecordGame, SyntaxError};
use super::replay::{self, ReplayError, Steps};
use super::schema::{EntrySchema, EntrySchemas};
use super::simulate::{SimulateLog, SimulatedLog};
use super::standing::{Situation, Standing};
use crate::lang::Msg;

/// A game as the `Any*` types hold it: how its state, record and entry error go in
/// and come out of their variant. Generated for every game of `for_each_game!`, which
/// must also be kept as a record, say where it stands, describe its entries and be
/// simulated.
pub trait AnyGame: RecordGame + Standing + EntrySchema + SimulateLog {
    fn into_any(self) -> AnyMatch;
    /// The state inside `state`, when it is of this game.
    fn state_mut(state: &mut AnyMatch) -> Option<&mut Self>;
    fn any_error(error: Self::EntryError) -> AnyEntryError;
}

/// The enums with one variant per game, and each game's [`AnyGame`].
macro_rules! any_types {
    (() $($kind:ident($module:ident, $descriptor:ident),)*) => {
        /// The state of a match of any game.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyMatch {
            $($kind(super::$module::$kind),)*
        }

        /// Why an entry cannot be part of a match of any game.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyEntryError {
            $($kind(<super::$module::$kind as RecordGame>::EntryError),)*
        }

        /// A match record of any game.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyRecord {
            $($kind(GameRecord<super::$module::$kind>),)*
        }

        $(
            impl AnyGame for super::$module::$kind {
                fn into_any(self) -> AnyMatch {
                    AnyMatch::$kind(self)
                }

                fn state_mut(state: &mut AnyMatch) -> Option<&mut Self> {
                    match state {
                        AnyMatch::$kind(state) => Some(state),
                        _ => None,
                    }
                }

                fn any_error(error: Self::EntryError) -> AnyEntryError {
                    AnyEntryError::$kind(error)
                }
            }

            impl From<super::$module::$kind> for AnyMatch {
                fn from(state: super::$module::$kind) -> AnyMatch {
                    AnyMatch::$kind(state)
                }
            }

            impl From<GameRecord<super::$module::$kind>> for AnyRecord {
                fn from(record: GameRecord<super::$module::$kind>) -> AnyRecord {
                    AnyRecord::$kind(record)
                }
            }
        )*

        impl GameKind {
            /// The JSON Schema of the game's entries.
            pub fn entry_schemas(self) -> EntrySchemas {
                match self {
                    $(GameKind::$kind => <super::$module::$kind as EntrySchema>::entry_schemas(),)*
                }
            }

            /// A whole match simulated from `seed` under `options` (as an event keeps
            /// them), refused when the options are not the game's.
            pub fn simulate_log(
                self,
                seed: u64,
                options: &serde_json::Value,
            ) -> Result<SimulatedLog, serde_json::Error> {
                Ok(match self {
                    $(GameKind::$kind => <super::$module::$kind as SimulateLog>::simulate_log(
                        seed,
                        serde_json::from_value(options.clone())?,
                    ),)*
                })
            }
        }

        /// The record of a game read from `text`, in its variant.
        fn record_of(kind: GameKind, text: &str) -> Result<AnyRecord, SyntaxError> {
            Ok(match kind {
                $(GameKind::$kind => AnyRecord::$kind(GameRecord::from_json(text)?),)*
            })
        }
    };
}

crate::for_each_game!(any_types);

/// Runs `$body` with `$inner` bound to the value inside any variant of `$value`, one
/// of the enums above (`$any`).
macro_rules! each_game {
    ($any:ident, $value:expr, $inner:ident => $body:expr) => {
        crate::for_each_game!(each_game_arms, $any, $value, $inner => $body)
    };
}

macro_rules! each_game_arms {
    (($any:ident, $value:expr, $inner:ident => $body:expr)
     $($kind:ident($module:ident, $descriptor:ident),)*) => {
        match $value {
            $($any::$kind($inner) => $body,)*
        }
    };
}

impl AnyMatch {
    /// The game's record name.
    pub fn game(&self) -> &'static str {
        self.common().game
    }

    /// Which game the match is of.
    pub fn kind(&self) -> GameKind {
        fn kind<G: Game>(_: &G) -> GameKind {
            G::KIND
        }
        each_game!(AnyMatch, self, state => kind(state))
    }

    /// What every game's summary says: scores, games won, over, winner, next dealer.
    pub fn common(&self) -> Summary {
        each_game!(AnyMatch, self, state => state.common())
    }

    /// The game's own summary as JSON: the common fields (flattened) and the game's.
    pub fn summary_json(&self) -> serde_json::Value {
        each_game!(AnyMatch, self, state => to_value(&state.summary()))
    }

    /// The same summary written out as JSON text by serde, without building a tree of
    /// values first.
    pub fn summary_text(&self) -> String {
        each_game!(AnyMatch, self, state => serde_json::to_string(&state.summary())
            .expect("a summary always serializes"))
    }

    /// Where the match stands, as its game tells it.
    pub fn situation(&self) -> Situation {
        each_game!(AnyMatch, self, state => state.situation())
    }

    pub fn is_over(&self) -> bool {
        self.common().over
    }

    pub fn dealer(&self) -> Option<Seat> {
        self.common().dealer
    }
}

fn to_value(summary: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(summary).expect("a summary always serializes")
}

impl Message for AnyEntryError {
    fn msg(&self) -> Msg {
        each_game!(AnyEntryError, self, error => error.msg())
    }
}

/// The first invalid entry of a record of any game.
pub type AnyReplayError = ReplayError<AnyEntryError>;

/// The state after every entry of a record of any game.
pub type AnySteps = Steps<AnyMatch, AnyEntryError>;

/// Why an entry cannot be appended to a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtendError {
    /// The entry is not an entry of the record's game.
    Unreadable(Complaint),
    /// The rules refuse it (or, for a correction, what it would make of the match).
    Refused(AnyReplayError),
}

fn extend<G: AnyGame>(
    record: &mut GameRecord<G>,
    state: &mut G,
    entry: serde_json::Value,
    nicknames: &Nicknames,
) -> Result<serde_json::Value, ExtendError> {
    let entry: G::RecordEntry = json_text::from_value(&entry).map_err(ExtendError::Unreadable)?;
    let index = record.entries.len();
    let stored = to_value(&entry);
    if G::correction(&entry).is_none() {
        state.apply_entry(&entry, nicknames).map_err(|error| {
            ExtendError::Refused(ReplayError {
                index,
                failing: index,
                error: G::any_error(error),
            })
        })?;
        record.entries.push(entry);
        return Ok(stored);
    }
    record.entries.push(entry);
    match replay::replay(record, nicknames) {
        Ok(replayed) => {
            *state = replayed;
            Ok(stored)
        }
        Err(error) => {
            record.entries.pop();
            Err(ExtendError::Refused(error.map(G::any_error)))
        }
    }
}

impl AnyRecord {
    /// Reads a record of any game, chosen by its `game` field. Refuses unknown
    /// versions, games and fields, and players or a first dealer that do not fit the
    /// game's options.
    pub fn from_json(text: &str) -> Result<AnyRecord, SyntaxError> {
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(error) => return Err(SyntaxError::json(&error)),
        };
        record_of(record::header(&value)?, text)
    }

    /// Which game the record is of.
    pub fn kind(&self) -> GameKind {
        fn kind<G: RecordGame>(_: &GameRecord<G>) -> GameKind {
            G::KIND
        }
        each_game!(AnyRecord, self, record => kind(record))
    }

    /// Writes the record as pretty JSON.
    pub fn to_json(&self) -> String {
        each_game!(AnyRecord, self, record => record.to_json())
    }

    /// The game's record name.
    pub fn game(&self) -> &'static str {
        each_game!(AnyRecord, self, record => record.game())
    }

    /// Player names by seat (2 or 4).
    pub fn players(&self) -> &[String] {
        each_game!(AnyRecord, self, record => record.player_names())
    }

    pub fn first_dealer(&self) -> Seat {
        each_game!(AnyRecord, self, record => record.first_dealer)
    }

    /// The number of entries in the log.
    pub fn len(&self) -> usize {
        each_game!(AnyRecord, self, record => record.entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `type` word of every entry, in log order.
    pub fn entry_kinds(&self) -> Vec<&'static str> {
        fn kinds<G: RecordGame>(record: &GameRecord<G>) -> Vec<&'static str> {
            record.entries.iter().map(G::entry_kind).collect()
        }
        each_game!(AnyRecord, self, record => kinds(record))
    }

    /// The options as JSON.
    pub fn options_json(&self) -> serde_json::Value {
        each_game!(AnyRecord, self, record => to_value(&record.options))
    }

    /// Every entry as JSON, in log order (as the record writes them).
    pub fn entries_json(&self) -> Vec<serde_json::Value> {
        fn entries<G: RecordGame>(record: &GameRecord<G>) -> Vec<serde_json::Value> {
            record.entries.iter().map(to_value).collect()
        }
        each_game!(AnyRecord, self, record => entries(record))
    }

    /// Appends one entry to the record and brings `state` (this record's replay) up
    /// to date with it, or says why the entry cannot follow; on error neither
    /// changes. A play entry is applied to the state as it stands, since every
    /// earlier prefix is valid already; a correction replays the whole record.
    /// Answers the entry as the engine reads it, for storing.
    pub fn extend(
        &mut self,
        state: &mut AnyMatch,
        entry: serde_json::Value,
        nicknames: &Nicknames,
    ) -> Result<serde_json::Value, ExtendError> {
        let game = self.game();
        each_game!(AnyRecord, self, record => match AnyGame::state_mut(state) {
            Some(own) => extend(record, own, entry, nicknames),
            None => Err(ExtendError::Unreadable(Complaint::new(
                &serde::de::Error::custom(format!(
                "a {} state cannot follow a {game} record",
                state.game()))
            ))),
        })
    }

    /// What each entry asks of the ones before it (`None` for a play entry).
    pub fn corrections(&self) -> Vec<Option<record::Correction>> {
        fn corrections<G: RecordGame>(record: &GameRecord<G>) -> Vec<Option<record::Correction>> {
            record.entries.iter().map(G::correction).collect()
        }
        each_game!(AnyRecord, self, record => corrections(record))
    }

    /// Indexes of entries voided and of entries replaced by a later correction.
    pub fn voided_and_replaced(&self) -> (Vec<usize>, Vec<usize>) {
        let mut voided = Vec::new();
        let mut replaced = Vec::new();
        for correction in self.corrections().into_iter().flatten() {
            match correction {
                record::Correction::Void { target } => voided.push(target),
                record::Correction::Replace { target } => replaced.push(target),
            }
        }
        (voided, replaced)
    }

    /// The last play entry still in effect (not voided): what "undo" voids.
    pub fn last_undoable(&self) -> Option<usize> {
        let corrections = self.corrections();
        let (voided, _) = self.voided_and_replaced();
        corrections
            .iter()
            .enumerate()
            .rev()
            .find(|(index, correction)| correction.is_none() && !voided.contains(index))
            .map(|(index, _)| index)
    }

    /// The match before any entry.
    pub fn initial(&self) -> AnyMatch {
        fn initial<G: AnyGame>(record: &GameRecord<G>) -> G {
            G::new(record.options.clone(), record.first_dealer)
        }
        each_game!(AnyRecord, self, record => initial(record).into_any())
    }

    /// The final state of the match, or the first entry that makes the record invalid.
    pub fn replay(&self, nicknames: &Nicknames) -> Result<AnyMatch, AnyReplayError> {
        fn replay<G: AnyGame>(
            record: &GameRecord<G>,
            nicknames: &Nicknames,
        ) -> Result<AnyMatch, AnyReplayError> {
            replay::replay(record, nicknames)
                .map(G::into_any)
                .map_err(|error| error.map(G::any_error))
        }
        each_game!(AnyRecord, self, record => replay(record, nicknames))
    }

    /// The state after every entry, stopping at the first invalid one.
    pub fn replay_steps(&self, nicknames: &Nicknames) -> AnySteps {
        fn steps<G: AnyGame>(record: &GameRecord<G>, nicknames: &Nicknames) -> AnySteps {
            replay::replay_steps(record, nicknames).map(G::into_any, G::any_error)
        }
        each_game!(AnyRecord, self, record => steps(record, nicknames))
    }
}
