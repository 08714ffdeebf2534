//! Export: an event and everything stored about it, read from one consistent snapshot,
//! as an [`EventDocument`].

use std::collections::BTreeMap;

use diesel::Connection;
use diesel::connection::SimpleConnection;

use super::document::{
    ClubDocument, EntrantDocument, EntryDocument, EventDocument, EventFields, FORMAT,
    FORMAT_VERSION, MatchDocument, NicknameDocument, NoticeDocument, StateChangeDocument,
    to_microseconds,
};
use super::{TransferError, queries, worded};
use crate::lang::Msg;
use crate::store::events as store_events;
use crate::store::matches as store_matches;
use crate::store::state_changes;
use crate::store::{Db, DbConnection, StoreError, StoreResult, clubs};

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
        TransferError::Refused(worded(
            &Msg::new("transfer-no_event").arg("id", public_id.to_string()),
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
    let notices = crate::store::events::all_notices(connection, event.id)?
        .into_iter()
        .map(|row| NoticeDocument {
            notice_json: row.notice_json,
            created_at: to_microseconds(row.created_at),
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
