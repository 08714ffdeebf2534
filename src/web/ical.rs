//! A hand-written iCalendar (RFC 5545) feed: text escaping and 75-octet line folding.

use chrono::NaiveDateTime;

/// Escapes a TEXT value: backslash, semicolon, comma and newlines.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Folds a content line: no line longer than 75 octets, continuation lines start with a
/// space, never splitting a UTF-8 character; every line ends with CRLF.
pub fn fold(line: &str) -> String {
    let mut out = String::new();
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += len;
    }
    out.push_str("\r\n");
    out
}

/// A UTC date-time value (`20261121T203000Z`).
pub fn datetime(at: NaiveDateTime) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// One event of the calendar. Its times are UTC instants (`crate::zone::to_utc` turns
/// an event's wall-clock time into one), written with RFC 5545's final `Z`.
pub struct CalendarEvent {
    pub uid: String,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
    pub summary: String,
    pub location: String,
    pub description: String,
    pub url: String,
}

/// The whole calendar.
pub fn calendar(name: &str, stamp: NaiveDateTime, events: &[CalendarEvent]) -> String {
    let mut out = String::new();
    out.push_str(&fold("BEGIN:VCALENDAR"));
    out.push_str(&fold("VERSION:2.0"));
    out.push_str(&fold("PRODID:-//segnapunti//events//IT"));
    out.push_str(&fold("CALSCALE:GREGORIAN"));
    out.push_str(&fold(&format!("X-WR-CALNAME:{}", escape(name))));
    for event in events {
        out.push_str(&fold("BEGIN:VEVENT"));
        out.push_str(&fold(&format!("UID:{}", escape(&event.uid))));
        out.push_str(&fold(&format!("DTSTAMP:{}", datetime(stamp))));
        out.push_str(&fold(&format!("DTSTART:{}", datetime(event.start))));
        out.push_str(&fold(&format!("DTEND:{}", datetime(event.end))));
        out.push_str(&fold(&format!("SUMMARY:{}", escape(&event.summary))));
        if !event.location.is_empty() {
            out.push_str(&fold(&format!("LOCATION:{}", escape(&event.location))));
        }
        if !event.description.is_empty() {
            out.push_str(&fold(&format!(
                "DESCRIPTION:{}",
                escape(&event.description)
            )));
        }
        out.push_str(&fold(&format!("URL:{}", event.url)));
        out.push_str(&fold("END:VEVENT"));
    }
    out.push_str(&fold("END:VCALENDAR"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text() {
        assert_eq!(escape("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    }

    #[test]
    fn folds_at_75_octets_without_splitting_characters() {
        let long = format!("SUMMARY:{}", "è".repeat(60));
        let folded = fold(&long);
        for line in folded.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(line.len() <= 75, "{} octets", line.len());
        }
        assert!(folded.ends_with("\r\n"));
        let unfolded = folded.replace("\r\n ", "");
        assert_eq!(unfolded.trim_end(), long);
        assert_eq!(fold("SHORT"), "SHORT\r\n");
    }

    #[test]
    fn a_calendar_has_its_events() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(20, 30, 0)
            .unwrap();
        let text = calendar(
            "Scuola",
            at,
            &[CalendarEvent {
                uid: "x@segnapunti".into(),
                start: at,
                end: at,
                summary: "Torneo, primo turno".into(),
                location: "Osteria".into(),
                description: String::new(),
                url: "http://example.org/e/x".into(),
            }],
        );
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(text.contains("DTSTART:20261121T203000Z\r\n"));
        assert!(text.contains("SUMMARY:Torneo\\, primo turno\r\n"));
        assert!(text.ends_with("END:VCALENDAR\r\n"));
    }
}
