//! Clubs, their organizers and their comanda nicknames.
//!
//! A club's nicknames are the dictionary the referee pages use for the matches of
//! that club's events: [`nicknames_for_match`].

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{club_nicknames, club_organizers, clubs, events, matches, users};
use super::{DbConnection, StoreResult, now, required};
use crate::rules::card::fold_word;
use crate::rules::comanda::{ComandaError, Nicknames};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clubs)]
pub struct Club {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub created_at: NaiveDateTime,
    /// The time zone of its events' times (IANA name), unless an event has its own.
    pub time_zone: String,
}

super::update_by_id!(
    /// Sets the time zone of a club's events (those without one of their own).
    set_time_zone: clubs(club_id, zone: &str) => clubs::time_zone.eq(zone)
);

pub fn create(connection: &mut DbConnection, slug: &str, name: &str) -> StoreResult<Club> {
    diesel::insert_into(clubs::table)
        .values((
            clubs::slug.eq(slug),
            clubs::name.eq(name),
            clubs::created_at.eq(now()),
        ))
        .execute(connection)?;
    required(find_by_slug(connection, slug)?)
}

pub fn list(connection: &mut DbConnection) -> StoreResult<Vec<Club>> {
    Ok(clubs::table
        .order(clubs::name.asc())
        .select(Club::as_select())
        .load(connection)?)
}

/// The first `limit` clubs by name: enough to tell whether there are few.
pub fn first(connection: &mut DbConnection, limit: i64) -> StoreResult<Vec<Club>> {
    Ok(clubs::table
        .order(clubs::name.asc())
        .limit(limit)
        .select(Club::as_select())
        .load(connection)?)
}

#[diesel::declare_sql_function]
extern "SQL" {
    /// Lower-cased text, for a filter in any case.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Which clubs a page of clubs lists: those whose name holds `name` (in any case), and
/// only an organizer's when `organizer` names one.
#[derive(Debug, Clone, Default)]
pub struct ClubFilter {
    pub name: String,
    pub organizer: Option<i64>,
}

/// One page of the clubs `filter` takes, by name, and whether more follow.
pub fn page(
    connection: &mut DbConnection,
    filter: &ClubFilter,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<Club>, bool)> {
    let mut query = clubs::table.into_boxed();
    if !filter.name.trim().is_empty() {
        let pattern = super::players::holding_pattern(&filter.name);
        query = query.filter(lower(clubs::name).like(pattern).escape('\\'));
    }
    if let Some(user_id) = filter.organizer {
        query = query.filter(
            clubs::id.eq_any(
                club_organizers::table
                    .filter(club_organizers::user_id.eq(user_id))
                    .select(club_organizers::club_id),
            ),
        );
    }
    let rows = query
        .order(clubs::name.asc())
        .then_order_by(clubs::id.asc())
        .offset(offset)
        .limit(size + 1)
        .select(Club::as_select())
        .load(connection)?;
    Ok(super::page_of(rows, size))
}

super::find_by!(find_by_slug: clubs.slug => Club);

super::find_by_id!(find: clubs => Club);

super::list_by!(
    /// The clubs an organizer runs events for.
    of_organizer: clubs join club_organizers where club_organizers.user_id,
        order clubs::name.asc() => Club
);

super::user_link!(club_organizers.club_id: is_organizer, organizers,
    /// Makes the user an organizer of the club, unless it is one already.
    add_organizer, remove_organizer);

// ---------------------------------------------------------------- nicknames

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = club_nicknames)]
pub struct NicknameRow {
    pub id: i64,
    pub club_id: i64,
    pub name: String,
    pub folded: String,
    pub expansion: String,
}

super::list_by!(nickname_rows: club_nicknames where club_nicknames.club_id,
    order club_nicknames::folded.asc() => NicknameRow);

/// The dictionary the rows make. Rows were validated together when written; a set that
/// no longer validates (a damaged database, a stricter vocabulary) reads as empty and is
/// logged, so scoring keeps working.
fn dictionary_of(rows: &[NicknameRow]) -> Nicknames {
    let text: String = rows
        .iter()
        .map(|row| format!("{} = {}\n", row.name, row.expansion))
        .collect();
    dictionary_from_text(&text)
}

/// The dictionary of a club's nicknames written one `name = expansion` a line, as
/// `scoring_context` reads them with the match; read as [`dictionary`] reads the rows.
pub(super) fn dictionary_from_text(text: &str) -> Nicknames {
    Nicknames::parse_file(text).unwrap_or_else(|error| {
        tracing::error!(%error, "stored club nicknames no longer validate");
        Nicknames::new()
    })
}

pub fn dictionary(connection: &mut DbConnection, club_id: i64) -> StoreResult<Nicknames> {
    Ok(dictionary_of(&nickname_rows(connection, club_id)?))
}

/// The nicknames the referee pages use for a match: its event's club's, or none for a
/// match outside any event.
pub fn nicknames_for_match(connection: &mut DbConnection, match_id: i64) -> StoreResult<Nicknames> {
    let club: Option<Option<i64>> = typed!(&mut *connection, |inner| matches::table
        .left_join(events::table)
        .filter(matches::id.eq(match_id))
        .select(events::club_id.nullable())
        .first(inner)
        .optional())?;
    match club.flatten() {
        Some(club_id) => dictionary(connection, club_id),
        None => Ok(Nicknames::new()),
    }
}

/// Adds a nickname, or changes one (`previous`: its name before the change, which may
/// differ from the new one). Refused by the comanda rules: nothing is written.
pub fn save_nickname(
    connection: &mut DbConnection,
    club_id: i64,
    previous: Option<&str>,
    name: &str,
    expansion: &str,
) -> StoreResult<Result<(), ComandaError>> {
    let mut dictionary = dictionary(connection, club_id)?;
    let previous_folded = previous.map(|p| fold_word(p.trim()));
    let folded = fold_word(name.trim());
    if let Some(old) = &previous_folded
        && *old != folded
    {
        // A rename: the old name must go, and nothing may still use it.
        if let Err(error) = dictionary.insert(name, expansion) {
            return Ok(Err(error));
        }
        if let Err(error) = dictionary.remove(old) {
            return Ok(Err(error));
        }
        delete_nickname(connection, club_id, old)?;
    } else if let Err(error) = dictionary.insert(name, expansion) {
        return Ok(Err(error));
    }
    delete_nickname(connection, club_id, &folded)?;
    insert_nickname(connection, club_id, name, expansion)?;
    Ok(Ok(()))
}

/// Stores a nickname as written, trimmed, under its folded name; whether it goes with
/// the club's others is the caller's to check.
pub fn insert_nickname(
    connection: &mut DbConnection,
    club_id: i64,
    name: &str,
    expansion: &str,
) -> StoreResult<()> {
    diesel::insert_into(club_nicknames::table)
        .values((
            club_nicknames::club_id.eq(club_id),
            club_nicknames::name.eq(name.trim()),
            club_nicknames::folded.eq(fold_word(name.trim())),
            club_nicknames::expansion.eq(expansion.trim()),
        ))
        .execute(connection)?;
    Ok(())
}

/// Deletes the club's nickname of this folded name.
fn delete_nickname(connection: &mut DbConnection, club_id: i64, folded: &str) -> StoreResult<()> {
    diesel::delete(
        club_nicknames::table
            .filter(club_nicknames::club_id.eq(club_id))
            .filter(club_nicknames::folded.eq(folded)),
    )
    .execute(connection)?;
    Ok(())
}

/// Removes a nickname; refused when another nickname still uses it.
pub fn remove_nickname(
    connection: &mut DbConnection,
    club_id: i64,
    name: &str,
) -> StoreResult<Result<(), ComandaError>> {
    let mut dictionary = dictionary(connection, club_id)?;
    if let Err(error) = dictionary.remove(name) {
        return Ok(Err(error));
    }
    delete_nickname(connection, club_id, &fold_word(name.trim()))?;
    Ok(Ok(()))
}
