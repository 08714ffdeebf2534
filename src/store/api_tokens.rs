//! Personal API tokens: a user's key for the JSON API, kept as a hash.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{api_tokens, users};
use super::users::User;
use super::{DbConnection, StoreResult, now, update};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: i64,
    pub user_id: i64,
    pub label: String,
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
}

pub fn insert(
    connection: &mut DbConnection,
    user_id: i64,
    label: &str,
    token_hash: &str,
) -> StoreResult<()> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::user_id.eq(user_id),
            api_tokens::label.eq(label),
            api_tokens::token_hash.eq(token_hash),
            api_tokens::created_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// One page of the user's live tokens, the newest first, and whether more follow.
pub fn page_live(
    connection: &mut DbConnection,
    user_id: i64,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<ApiToken>, bool)> {
    let rows = api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .filter(api_tokens::revoked_at.is_null())
        .order(api_tokens::created_at.desc())
        .then_order_by(api_tokens::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(ApiToken::as_select())
        .load(connection)?;
    Ok(super::page_of(rows, size))
}

/// Revokes one of the user's tokens; false when it is not theirs or already revoked.
pub fn revoke(connection: &mut DbConnection, user_id: i64, token_id: i64) -> StoreResult<bool> {
    let live = api_tokens::table
        .find(token_id)
        .filter(api_tokens::user_id.eq(user_id))
        .filter(api_tokens::revoked_at.is_null());
    Ok(update(connection, live, api_tokens::revoked_at.eq(now()))? == 1)
}

/// Revokes every live token of the user (their password changed); how many there were.
pub fn revoke_all(connection: &mut DbConnection, user_id: i64) -> StoreResult<usize> {
    let live = api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .filter(api_tokens::revoked_at.is_null());
    update(connection, live, api_tokens::revoked_at.eq(now()))
}

/// The account a live token belongs to, in one query: every API request asks.
pub fn user_for(connection: &mut DbConnection, token_hash: &str) -> StoreResult<Option<User>> {
    Ok(super::typed!(connection, |inner| api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select(User::as_select())
        .first(inner)
        .optional())?)
}
