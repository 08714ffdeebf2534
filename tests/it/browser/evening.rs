//! Issue 38: an organizer's evening in the browser, on a phone and on a laptop. A
//! night made from the new-event form as it starts (the club's first: a rotating
//! night of Trionfetti), its players pasted in, checked in and drawn; the room's
//! screen; a result corrected at a table with a reason, the organizer told; the
//! night on the club's public pages. axe-core on every page, screenshots at both sizes.

use std::time::Duration;

use serde_json::json;

use super::referee::{on_a_phone, screenshots};
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer, setup};

const WAIT: Duration = Duration::from_secs(5);

const PLAYERS: [&str; 8] = [
    "Bepi Scarpa",
    "Nane Zanetti",
    "Toni Bortolato",
    "Gigio Menegazzo",
    "Marieta Furlan",
    "Giovanna Dalla Costa",
    "Tita Boscolo",
    "Rosina Vianello",
];

/// Submits with a click and waits for the page the form leads to (not the one it left).
fn submit(browser: &Browser<'_>, css: &str) {
    browser.execute("window.formLeft = true;");
    browser.click(css);
    browser.wait_until(
        "!window.formLeft && document.readyState === 'complete'",
        WAIT,
        css,
    );
}

/// Looks at a page: no serious or critical axe findings, nothing wider than the
/// screen, and its screenshots at both sizes.
fn look(browser: &Browser<'_>, what: &str, shot: &str) {
    browser.assert_accessible(what);
    assert!(!browser.overflows_horizontally(), "{what} scrolls sideways");
    screenshots(browser, shot);
}

pub fn organizers_evening_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    super::browser_login(&app, browser, "org", "org-password");
    on_a_phone(browser, || evening(&app, &organizer, browser));
}

fn evening(app: &TestApp, organizer: &crate::support::Client, browser: &Browser<'_>) {
    // The night, from the form as it starts: only its name, date and short games typed.
    browser.goto(&app.url("/manage/clubs/scuola-di-trionfetti/events/new"));
    let format =
        browser.execute("return document.querySelector('input[name=format]:checked').value;");
    assert_eq!(format.as_str(), Some("rotating"), "a club's first night");
    look(browser, "the new night's form", "evening-form");
    browser.fill("#name", "Serata del giovedì");
    browser.execute("document.getElementById('date').value = '2030-11-21';");
    browser.fill("#target_points", "1");
    browser.fill("#games_to_win", "1");
    browser.execute("document.querySelector('input[name=listed][type=checkbox]').checked = true;");
    submit(browser, "#event-form button[type=submit]");
    browser.wait_for_text("id=\"entrant-form\"", WAIT);
    let manage = browser.current_url();
    let event = manage
        .rsplit('/')
        .next()
        .expect("the event's id in its address")
        .to_string();

    // Its players pasted in, all present, drawn.
    browser.fill("#csv", &PLAYERS.join("\n"));
    submit(browser, "form[action$='/import'] button[type=submit]");
    browser.wait_for_text("id=\"import-report\"", WAIT);
    assert!(browser.source().contains(": 8<"), "eight players taken");
    submit(browser, "#check-in-all");
    submit(browser, "#draw-form button[type=submit]");
    browser.wait_for_text("id=\"table-", WAIT);
    look(browser, "the night drawn", "evening-drawn");

    // The room's screen: round 1's tables, and which round the next tables belong to.
    browser.goto(&app.url(&format!("/e/{event}/projector")));
    browser.wait_for_text("class=\"projector-page\"", WAIT);
    assert!(
        browser.source().contains("class=\"projector-round\""),
        "the plan first"
    );
    look(browser, "the projector", "evening-projector");
    // On the room's screen every view fits: nothing to scroll, on any view of the cycle.
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
    );
    for view in ["plan&page=0", "plan&page=1"] {
        browser.goto(&app.url(&format!("/e/{event}/projector?view={view}")));
        browser.wait_for_text("class=\"projector-page\"", WAIT);
        let scrolls =
            browser.execute("return document.documentElement.scrollHeight > window.innerHeight;");
        assert_eq!(
            scrolls,
            json!(false),
            "the projector's {view} scrolls at 1280×800"
        );
    }
    super::referee::phone(browser);

    // Round 1 played at its tables.
    // Each physical table's card lists its rounds' links in order: round 1's first.
    let cards = organizer.get(&format!("/manage/events/{event}/cards")).body;
    let round1: Vec<String> = ["1", "2"]
        .iter()
        .map(|table| {
            let card = cards
                .split(&format!("id=\"table-card-{table}\""))
                .nth(1)
                .expect("two tables for eight players");
            let rest = card
                .split("class=\"scoring-link\" href=\"")
                .nth(1)
                .expect("round 1's link");
            rest[app.base.len()..rest.find('"').unwrap()].to_string()
        })
        .collect();
    for link in &round1 {
        setup::record_win(&app.client(), link, "A");
    }

    // A table's result corrected on its referee page, with the reason.
    browser.goto(&app.url(&round1[0]));
    browser.click("details.correction summary");
    browser.fill(
        "details.correction input[name=reason]",
        "mano segnata alla coppia sbagliata",
    );
    browser.execute(
        "const select = document.querySelector('details.correction select[name=winner]'); \
         select.value = 'B';",
    );
    submit(browser, "details.correction button[type=submit]");
    browser.wait_for_text("mano segnata alla coppia sbagliata", WAIT);
    browser.goto(&manage);
    browser.wait_for_text("class=\"standings-only\"", WAIT);
    look(browser, "the night after a correction", "evening-corrected");

    // The night in public: on the club's page and with its standings.
    browser.goto(&app.url("/clubs/scuola-di-trionfetti"));
    browser.wait_for_text("Serata del giovedì", WAIT);
    look(browser, "the club's page with the night", "evening-club");
    browser.goto(&app.url(&format!("/e/{event}")));
    browser.wait_for_text("Serata del giovedì", WAIT);
    let standings = app.client().get(&format!("/e/{event}/standings")).body;
    assert!(
        PLAYERS.iter().all(|name| standings.contains(name)),
        "every player in the standings"
    );
    look(browser, "the night's public page", "evening-public");
}
