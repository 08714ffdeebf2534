//! Simulated referees: a match of any game played by the core's seeded simulators, each
//! entry appended through [`Scoring::append`], the one path the referee pages take.

use serde::Serialize;
use serde_json::Value;

use crate::rules::game::Seat;
use crate::rules::kind::GameKind;
use crate::rules::record::{LogEntry, RecordEntry};
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
    let unreadable = |error: serde_json::Error| StoreError::Corrupt(error.to_string());
    for seed in seed..seed + 1_000 {
        let (first_dealer, entries) = match game {
            GameKind::Trionfetti => {
                let options = serde_json::from_value(options.clone()).map_err(unreadable)?;
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
            GameKind::Madrasso => {
                let options = serde_json::from_value(options.clone()).map_err(unreadable)?;
                let sim = madrasso::simulate::simulate(seed, options);
                (sim.first_dealer, played(sim.entries))
            }
            GameKind::Tressette => {
                let options = serde_json::from_value(options.clone()).map_err(unreadable)?;
                let sim = tressette::simulate::simulate(seed, options);
                (sim.first_dealer, played(sim.entries))
            }
            GameKind::Trijumf => {
                let options = serde_json::from_value(options.clone()).map_err(unreadable)?;
                let sim = trijumf::simulate::simulate(seed, options);
                (sim.first_dealer, played(sim.entries))
            }
            GameKind::Vitou => {
                let options = serde_json::from_value(options.clone()).map_err(unreadable)?;
                let sim = vitou::simulate::simulate(seed, options);
                (sim.first_dealer, played(sim.entries))
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

fn to_values(entries: &[impl Serialize]) -> Vec<Value> {
    entries
        .iter()
        .map(|entry| serde_json::to_value(entry).expect("entries serialize"))
        .collect()
}

/// Play entries as a game's log writes them.
fn played<E: crate::rules::record::GameEntry>(entries: Vec<E>) -> Vec<Value> {
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
