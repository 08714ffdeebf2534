//! Each match log replayed under the event's options, and each match stored as its log
//! leaves it.

use serde_json::Value;

use super::Disagreement;
use super::Of;
use crate::events::MatchSummary;
use crate::rules::any::AnyRecord;
use crate::rules::comanda::Nicknames;
use crate::scoring::record_json;
use crate::store::events::EventMatchRow;
use crate::store::matches::{self, EntryRow, MatchStatus};
use crate::store::{DbConnection, StoreResult};
use crate::web::i18n::Worded;

/// A match's log, replayed.
pub struct Replayed {
    pub id: i64,
    /// Its key in the event; `None` once superseded.
    pub key: Option<String>,
    pub public_id: String,
    pub status: MatchStatus,
    pub entries: Vec<EntryRow>,
    pub values: Vec<Value>,
    pub record: AnyRecord,
    pub summary: MatchSummary,
}

impl Replayed {
    /// The match as messages name it: its key, or "superseded".
    pub fn name(&self) -> &str {
        self.key.as_deref().unwrap_or("superseded")
    }
}

/// The first `count` entries of a match's log as a record of its game with the
/// event's `options`.
pub fn record_of(
    row: &EventMatchRow,
    options: &Value,
    values: &[Value],
) -> Result<AnyRecord, String> {
    let document = record_json(
        row.game.name(),
        options.clone(),
        &row.players(),
        row.first_dealer,
        values.to_vec(),
    );
    AnyRecord::from_json(&document.to_string())
        .map_err(|error| error.message(crate::lang::Lang::En))
}

/// Replays the match's log with the event's `options` and the club's nicknames.
pub fn replay(
    connection: &mut DbConnection,
    of: &Of<'_>,
    row: &EventMatchRow,
    options: &Value,
    nicknames: &Nicknames,
) -> StoreResult<Result<Replayed, Disagreement>> {
    let name = row.match_key.as_deref().unwrap_or("superseded");
    let at = |entry: Option<usize>, why: String| of.at(name, &row.public_id, entry, why);
    match serde_json::from_str::<Value>(&row.options_json) {
        Ok(own) if &own == options => {}
        _ => {
            return Ok(Err(at(
                None,
                format!(
                    "it is stored with the options {}, the event's are {options}",
                    row.options_json
                ),
            )));
        }
    }
    let entries = matches::entries(connection, row.id)?;
    let mut values = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        if entry.seq != index as i64 {
            return Ok(Err(at(
                Some(index),
                format!("it is stored with the number {}", entry.seq),
            )));
        }
        match serde_json::from_str::<Value>(&entry.entry_json) {
            Ok(value) => values.push(value),
            Err(error) => return Ok(Err(at(Some(index), format!("it is not JSON: {error}")))),
        }
    }
    let record = match record_of(row, options, &values) {
        Ok(record) => record,
        Err(why) => {
            // The first entry that does not read as an entry of the game.
            let index = (0..values.len())
                .find(|&n| record_of(row, options, &values[..=n]).is_err())
                .unwrap_or(0);
            return Ok(Err(at(Some(index), why)));
        }
    };
    let state = match record.replay(nicknames) {
        Ok(state) => state,
        Err(error) => {
            return Ok(Err(at(
                Some(error.index),
                format!(
                    "the rules refuse it: {}",
                    error.message(crate::lang::Lang::En)
                ),
            )));
        }
    };
    Ok(Ok(Replayed {
        id: row.id,
        key: row.match_key.clone(),
        public_id: row.public_id.clone(),
        status: row.status(),
        summary: MatchSummary::of(&state, entries.len()),
        entries,
        values,
        record,
    }))
}

/// The match's stored status is the one its log leaves it in.
pub fn stored_as_logged(of: &Of<'_>, log: &Replayed) -> Result<(), Disagreement> {
    if log.key.is_none() || log.status == MatchStatus::Forfeit {
        return Ok(());
    }
    let last = log.entries.len().checked_sub(1);
    let why = match (log.summary.over, log.status) {
        (true, MatchStatus::Finished) | (false, MatchStatus::InProgress) => return Ok(()),
        (false, MatchStatus::Scheduled) if log.entries.is_empty() => return Ok(()),
        (true, status) => format!(
            "its log ends the match, but it is stored as {}",
            status.as_str()
        ),
        (false, MatchStatus::Finished) => {
            "it is stored as finished, but its log does not end the match".to_string()
        }
        (false, status) => format!(
            "it is stored as {} with {} log entries",
            status.as_str(),
            log.entries.len()
        ),
    };
    Err(of.at(log.name(), &log.public_id, last, why))
}
