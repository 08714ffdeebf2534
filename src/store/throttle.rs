//! Failed logins, counted in the database so that guessing is slow on every
//! instance sharing it, and counted per account and address pair so that a
//! stranger cannot lock the owner out.
//!
//! An attempt is counted before its password is checked, by one atomic update that
//! refuses it once the pair has failed [`FAILURES_PER_PAIR`] times in the window:
//! attempts made at the same moment cannot all pass a check made before any of
//! them was recorded. Failures against one account from many addresses, or from
//! one address against many accounts, only slow every later attempt of that
//! account or address down ([`Admission::Admitted`]'s delay), never refuse it: the
//! owner still gets in from an address of their own, and behind a proxy that is not
//! trusted every visitor shares one address.

use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::dsl::sum;
use diesel::prelude::*;

use super::schema::login_attempts;
use super::{DbConnection, StoreResult, now};

pub const WINDOW_MINUTES: i64 = 15;
/// Failed logins one address may make against one account in a window; then that
/// pair is refused until the window ends.
pub const FAILURES_PER_PAIR: i32 = 5;
/// Failures against one account, from all addresses, before each attempt waits.
pub const FREE_FAILURES_PER_ACCOUNT: i64 = 10;
/// Failures from one address, against all accounts, before each attempt waits.
pub const FREE_FAILURES_PER_ADDRESS: i64 = 20;
/// The first wait; each failure after it doubles it, up to [`LONGEST_DELAY`].
pub const FIRST_DELAY: Duration = Duration::from_millis(250);
pub const LONGEST_DELAY: Duration = Duration::from_secs(10);

/// What may happen to a login attempt, decided before its password is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// The pair has failed too often lately: the password is not checked.
    Refused,
    /// Counted as a failure until [`forgive`] says otherwise; check the password
    /// after waiting `delay`.
    Admitted { delay: Duration },
}

fn window_start(at: NaiveDateTime) -> NaiveDateTime {
    at - chrono::Duration::minutes(WINDOW_MINUTES)
}

/// Counts an attempt of `address` at `username`, refusing it past the pair's limit.
/// Run it in a write transaction: the count and the refusal are one update.
pub fn admit(
    connection: &mut DbConnection,
    username: &str,
    address: &str,
) -> StoreResult<Admission> {
    admit_at(connection, username, address, now())
}

/// [`admit`] with the clock reading `at`.
pub fn admit_at(
    connection: &mut DbConnection,
    username: &str,
    address: &str,
    at: NaiveDateTime,
) -> StoreResult<Admission> {
    let since = window_start(at);
    // A window stored as starting later than now began while the clock was ahead:
    // it starts now instead, so that no lockout lasts longer than one window from now
    // once the clock is put back.
    diesel::update(login_attempts::table.filter(login_attempts::window_started_at.gt(at)))
        .set(login_attempts::window_started_at.eq(at))
        .execute(connection)?;
    // Windows that have ended go first, so that the pair's row below starts afresh.
    diesel::delete(login_attempts::table.filter(login_attempts::window_started_at.le(since)))
        .execute(connection)?;
    super::typed!(connection, |inner| diesel::insert_into(
        login_attempts::table
    )
    .values((
        login_attempts::username.eq(username),
        login_attempts::address.eq(address),
        login_attempts::window_started_at.eq(at),
        login_attempts::failures.eq(0),
    ))
    .on_conflict_do_nothing()
    .execute(inner))?;
    // On PostgreSQL concurrent updates of the row wait for each other and check the
    // limit again on the row as the one before left it.
    let counted = diesel::update(
        login_attempts::table
            .find((username, address))
            .filter(login_attempts::failures.lt(FAILURES_PER_PAIR)),
    )
    .set(login_attempts::failures.eq(login_attempts::failures + 1))
    .execute(connection)?;
    if counted == 0 {
        return Ok(Admission::Refused);
    }
    let by_account: Option<i64> = login_attempts::table
        .filter(login_attempts::username.eq(username))
        .filter(login_attempts::window_started_at.gt(since))
        .select(sum(login_attempts::failures))
        .first(connection)?;
    let by_address: Option<i64> = login_attempts::table
        .filter(login_attempts::address.eq(address))
        .filter(login_attempts::window_started_at.gt(since))
        .select(sum(login_attempts::failures))
        .first(connection)?;
    let delay = delay_after(by_account.unwrap_or(0), FREE_FAILURES_PER_ACCOUNT).max(delay_after(
        by_address.unwrap_or(0),
        FREE_FAILURES_PER_ADDRESS,
    ));
    Ok(Admission::Admitted { delay })
}

/// A successful login: the pair's attempts were the owner's, not a guesser's. The
/// account's failures from other addresses stay counted.
pub fn forgive(connection: &mut DbConnection, username: &str, address: &str) -> StoreResult<()> {
    diesel::delete(login_attempts::table.find((username, address))).execute(connection)?;
    Ok(())
}

/// The wait before checking a password, once `failures` are past the `free` ones:
/// [`FIRST_DELAY`], doubled at each failure after it, at most [`LONGEST_DELAY`].
fn delay_after(failures: i64, free: i64) -> Duration {
    let over = failures - free;
    if over <= 0 {
        return Duration::ZERO;
    }
    let doublings = u32::try_from(over - 1).unwrap_or(u32::MAX).min(16);
    (FIRST_DELAY * 2u32.pow(doublings)).min(LONGEST_DELAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delay_doubles_past_the_free_failures_up_to_its_limit() {
        assert_eq!(delay_after(0, 10), Duration::ZERO);
        assert_eq!(delay_after(10, 10), Duration::ZERO);
        assert_eq!(delay_after(11, 10), FIRST_DELAY);
        assert_eq!(delay_after(12, 10), FIRST_DELAY * 2);
        assert_eq!(delay_after(13, 10), FIRST_DELAY * 4);
        assert_eq!(delay_after(30, 10), LONGEST_DELAY);
        assert_eq!(delay_after(i64::MAX, 10), LONGEST_DELAY);
    }
}
