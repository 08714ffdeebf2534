//! PostgreSQL LISTEN/NOTIFY: every instance hears of entries appended through any
//! other, so live pages update whichever instance a viewer is connected to.

use std::time::{Duration, Instant};

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;

use crate::store::DbConnection;

pub const CHANNEL: &str = "segnapunti_matches";
/// How often pending notifications are read; the latency a remote viewer sees at most.
const POLL: Duration = Duration::from_millis(200);

thread_local! {
    /// Matches whose log the write running on this thread changed; `Db::write` tells
    /// other instances of them once that write has committed, and forgets them if it
    /// did not.
    static CHANGED_BY_THIS_WRITE: std::cell::RefCell<Vec<i64>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Tells other instances that a match's log changed, once the write that changed it
/// commits (see [`Announcer`] for why not with a NOTIFY inside the transaction).
pub fn announce(connection: &DbConnection, match_id: i64) {
    if let DbConnection::Postgres(_) = connection {
        CHANGED_BY_THIS_WRITE.with(|changed| changed.borrow_mut().push(match_id));
    }
}

/// The matches announced on this thread since the last call.
pub(in crate::store) fn take_announced() -> Vec<i64> {
    CHANGED_BY_THIS_WRITE.with(|changed| std::mem::take(&mut *changed.borrow_mut()))
}

/// Tells other instances of changes already committed (what `Db::write`
/// collected from [`announce`] once the write had committed, and the entries the
/// score-entry fast path wrote, `entry_batch`), from a thread and a connection of
/// its own: the request does not wait for it, and the changes pending at once go
/// in one statement. A transaction that only notifies writes nothing PostgreSQL
/// waits to flush, so the lock of the whole database it takes to notify is held
/// for moments, not for an fsync (a NOTIFY in the entry's own transaction made
/// every entry wait for the fsync of the one before). A notification that cannot
/// be sent (the server restarted since the last one) is sent again on a new
/// connection, and retried while the server is away for up to [`GIVE_UP_AFTER`];
/// listeners that were away meanwhile re-read their pages when they reconnect.
#[derive(Clone)]
pub struct Announcer {
    changed: std::sync::mpsc::Sender<i64>,
}

/// At most this many match ids in one statement.
const ANNOUNCED_AT_ONCE: usize = 256;
/// PostgreSQL refuses a payload of 8,000 bytes or more; the ids of one statement,
/// at most 21 bytes each with their comma, always fit in one.
const _: () = assert!(ANNOUNCED_AT_ONCE * 21 < 8_000);
/// How long a notification is tried again while the server cannot be reached.
const GIVE_UP_AFTER: Duration = Duration::from_secs(30);

/// The ids as one notification's payload, separated by commas: each notification
/// costs PostgreSQL a slot in its queue and every listener a wake-up, and under
/// load most batches hold many matches.
fn payload(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// The ids of a payload written by [`payload`].
fn ids_in(payload: &str) -> impl Iterator<Item = i64> + '_ {
    payload.split(',').filter_map(|id| id.parse::<i64>().ok())
}

/// Sends one notification on the connection, opening one first when there is
/// none; a connection that failed is let go.
fn notify(
    connection: &mut Option<PgConnection>,
    url: &str,
    ids: &[i64],
) -> Result<(), diesel::result::Error> {
    let mut open = match connection.take() {
        Some(open) => open,
        None => PgConnection::establish(url)
            .map_err(|error| diesel::result::Error::QueryBuilderError(error.into()))?,
    };
    open.batch_execute(&format!("NOTIFY {CHANNEL}, '{}';", payload(ids)))?;
    *connection = Some(open);
    Ok(())
}

impl Announcer {
    /// Starts the thread; it ends when the last `Announcer` is dropped.
    pub fn start(url: String) -> Announcer {
        let (changed, pending) = std::sync::mpsc::channel::<i64>();
        std::thread::Builder::new()
            .name("pg-announce".to_string())
            .spawn(move || {
                let mut connection: Option<PgConnection> = None;
                let mut ids: Vec<i64> = Vec::new();
                // Since when the ids at hand have failed to go out, and how often.
                let mut failing: Option<(Instant, u32)> = None;
                loop {
                    if ids.is_empty() {
                        match pending.recv() {
                            Ok(first) => ids.push(first),
                            Err(_) => return,
                        }
                    }
                    while ids.len() < ANNOUNCED_AT_ONCE
                        && let Ok(id) = pending.try_recv()
                    {
                        ids.push(id);
                    }
                    ids.sort_unstable();
                    ids.dedup();
                    let error = match notify(&mut connection, &url, &ids) {
                        Ok(()) => {
                            if let Some((since, attempts)) = failing.take() {
                                tracing::info!(attempts, waited = ?since.elapsed(), "told other instances of changes on a new connection");
                            }
                            ids.clear();
                            continue;
                        }
                        Err(error) => error,
                    };
                    let (since, attempts) = failing.get_or_insert((Instant::now(), 0));
                    *attempts += 1;
                    if since.elapsed() > GIVE_UP_AFTER {
                        tracing::warn!(%error, count = ids.len(), "could not tell other instances of changes");
                        ids.clear();
                        failing = None;
                    } else if *attempts > 1 {
                        // The first resend goes at once; then the server may be
                        // restarting: wait a little longer each time.
                        let wait = 50u64 << (*attempts).min(5);
                        std::thread::sleep(Duration::from_millis(wait));
                    }
                }
            })
            .expect("a thread can be started");
        Announcer { changed }
    }

    /// Queues the notification of a committed change to a match.
    pub fn announce(&self, match_id: i64) {
        // The thread stops only with the last sender: nothing to report.
        let _ = self.changed.send(match_id);
    }
}

/// What the listening thread tells its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// Another instance changed this match's log.
    Changed(i64),
    /// Listening again after the connection was lost: notifications sent meanwhile
    /// were missed, so every open page should read its match again once.
    Resubscribed,
    /// Nothing new; the caller answers whether to go on listening.
    Idle,
}

/// Listens on its own connection in a thread of its own, calling `on_heard` with
/// what it hears, until `on_heard` answers false. Reconnects after errors and
/// subscribes again.
pub fn spawn(url: String, on_heard: impl Fn(Heard) -> bool + Send + 'static) {
    std::thread::Builder::new()
        .name("pg-listen".to_string())
        .spawn(move || {
            let mut listened_before = false;
            loop {
                match listen(&url, &on_heard, &mut listened_before) {
                    Ok(()) => return,
                    Err(error) => {
                        tracing::warn!(%error, "listening for match changes failed; retrying");
                        std::thread::sleep(RECONNECT_PAUSE);
                        if !on_heard(Heard::Idle) {
                            return;
                        }
                    }
                }
            }
        })
        .expect("a thread can be started");
}

/// The pause before listening again after the connection failed.
const RECONNECT_PAUSE: Duration = Duration::from_millis(500);

fn listen(
    url: &str,
    on_heard: &impl Fn(Heard) -> bool,
    listened_before: &mut bool,
) -> Result<(), String> {
    let mut connection = PgConnection::establish(url).map_err(|error| error.to_string())?;
    connection
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .map_err(|error| error.to_string())?;
    if std::mem::replace(listened_before, true) && !on_heard(Heard::Resubscribed) {
        return Ok(());
    }
    loop {
        let mut changed = Vec::new();
        for notification in connection.notifications_iter() {
            let notification = notification.map_err(|error| error.to_string())?;
            changed.extend(ids_in(&notification.payload));
        }
        changed.dedup();
        for match_id in changed {
            if !on_heard(Heard::Changed(match_id)) {
                return Ok(());
            }
        }
        // A cheap way to notice the application has stopped.
        if !on_heard(Heard::Idle) {
            return Ok(());
        }
        std::thread::sleep(POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statements_ids_go_in_one_payload_read_back_whole() {
        assert_eq!(payload(&[7]), "7");
        assert_eq!(payload(&[1, 22, 333]), "1,22,333");
        // The longest ids, as many as one statement holds.
        let most: Vec<i64> = (0..ANNOUNCED_AT_ONCE as i64)
            .map(|n| i64::MIN + n)
            .collect();
        let sent = payload(&most);
        assert!(sent.len() < 8_000, "{} bytes", sent.len());
        assert_eq!(ids_in(&sent).collect::<Vec<_>>(), most);
        assert_eq!(ids_in("").count(), 0);
    }
}
