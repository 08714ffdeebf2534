//! The event document: one JSON file carrying an event with everything stored about it.
//!
//! Database ids never appear: rows refer to each other by what the event itself uses
//! (entrant numbers, match public ids and keys), so the same document comes out of any
//! database the event was imported into. Columns that hold JSON are carried as the exact
//! text stored, so nothing is reordered or reformatted on the way. See `docs/transfer.md`.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

/// The value of the document's `format` field.
pub const FORMAT: &str = "segnapunti-event";
/// The version of the document this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDocument {
    pub format: String,
    pub format_version: u32,
    /// The program that wrote the file, for the reader's information only.
    pub generator: String,
    pub club: ClubDocument,
    pub event: EventFields,
    pub entrants: Vec<EntrantDocument>,
    /// Every match of the event, superseded ones included, in the order they were made.
    pub matches: Vec<MatchDocument>,
    /// The organizer's correction notices, oldest first.
    pub notices: Vec<NoticeDocument>,
}

/// The club the event belongs to. Its nicknames travel with it because the comandas of
/// the event's logs are read with them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubDocument {
    pub name: String,
    pub slug: String,
    pub nicknames: Vec<NicknameDocument>,
    /// The zone of the club's events' times. Europe/Rome is left out, so a document of
    /// such a club reads as before; a document without it means Europe/Rome.
    #[serde(default = "default_zone", skip_serializing_if = "is_default_zone")]
    pub time_zone: String,
}

fn default_zone() -> String {
    crate::zone::DEFAULT.name().to_string()
}

fn is_default_zone(zone: &str) -> bool {
    zone == crate::zone::DEFAULT.name()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NicknameDocument {
    pub name: String,
    pub expansion: String,
}

/// The `events` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFields {
    pub public_id: String,
    pub name: String,
    #[serde(with = "timestamp")]
    pub starts_at: NaiveDateTime,
    pub venue: String,
    pub game: String,
    pub game_options_json: String,
    pub format_json: String,
    pub listed: bool,
    pub status: String,
    pub seeding: Option<String>,
    pub seed_order_json: Option<String>,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
    /// The event's own zone; absent: the club's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

/// An `entrants` row; its players by name (see `docs/transfer.md`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantDocument {
    pub number: i32,
    pub label: String,
    pub player1: String,
    pub player2: Option<String>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn_round: Option<i32>,
    pub joined_round: Option<i32>,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
}

/// A `matches` row of the event with its whole log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchDocument {
    pub public_id: String,
    /// `None` for a match taken out of the draw (superseded).
    pub match_key: Option<String>,
    pub title: String,
    pub table_number: Option<i32>,
    pub sides_json: Option<String>,
    pub game: String,
    pub options_json: String,
    pub players_json: String,
    pub first_dealer: i32,
    pub status: String,
    pub status_note: Option<String>,
    pub status_by: String,
    #[serde(with = "timestamp")]
    pub status_at: NaiveDateTime,
    pub forfeit_winner: Option<String>,
    pub kept_as_played: bool,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
    pub entries: Vec<EntryDocument>,
    /// Changes of its state that undid progress, oldest first (left out when none, so
    /// documents of events without any read and write as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub state_changes: Vec<StateChangeDocument>,
}

/// A `match_state_changes` row: who (by name), why, from and to which state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateChangeDocument {
    pub from_state: String,
    pub to_state: String,
    pub reason: String,
    pub by_label: String,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
}

/// A `match_entries` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryDocument {
    pub seq: i64,
    pub entry_json: String,
    pub author_label: String,
    pub submission_key: String,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
}

/// An `event_notices` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoticeDocument {
    pub notice_json: String,
    #[serde(with = "timestamp")]
    pub created_at: NaiveDateTime,
}

impl EventDocument {
    /// The document as written to a file: pretty JSON ending with a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("plain structs serialize");
        text.push('\n');
        text
    }

    pub fn entry_count(&self) -> usize {
        self.matches.iter().map(|m| m.entries.len()).sum()
    }
}

/// Times in UTC to the microsecond: PostgreSQL keeps no more, so a time cut here reads
/// back the same from either backend.
pub fn to_microseconds(at: NaiveDateTime) -> NaiveDateTime {
    use chrono::Timelike;
    let nanos = at.nanosecond();
    at.with_nanosecond(nanos - nanos % 1_000).unwrap_or(at)
}

mod timestamp {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    const WRITTEN: &str = "%Y-%m-%dT%H:%M:%S%.6fZ";
    const READ: &str = "%Y-%m-%dT%H:%M:%S%.f";

    pub fn serialize<S: Serializer>(at: &NaiveDateTime, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(&super::to_microseconds(*at).format(WRITTEN).to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<NaiveDateTime, D::Error> {
        let text = String::deserialize(input)?;
        let at = NaiveDateTime::parse_from_str(text.trim_end_matches('Z'), READ).map_err(|_| {
            D::Error::custom(format!(
                "`{text}` is not a UTC time like 2026-11-21T20:30:00.000000Z"
            ))
        })?;
        Ok(super::to_microseconds(at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_to_the_microsecond_and_read_back() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .and_then(|d| d.and_hms_nano_opt(20, 30, 5, 123_456_789))
            .unwrap();
        let notice = NoticeDocument {
            notice_json: "{}".into(),
            created_at: at,
        };
        let text = serde_json::to_string(&notice).unwrap();
        assert!(text.contains("\"2026-11-21T20:30:05.123456Z\""), "{text}");
        let back: NoticeDocument = serde_json::from_str(&text).unwrap();
        assert_eq!(back.created_at, to_microseconds(at));
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }

    #[test]
    fn a_time_that_is_not_one_is_refused() {
        let refused =
            serde_json::from_str::<NoticeDocument>(r#"{"notice_json":"{}","created_at":"ieri"}"#);
        assert!(refused.unwrap_err().to_string().contains("ieri"));
    }
}
