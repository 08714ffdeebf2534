//! A club's seasons and the events that count for each (issue 25). The table itself is
//! derived, never stored: `crate::seasons` computes it from the events' results.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::events::EventRow;
use super::schema::{events, season_events, seasons};
use super::{DbConnection, StoreResult, now};
use crate::tournament::season::{Rules, Scale};

/// The stored key of [`Scale::PlayersBeaten`]; any other scale is a table of points.
pub const PLAYERS_BEATEN: &str = "players_beaten";
pub const POINTS_TABLE: &str = "table";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = seasons)]
pub struct SeasonRow {
    pub id: i64,
    pub club_id: i64,
    #[diesel(embed)]
    pub settings: SeasonSettings,
    pub created_at: NaiveDateTime,
}

/// What the organizer chooses for a season.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = seasons, treat_none_as_null = true)]
pub struct SeasonSettings {
    pub name: String,
    /// `YYYY-MM-DD`.
    pub starts_on: String,
    pub ends_on: String,
    /// [`PLAYERS_BEATEN`] or [`POINTS_TABLE`].
    pub scale: String,
    /// Points for place 1, 2, … separated by spaces (used by [`POINTS_TABLE`]).
    pub points_table: String,
    pub best_nights: Option<i32>,
    pub min_nights: i32,
    pub closed: bool,
}

impl SeasonSettings {
    /// Its first and last days, as dates; `None` for a stored text that does not read.
    pub fn days(&self) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
        let day = |text: &str| chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok();
        Some((day(&self.starts_on)?, day(&self.ends_on)?))
    }

    /// The rules of the season table. A stored points table that no longer reads (a
    /// damaged row) scores nothing rather than failing the page.
    pub fn rules(&self) -> Rules {
        let scale = if self.scale == POINTS_TABLE {
            Scale::Table(
                self.points_table
                    .split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .collect(),
            )
        } else {
            Scale::PlayersBeaten
        };
        Rules {
            scale,
            best_nights: self.best_nights.and_then(|n| u32::try_from(n).ok()),
            min_nights: u32::try_from(self.min_nights).unwrap_or(0),
        }
    }
}

pub fn create(
    connection: &mut DbConnection,
    club_id: i64,
    settings: &SeasonSettings,
) -> StoreResult<i64> {
    let values = (
        seasons::club_id.eq(club_id),
        settings,
        seasons::created_at.eq(now()),
    );
    // RETURNING passes through each engine's own connection, not MultiConnection.
    Ok(typed!(connection, |inner| diesel::insert_into(
        seasons::table
    )
    .values(values)
    .returning(seasons::id)
    .get_result(inner))?)
}

super::update_by_id!(save: seasons(id, settings: &SeasonSettings) => settings);

super::find_by_id!(find: seasons => SeasonRow);

super::list_by!(
    /// The club's seasons, the latest first.
    of_club: seasons where seasons.club_id,
        order (seasons::starts_on.desc(), seasons::id.desc()) => SeasonRow
);

/// One page of the club's seasons, the latest first, and whether more follow.
pub fn page_of_club(
    connection: &mut DbConnection,
    club_id: i64,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<SeasonRow>, bool)> {
    let rows = seasons::table
        .filter(seasons::club_id.eq(club_id))
        .order(seasons::starts_on.desc())
        .then_order_by(seasons::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(SeasonRow::as_select())
        .load(connection)?;
    Ok(super::page_of(rows, size))
}

/// The season's events in the order they were held. Their ids first, then the events by
/// id: a join let PostgreSQL walk every event in order to merge them.
pub fn events_of(connection: &mut DbConnection, season_id: i64) -> StoreResult<Vec<EventRow>> {
    let ids: Vec<i64> = season_events::table
        .filter(season_events::season_id.eq(season_id))
        .select(season_events::event_id)
        .load(connection)?;
    Ok(crate::store::typed!(connection, |inner| events::table
        .filter(events::id.eq_any(&ids))
        .order((events::starts_at.asc(), events::id.asc()))
        .select(EventRow::as_select())
        .load(inner))?)
}

super::list_by!(
    /// The seasons an event counts for.
    of_event: seasons join season_events where season_events.event_id,
        order seasons::starts_on.asc() => SeasonRow
);

/// Counts the event for the season (nothing changes if it counts already).
pub fn add_event(connection: &mut DbConnection, season_id: i64, event_id: i64) -> StoreResult<()> {
    typed!(connection, |inner| diesel::insert_into(
        season_events::table
    )
    .values((
        season_events::season_id.eq(season_id),
        season_events::event_id.eq(event_id),
    ))
    .on_conflict_do_nothing()
    .execute(inner))?;
    Ok(())
}

/// Makes `event_ids` the season's events.
pub fn set_events(
    connection: &mut DbConnection,
    season_id: i64,
    event_ids: &[i64],
) -> StoreResult<()> {
    diesel::delete(season_events::table.filter(season_events::season_id.eq(season_id)))
        .execute(connection)?;
    for &event_id in event_ids {
        add_event(connection, season_id, event_id)?;
    }
    Ok(())
}
