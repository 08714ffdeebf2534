//! Naming accounts of one role to something (organizers to a club, referees to a
//! match): the form both pages post and the one write that adds or removes the account.
//! The accounts to add are a choice while they are few, a typed username once they
//! are many (issue 39), so that the page never grows with the accounts.

use serde::Deserialize;

use super::AppState;
use super::error::AppError;
use crate::accounts::Role;
use crate::store::users::UserFilter;
use crate::store::{DbConnection, StoreError, StoreResult, users};

/// The most accounts offered as a choice; with more, the username is typed.
pub const CHOICE_AT_MOST: i64 = 30;

/// The accounts a page offers to add (`templates/assignment.html`).
pub struct Candidates {
    /// (id, name) by username, while they are few; empty when typed.
    pub options: Vec<(i64, String)>,
    /// Too many accounts to list: the username is typed.
    pub typed: bool,
}

impl Candidates {
    pub fn is_empty(&self) -> bool {
        !self.typed && self.options.is_empty()
    }
}

/// The accounts of `role` not `named` already: reads at most [`CHOICE_AT_MOST`] + 1
/// beside the named ones.
pub fn candidates(
    connection: &mut DbConnection,
    role: Role,
    named: &[(i64, String)],
) -> StoreResult<Candidates> {
    let filter = UserFilter {
        text: String::new(),
        role: Some(role),
    };
    let size = CHOICE_AT_MOST + named.len() as i64;
    let (rows, more) = users::page(connection, &filter, 0, size)?;
    let options: Vec<(i64, String)> = rows
        .into_iter()
        .filter(|user| !named.iter().any(|(id, _)| *id == user.id))
        .map(|user| (user.id, user.display_name))
        .collect();
    let typed = more || options.len() as i64 > CHOICE_AT_MOST;
    Ok(Candidates {
        options: if typed { Vec::new() } else { options },
        typed,
    })
}

/// The notice of a typed username that names no account of the role.
pub const UNKNOWN_USERNAME: &str = "assignment-unknown_username";

/// One account added to, or removed from (`remove`), a list: chosen by id, or typed by
/// its username.
#[derive(Deserialize)]
pub struct AssignmentForm {
    #[serde(default)]
    pub user_id: Option<i64>,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub remove: bool,
}

/// A store function that adds or removes `user_id` on the thing `owner_id` names.
pub type Change = fn(&mut DbConnection, i64, i64) -> StoreResult<()>;

/// Adds (`add`) or removes (`remove`) the form's account on `owner_id`, when the account
/// has `role`. An unknown id or one of another role is not found; a typed username of
/// no such account answers `false`, for the page to say so.
pub async fn assign(
    state: &AppState,
    form: &AssignmentForm,
    role: Role,
    owner_id: i64,
    (add, remove): (Change, Change),
) -> Result<bool, AppError> {
    let (user_id, removing) = (form.user_id, form.remove);
    let username: String = form.username.trim().chars().take(80).collect();
    state
        .write(move |connection| {
            let user = match user_id {
                Some(id) => users::find_by_id(connection, id)?,
                None => users::find_by_username(connection, &username)?,
            };
            match user {
                Some(user) if user.role() == role => {
                    let change = if removing { remove } else { add };
                    change(connection, owner_id, user.id)?;
                    Ok(true)
                }
                _ if user_id.is_none() => Ok(false),
                _ => Err(StoreError::Stale),
            }
        })
        .await
        .map_err(|error| match error {
            AppError::Store(StoreError::Stale) => AppError::NotFound,
            other => other,
        })
}
