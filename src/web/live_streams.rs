//! How many live streams (Server-Sent Events) are open, per client address and in
//! all. Each stream holds a connection, hence a file descriptor: without a cap one
//! client could open them until the server had none left to accept `/health` or a
//! referee's entry with. A stream over the cap is answered 503 at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::HttpResponse;
use actix_web::http::header;

/// File descriptors kept for everything but live streams (referees, page readers,
/// the database, the listener) when the default caps are derived.
const RESERVED_FILES: u64 = 256;
/// The default total never exceeds this, however high the open-files limit:
/// memory, not descriptors, is then what runs out.
const MOST_STREAMS: u64 = 20_000;
/// Seconds a refused stream is told to wait before it asks again.
pub const RETRY_AFTER_SECONDS: u32 = 15;

/// The most live streams one client address (IPv6: its /64) and all clients may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    pub per_client: usize,
    pub total: usize,
}

impl StreamLimits {
    /// Caps that leave [`RESERVED_FILES`] descriptors and as many again as the
    /// streams take for other connections; one address gets at most half of them,
    /// so a single client never locks everyone else out (a club's Wi-Fi puts all
    /// its phones behind one address, hence not less).
    pub fn for_open_files(open_files: u64) -> StreamLimits {
        let total = (open_files.saturating_sub(RESERVED_FILES) / 2).clamp(16, MOST_STREAMS);
        let total = usize::try_from(total).unwrap_or(usize::MAX);
        StreamLimits {
            per_client: (total / 2).max(1),
            total,
        }
    }

    /// Caps derived from this process's current soft open-files limit (1,024 where
    /// it cannot be read).
    pub fn for_this_process() -> StreamLimits {
        StreamLimits::for_open_files(open_files_limit().unwrap_or(1024))
    }
}

/// Raises the soft open-files limit to the hard one and says what it now is;
/// `None` where the platform has no such limit.
pub fn raise_open_files_limit() -> std::io::Result<Option<u64>> {
    #[cfg(unix)]
    {
        rlimit::increase_nofile_limit(u64::MAX).map(Some)
    }
    #[cfg(not(unix))]
    {
        Ok(None)
    }
}

/// The soft open-files limit, where the platform has one.
pub fn open_files_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rlimit::Resource::NOFILE.get().ok().map(|(soft, _)| soft)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The open live streams, counted by client address.
#[derive(Debug)]
pub struct LiveStreams {
    limits: StreamLimits,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_client: HashMap<String, usize>,
}

impl LiveStreams {
    pub fn new(limits: StreamLimits) -> Arc<LiveStreams> {
        Arc::new(LiveStreams {
            limits,
            open: Mutex::new(Open::default()),
        })
    }

    /// A place for one more stream of `client`, held until the permit is dropped
    /// (the stream ended or its client went away); `None` over either cap.
    pub fn admit(self: &Arc<Self>, client: String) -> Option<StreamPermit> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let held = open.by_client.get(&client).copied().unwrap_or(0);
        if open.total >= self.limits.total || held >= self.limits.per_client {
            return None;
        }
        open.total += 1;
        open.by_client.insert(client.clone(), held + 1);
        Some(StreamPermit {
            streams: self.clone(),
            client,
        })
    }

    /// How many streams are open now.
    pub fn open(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .total
    }
}

/// One open stream's place; dropping it frees the place.
#[derive(Debug)]
pub struct StreamPermit {
    streams: Arc<LiveStreams>,
    client: String,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self
            .streams
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(held) = open.by_client.get_mut(&self.client) {
            *held -= 1;
            if *held == 0 {
                open.by_client.remove(&self.client);
            }
        }
    }
}

/// The answer to a stream over the cap: 503 with `Retry-After`, cheap and at once.
/// A plain body, not the error page: nobody reads it but an `EventSource`, and a
/// flood of refusals should cost neither rendering nor log lines.
pub fn refusal() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .insert_header((header::RETRY_AFTER, RETRY_AFTER_SECONDS.to_string()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("text/plain; charset=utf-8")
        .body("too many live streams; try again later\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_leave_room_for_other_connections() {
        let common = StreamLimits::for_open_files(1024);
        assert_eq!(
            common,
            StreamLimits {
                per_client: 192,
                total: 384
            }
        );
        assert_eq!(StreamLimits::for_open_files(20_000).total, 9_872);
        assert_eq!(StreamLimits::for_open_files(1 << 20).total, 20_000);
        assert_eq!(StreamLimits::for_open_files(100).total, 16);
    }

    #[test]
    fn a_client_and_everyone_are_capped_and_places_come_back() {
        let streams = LiveStreams::new(StreamLimits {
            per_client: 2,
            total: 3,
        });
        let a1 = streams.admit("a".into()).expect("first of a");
        let _a2 = streams.admit("a".into()).expect("second of a");
        assert!(streams.admit("a".into()).is_none(), "a third for a");
        let _b1 = streams.admit("b".into()).expect("first of b");
        assert!(streams.admit("c".into()).is_none(), "over the total");
        assert_eq!(streams.open(), 3);
        drop(a1);
        assert_eq!(streams.open(), 2);
        assert!(streams.admit("c".into()).is_some());
    }
}
