//! Referees by physical table: the organizer gives a referee the tables they look after
//! for the whole night (several at once); the referee's home page then lists the match
//! now at each of them, whatever the round, and they may score it.

use actix_web::{HttpResponse, web};

use super::{ManagedEvent, back, refused};
use crate::accounts::Role;
use crate::store::events as store_events;
use crate::store::events::EventRow;
use crate::store::users;
use crate::tournament::Format;
use crate::web::AppState;
use crate::web::error::AppError;
use crate::web::managed::Managed;

/// What the organizer's page shows of the referees by table.
pub struct ByTable {
    /// The night's physical tables.
    pub tables: Vec<i32>,
    /// Each referee account with the tables they look after (possibly none).
    pub referees: Vec<RefereeTables>,
}

pub struct RefereeTables {
    pub id: i64,
    pub name: String,
    pub tables: Vec<i32>,
}

impl RefereeTables {
    pub fn has(&self, table: &i32) -> bool {
        self.tables.contains(table)
    }

    /// "1, 2, 3", or nothing.
    pub fn list(&self) -> String {
        self.tables
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The referees by table of a rotating night that is drawn; `None` for other events.
pub async fn by_table(
    state: &AppState,
    event: &EventRow,
    referees: &[(i64, String)],
) -> Result<Option<ByTable>, AppError> {
    let rotating = matches!(
        crate::events::format_of(event),
        Ok(Format::RotatingPartners(_))
    );
    if !rotating {
        return Ok(None);
    }
    let event_id = event.id;
    let (numbers, assigned) = state
        .read(move |connection| {
            let mut numbers: Vec<i32> = store_events::event_matches(connection, event_id)?
                .into_iter()
                .filter(|row| row.match_key.is_some())
                .filter_map(|row| row.table_number)
                .collect();
            numbers.sort_unstable();
            numbers.dedup();
            Ok((
                numbers,
                store_events::table_referees_of(connection, event_id)?,
            ))
        })
        .await?;
    if numbers.is_empty() {
        return Ok(None);
    }
    Ok(Some(ByTable {
        tables: numbers,
        referees: referees
            .iter()
            .map(|(id, name)| RefereeTables {
                id: *id,
                name: name.clone(),
                tables: assigned
                    .iter()
                    .filter(|(_, user_id, _)| user_id == id)
                    .map(|(table, _, _)| *table)
                    .collect(),
            })
            .collect(),
    }))
}

/// Sets the tables of one referee for the event: the form's `referee` and every `table`
/// checked (none: the referee looks after no table of this event).
pub async fn set_tables(
    body: web::Bytes,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_bytes(&body).map_err(|_| AppError::BadRequest)?;
    let referee = pairs
        .iter()
        .find(|(name, _)| name == "referee")
        .and_then(|(_, value)| value.trim().parse::<i64>().ok());
    let Some(referee) = referee else {
        return refused(
            ctx,
            &state,
            &event.public_id,
            "table_referees-error_referee",
        )
        .await;
    };
    let mut tables = Vec::new();
    for (_, value) in pairs.iter().filter(|(name, _)| name == "table") {
        match value.trim().parse::<i32>() {
            Ok(table) if (1..=999).contains(&table) => tables.push(table),
            _ => return refused(ctx, &state, &event.public_id, "event-error_table").await,
        }
    }
    let event_id = event.id;
    let saved = state
        .write(move |connection| {
            match users::find_by_id(connection, referee)? {
                Some(user) if user.role() == Role::Referee => {}
                _ => return Ok(false),
            }
            let had: Vec<i32> = store_events::table_referees_of(connection, event_id)?
                .into_iter()
                .filter(|(_, user_id, _)| *user_id == referee)
                .map(|(table, _, _)| table)
                .collect();
            for table in had.iter().filter(|t| !tables.contains(t)) {
                store_events::set_table_referee(connection, event_id, *table, referee, false)?;
            }
            for table in tables.iter().filter(|t| !had.contains(t)) {
                store_events::set_table_referee(connection, event_id, *table, referee, true)?;
            }
            Ok(true)
        })
        .await?;
    if !saved {
        return refused(
            ctx,
            &state,
            &event.public_id,
            "table_referees-error_referee",
        )
        .await;
    }
    Ok(back(&ctx, &event, "table_referees-saved"))
}
