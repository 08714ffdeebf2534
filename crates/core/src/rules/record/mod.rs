//! The match record: a versioned JSON document holding a whole match as its log of
//! entries. It is the format of import, export and the `rules` CLI; the database log
//! holds the same entries. `docs/match-record.md` describes it for people.
//!
//! One document shape serves every game: [`GameRecord<G>`] is the record of a game `G`
//! ([`RecordGame`]), with that game's options, entries and number of players. Each
//! game says how it is kept in `rules/<game>/record.rs`: [`MatchRecord`] is the
//! Trionfetti record (its entries are [`RecordEntry`]); the other games log
//! [`LogEntry`]s (`log.rs`), the game's own entry or a shared correction.
//! [`super::any::AnyRecord`] reads a record of any game by its `game` field.
//!
//! Reading a record checks only that it can be read (JSON, known fields, known version
//! and game, players and first dealer that fit the game; `syntax.rs` says why not).
//! Whether the entries can happen is the business of [`super::replay`].

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod log;
mod syntax;

pub use self::log::{GameEntry, LogEntry, ReplaceEntry, VoidEntry};
pub(crate) use self::log::{NO_SUCH_ENTRY, game_entry, logged_game};
pub use self::syntax::SyntaxError;
// Trionfetti's entries, which the shell reads as the record's.
use super::comanda::Nicknames;
use super::entry_error::CorrectionError;
use super::first_dealer::{self, FirstDealerEntry, GameFirstDealerError};
use super::game::{Game, Message, Seat, Seating};
use super::json_text::Complaint;
use super::kind::GameKind;
pub use super::trionfetti::record::{
    HandEntry, MatchRecord, PlayEntry, RecordEntry, SmazzataEntry,
};

/// The only format version this code reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The record names of every game this code reads.
pub const GAMES: [&str; GameKind::ALL.len()] = {
    let mut names = [""; GameKind::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = GameKind::ALL[index].name();
        index += 1;
    }
    names
};

/// What a log entry asks of the entries before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correction {
    /// Leave entry `target` out of the match.
    Void { target: usize },
    /// Read entry `target` as this entry's replacement.
    Replace { target: usize },
}

/// A game that can be kept as a match record: its options (which say how many play),
/// its log entries and how one of them moves the match on.
///
/// The correction logic (voids and replacements, "every prefix valid") is written once
/// in [`super::replay`] over this trait.
pub trait RecordGame:
    Game<Options: fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned> + fmt::Debug + PartialEq
{
    /// Player names by seat.
    type Players: Clone
        + fmt::Debug
        + PartialEq
        + Eq
        + Serialize
        + DeserializeOwned
        + AsRef<[String]>;
    /// One entry of the log: the game's own entries, `void` and `replace`.
    type RecordEntry: Clone + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// Why an entry cannot be part of the match.
    type EntryError: Message + Clone + fmt::Debug + PartialEq + Eq + From<CorrectionError>;

    /// How many players (and seats) the options give.
    fn seats(options: &Self::Options) -> usize {
        usize::from(options.players())
    }

    /// The `type` word of an entry.
    fn entry_kind(entry: &Self::RecordEntry) -> &'static str;

    /// `Some` for a `void` or `replace` entry.
    fn correction(entry: &Self::RecordEntry) -> Option<Correction>;

    /// Applies a play entry, or the replacement a `replace` entry carries. A `void`
    /// changes nothing here (the replay leaves its target out). On error `self` is
    /// exactly as it was.
    fn apply_entry(
        &mut self,
        entry: &Self::RecordEntry,
        nicknames: &Nicknames,
    ) -> Result<(), Self::EntryError>;
}

/// A whole match of the game `G`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct GameRecord<G: RecordGame> {
    /// Always [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The game's record name, `G::NAME`.
    pub game: String,
    #[serde(default)]
    pub options: G::Options,
    /// Player names by seat, in the order of play; as many as the options say.
    pub players: G::Players,
    pub first_dealer: Seat,
    #[serde(default = "Vec::new")]
    pub entries: Vec<G::RecordEntry>,
}

impl<G: RecordGame> GameRecord<G> {
    /// An empty match of `G`.
    pub fn new(options: G::Options, players: G::Players, first_dealer: Seat) -> GameRecord<G> {
        GameRecord {
            format_version: FORMAT_VERSION,
            game: G::NAME.to_string(),
            options,
            players,
            first_dealer,
            entries: Vec::new(),
        }
    }

    /// Reads a record of `G`, refusing unknown versions, other games, unknown fields,
    /// a number of players the options do not give and a first dealer off the table.
    pub fn from_json(text: &str) -> Result<GameRecord<G>, SyntaxError> {
        match serde_json::from_str::<GameRecord<G>>(text) {
            Ok(record) => {
                record.check_header()?;
                Ok(record)
            }
            Err(error) => Err(diagnose::<G>(text, error)),
        }
    }

    /// Writes the record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a match record always serializes")
    }

    /// The game's record name.
    pub fn game(&self) -> &'static str {
        G::NAME
    }

    /// Player names by seat.
    pub fn player_names(&self) -> &[String] {
        self.players.as_ref()
    }

    /// The number of seats at the table.
    pub fn seats(&self) -> usize {
        G::seats(&self.options)
    }

    fn check_header(&self) -> Result<(), SyntaxError> {
        if self.format_version != FORMAT_VERSION {
            return Err(SyntaxError::Version {
                found: Some(self.format_version.to_string()),
            });
        }
        if self.game != G::NAME {
            return Err(SyntaxError::Game {
                found: Some(serde_json::Value::from(self.game.clone()).to_string()),
                expected: vec![G::NAME],
            });
        }
        check_table::<G>(
            &self.options,
            self.players.as_ref().len(),
            u64::from(u8::from(self.first_dealer)),
        )
    }
}

/// Applies who deals first at a table of `players`, as a record of any game does.
pub(crate) fn apply_first_dealer<G: Game>(
    state: &mut G,
    entry: &FirstDealerEntry,
    players: u8,
) -> Result<(), GameFirstDealerError> {
    first_dealer::apply(state, entry, usize::from(players)).map_err(|error| GameFirstDealerError {
        game: G::KIND,
        error,
    })
}

/// Players and first dealer against the options.
fn check_table<G: RecordGame>(
    options: &G::Options,
    players: usize,
    first_dealer: u64,
) -> Result<(), SyntaxError> {
    let seats = G::seats(options);
    if seats != 2 && seats != 4 {
        return Err(SyntaxError::PlayersNotSupported {
            game: G::NAME,
            players: seats,
        });
    }
    if players != seats {
        return Err(SyntaxError::Players {
            game: G::NAME,
            expected: seats,
            found: players,
        });
    }
    if first_dealer >= seats as u64 {
        return Err(SyntaxError::FirstDealer {
            seat: first_dealer,
            seats,
        });
    }
    Ok(())
}

/// Reads the header fields every record has, before the game is known: the version
/// first (a record of another version may well have other fields), then the game.
pub(crate) fn header(value: &serde_json::Value) -> Result<GameKind, SyntaxError> {
    match value.get("format_version") {
        Some(version) if version.as_u64() == Some(u64::from(FORMAT_VERSION)) => {}
        found => {
            return Err(SyntaxError::Version {
                found: found.map(|value| value.to_string()),
            });
        }
    }
    let game = value.get("game");
    match game.and_then(serde_json::Value::as_str).map(str::parse) {
        Some(Ok(kind)) => Ok(kind),
        _ => Err(SyntaxError::Game {
            found: game.map(|value| value.to_string()),
            expected: GAMES.to_vec(),
        }),
    }
}

/// Turns a serde error into the most useful message: the version and game first, then
/// the options, the table and the entry at fault.
fn diagnose<G: RecordGame>(text: &str, error: serde_json::Error) -> SyntaxError {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(_) => return SyntaxError::json(&error),
    };
    let Some(object) = value.as_object() else {
        return SyntaxError::json(&error);
    };
    match header(&value) {
        Ok(game) if game == G::KIND => {}
        Ok(game) => {
            return SyntaxError::Game {
                found: Some(serde_json::Value::from(game.name()).to_string()),
                expected: vec![G::NAME],
            };
        }
        Err(SyntaxError::Game { found, .. }) => {
            return SyntaxError::Game {
                found,
                expected: vec![G::NAME],
            };
        }
        Err(error) => return error,
    }
    let options = match object.get("options") {
        None => G::Options::default(),
        Some(options) => match G::Options::deserialize(options) {
            Ok(options) => options,
            Err(error) => {
                return SyntaxError::Options {
                    game: G::NAME,
                    message: Complaint::new(&error),
                };
            }
        },
    };
    if let (Some(players), Some(dealer)) = (
        object.get("players").and_then(|players| players.as_array()),
        object
            .get("first_dealer")
            .and_then(|dealer| dealer.as_u64()),
    ) && let Err(error) = check_table::<G>(&options, players.len(), dealer)
    {
        return error;
    }
    if let Some(entries) = object.get("entries").and_then(|entries| entries.as_array()) {
        for (index, entry) in entries.iter().enumerate() {
            if let Err(error) = G::RecordEntry::deserialize(entry) {
                return SyntaxError::Entry {
                    index,
                    message: Complaint::new(&error),
                };
            }
        }
    }
    SyntaxError::json(&error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::trionfetti::Options;

    const MINIMAL: &str = r#"{
        "format_version": 1,
        "game": "trionfetti",
        "players": ["Bepi", "Toni", "Nane", "Gigio"],
        "first_dealer": 0,
        "entries": [
            {"type": "hand", "winner": "A", "author": "arbitro", "time": "2026-05-01T20:00"},
            {"type": "smazzata", "comanda": "più ponto", "cut": "7d"},
            {"type": "void", "target": 0, "reason": "wrong table"},
            {"type": "replace", "target": 0, "reason": "typo",
             "entry": {"type": "hand", "winner": "B"}}
        ]
    }"#;

    #[test]
    fn reads_a_record_with_default_options() {
        let record = MatchRecord::from_json(MINIMAL).unwrap();
        assert_eq!(record.options, Options::default());
        assert_eq!(record.entries.len(), 4);
        assert_eq!(record.entries[3].kind(), "replace");
        let again = MatchRecord::from_json(&record.to_json()).unwrap();
        assert_eq!(again, record);
    }

    #[test]
    fn refuses_other_versions_and_games() {
        let v2 = MINIMAL.replace("\"format_version\": 1", "\"format_version\": 2");
        assert_eq!(
            MatchRecord::from_json(&v2),
            Err(SyntaxError::Version {
                found: Some("2".into())
            })
        );
        let other = MINIMAL.replace("\"trionfetti\"", "\"briscola\"");
        assert!(matches!(
            MatchRecord::from_json(&other),
            Err(SyntaxError::Game { .. })
        ));
        let v2_new_field = v2.replace("\"first_dealer\"", "\"seating\": 1, \"first_dealer\"");
        assert!(matches!(
            MatchRecord::from_json(&v2_new_field),
            Err(SyntaxError::Version { .. })
        ));
    }

    #[test]
    fn unknown_fields_are_named_with_their_entry() {
        let typo = MINIMAL.replace("\"winner\": \"B\"", "\"winer\": \"B\"");
        match MatchRecord::from_json(&typo) {
            Err(SyntaxError::Entry { index, message }) => {
                assert_eq!(index, 3);
                assert!(message.text.contains("winer"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        let top = MINIMAL.replace("\"first_dealer\"", "\"dealer\": 1, \"first_dealer\"");
        assert!(matches!(
            MatchRecord::from_json(&top),
            Err(SyntaxError::Json { .. })
        ));
        assert!(matches!(
            MatchRecord::from_json("{"),
            Err(SyntaxError::Json { .. })
        ));
        let bad_card = MINIMAL.replace("\"7d\"", "\"7x\"");
        assert!(matches!(
            MatchRecord::from_json(&bad_card),
            Err(SyntaxError::Entry { index: 1, .. })
        ));
    }
}
