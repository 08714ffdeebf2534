//! The entries every game's log shares, the corrections (`void`, `replace`), and the
//! log of a game whose own entries are one serde enum ([`LogEntry`]): what
//! `logged_game!` makes a game's record of.

use std::fmt;

use serde::de::{self, DeserializeOwned, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::Correction;
use crate::rules::first_dealer::FirstDealerEntry;
use crate::rules::game::stamped_entry;

stamped_entry! {
    /// Cancels entry `target`.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct VoidEntry {
        /// Index (0-based) of the entry voided.
        #[serde(deserialize_with = "entry_number")]
        pub target: usize,
        pub reason: String,
    }
}

stamped_entry! {
    /// Puts `entry` in the place of entry `target`. `P` is what the game may put there:
    /// Trionfetti's `PlayEntry`, the game's own entry for the others.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ReplaceEntry<P> {
        /// Index (0-based) of the entry replaced.
        #[serde(deserialize_with = "entry_number")]
        pub target: usize,
        pub reason: String,
        pub entry: P,
    }
}

/// What serde says of an entry number past any a log can hold (`json_text` words it).
pub(crate) const NO_SUCH_ENTRY: &str = "no entry has a number that large";

/// The number of the entry a correction targets. A whole number past `u64` reaches
/// serde only as a float, which would be shown rounded ("1.8446744073709552e19"): it is
/// no entry, and said so.
fn entry_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    struct Number;

    impl Visitor<'_> for Number {
        type Value = usize;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            // serde's own name for it, which the Fluent files word as a whole number.
            f.write_str("usize")
        }

        fn visit_u64<E: de::Error>(self, number: u64) -> Result<usize, E> {
            usize::try_from(number).map_err(|_| E::custom(NO_SUCH_ENTRY))
        }

        fn visit_i64<E: de::Error>(self, number: i64) -> Result<usize, E> {
            match u64::try_from(number) {
                Ok(number) => self.visit_u64(number),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(number), &self)),
            }
        }

        fn visit_f64<E: de::Error>(self, number: f64) -> Result<usize, E> {
            if number >= 0.0 && number.fract() == 0.0 {
                Err(E::custom(NO_SUCH_ENTRY))
            } else {
                Err(E::invalid_type(Unexpected::Float(number), &self))
            }
        }
    }

    // `any`: inside a tagged entry serde buffers the value, and hands a float to
    // `visit_f64` only when asked for any value, not for an integer.
    deserializer.deserialize_any(Number)
}

/// A game's own entry type, as the other games' logs hold it (tagged by `"type"`).
pub trait GameEntry: Clone + fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned {
    /// The `type` words of the game's entries.
    const TYPES: &'static [&'static str];

    /// The `type` word of this entry.
    fn kind(&self) -> &'static str;
}

/// One entry of a Madrasso, Tressette, Trijumf or Vitou log: the game's own entry
/// (`deal` or `round`), who deals first, or a correction that carries one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogEntry<E> {
    Play(E),
    FirstDealer(FirstDealerEntry),
    Void(VoidEntry),
    Replace(ReplaceEntry<E>),
}

impl<E: GameEntry> LogEntry<E> {
    /// The `type` word of the entry.
    pub fn kind(&self) -> &'static str {
        match self {
            LogEntry::Play(entry) => entry.kind(),
            LogEntry::FirstDealer(_) => "first_dealer",
            LogEntry::Void(_) => "void",
            LogEntry::Replace(_) => "replace",
        }
    }

    /// The game entry this log entry puts in the match, if any.
    pub fn play(&self) -> Option<&E> {
        match self {
            LogEntry::Play(entry) => Some(entry),
            LogEntry::Replace(replace) => Some(&replace.entry),
            LogEntry::Void(_) | LogEntry::FirstDealer(_) => None,
        }
    }

    /// `Some` for a `void` or `replace` entry.
    pub fn correction(&self) -> Option<Correction> {
        match self {
            LogEntry::Play(_) | LogEntry::FirstDealer(_) => None,
            LogEntry::Void(void) => Some(Correction::Void {
                target: void.target,
            }),
            LogEntry::Replace(replace) => Some(Correction::Replace {
                target: replace.target,
            }),
        }
    }
}

/// The entries every game's log shares, as serde sees them: tagged like every entry.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Corrections<V, R, F = FirstDealerEntry> {
    Void(V),
    Replace(R),
    FirstDealer(F),
}

impl<E: GameEntry> Serialize for LogEntry<E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            LogEntry::Play(entry) => entry.serialize(serializer),
            LogEntry::FirstDealer(first) => {
                Corrections::<&VoidEntry, &ReplaceEntry<E>, _>::FirstDealer(first)
                    .serialize(serializer)
            }
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
            Some("void") | Some("replace") | Some("first_dealer") => {
                match Corrections::<VoidEntry, ReplaceEntry<E>>::deserialize(value) {
                    Ok(Corrections::Void(void)) => Ok(LogEntry::Void(void)),
                    Ok(Corrections::Replace(replace)) => Ok(LogEntry::Replace(replace)),
                    Ok(Corrections::FirstDealer(first)) => Ok(LogEntry::FirstDealer(first)),
                    Err(error) => Err(D::Error::custom(error)),
                }
            }
            Some(kind) if E::TYPES.contains(&kind) => E::deserialize(value)
                .map(LogEntry::Play)
                .map_err(D::Error::custom),
            _ => {
                let expected: Vec<String> = E::TYPES
                    .iter()
                    .chain(&["void", "replace", "first_dealer"])
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

/// A game's `Entry` whose variants each carry one struct, tagged by `"type"` in JSON
/// with the word given: `game_entry!(Deal(DealEntry): "deal")`, in the game's own
/// module, declares the enum, its `From` each struct and its [`GameEntry`].
macro_rules! game_entry {
    ($($variant:ident($data:ty): $kind:literal),+ $(,)?) => {
        /// One entry of the engine, tagged by `"type"` in JSON.
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "type", deny_unknown_fields)]
        pub enum Entry {
            $(#[serde(rename = $kind)] $variant($data),)+
        }

        $(
            impl From<$data> for Entry {
                fn from(entry: $data) -> Entry {
                    Entry::$variant(entry)
                }
            }
        )+

        impl $crate::rules::record::GameEntry for Entry {
            const TYPES: &'static [&'static str] = &[$($kind),+];

            fn kind(&self) -> &'static str {
                match self {
                    $(Entry::$variant(_) => $kind,)+
                }
            }
        }
    };
}
pub(crate) use game_entry;

/// A game whose log holds [`LogEntry`]s of its own entry (declared by [`game_entry!`]):
/// its [`RecordGame`](super::RecordGame), `logged_game!(Vitou)` in the game's module.
macro_rules! logged_game {
    ($game:ty) => {
        impl $crate::rules::record::RecordGame for $game {
            type Players = Vec<String>;
            type RecordEntry =
                $crate::rules::record::LogEntry<<$game as $crate::rules::game::Game>::Entry>;
            type EntryError = $crate::rules::entry_error::GameEntryError<
                <$game as $crate::rules::game::Game>::Error,
            >;

            fn entry_kind(entry: &Self::RecordEntry) -> &'static str {
                entry.kind()
            }

            fn correction(entry: &Self::RecordEntry) -> Option<$crate::rules::record::Correction> {
                entry.correction()
            }

            fn apply_entry(
                &mut self,
                entry: &Self::RecordEntry,
                _: &$crate::rules::comanda::Nicknames,
            ) -> Result<(), Self::EntryError> {
                use $crate::rules::entry_error::GameEntryError;
                use $crate::rules::game::Seating as _;
                if let $crate::rules::record::LogEntry::FirstDealer(first) = entry {
                    let players = self.progress.options.players();
                    return $crate::rules::record::apply_first_dealer(self, first, players)
                        .map_err(GameEntryError::FirstDealer);
                }
                match entry.play() {
                    Some(play) => <$game as $crate::rules::game::Game>::apply_in_place(self, play)
                        .map_err(GameEntryError::Rule),
                    None => Ok(()),
                }
            }
        }
    };
}
pub(crate) use logged_game;
