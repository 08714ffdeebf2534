//! What the live streams hear. A change of a match (its id on [`AppState::updates`])
//! is resolved once, by one thread of its own: which event the match belongs to and
//! how many entries its log has. The news is then set on a channel of that event and
//! one of that match, each holding only its latest value (`tokio::sync::watch`). A
//! stream thus reads nothing per update, and is woken only by its own event or match:
//! an update costs one read however many watch it, and no stream's memory grows with
//! the updates it has seen.
//!
//! [`AppState::updates`]: super::AppState::updates

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::{broadcast, watch};

use crate::store::{Db, DbConnection, StoreResult};

/// How long the news of matches that could not be read waits before a new try.
const REREAD_PAUSE: Duration = Duration::from_secs(1);

/// The latest news of an event's matches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EventNews {
    /// How many news the event has had: a stream that finds more than one since it
    /// last looked (it was still writing) cannot say which match, only "any".
    pub told: u64,
    /// The match that changed; `None`: any may have.
    pub changed: Option<i64>,
}

/// The latest news of a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchNews {
    /// The entries of its log; `None` until a change was read.
    pub entries: Option<usize>,
    /// How many times every match was to be told again (this instance listened again
    /// after losing its connection, or missed changes): a page may have missed
    /// something, so the count is told even if it did not change.
    pub retold: u64,
}

/// The channels of the events and matches some stream watches.
#[derive(Default)]
pub struct LiveUpdates {
    events: Mutex<HashMap<i64, watch::Sender<EventNews>>>,
    matches: Mutex<HashMap<i64, watch::Sender<MatchNews>>>,
}

impl LiveUpdates {
    /// The hub, and the thread that resolves each change heard on `changes`; the
    /// thread ends when the sender of `changes` is dropped.
    pub fn start(db: Db, changes: broadcast::Receiver<i64>) -> std::io::Result<Arc<Self>> {
        let hub = Arc::new(LiveUpdates::default());
        let resolving = hub.clone();
        std::thread::Builder::new()
            .name("live-updates".into())
            .spawn(move || {
                let runtime = match actix_web::rt::Runtime::new() {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        tracing::error!(%error, "live pages will not be updated");
                        return;
                    }
                };
                runtime.block_on(resolve(resolving, db, changes));
            })?;
        Ok(hub)
    }

    /// The news of an event's matches, from now on.
    pub fn event(&self, event_id: i64) -> watch::Receiver<EventNews> {
        subscribe(&self.events, event_id)
    }

    /// The news of a match, from now on.
    pub fn of_match(&self, match_id: i64) -> watch::Receiver<MatchNews> {
        subscribe(&self.matches, match_id)
    }

    /// Tells the watchers of `changes`, reading once what they need to hear;
    /// `Err` (nothing told) when the database could not be read.
    fn tell(&self, db: &Db, changes: &Changes) -> StoreResult<()> {
        let any_event = !live(&self.events).is_empty();
        let watched: Vec<i64> = {
            let matches = live(&self.matches);
            if changes.every {
                matches.keys().copied().collect()
            } else {
                changes
                    .ids
                    .iter()
                    .copied()
                    .filter(|id| matches.contains_key(id))
                    .collect()
            }
        };
        let of_events: Vec<i64> = if any_event && !changes.every {
            changes.ids.iter().copied().collect()
        } else {
            Vec::new()
        };
        let (counts, events) = if watched.is_empty() && of_events.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            db.read(|connection| read(connection, &watched, &of_events))?
        };
        if changes.every {
            for sender in lock(&self.events).values() {
                sender.send_modify(|news| {
                    news.told += 1;
                    news.changed = None;
                });
            }
        }
        {
            let senders = lock(&self.events);
            for (match_id, event_id) in events {
                if let Some(sender) = senders.get(&event_id) {
                    sender.send_modify(|news| {
                        news.told += 1;
                        news.changed = Some(match_id);
                    });
                }
            }
        }
        let senders = lock(&self.matches);
        for (match_id, count) in counts {
            if let Some(sender) = senders.get(&match_id) {
                sender.send_modify(|news| {
                    news.entries = Some(count);
                    news.retold += u64::from(changes.every);
                });
            }
        }
        Ok(())
    }
}

/// What changed since the watchers were last told.
#[derive(Default)]
struct Changes {
    ids: BTreeSet<i64>,
    /// Any match may have changed unheard.
    every: bool,
}

impl Changes {
    fn heard(&mut self, heard: Result<i64, RecvError>) -> bool {
        match heard {
            Ok(super::EVERY_MATCH) | Err(RecvError::Lagged(_)) => self.every = true,
            Ok(match_id) => {
                self.ids.insert(match_id);
            }
            Err(RecvError::Closed) => return false,
        }
        true
    }

    fn is_empty(&self) -> bool {
        self.ids.is_empty() && !self.every
    }
}

/// The resolving thread's loop: the changes heard while the last ones were told are
/// told together; changes that could not be read are tried again after a pause.
async fn resolve(hub: Arc<LiveUpdates>, db: Db, mut heard: broadcast::Receiver<i64>) {
    let mut changes = Changes::default();
    let mut failing = false;
    loop {
        if changes.is_empty() {
            if !changes.heard(heard.recv().await) {
                return;
            }
        } else if let Ok(next) = actix_web::rt::time::timeout(REREAD_PAUSE, heard.recv()).await
            && !changes.heard(next)
        {
            return;
        }
        loop {
            let next = match heard.try_recv() {
                Ok(match_id) => Ok(match_id),
                Err(TryRecvError::Lagged(missed)) => Err(RecvError::Lagged(missed)),
                Err(TryRecvError::Closed) => Err(RecvError::Closed),
                Err(TryRecvError::Empty) => break,
            };
            if !changes.heard(next) {
                return;
            }
        }
        match hub.tell(&db, &changes) {
            Ok(()) => {
                changes = Changes::default();
                failing = false;
            }
            Err(error) => {
                if !failing {
                    tracing::warn!(%error, "live pages' matches could not be read; trying again");
                }
                failing = true;
            }
        }
    }
}

/// The entries of each match of `counted` and the event of each of `placed` that has one.
type Read = (Vec<(i64, usize)>, Vec<(i64, i64)>);

fn read(connection: &mut DbConnection, counted: &[i64], placed: &[i64]) -> StoreResult<Read> {
    let mut counts = Vec::with_capacity(counted.len());
    for &match_id in counted {
        let next = crate::store::matches::next_seq(connection, match_id)?;
        counts.push((match_id, usize::try_from(next).unwrap_or(0)));
    }
    let mut events = Vec::new();
    for &match_id in placed {
        let row = crate::store::events::event_match(connection, match_id)?;
        if let Some(event_id) = row.and_then(|row| row.event_id) {
            events.push((match_id, event_id));
        }
    }
    Ok((counts, events))
}

fn lock<T>(channels: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    channels.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The channels, rid of those nobody watches any more.
fn live<T>(
    channels: &Mutex<HashMap<i64, watch::Sender<T>>>,
) -> std::sync::MutexGuard<'_, HashMap<i64, watch::Sender<T>>> {
    let mut channels = lock(channels);
    channels.retain(|_, sender| sender.receiver_count() > 0);
    channels
}

fn subscribe<T: Default>(
    channels: &Mutex<HashMap<i64, watch::Sender<T>>>,
    id: i64,
) -> watch::Receiver<T> {
    live(channels)
        .entry(id)
        .or_insert_with(|| watch::Sender::new(T::default()))
        .subscribe()
}
