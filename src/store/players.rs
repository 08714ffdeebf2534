//! Players: the names entered in events (one row per exact name, shared by every event
//! that names it), and their link to an account. An account is linked to at most one
//! player and a player to at most one account; the unique index `players_user` holds
//! the first even against two writers at once. Every link and unlink leaves a note in
//! `player_changes` with who made it.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::Text;

use crate::store::schema::{club_organizers, entrants, events, player_changes, players, users};
use crate::store::{DbConnection, StoreResult, now, users as store_users};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub user_id: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// The player of this exact name, created when there is none.
pub fn player_named(connection: &mut DbConnection, name: &str) -> StoreResult<PlayerRow> {
    let existing = players::table
        .filter(players::name.eq(name))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .first(connection)
        .optional()?;
    if let Some(player) = existing {
        return Ok(player);
    }
    diesel::insert_into(players::table)
        .values((players::name.eq(name), players::created_at.eq(now())))
        .execute(connection)?;
    Ok(players::table
        .filter(players::name.eq(name))
        .order(players::id.desc())
        .select(PlayerRow::as_select())
        .first(connection)?)
}

crate::store::find_by_id!(player: players => PlayerRow);

pub fn players_by_id(connection: &mut DbConnection, ids: &[i64]) -> StoreResult<Vec<PlayerRow>> {
    Ok(players::table
        .filter(players::id.eq_any(ids))
        .select(PlayerRow::as_select())
        .load(connection)?)
}

/// The players of these exact names, oldest first (a match names its players).
pub fn named(connection: &mut DbConnection, names: &[&String]) -> StoreResult<Vec<PlayerRow>> {
    Ok(players::table
        .filter(players::name.eq_any(names))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(connection)?)
}

/// The players of the event's entrants. One statement whatever the number of entrants,
/// so SQLite prepares it once per connection (an `IN` list of ids is a new statement,
/// parsed again, for every size). A join from the event's entrants, so each player is
/// found by its key: as `id IN (…) OR id IN (…)`, PostgreSQL read the whole table.
pub fn players_of_event(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<PlayerRow>> {
    // The entrants' player ids first, then the players by id: a join on either player
    // let PostgreSQL walk every player to match them.
    let pairs: Vec<(i64, Option<i64>)> = entrants::table
        .filter(entrants::event_id.eq(event_id))
        .select((entrants::player1_id, entrants::player2_id))
        .load(connection)?;
    let mut ids: Vec<i64> = pairs
        .into_iter()
        .flat_map(|(first, second)| std::iter::once(first).chain(second))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(crate::store::typed!(connection, |inner| players::table
        .filter(players::id.eq_any(&ids))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(inner))?)
}

// ---------------------------------------------------------------- the staff's list

#[declare_sql_function]
extern "SQL" {
    /// Lower-cased text, for searches in any case.
    fn lower(text: Text) -> Text;
}

/// Whose players a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every player (administrators).
    All,
    /// The players entered in events of the clubs this account organizes.
    OrganizerOf(i64),
}

/// A player as the staff's list shows it.
#[derive(Debug, Clone, Queryable)]
pub struct PlayerListing {
    pub id: i64,
    pub name: String,
    /// The linked account's display name.
    pub account: Option<String>,
}

/// One page of the players in scope whose name contains `query` (ASCII letters compared
/// without case: SQLite's `lower` knows no others), by name; and how many there are.
pub fn search(
    connection: &mut DbConnection,
    scope: Scope,
    query: &str,
    offset: i64,
    limit: i64,
) -> StoreResult<(Vec<PlayerListing>, i64)> {
    type Backend = <DbConnection as diesel::Connection>::Backend;
    let pattern = holding_pattern(query);
    // Built twice, once to count and once to list: a boxed query is used up by either.
    let filtered = || {
        let mut boxed = players::table
            .left_join(users::table)
            .filter(lower(players::name).like(pattern.clone()).escape('\\'))
            .into_boxed::<Backend>();
        if let Scope::OrganizerOf(user_id) = scope {
            let (first, second) = entered_in_clubs_of(user_id);
            boxed = boxed.filter(
                players::id
                    .nullable()
                    .eq_any(first)
                    .or(players::id.nullable().eq_any(second)),
            );
        }
        boxed
    };
    let total: i64 = filtered().count().get_result(connection)?;
    let rows = filtered()
        .order((players::name.asc(), players::id.asc()))
        .offset(offset)
        .limit(limit)
        .select((players::id, players::name, users::display_name.nullable()))
        .load(connection)?;
    Ok((rows, total))
}

/// The `LIKE … ESCAPE '\'` pattern of a lower-cased text holding `text` anywhere.
pub(crate) fn holding_pattern(text: &str) -> String {
    format!("%{}%", like_escaped(&text.trim().to_ascii_lowercase()))
}

/// `%`, `_` and the escape itself taken literally by `LIKE … ESCAPE '\'`.
fn like_escaped(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// The first and second players of the entrants of events of the clubs `user_id`
/// organizes, as two subqueries.
#[allow(clippy::type_complexity)]
fn entered_in_clubs_of(
    user_id: i64,
) -> (
    diesel::dsl::Select<
        diesel::dsl::Filter<
            entrants::table,
            diesel::dsl::EqAny<entrants::event_id, OrganizedEvents>,
        >,
        diesel::dsl::Nullable<entrants::player1_id>,
    >,
    diesel::dsl::Select<
        diesel::dsl::Filter<
            entrants::table,
            diesel::dsl::EqAny<entrants::event_id, OrganizedEvents>,
        >,
        entrants::player2_id,
    >,
) {
    let first = entrants::table
        .filter(entrants::event_id.eq_any(organized_events(user_id)))
        .select(entrants::player1_id.nullable());
    let second = entrants::table
        .filter(entrants::event_id.eq_any(organized_events(user_id)))
        .select(entrants::player2_id);
    (first, second)
}

type OrganizedEvents = diesel::dsl::Select<
    diesel::dsl::Filter<
        events::table,
        diesel::dsl::EqAny<
            events::club_id,
            diesel::dsl::Select<
                diesel::dsl::Filter<
                    club_organizers::table,
                    diesel::dsl::Eq<club_organizers::user_id, i64>,
                >,
                club_organizers::club_id,
            >,
        >,
    >,
    events::id,
>;

/// The events of the clubs `user_id` organizes.
fn organized_events(user_id: i64) -> OrganizedEvents {
    events::table
        .filter(
            events::club_id.eq_any(
                club_organizers::table
                    .filter(club_organizers::user_id.eq(user_id))
                    .select(club_organizers::club_id),
            ),
        )
        .select(events::id)
}

/// Whether the player was entered in an event of a club `user_id` organizes.
pub fn in_clubs_of(
    connection: &mut DbConnection,
    player_id: i64,
    user_id: i64,
) -> StoreResult<bool> {
    let count: i64 = entrants::table
        .filter(entrants::event_id.eq_any(organized_events(user_id)))
        .filter(
            entrants::player1_id
                .eq(player_id)
                .or(entrants::player2_id.eq(player_id)),
        )
        .count()
        .get_result(connection)?;
    Ok(count > 0)
}

// ---------------------------------------------------------------- links

/// The account a player is linked to, as staff pages show it.
#[derive(Debug, Clone, Queryable)]
pub struct LinkedAccount {
    pub id: i64,
    pub username: String,
    pub display_name: String,
}

pub fn linked_account(
    connection: &mut DbConnection,
    player_id: i64,
) -> StoreResult<Option<LinkedAccount>> {
    Ok(players::table
        .inner_join(users::table)
        .filter(players::id.eq(player_id))
        .select((users::id, users::username, users::display_name))
        .first(connection)
        .optional()?)
}

/// The player linked to the account, if any.
pub fn player_of_account(
    connection: &mut DbConnection,
    user_id: i64,
) -> StoreResult<Option<PlayerRow>> {
    Ok(players::table
        .filter(players::user_id.eq(user_id))
        .select(PlayerRow::as_select())
        .first(connection)
        .optional()?)
}

/// Who made a change: the account, and its display name at the time.
#[derive(Debug, Clone)]
pub struct ChangedBy {
    pub user_id: i64,
    pub label: String,
}

/// Why a link was not made; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkRefusal {
    UnknownPlayer,
    /// No account has this username.
    UnknownAccount,
    /// The player is linked to another account (its display name): unlink it first.
    PlayerLinked(String),
    /// The account is linked to another player already.
    AccountTaken {
        player_id: i64,
        player_name: String,
    },
}

/// What a link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linked {
    /// The account's display name.
    pub account: String,
    /// False when the player was linked to this very account already.
    pub changed: bool,
}

/// Links the player to the account named `username`, refused when either side is linked
/// elsewhere. Two links of one account racing on PostgreSQL: the later one fails on the
/// unique index with `StoreError::Duplicate`, and asked again is refused here.
pub fn link(
    connection: &mut DbConnection,
    player_id: i64,
    username: &str,
    by: &ChangedBy,
) -> StoreResult<Result<Linked, LinkRefusal>> {
    let Some(player) = player(connection, player_id)? else {
        return Ok(Err(LinkRefusal::UnknownPlayer));
    };
    let account = match crate::accounts::normalize_username(username) {
        Ok(username) => store_users::find_by_username(connection, &username)?,
        Err(_) => None,
    };
    let Some(account) = account else {
        return Ok(Err(LinkRefusal::UnknownAccount));
    };
    match player.user_id {
        Some(id) if id == account.id => {
            return Ok(Ok(Linked {
                account: account.display_name,
                changed: false,
            }));
        }
        Some(other) => {
            let name = store_users::find_by_id(connection, other)?
                .map(|user| user.display_name)
                .unwrap_or_default();
            return Ok(Err(LinkRefusal::PlayerLinked(name)));
        }
        None => {}
    }
    if let Some(taken) = player_of_account(connection, account.id)? {
        return Ok(Err(LinkRefusal::AccountTaken {
            player_id: taken.id,
            player_name: taken.name,
        }));
    }
    let updated = diesel::update(
        players::table
            .filter(players::id.eq(player_id))
            .filter(players::user_id.is_null()),
    )
    .set(players::user_id.eq(account.id))
    .execute(connection)?;
    if updated == 0 {
        // Linked by someone else between the read and the write.
        return Err(crate::store::StoreError::Stale);
    }
    note(connection, player_id, "link", &account, by)?;
    Ok(Ok(Linked {
        account: account.display_name,
        changed: true,
    }))
}

/// Takes the player's account link away; the display name of the account it had, or
/// `None` when it had none (nothing is written then). `StoreError::Stale` when the
/// link changed between this function's read and its write: asked again, it sees why.
pub fn unlink(
    connection: &mut DbConnection,
    player_id: i64,
    by: &ChangedBy,
) -> StoreResult<Option<String>> {
    let Some(player) = player(connection, player_id)? else {
        return Ok(None);
    };
    let Some(account_id) = player.user_id else {
        return Ok(None);
    };
    let Some(account) = store_users::find_by_id(connection, account_id)? else {
        return Err(crate::store::StoreError::Corrupt(format!(
            "player {player_id} is linked to a missing account"
        )));
    };
    let updated = diesel::update(
        players::table
            .filter(players::id.eq(player_id))
            .filter(players::user_id.eq(account_id)),
    )
    .set(players::user_id.eq(None::<i64>))
    .execute(connection)?;
    if updated == 0 {
        // Changed by someone else between the read and the write.
        return Err(crate::store::StoreError::Stale);
    }
    note(connection, player_id, "unlink", &account, by)?;
    Ok(Some(account.display_name))
}

fn note(
    connection: &mut DbConnection,
    player_id: i64,
    action: &str,
    account: &store_users::User,
    by: &ChangedBy,
) -> StoreResult<()> {
    diesel::insert_into(player_changes::table)
        .values((
            player_changes::player_id.eq(player_id),
            player_changes::action.eq(action),
            player_changes::account_id.eq(account.id),
            player_changes::account_label.eq(&account.display_name),
            player_changes::by_user_id.eq(by.user_id),
            player_changes::by_label.eq(&by.label),
            player_changes::created_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(())
}

/// A change of a player's link, as noted.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = player_changes)]
pub struct ChangeRow {
    pub id: i64,
    pub player_id: i64,
    /// `link` or `unlink`.
    pub action: String,
    pub account_id: i64,
    pub account_label: String,
    pub by_user_id: i64,
    pub by_label: String,
    pub created_at: NaiveDateTime,
}

/// One page of the player's link changes, newest first, and whether more follow.
pub fn changes_page(
    connection: &mut DbConnection,
    player_id: i64,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<ChangeRow>, bool)> {
    let mut rows = player_changes::table
        .filter(player_changes::player_id.eq(player_id))
        .order(player_changes::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(ChangeRow::as_select())
        .load(connection)?;
    let more = rows.len() as i64 > size;
    rows.truncate(size as usize);
    Ok((rows, more))
}

#[cfg(test)]
mod tests {
    use super::like_escaped;

    #[test]
    fn like_wildcards_are_taken_literally() {
        assert_eq!(like_escaped("bepi"), "bepi");
        assert_eq!(like_escaped("50%_a\\b"), "50\\%\\_a\\\\b");
    }
}
