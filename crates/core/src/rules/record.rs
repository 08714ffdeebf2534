//! The match record: a versioned JSON document holding a whole match as its log of
//! entries. It is the format of import, export and the `rules` CLI; the database log
//! holds the same entries. `docs/match-record.md` describes it for people.
//!
//! One document shape serves the five games: [`GameRecord<G>`] is the record of a game
//! `G`, with that game's options, entries and number of players. [`MatchRecord`] is the
//! Trionfetti record (its entries are [`RecordEntry`]); the other games log
//! [`LogEntry`]s, the game's own entry or a shared correction. [`super::any::AnyRecord`]
//! reads a record of any game by its `game` field.
//!
//! Reading a record checks only that it can be read (JSON, known fields, known version
//! and game, players and first dealer that fit the game). Whether the entries can
//! happen is the business of [`super::replay`].

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::card::Card;
use super::comanda;
use super::comanda::Nicknames;
use super::entry_error::{CorrectionError, EntryError, GameEntryError};
use super::game::{Game, Message, Seat, Team, describe};
use super::json_text::Complaint;
use super::kind::GameKind;
use super::madrasso::{self, Madrasso};
use super::ranking::Ranking;
use super::tressette::{self, Tressette};
use super::trick::Trick;
use super::trijumf::{self, Trijumf};
use super::trionfetti::{Options, Setup, Trionfetti, Vagaresto};
use super::vitou::{self, Vitou};
use crate::lang::{Lang, Msg};

/// The only format version this code reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The record names of every game this code reads.
pub const GAMES: [&str; 5] = [
    GameKind::ALL[0].name(),
    GameKind::ALL[1].name(),
    GameKind::ALL[2].name(),
    GameKind::ALL[3].name(),
    GameKind::ALL[4].name(),
];

/// What a log entry asks of the entries before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correction {
    /// Leave entry `target` out of the match.
    Void { target: usize },
    /// Read entry `target` as this entry's replacement.
    Replace { target: usize },
}

/// A game that can be kept as a match record: its options, how many players it has,
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
    fn seats(options: &Self::Options) -> usize;

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

/// A whole Trionfetti match.
pub type MatchRecord = GameRecord<Trionfetti>;

/// One entry of a Trionfetti log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordEntry {
    /// The comanda and cut card of a smazzata (card-level recording).
    Smazzata(SmazzataEntry),
    /// A hand, by outcome or card by card.
    Hand(HandEntry),
    /// Cancels an earlier hand or smazzata entry.
    Void(VoidEntry),
    /// Puts a new hand or smazzata entry in the place of an earlier one.
    Replace(ReplaceEntry),
}

/// What a Trionfetti replacement may put in place: a hand or a smazzata entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayEntry {
    Smazzata(SmazzataEntry),
    Hand(HandEntry),
}

/// The card-level setup of a smazzata. At least one of `comanda` and `ranking`; when
/// both are present the ranking is what was played and the comanda is kept as said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmazzataEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comanda: Option<String>,
    /// Levels of equal cards, lowest first, as card codes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranking: Option<Vec<Vec<Card>>>,
    pub cut: Card,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

impl SmazzataEntry {
    /// Reads the entry into the engine's setup: its explicit ranking, or its
    /// comanda read with the club's nicknames.
    pub fn setup(&self, nicknames: &Nicknames) -> Result<Setup, EntryError> {
        let ranking = match (&self.ranking, &self.comanda) {
            (Some(levels), _) => {
                Ranking::from_levels(levels.clone()).map_err(EntryError::Ranking)?
            }
            (None, Some(text)) => {
                comanda::parse(text, nicknames).map_err(|error| EntryError::Comanda {
                    text: text.clone(),
                    error: Box::new(error),
                })?
            }
            (None, None) => return Err(EntryError::NoRanking),
        };
        Ok(Setup {
            ranking,
            cut: self.cut,
            comanda: self.comanda.clone(),
        })
    }
}

/// A hand: by outcome (`winner`, optional `vagaresto`) or card by card (`tricks`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Team>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tricks: Option<Vec<Trick>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vagaresto: Option<Vagaresto>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

impl HandEntry {
    pub fn view(&self) -> super::trionfetti::HandView<'_> {
        super::trionfetti::HandView {
            winner: self.winner,
            tricks: self.tricks.as_deref(),
            vagaresto: self.vagaresto.as_ref(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoidEntry {
    /// Index (0-based) of the entry voided.
    pub target: usize,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

/// Puts `entry` in the place of entry `target`. `P` is what the game may put there:
/// [`PlayEntry`] for Trionfetti, the game's own entry for the others.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplaceEntry<P = PlayEntry> {
    /// Index (0-based) of the entry replaced.
    pub target: usize,
    pub reason: String,
    pub entry: P,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

impl RecordEntry {
    /// The `type` word of the entry.
    pub fn kind(&self) -> &'static str {
        match self {
            RecordEntry::Smazzata(_) => "smazzata",
            RecordEntry::Hand(_) => "hand",
            RecordEntry::Void(_) => "void",
            RecordEntry::Replace(_) => "replace",
        }
    }
}

impl RecordGame for Trionfetti {
    type Players = [String; 4];
    type RecordEntry = RecordEntry;
    type EntryError = EntryError;

    fn seats(_: &Options) -> usize {
        4
    }

    fn entry_kind(entry: &RecordEntry) -> &'static str {
        entry.kind()
    }

    fn correction(entry: &RecordEntry) -> Option<Correction> {
        match entry {
            RecordEntry::Void(void) => Some(Correction::Void {
                target: void.target,
            }),
            RecordEntry::Replace(replace) => Some(Correction::Replace {
                target: replace.target,
            }),
            RecordEntry::Smazzata(_) | RecordEntry::Hand(_) => None,
        }
    }

    fn apply_entry(
        &mut self,
        entry: &RecordEntry,
        nicknames: &Nicknames,
    ) -> Result<(), EntryError> {
        let (smazzata, hand) = match entry {
            RecordEntry::Smazzata(setup) => (Some(setup), None),
            RecordEntry::Hand(hand) => (None, Some(hand)),
            RecordEntry::Replace(replace) => match &replace.entry {
                PlayEntry::Smazzata(setup) => (Some(setup), None),
                PlayEntry::Hand(hand) => (None, Some(hand)),
            },
            RecordEntry::Void(_) => (None, None),
        };
        if let Some(setup) = smazzata {
            self.apply_setup(&setup.setup(nicknames)?)
                .map_err(EntryError::Rule)?;
        }
        if let Some(hand) = hand {
            self.apply_hand(hand.view()).map_err(EntryError::Rule)?;
        }
        Ok(())
    }
}

/// A game's own entry type, as the other games' logs hold it (tagged by `"type"`).
pub trait GameEntry: Clone + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned {
    /// The `type` words of the game's entries.
    const TYPES: &'static [&'static str];

    /// The `type` word of this entry.
    fn kind(&self) -> &'static str;
}

impl GameEntry for madrasso::Entry {
    const TYPES: &'static [&'static str] = &["deal"];

    fn kind(&self) -> &'static str {
        match self {
            madrasso::Entry::Deal(_) => "deal",
        }
    }
}

impl GameEntry for tressette::Entry {
    const TYPES: &'static [&'static str] = &["deal"];

    fn kind(&self) -> &'static str {
        match self {
            tressette::Entry::Deal(_) => "deal",
        }
    }
}

impl GameEntry for trijumf::Entry {
    const TYPES: &'static [&'static str] = &["deal"];

    fn kind(&self) -> &'static str {
        match self {
            trijumf::Entry::Deal(_) => "deal",
        }
    }
}

impl GameEntry for vitou::Entry {
    const TYPES: &'static [&'static str] = &["round"];

    fn kind(&self) -> &'static str {
        match self {
            vitou::Entry::Round(_) => "round",
        }
    }
}

/// One entry of a Madrasso, Tressette, Trijumf or Vitou log: the game's own entry
/// (`deal` or `round`), or a correction that carries one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogEntry<E> {
    Play(E),
    Void(VoidEntry),
    Replace(ReplaceEntry<E>),
}

impl<E: GameEntry> LogEntry<E> {
    /// The `type` word of the entry.
    pub fn kind(&self) -> &'static str {
        match self {
            LogEntry::Play(entry) => entry.kind(),
            LogEntry::Void(_) => "void",
            LogEntry::Replace(_) => "replace",
        }
    }

    /// The game entry this log entry puts in the match, if any.
    pub fn play(&self) -> Option<&E> {
        match self {
            LogEntry::Play(entry) => Some(entry),
            LogEntry::Replace(replace) => Some(&replace.entry),
            LogEntry::Void(_) => None,
        }
    }

    fn correction(&self) -> Option<Correction> {
        match self {
            LogEntry::Play(_) => None,
            LogEntry::Void(void) => Some(Correction::Void {
                target: void.target,
            }),
            LogEntry::Replace(replace) => Some(Correction::Replace {
                target: replace.target,
            }),
        }
    }
}

/// The corrections as serde sees them: tagged like every entry.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Corrections<V, R> {
    Void(V),
    Replace(R),
}

impl<E: GameEntry> Serialize for LogEntry<E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            LogEntry::Play(entry) => entry.serialize(serializer),
            LogEntry::Void(void) => {
                Corrections::<_, &ReplaceEntry<E>>::Void(void).serialize(serializer)
            }
            LogEntry::Replace(replace) => {
                Corrections::<&VoidEntry, _>::Replace(replace).serialize(serializer)
            }
        }
    }
}

impl<'de, E: GameEntry> Deserialize<'de> for LogEntry<E> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let value = serde_json::Value::deserialize(deserializer)?;
        let kind = match value.get("type") {
            None => return Err(D::Error::missing_field("type")),
            Some(kind) => kind.as_str().map(str::to_string),
        };
        match kind.as_deref() {
            Some("void") | Some("replace") => {
                match Corrections::<VoidEntry, ReplaceEntry<E>>::deserialize(value) {
                    Ok(Corrections::Void(void)) => Ok(LogEntry::Void(void)),
                    Ok(Corrections::Replace(replace)) => Ok(LogEntry::Replace(replace)),
                    Err(error) => Err(D::Error::custom(error)),
                }
            }
            Some(kind) if E::TYPES.contains(&kind) => E::deserialize(value)
                .map(LogEntry::Play)
                .map_err(D::Error::custom),
            _ => {
                let expected: Vec<String> = E::TYPES
                    .iter()
                    .chain(&["void", "replace"])
                    .map(|kind| format!("`{kind}`"))
                    .collect();
                let found = match &kind {
                    Some(kind) => format!("`{kind}`"),
                    None => value["type"].to_string(),
                };
                Err(D::Error::custom(format!(
                    "unknown variant {found}, expected one of {}",
                    expected.join(", ")
                )))
            }
        }
    }
}

/// The four games whose logs are [`LogEntry`]s of their own entry.
macro_rules! logged_game {
    ($game:ty, |$options:pat_param| $seats:expr) => {
        impl RecordGame for $game {
            type Players = Vec<String>;
            type RecordEntry = LogEntry<<$game as Game>::Entry>;
            type EntryError = GameEntryError<<$game as Game>::Error>;

            fn seats($options: &Self::Options) -> usize {
                $seats
            }

            fn entry_kind(entry: &Self::RecordEntry) -> &'static str {
                entry.kind()
            }

            fn correction(entry: &Self::RecordEntry) -> Option<Correction> {
                entry.correction()
            }

            fn apply_entry(
                &mut self,
                entry: &Self::RecordEntry,
                _: &Nicknames,
            ) -> Result<(), Self::EntryError> {
                match entry.play() {
                    Some(play) => self.apply_in_place(play).map_err(GameEntryError::Rule),
                    None => Ok(()),
                }
            }
        }
    };
}

logged_game!(Madrasso, |_| 4);
logged_game!(Tressette, |_| 4);
logged_game!(Trijumf, |options| usize::from(options.players));
logged_game!(Vitou, |options| usize::from(options.players));

/// Why a record cannot be read at all (as opposed to entries that cannot happen).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxError {
    /// Not JSON, or not the shape of a match record.
    Json {
        message: Complaint,
        line: usize,
        column: usize,
    },
    /// `format_version` missing or not one this code reads.
    Version { found: Option<String> },
    /// `game` missing, not a game this code knows, or not the game expected.
    Game {
        found: Option<String>,
        expected: Vec<&'static str>,
    },
    /// `options` cannot be read as the game's options.
    Options {
        game: &'static str,
        message: Complaint,
    },
    /// The options ask for a number of players the game is not played with.
    PlayersNotSupported { game: &'static str, players: usize },
    /// `players` does not name as many players as the game has.
    Players {
        game: &'static str,
        expected: usize,
        found: usize,
    },
    /// `first_dealer` is not a seat of the game.
    FirstDealer { seat: u64, seats: usize },
    /// One entry cannot be read.
    Entry { index: usize, message: Complaint },
}

fn quoted(names: &[&str], or: &str) -> String {
    let names: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {or} {last}", rest.join(", ")),
    }
}

impl SyntaxError {
    /// Text that is not JSON at all, with where serde_json stopped reading it.
    pub fn json(error: &serde_json::Error) -> SyntaxError {
        SyntaxError::Json {
            message: Complaint::new(error),
            line: error.line(),
            column: error.column(),
        }
    }

    /// The words of the faults other than serde's, written here in Italian or English.
    fn inline_words(&self, lang: Lang) -> String {
        let it = lang == Lang::It;
        match self {
            SyntaxError::Json { .. } | SyntaxError::Options { .. } | SyntaxError::Entry { .. } => {
                unreachable!("serde's complaints are worded through the Fluent files")
            }
            SyntaxError::Version { found } => match (found, it) {
                (None, true) => format!("manca \"format_version\" (atteso {FORMAT_VERSION})"),
                (None, false) => {
                    format!("\"format_version\" is missing (expected {FORMAT_VERSION})")
                }
                (Some(found), true) => format!(
                    "versione del formato {found} non supportata (supportata: {FORMAT_VERSION})"
                ),
                (Some(found), false) => {
                    format!("format version {found} is not supported (supported: {FORMAT_VERSION})")
                }
            },
            SyntaxError::Game { found, expected } => {
                let expected_it = quoted(expected, "o");
                let expected_en = quoted(expected, "or");
                let known = found
                    .as_deref()
                    .and_then(|found| serde_json::from_str::<String>(found).ok())
                    .filter(|name| GAMES.contains(&name.as_str()));
                match (found, known, it) {
                    (None, _, true) => format!("manca \"game\" (atteso {expected_it})"),
                    (None, _, false) => format!("\"game\" is missing (expected {expected_en})"),
                    (Some(found), Some(_), true) => {
                        format!("qui si legge una partita di {expected_it}, non di {found}")
                    }
                    (Some(found), Some(_), false) => {
                        format!("a {found} record where {expected_en} is expected")
                    }
                    (Some(found), None, true) => {
                        format!("gioco {found} sconosciuto (previsto {expected_it})")
                    }
                    (Some(found), None, false) => {
                        format!("unknown game {found} (expected {expected_en})")
                    }
                }
            }
            SyntaxError::PlayersNotSupported { game, players } => {
                if it {
                    format!("{game} si gioca in 2 o in 4, non in {players} (opzione \"players\")")
                } else {
                    format!(
                        "{game} is played by 2 or 4 players, not {players} (option \"players\")"
                    )
                }
            }
            SyntaxError::Players {
                game,
                expected,
                found,
            } => {
                if it {
                    format!(
                        "\"players\" dà {found} nomi, ma questa partita di {game} ha {expected} giocatori"
                    )
                } else {
                    format!(
                        "\"players\" names {found} players, but this {game} match has {expected}"
                    )
                }
            }
            SyntaxError::FirstDealer { seat, seats } => {
                let last = seats.saturating_sub(1);
                if it {
                    format!(
                        "\"first_dealer\": il posto {seat} non esiste (i posti vanno da 0 a {last})"
                    )
                } else {
                    format!("\"first_dealer\": seat {seat} does not exist (seats are 0 to {last})")
                }
            }
        }
    }
}

impl Message for SyntaxError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            SyntaxError::Json {
                message,
                line,
                column,
            } => Msg::new("json-unreadable")
                .arg("line", line)
                .arg("column", column)
                .arg("message", message.msg.clone()),
            SyntaxError::Options { game, message } => Msg::new("json-options_unreadable")
                .arg("game", *game)
                .arg("message", message.msg.clone()),
            SyntaxError::Entry { index, message } => Msg::new("json-entry_unreadable")
                .arg("index", index)
                .arg("message", message.msg.clone()),
            _ => Msg::text(self.inline_words(lang)),
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe(&self.msg(Lang::En)))
    }
}

impl std::error::Error for SyntaxError {}

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
