//! The event's matches kept in step with what the core derives: [`sync`] after a change,
//! [`after_append`] after an entry, and the organizer's decisions that advance the event.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::results::{Remember, recorded_of};
use super::{
    Derived, EventData, NOTE_OUT_OF_DRAW, NOTE_REPLACED, NOTE_SIDES_CHANGED, derive, individual,
    results_from, summaries,
};
use crate::lang::Msg;
use crate::store::events::{self, EventMatchRow, EventRow, EventStatus};
use crate::store::matches::{MatchStatus, NewMatch, Placement};
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::{
    self, Correction, EntrantId, MatchKey, Progress, Recorded, Results, Side, Slot, Status,
};

/// What a [`sync`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncReport {
    pub created: Vec<MatchKey>,
    pub updated: Vec<MatchKey>,
    pub superseded: Vec<MatchKey>,
}

fn match_title(event: &EventRow, key: &MatchKey) -> String {
    format!("{} · {}", event.name, key)
}

/// A match's stored title as pages show it, for the shell to word. An event's match is
/// stored as "event · key" (see `match_title`; older databases hold the same), so the key
/// is read in the reader's language there; any other title is shown as written.
pub fn title_msg(title: &str) -> Msg {
    title_msg_in(title, None)
}

/// [`title_msg`] with the event's bracket shape, which names knockout matches as people
/// say them ("Quarti, partita 1").
pub fn title_msg_in(title: &str, knockout: Option<tournament::Knockout>) -> Msg {
    title
        .rsplit_once(" · ")
        .and_then(|(event, key)| {
            tournament::key_label_in(key, knockout).map(|label| {
                Msg::new("tournament-event_match_title")
                    .arg("event", event.to_string())
                    .arg("match", label)
            })
        })
        .unwrap_or_else(|| Msg::text(title.to_string()))
}

fn started(row: &EventMatchRow, results: &Results, key: &MatchKey) -> bool {
    results.contains_key(key) || row.status() != MatchStatus::Scheduled
}

/// Brings the event's matches in step with the schedule; see the module documentation.
pub fn sync(connection: &mut DbConnection, event_id: i64) -> StoreResult<SyncReport> {
    events::hold_event(connection, event_id)?;
    let Some(event) = events::find(connection, event_id)? else {
        return Ok(SyncReport::default());
    };
    if event.status() == EventStatus::Setup {
        return Ok(SyncReport::default());
    }
    let mut data = EventData::load(connection, event)?;
    let Some(derived) = derive(connection, &data)? else {
        return Ok(SyncReport::default());
    };
    sync_derived(connection, &mut data, &derived)
}

/// [`sync`] for an event already loaded and derived in this transaction.
fn sync_derived(
    connection: &mut DbConnection,
    data: &mut EventData,
    derived: &Derived,
) -> StoreResult<SyncReport> {
    let rows = data.rows_by_key();
    let scope = Scope {
        matches: derived.schedule.matches.iter().collect(),
        rows: &rows,
        whole: true,
        appended: None,
        format: &derived.tournament.format,
        tournament: &derived.tournament,
        schedule: &derived.schedule,
        results: &derived.results,
        complete: derived.schedule.complete,
        summaries: &derived.summaries,
    };
    sync_scope(connection, data, scope)
}

/// The part of an event a sync brings in step, and what the event derived says.
pub(super) struct Scope<'a> {
    /// The scheduled matches looked at: all of them, or those a result changed.
    pub matches: Vec<&'a tournament::Match>,
    /// Where each key's row is in the event's `matches`.
    pub rows: &'a HashMap<MatchKey, usize>,
    /// Whether rows whose key is no longer scheduled are looked for too.
    pub whole: bool,
    /// The one match whose result can have changed, when it is known (a result that
    /// re-derived nothing else): only its rating rows are compared.
    pub appended: Option<i64>,
    pub format: &'a tournament::Format,
    /// The event and its whole schedule as derived: the players' figures are read off it.
    pub tournament: &'a tournament::Tournament,
    pub schedule: &'a tournament::Schedule,
    pub results: &'a Results,
    /// Whether the whole schedule is decided.
    pub complete: bool,
    /// The summaries of the event's logs, by match id.
    pub summaries: &'a BTreeMap<i64, super::MatchSummary>,
}

/// Brings the matches of `scope` in step with the event derived; see the module
/// documentation.
pub(super) fn sync_scope(
    connection: &mut DbConnection,
    data: &mut EventData,
    scope: Scope<'_>,
) -> StoreResult<SyncReport> {
    let mut report = SyncReport::default();
    let rows = scope.rows;
    fn row_of<'d>(
        data: &'d EventData,
        rows: &HashMap<MatchKey, usize>,
        key: &MatchKey,
    ) -> Option<&'d EventMatchRow> {
        rows.get(key).map(|&at| &data.matches[at])
    }
    // The matches not started whose sides changed, and the players whose names the
    // matches created or given new sides are written with.
    let sides_json_of = |m: &tournament::Match| {
        serde_json::to_string(&m.sides).map_err(|e| StoreError::Corrupt(e.to_string()))
    };
    let mut new_sides: BTreeMap<MatchKey, String> = BTreeMap::new();
    let mut seated: Vec<EntrantId> = Vec::new();
    for m in scope.matches.iter().filter(|m| m.status == Status::Ready) {
        match row_of(data, rows, &m.key) {
            None => seated.extend(m.sides.iter().flat_map(Slot::entrants)),
            Some(row) if !started(row, scope.results, &m.key) => {
                let sides_json = sides_json_of(m)?;
                if row.sides_json.as_deref() != Some(sides_json.as_str()) {
                    seated.extend(m.sides.iter().flat_map(Slot::entrants));
                    new_sides.insert(m.key.clone(), sides_json);
                }
            }
            Some(_) => {}
        }
    }
    data.load_players_of(connection, seated)?;
    // Read only when a match is created: every row of the event is looked at.
    let mut used_tables: Option<BTreeSet<i32>> = None;
    let options_json = data.event.game_options_json.clone();
    let mut scheduled_keys = BTreeSet::new();
    for m in &scope.matches {
        if scope.whole {
            scheduled_keys.insert(m.key.clone());
        }
        let row = row_of(data, rows, &m.key);
        // The sides are written out only for the matches that may need them: in a large
        // event most are finished, and serializing every one made each sync cost more.
        match (&m.status, row) {
            (Status::Ready, None) => {
                let sides_json = sides_json_of(m)?;
                let used = used_tables.get_or_insert_with(|| tables_in_use(data));
                // A rotating night draws every round at once: each round's tables are the
                // room's tables 1 to k, as its keys number them.
                let table = match m.key.table().filter(|_| individual(scope.format)) {
                    Some(table) => table as i32,
                    None => (1..).find(|t| !used.contains(t)).unwrap_or(1),
                };
                used.insert(table);
                events::insert_match(
                    connection,
                    &NewMatch {
                        public_id: &crate::scoring::new_public_id(),
                        title: &match_title(&data.event, &m.key),
                        game: data.event.game,
                        options_json: &options_json,
                        players: &data.seats(&m.sides),
                        first_dealer: 0,
                        created_by: data.event.created_by,
                        created_by_label: events::DRAW_LABEL,
                    },
                    &Placement {
                        event_id: data.event.id,
                        match_key: m.key.as_str(),
                        sides_json: &sides_json,
                        table_number: Some(table),
                    },
                )?;
                report.created.push(m.key.clone());
            }
            (Status::Ready, Some(row)) if !started(row, scope.results, &m.key) => {
                if let Some(sides_json) = new_sides.get(&m.key) {
                    events::update_sides(
                        connection,
                        row.id,
                        &match_title(&data.event, &m.key),
                        &data.seats(&m.sides),
                        sides_json,
                    )?;
                    report.updated.push(m.key.clone());
                }
            }
            (Status::Waiting | Status::Walkover { .. } | Status::Void, Some(row))
                if !started(row, scope.results, &m.key) =>
            {
                events::supersede(connection, row.id, NOTE_SIDES_CHANGED, "segnapunti")?;
                report.superseded.push(m.key.clone());
            }
            _ => {}
        }
    }
    if scope.whole {
        for (key, row) in &data.keyed() {
            if !scheduled_keys.contains(key) && !started(row, scope.results, key) {
                events::supersede(connection, row.id, NOTE_OUT_OF_DRAW, "segnapunti")?;
                report.superseded.push(key.clone());
            }
        }
    }
    // A finished match's result, or its forfeit or replacement, moves its players' ratings.
    match scope
        .appended
        .map(|id| data.matches.iter().find(|m| m.id == id))
    {
        Some(row) => crate::ratings::refresh_matches(connection, data, scope.summaries, row)?,
        None => crate::ratings::refresh_event(connection, data, scope.summaries)?,
    }
    // And its players' figures: every night's place, the results of the matches looked at.
    let looked_at: Option<Vec<i64>> = (!scope.whole).then(|| {
        scope
            .matches
            .iter()
            .filter_map(|m| row_of(data, rows, &m.key).map(|row| row.id))
            .chain(scope.appended)
            .collect()
    });
    crate::player_figures::refresh_event(
        connection,
        data,
        scope.tournament,
        scope.schedule,
        looked_at.as_deref(),
    )?;
    let status = if scope.complete {
        EventStatus::Finished
    } else {
        EventStatus::Running
    };
    if status != data.event.status() {
        events::set_status(connection, data.event.id, status)?;
        if let Some(event) = events::find(connection, data.event.id)? {
            data.event = event;
        }
    }
    Ok(report)
}

/// The tables of the event's matches still to play.
fn tables_in_use(data: &EventData) -> BTreeSet<i32> {
    data.matches
        .iter()
        .filter(|m| m.match_key.is_some())
        .filter(|m| !matches!(m.status(), MatchStatus::Finished | MatchStatus::Forfeit))
        .filter_map(|m| m.table_number)
        .collect()
}

/// A correction's consequences, kept for the organizer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CorrectionNotice {
    /// The match whose result changed.
    pub source: MatchKey,
    pub correction: Correction,
}

fn winner_of(recorded: Option<&Recorded>) -> Option<Side> {
    match recorded.map(|r| &r.progress) {
        Some(Progress::Finished(outcome)) => Some(outcome.winner()),
        _ => None,
    }
}

/// Runs after an entry was appended to a match (same transaction): advancement, and the
/// notice of a correction that changed a finished match's result. The event is derived
/// afresh from its rows; [`super::Advancement`] keeps it derived between results.
pub fn after_append(connection: &mut DbConnection, match_id: i64) -> StoreResult<()> {
    if let Some(appended) = appended_match(connection, match_id)? {
        advance_afresh(connection, &appended)?;
    }
    Ok(())
}

/// The match an entry was appended to, as one of its event's drawn matches.
pub(super) struct Appended {
    pub row: EventMatchRow,
    pub event_id: i64,
    pub key: MatchKey,
}

/// The match `match_id` as the entry left it; `None` when it is no event's drawn match.
pub(super) fn appended_match(
    connection: &mut DbConnection,
    match_id: i64,
) -> StoreResult<Option<Appended>> {
    let Some(row) = events::event_match(connection, match_id)? else {
        return Ok(None);
    };
    let (Some(event_id), Some(key)) = (row.event_id, row.match_key.clone()) else {
        return Ok(None);
    };
    Ok(Some(Appended {
        row,
        event_id,
        key: MatchKey::new(key),
    }))
}

/// [`after_append`] from the event's rows: the event as loaded and derived, once its
/// matches are in step (its rows as read before; `None` when it is not drawn).
pub(super) fn advance_afresh(
    connection: &mut DbConnection,
    appended: &Appended,
) -> StoreResult<Option<(EventData, Derived)>> {
    let Some(event) = events::find(connection, appended.event_id)? else {
        return Ok(None);
    };
    if event.status() == EventStatus::Setup {
        return Ok(None);
    }
    let mut data = EventData::load_without_players(connection, event)?;
    let Some(tournament) = data.tournament()? else {
        return Ok(None);
    };
    // Remembered once the append commits: the next result replays only logs that grew.
    let summaries = summaries(connection, &data, Remember::AfterCommit)?;
    let new = results_from(&data, &summaries)?;
    let count = crate::store::matches::entries(connection, appended.row.id)?.len();
    let before = recorded_of(connection, &appended.row, Some(count.saturating_sub(1)))?;
    notice_correction(connection, appended, &tournament, before, &new)?;
    // The event as loaded above, derived once: loading and deriving it again for the
    // sync doubled the cost of every result.
    let schedule = tournament.schedule(&new).map_err(|error| {
        StoreError::Corrupt(format!(
            "event {} cannot be derived: {error}",
            appended.event_id
        ))
    })?;
    let derived = Derived {
        tournament,
        results: new,
        schedule,
        summaries,
    };
    sync_derived(connection, &mut data, &derived)?;
    Ok(Some((data, derived)))
}

/// Leaves the organizer a notice when the entry changed the winner of a finished match
/// (`before`: what was recorded for it before the entry; `new`: the results now).
pub(super) fn notice_correction(
    connection: &mut DbConnection,
    appended: &Appended,
    tournament: &tournament::Tournament,
    before: Option<Recorded>,
    new: &Results,
) -> StoreResult<()> {
    let key = &appended.key;
    let was_finished = matches!(
        before.as_ref().map(|r| &r.progress),
        Some(Progress::Finished(_))
    );
    if !was_finished || winner_of(before.as_ref()) == winner_of(new.get(key)) {
        return Ok(());
    }
    let mut old = new.clone();
    match before {
        Some(recorded) => old.insert(key.clone(), recorded),
        None => old.remove(key),
    };
    // Kept even when no other match changed: the organizer is told of every result a
    // correction turned round (the standings changed).
    if let Ok(correction) = tournament::diff(tournament, &old, new) {
        let notice = CorrectionNotice {
            source: key.clone(),
            correction,
        };
        let json =
            serde_json::to_string(&notice).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        events::add_notice(connection, appended.event_id, &json)?;
    }
    Ok(())
}

/// What the organizer decided for a match not played to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// A forfeit: this side goes on.
    Winner(Side),
    /// Void: decided, nobody scores it (a rotating night's table a player left).
    Void,
}

/// The organizer's decision on an event match (`None` puts it back to scheduled), then
/// advancement.
pub fn set_forfeit(
    connection: &mut DbConnection,
    match_id: i64,
    decision: Option<Decision>,
    by: &str,
) -> StoreResult<()> {
    let winner = decision.map(|decision| match decision {
        Decision::Winner(Side::A) => "A",
        Decision::Winner(Side::B) => "B",
        Decision::Void => VOID,
    });
    events::hold_event_of_match(connection, match_id)?;
    events::set_forfeit(connection, match_id, winner, by)?;
    sync_event_of(connection, match_id)
}

/// The organizer's third decision on a match a player left: `name` plays on at `seat`
/// (from 0). Only the names by seat change; the sides, and so whom the result counts
/// for, stay as drawn, and the log's entries keep naming seats.
pub fn substitute(
    connection: &mut DbConnection,
    match_id: i64,
    seat: usize,
    name: &str,
) -> StoreResult<()> {
    events::hold_event_of_match(connection, match_id)?;
    let Some(row) = events::event_match(connection, match_id)? else {
        return Ok(());
    };
    let mut players = row.players();
    if let Some(at) = players.get_mut(seat) {
        *at = name.to_string();
        events::set_players(connection, match_id, &players)?;
    }
    Ok(())
}

/// The stored forfeit "winner" of a match the organizer voided.
pub const VOID: &str = "void";

/// The organizer's decision on a flagged match: take it out of the draw, so the match is
/// played again between the sides the corrected results give.
pub fn replay_flagged(connection: &mut DbConnection, match_id: i64, by: &str) -> StoreResult<()> {
    events::hold_event_of_match(connection, match_id)?;
    events::supersede(connection, match_id, NOTE_REPLACED, by)?;
    sync_event_of(connection, match_id)
}

/// The organizer's other decision on a flagged match: keep its result as played. The
/// recorded sides stand for that match and advancement continues from its result.
pub fn keep_flagged(connection: &mut DbConnection, match_id: i64, by: &str) -> StoreResult<()> {
    events::hold_event_of_match(connection, match_id)?;
    events::set_kept(connection, match_id, true, by)?;
    sync_event_of(connection, match_id)
}

/// [`sync`] of the event a match belongs to, after the match changed; nothing for a match
/// of no event.
pub fn sync_event_of(connection: &mut DbConnection, match_id: i64) -> StoreResult<()> {
    if let Some(row) = events::event_match(connection, match_id)?
        && let Some(event_id) = row.event_id
    {
        sync(connection, event_id)?;
    }
    Ok(())
}
