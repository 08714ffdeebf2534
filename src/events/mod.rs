//! Running an event: the stored rows read as a [`Tournament`] and its [`Results`], and the
//! matches of the event kept in step with what the pure core derives.
//!
//! - [`sync`] creates a `matches` row for every match that became ready, gives new sides to
//!   a match not started yet whose sides changed upstream, and takes out of the draw a match
//!   not started that no longer exists. A match in progress or finished is never changed:
//!   when its sides no longer match the core shows it as a conflict, which the organizer's
//!   page flags for a decision.
//! - [`after_append`] runs in the same transaction as every entry appended to an event's
//!   match that starts it, finishes it or changes it once finished (the event sees nothing
//!   of the entries in between): advancement is automatic, and a correction that changes a finished match's
//!   winner leaves a notice listing exactly which later matches changed ([`crate::tournament::diff`]).
//!
//! Beside them: `results` (what each match's log says, and the event derived from it),
//! `view` (the read model the event's pages show), `entrants` (registration, late
//! entrants included) and `draw` (seeding and the event's start).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lang::{Lang, Msg};
use crate::rules::any::AnyRecord;
use crate::rules::game::Message;
use crate::rules::kind::GameKind;
use crate::rules::record::FORMAT_VERSION;
use crate::store::events::{self, EntrantRow, EventMatchRow, EventRow, EventStatus, PlayerRow};
use crate::store::matches::MatchStatus;
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::tournament::{
    self, Correction, EntrantId, Format, LateEntry, MatchKey, Progress, Recorded, Results, Side,
    Slot, Status, Tournament, Withdrawal,
};

pub mod draw;
pub mod entrants;
mod results;
pub mod view;

use results::recorded_of;
pub use results::{
    Derived, MatchSummary, derive, derive_remembered, results, results_from, summaries,
};

/// A game's name as pages show it.
pub fn game_label(game: GameKind) -> &'static str {
    game.label()
}

pub fn format_of(event: &EventRow) -> StoreResult<Format> {
    serde_json::from_str(&event.format_json).map_err(|error| {
        StoreError::Corrupt(format!("format of event {} unreadable: {error}", event.id))
    })
}

/// The event's game options as JSON (an object; the game's defaults fill what is absent).
pub fn game_options_of(event: &EventRow) -> Value {
    serde_json::from_str(&event.game_options_json)
        .unwrap_or_else(|_| Value::Object(Default::default()))
}

/// Players at a table of this game with these options: 4, or 2 for a two-player Trijumf
/// or Vitou.
pub fn players_per_match(game: GameKind, options: &Value) -> usize {
    game.descriptor().players(options)
}

/// The game's default options as JSON (every field, with its default).
pub fn default_options(game: GameKind) -> Value {
    game.descriptor().default_options()
}

// The notes the event stores on a match it takes out of play. They stay in English in
// the database (older databases hold these words); pages translate them when shown.
pub const NOTE_SIDES_CHANGED: &str = "no longer played: its sides changed";
pub const NOTE_OUT_OF_DRAW: &str = "no longer in the draw";
pub const NOTE_REPLACED: &str = "replaced after a correction upstream";

/// Why a game's options are refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionsError {
    /// Refused by the game's own rules, as they say it.
    Refused(Msg),
    /// A number outside what an event allows. The option is kept as its field name:
    /// only the web layer has its label in the catalog.
    OutOfRange { option: String, min: u64, max: u64 },
}

impl OptionsError {
    /// As a message for the shell to word; `label` names an option from its field name.
    pub fn msg(&self, label: impl Fn(&str) -> String) -> Msg {
        match self {
            OptionsError::Refused(message) => message.clone(),
            OptionsError::OutOfRange { option, min, max } => Msg::new("event-option_out_of_range")
                .arg("option", label(option))
                .arg("min", *min as i64)
                .arg("max", *max as i64),
        }
    }
}

/// Checks a game's options as the record of one of its matches would (the game's own
/// `Options` type: known fields, their types, a player count the game is played with),
/// plus the ranges an event allows. Gives the options with every field filled.
pub fn check_options(game: GameKind, options: &Value, lang: Lang) -> Result<Value, OptionsError> {
    let players = players_per_match(game, options);
    let names: Vec<String> = (1..=players.clamp(1, 8)).map(|i| format!("p{i}")).collect();
    let document = serde_json::json!({
        "format_version": FORMAT_VERSION,
        "game": game.name(),
        "options": options,
        "players": names,
        "first_dealer": 0,
        "entries": [],
    });
    let record = AnyRecord::from_json(&document.to_string())
        .map_err(|error| OptionsError::Refused(error.msg(lang)))?;
    let filled = record.options_json();
    if let Value::Object(fields) = &filled {
        for (name, value) in fields {
            let Some(number) = value.as_u64() else {
                continue;
            };
            let range = match name.as_str() {
                "games_to_win" => 1..=9,
                "players" => 2..=4,
                "min_deals" => 0..=100,
                _ => 1..=10_000,
            };
            if !range.contains(&number) {
                return Err(OptionsError::OutOfRange {
                    option: name.clone(),
                    min: *range.start(),
                    max: *range.end(),
                });
            }
        }
    }
    Ok(filled)
}

/// Whether entrants are individuals (rotating partners) rather than fixed pairs.
pub fn individual(format: &Format) -> bool {
    matches!(format, Format::RotatingPartners(_))
}

/// Whether the event's entrants are single players: rotating partners (individual
/// standings), or a two-player game.
pub fn solo_entrants(event: &EventRow, format: &Format) -> bool {
    individual(format) || players_per_match(event.game, &game_options_of(event)) == 2
}

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
    fn load_without_players(
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
            event,
            entrants,
            players,
            matches,
            by_number,
        })
    }

    /// Loads the players of `entrants` not loaded yet.
    fn load_players_of(
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
                Msg::new("event-slot_winner_of").arg("match", key.label())
            }
            Slot::Pending(tournament::Source::LoserOf(key)) => {
                Msg::new("event-slot_loser_of").arg("match", key.label())
            }
            Slot::Pending(tournament::Source::GroupPlace { group, place }) => {
                Msg::new("event-slot_group_place")
                    .arg("place", place)
                    .arg("group", group)
            }
        }
    }
}

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
    title
        .rsplit_once(" · ")
        .and_then(|(event, key)| {
            tournament::key_label(key).map(|label| {
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
    let mut report = SyncReport::default();
    // The matches not started whose sides changed, and the players whose names the
    // matches created or given new sides are written with.
    let sides_json_of = |m: &tournament::Match| {
        serde_json::to_string(&m.sides).map_err(|e| StoreError::Corrupt(e.to_string()))
    };
    let mut new_sides: BTreeMap<MatchKey, String> = BTreeMap::new();
    let mut seated: Vec<EntrantId> = Vec::new();
    {
        let keyed = data.keyed();
        for m in derived
            .schedule
            .matches
            .iter()
            .filter(|m| m.status == Status::Ready)
        {
            match keyed.get(&m.key) {
                None => seated.extend(m.sides.iter().flat_map(Slot::entrants)),
                Some(row) if !started(row, &derived.results, &m.key) => {
                    let sides_json = sides_json_of(m)?;
                    if row.sides_json.as_deref() != Some(sides_json.as_str()) {
                        seated.extend(m.sides.iter().flat_map(Slot::entrants));
                        new_sides.insert(m.key.clone(), sides_json);
                    }
                }
                Some(_) => {}
            }
        }
    }
    data.load_players_of(connection, seated)?;
    let data = &*data;
    let keyed = data.keyed();
    let mut used_tables: BTreeSet<i32> = data
        .matches
        .iter()
        .filter(|m| m.match_key.is_some())
        .filter(|m| !matches!(m.status(), MatchStatus::Finished | MatchStatus::Forfeit))
        .filter_map(|m| m.table_number)
        .collect();
    let options_json = data.event.game_options_json.clone();
    let mut scheduled_keys = BTreeSet::new();
    for m in &derived.schedule.matches {
        scheduled_keys.insert(m.key.clone());
        let row = keyed.get(&m.key);
        // The sides are written out only for the matches that may need them: in a large
        // event most are finished, and serializing every one made each sync cost more.
        match (&m.status, row) {
            (Status::Ready, None) => {
                let sides_json = sides_json_of(m)?;
                // A rotating night draws every round at once: each round's tables are the
                // room's tables 1 to k, as its keys number them.
                let table = match m
                    .key
                    .table()
                    .filter(|_| individual(&derived.tournament.format))
                {
                    Some(table) => table as i32,
                    None => (1..).find(|t| !used_tables.contains(t)).unwrap_or(1),
                };
                used_tables.insert(table);
                events::insert_match(
                    connection,
                    &events::NewEventMatch {
                        public_id: &crate::scoring::new_public_id(),
                        title: &match_title(&data.event, &m.key),
                        game: data.event.game,
                        options_json: &options_json,
                        players: &data.seats(&m.sides),
                        created_by: data.event.created_by,
                        event_id: data.event.id,
                        match_key: m.key.as_str(),
                        sides_json: &sides_json,
                        table_number: Some(table),
                    },
                )?;
                report.created.push(m.key.clone());
            }
            (Status::Ready, Some(row)) if !started(row, &derived.results, &m.key) => {
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
                if !started(row, &derived.results, &m.key) =>
            {
                events::supersede(connection, row.id, NOTE_SIDES_CHANGED, "segnapunti")?;
                report.superseded.push(m.key.clone());
            }
            _ => {}
        }
    }
    for (key, row) in &keyed {
        if !scheduled_keys.contains(key) && !started(row, &derived.results, key) {
            events::supersede(connection, row.id, NOTE_OUT_OF_DRAW, "segnapunti")?;
            report.superseded.push(key.clone());
        }
    }
    let status = if derived.schedule.complete {
        EventStatus::Finished
    } else {
        EventStatus::Running
    };
    if status != data.event.status() {
        events::set_status(connection, data.event.id, status)?;
    }
    Ok(report)
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
/// notice of a correction that changed a finished match's result.
pub fn after_append(connection: &mut DbConnection, match_id: i64) -> StoreResult<()> {
    let Some(row) = events::event_match(connection, match_id)? else {
        return Ok(());
    };
    let (Some(event_id), Some(key)) = (row.event_id, row.match_key.clone()) else {
        return Ok(());
    };
    let Some(event) = events::find(connection, event_id)? else {
        return Ok(());
    };
    if event.status() == EventStatus::Setup {
        return Ok(());
    }
    let mut data = EventData::load_without_players(connection, event)?;
    let Some(tournament) = data.tournament()? else {
        return Ok(());
    };
    let summaries = summaries(connection, &data, false)?;
    let new = results_from(&data, &summaries)?;
    let key = MatchKey::new(key);
    let count = crate::store::matches::entries(connection, match_id)?.len();
    let before = recorded_of(connection, &row, Some(count.saturating_sub(1)))?;
    let was_finished = matches!(
        before.as_ref().map(|r| &r.progress),
        Some(Progress::Finished(_))
    );
    if was_finished && winner_of(before.as_ref()) != winner_of(new.get(&key)) {
        let mut old = new.clone();
        match before {
            Some(recorded) => old.insert(key.clone(), recorded),
            None => old.remove(&key),
        };
        if let Ok(correction) = tournament::diff(&tournament, &old, &new)
            && !correction.is_empty()
        {
            let notice = CorrectionNotice {
                source: key,
                correction,
            };
            let json =
                serde_json::to_string(&notice).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            events::add_notice(connection, event_id, &json)?;
        }
    }
    // The event as loaded above, derived once: loading and deriving it again for the
    // sync doubled the cost of every result.
    let schedule = tournament.schedule(&new).map_err(|error| {
        StoreError::Corrupt(format!("event {event_id} cannot be derived: {error}"))
    })?;
    let derived = Derived {
        tournament,
        results: new,
        schedule,
        summaries,
    };
    sync_derived(connection, &mut data, &derived)?;
    Ok(())
}

/// The organizer's forfeit of an event match (`winner`: the side that goes on; `None` puts
/// it back to scheduled), then advancement.
pub fn set_forfeit(
    connection: &mut DbConnection,
    match_id: i64,
    winner: Option<Side>,
    by: &str,
) -> StoreResult<()> {
    let winner = winner.map(|side| if side == Side::A { "A" } else { "B" });
    events::set_forfeit(connection, match_id, winner, by)?;
    if let Some(row) = events::event_match(connection, match_id)?
        && let Some(event_id) = row.event_id
    {
        sync(connection, event_id)?;
    }
    Ok(())
}

/// The organizer's decision on a flagged match: take it out of the draw, so the match is
/// played again between the sides the corrected results give.
pub fn replay_flagged(connection: &mut DbConnection, match_id: i64, by: &str) -> StoreResult<()> {
    events::supersede(connection, match_id, NOTE_REPLACED, by)?;
    if let Some(row) = events::event_match(connection, match_id)?
        && let Some(event_id) = row.event_id
    {
        sync(connection, event_id)?;
    }
    Ok(())
}

/// The organizer's other decision on a flagged match: keep its result as played. The
/// recorded sides stand for that match and advancement continues from its result.
pub fn keep_flagged(connection: &mut DbConnection, match_id: i64, by: &str) -> StoreResult<()> {
    events::set_kept(connection, match_id, true, by)?;
    if let Some(row) = events::event_match(connection, match_id)?
        && let Some(event_id) = row.event_id
    {
        sync(connection, event_id)?;
    }
    Ok(())
}
