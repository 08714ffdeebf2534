//! Small named values the application keeps for itself (session key, setup token).

use diesel::prelude::*;

use super::schema::app_settings;
use super::{DbConnection, StoreResult, required};

pub const SESSION_KEY: &str = "session_key";
pub const SETUP_TOKEN_HASH: &str = "setup_token_hash";
/// Written by the health check to learn whether writes are stored again.
pub const HEALTH_PROBE: &str = "health_probe";

pub fn get(connection: &mut DbConnection, name: &str) -> StoreResult<Option<String>> {
    Ok(app_settings::table
        .find(name)
        .select(app_settings::value)
        .first(connection)
        .optional()?)
}

pub fn set(connection: &mut DbConnection, name: &str, value: &str) -> StoreResult<()> {
    let updated = diesel::update(app_settings::table.find(name))
        .set(app_settings::value.eq(value))
        .execute(connection)?;
    if updated == 0 {
        diesel::insert_into(app_settings::table)
            .values((app_settings::name.eq(name), app_settings::value.eq(value)))
            .execute(connection)?;
    }
    Ok(())
}

/// Inserts the value unless one is there already; returns the value that holds.
/// Two instances starting together agree on one value.
pub fn get_or_insert(
    connection: &mut DbConnection,
    name: &str,
    candidate: &str,
) -> StoreResult<String> {
    if let Some(existing) = get(connection, name)? {
        return Ok(existing);
    }
    match diesel::insert_into(app_settings::table)
        .values((
            app_settings::name.eq(name),
            app_settings::value.eq(candidate),
        ))
        .execute(connection)
    {
        Ok(_) => Ok(candidate.to_string()),
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => required(get(connection, name)?),
        Err(other) => Err(other.into()),
    }
}

pub fn remove(connection: &mut DbConnection, name: &str) -> StoreResult<bool> {
    Ok(diesel::delete(app_settings::table.find(name)).execute(connection)? > 0)
}
