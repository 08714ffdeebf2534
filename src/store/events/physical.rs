//! An event's physical tables for the whole night: the one link a table card's QR code
//! carries, and the referees who look after a table whatever the round.

use diesel::prelude::*;

use crate::store::schema::{table_links, table_referees, users};
use crate::store::{DbConnection, StoreResult, now};

/// A table's link: whoever holds it scores the match now at that table.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = table_links)]
pub struct TableLinkRow {
    pub id: i64,
    pub event_id: i64,
    pub table_number: i32,
    pub token: String,
    pub created_by: i64,
}

/// The links of the event's tables, by table.
pub fn table_links_of(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<TableLinkRow>> {
    Ok(table_links::table
        .filter(table_links::event_id.eq(event_id))
        .order(table_links::table_number.asc())
        .select(TableLinkRow::as_select())
        .load(connection)?)
}

/// A table's link by its token.
pub fn table_link_by_token(
    connection: &mut DbConnection,
    token: &str,
) -> StoreResult<Option<TableLinkRow>> {
    Ok(table_links::table
        .filter(table_links::token.eq(token))
        .select(TableLinkRow::as_select())
        .first(connection)
        .optional()?)
}

/// The link of `table`, made now when it has none.
pub fn ensure_table_link(
    connection: &mut DbConnection,
    event_id: i64,
    table: i32,
    token: &str,
    by: i64,
) -> StoreResult<TableLinkRow> {
    let existing = table_links::table
        .filter(table_links::event_id.eq(event_id))
        .filter(table_links::table_number.eq(table))
        .select(TableLinkRow::as_select())
        .first(connection)
        .optional()?;
    if let Some(link) = existing {
        return Ok(link);
    }
    diesel::insert_into(table_links::table)
        .values((
            table_links::event_id.eq(event_id),
            table_links::table_number.eq(table),
            table_links::token.eq(token),
            table_links::created_by.eq(by),
            table_links::created_at.eq(now()),
        ))
        .execute(connection)?;
    Ok(table_links::table
        .filter(table_links::event_id.eq(event_id))
        .filter(table_links::table_number.eq(table))
        .select(TableLinkRow::as_select())
        .first(connection)?)
}

/// The referees of the event's tables: (table, user id, name), by table then name.
pub fn table_referees_of(
    connection: &mut DbConnection,
    event_id: i64,
) -> StoreResult<Vec<(i32, i64, String)>> {
    Ok(table_referees::table
        .inner_join(users::table)
        .filter(table_referees::event_id.eq(event_id))
        .order((
            table_referees::table_number.asc(),
            users::display_name.asc(),
        ))
        .select((table_referees::table_number, users::id, users::display_name))
        .load(connection)?)
}

/// The tables a referee looks after: (event id, table).
pub fn tables_of_referee(
    connection: &mut DbConnection,
    user_id: i64,
) -> StoreResult<Vec<(i64, i32)>> {
    Ok(table_referees::table
        .filter(table_referees::user_id.eq(user_id))
        .select((table_referees::event_id, table_referees::table_number))
        .load(connection)?)
}

/// Whether `user_id` referees `table` of the event.
pub fn referees_table(
    connection: &mut DbConnection,
    event_id: i64,
    table: i32,
    user_id: i64,
) -> StoreResult<bool> {
    let count: i64 = table_referees::table
        .find((event_id, table, user_id))
        .count()
        .get_result(connection)?;
    Ok(count > 0)
}

/// Makes `user_id` a referee of `table` (or no longer, with `assign` false).
pub fn set_table_referee(
    connection: &mut DbConnection,
    event_id: i64,
    table: i32,
    user_id: i64,
    assign: bool,
) -> StoreResult<()> {
    if assign {
        if !referees_table(connection, event_id, table, user_id)? {
            diesel::insert_into(table_referees::table)
                .values((
                    table_referees::event_id.eq(event_id),
                    table_referees::table_number.eq(table),
                    table_referees::user_id.eq(user_id),
                ))
                .execute(connection)?;
        }
    } else {
        diesel::delete(table_referees::table.find((event_id, table, user_id)))
            .execute(connection)?;
    }
    Ok(())
}

/// Whether `user_id` referees the table an event's match is drawn at (a match taken out
/// of the draw is at no table any more).
pub fn referees_table_of_match(
    connection: &mut DbConnection,
    match_id: i64,
    user_id: i64,
) -> StoreResult<bool> {
    let Some(row) = super::event_match(connection, match_id)? else {
        return Ok(false);
    };
    match (row.event_id, row.table_number, &row.match_key) {
        (Some(event_id), Some(table), Some(_)) => {
            referees_table(connection, event_id, table, user_id)
        }
        _ => Ok(false),
    }
}
