//! How rule errors name cards, seats and teams, in Italian and English, shared by the
//! games that use the same words (Vitou names French cards, and Trijumf says "side",
//! with their own helpers).

use super::card::Card;
use super::game::{Seat, Team};
use super::trick::LeadReason;
use crate::lang::{Lang, Msg, Written};

/// An Italian-deck card with its article: "the 7 of coins" / "il sette di denari",
/// "l'asso di spade", "l'otto di coppe".
pub(crate) fn card_name(card: Card, lang: Lang) -> String {
    match lang.written() {
        Written::En => format!("the {}", card.english_name()),
        Written::It => {
            let article = if matches!(card.rank.value(), 1 | 8) {
                "l'"
            } else {
                "il "
            };
            format!("{article}{}", card.italian_name())
        }
    }
}

/// "seat 2" / "il posto 2".
pub(crate) fn seat(seat: Seat, lang: Lang) -> String {
    match lang.written() {
        Written::It => format!("il posto {seat}"),
        Written::En => format!("seat {seat}"),
    }
}

/// "team A" / "la squadra A".
pub(crate) fn team(team: Team, lang: Lang) -> String {
    match lang.written() {
        Written::It => format!("la squadra {team}"),
        Written::En => format!("team {team}"),
    }
}

/// "Game 1, deal 3: seat 2 led trick 2, but trick 1 was won by seat 3 with the 7
/// of coins." The sentence of a wrong leader, after the deal's own words.
pub(crate) fn wrong_leader(
    deal: &str,
    found: Seat,
    trick: u8,
    expected: Seat,
    because: LeadReason,
    lang: Lang,
) -> String {
    let why = match (because, lang.written()) {
        (LeadReason::DealersRight { dealer }, Written::It) => format!(
            "la prima presa la apre {}, alla destra del mazziere ({})",
            seat(expected, lang),
            seat(dealer, lang)
        ),
        (LeadReason::DealersRight { dealer }, Written::En) => format!(
            "the first trick is led by {}, on the right of the dealer ({})",
            seat(expected, lang),
            seat(dealer, lang)
        ),
        (
            LeadReason::WonPrevious {
                trick,
                seat: by,
                card,
            },
            Written::It,
        ) => format!(
            "la presa {trick} l'ha vinta {} con {}",
            seat(by, lang),
            card_name(card, lang)
        ),
        (
            LeadReason::WonPrevious {
                trick,
                seat: by,
                card,
            },
            Written::En,
        ) => format!(
            "trick {trick} was won by {} with {}",
            seat(by, lang),
            card_name(card, lang)
        ),
    };
    match lang.written() {
        Written::It => format!(
            "{deal}: {} ha aperto la presa {trick}, ma {why}.",
            seat(found, lang)
        ),
        Written::En => format!(
            "{deal}: {} led trick {trick}, but {why}.",
            seat(found, lang)
        ),
    }
}

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
