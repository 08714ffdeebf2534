//! A season's table from its events as stored: each finished night's final places (the
//! core's [`final_places`]), each entrant's players taking its place, into the core's
//! [`season::table`]. Nights not finished yet are listed but do not count.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use crate::events::view::EventView;
use crate::store::events::EventStatus;
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

/// The season's report, read from its events now.
pub fn report(connection: &mut DbConnection, season: SeasonRow) -> StoreResult<SeasonReport> {
    let mut nights = Vec::new();
    let mut finishers = Vec::new();
    let mut names = BTreeMap::new();
    for event in seasons::events_of(connection, season.id)? {
        let finished = event.status() == EventStatus::Finished;
        let mut night = Night {
            public_id: event.public_id.clone(),
            name: event.name.clone(),
            starts_at: event.starts_at,
            counts: false,
            index: None,
        };
        if finished {
            let view = EventView::load(connection, event)?;
            if let Some(derived) = &view.derived {
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
                night.counts = true;
                night.index = Some(finishers.len());
                finishers.push(places);
            }
        }
        nights.push(night);
    }
    let table = season::table(&finishers, &season.settings.rules());
    Ok(SeasonReport {
        season,
        nights,
        table,
        names,
    })
}
