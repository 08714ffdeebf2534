//! PostgreSQL LISTEN/NOTIFY: every instance hears of entries appended through any
//! other, so live pages update whichever instance a viewer is connected to.

use std::time::Duration;

use diesel::Connection;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;

use super::DbConnection;

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
pub(super) fn take_announced() -> Vec<i64> {
    CHANGED_BY_THIS_WRITE.with(|changed| std::mem::take(&mut *changed.borrow_mut()))
}

/// Tells other instances of changes already committed (what `Db::write`
/// collected from [`announce`] once the write had committed, and the entries the
/// score-entry fast path wrote, `entry_batch`), from a thread and a connection of its own: the request does not wait for it, and the changes pending at once
/// go in one statement. A transaction that only notifies writes nothing
/// PostgreSQL waits to flush, so the lock of the whole database it takes to
/// notify is held for moments, not for an fsync (a NOTIFY in the entry's own
/// transaction made every entry wait for the fsync of the one before). A
/// notification that cannot be sent is logged and dropped: the change it tells of
/// is stored, and the live pages of other instances catch up with the match's
/// next change (the same as when the listening connection reconnects).
#[derive(Clone)]
pub struct Announcer {
    changed: std::sync::mpsc::Sender<i64>,
}

/// At most this many match ids in one statement.
const ANNOUNCED_AT_ONCE: usize = 256;
/// PostgreSQL refuses a payload of 8,000 bytes or more; the ids of one statement,
/// at most 21 bytes each with their comma, always fit in one.
const _: () = assert!(ANNOUNCED_AT_ONCE * 21 < 8_000);

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

impl Announcer {
    /// Starts the thread; it ends when the last `Announcer` is dropped.
    pub fn start(url: String) -> Announcer {
        let (changed, pending) = std::sync::mpsc::channel::<i64>();
        std::thread::Builder::new()
            .name("pg-announce".to_string())
            .spawn(move || {
                let mut connection: Option<PgConnection> = None;
                while let Ok(first) = pending.recv() {
                    let mut ids = vec![first];
                    while ids.len() < ANNOUNCED_AT_ONCE
                        && let Ok(id) = pending.try_recv()
                    {
                        ids.push(id);
                    }
                    ids.sort_unstable();
                    ids.dedup();
                    let statements = format!("NOTIFY {CHANNEL}, '{}';", payload(&ids));
                    let sent = match &mut connection {
                        Some(open) => open.batch_execute(&statements),
                        None => PgConnection::establish(&url)
                            .map_err(|error| {
                                diesel::result::Error::QueryBuilderError(error.into())
                            })
                            .and_then(|mut open| {
                                let sent = open.batch_execute(&statements);
                                connection = Some(open);
                                sent
                            }),
                    };
                    if let Err(error) = sent {
                        tracing::warn!(%error, count = ids.len(), "could not tell other instances of changes");
                        connection = None;
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

/// Listens on its own connection in a thread of its own, calling `on_change` with
/// each changed match id, until `on_change` answers false. Reconnects after errors.
pub fn spawn(url: String, on_change: impl Fn(i64) -> bool + Send + 'static) {
    std::thread::Builder::new()
        .name("pg-listen".to_string())
        .spawn(move || {
            loop {
                match listen(&url, &on_change) {
                    Ok(()) => return,
                    Err(error) => {
                        tracing::warn!(%error, "listening for match changes failed; retrying");
                        std::thread::sleep(Duration::from_secs(2));
                        if !on_change(-1) {
                            return;
                        }
                    }
                }
            }
        })
        .expect("a thread can be started");
}

fn listen(url: &str, on_change: &impl Fn(i64) -> bool) -> Result<(), String> {
    let mut connection = PgConnection::establish(url).map_err(|error| error.to_string())?;
    connection
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .map_err(|error| error.to_string())?;
    loop {
        let mut changed = Vec::new();
        for notification in connection.notifications_iter() {
            let notification = notification.map_err(|error| error.to_string())?;
            changed.extend(ids_in(&notification.payload));
        }
        changed.dedup();
        for match_id in changed {
            if !on_change(match_id) {
                return Ok(());
            }
        }
        // A cheap way to notice the application has stopped.
        if !on_change(-1) {
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
