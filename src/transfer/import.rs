//! Import: a checked document's rows written in one transaction, credited to an account
//! of this database, into a club of the document's name (made, or completed with the
//! document's nicknames); the logs replayed again and the event derived before commit.

use std::sync::{Arc, Mutex};

use super::check::{Checked, check, nickname_text};
use super::document::{ClubDocument, EventDocument};
use super::{TransferError, nickname_lines, queries, worded, worded_error};
use crate::accounts::{self, Role};
use crate::lang::Msg;
use crate::rules::card::fold_word;
use crate::rules::comanda::Nicknames;
use crate::store::events as store_events;
use crate::store::state_changes;
use crate::store::{Db, DbConnection, StoreError, StoreResult, clubs, required};

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
        (Some(why), _) => Err(TransferError::Refused(worded(&why))),
        (None, Ok(report)) => Ok(report),
        (None, Err(error)) => Err(TransferError::Store(error)),
    }
}

/// The account rows are credited to, or why there is none.
fn credited_account(
    connection: &mut DbConnection,
    credit_to: Option<&str>,
) -> StoreResult<Result<queries::Account, Msg>> {
    let Some(raw) = credit_to else {
        return Ok(queries::first_administrator(connection)?
            .ok_or_else(|| Msg::new("transfer-no_administrator")));
    };
    let username = match accounts::normalize_username(raw) {
        Ok(username) => username,
        Err(error) => {
            return Ok(Err(Msg::new("transfer-as_invalid")
                .arg("name", raw.to_string())
                .arg("error", error.to_string())));
        }
    };
    let refused = |id: &'static str| Err(Msg::new(id).arg("name", username.clone()));
    Ok(match queries::account_named(connection, &username)? {
        None => refused("transfer-as_unknown"),
        Some(account) if account.role() == Role::Referee => refused("transfer-as_referee"),
        Some(account) => Ok(account),
    })
}

/// The club of the document's name, made or completed with the document's nicknames.
fn resolve_club(
    connection: &mut DbConnection,
    club: &ClubDocument,
) -> StoreResult<Result<(clubs::Club, ClubOutcome), Msg>> {
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
                return Ok(Err(Msg::new("transfer-nickname_differs")
                    .arg("club", existing.name.clone())
                    .arg("nickname", row.name.clone())
                    .arg("here", row.expansion.clone())
                    .arg("there", nickname.expansion.trim().to_string())));
            }
            Some(_) => {}
            None => missing.push(nickname),
        }
    }
    let mut together = nickname_lines(
        rows.iter()
            .map(|row| (row.name.as_str(), row.expansion.as_str())),
    );
    together.push_str(&nickname_text(missing.iter().copied()));
    if let Err(error) = Nicknames::parse_file(&together) {
        return Ok(Err(Msg::new("transfer-nicknames_clash")
            .arg("club", existing.name.clone())
            .arg("error", worded_error(&error))));
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
) -> StoreResult<Result<ImportReport, Msg>> {
    let account = match credited_account(connection, credit_to)? {
        Ok(account) => account,
        Err(why) => return Ok(Err(why)),
    };
    let event = &document.event;
    if queries::event_id_taken(connection, &event.public_id)? {
        return Ok(Err(
            Msg::new("transfer-event_taken").arg("id", event.public_id.clone())
        ));
    }
    let match_ids: Vec<&str> = document
        .matches
        .iter()
        .map(|m| m.public_id.as_str())
        .collect();
    let taken = queries::match_ids_taken(connection, &match_ids)?;
    if !taken.is_empty() {
        return Ok(Err(
            Msg::new("transfer-matches_taken").arg("ids", taken.join(", "))
        ));
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
        let of_log = |id: &'static str| {
            Msg::new(id)
                .arg("match", log.name.clone())
                .arg("club", club.name.clone())
        };
        match log.record.replay(&dictionary) {
            Ok(state) if state.summary_json() == log.summary => {}
            Ok(_) => return Ok(Err(of_log("transfer-reads_differently"))),
            Err(error) => {
                return Ok(Err(
                    of_log("transfer-no_replay_here").arg("error", worded_error(&error))
                ));
            }
        }
    }
    let stored = required(store_events::find(connection, event_id)?)?;
    let data = crate::events::EventData::load(connection, stored)?;
    match crate::events::derive(connection, &data) {
        // The imported matches rate their players as if played here.
        Ok(Some(derived)) => {
            crate::ratings::refresh_event(connection, &data, &derived.summaries)?;
            crate::player_figures::refresh_event(
                connection,
                &data,
                &derived.tournament,
                &derived.schedule,
                None,
            )?;
        }
        Ok(None) => {}
        Err(StoreError::Corrupt(why)) => {
            return Ok(Err(Msg::new("transfer-not_a_tournament").arg("error", why)));
        }
        Err(other) => return Err(other),
    }
    // What `check` would refuse is not taken (players of a match that its entrants
    // contradict, among others).
    let stored = required(store_events::find(connection, event_id)?)?;
    match crate::check::check_event(
        connection,
        &stored,
        &mut crate::check::Totals::default(),
        false,
    ) {
        Ok(Ok(())) => {}
        Ok(Err(disagreement)) => {
            return Ok(Err(
                Msg::new("transfer-check_disagrees").arg("why", disagreement.to_string())
            ));
        }
        Err(StoreError::Corrupt(why)) => {
            return Ok(Err(Msg::new("transfer-not_a_tournament").arg("error", why)));
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
