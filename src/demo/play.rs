//! Simulated referees: a match of any game played by the core's seeded simulators, each
//! entry appended through [`Scoring::append`], the one path the referee pages take.

use serde_json::{Value, json};

use crate::rules::game::Seat;
use crate::rules::kind::GameKind;
use crate::scoring::{AppendOutcome, LoadedMatch, Scoring, Submitted};
use crate::store::matches::Author;
use crate::store::{Db, StoreError, StoreResult, required};

/// A simulated match of `game` under the event's `options`, as the JSON entries a referee
/// submits. The simulators draw the first dealer from the seed, while an event's match is
/// dealt first by seat 1: the first seed from `seed` on that gives seat 1 is taken.
/// `comanda_first`: also the first entry must call a comanda (a Trionfetti smazzata
/// recorded card by card).
pub fn simulated_entries(
    game: GameKind,
    options: &Value,
    seed: u64,
    comanda_first: bool,
) -> StoreResult<Vec<Value>> {
    for seed in seed..seed + 1_000 {
        let log = game
            .simulate_log(seed, options)
            .map_err(|error| StoreError::Corrupt(error.to_string()))?;
        let called = log
            .entries
            .first()
            .is_some_and(|entry| entry.get("comanda").is_some());
        if log.first_dealer == Seat::ALL[0] && (called || !comanda_first) {
            return Ok(log.entries);
        }
    }
    let wanted = if comanda_first { " from a comanda" } else { "" };
    Err(StoreError::Corrupt(format!(
        "no simulated {game} match{wanted} from seed {seed} is dealt first by seat 1"
    )))
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
    referee_corrects(db, scoring, public_id, entries, author, None).await
}

/// As [`referee_plays`]; with `mistake_at`, the referee voids that entry just after
/// recording it (recorded twice, say) and records it again, as the correction form does.
pub async fn referee_corrects(
    db: &Db,
    scoring: &Scoring,
    public_id: &str,
    entries: Vec<Value>,
    author: &Author,
    mistake_at: Option<usize>,
) -> StoreResult<()> {
    let mut log = Vec::with_capacity(entries.len() + 2);
    for (index, entry) in entries.into_iter().enumerate() {
        if mistake_at == Some(index) {
            let target = log.len();
            log.push(entry.clone());
            log.push(json!({
                "type": "void",
                "target": target,
                "reason": "registrata due volte",
            }));
        }
        log.push(entry);
    }
    for (index, entry) in log.into_iter().enumerate() {
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
