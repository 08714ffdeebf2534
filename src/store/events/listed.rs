//! Events read a bounded slice at a time: the home page's
//! few of each kind, the archive's pages, a club's page and calendar (issue 39). Never
//! every event at once.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{EventRow, EventStatus};
use crate::rules::kind::GameKind;
use crate::store::schema::{clubs, events, season_events};
use crate::store::{DbConnection, StoreResult};

/// A listed event with its club's name and slug, for lines that name the club.
pub struct ClubEvent {
    pub event: EventRow,
    pub club_name: String,
    pub club_slug: String,
}

fn with_clubs(rows: Vec<(EventRow, String, String)>) -> Vec<ClubEvent> {
    rows.into_iter()
        .map(|(event, club_name, club_slug)| ClubEvent {
            event,
            club_name,
            club_slug,
        })
        .collect()
}

/// Up to `limit` listed events in `status` of every club: the soonest first for those
/// not drawn yet, else the latest begun first.
pub fn of_status(
    connection: &mut DbConnection,
    status: EventStatus,
    limit: i64,
) -> StoreResult<Vec<ClubEvent>> {
    let query = events::table
        .inner_join(clubs::table)
        .filter(events::listed.eq(true))
        .filter(events::status.eq(status.as_str()))
        .select((EventRow::as_select(), clubs::name, clubs::slug))
        .limit(limit)
        .into_boxed();
    let query = match status {
        EventStatus::Setup => query
            .order(events::starts_at.asc())
            .then_order_by(events::id.asc()),
        _ => query
            .order(events::starts_at.desc())
            .then_order_by(events::id.desc()),
    };
    Ok(with_clubs(query.load(connection)?))
}

/// Which listed events the archive shows; every part is optional.
#[derive(Debug, Clone, Default)]
pub struct ArchiveFilter {
    pub club_id: Option<i64>,
    pub game: Option<GameKind>,
    pub season_id: Option<i64>,
    /// Starting at or after.
    pub from: Option<NaiveDateTime>,
    /// Starting before.
    pub until: Option<NaiveDateTime>,
}

/// Where a window of the archive lies: the latest events, those older or newer than an
/// event (its start and id), or the earliest. A window is found from its neighbour
/// through the index, so the hundredth costs what the first does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    Latest,
    OlderThan(NaiveDateTime, i64),
    NewerThan(NaiveDateTime, i64),
    Earliest,
}

/// Up to `size` listed events `filter` takes in `window`, the latest first, and whether
/// more lie beyond them in the window's direction (older for the latest and older
/// windows, newer for the newer and earliest ones).
pub fn archive_window(
    connection: &mut DbConnection,
    filter: &ArchiveFilter,
    window: Window,
    size: i64,
) -> StoreResult<(Vec<ClubEvent>, bool)> {
    let mut query = events::table
        .inner_join(clubs::table)
        .filter(events::listed.eq(true))
        .into_boxed();
    if let Some(club_id) = filter.club_id {
        query = query.filter(events::club_id.eq(club_id));
    }
    if let Some(game) = filter.game {
        query = query.filter(events::game.eq(game.name()));
    }
    if let Some(season_id) = filter.season_id {
        query = query.filter(
            events::id.eq_any(
                season_events::table
                    .filter(season_events::season_id.eq(season_id))
                    .select(season_events::event_id),
            ),
        );
    }
    if let Some(from) = filter.from {
        query = query.filter(events::starts_at.ge(from));
    }
    if let Some(until) = filter.until {
        query = query.filter(events::starts_at.lt(until));
    }
    // The bound on the start alone lets the index range begin at the neighbour; the id
    // orders events that start at the same moment.
    let newest_first = match window {
        Window::Latest => true,
        Window::OlderThan(starts_at, id) => {
            query = query
                .filter(events::starts_at.le(starts_at))
                .filter(events::starts_at.lt(starts_at).or(events::id.lt(id)));
            true
        }
        Window::NewerThan(starts_at, id) => {
            query = query
                .filter(events::starts_at.ge(starts_at))
                .filter(events::starts_at.gt(starts_at).or(events::id.gt(id)));
            false
        }
        Window::Earliest => false,
    };
    query = if newest_first {
        query
            .order(events::starts_at.desc())
            .then_order_by(events::id.desc())
    } else {
        query
            .order(events::starts_at.asc())
            .then_order_by(events::id.asc())
    };
    let rows = query
        .limit(size + 1)
        .select((EventRow::as_select(), clubs::name, clubs::slug))
        .load(connection)?;
    let (mut rows, more) = crate::store::page_of(with_clubs(rows), size);
    if !newest_first {
        rows.reverse();
    }
    Ok((rows, more))
}

/// Up to `limit` of a club's listed events in `status`, in the home page's order: the
/// soonest first for those not drawn yet, else the latest begun first.
pub fn of_club_in_status(
    connection: &mut DbConnection,
    club_id: i64,
    status: EventStatus,
    limit: i64,
) -> StoreResult<Vec<EventRow>> {
    let query = events::table
        .filter(events::club_id.eq(club_id))
        .filter(events::listed.eq(true))
        .filter(events::status.eq(status.as_str()))
        .select(EventRow::as_select())
        .limit(limit)
        .into_boxed();
    let query = match status {
        EventStatus::Setup => query
            .order(events::starts_at.asc())
            .then_order_by(events::id.asc()),
        _ => query
            .order(events::starts_at.desc())
            .then_order_by(events::id.desc()),
    };
    Ok(query.load(connection)?)
}

/// A club's listed events starting at or after `since`, the soonest first, at most
/// `limit` of them (the latest, should a club hold more): its calendar's entries.
pub fn of_club_since(
    connection: &mut DbConnection,
    club_id: i64,
    since: NaiveDateTime,
    limit: i64,
) -> StoreResult<Vec<EventRow>> {
    let mut rows = events::table
        .filter(events::club_id.eq(club_id))
        .filter(events::listed.eq(true))
        .filter(events::starts_at.ge(since))
        .order(events::starts_at.desc())
        .then_order_by(events::id.desc())
        .limit(limit)
        .select(EventRow::as_select())
        .load(connection)?;
    rows.reverse();
    Ok(rows)
}

/// One page of all a club's events (listed or not, for its organizers), the latest
/// first, and whether more follow.
pub fn page_of_club(
    connection: &mut DbConnection,
    club_id: i64,
    offset: i64,
    size: i64,
) -> StoreResult<(Vec<EventRow>, bool)> {
    let rows = events::table
        .filter(events::club_id.eq(club_id))
        .order(events::starts_at.desc())
        .then_order_by(events::id.desc())
        .offset(offset)
        .limit(size + 1)
        .select(EventRow::as_select())
        .load(connection)?;
    Ok(crate::store::page_of(rows, size))
}

/// The latest `limit` of a club's events that have begun (drawn or finished), listed or
/// not, but `except`: the earlier events an organizer may seed a draw by.
pub fn begun_of_club(
    connection: &mut DbConnection,
    club_id: i64,
    except: i64,
    limit: i64,
) -> StoreResult<Vec<EventRow>> {
    Ok(events::table
        .filter(events::club_id.eq(club_id))
        .filter(events::id.ne(except))
        .filter(events::status.ne(EventStatus::Setup.as_str()))
        .order(events::starts_at.desc())
        .then_order_by(events::id.desc())
        .limit(limit)
        .select(EventRow::as_select())
        .load(connection)?)
}

/// Up to `limit` + 1 of a club's events (listed or not) starting on or after `from` and
/// before `until`, the earliest first: the events a season of those days may count.
pub fn of_club_between(
    connection: &mut DbConnection,
    club_id: i64,
    from: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> StoreResult<(Vec<EventRow>, bool)> {
    let rows = events::table
        .filter(events::club_id.eq(club_id))
        .filter(events::starts_at.ge(from))
        .filter(events::starts_at.lt(until))
        .order(events::starts_at.asc())
        .then_order_by(events::id.asc())
        .limit(limit + 1)
        .select(EventRow::as_select())
        .load(connection)?;
    Ok(crate::store::page_of(rows, limit))
}

/// The club's events of these public ids (others' and unknown ids are left out).
pub fn of_club_by_public_ids(
    connection: &mut DbConnection,
    club_id: i64,
    public_ids: &[String],
) -> StoreResult<Vec<EventRow>> {
    if public_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(events::table
        .filter(events::club_id.eq(club_id))
        .filter(events::public_id.eq_any(public_ids))
        .select(EventRow::as_select())
        .load(connection)?)
}
