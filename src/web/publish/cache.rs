//! Public pages rendered once per change of the database, not once per visitor.
//!
//! An event page is derived from every entrant, every match row and every match log of
//! the event: hundreds of rows read, the schedule derived, a page of up to a megabyte
//! written. The room's screens and the players' phones ask for the same page many times
//! between two score entries, so its content (everything but the visitor's header) is
//! kept until the database changes.
//!
//! The change is SQLite's `PRAGMA data_version`, read on a connection of the cache's own:
//! it moves whenever any other connection commits (this server's writer, another
//! instance, the command line), and only on a commit. Each reading moves a generation
//! counter when the version moved; a page is served from the cache only if it was built
//! in the current generation. It was built from reads that began after its generation
//! was read, so it holds every commit made before that, and any commit since would have
//! moved the generation at this request's reading. PostgreSQL has no such counter:
//! there, pages are built for every request as before.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use actix_web::web;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel::sqlite::SqliteConnection;

use crate::lang::Lang;
use crate::store::{self, DbConnection};
use crate::web::AppState;

/// Kept content is dropped when there is more than this, whatever its generation:
/// the highlight of each entrant makes a page of its own.
const MAX_BYTES: usize = 64 * 1024 * 1024;
const MAX_PAGES: usize = 512;

/// Which page: its kind (`"e"` event, `"f"` its live fragment, `"m"` match, `"s"` its
/// sheet fragment, `"r"` `"t"` `"n"` `"b"` an event's rounds, standings, entrants and
/// bracket pages, `"p"` `"q"` an entrant's night page and its fragment, the entrant as
/// the highlight), public id, language, highlighted entrant, and which part of a long
/// page (a round, a page of rows) found by which search.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub kind: &'static str,
    pub public_id: String,
    pub lang: Lang,
    pub highlight: Option<u32>,
    pub part: Option<u32>,
    pub search: String,
}

impl PageKey {
    /// The key of a page of `kind` as read in `lang`, nothing highlighted.
    pub fn new(kind: &'static str, public_id: String, lang: Lang) -> PageKey {
        PageKey {
            kind,
            public_id,
            lang,
            highlight: None,
            part: None,
            search: String::new(),
        }
    }
}

/// A page's content as rendered: its title and the HTML of its content block.
#[derive(Debug)]
pub struct Rendered {
    pub title: String,
    pub content: String,
}

struct Watch {
    connection: SqliteConnection,
    version: Option<i64>,
    generation: u64,
}

enum WatchState {
    /// Not opened yet: the database's path is read from the first connection asked.
    Unopened,
    Open(Watch),
    /// PostgreSQL, an in-memory database, or the watch could not be opened.
    Unavailable,
}

pub struct PageCache {
    watch: Mutex<WatchState>,
    pages: Mutex<Pages>,
}

#[derive(Default)]
struct Pages {
    generation: u64,
    bytes: usize,
    by_key: HashMap<PageKey, Arc<Rendered>>,
}

#[derive(QueryableByName)]
struct DatabaseFile {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    file: String,
}

/// One cache per running application (tests run several in one process, each on a
/// database of its own).
static CACHES: Mutex<Vec<(Weak<AppState>, Arc<PageCache>)>> = Mutex::new(Vec::new());

impl PageCache {
    /// The cache of this application.
    pub fn of(state: &web::Data<AppState>) -> Arc<PageCache> {
        let app = Arc::downgrade(&state.clone().into_inner());
        let mut caches = CACHES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        caches.retain(|(owner, _)| owner.strong_count() > 0);
        if let Some((_, cache)) = caches.iter().find(|(owner, _)| owner.ptr_eq(&app)) {
            return cache.clone();
        }
        let cache = Arc::new(PageCache::new());
        caches.push((app, cache.clone()));
        cache
    }

    fn new() -> PageCache {
        PageCache {
            watch: Mutex::new(WatchState::Unopened),
            pages: Mutex::new(Pages::default()),
        }
    }

    /// The generation now, `None` when changes cannot be seen (nothing is cached then).
    /// Read it before the reads a page is built from.
    pub fn generation(&self, connection: &mut DbConnection) -> Option<u64> {
        let mut watch = self.watch.lock().ok()?;
        if matches!(*watch, WatchState::Unopened) {
            *watch = open_watch(connection).map_or(WatchState::Unavailable, WatchState::Open);
        }
        let WatchState::Open(open) = &mut *watch else {
            return None;
        };
        let version = match store::data_version(&mut open.connection) {
            Ok(version) => version,
            Err(error) => {
                tracing::warn!(%error, "page cache: the database version cannot be read");
                *watch = WatchState::Unavailable;
                return None;
            }
        };
        if open.version != Some(version) {
            open.version = Some(version);
            open.generation += 1;
        }
        Some(open.generation)
    }

    /// The page, if it was built in this generation.
    pub fn get(&self, key: &PageKey, generation: u64) -> Option<Arc<Rendered>> {
        let pages = self.pages.lock().ok()?;
        if pages.generation != generation {
            return None;
        }
        pages.by_key.get(key).cloned()
    }

    /// Keeps a page built from reads made after `generation` was read.
    pub fn put(&self, key: PageKey, generation: u64, page: Arc<Rendered>) {
        let Ok(mut pages) = self.pages.lock() else {
            return;
        };
        if generation < pages.generation {
            // Built before a change another request has already seen.
            return;
        }
        let size = page.title.len() + page.content.len();
        if generation > pages.generation
            || pages.bytes + size > MAX_BYTES
            || pages.by_key.len() >= MAX_PAGES
        {
            pages.by_key.clear();
            pages.bytes = 0;
            pages.generation = generation;
        }
        if let Some(previous) = pages.by_key.insert(key, page) {
            pages.bytes -= previous.title.len() + previous.content.len();
        }
        pages.bytes += size;
    }
}

/// A read-only connection of the cache's own to the database file the application uses.
fn open_watch(connection: &mut DbConnection) -> Option<Watch> {
    let DbConnection::Sqlite(sqlite) = connection else {
        return None;
    };
    let files = diesel::sql_query("PRAGMA database_list")
        .load::<DatabaseFile>(sqlite)
        .ok()?;
    let path = files.into_iter().find(|f| f.name == "main")?.file;
    if path.is_empty() {
        return None;
    }
    let mut watch = SqliteConnection::establish(&path).ok()?;
    diesel::connection::SimpleConnection::batch_execute(
        &mut watch,
        &format!("PRAGMA query_only = ON; {};", store::USUAL_WAIT),
    )
    .ok()?;
    Some(Watch {
        connection: watch,
        version: None,
        generation: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{DatabaseUrl, Db};
    use diesel::connection::SimpleConnection;

    fn key(highlight: Option<u32>) -> PageKey {
        PageKey {
            kind: "e",
            public_id: "abc".into(),
            lang: Lang::It,
            highlight,
            part: None,
            search: String::new(),
        }
    }

    fn page(text: &str) -> Arc<Rendered> {
        Arc::new(Rendered {
            title: "t".into(),
            content: text.into(),
        })
    }

    #[test]
    fn a_page_is_kept_until_the_next_commit_and_no_longer() {
        let dir = tempfile::tempdir().unwrap();
        let url =
            DatabaseUrl::parse(&format!("sqlite://{}", dir.path().join("t.db").display())).unwrap();
        let db = Db::open(&url).unwrap();
        let cache = Arc::new(PageCache::new());
        let generation = |db: &Db| {
            let cache = cache.clone();
            db.read(move |connection| Ok(cache.generation(connection)))
                .unwrap()
                .expect("SQLite has a data version")
        };
        let first = generation(&db);
        assert_eq!(generation(&db), first, "reads alone change nothing");
        cache.put(key(None), first, page("one"));
        assert_eq!(cache.get(&key(None), first).unwrap().content, "one");
        assert!(cache.get(&key(Some(3)), first).is_none());

        db.write(|connection| {
            connection
                .batch_execute("CREATE TABLE moved (x INTEGER); INSERT INTO moved VALUES (1);")?;
            Ok(())
        })
        .unwrap();
        let second = generation(&db);
        assert!(second > first, "a commit moves the generation");
        assert!(
            cache.get(&key(None), second).is_none(),
            "kept before the commit"
        );

        // A page built from reads before the commit, stored after a newer one: refused.
        cache.put(key(None), second, page("two"));
        cache.put(key(None), first, page("stale"));
        assert_eq!(cache.get(&key(None), second).unwrap().content, "two");
    }
}
