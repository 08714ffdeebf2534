//! Every statement the application runs on one test database, with the page being
//! served when it ran. diesel's default `Instrumentation` is set once for the whole
//! process (the application is not told anything: production has no hook); each
//! connection learns its database from the connection event, and only connections to
//! a watched database record, and only while a page is being served.

use std::sync::{Arc, Mutex, Once};

use diesel::connection::{Instrumentation, InstrumentationEvent, set_default_instrumentation};

/// A statement as diesel shows it (`SQL -- binds: [..]`) and the page it served.
#[derive(Debug, Clone)]
pub struct Statement {
    pub page: String,
    pub shown: String,
}

/// The statements of one database, gathered page by page.
#[derive(Default)]
pub struct Capture {
    page: Mutex<Option<String>>,
    statements: Mutex<Vec<Statement>>,
}

impl Capture {
    /// Runs `serve` (a request) with its statements credited to `page`.
    pub fn during<T>(&self, page: &str, serve: impl FnOnce() -> T) -> T {
        *self.page.lock().unwrap() = Some(page.to_string());
        let served = serve();
        *self.page.lock().unwrap() = None;
        served
    }

    /// The statements gathered so far, in the order they ran.
    pub fn statements(&self) -> Vec<Statement> {
        self.statements.lock().unwrap().clone()
    }

    fn record(&self, shown: impl FnOnce() -> String) {
        let page = self.page.lock().unwrap().clone();
        if let Some(page) = page {
            let shown = shown();
            self.statements
                .lock()
                .unwrap()
                .push(Statement { page, shown });
        }
    }
}

/// The databases watched: a text their connection URL contains (the SQLite file's path,
/// the PostgreSQL database's random name) and their capture.
static WATCHED: Mutex<Vec<(String, Arc<Capture>)>> = Mutex::new(Vec::new());

/// Starts recording the statements of connections opened from now on to the database
/// whose URL contains `key`.
pub fn watch(key: &str) -> Arc<Capture> {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        set_default_instrumentation(|| Some(Box::new(Recorder { capture: None })))
            .expect("diesel's default instrumentation is set");
    });
    let capture = Arc::new(Capture::default());
    WATCHED
        .lock()
        .unwrap()
        .push((key.to_string(), capture.clone()));
    capture
}

/// One connection's recorder: it records only if its database is watched.
struct Recorder {
    capture: Option<Arc<Capture>>,
}

impl Instrumentation for Recorder {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::StartEstablishConnection { url, .. } => {
                self.capture = WATCHED
                    .lock()
                    .unwrap()
                    .iter()
                    .find(|(key, _)| url.contains(key.as_str()))
                    .map(|(_, capture)| capture.clone());
            }
            InstrumentationEvent::StartQuery { query, .. } => {
                if let Some(capture) = &self.capture {
                    capture.record(|| query.to_string());
                }
            }
            _ => {}
        }
    }
}
