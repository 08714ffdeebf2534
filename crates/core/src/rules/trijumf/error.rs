//! Why a Trijumf entry cannot happen: every variant says what was expected and what
//! was found, and where (deal, trick, seat, card), as data the shell words
//! (`locales/*/rules_trijumf.ftl`).

use serde::Serialize;

use super::Cut;
use crate::lang::Msg;
use crate::rules::card::{Card, Suit};
use crate::rules::game::{Message, Seat, Team, message_error};
use crate::rules::play_error::table::{LeadWhy, TableError, TablePlace};
use crate::rules::words::{
    self, beyond_record, card_msg, dealers_left_msg, played, seat_card, seat_msg, side_msg,
    suit_msg, won_previous_msg,
};

/// Where a deal stands: its number in the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DealNumber {
    pub deal: u32,
}

impl TablePlace for DealNumber {
    const PLAYERS_NOT_SUPPORTED: &'static str = "trijumf-players_not_supported";

    fn msg(self) -> Msg {
        deal_msg(self.deal)
    }

    fn winner_msg(team: Team) -> Msg {
        side_msg(team)
    }
}

/// Why a seat had to lead a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LeadReason {
    /// The first trick is led by the dealer's left.
    DealersLeft { dealer: Seat },
    /// Later tricks are led by whoever won the one before.
    WonPrevious { trick: u8, seat: Seat, card: Card },
}

impl LeadWhy for LeadReason {
    fn msg(self, expected: Seat) -> Msg {
        match self {
            LeadReason::DealersLeft { dealer } => dealers_left_msg(expected, dealer),
            LeadReason::WonPrevious { trick, seat, card } => {
                won_previous_msg(trick, seat, card_msg(card))
            }
        }
    }
}

/// A Trijumf entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// Every cut but a four-player knock turns a trump card.
    TrumpCardMissing { deal: u32, cut: Cut },
    /// A four-player knock has no trump card.
    TrumpCardAfterKnock { deal: u32, card: Card },
    /// Trijumf uses the 40-card deck: no 8, 9 or 10.
    CardNotInDeck {
        deal: u32,
        trick: Option<u8>,
        card: Card,
    },
    /// Only one king and one horse of a suit exist.
    SuitDeclaredTwice { deal: u32, suit: Suit },
    /// With two players one declaration per player.
    SecondDeclaration { deal: u32, seat: Seat },
    /// The trump card is under the stock (two players) or in the dealer's left's hand.
    DeclaredTrumpCard {
        deal: u32,
        seat: Seat,
        card: Card,
        holder: Option<Seat>,
    },
    /// A declaration is worth 40 in trumps, 20 otherwise.
    DeclarationPoints {
        deal: u32,
        seat: Seat,
        suit: Suit,
        recorded: u32,
        expected: u32,
    },
    /// Declarations are listed in the order of the first trick.
    DeclarationOrder { deal: u32, seat: Seat },
    /// The play ended before the declarer's turn in the first trick.
    DeclarationAfterPlayEnded { deal: u32, seat: Seat },
    /// A declared king or horse was played by someone else.
    DeclaredCardPlayedByOther {
        deal: u32,
        seat: Seat,
        card: Card,
        by: Seat,
        trick: u8,
    },
    /// A declared card was drawn from the stock, after the declaration.
    DeclaredCardDrawn { deal: u32, seat: Seat, card: Card },
    /// A whole deal was recorded and the declared card never appears.
    DeclaredCardNotPlayed { deal: u32, seat: Seat, card: Card },
    /// A deal by outcome needs the card points of both sides.
    PointsMissing { deal: u32 },
    /// A deal's card points add up to 120 and the last trick.
    PointsNotConserved {
        deal: u32,
        points: [u32; 2],
        expected: u32,
    },
    /// At a claim no more than the whole deal can have been won.
    PointsTooMany {
        deal: u32,
        points: [u32; 2],
        most: u32,
    },
    /// After a revoke the points are the award, not counted.
    PointsWithRevoke { deal: u32 },
    /// The recorded points are not what the cards give.
    PointsContradictCards {
        deal: u32,
        recorded: [u32; 2],
        actual: [u32; 2],
    },
    /// The stock is recorded with the cards only.
    StockWithoutTricks { deal: u32 },
    /// There is no stock with four players.
    StockWithFourPlayers { deal: u32 },
    /// The stock holds 19 face-down cards.
    StockSize {
        deal: u32,
        found: usize,
        expected: usize,
    },
    /// A card twice in the stock, or the trump card in it.
    StockCardTwice { deal: u32, card: Card },
    /// A played-out deal has all its tricks.
    WrongTrickCount {
        deal: u32,
        found: usize,
        expected: usize,
    },
    TooManyTricks {
        deal: u32,
        found: usize,
        most: usize,
    },
    /// With four players the trump card belongs to the dealer's left.
    TrumpCardPlayedByOther {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        holder: Seat,
    },
    /// The card was drawn from the stock by the other player.
    CardDrawnByOther {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        drawn_by: Seat,
        drawn_after: u8,
    },
    /// The card was still in the stock (or was the trump card not yet drawn).
    CardNotYetDrawn {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// A breach the record does not declare: the seat held `held` (it played it in
    /// `held_trick`) and did not follow suit or trump.
    Revoke {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        held: Card,
        held_trick: u8,
        led: Suit,
        trump: Option<Suit>,
    },
    /// A claim and a revoke cannot end the same deal.
    ClaimWithRevoke { deal: u32 },
    /// The recorded verdict of a claim is not what the points give.
    ClaimVerdict {
        deal: u32,
        seat: Seat,
        recorded: bool,
        total: u32,
        target: u32,
    },
    /// Card by card a revoke says in which trick it happened.
    RevokeTrickMissing { deal: u32 },
    /// Play ends at the revoke: it is the last card recorded.
    RevokeNotLast {
        deal: u32,
        trick: u8,
        recorded: usize,
    },
    /// The last card recorded was not the named offender's.
    RevokeWrongSeat {
        deal: u32,
        trick: u8,
        recorded: Seat,
        actual: Seat,
    },
    /// The card said to be held was played earlier.
    RevokeHeldCardPlayed {
        deal: u32,
        held: Card,
        trick: u8,
        seat: Seat,
    },
    /// The offending card was legal (it followed suit, was led, or trumped when the
    /// held card was only a trump).
    RevokeNotShown {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        held: Option<Card>,
        led: Suit,
        trump: Option<Suit>,
    },
    /// A refusal every game played by two or four shares.
    #[serde(untagged)]
    Table(TableError<DealNumber, LeadReason>),
}

/// "Deal 3", as data.
fn deal_msg(deal: u32) -> Msg {
    Msg::new("trijumf-deal").arg("deal", deal)
}

/// The cutter's choice ("a knock"), as data.
fn cut_msg(cut: Cut) -> Msg {
    let key = match cut {
        Cut::Normal => "normal",
        Cut::Knock => "knock",
        Cut::Flip => "flip",
    };
    Msg::new("trijumf-cut").arg("cut", key)
}

/// "trumps coins" or "no trumps", as data.
fn trumps_msg(trump: Option<Suit>) -> Msg {
    match trump {
        Some(suit) => Msg::new("trijumf-trumps").arg("suit", suit_msg(suit)),
        None => Msg::new("trijumf-no_trumps"),
    }
}

/// Adds both sides' card points and their sum.
fn points_sum(msg: Msg, [a, b]: [u32; 2]) -> Msg {
    msg.arg("a", a)
        .arg("b", b)
        .arg("sum", i64::from(a) + i64::from(b))
}

impl Message for RuleError {
    fn msg(&self) -> Msg {
        use RuleError::*;
        let at = |id: &'static str, deal: u32| words::at(id, deal_msg(deal));
        match *self {
            Table(ref error) => error.msg(),
            TrumpCardMissing { deal, cut } => {
                at("trijumf-trump_card_missing", deal).arg("cut", cut_msg(cut))
            }
            TrumpCardAfterKnock { deal, card } => {
                at("trijumf-trump_card_after_knock", deal).arg("card", card_msg(card))
            }
            CardNotInDeck { deal, trick, card } => match trick {
                Some(trick) => at("trijumf-card_not_in_deck_trick", deal)
                    .arg("card", card_msg(card))
                    .arg("trick", trick),
                None => at("trijumf-card_not_in_deck", deal).arg("card", card_msg(card)),
            },
            SuitDeclaredTwice { deal, suit } => {
                at("trijumf-suit_declared_twice", deal).arg("suit", suit_msg(suit))
            }
            SecondDeclaration { deal, seat } => {
                at("trijumf-second_declaration", deal).arg("seat", seat_msg(seat))
            }
            DeclaredTrumpCard {
                deal,
                seat,
                card,
                holder,
            } => match holder {
                Some(holder) => seat_card(
                    at("trijumf-declared_trump_card_held", deal),
                    seat,
                    card_msg(card),
                )
                .arg("holder", seat_msg(holder)),
                None => seat_card(
                    at("trijumf-declared_trump_card", deal),
                    seat,
                    card_msg(card),
                ),
            },
            DeclarationPoints {
                deal,
                seat,
                suit,
                recorded,
                expected,
            } => at("trijumf-declaration_points", deal)
                .arg("suit", suit_msg(suit))
                .arg("seat", seat_msg(seat))
                .arg("expected", expected)
                .arg("recorded", recorded),
            DeclarationOrder { deal, seat } => {
                at("trijumf-declaration_order", deal).arg("seat", seat_msg(seat))
            }
            DeclarationAfterPlayEnded { deal, seat } => {
                at("trijumf-declaration_after_play_ended", deal).arg("seat", seat_msg(seat))
            }
            DeclaredCardPlayedByOther {
                deal,
                seat,
                card,
                by,
                trick,
            } => seat_card(
                at("trijumf-declared_card_played_by_other", deal),
                seat,
                card_msg(card),
            )
            .arg("by", seat_msg(by))
            .arg("trick", trick),
            DeclaredCardDrawn { deal, seat, card } => seat_card(
                at("trijumf-declared_card_drawn", deal),
                seat,
                card_msg(card),
            ),
            DeclaredCardNotPlayed { deal, seat, card } => seat_card(
                at("trijumf-declared_card_not_played", deal),
                seat,
                card_msg(card),
            ),
            PointsMissing { deal } => at("trijumf-points_missing", deal),
            PointsNotConserved {
                deal,
                points,
                expected,
            } => points_sum(
                at("trijumf-points_not_conserved", deal).arg("expected", expected),
                points,
            ),
            PointsTooMany { deal, points, most } => points_sum(
                at("trijumf-points_too_many", deal).arg("most", most),
                points,
            ),
            PointsWithRevoke { deal } => at("trijumf-points_with_revoke", deal),
            PointsContradictCards {
                deal,
                recorded: [ra, rb],
                actual: [a, b],
            } => at("trijumf-points_contradict_cards", deal)
                .arg("recorded_a", ra)
                .arg("recorded_b", rb)
                .arg("actual_a", a)
                .arg("actual_b", b),
            StockWithoutTricks { deal } => at("trijumf-stock_without_tricks", deal),
            StockWithFourPlayers { deal } => at("trijumf-stock_with_four_players", deal),
            StockSize {
                deal,
                found,
                expected,
            } => at("trijumf-stock_size", deal)
                .arg("expected", expected)
                .arg("found", found),
            StockCardTwice { deal, card } => {
                at("trijumf-stock_card_twice", deal).arg("card", card_msg(card))
            }
            WrongTrickCount {
                deal,
                found,
                expected,
            } => at("trijumf-wrong_trick_count", deal)
                .arg("expected", expected)
                .arg("found", found),
            TooManyTricks { deal, found, most } => at("trijumf-too_many_tricks", deal)
                .arg("most", most)
                .arg("found", found),
            TrumpCardPlayedByOther {
                deal,
                trick,
                seat,
                card,
                holder,
            } => played(
                at("trijumf-trump_card_played_by_other", deal),
                seat,
                card_msg(card),
                trick,
            )
            .arg("holder", seat_msg(holder)),
            CardDrawnByOther {
                deal,
                trick,
                seat,
                card,
                drawn_by,
                drawn_after,
            } => played(
                at("trijumf-card_drawn_by_other", deal),
                seat,
                card_msg(card),
                trick,
            )
            .arg("drawn_after", drawn_after)
            .arg("drawn_by", seat_msg(drawn_by)),
            CardNotYetDrawn {
                deal,
                trick,
                seat,
                card,
            } => played(
                at("trijumf-card_not_yet_drawn", deal),
                seat,
                card_msg(card),
                trick,
            ),
            Revoke {
                deal,
                trick,
                seat,
                card,
                held,
                held_trick,
                led,
                trump,
            } => {
                let duty = if held.suit == led {
                    Msg::new("trijumf-duty_follow").arg("suit", suit_msg(led))
                } else {
                    Msg::new("trijumf-duty_trump")
                };
                played(at("trijumf-revoke", deal), seat, card_msg(card), trick)
                    .arg("trumps", trumps_msg(trump))
                    .arg("held", card_msg(held))
                    .arg("held_trick", held_trick)
                    .arg("duty", duty)
            }
            ClaimWithRevoke { deal } => at("trijumf-claim_with_revoke", deal),
            ClaimVerdict {
                deal,
                seat,
                recorded,
                total,
                target,
            } => at("trijumf-claim_verdict", deal)
                .arg("seat", seat_msg(seat))
                .arg("verdict", if recorded { "correct" } else { "wrong" })
                .arg("total", total)
                .arg("target", target),
            RevokeTrickMissing { deal } => at("trijumf-revoke_trick_missing", deal),
            RevokeNotLast {
                deal,
                trick,
                recorded,
            } => beyond_record(at("trijumf-revoke_not_last", deal), trick, recorded),
            RevokeWrongSeat {
                deal,
                trick,
                recorded,
                actual,
            } => at("trijumf-revoke_wrong_seat", deal)
                .arg("recorded", seat_msg(recorded))
                .arg("trick", trick)
                .arg("actual", seat_msg(actual)),
            RevokeHeldCardPlayed {
                deal,
                held,
                trick,
                seat,
            } => at("trijumf-revoke_held_card_played", deal)
                .arg("held", card_msg(held))
                .arg("seat", seat_msg(seat))
                .arg("trick", trick),
            RevokeNotShown {
                deal,
                trick,
                seat,
                card,
                held,
                led,
                trump,
            } => {
                let shown = match held {
                    Some(held) => {
                        at("trijumf-revoke_not_shown_holding", deal).arg("held", card_msg(held))
                    }
                    None => at("trijumf-revoke_not_shown", deal),
                };
                shown
                    .arg("seat", seat_msg(seat))
                    .arg("trick", trick)
                    .arg("card", card_msg(card))
                    .arg("led", suit_msg(led))
                    .arg("trumps", trumps_msg(trump))
            }
        }
    }
}

message_error!(RuleError, Table(TableError<DealNumber, LeadReason>));
