//! A match's table number and referee, set from the organizer's page of the event. The
//! form says what it showed (`table_was`, `referee_was` or `referee_username_was`), so a
//! save changes only what the organizer changed.

use actix_web::{HttpResponse, web};

use super::manage::Typed;
use super::{ManagedEvent, MatchActionForm, back, event_match, refused_keeping};
use crate::accounts::Role;
use crate::store::events as store_events;
use crate::store::matches;
use crate::store::{StoreError, users};
use crate::web::assignment::UNKNOWN_USERNAME;
use crate::web::error::AppError;
use crate::web::managed::Managed;

/// The referee list's value that keeps more than one assigned referee as they are.
pub const SEVERAL: &str = "several";

/// The referee list's value for the referees assigned: none, one, or several.
pub fn referee_choice(assigned: &[i64]) -> String {
    match assigned {
        [] => String::new(),
        [one] => one.to_string(),
        _ => SEVERAL.to_string(),
    }
}

/// Sets a match's table number and referee: what the organizer changed of what the
/// form showed. "No referee" unassigns every referee of the match. A typed username of
/// no referee changes nothing and shows the form again as typed.
pub async fn assign(
    form: web::Form<MatchActionForm>,
    Managed(ctx, state, _, (event, _)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let row = event_match(&state, &event, &form.public_id).await?;
    // A refused form of a typed referee is shown again as typed.
    let as_typed = || Typed {
        assignment: form
            .referee_username
            .as_ref()
            .map(|username| (form.public_id.clone(), form.table.clone(), username.clone())),
        ..Typed::default()
    };
    let shown_table = form.table_was.clone().unwrap_or_else(|| {
        row.table_number
            .map(|table| table.to_string())
            .unwrap_or_default()
    });
    let table = if form.table.trim() == shown_table.trim() {
        None
    } else {
        match form.table.trim() {
            "" => Some(None),
            text => match text.parse::<i32>() {
                Ok(n) if (1..=999).contains(&n) => Some(Some(n)),
                _ => {
                    let typed = as_typed();
                    return refused_keeping(
                        ctx,
                        &state,
                        &event.public_id,
                        "event-error_table",
                        typed,
                    )
                    .await;
                }
            },
        }
    };
    let chosen = form.referee.trim().to_string();
    let referee_was = form.referee_was.clone();
    let typed = form
        .referee_username
        .as_ref()
        .map(|username| username.trim().chars().take(200).collect::<String>());
    let typed_was = form.referee_username_was.clone().unwrap_or_default();
    let match_id = row.id;
    let known = state
        .write(move |connection| {
            // A typed username is read first: one of no referee changes nothing.
            let typed_referee = match typed.as_deref() {
                Some(username) if username != typed_was.trim() && !username.is_empty() => {
                    match users::find_by_username(connection, username)? {
                        Some(user) if user.role() == Role::Referee => Some(Some(user.id)),
                        _ => return Ok(false),
                    }
                }
                Some("") if !typed_was.trim().is_empty() => Some(None),
                _ => None,
            };
            if let Some(table) = table {
                // The event first, then its match, as advancement takes them.
                store_events::hold_event_of_match(connection, match_id)?;
                store_events::set_table(connection, match_id, table)?;
            }
            let assigned: Vec<i64> = matches::referees(connection, match_id)?
                .into_iter()
                .map(|(id, _)| id)
                .collect();
            let new = if typed.is_some() {
                match typed_referee {
                    Some(new) => new,
                    None => return Ok(true),
                }
            } else {
                let shown = referee_was.unwrap_or_else(|| referee_choice(&assigned));
                if chosen == shown.trim() || chosen == SEVERAL {
                    return Ok(true);
                }
                match chosen.as_str() {
                    "" => None,
                    text => match text.parse::<i64>() {
                        Ok(user_id) => match users::find_by_id(connection, user_id)? {
                            Some(user) if user.role() == Role::Referee => Some(user_id),
                            _ => return Err(StoreError::Stale),
                        },
                        Err(_) => return Err(StoreError::Stale),
                    },
                }
            };
            for id in assigned {
                if Some(id) != new {
                    matches::unassign_referee(connection, match_id, id)?;
                }
            }
            if let Some(user_id) = new {
                matches::assign_referee(connection, match_id, user_id)?;
            }
            Ok(true)
        })
        .await
        .map_err(|error| match error {
            AppError::Store(StoreError::Stale) => AppError::NotFound,
            other => other,
        })?;
    if !known {
        let typed = as_typed();
        return refused_keeping(ctx, &state, &event.public_id, UNKNOWN_USERNAME, typed).await;
    }
    Ok(back(&ctx, &event, "event-table_saved"))
}
