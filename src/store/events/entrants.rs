//! An event's entrants: who plays as whom, their numbers, check-in and withdrawal.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::EventRow;
use crate::store::schema::{club_organizers, entrants, events};
use crate::store::{DbConnection, StoreResult, StoredTime, now, update};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = entrants)]
pub struct EntrantRow {
    pub id: i64,
    pub event_id: i64,
    /// The entrant's number in the event: its `EntrantId` for the tournament core.
    pub number: i32,
    pub label: String,
    pub player1_id: i64,
    pub player2_id: Option<i64>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn_round: Option<i32>,
    // Read without chrono's format parser: an event's every entrant is read for each
    // result it advances.
    #[diesel(deserialize_as = StoredTime)]
    pub created_at: NaiveDateTime,
    /// A late entrant of a Swiss or rotating-partners event: the round it joins from.
    pub joined_round: Option<i32>,
}

/// A new `entrants` row: one added now, or one imported as it was exported.
#[derive(Insertable)]
#[diesel(table_name = entrants, treat_none_as_default_value = false)]
pub(crate) struct EntrantValues<'a> {
    pub event_id: i64,
    pub number: i32,
    pub label: &'a str,
    pub player1_id: i64,
    pub player2_id: Option<i64>,
    pub checked_in: bool,
    pub late: bool,
    pub withdrawn_round: Option<i32>,
    pub joined_round: Option<i32>,
    pub created_at: NaiveDateTime,
}

pub(crate) fn insert_values(
    connection: &mut DbConnection,
    values: &EntrantValues<'_>,
) -> StoreResult<()> {
    diesel::insert_into(entrants::table)
        .values(values)
        .execute(connection)?;
    Ok(())
}

/// The entrant of this number in the event.
#[diesel::dsl::auto_type]
fn numbered(event_id: i64, number: i32) -> _ {
    entrants::table
        .filter(entrants::event_id.eq(event_id))
        .filter(entrants::number.eq(number))
}

crate::store::list_by!(entrants: entrants where entrants.event_id,
    order entrants::number.asc() => EntrantRow);

/// Adds an entrant with the next free number.
pub fn add_entrant(
    connection: &mut DbConnection,
    event_id: i64,
    label: &str,
    player1: i64,
    player2: Option<i64>,
    late: bool,
) -> StoreResult<EntrantRow> {
    let last: Option<i32> = entrants::table
        .filter(entrants::event_id.eq(event_id))
        .select(diesel::dsl::max(entrants::number))
        .first(connection)?;
    let number = last.unwrap_or(0) + 1;
    insert_values(
        connection,
        &EntrantValues {
            event_id,
            number,
            label,
            player1_id: player1,
            player2_id: player2,
            checked_in: false,
            late,
            withdrawn_round: None,
            joined_round: None,
            created_at: now(),
        },
    )?;
    Ok(numbered(event_id, number)
        .select(EntrantRow::as_select())
        .first(connection)?)
}

pub fn set_checked_in(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    checked_in: bool,
) -> StoreResult<usize> {
    update(
        connection,
        numbered(event_id, number),
        entrants::checked_in.eq(checked_in),
    )
}

pub fn check_in_all(connection: &mut DbConnection, event_id: i64) -> StoreResult<usize> {
    update(
        connection,
        entrants::table.filter(entrants::event_id.eq(event_id)),
        entrants::checked_in.eq(true),
    )
}

/// Marks a late entrant of a running event: drawn from `round` on.
pub fn set_joined(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    round: i32,
) -> StoreResult<usize> {
    update(
        connection,
        numbered(event_id, number),
        (
            entrants::joined_round.eq(round),
            entrants::checked_in.eq(true),
        ),
    )
}

pub fn set_withdrawn(
    connection: &mut DbConnection,
    event_id: i64,
    number: i32,
    round: Option<i32>,
) -> StoreResult<usize> {
    update(
        connection,
        numbered(event_id, number),
        entrants::withdrawn_round.eq(round),
    )
}

/// One page of the events a player was entered in, the newest first, and whether more
/// follow; only those of the clubs `organizer` runs, when it names an account.
pub fn events_of_player(
    connection: &mut DbConnection,
    player_id: i64,
    organizer: Option<i64>,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<EventRow>, bool)> {
    let entered = entrants::table
        .filter(
            entrants::player1_id
                .eq(player_id)
                .or(entrants::player2_id.eq(player_id)),
        )
        .select(entrants::event_id);
    let mut query = events::table
        .filter(events::id.eq_any(entered))
        .into_boxed();
    if let Some(user_id) = organizer {
        query = query.filter(
            events::club_id.eq_any(
                club_organizers::table
                    .filter(club_organizers::user_id.eq(user_id))
                    .select(club_organizers::club_id),
            ),
        );
    }
    let rows = query
        .order(events::starts_at.desc())
        .then_order_by(events::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(EventRow::as_select())
        .load(connection)?;
    Ok(crate::store::page_of(rows, size))
}
