//! Why a Tressette entry cannot happen: every variant says what was expected and what
//! was found, and where (game, deal, trick, card), as data the shell words
//! (`locales/*/rules_tressette.ftl`).

use serde::Serialize;

use super::{Declaration, Honour, Sweep};
use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team, message_error};
use crate::rules::play_error::{DealPlace, PlayError};
use crate::rules::words::{
    self, card_msg, game_deal_msg, points_contradict, seat_msg, suit_msg, team_mismatch, team_msg,
};

/// Where a deal stands: the game (1-based) and the deal (mano) inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub game: u32,
    pub deal: u32,
}

impl DealPlace for Deal {
    const REVOKE: &'static str = "tressette-revoke";
    const HELD: &'static str = "tressette-held";

    fn msg(self) -> Msg {
        game_deal_msg("tressette-deal", self.game, self.deal)
    }
}

pub use crate::rules::trick::LeadReason;

/// A Tressette entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// A claim stops the play, so the deal cannot also be a sweep.
    SweepAndClaim { deal: Deal },
    /// A team's card points in a deal are 0 to 11.
    PointsOutOfRange { deal: Deal, points: u32 },
    /// An outcome-only deal needs a team's points, a claim or a sweep.
    PointsMissing { deal: Deal },
    /// By outcome, every card point to `team` without a sweep: a team ends a deal
    /// without a whole point only when the other takes every trick (cappotto) or every
    /// card point (stramazzo, the last trick's point not counting), so at most 10.
    ElevenWithoutSweep { deal: Deal, team: Team },
    /// A claim by outcome needs the claiming team's card points so far.
    ClaimPointsMissing { deal: Deal, seat: Seat },
    /// The recorded team is not the claimer's.
    ClaimTeamMismatch {
        deal: Deal,
        seat: Seat,
        recorded: Team,
    },
    /// A sweep names the team that made it.
    SweepTeamMissing { deal: Deal },
    /// The card points recorded are not what the cards give.
    PointsContradict {
        deal: Deal,
        team: Team,
        recorded: u32,
        actual: u32,
    },
    /// The sweep recorded is not what the cards show.
    SweepContradictsCards {
        deal: Deal,
        recorded: Sweep,
        team: Team,
        actual: Option<(Sweep, Team)>,
    },
    /// The same declaration twice.
    DeclarationRepeated {
        deal: Deal,
        declaration: Declaration,
    },
    /// Four and three of the same rank, or two threes, by one player.
    DeclarationsOverlap {
        deal: Deal,
        first: Declaration,
        second: Declaration,
    },
    /// Two players' declarations need the same card.
    CardDeclaredTwice {
        deal: Deal,
        card: Card,
        first: Seat,
        second: Seat,
    },
    /// A player's declarations say it both holds and lacks a card.
    DeclarationsContradict {
        deal: Deal,
        declaration: Declaration,
        card: Card,
    },
    /// More declared cards than a hand holds.
    TooManyDeclaredCards {
        deal: Deal,
        seat: Seat,
        cards: usize,
    },
    /// Declarations are made at the end of the first trick.
    DeclarationsBeforeFirstTrick { deal: Deal },
    /// Ten tricks, or up to ten when a claim stopped the play.
    WrongTrickCount {
        deal: Deal,
        found: usize,
        claimed: bool,
    },
    /// A declared card was played by another seat: the declarer did not hold it.
    DeclaredCardPlayedByOther {
        deal: Deal,
        declaration: Declaration,
        card: Card,
        by: Seat,
        trick: u8,
    },
    /// The card a three of a kind names as missing was played by the declarer.
    MissingCardHeld {
        deal: Deal,
        declaration: Declaration,
        card: Card,
        trick: u8,
    },
    /// A refusal every trick game shares.
    #[serde(untagged)]
    Play(PlayError<Deal>),
}

message_error!(RuleError, Play(PlayError<Deal>));

/// "the napoletana in cups of seat 2", as data.
fn declaration_msg(declaration: Declaration) -> Msg {
    let seat = u8::from(declaration.seat());
    match declaration {
        Declaration::Four { rank, .. } => Msg::new("tressette-declaration_four")
            .arg("seat", seat)
            .arg("honour", honour_key(rank)),
        Declaration::Three { rank, missing, .. } => Msg::new("tressette-declaration_three")
            .arg("seat", seat)
            .arg("honour", honour_key(rank))
            .arg("missing", suit_msg(missing)),
        Declaration::Napoletana { suit, .. } => Msg::new("tressette-declaration_napoletana")
            .arg("seat", seat)
            .arg("suit", suit_msg(suit)),
    }
}

/// The Fluent key of an honour's name ("tre", "3s").
fn honour_key(honour: Honour) -> &'static str {
    match honour {
        Honour::Three => "three",
        Honour::Two => "two",
        Honour::Ace => "ace",
    }
}

/// A sweep's name: the same word in every language.
fn sweep_name(sweep: Sweep) -> &'static str {
    match sweep {
        Sweep::Cappotto => "cappotto",
        Sweep::Stramazzo => "stramazzo",
        Sweep::Cappottone => "cappottone",
        Sweep::Stramazzone => "stramazzone",
    }
}

impl Message for RuleError {
    fn msg(&self) -> Msg {
        use RuleError::*;
        let at = |id: &'static str, deal: Deal| words::at(id, deal.msg());
        match *self {
            Play(ref error) => error.msg(),
            SweepAndClaim { deal } => at("tressette-sweep_and_claim", deal),
            PointsOutOfRange { deal, points } => {
                at("tressette-points_out_of_range", deal).arg("points", points)
            }
            PointsMissing { deal } => at("tressette-points_missing", deal),
            ElevenWithoutSweep { deal, team } => {
                at("tressette-eleven_without_sweep", deal).arg("team", team_msg(team))
            }
            ClaimPointsMissing { deal, seat } => {
                at("tressette-claim_points_missing", deal).arg("seat", seat_msg(seat))
            }
            ClaimTeamMismatch {
                deal,
                seat,
                recorded,
            } => team_mismatch(at("tressette-claim_team_mismatch", deal), seat, recorded),
            SweepTeamMissing { deal } => at("tressette-sweep_team_missing", deal),
            PointsContradict {
                deal,
                team,
                recorded,
                actual,
            } => points_contradict(
                at("tressette-points_contradict", deal),
                team,
                recorded,
                i64::from(actual),
            ),
            SweepContradictsCards {
                deal,
                recorded,
                team,
                actual,
            } => {
                let shown = match actual {
                    None => Msg::new("tressette-no_sweep"),
                    Some((sweep, by)) => Msg::new("tressette-sweep_by")
                        .arg("sweep", sweep_name(sweep))
                        .arg("team", team_msg(by)),
                };
                at("tressette-sweep_contradicts_cards", deal)
                    .arg("sweep", sweep_name(recorded))
                    .arg("team", team_msg(team))
                    .arg("shown", shown)
            }
            DeclarationRepeated { deal, declaration } => at("tressette-declaration_repeated", deal)
                .arg("declaration", declaration_msg(declaration)),
            DeclarationsOverlap {
                deal,
                first,
                second,
            } => at("tressette-declarations_overlap", deal)
                .arg("first", declaration_msg(first))
                .arg("second", declaration_msg(second)),
            CardDeclaredTwice {
                deal,
                card,
                first,
                second,
            } => at("tressette-card_declared_twice", deal)
                .arg("card", card_msg(card))
                .arg("first", seat_msg(first))
                .arg("second", seat_msg(second)),
            DeclarationsContradict {
                deal,
                declaration,
                card,
            } => at("tressette-declarations_contradict", deal)
                .arg("declaration", declaration_msg(declaration))
                .arg("card", card_msg(card)),
            TooManyDeclaredCards { deal, seat, cards } => {
                at("tressette-too_many_declared_cards", deal)
                    .arg("seat", seat_msg(seat))
                    .arg("cards", cards)
            }
            DeclarationsBeforeFirstTrick { deal } => {
                at("tressette-declarations_before_first_trick", deal)
            }
            WrongTrickCount {
                deal,
                found,
                claimed,
            } => {
                let id = if claimed {
                    "tressette-wrong_trick_count_claimed"
                } else {
                    "tressette-wrong_trick_count"
                };
                at(id, deal).arg("found", found)
            }
            DeclaredCardPlayedByOther {
                deal,
                declaration,
                card,
                by,
                trick,
            } => at("tressette-declared_card_played_by_other", deal)
                .arg("declaration", declaration_msg(declaration))
                .arg("card", card_msg(card))
                .arg("seat", seat_msg(by))
                .arg("trick", trick),
            MissingCardHeld {
                deal,
                declaration,
                card,
                trick,
            } => at("tressette-missing_card_held", deal)
                .arg("declaration", declaration_msg(declaration))
                .arg("card", card_msg(card))
                .arg("trick", trick),
        }
    }
}
