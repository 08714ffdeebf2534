//! The event read model: an event loaded with everything its pages show (its rows, the
//! draw derived from its results, the live state of every table, its standings), with
//! round titles as messages the web layer words.

use std::collections::{BTreeMap, HashMap};

use super::{Derived, EventData, derive_remembered, format_of};
use crate::lang::Msg;
use crate::store::events::EventRow;
use crate::store::{DbConnection, StoreResult};
use crate::tournament::{Format, Match, Stage, StandingsTable, TieBreak};

/// The live state of a table.
#[derive(Debug, Clone, Default)]
pub struct LiveState {
    pub games: [u32; 2],
    pub scores: [u32; 2],
    pub entries: usize,
}

/// An event loaded with everything its pages show.
pub struct EventView {
    pub data: EventData,
    pub derived: Option<Derived>,
    /// By match key.
    pub live: BTreeMap<String, LiveState>,
    /// The standings, computed once per view.
    standings: std::cell::OnceCell<Vec<StandingsTable>>,
    /// The event's format, read once: page titles ask it of every match.
    format: Option<Format>,
}

impl EventView {
    /// Every match log is read through its summary, replayed only when it grew since the
    /// last view (see [`derive_remembered`]).
    pub fn load(connection: &mut DbConnection, event: EventRow) -> StoreResult<EventView> {
        let data = EventData::load(connection, event)?;
        let derived = derive_remembered(connection, &data)?;
        let mut live = BTreeMap::new();
        for row in &data.matches {
            let Some(key) = &row.match_key else { continue };
            let summary = derived.as_ref().and_then(|d| d.summaries.get(&row.id));
            live.insert(
                key.clone(),
                summary.map_or_else(LiveState::default, |summary| LiveState {
                    games: summary.games_won,
                    scores: summary.scores,
                    entries: summary.entries,
                }),
            );
        }
        let format = format_of(&data.event).ok();
        Ok(EventView {
            data,
            derived,
            live,
            standings: std::cell::OnceCell::new(),
            format,
        })
    }

    pub fn format(&self) -> Option<Format> {
        self.format.clone()
    }

    /// The highest round of each stage, to name finals and semifinals.
    pub fn last_rounds(&self) -> HashMap<Stage, u32> {
        let mut last = HashMap::new();
        if let Some(derived) = &self.derived {
            for m in &derived.schedule.matches {
                let entry = last.entry(m.stage).or_insert(0);
                *entry = (*entry).max(m.round);
            }
        }
        last
    }

    /// The title of the round a match is played in (`last`: [`EventView::last_rounds`]).
    pub fn round_title(&self, m: &Match, last: &HashMap<Stage, u32>) -> Msg {
        let final_round = last.get(&m.stage).copied().unwrap_or(0);
        let knockout = || {
            if m.round == final_round {
                Msg::new("event-round_final")
            } else if m.round + 1 == final_round {
                Msg::new("event-round_semifinals")
            } else if m.round + 2 == final_round {
                Msg::new("event-round_quarterfinals")
            } else if m.round + 3 == final_round {
                Msg::new("event-round_of_16")
            } else {
                Msg::new("event-round").arg("round", m.round)
            }
        };
        let group_knockout = m.key.as_str().starts_with("KO ");
        // The bracket's shape names every elimination round as people say it.
        if let Some(name) = self
            .data
            .knockout
            .and_then(|k| k.round_name(m.stage, m.round))
        {
            return if group_knockout && m.stage == Stage::Winners {
                Msg::new("event-round_knockout").arg("title", name)
            } else {
                name
            };
        }
        match m.stage {
            Stage::Winners if group_knockout => {
                Msg::new("event-round_knockout").arg("title", knockout())
            }
            Stage::Winners => {
                if matches!(self.format, Some(Format::DoubleElimination(_))) {
                    Msg::new("event-round_winners").arg("round", m.round)
                } else {
                    knockout()
                }
            }
            Stage::Losers => Msg::new("event-round_losers").arg("round", m.round),
            Stage::GrandFinal => Msg::new("event-round_grand_final"),
            Stage::GrandFinalReset => Msg::new("event-round_grand_final_reset"),
            Stage::ThirdPlace => Msg::new("event-round_third_place"),
            Stage::Group(group) => Msg::new("event-round_group")
                .arg("group", group)
                .arg("round", m.round),
            Stage::RoundRobin | Stage::Swiss | Stage::Rotating => {
                Msg::new("event-round").arg("round", m.round)
            }
        }
    }

    /// The winner, once every match is decided.
    pub fn champion(&self) -> Option<String> {
        let derived = self.derived.as_ref()?;
        if !derived.schedule.complete {
            return None;
        }
        let standings = self.standings();
        let table = standings.last()?;
        let first = table.rows.first()?;
        Some(self.data.entrant_name(first.entrant))
    }

    pub fn standings(&self) -> Vec<StandingsTable> {
        self.standings
            .get_or_init(|| {
                self.derived
                    .as_ref()
                    .map(|d| d.tournament.standings_of(&d.schedule).tables)
                    .unwrap_or_default()
            })
            .clone()
    }

    /// The tie-break chain of the format.
    pub fn tie_breaks(&self) -> Vec<TieBreak> {
        match self.format() {
            Some(Format::RoundRobin(o)) => o.tie_breaks,
            Some(Format::GroupsThenKnockout(o)) => o.tie_breaks,
            Some(Format::Swiss(o)) => o.tie_breaks,
            Some(Format::RotatingPartners(o)) => o.tie_breaks,
            _ => Vec::new(),
        }
    }
}
