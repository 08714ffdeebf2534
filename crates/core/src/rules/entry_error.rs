//! Why an entry cannot be part of a match: the corrections' errors every game
//! shares, Trionfetti's entry error, and the wrapper the other games' rule errors
//! take in a record. The record (`record.rs`) and its replay (`replay.rs`) both
//! speak of them; `replay` re-exports them under its own path.

use super::comanda::ComandaError;
use super::game::Message;
use super::ranking::RankingError;
use super::trionfetti::RuleError;
use crate::lang::{Lang, Msg};

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
    fn message(&self, lang: Lang) -> String {
        let it = lang == Lang::It;
        match self {
            CorrectionError::TargetOutOfRange { target } => {
                if it {
                    format!(
                        "la correzione punta alla registrazione {target}, che non è una registrazione precedente"
                    )
                } else {
                    format!("the correction targets entry {target}, which is not an earlier entry")
                }
            }
            CorrectionError::TargetIsCorrection { target, kind } => {
                if it {
                    format!(
                        "la correzione punta alla registrazione {target}, che è a sua volta una correzione ({}); correggere la registrazione originale",
                        correction_word(kind, lang)
                    )
                } else {
                    format!(
                        "the correction targets entry {target}, which is itself a correction ({}); correct the original entry instead",
                        correction_word(kind, lang)
                    )
                }
            }
            CorrectionError::AlreadyVoid { target } => {
                if it {
                    format!("la registrazione {target} è già annullata")
                } else {
                    format!("entry {target} is already void")
                }
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
    /// The explicit ranking breaks a restriction of the rules.
    Ranking(RankingError),
    /// A smazzata entry with neither a comanda nor a ranking.
    NoRanking,
    /// A void or replace whose target is not an earlier entry.
    TargetOutOfRange { target: usize },
    /// A void or replace aimed at another void or replace.
    TargetIsCorrection { target: usize, kind: &'static str },
    /// A void of an entry already void.
    AlreadyVoid { target: usize },
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
}

impl<E> From<CorrectionError> for GameEntryError<E> {
    fn from(error: CorrectionError) -> GameEntryError<E> {
        GameEntryError::Correction(error)
    }
}

impl<E: Message> Message for GameEntryError<E> {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            GameEntryError::Rule(error) => error.msg(lang),
            GameEntryError::Correction(error) => error.msg(lang),
        }
    }

    fn message(&self, lang: Lang) -> String {
        match self {
            GameEntryError::Rule(error) => error.message(lang),
            GameEntryError::Correction(error) => error.message(lang),
        }
    }
}

impl Message for EntryError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            EntryError::Rule(error) => error.msg(lang),
            _ => Msg::text(self.message(lang)),
        }
    }

    fn message(&self, lang: Lang) -> String {
        let it = lang == Lang::It;
        match self {
            EntryError::Rule(error) => error.message(lang),
            EntryError::Comanda { text, error } => {
                if it {
                    format!("comanda {text:?} non leggibile: {}", error.message(lang))
                } else {
                    format!("cannot read the comanda {text:?}: {}", error.message(lang))
                }
            }
            EntryError::Ranking(error) => error.message(lang),
            EntryError::NoRanking => lang
                .pick(
                    "la smazzata deve dare la comanda o l'ordine esplicito delle carte",
                    "a smazzata entry needs a comanda or an explicit ranking",
                )
                .to_string(),
            EntryError::TargetOutOfRange { target } => {
                CorrectionError::TargetOutOfRange { target: *target }.message(lang)
            }
            EntryError::TargetIsCorrection { target, kind } => {
                if it {
                    format!(
                        "la correzione punta alla registrazione {target}, che è a sua volta una correzione ({}); correggere la mano o la smazzata originale",
                        correction_word(kind, lang)
                    )
                } else {
                    format!(
                        "the correction targets entry {target}, which is itself a correction ({}); correct the original hand or smazzata instead",
                        correction_word(kind, lang)
                    )
                }
            }
            EntryError::AlreadyVoid { target } => {
                CorrectionError::AlreadyVoid { target: *target }.message(lang)
            }
        }
    }
}

/// A correction's kind as the log stores it ("void"), in the reader's words.
fn correction_word(kind: &str, lang: Lang) -> &str {
    match kind {
        "void" => lang.pick("un annullamento", "a void"),
        "replace" => lang.pick("una sostituzione", "a replacement"),
        other => other,
    }
}
