//! Accounts in the database.

use diesel::prelude::*;

use super::schema::users;
use super::{DbConnection, StoreResult, now};
use crate::accounts::Role;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub password_hash: String,
    role: String,
    /// Raised on every password change; sessions carry the epoch they began in.
    pub session_epoch: i64,
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: chrono::NaiveDateTime,
}

impl User {
    /// An unknown role in the database is read as the least privileged one.
    pub fn role(&self) -> Role {
        Role::stored(&self.role)
    }
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
}

pub fn count(connection: &mut DbConnection) -> StoreResult<i64> {
    Ok(users::table.count().get_result(connection)?)
}

pub fn find_by_id(connection: &mut DbConnection, id: i64) -> StoreResult<Option<User>> {
    Ok(super::typed!(connection, |inner| users::table
        .find(id)
        .select(User::as_select())
        .first(inner)
        .optional())?)
}

/// The account with the id of the player linked to it, if any: what a logged-in
/// page needs (its header links to that player's results).
pub fn find_with_player(
    connection: &mut DbConnection,
    id: i64,
) -> StoreResult<Option<(User, Option<i64>)>> {
    use super::schema::players;
    Ok(super::typed!(connection, |inner| users::table
        .left_join(players::table.on(players::user_id.eq(users::id.nullable())))
        .filter(users::id.eq(id))
        .select((User::as_select(), players::id.nullable()))
        .first(inner)
        .optional())?)
}

pub fn find_by_username(
    connection: &mut DbConnection,
    username: &str,
) -> StoreResult<Option<User>> {
    Ok(users::table
        .filter(users::username.eq(username))
        .select(User::as_select())
        .first(connection)
        .optional()?)
}

pub fn list(connection: &mut DbConnection) -> StoreResult<Vec<User>> {
    Ok(users::table
        .order(users::username.asc())
        .select(User::as_select())
        .load(connection)?)
}

/// Inserts the account; a taken username gives `StoreError::Duplicate`.
pub fn insert(connection: &mut DbConnection, new: &NewUser<'_>) -> StoreResult<User> {
    diesel::insert_into(users::table)
        .values((
            users::username.eq(new.username),
            users::display_name.eq(new.display_name),
            users::password_hash.eq(new.password_hash),
            users::role.eq(new.role.as_str()),
            users::session_epoch.eq(0),
            users::created_at.eq(now()),
        ))
        .execute(connection)?;
    // RETURNING does not pass through MultiConnection; the username is unique.
    find_by_username(connection, new.username)?
        .ok_or(super::StoreError::Query(diesel::result::Error::NotFound))
}

/// Stores a new hash and ends every other session of the account.
pub fn set_password(
    connection: &mut DbConnection,
    id: i64,
    password_hash: &str,
) -> StoreResult<i64> {
    diesel::update(users::table.find(id))
        .set((
            users::password_hash.eq(password_hash),
            users::session_epoch.eq(users::session_epoch + 1),
        ))
        .execute(connection)?;
    Ok(users::table
        .find(id)
        .select(users::session_epoch)
        .first(connection)?)
}
