//! A season's table from its events as stored: each finished night's final places (the
//! core's [`final_places`]), each entrant's players taking its place, into the core's
//! [`season::table`]. Nights not finished yet are listed but do not count.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use crate::events::view::EventView;
use crate::store::events::{EventRow, EventStatus};
use crate::store::player_figures as figures;
use crate::store::seasons::{self, SeasonRow};
use crate::store::{DbConnection, StoreResult};
use crate::tournament::season::{self, Finisher, final_places};

/// One of the season's events.
#[derive(Debug, Clone)]
pub struct Night {
    pub public_id: String,
    pub name: String,
    pub starts_at: NaiveDateTime,
    /// Finished, so it counts; otherwise listed only.
    pub counts: bool,
    /// The index of the night among those that count (as [`season::NightResult::night`]).
    pub index: Option<usize>,
}

/// A season with its nights and its table, players named.
#[derive(Debug, Clone)]
pub struct SeasonReport {
    pub season: SeasonRow,
    pub nights: Vec<Night>,
    pub table: season::Table<i64>,
    pub names: BTreeMap<i64, String>,
}

impl SeasonReport {
    pub fn name(&self, player: i64) -> &str {
        self.names.get(&player).map_or("", String::as_str)
    }

    /// The night a result of the table was played (by its index among those that count).
    pub fn counted_night(&self, index: usize) -> Option<&Night> {
        self.nights.iter().find(|n| n.index == Some(index))
    }
}

/// The season's report, read from its events now: each finished night's final places
/// from its players' stored nights, or from its log where those rows do not say.
pub fn report(connection: &mut DbConnection, season: SeasonRow) -> StoreResult<SeasonReport> {
    report_reading(connection, season, true)
}

/// [`report`] with every night read from its log, as the stored nights are checked against.
pub fn report_from_logs(
    connection: &mut DbConnection,
    season: SeasonRow,
) -> StoreResult<SeasonReport> {
    report_reading(connection, season, false)
}

fn report_reading(
    connection: &mut DbConnection,
    season: SeasonRow,
    stored_nights: bool,
) -> StoreResult<SeasonReport> {
    let events = seasons::events_of(connection, season.id)?;
    let finished: Vec<i64> = events
        .iter()
        .filter(|e| stored_nights && e.status() == EventStatus::Finished)
        .map(|e| e.id)
        .collect();
    let mut stored = stored_places(connection, &finished)?;
    let mut nights = Vec::new();
    let mut finishers = Vec::new();
    let mut named: BTreeMap<i64, String> = BTreeMap::new();
    for event in events {
        let mut night = Night {
            public_id: event.public_id.clone(),
            name: event.name.clone(),
            starts_at: event.starts_at,
            counts: false,
            index: None,
        };
        if event.status() == EventStatus::Finished {
            let places = match stored.remove(&event.id) {
                Some(places) => Some(places),
                None => places_from_log(connection, event, &mut named)?,
            };
            if let Some(places) = places {
                night.counts = true;
                night.index = Some(finishers.len());
                finishers.push(places);
            }
        }
        nights.push(night);
    }
    let unnamed: Vec<i64> = finishers
        .iter()
        .flatten()
        .flat_map(|f| &f.players)
        .filter(|id| !named.contains_key(id))
        .copied()
        .collect();
    let mut names = named;
    for player in crate::store::players::players_by_id(connection, &unnamed)? {
        names.insert(player.id, player.name);
    }
    let table = season::table(&finishers, &season.settings.rules());
    Ok(SeasonReport {
        season,
        nights,
        table,
        names,
    })
}

/// Each finished night's finishers from its stored player nights, by event: an entrant's
/// players share its place. A night with no row, or a row written before final places
/// were kept, is left to its log.
fn stored_places(
    connection: &mut DbConnection,
    finished: &[i64],
) -> StoreResult<BTreeMap<i64, Vec<Finisher<i64>>>> {
    let mut by_event: BTreeMap<i64, BTreeMap<u32, Vec<i64>>> = BTreeMap::new();
    let mut unknown = Vec::new();
    for (event, player, place) in figures::final_places_of(connection, finished)? {
        match place {
            Some(place) => by_event
                .entry(event)
                .or_default()
                .entry(place as u32)
                .or_default()
                .push(player),
            None => unknown.push(event),
        }
    }
    for event in unknown {
        by_event.remove(&event);
    }
    Ok(by_event
        .into_iter()
        .map(|(event, places)| {
            let finishers = places
                .into_iter()
                .map(|(place, players)| Finisher { place, players })
                .collect();
            (event, finishers)
        })
        .collect())
}

/// A finished night's finishers from its log (`None` when it was never drawn), naming
/// its players in `names`.
fn places_from_log(
    connection: &mut DbConnection,
    event: EventRow,
    names: &mut BTreeMap<i64, String>,
) -> StoreResult<Option<Vec<Finisher<i64>>>> {
    let view = EventView::load(connection, event)?;
    let Some(derived) = &view.derived else {
        return Ok(None);
    };
    let standings = derived.tournament.standings_of(&derived.schedule);
    let places: Vec<Finisher<i64>> = final_places(&standings)
        .into_iter()
        .filter_map(|(entrant, place)| {
            let row = view.data.entrant(entrant)?;
            let players: Vec<i64> = std::iter::once(row.player1_id)
                .chain(row.player2_id)
                .collect();
            Some(Finisher { place, players })
        })
        .collect();
    for player in places.iter().flat_map(|f| &f.players) {
        names.insert(*player, view.data.player_name(*player));
    }
    Ok(Some(places))
}
