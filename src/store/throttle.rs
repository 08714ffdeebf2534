//! Failed logins, counted per account and per address, so that guessing is slow
//! on every instance that shares the database.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::schema::login_failures;
use super::{DbConnection, StoreResult, now};

pub const WINDOW_MINUTES: i64 = 15;
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
pub const MAX_FAILURES_PER_ADDRESS: i64 = 20;

fn window_start() -> NaiveDateTime {
    now() - Duration::minutes(WINDOW_MINUTES)
}

/// True when either the account or the address has failed too often lately.
pub fn is_throttled(
    connection: &mut DbConnection,
    username: &str,
    address: &str,
) -> StoreResult<bool> {
    let since = window_start();
    let by_account: i64 = login_failures::table
        .filter(login_failures::username.eq(username))
        .filter(login_failures::failed_at.gt(since))
        .count()
        .get_result(connection)?;
    if by_account >= MAX_FAILURES_PER_ACCOUNT {
        return Ok(true);
    }
    let by_address: i64 = login_failures::table
        .filter(login_failures::address.eq(address))
        .filter(login_failures::failed_at.gt(since))
        .count()
        .get_result(connection)?;
    Ok(by_address >= MAX_FAILURES_PER_ADDRESS)
}

pub fn record_failure(
    connection: &mut DbConnection,
    username: &str,
    address: &str,
) -> StoreResult<()> {
    diesel::insert_into(login_failures::table)
        .values((
            login_failures::username.eq(username),
            login_failures::address.eq(address),
            login_failures::failed_at.eq(now()),
        ))
        .execute(connection)?;
    // Old rows only cost space; trimming them here keeps the table small.
    diesel::delete(login_failures::table.filter(login_failures::failed_at.lt(window_start())))
        .execute(connection)?;
    Ok(())
}

/// A successful login forgives the account's earlier failures.
pub fn clear_account(connection: &mut DbConnection, username: &str) -> StoreResult<()> {
    diesel::delete(login_failures::table.filter(login_failures::username.eq(username)))
        .execute(connection)?;
    Ok(())
}
