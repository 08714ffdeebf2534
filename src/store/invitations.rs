//! One-time invitation links an administrator hands to a new organizer or referee.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::invitations;
use super::{DbConnection, StoreResult, now, update};
use crate::accounts::Role;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = invitations)]
pub struct Invitation {
    pub id: i64,
    pub token_hash: String,
    role: String,
    pub created_by: i64,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_by: Option<i64>,
    /// The account the link claims (its holder chooses its name and password), rather
    /// than one it makes.
    pub account_id: Option<i64>,
}

impl Invitation {
    pub fn role(&self) -> Role {
        Role::stored(&self.role)
    }
}

pub fn insert(
    connection: &mut DbConnection,
    token_hash: &str,
    role: Role,
    created_by: i64,
    expires_at: NaiveDateTime,
) -> StoreResult<()> {
    insert_for(connection, token_hash, role, created_by, expires_at, None)
}

/// An invitation that claims the existing account `account_id` (of `role`).
pub fn insert_claim(
    connection: &mut DbConnection,
    token_hash: &str,
    role: Role,
    created_by: i64,
    expires_at: NaiveDateTime,
    account_id: i64,
) -> StoreResult<()> {
    insert_for(
        connection,
        token_hash,
        role,
        created_by,
        expires_at,
        Some(account_id),
    )
}

/// An invitation to a new account (`account_id` `None`) or to claim an existing one.
fn insert_for(
    connection: &mut DbConnection,
    token_hash: &str,
    role: Role,
    created_by: i64,
    expires_at: NaiveDateTime,
    account_id: Option<i64>,
) -> StoreResult<()> {
    diesel::insert_into(invitations::table)
        .values((
            invitations::token_hash.eq(token_hash),
            invitations::role.eq(role.as_str()),
            invitations::created_by.eq(created_by),
            invitations::created_at.eq(now()),
            invitations::expires_at.eq(expires_at),
            invitations::account_id.eq(account_id),
        ))
        .execute(connection)?;
    Ok(())
}

/// An unused, unexpired invitation with this token hash.
pub fn find_open(
    connection: &mut DbConnection,
    token_hash: &str,
) -> StoreResult<Option<Invitation>> {
    Ok(invitations::table
        .filter(invitations::token_hash.eq(token_hash))
        .filter(invitations::used_by.is_null())
        .filter(invitations::expires_at.gt(now()))
        .select(Invitation::as_select())
        .first(connection)
        .optional()?)
}

/// Whether an invitation with this token hash was used (issue 36: its link then says
/// so, rather than "not found").
pub fn was_used(connection: &mut DbConnection, token_hash: &str) -> StoreResult<bool> {
    let used: i64 = invitations::table
        .filter(invitations::token_hash.eq(token_hash))
        .filter(invitations::used_by.is_not_null())
        .count()
        .get_result(connection)?;
    Ok(used > 0)
}

/// Marks the invitation used; false when someone else used it first.
pub fn mark_used(connection: &mut DbConnection, id: i64, user_id: i64) -> StoreResult<bool> {
    let unused = invitations::table
        .find(id)
        .filter(invitations::used_by.is_null());
    Ok(update(connection, unused, invitations::used_by.eq(user_id))? == 1)
}

pub fn list_open(connection: &mut DbConnection) -> StoreResult<Vec<Invitation>> {
    Ok(invitations::table
        .filter(invitations::used_by.is_null())
        .filter(invitations::expires_at.gt(now()))
        .order(invitations::created_at.desc())
        .select(Invitation::as_select())
        .load(connection)?)
}
