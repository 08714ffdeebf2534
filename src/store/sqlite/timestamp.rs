//! Timestamp columns read back without chrono's format parser on SQLite.
//!
//! diesel reads a SQLite timestamp (stored as text) by trying chrono formats in
//! turn, a cost paid for every row score entry reads. The text diesel writes is
//! read here directly; anything else goes to diesel, so every value reads as it
//! did.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::sql_types::Timestamp;
use diesel::sqlite::{Sqlite, SqliteValue};

use crate::store::{MultiBackend, MultiRawValue};

/// A timestamp column of a row type: `#[diesel(deserialize_as = StoredTime)]`.
#[derive(diesel::deserialize::FromSqlRow)]
pub struct StoredTime(NaiveDateTime);

impl From<StoredTime> for NaiveDateTime {
    fn from(time: StoredTime) -> NaiveDateTime {
        time.0
    }
}

impl FromSql<Timestamp, Sqlite> for StoredTime {
    fn from_sql(mut value: SqliteValue<'_, '_, '_>) -> deserialize::Result<StoredTime> {
        if let Some(time) = as_written(value.read_text()) {
            return Ok(StoredTime(time));
        }
        <NaiveDateTime as FromSql<Timestamp, Sqlite>>::from_sql(value).map(StoredTime)
    }
}

impl FromSql<Timestamp, MultiBackend> for StoredTime {
    fn from_sql(value: MultiRawValue<'_>) -> deserialize::Result<StoredTime> {
        value.from_sql::<StoredTime, Timestamp>()
    }
}

impl FromSql<Timestamp, Pg> for StoredTime {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<StoredTime> {
        <NaiveDateTime as FromSql<Timestamp, Pg>>::from_sql(value).map(StoredTime)
    }
}

/// A timestamp as diesel writes it to SQLite (`%F %T%.f`), for a statement that
/// binds it as text: chrono's formatter parses its format string at every call,
/// and the score-entry insert on the one writer thread writes one per entry.
pub fn written(time: NaiveDateTime) -> String {
    use chrono::{Datelike, Timelike};
    let nanosecond = time.nanosecond();
    if !(0..=9999).contains(&time.year()) || nanosecond >= 1_000_000_000 {
        return time.format("%F %T%.f").to_string();
    }
    let mut text = String::with_capacity(29);
    push_padded(&mut text, time.year() as u32, 4);
    text.push('-');
    push_padded(&mut text, time.month(), 2);
    text.push('-');
    push_padded(&mut text, time.day(), 2);
    text.push(' ');
    push_padded(&mut text, time.hour(), 2);
    text.push(':');
    push_padded(&mut text, time.minute(), 2);
    text.push(':');
    push_padded(&mut text, time.second(), 2);
    // As few digits of the second as say it exactly: none, 3, 6 or 9.
    let (fraction, width) = match nanosecond {
        0 => return text,
        _ if nanosecond.is_multiple_of(1_000_000) => (nanosecond / 1_000_000, 3),
        _ if nanosecond.is_multiple_of(1_000) => (nanosecond / 1_000, 6),
        _ => (nanosecond, 9),
    };
    text.push('.');
    push_padded(&mut text, fraction, width);
    text
}

fn push_padded(out: &mut String, number: u32, width: usize) {
    let mut digits = [b'0'; 9];
    let mut rest = number;
    for digit in digits[..width].iter_mut().rev() {
        *digit = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    out.extend(digits[..width].iter().map(|digit| char::from(*digit)));
}

/// `YYYY-MM-DD HH:MM:SS`, then nothing or a dot and 1 to 9 digits: what diesel
/// writes (`%F %T%.f`). `None` for anything else, leap seconds included, which
/// diesel's own reading then decides.
fn as_written(text: &str) -> Option<NaiveDateTime> {
    let bytes = text.as_bytes();
    let (head, fraction) = bytes.split_at_checked(19)?;
    if head[4] != b'-'
        || head[7] != b'-'
        || head[10] != b' '
        || head[13] != b':'
        || head[16] != b':'
    {
        return None;
    }
    let number = |digits: &[u8]| -> Option<u32> {
        digits.iter().try_fold(0u32, |number, digit| {
            digit
                .is_ascii_digit()
                .then(|| number * 10 + u32::from(digit - b'0'))
        })
    };
    let nanosecond = match fraction {
        [] => 0,
        [b'.', digits @ ..] if (1..=9).contains(&digits.len()) => {
            number(digits)? * 10u32.pow(9 - digits.len() as u32)
        }
        _ => return None,
    };
    let second = number(&head[17..19])?;
    if second > 59 {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(
        i32::try_from(number(&head[0..4])?).ok()?,
        number(&head[5..7])?,
        number(&head[8..10])?,
    )?;
    let time = NaiveTime::from_hms_nano_opt(
        number(&head[11..13])?,
        number(&head[14..16])?,
        second,
        nanosecond,
    )?;
    Some(date.and_time(time))
}

#[cfg(test)]
mod tests {
    use super::as_written;
    use chrono::{DateTime, NaiveDateTime};

    /// What diesel's reading gives for text in its own first format.
    fn diesel_reads(text: &str) -> Option<NaiveDateTime> {
        NaiveDateTime::parse_from_str(text, "%F %T%.f").ok()
    }

    #[test]
    fn timestamps_are_written_as_diesel_writes_them() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for index in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let seconds = (state % 8_000_000_000) as i64 - 1_000_000_000;
            let nanos = match index % 4 {
                0 => 0,
                1 => (state % 1000) as u32 * 1_000_000,
                2 => (state % 1_000_000) as u32 * 1000,
                _ => (state % 1_000_000_000) as u32,
            };
            let time = DateTime::from_timestamp(seconds, nanos)
                .unwrap()
                .naive_utc();
            assert_eq!(super::written(time), time.format("%F %T%.f").to_string());
        }
        let now = crate::store::now();
        assert_eq!(super::written(now), now.format("%F %T%.f").to_string());
    }

    #[test]
    fn what_diesel_writes_reads_back_the_same() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for index in 0..20_000 {
            let seconds = (next() % 8_000_000_000) as i64 - 1_000_000_000;
            let nanos = match index % 4 {
                0 => 0,
                1 => (next() % 1000) as u32 * 1_000_000,
                2 => (next() % 1_000_000) as u32 * 1000,
                _ => (next() % 1_000_000_000) as u32,
            };
            let time = DateTime::from_timestamp(seconds, nanos)
                .unwrap()
                .naive_utc();
            let text = time.format("%F %T%.f").to_string();
            assert_eq!(as_written(&text), Some(time), "{text}");
        }
    }

    #[test]
    fn anything_else_is_left_to_diesel_and_nothing_reads_differently() {
        let texts = [
            "2026-11-22 04:24:10",
            "2026-11-22 04:24:10.5",
            "2026-11-22 04:24:10.123456789",
            "2026-11-22 04:24:10.1234567891",
            "2026-11-22 04:24:10.",
            "2026-11-22 04:24:60",
            "2026-11-22 04:24:60.5",
            "2026-11-22 24:00:00",
            "2026-02-29 12:00:00",
            "2024-02-29 12:00:00",
            "2026-13-01 00:00:00",
            "2026-00-10 00:00:00",
            "0000-01-01 00:00:00",
            "9999-12-31 23:59:59.999999999",
            "2026-11-22T04:24:10",
            "2026-11-22 04:24:10Z",
            "2026-11-22 04:24:10+01:00",
            "2026-11-22 04:24",
            "2026-1-22 04:24:10",
            "+2026-11-22 04:24:10",
            "2026-11-22 04:24:1a",
            "2026-11-22 04:24:10.1a",
            "2461000.5",
            "",
            "2026-11-22 04:24:10.½",
            "2026-11-22 04:24:１0",
        ];
        for text in texts {
            if let Some(time) = as_written(text) {
                assert_eq!(Some(time), diesel_reads(text), "{text}");
            }
        }
        assert_eq!(as_written("2026-11-22 04:24:60"), None);
        assert_eq!(as_written("2026-11-22T04:24:10"), None);
        assert!(as_written("2026-11-22 04:24:10.5").is_some());
    }
}
