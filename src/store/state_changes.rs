//! Changes of a match's state that undo progress, confirmed by an organizer with a
//! reason: back to scheduled, out of finished or forfeit, a forfeit's side changed; and
//! a seat's player replaced by a substitute (`seat_text`).
//! Like the log's corrections they are only ever added (triggers refuse updates and
//! deletes on both backends), with who made them and why.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::matches::MatchStatus;
use super::schema::{match_state_changes, matches};
use super::{DbConnection, StoreResult, now};

/// A match's state as words stored in a change: its status, or `forfeit:A` /
/// `forfeit:B` for a forfeit whose winning side is known (an event's).
pub fn state_text(status: MatchStatus, forfeit_winner: Option<&str>) -> String {
    match (status, forfeit_winner) {
        (MatchStatus::Forfeit, Some(side)) => format!("forfeit:{side}"),
        _ => status.as_str().to_string(),
    }
}

/// Reads [`state_text`] back: the status and the forfeit's winning side.
pub fn parse_state(text: &str) -> Option<(MatchStatus, Option<&str>)> {
    match text.split_once(':') {
        Some(("forfeit", side)) => Some((MatchStatus::Forfeit, Some(side))),
        Some(_) => None,
        None => MatchStatus::parse(text).map(|status| (status, None)),
    }
}

/// Who sits at a seat, as a change stores a substitution: `seat:3:Franco Costa` (seats
/// from 1, as the organizer reads them). A name may hold colons: only two are split off.
pub fn seat_text(seat: usize, name: &str) -> String {
    format!("seat:{seat}:{name}")
}

/// Reads [`seat_text`] back: the seat (from 1) and the name.
pub fn parse_seat(text: &str) -> Option<(usize, &str)> {
    let (seat, name) = text.strip_prefix("seat:")?.split_once(':')?;
    Some((seat.parse().ok().filter(|seat| *seat > 0)?, name))
}

/// Whether going from `from` to `to` undoes progress: a step back along scheduled,
/// in progress, finished; or leaving a finished or forfeited match. Such a change
/// is confirmed with a reason and recorded.
pub fn undoes_progress(from: MatchStatus, to: MatchStatus) -> bool {
    let rank = |status: MatchStatus| match status {
        MatchStatus::Scheduled => 0,
        MatchStatus::InProgress => 1,
        MatchStatus::Finished | MatchStatus::Forfeit => 2,
    };
    from != to
        && (rank(to) < rank(from) || matches!(from, MatchStatus::Finished | MatchStatus::Forfeit))
}

pub struct NewStateChange<'a> {
    pub match_id: i64,
    pub from_state: &'a str,
    pub to_state: &'a str,
    pub reason: &'a str,
    pub by_user_id: Option<i64>,
    pub by_label: &'a str,
}

/// Records a change made now.
pub fn record(connection: &mut DbConnection, change: &NewStateChange<'_>) -> StoreResult<()> {
    record_at(connection, change, now())
}

/// Records a change made at `at` (an import keeps the time).
pub fn record_at(
    connection: &mut DbConnection,
    change: &NewStateChange<'_>,
    at: NaiveDateTime,
) -> StoreResult<()> {
    diesel::insert_into(match_state_changes::table)
        .values((
            match_state_changes::match_id.eq(change.match_id),
            match_state_changes::from_state.eq(change.from_state),
            match_state_changes::to_state.eq(change.to_state),
            match_state_changes::reason.eq(change.reason),
            match_state_changes::by_user_id.eq(change.by_user_id),
            match_state_changes::by_label.eq(change.by_label),
            match_state_changes::created_at.eq(at),
        ))
        .execute(connection)?;
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = match_state_changes)]
pub struct StateChangeRow {
    pub id: i64,
    pub match_id: i64,
    pub from_state: String,
    pub to_state: String,
    pub reason: String,
    /// Empty for a change imported from another database.
    pub by_user_id: Option<i64>,
    pub by_label: String,
    #[diesel(deserialize_as = super::StoredTime)]
    pub created_at: NaiveDateTime,
}

super::list_by!(
    /// The match's state changes, oldest first.
    of_match: match_state_changes where match_state_changes.match_id,
        order match_state_changes::id.asc() => StateChangeRow
);

super::list_by!(
    /// The state changes of every match of the event, oldest first.
    of_event: match_state_changes join matches where matches.event_id,
        order match_state_changes::id.asc() => StateChangeRow
);

#[cfg(test)]
mod tests {
    use super::*;
    use MatchStatus::*;

    #[test]
    fn steps_back_and_leaving_a_result_undo_progress() {
        for (from, to) in [
            (InProgress, Scheduled),
            (Finished, Scheduled),
            (Finished, InProgress),
            (Finished, Forfeit),
            (Forfeit, Scheduled),
            (Forfeit, InProgress),
        ] {
            assert!(undoes_progress(from, to), "{from:?} → {to:?}");
        }
        for (from, to) in [
            (Scheduled, InProgress),
            (Scheduled, Forfeit),
            (InProgress, Forfeit),
            (InProgress, InProgress),
            (Finished, Finished),
        ] {
            assert!(!undoes_progress(from, to), "{from:?} → {to:?}");
        }
    }

    #[test]
    fn a_state_reads_back_as_written() {
        assert_eq!(state_text(Forfeit, Some("B")), "forfeit:B");
        assert_eq!(parse_state("forfeit:B"), Some((Forfeit, Some("B"))));
        assert_eq!(state_text(Forfeit, None), "forfeit");
        assert_eq!(parse_state("in_progress"), Some((InProgress, None)));
        assert_eq!(parse_state("later:x"), None);
    }

    #[test]
    fn a_seat_reads_back_as_written() {
        assert_eq!(
            seat_text(3, "Nane: il Bortolato"),
            "seat:3:Nane: il Bortolato"
        );
        assert_eq!(
            parse_seat("seat:3:Nane: il Bortolato"),
            Some((3, "Nane: il Bortolato"))
        );
        assert_eq!(parse_seat("seat:0:Nane"), None);
        assert_eq!(parse_seat("seat:x:Nane"), None);
        assert_eq!(parse_seat("in_progress"), None);
        // Not a state: the two kinds of change never read as each other.
        assert_eq!(parse_state("seat:3:Nane"), None);
    }
}
