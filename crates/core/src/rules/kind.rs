//! Which game a match, an event or a record is of: the one place a game's name is read.
//!
//! Names arrive as text (a form, a record, an imported document, a database row) and
//! are parsed here once; everything after matches on [`GameKind`], so an unknown name
//! is an error where it arrives and never stands for some other game.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::descriptor::{self, GameDescriptor};

/// The list of games: the one place that names them all, in the order pages list
/// them. Each line is the game's [`GameKind`] variant (also its state type's name),
/// its module (`rules::<module>` here, `web::games::<module>` in the shell) and its
/// [`GameDescriptor`] in `descriptor.rs`.
///
/// `for_each_game!(callback)` calls `callback! { () Kind(module, DESCRIPTOR), … }`;
/// `for_each_game!(callback, tokens…)` passes the tokens first, in the parentheses.
/// [`GameKind`], the `Any*` types of `rules::any` and the shell's table of pages are
/// generated from it, so the compiler finds every place a new game must fill in.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident $(, $($args:tt)*)?) => {
        $callback! {
            ($($($args)*)?)
            Trionfetti(trionfetti, TRIONFETTI),
            Madrasso(madrasso, MADRASSO),
            Tressette(tressette, TRESSETTE),
            Trijumf(trijumf, TRIJUMF),
            Vitou(vitou, VITOU),
        }
    };
}

macro_rules! game_kind {
    (() $($kind:ident($module:ident, $descriptor:ident),)*) => {
        /// One of the games, named in records, forms and the database by
        /// [`GameKind::name`].
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(rename_all = "snake_case")]
        pub enum GameKind {
            $($kind,)*
        }

        impl GameKind {
            /// Every game, in the order pages list them.
            pub const ALL: [GameKind; [$(GameKind::$kind),*].len()] = [$(GameKind::$kind),*];

            /// The game's facts as data: the one place a game's descriptor is chosen.
            pub const fn descriptor(self) -> &'static GameDescriptor {
                match self {
                    $(GameKind::$kind => &descriptor::$descriptor,)*
                }
            }
        }
    };
}

crate::for_each_game!(game_kind);

impl GameKind {
    /// The record name: what records, forms and the database hold.
    pub const fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The game's proper name, the same in every language.
    pub const fn label(self) -> &'static str {
        self.descriptor().label
    }

    /// Whether the game is also played by two (Trijumf and Vitou); the others by four.
    pub fn two_or_four(self) -> bool {
        self.descriptor().seats_vary()
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is none of the games' (kept as it was given, to say so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

/// Written for logs and the command line, in English like every internal error: no
/// page shows it (a stored game no one has is an internal error there).
impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known = GameKind::ALL.map(GameKind::name).join(", ");
        write!(f, "unknown game {:?} (the games are: {known})", self.0)
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Exactly a record name: no case folding, no spaces.
    fn from_str(name: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| UnknownGame(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_nothing_else_reads() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.name());
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), kind);
        }
        for unknown in ["", "foo", "Trionfetti", " tressette", "briscola"] {
            assert_eq!(
                unknown.parse::<GameKind>(),
                Err(UnknownGame(unknown.to_string()))
            );
        }
        assert!(serde_json::from_str::<GameKind>("\"foo\"").is_err());
        let message = UnknownGame("foo".to_string()).to_string();
        assert!(
            message.contains("\"foo\"") && message.contains("tressette"),
            "{message}"
        );
    }
}
