//! Simulated referees: a match of any game played by the core's seeded simulators, each
//! entry appended through [`Scoring::append`], the one path the referee pages take.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::game::{Game, Seat};
use crate::rules::kind::GameKind;
use crate::rules::record::{GameEntry, LogEntry, RecordEntry};
use crate::rules::simulate::Simulated;
use crate::rules::{madrasso, tressette, trijumf, trionfetti, vitou};
use crate::scoring::{AppendOutcome, LoadedMatch, Scoring, Submitted};
use crate::store::matches::Author;
use crate::store::{Db, StoreError, StoreResult, required};

/// A simulated match of `game` under the event's `options`, as the JSON entries a referee
/// submits. The simulators draw the first dealer from the seed, while an event's match is
/// dealt first by seat 1: the first seed from `seed` on that gives seat 1 is taken.
/// `comanda_first`: a Trionfetti match whose first smazzata is called by a comanda.
pub fn simulated_entries(
    game: GameKind,
    options: &Value,
    seed: u64,
    comanda_first: bool,
) -> StoreResult<Vec<Value>> {
    for seed in seed..seed + 1_000 {
        let (first_dealer, entries) = match game {
            GameKind::Trionfetti => {
                let options = options_of(options)?;
                let nicknames = crate::rules::comanda::Nicknames::new();
                let record = trionfetti::simulate::simulate(seed, options, &nicknames).record;
                let called = matches!(
                    record.entries.first(),
                    Some(RecordEntry::Smazzata(setup)) if setup.comanda.is_some()
                );
                if comanda_first && !called {
                    continue;
                }
                (record.first_dealer, to_values(&record.entries))
            }
            GameKind::Madrasso => simulated(options, |options| {
                madrasso::simulate::simulate(seed, options)
            })?,
            GameKind::Tressette => simulated(options, |options| {
                tressette::simulate::simulate(seed, options)
            })?,
            GameKind::Trijumf => simulated(options, |options| {
                trijumf::simulate::simulate(seed, options)
            })?,
            GameKind::Vitou => {
                simulated(options, |options| vitou::simulate::simulate(seed, options))?
            }
        };
        if first_dealer == Seat::ALL[0] {
            return Ok(entries);
        }
    }
    Err(StoreError::Corrupt(format!(
        "no simulated {game} match from seed {seed} is dealt first by seat 1"
    )))
}

/// A match of a game whose log holds only play entries, simulated under `options`: its
/// first dealer and its entries as the log writes them.
fn simulated<G, D>(
    options: &Value,
    simulate: impl FnOnce(G::Options) -> Simulated<G, D>,
) -> StoreResult<(Seat, Vec<Value>)>
where
    G: Game,
    G::Options: DeserializeOwned,
    G::Entry: GameEntry,
{
    let sim = simulate(options_of(options)?);
    Ok((sim.first_dealer, played(sim.entries)))
}

/// The event's game options as the simulator of its game takes them.
fn options_of<O: DeserializeOwned>(options: &Value) -> StoreResult<O> {
    serde_json::from_value(options.clone()).map_err(|error| StoreError::Corrupt(error.to_string()))
}

fn to_values(entries: &[impl Serialize]) -> Vec<Value> {
    entries
        .iter()
        .map(|entry| serde_json::to_value(entry).expect("entries serialize"))
        .collect()
}

/// Play entries as a game's log writes them.
fn played<E: GameEntry>(entries: Vec<E>) -> Vec<Value> {
    let logged: Vec<LogEntry<E>> = entries.into_iter().map(LogEntry::Play).collect();
    to_values(&logged)
}

/// Appends `entries` to the match `public_id` one after the other, as a referee's page
/// would: the match read again before each, its sequence number and a submission key.
pub async fn referee_plays(
    db: &Db,
    scoring: &Scoring,
    public_id: &str,
    entries: Vec<Value>,
    author: &Author,
) -> StoreResult<()> {
    for (index, entry) in entries.into_iter().enumerate() {
        let id = public_id.to_string();
        let loaded = required(db.read(move |connection| LoadedMatch::load(connection, &id))?)?;
        let outcome = scoring
            .append(Submitted {
                row: &loaded.row,
                nicknames: &loaded.nicknames,
                expected_seq: loaded.entries.len() as i64,
                entry,
                author: author.clone(),
                submission_key: format!("demo-{public_id}-{index}"),
            })
            .await?;
        if !matches!(outcome, AppendOutcome::Appended { .. }) {
            return Err(StoreError::Corrupt(format!(
                "a simulated entry of match {public_id} was not recorded: {outcome:?}"
            )));
        }
    }
    Ok(())
}
