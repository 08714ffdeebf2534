//! Why a record cannot be read at all, as opposed to entries that cannot happen.

use super::{FORMAT_VERSION, GAMES};
use crate::lang::{Arg, Msg};
use crate::rules::game::Message;
use crate::rules::json_text::Complaint;

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

/// The game names a record may hold, quoted: `"trijumf"`, or `"trijumf" o "vitou"`
/// with the language's own "or" (`json-either`).
fn quoted(names: &[&str]) -> Arg {
    let mut names: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
    match names.pop() {
        None => Arg::from(String::new()),
        Some(last) if names.is_empty() => Arg::from(last),
        Some(last) => Msg::new("json-either")
            .arg("first", names.join(", "))
            .arg("second", last)
            .into(),
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
}

impl Message for SyntaxError {
    fn msg(&self) -> Msg {
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
            SyntaxError::Version { found: None } => {
                Msg::new("json-version_missing").arg("supported", FORMAT_VERSION)
            }
            SyntaxError::Version { found: Some(found) } => Msg::new("json-version_unsupported")
                .arg("found", found.clone())
                .arg("supported", FORMAT_VERSION),
            SyntaxError::Game {
                found: None,
                expected,
            } => Msg::new("json-game_missing").arg("expected", quoted(expected)),
            SyntaxError::Game {
                found: Some(found),
                expected,
            } => {
                let known = serde_json::from_str::<String>(found)
                    .is_ok_and(|name| GAMES.contains(&name.as_str()));
                Msg::new(if known {
                    "json-game_other"
                } else {
                    "json-game_unknown"
                })
                .arg("found", found.clone())
                .arg("expected", quoted(expected))
            }
            SyntaxError::PlayersNotSupported { game, players } => {
                Msg::new("json-players_not_supported")
                    .arg("game", *game)
                    .arg("players", players)
            }
            SyntaxError::Players {
                game,
                expected,
                found,
            } => Msg::new("json-players_count")
                .arg("game", *game)
                .arg("expected", expected)
                .arg("found", found),
            // A seat read from the record may be any number: shown as written.
            SyntaxError::FirstDealer { seat, seats } => Msg::new("json-first_dealer_seat")
                .arg("seat", seat.to_string())
                .arg("last", seats.saturating_sub(1)),
        }
    }
}

crate::rules::game::message_error!(SyntaxError);
