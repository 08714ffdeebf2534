//! The organizers' list of matches: only the matches the account may open (an
//! organizer's own, every match for an administrator), newest first, a page at a
//! time, filtered by club, state and event with a plain GET form.

use serde::Deserialize;

use crate::accounts::Role;
use crate::store::DbConnection;
use crate::store::StoreResult;
use crate::store::events::EventRow;
use crate::store::matches::{self, MatchFilter, MatchRow, MatchStatus};
use crate::web::club_filter::{self, ClubField};
use crate::web::context::SessionUser;
use crate::web::paging::{PageLinks, page_and_offset};

/// Matches on one page of the list.
pub const PAGE_SIZE: i64 = 25;

/// The list's query: the game of the form below it, the page and the filters.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub page: Option<u32>,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub event: String,
}

/// A page of the list with what its filters offer.
pub struct Listing {
    pub rows: Vec<MatchRow>,
    pub links: PageLinks,
    /// The club filter: a choice among few clubs, a name typed among many.
    pub club: ClubField,
    /// Why the club filter names no club (it is then left out), as a Fluent id.
    pub club_problem: Option<&'static str>,
    /// The chosen club's events, newest first: (public id, name, chosen).
    pub events: Vec<(String, String, bool)>,
    pub states: Vec<(MatchStatus, bool)>,
}

/// The events a club's filter offers at most: the newest.
const EVENTS_OFFERED: i64 = 60;

pub fn load(
    connection: &mut DbConnection,
    user: &SessionUser,
    query: &ListQuery,
) -> StoreResult<Listing> {
    let organizer = (user.role != Role::Admin).then_some(user.id);
    let picked = club_filter::pick(connection, organizer, &query.club, "club_filter-unknown")?;
    let club = picked.club.as_ref();
    let events: Vec<EventRow> = match club {
        Some(club) => crate::store::events::page_of_club(connection, club.id, 0, EVENTS_OFFERED)?.0,
        None => Vec::new(),
    };
    let event = events.iter().find(|event| event.public_id == query.event);
    let status = MatchStatus::parse(&query.state);
    let filter = MatchFilter {
        created_by: (user.role != Role::Admin).then_some(user.id),
        status,
        events: event.map(|event| vec![event.id]),
        club_id: match (event, club) {
            (None, Some(club)) => Some(club.id),
            _ => None,
        },
    };
    let (page, offset) = page_and_offset(query.page, PAGE_SIZE);
    let (rows, more) = matches::page(connection, &filter, offset, PAGE_SIZE)?;
    let mut links = PageLinks::new("/manage/matches", page);
    links.more = more;
    if let Some(club) = club {
        links.keep("club", &club.slug);
    }
    if let Some(status) = status {
        links.keep("state", status.as_str());
    }
    if let Some(event) = event {
        links.keep("event", &event.public_id);
    }
    Ok(Listing {
        rows,
        links,
        club: picked.field,
        club_problem: picked.problem,
        events: events
            .iter()
            .map(|e| {
                (
                    e.public_id.clone(),
                    e.name.clone(),
                    Some(e.id) == event.map(|e| e.id),
                )
            })
            .collect(),
        states: MatchStatus::ALL
            .into_iter()
            .map(|s| (s, Some(s) == status))
            .collect(),
    })
}
