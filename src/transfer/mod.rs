//! Moving an event between databases: [`export`] writes an event with everything stored
//! about it as one [`EventDocument`]; [`import`] checks a document and creates the event
//! in a database of either backend, in one transaction.
//!
//! Before anything is written the whole document is checked: its references, and every
//! match log replayed by the rules engine with the nicknames of the event's club. After
//! the rows are in, still inside the transaction, the logs are replayed again with the
//! nicknames the target club ends up with, and the event is derived as its pages would
//! derive it; any failure rolls everything back. See `docs/transfer.md`.

pub mod document;
mod queries;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use diesel::Connection;
use diesel::connection::SimpleConnection;
use serde_json::Value;

pub use document::{
    ClubDocument, EntrantDocument, EntryDocument, EventDocument, EventFields, FORMAT,
    FORMAT_VERSION, MatchDocument, NicknameDocument, NoticeDocument, StateChangeDocument,
};

use crate::accounts::{self, Role};
use crate::events::CorrectionNotice;
use crate::lang::Lang;
use crate::rules::any::AnyRecord;
use crate::rules::card::fold_word;
use crate::rules::comanda::Nicknames;
use crate::rules::kind::GameKind;
use crate::store::events::{self as store_events, EventStatus};
use crate::store::matches::{self as store_matches, MatchStatus};
use crate::store::state_changes::{self, parse_state};
use crate::store::{Db, DbConnection, StoreError, StoreResult, clubs};
use crate::tournament::{EntrantId, Format, Slot};
use crate::web::i18n::Worded;
use document::to_microseconds;

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

// ---------------------------------------------------------------- export

/// The event with this public id as a document, read from one consistent snapshot.
pub fn export(db: &Db, public_id: &str) -> Result<EventDocument, TransferError> {
    let wanted = public_id.to_string();
    let document = db.read(move |connection| {
        connection.transaction(|connection| {
            if matches!(connection, DbConnection::Postgres(_)) {
                // Every query of the export sees the database as it was at the first one.
                connection.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")?;
            }
            export_from(connection, &wanted)
        })
    })?;
    document.ok_or_else(|| {
        TransferError::Refused(format!(
            "no event has the public id `{public_id}` in this database (it is the id in the event's address, /e/ID)"
        ))
    })
}

/// The event as a document; `None` when there is no such event.
pub fn export_from(
    connection: &mut DbConnection,
    public_id: &str,
) -> StoreResult<Option<EventDocument>> {
    let Some(event) = store_events::find_by_public_id(connection, public_id)? else {
        return Ok(None);
    };
    let club = clubs::find(connection, event.club_id)?
        .ok_or_else(|| StoreError::Corrupt(format!("club of event {public_id} is missing")))?;
    let nicknames = clubs::nickname_rows(connection, club.id)?
        .into_iter()
        .map(|row| NicknameDocument {
            name: row.name,
            expansion: row.expansion,
        })
        .collect();
    let entrant_rows = store_events::entrants(connection, event.id)?;
    let player_ids: Vec<i64> = entrant_rows
        .iter()
        .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
        .collect();
    let player_names: BTreeMap<i64, String> = store_events::players_by_id(connection, &player_ids)?
        .into_iter()
        .map(|player| (player.id, player.name))
        .collect();
    let name_of = |id: i64| {
        player_names
            .get(&id)
            .cloned()
            .ok_or_else(|| StoreError::Corrupt(format!("player {id} is missing")))
    };
    let mut entrants = Vec::with_capacity(entrant_rows.len());
    for row in entrant_rows {
        entrants.push(EntrantDocument {
            number: row.number,
            label: row.label,
            player1: name_of(row.player1_id)?,
            player2: row.player2_id.map(name_of).transpose()?,
            checked_in: row.checked_in,
            late: row.late,
            withdrawn_round: row.withdrawn_round,
            joined_round: row.joined_round,
            created_at: to_microseconds(row.created_at),
        });
    }
    let mut matches = Vec::new();
    for row in queries::event_matches(connection, event.id)? {
        let entries = store_matches::entries(connection, row.id)?
            .into_iter()
            .map(|entry| EntryDocument {
                seq: entry.seq,
                entry_json: entry.entry_json,
                author_label: entry.author_label,
                submission_key: entry.submission_key,
                created_at: to_microseconds(entry.created_at),
            })
            .collect();
        let state_changes = state_changes::of_match(connection, row.id)?
            .into_iter()
            .map(|change| StateChangeDocument {
                from_state: change.from_state,
                to_state: change.to_state,
                reason: change.reason,
                by_label: change.by_label,
                created_at: to_microseconds(change.created_at),
            })
            .collect();
        matches.push(MatchDocument {
            public_id: row.public_id,
            match_key: row.match_key,
            title: row.title,
            table_number: row.table_number,
            sides_json: row.sides_json,
            game: row.game,
            options_json: row.options_json,
            players_json: row.players_json,
            first_dealer: row.first_dealer,
            status: row.status,
            status_note: row.status_note,
            status_by: row.status_by,
            status_at: to_microseconds(row.status_at),
            forfeit_winner: row.forfeit_winner,
            kept_as_played: row.kept_as_played,
            created_at: to_microseconds(row.created_at),
            entries,
            state_changes,
        });
    }
    let notices = queries::notices(connection, event.id)?
        .into_iter()
        .map(|(notice_json, created_at)| NoticeDocument {
            notice_json,
            created_at: to_microseconds(created_at),
        })
        .collect();
    Ok(Some(EventDocument {
        format: FORMAT.to_string(),
        format_version: FORMAT_VERSION,
        generator: format!("segnapunti {}", env!("CARGO_PKG_VERSION")),
        club: ClubDocument {
            name: club.name,
            slug: club.slug,
            nicknames,
            time_zone: club.time_zone,
        },
        event: EventFields {
            status: event.status().as_str().to_string(),
            public_id: event.public_id,
            name: event.name,
            starts_at: to_microseconds(event.starts_at),
            venue: event.venue,
            game: event.game.name().to_string(),
            game_options_json: event.game_options_json,
            format_json: event.format_json,
            listed: event.listed,
            seeding: event.seeding,
            seed_order_json: event.seed_order_json,
            created_at: to_microseconds(event.created_at),
            time_zone: event.time_zone,
        },
        entrants,
        matches,
        notices,
    }))
}

// ---------------------------------------------------------------- reading and checking

/// Reads a document: JSON, of this format and version, with every field in its place.
pub fn read_document(text: &str) -> Result<EventDocument, TransferError> {
    let value: Value = serde_json::from_str(text).map_err(|error| {
        TransferError::Unreadable(format!(
            "not JSON (line {}, column {}): {error}",
            error.line(),
            error.column()
        ))
    })?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(TransferError::Unreadable(format!(
            "not a segnapunti event document: its \"format\" must be \"{FORMAT}\" (made by `segnapunti export`)"
        )));
    }
    match value.get("format_version").and_then(Value::as_u64) {
        Some(version) if version == u64::from(FORMAT_VERSION) => {}
        Some(version) => {
            return Err(TransferError::Unreadable(format!(
                "format_version {version} is not one this build reads (it reads {FORMAT_VERSION})"
            )));
        }
        None => {
            return Err(TransferError::Unreadable(
                "the document has no \"format_version\" number".to_string(),
            ));
        }
    }
    serde_json::from_str(text).map_err(|error| {
        TransferError::Unreadable(format!(
            "the document is not laid out as version {FORMAT_VERSION} (line {}, column {}): {error}",
            error.line(),
            error.column()
        ))
    })
}

/// A document that passed [`check`]: every match log read as a record of its game, with
/// the summary of its replay under the nicknames the document carries.
pub struct Checked {
    replays: Vec<CheckedLog>,
}

struct CheckedLog {
    name: String,
    record: AnyRecord,
    summary: Value,
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
    match &row.match_key {
        Some(key) => format!("match {} ({key})", row.public_id),
        None => format!("match {} (out of the draw)", row.public_id),
    }
}

fn nickname_text(nicknames: &[NicknameDocument]) -> String {
    nicknames
        .iter()
        .map(|n| format!("{} = {}\n", n.name.trim(), n.expansion.trim()))
        .collect()
}

/// The match's log as a record of its game (the shape `scoring::LoadedMatch` gives it).
fn record_of(row: &MatchDocument) -> Result<AnyRecord, String> {
    let options: Value = serde_json::from_str(&row.options_json)
        .map_err(|error| format!("options_json is not JSON: {error}"))?;
    let players: Vec<String> = serde_json::from_str(&row.players_json)
        .map_err(|error| format!("players_json is not a list of names: {error}"))?;
    let mut entries = Vec::with_capacity(row.entries.len());
    for entry in &row.entries {
        let value: Value = serde_json::from_str(&entry.entry_json)
            .map_err(|error| format!("entry {} is not JSON: {error}", entry.seq))?;
        entries.push(value);
    }
    let document = serde_json::json!({
        "format_version": crate::rules::record::FORMAT_VERSION,
        "game": row.game,
        "options": options,
        "players": players,
        "first_dealer": row.first_dealer,
        "entries": entries,
    });
    AnyRecord::from_json(&document.to_string()).map_err(|error| error.message(Lang::En))
}

/// Checks everything that needs no database; lists every problem found.
pub fn check(document: &EventDocument) -> Result<Checked, TransferError> {
    let mut problems = Vec::new();
    let event = &document.event;

    if !is_public_id(&event.public_id) {
        problems.push(format!(
            "event public id `{}` is not 1 to 64 letters, digits, '-' or '_'",
            event.public_id
        ));
    }
    match event.game.parse::<GameKind>() {
        Err(_) => problems.push(format!(
            "event game `{}` is not one this build knows",
            event.game
        )),
        Ok(game) => match serde_json::from_str::<Value>(&event.game_options_json) {
            Ok(options) => {
                if let Err(error) = crate::events::check_options(game, &options, Lang::En) {
                    problems.push(format!(
                        "event game options: {}",
                        crate::web::i18n::Tr::new(Lang::En)
                            .msg(&error.msg(|name| name.to_string()))
                    ));
                }
            }
            Err(error) => problems.push(format!("event game_options_json is not JSON: {error}")),
        },
    }
    for zone in std::iter::once(&document.club.time_zone).chain(&event.time_zone) {
        if crate::zone::parse(zone).is_none() {
            problems.push(format!("time zone `{zone}` is not one this build offers"));
        }
    }
    if let Err(error) = serde_json::from_str::<Format>(&event.format_json) {
        problems.push(format!(
            "event format_json is not a tournament format: {error}"
        ));
    }
    if EventStatus::parse(&event.status).as_str() != event.status {
        problems.push(format!(
            "event status `{}` is not setup, running or finished",
            event.status
        ));
    }

    let club = &document.club;
    if club.name.trim().is_empty() {
        problems.push("the club has no name".to_string());
    }
    if !is_slug(&club.slug) {
        problems.push(format!(
            "club slug `{}` is not 1 to 80 lower-case letters, digits or '-'",
            club.slug
        ));
    }
    let nicknames = match Nicknames::parse_file(&nickname_text(&club.nicknames)) {
        Ok(nicknames) => nicknames,
        Err(error) => {
            problems.push(format!("club nicknames: {}", error.message(Lang::En)));
            Nicknames::new()
        }
    };

    let mut numbers = BTreeSet::new();
    for entrant in &document.entrants {
        if entrant.number < 1 {
            problems.push(format!(
                "entrant number {} is not 1 or more",
                entrant.number
            ));
        } else if !numbers.insert(entrant.number as u32) {
            problems.push(format!("entrant number {} appears twice", entrant.number));
        }
    }
    let known = |id: &EntrantId| numbers.contains(&id.0);
    if let Some(order) = &event.seed_order_json {
        match serde_json::from_str::<Vec<u32>>(order) {
            Ok(order) => {
                let mut seen = BTreeSet::new();
                for number in order {
                    if !numbers.contains(&number) || !seen.insert(number) {
                        problems.push(format!(
                            "the seed order names entrant {number}, which is not an entrant or is named twice"
                        ));
                    }
                }
            }
            Err(error) => problems.push(format!(
                "seed_order_json is not a list of entrant numbers: {error}"
            )),
        }
    }

    let mut public_ids = BTreeSet::new();
    let mut keys = BTreeSet::new();
    let mut replays = Vec::with_capacity(document.matches.len());
    for row in &document.matches {
        let name = match_name(row);
        if !is_public_id(&row.public_id) {
            problems.push(format!(
                "{name}: the public id is not 1 to 64 letters, digits, '-' or '_'"
            ));
        }
        if !public_ids.insert(row.public_id.as_str()) {
            problems.push(format!("{name}: the public id appears twice"));
        }
        if let Some(key) = &row.match_key
            && !keys.insert(key.as_str())
        {
            problems.push(format!("{name}: the key appears twice"));
        }
        if MatchStatus::parse(&row.status).is_none() {
            problems.push(format!(
                "{name}: status `{}` is not scheduled, in_progress, finished or forfeit",
                row.status
            ));
        }
        if !matches!(row.forfeit_winner.as_deref(), None | Some("A" | "B")) {
            problems.push(format!("{name}: the forfeit winner must be A or B"));
        }
        if let Some(sides) = &row.sides_json {
            match serde_json::from_str::<[Slot; 2]>(sides) {
                Ok(sides) => {
                    for entrant in sides.iter().flat_map(Slot::entrants) {
                        if !known(&entrant) {
                            problems.push(format!(
                                "{name}: its sides name entrant {entrant}, who is not an entrant"
                            ));
                        }
                    }
                }
                Err(error) => {
                    problems.push(format!("{name}: sides_json is not two sides: {error}"))
                }
            }
        }
        for change in &row.state_changes {
            for state in [&change.from_state, &change.to_state] {
                if parse_state(state).is_none() {
                    problems.push(format!(
                        "{name}: a change of state names no state: {state:?}"
                    ));
                }
            }
        }
        let mut submissions = BTreeSet::new();
        for (index, entry) in row.entries.iter().enumerate() {
            if entry.seq != index as i64 {
                problems.push(format!(
                    "{name}: entry {index} of the log carries seq {}; the log must count 0, 1, 2, …",
                    entry.seq
                ));
            }
            if !submissions.insert(entry.submission_key.as_str()) {
                problems.push(format!(
                    "{name}: entry {} repeats a submission key",
                    entry.seq
                ));
            }
        }
        match record_of(row) {
            Ok(record) => match record.replay(&nicknames) {
                Ok(state) => replays.push(CheckedLog {
                    name,
                    record,
                    summary: state.summary_json(),
                }),
                Err(error) => problems.push(format!(
                    "{name}: the log does not replay: {}",
                    crate::web::i18n::Tr::new(Lang::En).msg(&error.msg(Lang::En))
                )),
            },
            Err(message) => problems.push(format!("{name}: the log cannot be read: {message}")),
        }
    }

    for (index, notice) in document.notices.iter().enumerate() {
        if let Err(error) = serde_json::from_str::<CorrectionNotice>(&notice.notice_json) {
            problems.push(format!(
                "notice {}: not a correction notice: {error}",
                index + 1
            ));
        }
    }

    if problems.is_empty() {
        Ok(Checked { replays })
    } else {
        Err(TransferError::Refused(problems.join("\n")))
    }
}

// ---------------------------------------------------------------- import

/// What happened to the event's club.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClubOutcome {
    Created,
    /// A club of the same name was there; the document's nicknames it lacked were added.
    Reused {
        nicknames_added: usize,
    },
}

/// What an import did.
#[derive(Debug, Clone)]
pub struct ImportReport {
    pub event_public_id: String,
    pub event_name: String,
    pub club_name: String,
    pub club_slug: String,
    pub club: ClubOutcome,
    /// The account the event and its matches are credited to, and its role.
    pub credited_to: String,
    pub credited_role: Role,
    /// The account was an organizer, and was made one of the club's.
    pub organizer_added: bool,
    pub entrants: usize,
    pub matches: usize,
    pub entries: usize,
    pub notices: usize,
}

/// Checks the document, then creates its event in `db` in one transaction: all of it or
/// nothing. `credit_to` names the account the event and its matches are credited to (an
/// administrator or an organizer); without it, the oldest administrator.
pub fn import(
    db: &Db,
    document: &EventDocument,
    credit_to: Option<&str>,
) -> Result<ImportReport, TransferError> {
    let checked = check(document)?;
    import_checked(db, document, checked, credit_to)
}

/// [`import`] of a document already [`check`]ed.
pub fn import_checked(
    db: &Db,
    document: &EventDocument,
    checked: Checked,
    credit_to: Option<&str>,
) -> Result<ImportReport, TransferError> {
    let refusal = Arc::new(Mutex::new(None));
    let kept = Arc::clone(&refusal);
    let document = document.clone();
    let credit_to = credit_to.map(str::to_string);
    let written = db.write(move |connection| {
        match import_rows(connection, &document, &checked, credit_to.as_deref())? {
            Ok(report) => Ok(report),
            Err(why) => {
                if let Ok(mut slot) = kept.lock() {
                    *slot = Some(why);
                }
                // Any error rolls the write back; the refusal itself is kept above.
                Err(StoreError::Stale)
            }
        }
    });
    let refusal = refusal.lock().ok().and_then(|mut slot| slot.take());
    match (refusal, written) {
        (Some(why), _) => Err(TransferError::Refused(why)),
        (None, Ok(report)) => Ok(report),
        (None, Err(error)) => Err(TransferError::Store(error)),
    }
}

/// The account rows are credited to, or why there is none.
fn credited_account(
    connection: &mut DbConnection,
    credit_to: Option<&str>,
) -> StoreResult<Result<queries::Account, String>> {
    let Some(raw) = credit_to else {
        return Ok(queries::first_administrator(connection)?.ok_or_else(|| {
            "this database has no administrator to credit the event to: create one \
             (`segnapunti user add --role admin NAME`) or name an organizer with --as"
                .to_string()
        }));
    };
    let username = match accounts::normalize_username(raw) {
        Ok(username) => username,
        Err(error) => return Ok(Err(format!("--as {raw}: {error}"))),
    };
    Ok(match queries::account_named(connection, &username)? {
        None => Err(format!(
            "--as {username}: no account has that name in this database"
        )),
        Some(account) if account.role() == Role::Referee => Err(format!(
            "--as {username}: a referee cannot own an event; name an administrator or an organizer"
        )),
        Some(account) => Ok(account),
    })
}

/// The club of the document's name, made or completed with the document's nicknames.
fn resolve_club(
    connection: &mut DbConnection,
    club: &ClubDocument,
) -> StoreResult<Result<(clubs::Club, ClubOutcome), String>> {
    let name = club.name.trim();
    let Some(existing) = queries::club_named(connection, name)? else {
        let mut created = queries::create_club(connection, &club.slug, name)?;
        if created.time_zone != club.time_zone {
            clubs::set_time_zone(connection, created.id, &club.time_zone)?;
            created.time_zone = club.time_zone.clone();
        }
        for nickname in &club.nicknames {
            clubs::insert_nickname(connection, created.id, &nickname.name, &nickname.expansion)?;
        }
        return Ok(Ok((created, ClubOutcome::Created)));
    };
    let rows = clubs::nickname_rows(connection, existing.id)?;
    let mut missing = Vec::new();
    for nickname in &club.nicknames {
        let folded = fold_word(nickname.name.trim());
        match rows.iter().find(|row| row.folded == folded) {
            Some(row) if row.expansion.trim() != nickname.expansion.trim() => {
                return Ok(Err(format!(
                    "club \"{}\" here reads the nickname `{}` as \"{}\", but the event was scored \
                     with \"{}\"; change one of them so they agree, then import again",
                    existing.name,
                    row.name,
                    row.expansion,
                    nickname.expansion.trim()
                )));
            }
            Some(_) => {}
            None => missing.push(nickname),
        }
    }
    let mut together: String = rows
        .iter()
        .map(|row| format!("{} = {}\n", row.name, row.expansion))
        .collect();
    together.push_str(&nickname_text(
        &missing.iter().map(|n| (*n).clone()).collect::<Vec<_>>(),
    ));
    if let Err(error) = Nicknames::parse_file(&together) {
        return Ok(Err(format!(
            "the nicknames of club \"{}\" here and those of the event do not go together: {}",
            existing.name,
            error.message(Lang::En)
        )));
    }
    for nickname in &missing {
        clubs::insert_nickname(connection, existing.id, &nickname.name, &nickname.expansion)?;
    }
    let outcome = ClubOutcome::Reused {
        nicknames_added: missing.len(),
    };
    Ok(Ok((existing, outcome)))
}

/// Writes the rows; `Ok(Err(why))` refuses, and the caller rolls back.
fn import_rows(
    connection: &mut DbConnection,
    document: &EventDocument,
    checked: &Checked,
    credit_to: Option<&str>,
) -> StoreResult<Result<ImportReport, String>> {
    let account = match credited_account(connection, credit_to)? {
        Ok(account) => account,
        Err(why) => return Ok(Err(why)),
    };
    let event = &document.event;
    if queries::event_id_taken(connection, &event.public_id)? {
        return Ok(Err(format!(
            "event {} is already in this database (imported before?)",
            event.public_id
        )));
    }
    let match_ids: Vec<&str> = document
        .matches
        .iter()
        .map(|m| m.public_id.as_str())
        .collect();
    let taken = queries::match_ids_taken(connection, &match_ids)?;
    if !taken.is_empty() {
        return Ok(Err(format!(
            "these match public ids are already used in this database: {}",
            taken.join(", ")
        )));
    }
    let (club, club_outcome) = match resolve_club(connection, &document.club)? {
        Ok(resolved) => resolved,
        Err(why) => return Ok(Err(why)),
    };
    let organizer_added =
        account.role() == Role::Organizer && !clubs::is_organizer(connection, club.id, account.id)?;
    if organizer_added {
        clubs::add_organizer(connection, club.id, account.id)?;
    }

    // Times stay as typed: an event that read them in its club's zone keeps reading
    // them in that zone when the club here has another.
    let time_zone = match &event.time_zone {
        Some(zone) => Some(zone.as_str()),
        None if club.time_zone != document.club.time_zone => Some(document.club.time_zone.as_str()),
        None => None,
    };
    let event_id = queries::insert_event(connection, event, club.id, account.id, time_zone)?;
    for entrant in &document.entrants {
        let player1 = store_events::player_named(connection, &entrant.player1)?.id;
        let player2 = match &entrant.player2 {
            Some(name) => Some(store_events::player_named(connection, name)?.id),
            None => None,
        };
        queries::insert_entrant(connection, event_id, entrant, player1, player2)?;
    }
    for row in &document.matches {
        let match_id = queries::insert_match(connection, event_id, account.id, row)?;
        for entry in &row.entries {
            queries::insert_entry(connection, match_id, entry)?;
        }
        for change in &row.state_changes {
            state_changes::record_at(
                connection,
                &state_changes::NewStateChange {
                    match_id,
                    from_state: &change.from_state,
                    to_state: &change.to_state,
                    reason: &change.reason,
                    by_user_id: None,
                    by_label: &change.by_label,
                },
                change.created_at,
            )?;
        }
    }
    for notice in &document.notices {
        store_events::add_notice_at(connection, event_id, &notice.notice_json, notice.created_at)?;
    }

    // The logs as they read here: the club kept may know more nicknames than the file.
    let dictionary = clubs::dictionary(connection, club.id)?;
    for log in &checked.replays {
        match log.record.replay(&dictionary) {
            Ok(state) if state.summary_json() == log.summary => {}
            Ok(_) => {
                return Ok(Err(format!(
                    "{}: its log reads differently with the nicknames of club \"{}\" here",
                    log.name, club.name
                )));
            }
            Err(error) => {
                return Ok(Err(format!(
                    "{}: its log does not replay with the nicknames of club \"{}\" here: {}",
                    log.name,
                    club.name,
                    crate::web::i18n::Tr::new(Lang::En).msg(&error.msg(Lang::En))
                )));
            }
        }
    }
    let Some(stored) = store_events::find(connection, event_id)? else {
        return Err(StoreError::Query(diesel::result::Error::NotFound));
    };
    let data = crate::events::EventData::load(connection, stored)?;
    match crate::events::derive(connection, &data) {
        Ok(_) => {}
        Err(StoreError::Corrupt(why)) => {
            return Ok(Err(format!(
                "the event's rows do not make a tournament: {why}"
            )));
        }
        Err(other) => return Err(other),
    }

    Ok(Ok(ImportReport {
        event_public_id: event.public_id.clone(),
        event_name: event.name.clone(),
        club_name: club.name,
        club_slug: club.slug,
        club: club_outcome,
        credited_to: account.username.clone(),
        credited_role: account.role(),
        organizer_added,
        entrants: document.entrants.len(),
        matches: document.matches.len(),
        entries: document.entry_count(),
        notices: document.notices.len(),
    }))
}
