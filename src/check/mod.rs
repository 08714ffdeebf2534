//! `segnapunti check [EVENT…]`: whole events verified again from their stored logs alone,
//! as a pairing program's check mode verifies a tournament file.
//!
//! For each event: every match log replays under its game's rules with the event's
//! options and its club's nicknames, and each match is stored as its log leaves it; the
//! pages' read model (`events::view::EventView`, built from scratch in this process)
//! gives the results, schedule and standings that the logs give when replayed here; the
//! stored matches are those the schedule asks for (the event's own sync, run in a
//! transaction that is rolled back, would change nothing); every correction notice is
//! the diff its correction gives ([`notices`]); and the ratings (see [`ratings`]).
//! The first disagreement stops the check, named by event, match and entry.

mod logs;
mod notices;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::events::view::EventView;
use crate::events::{EventData, MatchSummary, results_from};
use crate::store::events::{self as store_events, EventMatchRow, EventRow, EventStatus};
use crate::store::{Db, DbConnection, StoreError, StoreResult, clubs};
use crate::tournament::{Slot, Standings};

pub use logs::Replayed;

/// Where a check found stored data and the logs disagree, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The event's public id and name.
    pub event: Box<(String, String)>,
    /// The match: its key in the event (or "superseded") and its public id.
    pub at_match: Option<Box<(String, String)>>,
    /// The log entry, numbered from 0 as the log stores it.
    pub entry: Option<usize>,
    /// The standings' entrant concerned, by name.
    pub entrant: Option<String>,
    pub why: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {} ({})", self.event.0, self.event.1)?;
        if let Some(at) = &self.at_match {
            let (key, public_id) = at.as_ref();
            write!(f, ", match {key} (/m/{public_id})")?;
        }
        if let Some(entry) = self.entry {
            write!(f, ", entry {entry}")?;
        }
        if let Some(entrant) = &self.entrant {
            write!(f, ", entrant {entrant}")?;
        }
        write!(f, ": {}", self.why)
    }
}

/// What a check that agreed went through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub events: usize,
    pub matches: usize,
    pub entries: usize,
    pub notices: usize,
}

/// Why a check did not agree.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("{0}")]
    Disagrees(Disagreement),
    #[error("no event has the id {0}")]
    NoSuchEvent(String),
    /// The database could not be read.
    #[error(transparent)]
    Unreadable(#[from] StoreError),
}

/// A disagreement about the event `event`, made as the checks go.
pub(crate) struct Of<'a> {
    event: &'a EventRow,
}

impl Of<'_> {
    pub(crate) fn event(&self, why: impl Into<String>) -> Disagreement {
        Disagreement {
            event: Box::new((self.event.public_id.clone(), self.event.name.clone())),
            at_match: None,
            entry: None,
            entrant: None,
            why: why.into(),
        }
    }

    pub(crate) fn at(
        &self,
        key: &str,
        public_id: &str,
        entry: Option<usize>,
        why: impl Into<String>,
    ) -> Disagreement {
        Disagreement {
            at_match: Some(Box::new((key.to_string(), public_id.to_string()))),
            entry,
            ..self.event(why)
        }
    }
}

/// The public id of the event's match drawn under `key`; empty when none is.
fn public_id_of(matches: &[EventMatchRow], key: &str) -> String {
    matches
        .iter()
        .find(|m| m.match_key.as_deref() == Some(key))
        .map(|m| m.public_id.clone())
        .unwrap_or_default()
}

/// Checks the events named by public id (or address), every event when none is named.
pub fn check(db: &Db, named: &[String]) -> Result<Totals, CheckError> {
    check_telling(db, named, &mut |_, _| {}, &mut |_, _| {})
}

/// [`check`], telling `checking` how many events are checked of how many, then
/// `recomputing` how many are recomputed for the ratings and players' figures.
pub fn check_telling(
    db: &Db,
    named: &[String],
    checking: crate::ratings::Progress<'_>,
    recomputing: crate::ratings::Progress<'_>,
) -> Result<Totals, CheckError> {
    let events = db.read(|connection| {
        let mut all = Vec::new();
        for club in clubs::list(connection)? {
            all.extend(store_events::of_club(connection, club.id)?);
        }
        all.sort_by_key(|event| event.id);
        Ok(all)
    })?;
    let chosen: Vec<EventRow> = if named.is_empty() {
        events
    } else {
        let mut chosen = Vec::new();
        for name in named {
            let id = crate::cli::transfer::event_public_id(name);
            match events.iter().find(|event| event.public_id == id) {
                Some(event) => chosen.push(event.clone()),
                None => return Err(CheckError::NoSuchEvent(id.to_string())),
            }
        }
        chosen
    };
    let mut totals = Totals::default();
    let checked = chosen.clone();
    let total = chosen.len();
    for (done, event) in chosen.into_iter().enumerate() {
        // A stored value that does not read back (a format, a side) is the event's fault,
        // not the database's.
        let outcome = match db.read(|connection| check_event(connection, &event, &mut totals, true))
        {
            Err(StoreError::Corrupt(why)) => Err(Of { event: &event }.event(why)),
            other => other?,
        };
        if let Err(disagreement) = outcome {
            return Err(CheckError::Disagrees(disagreement));
        }
        if let Err(disagreement) = stored_as_scheduled(db, &event)? {
            return Err(CheckError::Disagrees(disagreement));
        }
        totals.events += 1;
        checking(done + 1, total);
    }
    // Ratings span every event of a game, so they are checked with the whole database:
    // a damaged log in an event not named would otherwise fail the events named.
    if named.is_empty()
        && let Err(disagreement) =
            db.read(|connection| ratings(connection, &checked, &mut *recomputing))?
    {
        return Err(CheckError::Disagrees(disagreement));
    }
    Ok(totals)
}

/// The checks of one event that only read; `Ok(Err(_))`: the first disagreement.
/// `import` runs them too, before it commits, so that it takes no event `check` refuses;
/// but the notices (`with_notices` false): they are found again by the times of entries
/// and notices, which a document carries only to the microsecond.
pub(crate) fn check_event(
    connection: &mut DbConnection,
    event: &EventRow,
    totals: &mut Totals,
    with_notices: bool,
) -> StoreResult<Result<(), Disagreement>> {
    let of = Of { event };
    // Its texts as an export of it would carry them, held to the rules `import` holds
    // a document to.
    if let Some(document) = crate::transfer::export_from(connection, &event.public_id)?
        && let Some(refused) = crate::transfer::text_problems(&document).first()
    {
        return Ok(Err(of.event(
            crate::web::i18n::Tr::new(crate::lang::Lang::En).msg(refused),
        )));
    }
    let Ok(options) = serde_json::from_str::<Value>(&event.game_options_json) else {
        return Ok(Err(of.event("its game options are not JSON")));
    };
    let data = EventData::load(connection, event.clone())?;
    let nicknames = clubs::dictionary(connection, event.club_id)?;
    let mut replayed = Vec::new();
    for row in &data.matches {
        match logs::replay(connection, &of, row, &options, &nicknames)? {
            Ok(match_log) => replayed.push(match_log),
            Err(disagreement) => return Ok(Err(disagreement)),
        }
    }
    totals.matches += replayed.len();
    totals.entries += replayed.iter().map(|m| m.entries.len()).sum::<usize>();
    for match_log in &replayed {
        if let Err(disagreement) = logs::stored_as_logged(&of, match_log) {
            return Ok(Err(disagreement));
        }
    }
    let changes = crate::store::state_changes::of_event(connection, event.id)?;
    if let Err(disagreement) = seated_as_drawn(&of, &data, &changes) {
        return Ok(Err(disagreement));
    }
    if let Err(disagreement) = read_model_agrees(connection, &of, &data, &replayed)? {
        return Ok(Err(disagreement));
    }
    if !with_notices {
        return Ok(Ok(()));
    }
    match notices::check(connection, &of, &data, &replayed)? {
        Ok(count) => totals.notices += count,
        Err(disagreement) => return Ok(Err(disagreement)),
    }
    Ok(Ok(()))
}

/// The players written on each drawn match are those of its sides, but for the
/// substitutes the organizer named for a seat (recorded state changes, in order).
fn seated_as_drawn(
    of: &Of<'_>,
    data: &EventData,
    changes: &[crate::store::state_changes::StateChangeRow],
) -> Result<(), Disagreement> {
    use crate::store::state_changes::parse_seat;
    for row in &data.matches {
        let (Some(key), Some(sides_json)) = (&row.match_key, &row.sides_json) else {
            continue;
        };
        let Ok(sides) = serde_json::from_str::<[Slot; 2]>(sides_json) else {
            return Err(of.at(key, &row.public_id, None, "its sides are unreadable"));
        };
        let mut seated = data.seats(&sides);
        for change in changes.iter().filter(|c| c.match_id == row.id) {
            // A substitution counts for the seat it names, while its player sits there.
            if let (Some((seat, left)), Some((_, plays))) =
                (parse_seat(&change.from_state), parse_seat(&change.to_state))
                && seated.get(seat - 1).is_some_and(|at| at == left)
            {
                seated[seat - 1] = plays.to_string();
            }
        }
        if seated != row.players() {
            return Err(of.at(
                key,
                &row.public_id,
                None,
                format!(
                    "its players are stored as {:?}, its sides seat {:?}",
                    row.players(),
                    seated
                ),
            ));
        }
    }
    Ok(())
}

/// What the pages show (the read model, loaded from scratch) against what the logs
/// replayed here give: each result, the schedule and the standings.
fn read_model_agrees(
    connection: &mut DbConnection,
    of: &Of<'_>,
    data: &EventData,
    replayed: &[Replayed],
) -> StoreResult<Result<(), Disagreement>> {
    let Some(tournament) = data.tournament()? else {
        return Ok(Ok(()));
    };
    let summaries: BTreeMap<i64, MatchSummary> = replayed
        .iter()
        .filter(|m| m.key.is_some() && !m.entries.is_empty())
        .map(|m| (m.id, m.summary.clone()))
        .collect();
    let results = results_from(data, &summaries)?;
    let schedule = match tournament.schedule(&results) {
        Ok(schedule) => schedule,
        Err(error) => {
            return Ok(Err(
                of.event(format!("its results give no schedule: {error:?}"))
            ));
        }
    };
    let view = match EventView::load(connection, data.event.clone()) {
        Ok(view) => view,
        Err(StoreError::Corrupt(why)) => return Ok(Err(of.event(why))),
        Err(other) => return Err(other),
    };
    let Some(shown) = &view.derived else {
        return Ok(Err(of.event("the pages show no draw")));
    };
    for (key, recorded) in &results {
        if shown.results.get(key) != Some(recorded) {
            return Ok(Err(of.at(
                key.as_str(),
                &public_id_of(&data.matches, key.as_str()),
                None,
                format!(
                    "the pages show {:?}, its log gives {recorded:?}",
                    shown.results.get(key)
                ),
            )));
        }
    }
    for (mine, theirs) in schedule.matches.iter().zip(&shown.schedule.matches) {
        if mine != theirs {
            return Ok(Err(of.at(
                mine.key.as_str(),
                &public_id_of(&data.matches, mine.key.as_str()),
                None,
                format!("the pages schedule {theirs:?}, the logs give {mine:?}"),
            )));
        }
    }
    if schedule.matches.len() != shown.schedule.matches.len()
        || schedule.complete != shown.schedule.complete
    {
        return Ok(Err(of.event(format!(
            "the pages schedule {} matches (complete: {}), the logs give {} (complete: {})",
            shown.schedule.matches.len(),
            shown.schedule.complete,
            schedule.matches.len(),
            schedule.complete
        ))));
    }
    let Standings { tables } = tournament.standings_of(&schedule);
    let pages = view.standings();
    for (mine, theirs) in tables.iter().zip(&pages) {
        for (row, shown_row) in mine.rows.iter().zip(&theirs.rows) {
            if row != shown_row {
                let mut disagreement = of.event(format!(
                    "the pages' standings show {shown_row:?}, the logs give {row:?}"
                ));
                disagreement.entrant = Some(data.entrant_name(row.entrant));
                return Ok(Err(disagreement));
            }
        }
    }
    if tables != pages {
        return Ok(Err(of.event(
            "the pages' standings have other tables or rows than the logs give",
        )));
    }
    Ok(Ok(()))
}

/// The stored matches and the event's status are what its schedule asks for: the
/// event's own sync, run in a transaction that is then rolled back, changes nothing.
fn stored_as_scheduled(db: &Db, event: &EventRow) -> StoreResult<Result<(), Disagreement>> {
    if event.status() == EventStatus::Setup {
        return Ok(Ok(()));
    }
    let found = Arc::new(Mutex::new(None));
    let kept = Arc::clone(&found);
    let event_id = event.id;
    let attempt = db.write(move |connection| {
        let report = crate::events::sync(connection, event_id)?;
        let status = crate::store::required(store_events::find(connection, event_id)?)?.status();
        if let Ok(mut slot) = kept.lock() {
            *slot = Some((report, status));
        }
        // Whatever the sync did is taken back.
        Err::<(), _>(StoreError::Stale)
    });
    match attempt {
        Err(StoreError::Stale) => {}
        Err(StoreError::Corrupt(why)) => return Ok(Err(Of { event }.event(why))),
        Err(other) => return Err(other),
        Ok(()) => {}
    }
    let Some((report, status)) = found.lock().ok().and_then(|mut slot| slot.take()) else {
        return Ok(Ok(()));
    };
    let of = Of { event };
    let named = |key: &crate::tournament::MatchKey, why: &str| {
        let public_id = db
            .read(|connection| store_events::event_matches(connection, event_id))
            .map(|rows| public_id_of(&rows, key.as_str()))
            .unwrap_or_default();
        of.at(key.as_str(), &public_id, None, why.to_string())
    };
    if let Some(key) = report.created.first() {
        return Ok(Err(named(
            key,
            "the schedule has this match ready, but it is not stored",
        )));
    }
    if let Some(key) = report.updated.first() {
        return Ok(Err(named(
            key,
            "it is stored with other sides than the schedule gives",
        )));
    }
    if let Some(key) = report.superseded.first() {
        return Ok(Err(named(
            key,
            "it is stored as a match to play, but the schedule no longer has it",
        )));
    }
    if status != event.status() {
        return Ok(Err(of.event(format!(
            "it is stored as {}, its schedule makes it {}",
            event.status().as_str(),
            status.as_str()
        ))));
    }
    Ok(Ok(()))
}

/// The ratings and players' figures rebuilt from every log (in time order, as
/// `segnapunti ratings rebuild` does) against those stored; a disagreement names the
/// event and match where the stored ratings first differ, or the figure that differs.
fn ratings(
    connection: &mut DbConnection,
    _events: &[EventRow],
    progress: crate::ratings::Progress<'_>,
) -> StoreResult<Result<(), Disagreement>> {
    let differences = crate::ratings::differences(connection, progress)?;
    let Some((match_id, why)) = differences.ratings else {
        return Ok(match differences.figures {
            None => Ok(()),
            Some(why) => Err(Disagreement {
                event: Box::new((String::new(), String::new())),
                at_match: None,
                entry: None,
                entrant: None,
                why: format!("the stored players' figures differ from the logs': {why}"),
            }),
        });
    };
    let at = store_events::event_match(connection, match_id)?;
    let event = match at.as_ref().and_then(|row| row.event_id) {
        Some(event_id) => store_events::find(connection, event_id)?,
        None => None,
    };
    Ok(Err(Disagreement {
        event: Box::new(event.map_or((String::new(), String::new()), |e| (e.public_id, e.name))),
        at_match: at.map(|row| {
            Box::new((
                row.match_key.clone().unwrap_or_else(|| "superseded".into()),
                row.public_id.clone(),
            ))
        }),
        entry: None,
        entrant: None,
        why: format!("the stored ratings differ from the logs': {why}"),
    }))
}
