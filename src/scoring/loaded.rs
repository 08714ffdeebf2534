//! A match with its log as stored, read back as a match record of its game and
//! replayed; and what the referee pages ask of a record (what "undo" voids, which
//! entries are voided or replaced).

use serde_json::Value;

use crate::rules::any::{AnyMatch, AnyRecord};
use crate::rules::comanda::Nicknames;
use crate::rules::game::Seat;
use crate::rules::record::{FORMAT_VERSION, GameRecord, MatchRecord, RecordEntry, RecordGame};
use crate::rules::replay;
use crate::rules::trionfetti::{Options, Trionfetti};
use crate::store::StoreError;
use crate::store::clubs;
use crate::store::matches::{self, EntryRow, MatchRow};
use crate::store::{DbConnection, StoreResult};

/// A match with its log, as stored.
#[derive(Debug, Clone)]
pub struct LoadedMatch {
    pub row: MatchRow,
    pub entries: Vec<EntryRow>,
    /// The comanda nicknames of the match's club (none outside an event).
    pub nicknames: Nicknames,
    /// The shape of its event's bracket, which names the match as people say it.
    pub knockout: Option<crate::tournament::Knockout>,
    /// The zone of its event's wall clock (the default zone outside an event): the
    /// times of its log are shown on it.
    pub zone: chrono_tz::Tz,
    /// Set when the match was taken out of its event's draw: it takes no entry, and its
    /// old link names the match now at its table.
    pub moved: Option<Moved>,
}

/// Where the play of a match taken out of its event's draw went.
#[derive(Debug, Clone)]
pub struct Moved {
    pub table: Option<i32>,
    /// The match now at that table, if any is left to play there.
    pub now: Option<NowAtTable>,
}

/// A match at a physical table, as an old link names it.
#[derive(Debug, Clone)]
pub struct NowAtTable {
    pub public_id: String,
    /// Its stored title, which `events::title_msg` words.
    pub title: String,
    pub players: Vec<String>,
}

impl Moved {
    /// Where the match `row` of `event` went, when it is out of the draw.
    fn of(
        connection: &mut DbConnection,
        event: &crate::store::events::EventRow,
        row: &MatchRow,
    ) -> StoreResult<Option<Moved>> {
        let Some(placed) = crate::store::events::event_match(connection, row.id)? else {
            return Ok(None);
        };
        if !crate::events::tables::out_of_draw(&placed) {
            return Ok(None);
        }
        let now = match placed.table_number {
            Some(table) => {
                let data =
                    crate::events::EventData::load_without_players(connection, event.clone())?;
                crate::events::tables::now_at(&data, table).map(|now| NowAtTable {
                    public_id: now.public_id.clone(),
                    title: now.title.clone(),
                    players: now.players(),
                })
            }
            None => None,
        };
        Ok(Some(Moved {
            table: placed.table_number,
            now,
        }))
    }
}

impl LoadedMatch {
    pub fn load(
        connection: &mut DbConnection,
        public_id: &str,
    ) -> StoreResult<Option<LoadedMatch>> {
        let Some(row) = matches::find_by_public_id(connection, public_id)? else {
            return Ok(None);
        };
        let entries = matches::entries(connection, row.id)?;
        let event = crate::store::events::of_match(connection, row.id)?;
        let knockout = event.as_ref().and_then(crate::events::knockout_of);
        let moved = match &event {
            Some(event) => Moved::of(connection, event, &row)?,
            None => None,
        };
        let (nicknames, zone) = match &event {
            Some(event) => {
                let club = crate::store::required(clubs::find(connection, event.club_id)?)?;
                (
                    clubs::dictionary(connection, club.id)?,
                    event.zone(&club.time_zone)?,
                )
            }
            None => (Nicknames::new(), crate::zone::DEFAULT),
        };
        Ok(Some(LoadedMatch {
            row,
            entries,
            nicknames,
            knockout,
            zone,
            moved,
        }))
    }

    /// The match's title in words, for the reader to word.
    pub fn title_msg(&self) -> crate::lang::Msg {
        crate::events::title_msg_in(&self.row.title, self.knockout)
    }

    pub fn options(&self) -> Options {
        serde_json::from_str(&self.row.options_json).unwrap_or_default()
    }

    /// The log as a match record, each entry carrying its author and time.
    pub fn record(&self) -> Result<MatchRecord, StoreError> {
        let entries = self
            .entries
            .iter()
            .map(decode_entry)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MatchRecord {
            format_version: FORMAT_VERSION,
            game: self.row.game.name().to_string(),
            options: self.options(),
            players: self.row.players(),
            first_dealer: Seat::new(self.row.first_dealer as u8).unwrap_or(Seat::ALL[0]),
            entries,
        })
    }

    /// The current state: the engine's replay of the log.
    pub fn state(&self) -> Result<Trionfetti, StoreError> {
        replay::replay(&self.record()?, &self.nicknames)
            .map_err(|error| StoreError::Corrupt(format!("stored log no longer replays: {error}")))
    }

    /// The log as a match record document of the match's game, each entry carrying
    /// its author and time.
    pub fn record_document(&self) -> Value {
        let options: Value = serde_json::from_str(&self.row.options_json)
            .unwrap_or_else(|_| Value::Object(Default::default()));
        let entries: Vec<Value> = self
            .entries
            .iter()
            .map(|row| {
                let mut entry: Value = serde_json::from_str(&row.entry_json).unwrap_or(Value::Null);
                if let Value::Object(fields) = &mut entry {
                    fields.insert("author".into(), Value::String(row.author_label.clone()));
                    fields.insert("time".into(), Value::String(record_time(row)));
                }
                entry
            })
            .collect();
        record_json(
            self.row.game.name(),
            options,
            &self.row.player_names(),
            self.row.first_dealer,
            entries,
        )
    }

    /// The log as the record of the match's game, whichever it is.
    pub fn any_record(&self) -> Result<AnyRecord, StoreError> {
        AnyRecord::from_json(&self.record_document().to_string()).map_err(|error| {
            StoreError::Corrupt(format!(
                "stored match {} is unreadable: {}",
                self.row.public_id,
                crate::web::i18n::Worded::message(&error, crate::lang::Lang::En)
            ))
        })
    }

    /// The current state of a match of any game.
    pub fn any_state(&self) -> Result<AnyMatch, StoreError> {
        self.any_record()?
            .replay(&self.nicknames)
            .map_err(|error| StoreError::Corrupt(format!("stored log no longer replays: {error}")))
    }

    /// The sequence number the next entry must be based on.
    pub fn next_seq(&self) -> i64 {
        self.entries.len() as i64
    }
}

/// A match record document (`rules::record`'s JSON) of a stored match's columns and
/// log: what the rules engine reads back as the record of its game.
pub fn record_json(
    game: &str,
    options: Value,
    players: &[String],
    first_dealer: i32,
    entries: Vec<Value>,
) -> Value {
    serde_json::json!({
        "format_version": FORMAT_VERSION,
        "game": game,
        "options": options,
        "players": players,
        "first_dealer": first_dealer,
        "entries": entries,
    })
}

/// An entry's time as a match record writes it: UTC, to the second.
fn record_time(row: &EntryRow) -> String {
    row.created_at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

fn decode_entry(row: &EntryRow) -> Result<RecordEntry, StoreError> {
    let mut entry: RecordEntry = serde_json::from_str(&row.entry_json).map_err(|error| {
        StoreError::Corrupt(format!(
            "entry {} of match {} is unreadable: {error}",
            row.seq, row.match_id
        ))
    })?;
    let author = Some(row.author_label.clone());
    let time = Some(record_time(row));
    match &mut entry {
        RecordEntry::Smazzata(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Hand(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::FirstDealer(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Void(inner) => (inner.author, inner.time) = (author, time),
        RecordEntry::Replace(inner) => (inner.author, inner.time) = (author, time),
    }
    Ok(entry)
}

/// The last play entry that is still in effect: what "undo" voids.
pub fn last_undoable<G: RecordGame>(record: &GameRecord<G>) -> Option<usize> {
    let (voided, _) = corrections(record);
    record
        .entries
        .iter()
        .enumerate()
        .rev()
        .find(|(index, entry)| G::correction(entry).is_none() && !voided.contains(index))
        .map(|(index, _)| index)
}

/// Indexes of entries voided, and of entries replaced (by a later correction), for display.
pub fn corrections<G: RecordGame>(record: &GameRecord<G>) -> (Vec<usize>, Vec<usize>) {
    use crate::rules::record::Correction;
    let mut voided = Vec::new();
    let mut replaced = Vec::new();
    for entry in &record.entries {
        match G::correction(entry) {
            Some(Correction::Void { target }) => voided.push(target),
            Some(Correction::Replace { target }) => replaced.push(target),
            None => {}
        }
    }
    (voided, replaced)
}
