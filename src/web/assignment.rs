//! Naming accounts of one role to something (organizers to a club, referees to a
//! match): the form both pages post and the one write that adds or removes the account.

use serde::Deserialize;

use super::AppState;
use super::error::AppError;
use crate::accounts::Role;
use crate::store::{DbConnection, StoreError, StoreResult, users};

/// One account added to, or removed from (`remove`), a list.
#[derive(Deserialize)]
pub struct AssignmentForm {
    pub user_id: i64,
    #[serde(default)]
    pub remove: bool,
}

/// A store function that adds or removes `user_id` on the thing `owner_id` names.
pub type Change = fn(&mut DbConnection, i64, i64) -> StoreResult<()>;

/// Adds (`add`) or removes (`remove`) the form's account on `owner_id`, when the account
/// has `role`; an unknown account or one of another role is not found.
pub async fn assign(
    state: &AppState,
    form: &AssignmentForm,
    role: Role,
    owner_id: i64,
    (add, remove): (Change, Change),
) -> Result<(), AppError> {
    let (user_id, removing) = (form.user_id, form.remove);
    state
        .write(
            move |connection| match users::find_by_id(connection, user_id)? {
                Some(user) if user.role() == role => {
                    let change = if removing { remove } else { add };
                    change(connection, owner_id, user_id)
                }
                _ => Err(StoreError::Stale),
            },
        )
        .await
        .map_err(|error| match error {
            AppError::Store(StoreError::Stale) => AppError::NotFound,
            other => other,
        })
}
