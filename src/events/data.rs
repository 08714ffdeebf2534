//! Everything stored about an event, read once, and what the pages and the sync ask of
//! it: entrants by number, players by seat, the tournament as the core sees it.

use std::collections::{BTreeMap, HashMap};

use super::{format_of, game_options_of, players_per_match};
use crate::lang::Msg;
use crate::store::events::{self, EntrantRow, EventMatchRow, EventRow, PlayerRow};
use crate::store::{DbConnection, StoreResult};
use crate::tournament::{self, EntrantId, LateEntry, MatchKey, Slot, Tournament, Withdrawal};

/// Everything stored about an event.
#[derive(Debug, Clone)]
pub struct EventData {
    pub event: EventRow,
    pub entrants: Vec<EntrantRow>,
    pub players: BTreeMap<i64, PlayerRow>,
    pub matches: Vec<EventMatchRow>,
    /// Position in `entrants` by entrant number: pages name every side of every match,
    /// and a search of the list for each made them quadratic in the entrants.
    by_number: HashMap<u32, usize>,
    /// The bracket's shape, which names its rounds (read once: every side asks).
    pub knockout: Option<tournament::Knockout>,
}

impl EventData {
    pub fn load(connection: &mut DbConnection, event: EventRow) -> StoreResult<EventData> {
        let mut data = EventData::load_without_players(connection, event)?;
        data.players = events::players_of_event(connection, data.event.id)?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        Ok(data)
    }

    /// The event without its players, whose names only the matches a sync creates or
    /// gives new sides need ([`EventData::load_players_of`]): advancing after a result
    /// read every player of the event for the one or two matches it makes ready.
    pub(crate) fn load_without_players(
        connection: &mut DbConnection,
        event: EventRow,
    ) -> StoreResult<EventData> {
        let entrants = events::entrants(connection, event.id)?;
        let players = BTreeMap::new();
        let matches = events::event_matches(connection, event.id)?;
        let mut by_number = HashMap::with_capacity(entrants.len());
        for (index, entrant) in entrants.iter().enumerate() {
            // The first of equal numbers, as the search of the list found it.
            by_number.entry(entrant.number as u32).or_insert(index);
        }
        Ok(EventData {
            knockout: super::knockout_of(&event),
            event,
            entrants,
            players,
            matches,
            by_number,
        })
    }

    /// Loads the players of `entrants` not loaded yet.
    pub(super) fn load_players_of(
        &mut self,
        connection: &mut DbConnection,
        entrants: impl IntoIterator<Item = EntrantId>,
    ) -> StoreResult<()> {
        let mut missing: Vec<i64> = entrants
            .into_iter()
            .filter_map(|e| self.entrant(e))
            .flat_map(|e| std::iter::once(e.player1_id).chain(e.player2_id))
            .filter(|id| !self.players.contains_key(id))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if !missing.is_empty() {
            for player in events::players_by_id(connection, &missing)? {
                self.players.insert(player.id, player);
            }
        }
        Ok(())
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&EntrantRow> {
        let indexed = self
            .by_number
            .get(&id.0)
            .and_then(|&index| self.entrants.get(index))
            .filter(|e| e.number as u32 == id.0);
        // `entrants` is public: should a caller ever change it, the search still answers.
        indexed.or_else(|| self.entrants.iter().find(|e| e.number as u32 == id.0))
    }

    pub fn player_name(&self, id: i64) -> String {
        self.players
            .get(&id)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }

    /// The entrant's name as pages show it: its label.
    pub fn entrant_name(&self, id: EntrantId) -> String {
        self.entrant(id)
            .map(|e| e.label.clone())
            .unwrap_or_else(|| id.to_string())
    }

    /// The players of an entrant: one or two names.
    pub fn entrant_players(&self, id: EntrantId) -> Vec<String> {
        self.entrant(id)
            .map(|e| {
                std::iter::once(e.player1_id)
                    .chain(e.player2_id)
                    .map(|p| self.player_name(p))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The seed order frozen at the draw, if the draw was made.
    pub fn seed_order(&self) -> Option<Vec<EntrantId>> {
        let json = self.event.seed_order_json.as_deref()?;
        let numbers: Vec<u32> = serde_json::from_str(json).ok()?;
        Some(numbers.into_iter().map(EntrantId).collect())
    }

    /// The tournament as the core sees it, once drawn.
    pub fn tournament(&self) -> StoreResult<Option<Tournament>> {
        let Some(order) = self.seed_order() else {
            return Ok(None);
        };
        let format = format_of(&self.event)?;
        let withdrawals = self
            .entrants
            .iter()
            .filter(|e| order.contains(&EntrantId(e.number as u32)))
            .filter_map(|e| {
                e.withdrawn_round.map(|round| Withdrawal {
                    entrant: EntrantId(e.number as u32),
                    from_round: round.max(1) as u32,
                })
            })
            .collect();
        let late_entries = self
            .entrants
            .iter()
            .filter_map(|e| {
                e.joined_round.map(|round| LateEntry {
                    entrant: EntrantId(e.number as u32),
                    from_round: round.max(1) as u32,
                })
            })
            .filter(|l| order.contains(&l.entrant))
            .collect();
        Ok(Some(Tournament {
            entrants: order,
            format,
            withdrawals,
            late_entries,
        }))
    }

    /// The rows still in the draw, by key.
    pub fn keyed(&self) -> BTreeMap<MatchKey, &EventMatchRow> {
        self.matches
            .iter()
            .filter_map(|m| m.match_key.as_ref().map(|k| (MatchKey::new(k.clone()), m)))
            .collect()
    }

    /// Where each key's row is in `matches` (of rows with the same key, the last, as in
    /// [`EventData::keyed`]).
    pub fn rows_by_key(&self) -> HashMap<MatchKey, usize> {
        let mut rows = HashMap::with_capacity(self.matches.len());
        for (at, m) in self.matches.iter().enumerate() {
            if let Some(key) = &m.match_key {
                rows.insert(MatchKey::new(key.clone()), at);
            }
        }
        rows
    }

    /// Players at a table of the event's game: 4, or 2.
    pub fn players_per_match(&self) -> usize {
        players_per_match(self.event.game, &game_options_of(&self.event))
    }

    /// Players by seat for a match between these sides. Four players: side A at seats 0
    /// and 2, side B at seats 1 and 3 (the teams of every four-player game). Two players:
    /// side A at seat 0, side B at seat 1.
    pub fn seats(&self, sides: &[Slot; 2]) -> Vec<String> {
        let names = |slot: &Slot| -> [String; 2] {
            match slot {
                Slot::Entrant(e) => {
                    let mut players = self.entrant_players(*e);
                    players.resize(2, String::new());
                    [players[0].clone(), players[1].clone()]
                }
                Slot::Partnership([a, b]) => [
                    self.entrant_players(*a)
                        .first()
                        .cloned()
                        .unwrap_or_default(),
                    self.entrant_players(*b)
                        .first()
                        .cloned()
                        .unwrap_or_default(),
                ],
                Slot::Bye | Slot::Pending(_) => [String::new(), String::new()],
            }
        };
        let [a0, a1] = names(&sides[0]);
        let [b0, b1] = names(&sides[1]);
        if self.players_per_match() == 2 {
            vec![a0, b0]
        } else {
            vec![a0, b0, a1, b1]
        }
    }

    /// A side as a message for the shell to word: the names of its entrants as they are,
    /// a bye, or where a side still to come comes from (a match key's label).
    pub fn slot_msg(&self, slot: &Slot) -> Msg {
        match slot {
            Slot::Entrant(e) => Msg::text(self.entrant_name(*e)),
            Slot::Partnership([a, b]) => Msg::text(format!(
                "{} · {}",
                self.entrant_name(*a),
                self.entrant_name(*b)
            )),
            Slot::Bye => Msg::new("event-slot_bye"),
            Slot::Pending(tournament::Source::WinnerOf(key)) => {
                Msg::new("event-slot_winner_of").arg("match", key.label_in(self.knockout))
            }
            Slot::Pending(tournament::Source::LoserOf(key)) => {
                Msg::new("event-slot_loser_of").arg("match", key.label_in(self.knockout))
            }
            Slot::Pending(tournament::Source::GroupPlace { group, place }) => {
                Msg::new("event-slot_group_place")
                    .arg("place", place)
                    .arg("group", group)
            }
        }
    }
}
