//! Referees by physical table: the organizer gives a referee the tables they look after
//! for the whole night (several at once); the referee's home page then lists the match
//! now at each of them, whatever the round, and they may score it.

use actix_web::{HttpResponse, web};

use super::manage::Typed;
use super::{ManagedEvent, back, refused, refused_keeping};
use crate::accounts::Role;
use crate::store::events as store_events;
use crate::store::events::EventRow;
use crate::store::users;
use crate::tournament::Format;
use crate::web::AppState;
use crate::web::assignment::{Candidates, UNKNOWN_USERNAME};
use crate::web::error::AppError;
use crate::web::managed::Managed;

/// What the organizer's page shows of the referees by table.
pub struct ByTable {
    /// The night's physical tables.
    pub tables: Vec<i32>,
    /// Each referee account with the tables they look after (possibly none); once the
    /// referees are too many to list, only those looking after a table of the event.
    pub referees: Vec<RefereeTables>,
    /// Too many referees to list: another one is named by username.
    pub typed: bool,
    /// The form naming another referee, as typed when refused: username and tables.
    pub new_username: String,
    pub new_tables: Vec<i32>,
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
    referees: &Candidates,
    typed: &Typed,
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
    let listed: Vec<(i64, String)> = if referees.typed {
        let mut with_tables: Vec<(i64, String)> = assigned
            .iter()
            .map(|(_, id, name)| (*id, name.clone()))
            .collect();
        with_tables.sort_by(|a, b| (&a.1, a.0).cmp(&(&b.1, b.0)));
        with_tables.dedup();
        with_tables
    } else {
        referees.options.clone()
    };
    let (new_username, new_tables) = typed.table_referee.clone().unwrap_or_default();
    Ok(Some(ByTable {
        tables: numbers,
        typed: referees.typed,
        new_username,
        new_tables,
        referees: listed
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

/// Sets the tables of one referee for the event: the form's `referee` (an account id) or
/// `referee_username`, and every `table` checked (none: the referee looks after no table
/// of this event).
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
    let typed = pairs
        .iter()
        .find(|(name, _)| name == "referee_username")
        .map(|(_, value)| value.chars().take(80).collect::<String>());
    let named = match (referee, &typed) {
        (Some(id), _) => Named::Id(id),
        (None, Some(username)) => Named::Username(username.trim().to_string()),
        (None, None) => {
            return refused(
                ctx,
                &state,
                &event.public_id,
                "table_referees-error_referee",
            )
            .await;
        }
    };
    let mut tables = Vec::new();
    for (_, value) in pairs.iter().filter(|(name, _)| name == "table") {
        match value.trim().parse::<i32>() {
            Ok(table) if (1..=999).contains(&table) => tables.push(table),
            _ => return refused(ctx, &state, &event.public_id, "event-error_table").await,
        }
    }
    let event_id = event.id;
    let kept_tables = tables.clone();
    let saved = state
        .write(move |connection| {
            let user = match &named {
                Named::Id(id) => users::find_by_id(connection, *id)?,
                Named::Username(username) => users::find_by_username(connection, username)?,
            };
            let referee = match user {
                Some(user) if user.role() == Role::Referee => user.id,
                _ => return Ok(false),
            };
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
    if !saved && let (None, Some(username)) = (referee, typed) {
        let typed = Typed {
            table_referee: Some((username, kept_tables)),
            ..Typed::default()
        };
        return refused_keeping(ctx, &state, &event.public_id, UNKNOWN_USERNAME, typed).await;
    }
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

/// The referee a form names: chosen from the list, or typed.
enum Named {
    Id(i64),
    Username(String),
}
