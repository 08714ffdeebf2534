//! Reading and checking a document before anything is written: its format and version,
//! its references, and every match log replayed with the nicknames it carries.

use std::collections::BTreeSet;

use serde_json::Value;

use super::document::{EventDocument, FORMAT, FORMAT_VERSION, MatchDocument, NicknameDocument};
use super::{REPORTED_IN, TransferError, nickname_lines, worded, worded_error};
use crate::events::CorrectionNotice;
use crate::events::changes::ChangeNotice;
use crate::lang::Msg;
use crate::rules::any::AnyRecord;
use crate::rules::comanda::Nicknames;
use crate::rules::kind::GameKind;
use crate::scoring::record_json;
use crate::store::events::EventStatus;
use crate::store::matches::MatchStatus;
use crate::store::state_changes::{parse_seat, parse_state};
use crate::tournament::{EntrantId, Format, Slot};
use crate::web::i18n::Worded;

/// Reads a document: JSON, of this format and version, with every field in its place.
pub fn read_document(text: &str) -> Result<EventDocument, TransferError> {
    let unreadable = |msg: Msg| TransferError::Unreadable(worded(&msg));
    // Where serde stopped reading, and why.
    let at = |msg: Msg, error: serde_json::Error| {
        unreadable(
            msg.arg("line", error.line().to_string())
                .arg("column", error.column().to_string())
                .arg("error", error.to_string()),
        )
    };
    let value: Value =
        serde_json::from_str(text).map_err(|error| at(Msg::new("transfer-not_json"), error))?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(unreadable(
            Msg::new("transfer-not_a_document").arg("format", FORMAT),
        ));
    }
    match value.get("format_version").and_then(Value::as_u64) {
        Some(version) if version == u64::from(FORMAT_VERSION) => {}
        Some(version) => {
            return Err(unreadable(
                Msg::new("transfer-other_version")
                    .arg("version", version.to_string())
                    .arg("reads", FORMAT_VERSION.to_string()),
            ));
        }
        None => return Err(unreadable(Msg::new("transfer-no_version"))),
    }
    serde_json::from_str(text).map_err(|error| {
        at(
            Msg::new("transfer-not_laid_out").arg("version", FORMAT_VERSION.to_string()),
            error,
        )
    })
}

/// A document that passed [`check`]: every match log read as a record of its game, with
/// the summary of its replay under the nicknames the document carries.
pub struct Checked {
    pub(super) replays: Vec<CheckedLog>,
}

pub(super) struct CheckedLog {
    pub name: String,
    pub record: AnyRecord,
    pub summary: Value,
}

/// Public ids go into addresses: they are kept to what the application makes.
fn is_public_id(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn is_slug(text: &str) -> bool {
    (1..=80).contains(&text.len())
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// How a match is named in messages.
fn match_name(row: &MatchDocument) -> String {
    let named = match &row.match_key {
        Some(key) => Msg::new("transfer-match_keyed").arg("key", key.clone()),
        None => Msg::new("transfer-match_superseded"),
    };
    worded(&named.arg("id", row.public_id.clone()))
}

/// The nicknames of the document as a dictionary file reads them.
pub(super) fn nickname_text<'a>(
    nicknames: impl IntoIterator<Item = &'a NicknameDocument>,
) -> String {
    nickname_lines(
        nicknames
            .into_iter()
            .map(|n| (n.name.as_str(), n.expansion.as_str())),
    )
}

/// A problem of the document that a serde error explains.
fn because(id: &'static str, error: impl ToString) -> Msg {
    Msg::new(id).arg("error", error.to_string())
}

/// The match's log as a record of its game (the shape `scoring::LoadedMatch` gives it).
fn record_of(row: &MatchDocument) -> Result<AnyRecord, String> {
    let options: Value = serde_json::from_str(&row.options_json)
        .map_err(|error| worded(&because("transfer-options_not_json", error)))?;
    let players: Vec<String> = serde_json::from_str(&row.players_json)
        .map_err(|error| worded(&because("transfer-players_not_names", error)))?;
    let mut entries = Vec::with_capacity(row.entries.len());
    for entry in &row.entries {
        let value: Value = serde_json::from_str(&entry.entry_json).map_err(|error| {
            worded(&because("transfer-entry_not_json", error).arg("seq", entry.seq.to_string()))
        })?;
        entries.push(value);
    }
    let document = record_json(&row.game, options, &players, row.first_dealer, entries);
    AnyRecord::from_json(&document.to_string()).map_err(|error| error.message(REPORTED_IN))
}

/// Checks everything that needs no database; lists every problem found.
pub fn check(document: &EventDocument) -> Result<Checked, TransferError> {
    // Texts first: a NUL would break PostgreSQL before any other problem is reported.
    let mut problems = super::text::problems(document);
    let event = &document.event;

    if !is_public_id(&event.public_id) {
        problems.push(Msg::new("transfer-event_public_id").arg("id", event.public_id.clone()));
    }
    match event.game.parse::<GameKind>() {
        Err(_) => problems.push(Msg::new("transfer-event_game").arg("game", event.game.clone())),
        Ok(game) => match serde_json::from_str::<Value>(&event.game_options_json) {
            Ok(options) => {
                if let Err(error) = crate::events::check_options(game, &options) {
                    problems.push(
                        Msg::new("transfer-event_options")
                            .arg("error", error.msg(|name| name.to_string())),
                    );
                }
            }
            Err(error) => problems.push(because("transfer-event_options_not_json", error)),
        },
    }
    for zone in std::iter::once(&document.club.time_zone).chain(&event.time_zone) {
        if crate::zone::parse(zone).is_none() {
            problems.push(Msg::new("transfer-time_zone").arg("zone", zone.clone()));
        }
    }
    if let Err(error) = serde_json::from_str::<Format>(&event.format_json) {
        problems.push(because("transfer-event_format", error));
    }
    if EventStatus::parse(&event.status).as_str() != event.status {
        problems.push(Msg::new("transfer-event_status").arg("status", event.status.clone()));
    }

    let club = &document.club;
    if club.name.trim().is_empty() {
        problems.push(Msg::new("transfer-club_no_name"));
    }
    if !is_slug(&club.slug) {
        problems.push(Msg::new("transfer-club_slug").arg("slug", club.slug.clone()));
    }
    let nicknames = match Nicknames::parse_file(&nickname_text(&club.nicknames)) {
        Ok(nicknames) => nicknames,
        Err(error) => {
            problems.push(because("transfer-club_nicknames", worded_error(&error)));
            Nicknames::new()
        }
    };

    let mut numbers = BTreeSet::new();
    for entrant in &document.entrants {
        let number = entrant.number.to_string();
        if entrant.number < 1 {
            problems.push(Msg::new("transfer-entrant_number").arg("number", number));
        } else if !numbers.insert(entrant.number as u32) {
            problems.push(Msg::new("transfer-entrant_twice").arg("number", number));
        }
    }
    let known = |id: &EntrantId| numbers.contains(&id.0);
    if let Some(order) = &event.seed_order_json {
        match serde_json::from_str::<Vec<u32>>(order) {
            Ok(order) => {
                let mut seen = BTreeSet::new();
                for number in order {
                    if !numbers.contains(&number) || !seen.insert(number) {
                        problems.push(
                            Msg::new("transfer-seed_entrant").arg("number", number.to_string()),
                        );
                    }
                }
            }
            Err(error) => problems.push(because("transfer-seed_order", error)),
        }
    }

    let mut public_ids = BTreeSet::new();
    let mut keys = BTreeSet::new();
    let mut replays = Vec::with_capacity(document.matches.len());
    for row in &document.matches {
        let name = match_name(row);
        // A problem of this match: its name first.
        let of_match = |id: &'static str| Msg::new(id).arg("match", name.clone());
        if !is_public_id(&row.public_id) {
            problems.push(of_match("transfer-match_public_id"));
        }
        if !public_ids.insert(row.public_id.as_str()) {
            problems.push(of_match("transfer-match_id_twice"));
        }
        if let Some(key) = &row.match_key
            && !keys.insert(key.as_str())
        {
            problems.push(of_match("transfer-match_key_twice"));
        }
        if MatchStatus::parse(&row.status).is_none() {
            problems.push(of_match("transfer-match_status").arg("status", row.status.clone()));
        }
        if !matches!(row.forfeit_winner.as_deref(), None | Some("A" | "B")) {
            problems.push(of_match("transfer-forfeit_winner"));
        }
        if let Some(sides) = &row.sides_json {
            match serde_json::from_str::<[Slot; 2]>(sides) {
                Ok(sides) => {
                    for entrant in sides.iter().flat_map(Slot::entrants) {
                        if !known(&entrant) {
                            problems.push(
                                of_match("transfer-side_entrant")
                                    .arg("entrant", entrant.to_string()),
                            );
                        }
                    }
                }
                Err(error) => {
                    problems.push(of_match("transfer-sides").arg("error", error.to_string()))
                }
            }
        }
        for change in &row.state_changes {
            for state in [&change.from_state, &change.to_state] {
                if parse_state(state).is_none() && parse_seat(state).is_none() {
                    // Quoted as Rust writes a string, so that an empty one shows.
                    problems.push(of_match("transfer-no_state").arg("state", format!("{state:?}")));
                }
            }
        }
        let mut submissions = BTreeSet::new();
        for (index, entry) in row.entries.iter().enumerate() {
            let seq = entry.seq.to_string();
            if entry.seq != index as i64 {
                problems.push(
                    of_match("transfer-entry_seq")
                        .arg("index", index.to_string())
                        .arg("seq", seq.clone()),
                );
            }
            if !submissions.insert(entry.submission_key.as_str()) {
                problems.push(of_match("transfer-submission_twice").arg("seq", seq));
            }
        }
        match record_of(row) {
            Ok(record) => match record.replay(&nicknames) {
                Ok(state) => replays.push(CheckedLog {
                    name,
                    record,
                    summary: state.summary_json(),
                }),
                Err(error) => {
                    problems.push(of_match("transfer-no_replay").arg("error", worded_error(&error)))
                }
            },
            Err(message) => {
                problems.push(of_match("transfer-unreadable_log").arg("error", message))
            }
        }
    }

    // A notice is a correction's, or a change of who is present (a withdrawal, a late
    // entry); the error named is the correction's, the kind most notices are.
    for (index, notice) in document.notices.iter().enumerate() {
        if let Err(error) = serde_json::from_str::<CorrectionNotice>(&notice.notice_json)
            && serde_json::from_str::<ChangeNotice>(&notice.notice_json).is_err()
        {
            problems.push(because("transfer-notice", error).arg("number", (index + 1).to_string()));
        }
    }

    if problems.is_empty() {
        Ok(Checked { replays })
    } else {
        let words: Vec<String> = problems.iter().map(worded).collect();
        Err(TransferError::Refused(words.join("\n")))
    }
}
