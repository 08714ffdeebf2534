//! Why a Madrasso entry cannot happen: every variant says what was expected and what
//! was found, and where (game, deal, trick, card), as data the shell words
//! (`locales/*/rules_madrasso.ftl`).

use serde::Serialize;

use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team, message_error};
use crate::rules::play_error::{Breach, DealPlace, PlayError};
use crate::rules::words::{
    self, beyond_record, card_msg, game_deal_msg, played, points_contradict, revoke_msg, seat_msg,
    suit_msg, team_mismatch, team_msg,
};

/// Where a deal stands: the game (1-based) and the deal (battuta) inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub game: u32,
    pub deal: u32,
}

impl DealPlace for Deal {
    const REVOKE: &'static str = "madrasso-revoke";

    fn msg(self) -> Msg {
        game_deal_msg("madrasso-deal", self.game, self.deal)
    }
}

pub use crate::rules::trick::LeadReason;

/// A Madrasso entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// Cappotto, cassone and declaration are three different ends; one at most.
    SpecialEndsConflict { deal: Deal },
    /// `team` and `points` are recorded together.
    TeamAndPointsGoTogether { deal: Deal },
    /// An outcome-only deal needs a team's points or a special end.
    PointsMissing { deal: Deal },
    /// A declaration by outcome needs the declaring team's points in the deal.
    DeclarationPointsMissing { deal: Deal, seat: Seat },
    /// The recorded team is not the declarer's.
    DeclarerTeamMismatch {
        deal: Deal,
        seat: Seat,
        recorded: Team,
    },
    /// No deal can give a team these points (1, 129, more than 130).
    PointsImpossible { deal: Deal, points: u32 },
    /// The points recorded are not what the deal scores.
    PointsContradict {
        deal: Deal,
        team: Team,
        recorded: u32,
        actual: i32,
    },
    /// A recorded cappotto the cards do not show.
    CappottoContradictsCards {
        deal: Deal,
        recorded: Team,
        tricks: [u8; 2],
    },
    /// No declaration before the minimum number of deals has been played.
    DeclarationTooEarly {
        deal: Deal,
        seat: Seat,
        min_deals: u32,
    },
    /// The declarer must be the seat that just won the last recorded trick.
    DeclarerDidNotWinTrick {
        deal: Deal,
        seat: Seat,
        trick: u8,
        winner: Seat,
        card: Card,
    },
    /// The exchange of the 7 of trumps is only recorded with the cards.
    ExchangeWithoutCards { deal: Deal },
    /// A card-by-card deal needs the face-up card, which fixes trumps.
    FaceUpMissing { deal: Deal },
    /// The dealer cannot exchange with himself.
    ExchangeByDealer { deal: Deal, seat: Seat },
    /// The face-up card is itself the 7 of trumps: there is nothing to exchange.
    ExchangeOfTheSeven { deal: Deal, seat: Seat },
    /// Ten tricks, or fewer when a cassone or a declaration stopped the play.
    WrongTrickCount {
        deal: Deal,
        found: usize,
        stops_early: bool,
    },
    /// The face-up card belongs to the dealer's hand.
    FaceUpNotDealers {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        dealer: Seat,
    },
    /// After the exchange the face-up card belongs to the exchanger.
    FaceUpWasExchanged {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        exchanger: Seat,
    },
    /// After the exchange the 7 of trumps belongs to the dealer (from the exchange on).
    SevenWasExchanged {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        exchanger: Seat,
        dealer: Seat,
    },
    /// A cassone card by card must say in which trick it happened.
    CassoneTrickMissing { deal: Deal },
    /// The cassone is placed in a trick the record does not reach.
    CassoneNotReached {
        deal: Deal,
        trick: u8,
        recorded: usize,
    },
    /// The seat of the cassone did follow suit in that trick.
    CassoneFollowedSuit {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// Play stops at the cassone: a card is recorded after the offender's in the
    /// short trick that ends the deal.
    PlayAfterCassone {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        after: Card,
    },
    /// Under the must-trump option: a seat unable to follow played no trump while
    /// holding one.
    MustTrump {
        deal: Deal,
        #[serde(flatten)]
        breach: Breach,
    },
    /// A refusal every trick game shares.
    #[serde(untagged)]
    Play(PlayError<Deal>),
}

message_error!(RuleError, Play(PlayError<Deal>));

impl Message for RuleError {
    fn msg(&self) -> Msg {
        use RuleError::*;
        let at = |id: &'static str, deal: Deal| words::at(id, deal.msg());
        match *self {
            Play(ref error) => error.msg(),
            SpecialEndsConflict { deal } => at("madrasso-special_ends_conflict", deal),
            TeamAndPointsGoTogether { deal } => at("madrasso-team_and_points", deal),
            PointsMissing { deal } => at("madrasso-points_missing", deal),
            DeclarationPointsMissing { deal, seat } => {
                at("madrasso-declaration_points_missing", deal).arg("seat", seat_msg(seat))
            }
            DeclarerTeamMismatch {
                deal,
                seat,
                recorded,
            } => team_mismatch(at("madrasso-declarer_team_mismatch", deal), seat, recorded),
            PointsImpossible { deal, points } => {
                at("madrasso-points_impossible", deal).arg("points", points)
            }
            PointsContradict {
                deal,
                team,
                recorded,
                actual,
            } => points_contradict(
                at("madrasso-points_contradict", deal),
                team,
                recorded,
                i64::from(actual),
            ),
            CappottoContradictsCards {
                deal,
                recorded,
                tricks: [a, b],
            } => at("madrasso-cappotto_contradicts_cards", deal)
                .arg("team", team_msg(recorded))
                .arg("tricks_a", a)
                .arg("tricks_b", b),
            DeclarationTooEarly {
                deal,
                seat,
                min_deals,
            } => at("madrasso-declaration_too_early", deal)
                .arg("seat", seat_msg(seat))
                .arg("min_deals", min_deals),
            DeclarerDidNotWinTrick {
                deal,
                seat,
                trick,
                winner,
                card,
            } => at("madrasso-declarer_did_not_win_trick", deal)
                .arg("seat", seat_msg(seat))
                .arg("trick", trick)
                .arg("winner", seat_msg(winner))
                .arg("card", card_msg(card)),
            ExchangeWithoutCards { deal } => at("madrasso-exchange_without_cards", deal),
            FaceUpMissing { deal } => at("madrasso-face_up_missing", deal),
            ExchangeByDealer { deal, seat } => {
                at("madrasso-exchange_by_dealer", deal).arg("seat", seat_msg(seat))
            }
            ExchangeOfTheSeven { deal, seat } => {
                at("madrasso-exchange_of_the_seven", deal).arg("seat", seat_msg(seat))
            }
            WrongTrickCount {
                deal,
                found,
                stops_early,
            } => {
                let id = if stops_early {
                    "madrasso-wrong_trick_count_stopped"
                } else {
                    "madrasso-wrong_trick_count"
                };
                at(id, deal).arg("found", found)
            }
            FaceUpNotDealers {
                deal,
                trick,
                seat,
                card,
                dealer,
            } => played(
                at("madrasso-face_up_not_dealers", deal),
                seat,
                card_msg(card),
                trick,
            )
            .arg("dealer", seat_msg(dealer)),
            FaceUpWasExchanged {
                deal,
                trick,
                seat,
                card,
                exchanger,
            } => played(
                at("madrasso-face_up_was_exchanged", deal),
                seat,
                card_msg(card),
                trick,
            )
            .arg("exchanger", seat_msg(exchanger)),
            SevenWasExchanged {
                deal,
                trick,
                seat,
                card,
                exchanger,
                dealer,
            } => played(
                at("madrasso-seven_was_exchanged", deal),
                seat,
                card_msg(card),
                trick,
            )
            .arg("exchanger", seat_msg(exchanger))
            .arg("dealer", seat_msg(dealer)),
            CassoneTrickMissing { deal } => at("madrasso-cassone_trick_missing", deal),
            CassoneNotReached {
                deal,
                trick,
                recorded,
            } => beyond_record(at("madrasso-cassone_not_reached", deal), trick, recorded),
            CassoneFollowedSuit {
                deal,
                trick,
                seat,
                card,
            } => at("madrasso-cassone_followed_suit", deal)
                .arg("seat", seat_msg(seat))
                .arg("trick", trick)
                .arg("card", card_msg(card)),
            PlayAfterCassone {
                deal,
                trick,
                seat,
                card,
                after,
            } => at("madrasso-play_after_cassone", deal)
                .arg("seat", seat_msg(seat))
                .arg("trick", trick)
                .arg("card", card_msg(card))
                .arg("after", card_msg(after)),
            // The proof is a trump the seat held, so its suit names the trumps.
            MustTrump { deal, breach } => {
                revoke_msg(at("madrasso-must_trump", deal), breach, Deal::HELD)
                    .arg("trumps", suit_msg(breach.held.suit))
            }
        }
    }
}
