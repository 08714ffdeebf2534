//! How rule errors name cards, seats and teams, as data for the Fluent files
//! (`locales/*/rules.ftl`), shared by the games (Vitou names French cards with its own
//! helper).

use super::card::{Card, Suit};
use super::game::{Seat, Team};
use super::trick::LeadReason;
use crate::lang::Msg;

/// "team A", as data for the Fluent files.
pub(crate) fn team_msg(team: Team) -> Msg {
    Msg::new("play-team").arg("team", team.to_string())
}

/// "side A" (Trijumf's word for a team), as data for the Fluent files.
pub(crate) fn side_msg(team: Team) -> Msg {
    Msg::new("play-side").arg("team", team.to_string())
}

/// The match is over: who won, and by how many games to how many (a plural in the
/// Fluent files: "1 game to 0", "2 games to 1").
pub(crate) fn match_over(winner: Msg, games_won: [u32; 2]) -> Msg {
    let [won, lost] = games_won;
    Msg::new("play-match_over")
        .arg("winner", winner)
        .arg("won", won)
        .arg("lost", lost)
}

/// "seat 2", as data for the Fluent files.
pub(crate) fn seat_msg(seat: Seat) -> Msg {
    Msg::new("rules-seat").arg("seat", u8::from(seat))
}

/// A suit of the Italian deck by its Fluent key ("coppe": "cups").
pub(crate) fn suit_msg(suit: Suit) -> Msg {
    Msg::new("rules-suit").arg("suit", suit.italian_name())
}

/// An Italian-deck card without its article ("7 of coins", "sette di denari").
pub(crate) fn card_name_msg(card: Card) -> Msg {
    Msg::new("rules-card_name")
        .arg("rank", card.rank.value())
        .arg("suit", card.suit.italian_name())
}

/// An Italian-deck card with its article ("the 7 of coins", "l'asso di spade").
pub(crate) fn card_msg(card: Card) -> Msg {
    Msg::new("rules-card")
        .arg("rank", card.rank.value())
        .arg("name", card_name_msg(card))
}

/// Why the seat that should have led a trick had to ("trick 1 was won by seat 3
/// with the 7 of coins"), as data.
pub(crate) fn lead_reason_msg(expected: Seat, because: LeadReason) -> Msg {
    match because {
        LeadReason::DealersRight { dealer } => Msg::new("rules-lead_dealers_right")
            .arg("expected", seat_msg(expected))
            .arg("dealer", seat_msg(dealer)),
        LeadReason::WonPrevious { trick, seat, card } => {
            won_previous_msg(trick, seat, card_msg(card))
        }
    }
}

/// "trick 1 was won by seat 3 with …" (the card in the game's own words), as data.
pub(crate) fn won_previous_msg(trick: u8, seat: Seat, card: Msg) -> Msg {
    Msg::new("rules-lead_won_previous")
        .arg("trick", trick)
        .arg("seat", seat_msg(seat))
        .arg("card", card)
}

/// "the first trick is led by seat 1, on the left of the dealer (seat 0)", as data.
pub(crate) fn dealers_left_msg(expected: Seat, dealer: Seat) -> Msg {
    Msg::new("rules-lead_dealers_left")
        .arg("expected", seat_msg(expected))
        .arg("dealer", seat_msg(dealer))
}
