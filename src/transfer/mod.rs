//! Moving an event between databases: [`export`] writes an event with everything stored
//! about it as one [`EventDocument`]; [`import`] checks a document and creates the event
//! in a database of either backend, in one transaction.
//!
//! Before anything is written the whole document is checked (`check`): its references,
//! and every match log replayed by the rules engine with the nicknames of the event's
//! club. After the rows are in, still inside the transaction, the logs are replayed
//! again with the nicknames the target club ends up with, and the event is derived as
//! its pages would derive it; any failure rolls everything back. See `docs/transfer.md`.

mod check;
pub mod document;
mod export;
mod import;
mod queries;
mod text;

use crate::lang::{Lang, Msg};
use crate::store::StoreError;
use crate::web::i18n::Tr;

pub use check::{Checked, check, read_document};
pub use document::{
    ClubDocument, EntrantDocument, EntryDocument, EventDocument, EventFields, FORMAT,
    FORMAT_VERSION, MatchDocument, NicknameDocument, NoticeDocument, StateChangeDocument,
};
pub use export::{export, export_from};
pub use import::{ClubOutcome, ImportReport, import, import_checked};
pub use text::problems as text_problems;

/// What can go wrong moving an event.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    /// The text is not an event document of a version this build reads.
    #[error("{0}")]
    Unreadable(String),
    /// The document reads but cannot be imported here as it is (or the event to export
    /// does not exist); nothing was written.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The language of the transfer's reports: the command line writes them in English,
/// as the rest of its output, whatever the locale of the machine.
const REPORTED_IN: Lang = Lang::En;

/// A message of `locales/*/transfer.ftl` (or one of the core's) in the reports' language.
fn worded(msg: &Msg) -> String {
    Tr::new(REPORTED_IN).msg(msg)
}

/// What a core type that words itself says, in the reports' language.
fn worded_error(error: &impl crate::web::i18n::Worded) -> String {
    error.message(REPORTED_IN)
}

/// A list of nicknames as a dictionary file reads them: one `name = expansion` a line.
fn nickname_lines<'a>(nicknames: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    nicknames
        .into_iter()
        .map(|(name, expansion)| format!("{} = {}\n", name.trim(), expansion.trim()))
        .collect()
}
