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

/// Tells other instances that a match's log changed (delivered when the transaction commits).
pub fn announce(connection: &mut DbConnection, match_id: i64) -> super::StoreResult<()> {
    if let DbConnection::Postgres(postgres) = connection {
        postgres
            .batch_execute(&format!("NOTIFY {CHANNEL}, '{match_id}'"))
            .map_err(super::StoreError::Query)?;
    }
    Ok(())
}

/// Tells other instances that a match's log changed, once the change is
/// committed: a statement of its own, outside any transaction. A transaction that
/// only notifies writes nothing PostgreSQL waits to flush, so the lock of the
/// whole database it takes to notify is held for moments, not for an fsync. A
/// failure is logged, not returned: the change it tells of is stored, and the
/// live pages of other instances catch up with the match's next change.
pub fn announce_committed(connection: &mut PgConnection, match_id: i64) {
    if let Err(error) = connection.batch_execute(&format!("NOTIFY {CHANNEL}, '{match_id}'")) {
        tracing::warn!(%error, match_id, "could not tell other instances of a change");
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
            if let Ok(match_id) = notification.payload.parse::<i64>() {
                changed.push(match_id);
            }
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
