//! Calendars (iCalendar) of the published events: one event's schedule with its drawn
//! matches, and a club's listed events to subscribe to once for every night.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::lang::Lang;
use crate::store::clubs::{self, Club};
use crate::store::events::{self as store_events, EventRow};
use crate::web::AppState;
use crate::web::context::Visit;
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::ical::{self, CalendarEvent};

/// How long an event lasts on a calendar: a club night.
const EVENT_HOURS: i64 = 4;

/// How far back a club's calendar reaches: what is to come and the last year's nights.
pub const CLUB_CALENDAR_DAYS_BACK: i64 = 365;

/// Entries of a club's calendar at most, the latest kept: a bound on a busy club's file.
pub const CLUB_CALENDAR_MAX: i64 = 500;

/// The UTC instant an event starts: its wall-clock time read in its zone.
fn starts(event: &EventRow, club: &Club) -> Result<chrono::NaiveDateTime, AppError> {
    Ok(crate::zone::to_utc(
        event.starts_at,
        event.zone(&club.time_zone)?,
    ))
}

/// The event itself as a calendar entry.
fn event_entry(state: &AppState, event: &EventRow, club: &Club) -> Result<CalendarEvent, AppError> {
    let start = starts(event, club)?;
    Ok(CalendarEvent {
        uid: format!("event-{}@segnapunti", event.public_id),
        start,
        end: start + chrono::Duration::hours(EVENT_HOURS),
        summary: event.name.clone(),
        location: event.venue.clone(),
        description: String::new(),
        url: state.link(&format!("/e/{}", event.public_id)),
    })
}

fn calendar_response(file: &str, name: &str, entries: &[CalendarEvent]) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{file}.ics\""),
        ))
        .body(ical::calendar(name, crate::store::now(), entries))
}

/// One event's `schedule.ics`: the event, and its drawn matches each as an hour from
/// its creation (the round's start), so a phone's calendar shows the pairings.
pub async fn event_schedule(
    state: &AppState,
    view: &crate::events::view::EventView,
    lang: Lang,
) -> Result<HttpResponse, AppError> {
    let event = &view.data.event;
    let club_id = event.club_id;
    let club = state
        .read_found(move |connection| clubs::find(connection, club_id))
        .await?;
    let tr = Tr::new(lang);
    let first = event_entry(state, event, &club)?;
    let starts = first.start;
    let mut entries = vec![first];
    for row in view.data.matches.iter().filter(|m| m.match_key.is_some()) {
        let start = row.created_at.max(starts);
        entries.push(CalendarEvent {
            uid: format!("match-{}@segnapunti", row.public_id),
            start,
            end: start + chrono::Duration::hours(1),
            summary: tr.msg(&crate::events::title_msg_in(&row.title, view.data.knockout)),
            location: match row.table_number {
                Some(table) => tr.t_args(
                    "event-ical_location",
                    [
                        ("venue", event.venue.clone().into()),
                        ("table", table.into()),
                    ],
                ),
                None => event.venue.clone(),
            },
            description: row.players().join(", "),
            url: state.link(&format!("/m/{}", row.public_id)),
        });
    }
    Ok(calendar_response(&event.public_id, &event.name, &entries))
}

/// `/clubs/{slug}/calendar.ics`: the club's listed events to come and those of the last
/// [`CLUB_CALENDAR_DAYS_BACK`] days, read as a bounded slice (older ones are in the archive).
pub async fn club_calendar(
    Visit { state, .. }: Visit,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let (club, events) = state
        .read_found(
            move |connection| match clubs::find_by_slug(connection, &slug)? {
                Some(club) => {
                    // A day's slack for the zones: an event's time is its own clock's.
                    let since =
                        crate::store::now() - chrono::Duration::days(CLUB_CALENDAR_DAYS_BACK + 1);
                    let events =
                        store_events::of_club_since(connection, club.id, since, CLUB_CALENDAR_MAX)?;
                    Ok(Some((club, events)))
                }
                None => Ok(None),
            },
        )
        .await?;
    let entries = events
        .iter()
        .map(|event| event_entry(&state, event, &club))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(calendar_response(&club.slug, &club.name, &entries))
}
