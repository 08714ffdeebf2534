//! The refusals the games played by two or four share (Trijumf, Vitou): the match is
//! over, a table of another size, a seat that is not at the table, a trick of the wrong
//! size, the wrong leader, a card played twice. Each of them nests [`TableError`] in its
//! own `RuleError` (`RuleError::Table`), with its own kind of place in the match and its
//! own reasons for a lead.

use serde::Serialize;

use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Seating, Team};
use crate::rules::progress::MatchProgress;
use crate::rules::words::{
    self, card_already_played, match_over, seat_not_in_game, team_msg, wrong_leader_msg,
    wrong_trick_size_players,
};

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

    /// A card of the game's deck, as data (Vitou names its French cards).
    fn card_msg(card: Card) -> Msg {
        words::card_msg(card)
    }
}

/// Why a seat had to lead a trick, in a game's own rules.
pub trait LeadWhy: Copy + Serialize {
    /// Why `expected` had to lead, as data.
    fn msg(self, expected: Seat) -> Msg;
}

/// An entry the rules of every game played by two or four refuse. `P` is the game's
/// place of a deal, `L` its reasons for a lead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum TableError<P, L> {
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
    /// A trick has one card from every player.
    WrongTrickSize {
        #[serde(flatten)]
        place: P,
        trick: u8,
        found: usize,
        expected: usize,
    },
    /// The wrong seat led a trick.
    WrongLeader {
        #[serde(flatten)]
        place: P,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: L,
    },
    /// A card can be played only once in a deal.
    CardAlreadyPlayed {
        #[serde(flatten)]
        place: P,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
        first_seat: Seat,
    },
}

impl<P, L> TableError<P, L> {
    /// Refuses any entry once the match is decided, and every entry at a table of
    /// other than two or four.
    pub(crate) fn check_open<Options: Seating, Points, Row, Won>(
        progress: &MatchProgress<Options, Points, Row, Won>,
    ) -> Result<(), TableError<P, L>> {
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
    pub(crate) fn check_seat<E: From<TableError<P, L>>>(
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

impl<P: TablePlace, L: LeadWhy> Message for TableError<P, L> {
    fn msg(&self) -> Msg {
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
            TableError::WrongTrickSize {
                place,
                trick,
                found,
                expected,
            } => wrong_trick_size_players(place.msg(), trick, expected, found),
            TableError::WrongLeader {
                place,
                trick,
                found,
                expected,
                because,
            } => wrong_leader_msg(place.msg(), found, trick, because.msg(expected)),
            TableError::CardAlreadyPlayed {
                place,
                trick,
                seat,
                card,
                first_trick,
                first_seat,
            } => card_already_played(
                place.msg(),
                (seat, P::card_msg(card), trick),
                (first_seat, first_trick),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::{card, seat};
    use crate::rules::{trijumf, vitou};

    /// Nested in a game's `RuleError`, a shared refusal reads as data as the game's own
    /// did: its place beside its fields, a `deal` in Trijumf and a `round` in Vitou.
    #[test]
    fn shared_refusals_keep_each_games_data() {
        let trijumf = trijumf::RuleError::from(TableError::SeatNotInGame {
            place: trijumf::DealNumber { deal: 1 },
            seat: seat(3),
            players: 2,
        });
        assert_eq!(
            serde_json::to_string(&trijumf).unwrap(),
            r#"{"SeatNotInGame":{"deal":1,"seat":3,"players":2}}"#
        );
        let vitou = vitou::RuleError::from(TableError::CardAlreadyPlayed {
            place: vitou::RoundNumber { round: 2 },
            trick: 3,
            seat: seat(1),
            card: card("7s"),
            first_trick: 1,
            first_seat: seat(0),
        });
        assert_eq!(
            serde_json::to_string(&vitou).unwrap(),
            r#"{"CardAlreadyPlayed":{"round":2,"trick":3,"seat":1,"card":"7s","first_trick":1,"first_seat":0}}"#
        );
        let tied = vitou::RuleError::from(TableError::WrongLeader {
            place: vitou::RoundNumber { round: 1 },
            trick: 2,
            found: seat(1),
            expected: seat(0),
            because: vitou::LeadReason::Tied { trick: 1 },
        });
        assert_eq!(
            serde_json::to_string(&tied).unwrap(),
            r#"{"WrongLeader":{"round":1,"trick":2,"found":1,"expected":0,"because":{"Tied":{"trick":1}}}}"#
        );
    }
}
