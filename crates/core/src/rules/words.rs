//! How rule errors name cards, seats and teams, as data for the Fluent files
//! (`locales/*/rules.ftl`), shared by the games (Vitou names French cards with its own
//! helper).

use super::card::{Card, Suit};
use super::game::{Seat, Team};
use super::play_error::Breach;
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

/// "seat 3", as data for the Fluent files: `seat` as the record counts it (from 0, the
/// shell names the player by it), `number` as people count seats (from 1).
pub(crate) fn seat_msg(seat: Seat) -> Msg {
    Msg::new("rules-seat")
        .arg("seat", u8::from(seat))
        .arg("number", u8::from(seat) + 1)
}

/// A suit of the Italian deck by its Fluent key ("coppe": "cups").
pub fn suit_msg(suit: Suit) -> Msg {
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

/// A message placed in a deal: `id` with the deal's place ("Game 1, deal 3") as its
/// `deal` argument.
pub(crate) fn at(id: &'static str, place: Msg) -> Msg {
    Msg::new(id).arg("deal", place)
}

/// "Game 1, deal 3" in a game that counts deals inside games (`id` words it).
pub(crate) fn game_deal_msg(id: &'static str, game: u32, deal: u32) -> Msg {
    Msg::new(id).arg("game", game).arg("deal", deal)
}

/// Adds whose card it is: the `seat` and the `card` (in the game's own words).
pub(crate) fn seat_card(msg: Msg, seat: Seat, card: Msg) -> Msg {
    msg.arg("seat", seat_msg(seat)).arg("card", card)
}

/// Adds who played what where: the `seat`, the `card` and the `trick`.
pub(crate) fn played(msg: Msg, seat: Seat, card: Msg, trick: u8) -> Msg {
    seat_card(msg, seat, card).arg("trick", trick)
}

/// A card played twice in a game played by 2 or 4 (Trijumf, Vitou): who played it
/// where, and who played it first where.
pub(crate) fn card_already_played(
    place: Msg,
    (seat, card, trick): (Seat, Msg, u8),
    (first_seat, first_trick): (Seat, u8),
) -> Msg {
    played(at("rules-card_already_played", place), seat, card, trick)
        .arg("first_seat", seat_msg(first_seat))
        .arg("first_trick", first_trick)
}

/// "the wrong seat led trick 3: …", with the place of the deal and why.
pub(crate) fn wrong_leader_msg(place: Msg, found: Seat, trick: u8, why: Msg) -> Msg {
    at("rules-wrong_leader", place)
        .arg("found", seat_msg(found))
        .arg("trick", trick)
        .arg("why", why)
}

/// Adds a seat whose team is not the one recorded: the seat, its team, the recorded.
pub(crate) fn team_mismatch(msg: Msg, seat: Seat, recorded: Team) -> Msg {
    msg.arg("seat", seat_msg(seat))
        .arg("team", team_msg(seat.team()))
        .arg("recorded", team_msg(recorded))
}

/// Adds points recorded for a team that the deal does not give.
pub(crate) fn points_contradict(msg: Msg, team: Team, recorded: u32, actual: i64) -> Msg {
    msg.arg("recorded", recorded)
        .arg("team", team_msg(team))
        .arg("actual", actual)
}

/// A seat of a table of `players` that is not at it (seats 0 to `players - 1`), in a
/// game played by 2 or 4 (Trijumf, Vitou).
pub(crate) fn seat_not_in_game(place: Msg, seat: Seat, players: u8) -> Msg {
    at("rules-seat_not_in_game", place)
        .arg("players", players)
        .arg("seat", seat_msg(seat))
        .arg("last", i64::from(players) - 1)
}

/// Adds the two teams' scores, A then B.
pub(crate) fn scores(msg: Msg, [a, b]: [u32; 2]) -> Msg {
    msg.arg("score_a", a).arg("score_b", b)
}

/// A trick without one card from every player in a game played by 2 or 4 (Trijumf,
/// Vitou): the trick, the cards expected and found.
pub(crate) fn wrong_trick_size_players(
    place: Msg,
    trick: u8,
    expected: usize,
    found: usize,
) -> Msg {
    at("rules-wrong_trick_size_players", place)
        .arg("trick", trick)
        .arg("expected", expected)
        .arg("found", found)
}

/// A revoke in an Italian-deck trick game: who played what where while the suit
/// `led` was held, and the proof (`proof_id` words where the held card was: still in
/// the hand when `held_played` is 0, or played in that trick).
pub(crate) fn revoke_msg(msg: Msg, breach: Breach, proof_id: &'static str) -> Msg {
    msg.arg("trick", breach.trick)
        .arg("seat", seat_msg(breach.seat))
        .arg("card", card_msg(breach.card))
        .arg("led", card_msg(breach.led))
        .arg("proof", held_msg(proof_id, breach.held, breach.held_played))
}

/// Where the card that proves a revoke was: still in the hand (0) or played later.
pub(crate) fn held_msg(id: &'static str, card: Card, played: u8) -> Msg {
    Msg::new(id)
        .arg("card", card_msg(card))
        .arg("played", played)
}

/// Adds a trick the record does not reach: its number and how many tricks are recorded.
pub(crate) fn beyond_record(msg: Msg, trick: u8, recorded: usize) -> Msg {
    msg.arg("trick", trick).arg("recorded", recorded)
}
