//! Time zones of events: a club's (Europe/Rome unless set), or the event's own. Event
//! times are stored as the organizer typed them, on the wall clock of that zone; only
//! what leaves for another program (the iCalendar export) is turned into instants.

use chrono::{Duration, NaiveDateTime, Offset, TimeZone};
use chrono_tz::Tz;

/// The zone of a club that never chose one, and of an old document that names none.
pub const DEFAULT: Tz = chrono_tz::Europe::Rome;

/// The zones a club or an event may choose: Europe's, and UTC.
pub fn choices() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|zone| zone.name())
        .filter(|name| name.starts_with("Europe/"))
        .collect();
    names.sort_unstable();
    names.push("UTC");
    names
}

/// A zone among [`choices`], by its IANA name.
pub fn parse(name: &str) -> Option<Tz> {
    let zone: Tz = name.parse().ok()?;
    choices().contains(&zone.name()).then_some(zone)
}

/// A stored zone name: anything [`parse`] does not take is damaged data.
pub fn stored(name: &str) -> Result<Tz, String> {
    parse(name).ok_or_else(|| format!("time zone {name:?} is not one this build offers"))
}

/// The zone of an event: its own, or its club's.
pub fn of_event(event_zone: Option<&str>, club_zone: &str) -> Result<Tz, String> {
    stored(event_zone.unwrap_or(club_zone))
}

/// The UTC instant of a wall-clock time in `zone`. A time the clock skips (the hour
/// lost in spring) is read with the offset before the change, as clocks that were
/// not yet changed would show it; a time it shows twice (autumn) is the first.
pub fn to_utc(local: NaiveDateTime, zone: Tz) -> NaiveDateTime {
    let offset = match zone.offset_from_local_datetime(&local) {
        chrono::LocalResult::Single(offset) | chrono::LocalResult::Ambiguous(offset, _) => {
            offset.fix()
        }
        // No zone changes its offset twice within a day.
        chrono::LocalResult::None => zone
            .offset_from_utc_datetime(&(local - Duration::hours(24)))
            .fix(),
    };
    local - Duration::seconds(i64::from(offset.local_minus_utc()))
}

/// The wall-clock time in `zone` of a UTC instant (the times the store records).
pub fn to_local(instant: NaiveDateTime, zone: Tz) -> NaiveDateTime {
    zone.from_utc_datetime(&instant).naive_local()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn an_evening_in_italy_is_an_hour_earlier_in_utc_in_winter_and_two_in_summer() {
        let rome = parse("Europe/Rome").unwrap();
        assert_eq!(rome, DEFAULT);
        assert_eq!(to_utc(at("2026-11-25 20:30"), rome), at("2026-11-25 19:30"));
        assert_eq!(to_utc(at("2026-06-25 20:30"), rome), at("2026-06-25 18:30"));
        let london = parse("Europe/London").unwrap();
        assert_eq!(
            to_utc(at("2026-11-25 20:30"), london),
            at("2026-11-25 20:30")
        );
        assert_eq!(
            to_utc(at("2026-11-25 20:30"), parse("UTC").unwrap()),
            at("2026-11-25 20:30")
        );
    }

    #[test]
    fn a_recorded_instant_reads_on_the_clubs_wall_clock() {
        let rome = DEFAULT;
        assert_eq!(
            to_local(at("2026-11-25 19:30"), rome),
            at("2026-11-25 20:30")
        );
        assert_eq!(
            to_local(at("2026-06-25 18:30"), rome),
            at("2026-06-25 20:30")
        );
        assert_eq!(
            to_local(at("2026-12-31 23:30"), rome),
            at("2027-01-01 00:30")
        );
        for local in ["2026-11-25 20:30", "2026-06-25 20:30"] {
            assert_eq!(to_local(to_utc(at(local), rome), rome), at(local));
        }
    }

    #[test]
    fn the_hours_the_clock_skips_or_repeats_have_one_reading() {
        let rome = DEFAULT;
        // 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 never shows.
        assert_eq!(to_utc(at("2026-03-29 02:30"), rome), at("2026-03-29 01:30"));
        // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 shows twice.
        assert_eq!(to_utc(at("2026-10-25 02:30"), rome), at("2026-10-25 00:30"));
    }

    #[test]
    fn only_offered_zones_read() {
        let names = choices();
        assert!(names.contains(&"Europe/Rome") && names.contains(&"Europe/Lisbon"));
        assert!(names.len() > 40, "{}", names.len());
        assert!(parse("Europe/Rome").is_some());
        for refused in [
            "",
            "Rome",
            "europe/rome",
            "America/New_York",
            "Mars/Olympus",
        ] {
            assert!(parse(refused).is_none(), "{refused}");
        }
        assert!(stored("Mars/Olympus").is_err());
        assert_eq!(of_event(None, "Europe/Rome"), Ok(DEFAULT));
        assert_eq!(
            of_event(Some("Europe/London"), "Europe/Rome")
                .unwrap()
                .name(),
            "Europe/London"
        );
    }
}
