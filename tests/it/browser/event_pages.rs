//! Issue 24: a big event's pages at a phone's size with touch and at a laptop's. The
//! event page, its full standings and its rounds with axe-core and screenshots; the
//! standings show rank, name, score and the first tie-break on a phone (the rest in each
//! row's disclosure) and every column on a laptop, without sideways scrolling; the live
//! area is not fetched again when nothing changed, and is when a table's score does; the
//! organizer's round table stacks as cards on a phone.

use std::time::Duration;

use super::referee::{no_phone, phone};
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer, setup};

fn display(browser: &Browser<'_>, css: &str) -> String {
    browser
        .execute(&format!(
            "var e = document.querySelector({css:?}); return e ? getComputedStyle(e).display : 'absent';"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn shoot(browser: &Browser<'_>, name: &str) {
    browser.shot(&format!("{name}.png"));
}

pub fn event_pages_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let fields = [
        ("name", "Torneo svizzero della Scuola del giovedì"),
        ("game", "trionfetti"),
        ("format", "swiss"),
        ("rounds", "4"),
        ("target_points", "1"),
        ("games_to_win", "1"),
    ];
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(64));
    let links = setup::card_links(&app, &organizer, &event);
    for link in links.iter().take(6) {
        setup::record_win(&app.client(), link, "A");
    }
    let pages = [
        ("event", format!("/e/{event}")),
        ("event-highlighted", format!("/e/{event}?highlight=40")),
        ("standings", format!("/e/{event}/standings")),
        ("rounds", format!("/e/{event}/rounds")),
        ("entrants-search", format!("/e/{event}/entrants?q=Coppia+4")),
    ];
    for (size, narrow) in [("390x844", true), ("1280x800", false)] {
        if narrow {
            phone(browser);
        } else {
            no_phone(browser);
            browser.set_window_size(1280, 800);
        }
        for (name, path) in &pages {
            browser.goto(&app.url(path));
            browser.assert_accessible(&format!("the {name} page at {size}"));
            assert!(
                !browser.overflows_horizontally(),
                "the {name} page scrolls sideways at {size}"
            );
            shoot(browser, &format!("event-pages-{name}-{size}"));
            if browser.try_find("table.standings").is_some() {
                let extra = display(browser, "table.standings th.extra");
                let details = display(browser, "table.standings details.row-more");
                if narrow {
                    assert_eq!(extra, "none", "{name}: the other columns fold away");
                    assert_eq!(details, "block", "{name}: the row's disclosure");
                } else {
                    assert_eq!(extra, "table-cell", "{name}: every column on a laptop");
                    assert_eq!(details, "none", "{name}");
                }
                assert_eq!(display(browser, "table.standings td.num"), "table-cell");
                browser.execute("document.querySelector('table.standings').scrollIntoView();");
                shoot(browser, &format!("event-pages-{name}-standings-{size}"));
            }
        }
    }
    // On a phone a row's disclosure opens with a tap, no script needed.
    phone(browser);
    browser.goto(&app.url(&format!("/e/{event}/standings")));
    browser.click("table.standings details.row-more summary");
    assert_eq!(
        browser.execute("return document.querySelector('details.row-more').open;"),
        serde_json::json!(true)
    );
    assert!(
        !browser.overflows_horizontally(),
        "an open row widens the table past the screen"
    );
    browser.assert_accessible("the standings with a row open");
    // One marker says the row opens: the drawn triangle, not the browser's beside it.
    let markers = browser.execute(
        "var s = document.querySelector('details.row-more > summary'); \
         return [getComputedStyle(s).display, getComputedStyle(s, '::before').content];",
    );
    assert_eq!(
        markers,
        serde_json::json!(["flex", "\"\""]),
        "a row's disclosure"
    );
    shoot(browser, "event-pages-standings-open-390x844");

    // The live area: connected, the page already shows the fragment (304, nothing
    // swapped); a score entered, the new fragment comes.
    browser.goto(&app.url(&format!("/e/{event}")));
    browser.execute("document.querySelector('#event-live h2').setAttribute('data-mark', 'kept');");
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        browser.source().contains("data-mark=\"kept\""),
        "the live area was fetched again with nothing changed"
    );
    let fetched = browser.execute(
        "return performance.getEntriesByType('resource').filter(function (e) { \
         return e.name.indexOf('/live') > 0; }).length;",
    );
    assert!(
        fetched.as_u64().unwrap_or(0) >= 1,
        "the fragment was asked, by its tag"
    );
    setup::record_win(&app.client(), &links[6], "B");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while browser.source().contains("data-mark=\"kept\"") {
        assert!(
            std::time::Instant::now() < deadline,
            "the new fragment never came"
        );
        std::thread::sleep(Duration::from_millis(200));
    }

    // The organizer's round table on a phone: one card per table, nothing cut off.
    super::browser_login(&app, browser, "org", "org-password");
    browser.goto(&app.url(&format!("/manage/events/{event}")));
    assert!(
        !browser.overflows_horizontally(),
        "the round table scrolls sideways"
    );
    assert_eq!(display(browser, "table.overview tr"), "block");
    let visible = browser.execute(
        "var cells = document.querySelectorAll('table.overview tbody tr:first-child td'); \
         var r = document.querySelector('.table-scroll').getBoundingClientRect(); \
         return Array.prototype.every.call(cells, function (c) { var b = c.getBoundingClientRect(); \
         return b.width > 0 && b.right <= r.right + 1; });",
    );
    assert_eq!(
        visible,
        serde_json::json!(true),
        "status, referee and actions visible"
    );
    browser.assert_accessible("the organizer's event page on a phone");
    browser.execute("document.querySelector('table.overview').scrollIntoView();");
    shoot(browser, "event-pages-manage-round-table-390x844");
    no_phone(browser);
}
