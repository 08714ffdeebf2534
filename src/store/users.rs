//! Accounts in the database.

use diesel::prelude::*;

use super::schema::users;
use super::{DbConnection, StoreResult, now, required, update};
use crate::accounts::Role;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub password_hash: String,
    role: String,
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

super::find_by_id!(find_by_id: users => User);

super::find_by!(find_by_username: users.username => User);

#[diesel::declare_sql_function]
extern "SQL" {
    /// Lower-cased text, for a filter in any case.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Which accounts a page of accounts lists: those whose username or name holds `text`
/// (in any case), of `role` when one is named.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    pub text: String,
    pub role: Option<Role>,
}

/// One page of the accounts `filter` takes, by username, and whether more follow.
pub fn page(
    connection: &mut DbConnection,
    filter: &UserFilter,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<User>, bool)> {
    let mut query = users::table.into_boxed();
    if !filter.text.trim().is_empty() {
        let pattern = super::players::holding_pattern(&filter.text);
        query = query.filter(
            lower(users::username)
                .like(pattern.clone())
                .escape('\\')
                .or(lower(users::display_name).like(pattern).escape('\\')),
        );
    }
    if let Some(role) = filter.role {
        query = query.filter(users::role.eq(role.as_str()));
    }
    let rows = query
        .order(users::username.asc())
        .then_order_by(users::id.asc())
        .offset(offset)
        .limit(size + 1)
        .select(User::as_select())
        .load(connection)?;
    Ok(super::page_of(rows, size))
}

/// Inserts the account; a taken username gives `StoreError::Duplicate`.
pub fn insert(connection: &mut DbConnection, new: &NewUser<'_>) -> StoreResult<User> {
    diesel::insert_into(users::table)
        .values((
            users::username.eq(new.username),
            users::display_name.eq(new.display_name),
            users::password_hash.eq(new.password_hash),
            users::role.eq(new.role.as_str()),
            users::created_at.eq(now()),
        ))
        .execute(connection)?;
    // RETURNING does not pass through MultiConnection; the username is unique.
    required(find_by_username(connection, new.username)?)
}

/// A claimed account takes the name, display name and password its holder chose;
/// `StoreError::Duplicate` when another account has the name.
pub fn claim(
    connection: &mut DbConnection,
    id: i64,
    username: &str,
    display_name: &str,
    password_hash: &str,
) -> StoreResult<User> {
    update(
        connection,
        users::table.find(id),
        (
            users::username.eq(username),
            users::display_name.eq(display_name),
            users::password_hash.eq(password_hash),
        ),
    )?;
    required(find_by_id(connection, id)?)
}

super::update_by_id!(
    /// Stores a new hash; the caller ends the account's other sessions
    /// (`sessions::end_others`) in the same transaction.
    set_password: users(id, password_hash: &str) => users::password_hash.eq(password_hash)
);
