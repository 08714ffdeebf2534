//! Why an entry cannot be part of a match: the corrections' errors every game
//! shares, Trionfetti's entry error, and the wrapper the other games' rule errors
//! take in a record. The record (`record.rs`) and its replay (`replay.rs`) both
//! speak of them; `replay` re-exports them under its own path.

use super::comanda::ComandaError;
use super::first_dealer::GameFirstDealerError;
use super::game::Message;
use super::ranking::RankingError;
use super::trionfetti::RuleError;
use crate::lang::Msg;

/// A void or replace that cannot be applied, whatever the game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CorrectionError {
    /// The target is not an earlier entry.
    TargetOutOfRange { target: usize },
    /// The target is another void or replace.
    TargetIsCorrection { target: usize, kind: &'static str },
    /// The target is already void.
    AlreadyVoid { target: usize },
}

impl Message for CorrectionError {
    fn msg(&self) -> Msg {
        match *self {
            CorrectionError::TargetOutOfRange { target } => {
                Msg::new("replay-target_out_of_range").arg("target", target)
            }
            CorrectionError::TargetIsCorrection { target, kind } => {
                Msg::new("replay-target_is_correction")
                    .arg("target", target)
                    .arg("kind", correction_kind(kind))
            }
            CorrectionError::AlreadyVoid { target } => {
                Msg::new("replay-already_void").arg("target", target)
            }
        }
    }
}

/// Why an entry cannot be part of a Trionfetti match.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EntryError {
    /// The game's rules refuse it.
    Rule(RuleError),
    /// The comanda cannot be read.
    Comanda {
        text: String,
        error: Box<ComandaError>,
    },
    /// The explicit ranking breaks a restriction of the rules, in this smazzata (when
    /// the entry was read in its place in a match).
    Ranking {
        smazzata: Option<u32>,
        error: RankingError,
    },
    /// A smazzata entry with neither a comanda nor a ranking.
    NoRanking,
    /// A void or replace whose target is not an earlier entry.
    TargetOutOfRange { target: usize },
    /// A void or replace aimed at another void or replace.
    TargetIsCorrection { target: usize, kind: &'static str },
    /// A void of an entry already void.
    AlreadyVoid { target: usize },
    /// A first dealer that cannot be recorded.
    FirstDealer(GameFirstDealerError),
}

impl From<CorrectionError> for EntryError {
    fn from(error: CorrectionError) -> EntryError {
        match error {
            CorrectionError::TargetOutOfRange { target } => EntryError::TargetOutOfRange { target },
            CorrectionError::TargetIsCorrection { target, kind } => {
                EntryError::TargetIsCorrection { target, kind }
            }
            CorrectionError::AlreadyVoid { target } => EntryError::AlreadyVoid { target },
        }
    }
}

/// Why an entry cannot be part of a Madrasso, Tressette, Trijumf or Vitou match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEntryError<E> {
    /// The game's rules refuse it.
    Rule(E),
    /// A void or replace that cannot be applied.
    Correction(CorrectionError),
    /// A first dealer that cannot be recorded.
    FirstDealer(GameFirstDealerError),
}

impl<E> From<CorrectionError> for GameEntryError<E> {
    fn from(error: CorrectionError) -> GameEntryError<E> {
        GameEntryError::Correction(error)
    }
}

impl<E: Message> Message for GameEntryError<E> {
    fn msg(&self) -> Msg {
        match self {
            GameEntryError::Rule(error) => error.msg(),
            GameEntryError::Correction(error) => error.msg(),
            GameEntryError::FirstDealer(error) => error.msg(),
        }
    }
}

impl Message for EntryError {
    fn msg(&self) -> Msg {
        match self {
            EntryError::Rule(error) => error.msg(),
            EntryError::Comanda { text, error } => Msg::new("replay-comanda_unreadable")
                .arg("comanda", format!("{text:?}"))
                .arg("error", error.msg()),
            EntryError::Ranking {
                smazzata: Some(smazzata),
                error,
            } => Msg::new("ranking-in_smazzata")
                .arg("smazzata", *smazzata)
                .arg("error", error.msg()),
            EntryError::Ranking {
                smazzata: None,
                error,
            } => error.msg(),
            EntryError::NoRanking => Msg::new("replay-no_ranking"),
            EntryError::TargetOutOfRange { target } => {
                CorrectionError::TargetOutOfRange { target: *target }.msg()
            }
            EntryError::TargetIsCorrection { target, kind } => {
                Msg::new("replay-target_is_correction_hand")
                    .arg("target", *target)
                    .arg("kind", correction_kind(kind))
            }
            EntryError::AlreadyVoid { target } => {
                CorrectionError::AlreadyVoid { target: *target }.msg()
            }
            EntryError::FirstDealer(error) => error.msg(),
        }
    }
}

/// A correction's kind as the log stores it ("void"), as data for the reader's words.
fn correction_kind(kind: &'static str) -> Msg {
    Msg::new("replay-correction_kind").arg("kind", kind)
}
