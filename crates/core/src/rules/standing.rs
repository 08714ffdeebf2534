//! Where a match stands beyond its common summary, as the `rules` command tells it:
//! each game says what it counts and what comes next, as messages
//! (`locales/*/cli.ftl`), and the command words them.

use super::game::Seat;
use crate::lang::Msg;

/// What a game says of where its match stands.
pub trait Standing {
    fn situation(&self) -> Situation;
}

/// Where a match stands.
pub struct Situation {
    /// The deals (hands, rounds) played so far, counted: "deals played: 3".
    pub played: Msg,
    /// The game being played, counted from 1.
    pub game_number: u32,
    /// What comes next, said while the match goes on.
    pub next: Next,
}

impl Situation {
    /// `played` deals (`deals_played`, `rounds_played`…: the Fluent id's end) of game
    /// `game_number`, then `next`.
    pub fn new(played: (&'static str, usize), game_number: u32, next: Next) -> Situation {
        Situation {
            played: Msg::new(played.0).arg("count", played.1),
            game_number,
            next,
        }
    }
}

/// What comes next in a match that goes on; the dealer and leader are in every
/// game's common summary.
pub struct Next {
    /// The next deal (hand, round) as the game counts them: "deal 3 of game 1".
    pub deal: Msg,
    /// The same in the few words of one replay step: "game 1 deal 3".
    pub step: Msg,
    /// Who cuts, in the games where one does.
    pub cutter: Option<Seat>,
    /// The game's own facts, said after the seats: "vagaresto worth: 2".
    pub facts: Vec<Msg>,
}

impl Next {
    /// The next deal told the same way in both places: "deal 4", "round 2".
    pub fn counted(deal: Msg) -> Next {
        Next {
            step: deal.clone(),
            deal,
            cutter: None,
            facts: Vec::new(),
        }
    }

    /// Deal `deal` of game `game`, in the games that count deals within a game.
    pub fn deal_of_game(game: u32, deal: u32) -> Next {
        Next {
            deal: Msg::new("cli-next_deal_of_game")
                .arg("game", game)
                .arg("deal", deal),
            step: Msg::new("cli-step_deal_of_game")
                .arg("game", game)
                .arg("deal", deal),
            cutter: None,
            facts: Vec::new(),
        }
    }

    pub fn cutter(self, cutter: Seat) -> Next {
        Next {
            cutter: Some(cutter),
            ..self
        }
    }

    pub fn fact(mut self, fact: Msg) -> Next {
        self.facts.push(fact);
        self
    }
}

/// A yes or no as a Fluent selector's word.
pub(crate) fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}
