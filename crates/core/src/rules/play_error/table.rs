//! The refusals the games played by two or four share (Trijumf, Vitou): the match is
//! over, a table of another size, a seat that is not at the table. Each of them nests
//! [`TableError`] in its own `RuleError` (`RuleError::Table`), with its own kind of
//! place in the match.

use serde::Serialize;

use crate::lang::{Lang, Msg};
use crate::rules::game::{Message, Seat, Seating, Team};
use crate::rules::progress::MatchProgress;
use crate::rules::words::{match_over, seat_not_in_game, team_msg};

/// Where a deal stands in a game played by two or four ("Deal 3", "Round 3"). Its
/// fields stand beside the error's own as data (`"deal": 3`, `"round": 3`).
pub trait TablePlace: Copy + Serialize {
    /// The Fluent id saying the game is played by two or four, not by this many.
    const PLAYERS_NOT_SUPPORTED: &'static str;

    fn msg(self) -> Msg;

    /// The winner of the match in the game's words ("team A"; Trijumf says "side A").
    fn winner_msg(team: Team) -> Msg {
        team_msg(team)
    }
}

/// An entry the rules of every game played by two or four refuse. `P` is the game's
/// place of a deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum TableError<P> {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// The game is played by 2 or 4.
    PlayersNotSupported { players: u8 },
    /// A seat that is not at the table (seats 2 and 3 with two players).
    SeatNotInGame {
        #[serde(flatten)]
        place: P,
        seat: Seat,
        players: u8,
    },
}

impl<P> TableError<P> {
    /// Refuses any entry once the match is decided, and every entry at a table of
    /// other than two or four.
    pub(crate) fn check_open<Options: Seating, Points, Row, Won>(
        progress: &MatchProgress<Options, Points, Row, Won>,
    ) -> Result<(), TableError<P>> {
        if let Some(winner) = progress.winner {
            return Err(TableError::MatchOver {
                winner,
                games_won: progress.games_won,
            });
        }
        match progress.options.players() {
            2 | 4 => Ok(()),
            players => Err(TableError::PlayersNotSupported { players }),
        }
    }

    /// Refuses `seat` at a table of `players` that has no such seat, as the game's own
    /// error `E`.
    pub(crate) fn check_seat<E: From<TableError<P>>>(
        place: P,
        seat: Seat,
        players: u8,
    ) -> Result<(), E> {
        if seat.index() >= players as usize {
            return Err(E::from(TableError::SeatNotInGame {
                place,
                seat,
                players,
            }));
        }
        Ok(())
    }
}

impl<P: TablePlace> Message for TableError<P> {
    fn msg(&self, _: Lang) -> Msg {
        match *self {
            TableError::MatchOver { winner, games_won } => {
                match_over(P::winner_msg(winner), games_won)
            }
            TableError::PlayersNotSupported { players } => {
                Msg::new(P::PLAYERS_NOT_SUPPORTED).arg("players", players)
            }
            TableError::SeatNotInGame {
                place,
                seat,
                players,
            } => seat_not_in_game(place.msg(), seat, players),
        }
    }
}
