//! Logged-in sessions. The cookie carries a random id; the database keeps its
//! SHA-256 with the account and the session's end, so that ending a session here
//! ends it for every copy of the cookie, on every instance sharing the database.

use chrono::Duration;
use diesel::prelude::*;

use super::schema::{players, sessions, users};
use super::users::User;
use super::{DbConnection, StoreResult, now};

/// A session ends this long after the login, as its cookie does.
pub const LIFETIME_DAYS: i64 = 7;

/// Stores a new session of the account, and forgets the sessions that have ended.
pub fn create(connection: &mut DbConnection, user_id: i64, id_hash: &str) -> StoreResult<()> {
    let started = now();
    diesel::delete(sessions::table.filter(sessions::expires_at.le(started))).execute(connection)?;
    diesel::insert_into(sessions::table)
        .values((
            sessions::id_hash.eq(id_hash),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(started),
            sessions::expires_at.eq(started + Duration::days(LIFETIME_DAYS)),
        ))
        .execute(connection)?;
    Ok(())
}

/// The account of a live session with the id of the player linked to it, in one
/// query: every page of a logged-in visitor asks (its header links to that
/// player's results).
pub fn find_user(
    connection: &mut DbConnection,
    id_hash: &str,
) -> StoreResult<Option<(User, Option<i64>)>> {
    let at = now();
    Ok(super::typed!(connection, |inner| sessions::table
        .inner_join(users::table)
        .left_join(players::table.on(players::user_id.eq(users::id.nullable())))
        .filter(sessions::id_hash.eq(id_hash))
        .filter(sessions::expires_at.gt(at))
        .select((User::as_select(), players::id.nullable()))
        .first(inner)
        .optional())?)
}

/// Ends one session (a logout).
pub fn end(connection: &mut DbConnection, id_hash: &str) -> StoreResult<()> {
    diesel::delete(sessions::table.filter(sessions::id_hash.eq(id_hash))).execute(connection)?;
    Ok(())
}

/// Ends every session of the account but the one kept (a password change).
pub fn end_others(
    connection: &mut DbConnection,
    user_id: i64,
    kept_hash: Option<&str>,
) -> StoreResult<()> {
    let theirs = sessions::table.filter(sessions::user_id.eq(user_id));
    match kept_hash {
        Some(kept) => diesel::delete(theirs.filter(sessions::id_hash.ne(kept))).execute(connection),
        None => diesel::delete(theirs).execute(connection),
    }?;
    Ok(())
}
