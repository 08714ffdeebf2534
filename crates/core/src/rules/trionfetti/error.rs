//! Why a Trionfetti entry cannot happen: every variant says what was expected and
//! what was found, and where (smazzata, hand, trick, card), as data the shell words
//! (`locales/*/rules_trionfetti.ftl`).

use serde::Serialize;

use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team, message_error};
use crate::rules::play_error::{DealPlace, PlayError};
use crate::rules::words::{self, beyond_record, card_msg, played, scores, seat_msg, team_msg};

/// Where a hand stands: the smazzata (1-based, counted over the whole match) and the
/// hand inside it (1 to 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub smazzata: u32,
    pub hand: u8,
}

impl DealPlace for Deal {
    fn msg(self) -> Msg {
        Msg::new("trionfetti-deal")
            .arg("smazzata", self.smazzata)
            .arg("hand", self.hand)
    }
}

pub use crate::rules::trick::LeadReason;

/// A Trionfetti entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// The comanda and cut card come before the first hand of a smazzata.
    SetupAfterHands { deal: Deal },
    /// The smazzata's comanda and cut card were already recorded.
    SetupTwice { smazzata: u32 },
    /// A hand recorded card by card needs the smazzata's comanda and cut card first.
    CardsWithoutSetup { deal: Deal },
    /// An outcome-only hand must say which team won it.
    WinnerMissing { deal: Deal },
    /// A card-by-card hand with no tricks.
    NoTricks { deal: Deal },
    /// More than three tricks in one hand.
    TooManyTricks { deal: Deal, found: usize },
    /// The cut card is never dealt.
    CutCardPlayed {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// A card can be played only once in a smazzata.
    CardAlreadyPlayed {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        first_hand: u8,
        first_trick: u8,
    },
    /// The tricks recorded do not decide the hand.
    HandUndecided {
        deal: Deal,
        tricks: usize,
        won: [u8; 2],
    },
    /// The recorded winner is not the team the cards make the winner.
    WinnerContradictsCards {
        deal: Deal,
        recorded: Team,
        actual: Team,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// After a conceded vagaresto the caller's team wins the hand.
    WinnerContradictsConcession {
        deal: Deal,
        recorded: Team,
        caller: Seat,
    },
    /// The recorded vagaresto stake is not what the scores make it.
    StakeMismatch {
        deal: Deal,
        recorded: u32,
        expected: u32,
        scores: [u32; 2],
    },
    /// A vagaresto in a card-by-card hand must say in which trick it was called.
    VagarestoTrickMissing { deal: Deal },
    /// Tricks are numbered 1 to 3.
    VagarestoTrickOutOfRange { deal: Deal, trick: u8 },
    /// The vagaresto was called in a trick the record does not reach.
    VagarestoNotReached {
        deal: Deal,
        trick: u8,
        recorded: usize,
    },
    /// The hand was already decided before the trick of the vagaresto.
    VagarestoAfterDecided { deal: Deal, trick: u8, decided: u8 },
    /// The caller must be the seat whose turn it is.
    VagarestoOutOfTurn {
        deal: Deal,
        trick: u8,
        caller: Seat,
        expected: Seat,
        played: usize,
    },
    /// After a conceded vagaresto nothing more is played.
    PlayedAfterConcession { deal: Deal, trick: u8 },
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
            SetupAfterHands { deal } => {
                at("trionfetti-setup_after_hands", deal).arg("played", deal.hand - 1)
            }
            SetupTwice { smazzata } => Msg::new("trionfetti-setup_twice").arg("smazzata", smazzata),
            CardsWithoutSetup { deal } => at("trionfetti-cards_without_setup", deal),
            WinnerMissing { deal } => at("trionfetti-winner_missing", deal),
            NoTricks { deal } => at("rules-no_tricks", deal),
            TooManyTricks { deal, found } => {
                at("trionfetti-too_many_tricks", deal).arg("found", found)
            }
            CutCardPlayed {
                deal,
                trick,
                seat,
                card,
            } => played(
                at("trionfetti-cut_card_played", deal),
                seat,
                card_msg(card),
                trick,
            ),
            CardAlreadyPlayed {
                deal,
                trick,
                seat,
                card,
                first_hand,
                first_trick,
            } => played(
                // Twice in one hand, the place of the first is just its trick.
                at(
                    if first_hand == deal.hand {
                        "trionfetti-card_played_twice"
                    } else {
                        "trionfetti-card_already_played"
                    },
                    deal,
                ),
                seat,
                card_msg(card),
                trick,
            )
            .arg("first_hand", first_hand)
            .arg("first_trick", first_trick),
            HandUndecided {
                deal,
                tricks,
                won: [a, b],
            } => at("trionfetti-hand_undecided", deal)
                .arg("tricks", tricks)
                .arg("won_a", a)
                .arg("won_b", b),
            WinnerContradictsCards {
                deal,
                recorded,
                actual,
                trick,
                seat,
                card,
            } => at("trionfetti-winner_contradicts_cards", deal)
                .arg("recorded", team_msg(recorded))
                .arg("actual", team_msg(actual))
                .arg("trick", trick)
                .arg("seat", seat_msg(seat))
                .arg("card", card_msg(card)),
            WinnerContradictsConcession {
                deal,
                recorded,
                caller,
            } => at("trionfetti-winner_contradicts_concession", deal)
                .arg("recorded", team_msg(recorded))
                .arg("caller", seat_msg(caller))
                .arg("team", team_msg(caller.team())),
            StakeMismatch {
                deal,
                recorded,
                expected,
                scores: scores_now,
            } => scores(
                at("trionfetti-stake_mismatch", deal).arg("expected", expected),
                scores_now,
            )
            .arg("recorded", recorded),
            VagarestoTrickMissing { deal } => at("trionfetti-vagaresto_trick_missing", deal),
            VagarestoTrickOutOfRange { deal, trick } => {
                at("trionfetti-vagaresto_trick_out_of_range", deal).arg("trick", trick)
            }
            VagarestoNotReached {
                deal,
                trick,
                recorded,
            } => beyond_record(
                at("trionfetti-vagaresto_not_reached", deal),
                trick,
                recorded,
            ),
            VagarestoAfterDecided {
                deal,
                trick,
                decided,
            } => at("trionfetti-vagaresto_after_decided", deal)
                .arg("trick", trick)
                .arg("decided", decided),
            VagarestoOutOfTurn {
                deal,
                trick,
                caller,
                expected,
                played,
            } => at("trionfetti-vagaresto_out_of_turn", deal)
                .arg("trick", trick)
                .arg("played", played)
                .arg("expected", seat_msg(expected))
                .arg("caller", seat_msg(caller)),
            PlayedAfterConcession { deal, trick } => {
                at("trionfetti-played_after_concession", deal).arg("trick", trick)
            }
        }
    }
}
