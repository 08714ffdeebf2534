//! Issue 22, "Offline at the table", on a phone (390×844, touch) whose network is cut
//! through ChromeDriver's network conditions: five hands tapped offline wait on the
//! phone and are stored once each, in order, when the network is back; the page
//! opens again offline; a conflict after an offline spell is shown entry by entry,
//! one resent and one discarded; logging out leaves no page to open offline.
//! Each browser here is a fresh profile, its service worker and storage its own.

use std::time::Duration;

use serde_json::json;

use super::referee::{phone, screenshots};
use crate::support::browser::{Browser, Driver};
use crate::support::{Client, TestApp};

pub(super) const WAIT: Duration = Duration::from_secs(10);

/// The winners of the match's entries, as the API lists them.
pub(super) fn stored_winners(client: &Client, public_id: &str) -> Vec<String> {
    let log = client.get(&format!("/api/v1/matches/{public_id}/entries"));
    assert_eq!(log.status, 200);
    let log: serde_json::Value = serde_json::from_str(&log.body).unwrap();
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["entry"]["winner"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// Opens the referee page and waits until the service worker controls it and the
/// page and its files are kept.
pub(super) fn open_and_keep(browser: &Browser<'_>, url: &str) {
    browser.goto(url);
    browser.wait_until(
        "document.getElementById('offline').getAttribute('data-kept') === 'yes'",
        WAIT,
        "the page kept for offline",
    );
    // The worker takes the page over (clients.claim) once active.
    browser.wait_until(
        "navigator.serviceWorker.controller !== null",
        WAIT,
        "the service worker controls the page",
    );
    // The page itself, not only its files: the worker controlling the page by now
    // does not mean it saw this first visit.
    let page_kept = browser.execute_async(
        "var done = arguments[arguments.length - 1];\
         caches.open('segnapunti-referee').then(function (c) { return c.match(location.pathname); })\
         .then(function (hit) { done(!!hit); }, function () { done(false); });",
    );
    assert_eq!(page_kept.as_bool(), Some(true), "the page itself kept");
}

/// Screenshots at 390×844 and 1280×800 with the element `css` scrolled into view.
pub(super) fn screenshots_of(browser: &Browser<'_>, name: &str, css: &str) {
    let scroll = format!(
        "document.querySelector({}).scrollIntoView({{block: 'start'}});",
        serde_json::to_string(css).unwrap()
    );
    browser.execute(&scroll);
    browser.shot(&format!("{name}-390.png"));
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
    );
    browser.execute(&scroll);
    browser.shot(&format!("{name}-1280.png"));
    phone(browser);
    browser.execute("window.scrollTo(0, 0);");
}

/// Taps a button of the list scrolled to the middle of the screen, as a thumb does
/// (WebDriver would scroll it to the very foot, under the status bar).
pub(super) fn tap_in_list(browser: &Browser<'_>, css: &str) {
    browser.execute(&format!(
        "document.querySelector({}).scrollIntoView({{block: 'center'}});",
        serde_json::to_string(css).unwrap()
    ));
    browser.click(css);
}

/// Cuts the network of the phone: the page's, through ChromeDriver's network
/// conditions, and its service worker's, which has network conditions of its own
/// (set through a DevTools session of the worker, as DevTools' "Offline" box does).
/// Answers those sessions, for [`restore_network`].
pub(super) fn cut_network(browser: &Browser<'_>) -> Vec<String> {
    browser.set_offline(true);
    let targets = browser.cdp("Target.getTargets", json!({}));
    let workers: Vec<String> = targets["targetInfos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|target| target["type"] == "service_worker")
        .map(|target| target["targetId"].as_str().unwrap().to_string())
        .collect();
    assert!(!workers.is_empty(), "a service worker runs: {targets}");
    workers
        .into_iter()
        .map(|worker| {
            let attached = browser.cdp(
                "Target.attachToTarget",
                json!({"targetId": worker, "flatten": false}),
            );
            let session = attached["sessionId"].as_str().unwrap().to_string();
            worker_network(browser, &session, true);
            session
        })
        .collect()
}

fn worker_network(browser: &Browser<'_>, session: &str, offline: bool) {
    let messages = [
        json!({"id": 1, "method": "Network.enable", "params": {}}),
        json!({"id": 2, "method": "Network.emulateNetworkConditions", "params": {
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1
        }}),
    ];
    for message in messages {
        browser.cdp(
            "Target.sendMessageToTarget",
            json!({"sessionId": session, "message": message.to_string()}),
        );
    }
}

/// Gives the network back: the worker's first, so that the page, once online, finds
/// its worker online too.
pub(super) fn restore_network(browser: &Browser<'_>, sessions: Vec<String>) {
    for session in sessions {
        worker_network(browser, &session, false);
        browser.cdp("Target.detachFromTarget", json!({"sessionId": session}));
    }
    browser.set_offline(false);
}

fn status(browser: &Browser<'_>) -> String {
    browser.text_in_page("#offline-status").unwrap_or_default()
}

/// Taps a team's button offline and waits for the count of waiting entries.
pub(super) fn tap_offline(browser: &Browser<'_>, team: &str, waiting: usize) {
    browser.click(&format!("#win-{team}"));
    let expected = format!("Da inviare: {waiting} ·");
    browser.wait_until(
        &format!(
            "document.getElementById('offline-status').textContent.indexOf({}) === 0",
            serde_json::to_string(&expected).unwrap()
        ),
        WAIT,
        &expected,
    );
}

pub(super) fn five_hands_offline_flow(driver: &Driver, _shared: &Browser<'_>) {
    let browser = driver.browser();
    let (app, link, public_id) = super::match_with_link("20", "3");
    let api = app.client();
    phone(&browser);
    open_and_keep(&browser, &app.url(&link));

    let sessions = cut_network(&browser);
    browser.wait_until("navigator.onLine === false", WAIT, "the phone is offline");
    let winners = ["A", "B", "A", "A", "B"];
    for (index, team) in winners.iter().enumerate() {
        tap_offline(&browser, team, index + 1);
    }
    assert!(
        stored_winners(&api, &public_id).is_empty(),
        "nothing reached the server while offline"
    );
    // Each waiting entry is listed, named and marked as not saved, in the log too.
    let listed = browser
        .execute(
            "return Array.prototype.map.call(document.querySelectorAll('#offline-list li .offline-what'), \
             function (e) { return e.textContent; });",
        )
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect::<Vec<_>>();
    assert_eq!(listed.len(), 5, "{listed:?}");
    assert!(listed[0].starts_with("#1 · vinta da Bepi"), "{listed:?}");
    assert!(listed[4].starts_with("#5 · vinta da "), "{listed:?}");
    assert_eq!(
        browser
            .execute("return document.querySelectorAll('ol.log li.log-offline').length;")
            .as_i64(),
        Some(5)
    );
    assert_eq!(
        browser.text("ol.log li.log-offline:first-child .log-index"),
        "#5",
        "the log lists the newest first"
    );
    assert!(
        browser
            .text("#offline-list")
            .contains("in attesa, non ancora salvata")
    );
    assert!(
        status(&browser).contains("senza rete, partiranno da sole"),
        "{}",
        status(&browser)
    );
    // The score counts them ahead, marked as waiting (issue 36): five hands are a
    // smazzata and the first of the next.
    assert_eq!(browser.text("#points-A"), "3");
    assert_eq!(browser.text("#points-B"), "2");
    assert_eq!(
        browser.text(".team-A .offline-team-mark"),
        "in attesa di invio"
    );
    assert_eq!(
        browser.text(".team-B .offline-team-mark"),
        "in attesa di invio"
    );
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 2 · mano 2/4");
    // The buttons stay where the thumb is: the bar at the foot covers none.
    let covered = browser.execute(
        "var bar = document.getElementById('offline-status').getBoundingClientRect();\
         var a = document.getElementById('win-A').getBoundingClientRect();\
         return a.bottom > bar.top;",
    );
    assert_eq!(
        covered.as_bool(),
        Some(false),
        "the status bar covers the buttons"
    );
    browser.assert_accessible("the referee page with five entries waiting");
    screenshots(&browser, "offline-waiting");
    screenshots_of(&browser, "offline-waiting-list", "#offline-queue");

    assert!(
        stored_winners(&api, &public_id).is_empty(),
        "still nothing stored"
    );

    // The page opens again offline, from the copy kept, with its entries still waiting.
    browser.goto(&app.url(&link));
    browser.wait_until(
        "document.getElementById('win-A') !== null && \
         document.getElementById('offline-status').textContent.indexOf('Da inviare: 5 ·') === 0",
        WAIT,
        "the page reopened offline with five waiting",
    );

    // Back online: sent in order, each once, and the page shows the server's state.
    restore_network(&browser, sessions);
    browser.wait_until(
        "location.search.indexOf('recorded=4') >= 0 && \
         document.getElementById('offline-status').textContent.indexOf('Salvate') === 0",
        Duration::from_secs(20),
        "the five entries sent",
    );
    assert_eq!(stored_winners(&api, &public_id), winners);
    screenshots(&browser, "offline-sent");
    assert_eq!(browser.text("#points-A"), "3");
    assert_eq!(browser.text("#points-B"), "2");
    assert!(browser.try_find("#offline-list li").is_none());
    assert_eq!(
        browser.execute("return localStorage.length;").as_i64(),
        Some(0),
        "nothing left on the phone"
    );
}

pub(super) fn conflict_after_offline_flow(driver: &Driver, _shared: &Browser<'_>) {
    let browser = driver.browser();
    let (app, link, public_id) = super::match_with_link("20", "3");
    let api = app.client();
    phone(&browser);
    open_and_keep(&browser, &app.url(&link));

    let sessions = cut_network(&browser);
    browser.wait_until("navigator.onLine === false", WAIT, "the phone is offline");
    tap_offline(&browser, "A", 1);
    tap_offline(&browser, "B", 2);

    // Meanwhile a second phone records a hand through the same link.
    let other = app.client();
    let page = other.get(&link);
    let seq = crate::support::form_value(&page.body, "expected_seq").unwrap();
    let key = crate::support::form_value(&page.body, "submission_key").unwrap();
    let recorded = other.post_form(
        &format!("{link}/hand"),
        &[
            ("expected_seq", &seq),
            ("submission_key", &key),
            ("winner", "B"),
        ],
    );
    assert_eq!(recorded.status, 303);

    // Reopened offline, the page is the copy kept on the phone: it cannot know the
    // other phone's hand yet, and its two entries still wait.
    browser.goto(&app.url(&link));
    browser.wait_until(
        "document.getElementById('offline-status').textContent.indexOf('Da inviare: 2 ·') === 0",
        WAIT,
        "the kept page reopened offline",
    );
    // The phone's copy counts its own two hands ahead, not the other phone's.
    assert_eq!(
        browser.text("#points-A"),
        "1",
        "the page came from the phone"
    );
    assert_eq!(browser.text("#points-B"), "1");
    assert_eq!(
        browser.text(".team-A .offline-team-mark"),
        "in attesa di invio"
    );
    screenshots(&browser, "offline-reopened");

    restore_network(&browser, sessions);
    browser.wait_until(
        "document.querySelectorAll('#offline-list li.offline-conflict').length === 2 && \
         !document.getElementById('offline-conflict').hidden",
        Duration::from_secs(20),
        "both waiting entries shown in conflict",
    );
    assert_eq!(
        stored_winners(&api, &public_id),
        ["B"],
        "the conflict stored nothing of the phone's"
    );
    let list = browser.text("#offline-list");
    assert!(
        list.starts_with("vinta da Bepi · Nane · toccata alle"),
        "{list}"
    );
    assert!(
        list.contains("non salvata: il punteggio è cambiato"),
        "{list}"
    );
    assert!(
        browser
            .text("#offline-conflict")
            .contains("Qualcun altro ha registrato nel frattempo")
    );
    // The page shows the match as it is now: the other phone's hand.
    assert_eq!(browser.text("#points-B"), "1");
    browser.assert_accessible("the referee page with two entries in conflict");
    screenshots(&browser, "offline-conflict");
    screenshots_of(&browser, "offline-conflict-list", "#offline-queue");

    // The first is sent again after the other phone's hand; the second discarded.
    tap_in_list(
        &browser,
        "#offline-list li:nth-child(1) button[data-action=resend]",
    );
    browser.wait_until(
        "location.search.indexOf('recorded=1') >= 0 && \
         document.querySelectorAll('#offline-list li.offline-conflict').length === 1",
        WAIT,
        "the first entry resent",
    );
    tap_in_list(
        &browser,
        "#offline-list li:nth-child(1) button[data-action=discard]",
    );
    browser.wait_until(
        "document.getElementById('offline-queue').hidden",
        WAIT,
        "nothing left to resolve",
    );
    assert_eq!(stored_winners(&api, &public_id), ["B", "A"]);
    assert_eq!(browser.text("#points-A"), "1");
    assert_eq!(browser.text("#points-B"), "1");
}

/// A logged-in referee's page kept for offline is gone once they log out: offline,
/// the next person at the phone gets no copy of it.
pub(super) fn logout_clears_kept_pages_flow(driver: &Driver, _shared: &Browser<'_>) {
    let browser = driver.browser();
    let app = TestApp::spawn(crate::support::Backend::Sqlite);
    let organizer = app.organizer();
    let public_id = crate::support::setup::create_match(&organizer, &[("title", "Finale")]);
    phone(&browser);
    browser.goto(&app.url("/login"));
    browser.fill("#username", "org");
    browser.fill("#password", "org-password");
    browser.click("main button[type=submit]");
    browser.wait_for_text("action=\"/logout\"", WAIT);
    let page = app.url(&format!("/score/{public_id}"));
    open_and_keep(&browser, &page);
    let kept = browser.execute_async(
        "var done = arguments[arguments.length - 1];\
         caches.open('segnapunti-referee').then(function (c) { return c.keys(); })\
         .then(function (keys) { done(keys.length); });",
    );
    assert!(
        kept.as_i64().unwrap_or(0) >= 2,
        "page and files kept: {kept}"
    );

    browser.click(".nav-menu > summary");
    browser.click(".nav-menu form[action='/logout'] button");
    browser.wait_for_text("Sei uscito.", WAIT);
    let left = browser.execute_async(
        "var done = arguments[arguments.length - 1];\
         caches.keys().then(function (names) { done(names.length); });",
    );
    assert_eq!(
        left.as_i64(),
        Some(0),
        "the kept pages are cleared at logout"
    );
    browser.set_offline(true);
    // A script's navigation: WebDriver's own reports the offline error as a failure.
    browser.execute(&format!(
        "location.href = {};",
        serde_json::to_string(&page).unwrap()
    ));
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        browser.try_find("#win-A").is_none(),
        "offline after logout, the referee page does not open"
    );
    browser.set_offline(false);
}

/// Issue 35: a phone keeps the page of its table's match and taps two hands offline;
/// meanwhile a player leaves before the round begins, and the redraw takes that table
/// out of the draw. Back online, nothing is stored: the page says the match is no longer
/// played and what the table has now, and the two hands wait as conflicts to be entered
/// at the right match and discarded, never dropped.
pub(super) fn table_taken_out_of_the_draw_flow(driver: &Driver, _shared: &Browser<'_>) {
    use crate::http_night_changes::{cards, night_to, table_links};
    let browser = driver.browser();
    let app = TestApp::spawn(crate::support::Backend::Sqlite);
    let (_admin, organizer) = crate::support::club_with_organizer(&app);
    let event = night_to(&organizer, 16, "3", "20");
    let printed = cards(&organizer, &event);
    let link = table_links(&app, &printed, 4)[0].clone();
    phone(&browser);
    open_and_keep(&browser, &app.url(&link));
    let sessions = cut_network(&browser);
    browser.wait_until("navigator.onLine === false", WAIT, "the phone is offline");
    tap_offline(&browser, "A", 1);
    tap_offline(&browser, "B", 2);

    // Before anyone has begun, a player leaves: fifteen play at three tables.
    let withdrawn = organizer.post_form(
        &format!("/manage/events/{event}/withdraw"),
        &[("number", "1"), ("confirm", "yes")],
    );
    assert_eq!(withdrawn.status, 303, "{}", withdrawn.body);

    restore_network(&browser, sessions);
    browser.wait_until(
        "document.querySelectorAll('#offline-list li.offline-conflict').length === 2 && \
         !document.getElementById('offline-conflict').hidden && \
         !!document.getElementById('entry-error')",
        Duration::from_secs(20),
        "both kept hands shown in conflict on the page of the match taken out",
    );
    let error = browser.text("#entry-error");
    assert!(error.contains("non è più in programma"), "{error}");
    assert!(error.contains("Al tavolo 4"), "{error}");
    assert!(
        browser
            .text("#offline-conflict")
            .contains("la partita è stata tolta dal sorteggio")
    );
    assert!(
        browser
            .try_find("#offline-list button[data-action=resend]")
            .is_none(),
        "nothing to resend to a match out of the draw"
    );
    assert!(browser.try_find("#win-A").is_none(), "no entry form");
    let log = app.client().get(&link).body;
    assert!(!log.contains("class=\"log-hand"), "nothing stored");
    browser.assert_accessible("the page of a match taken out of the draw");
    screenshots(&browser, "out-of-draw-conflict");
    screenshots_of(&browser, "out-of-draw-conflict-list", "#offline-queue");
    // Discarded one by one once entered elsewhere: the queue empties.
    for left in [1, 0] {
        tap_in_list(
            &browser,
            "#offline-list li:nth-child(1) button[data-action=discard]",
        );
        browser.wait_until(
            &format!("document.querySelectorAll('#offline-list li').length === {left}"),
            WAIT,
            "an entry discarded",
        );
    }
}

/// What an element of the page says, without the marks the offline script adds.
pub(super) fn value_of(browser: &Browser<'_>, css: &str) -> String {
    let script = format!(
        "var e = document.querySelector({}).cloneNode(true);\
         Array.prototype.forEach.call(e.querySelectorAll('.offline-mark'), function (m) {{ m.remove(); }});\
         return e.textContent.trim();",
        serde_json::to_string(css).unwrap()
    );
    browser
        .execute(&script)
        .as_str()
        .unwrap_or_default()
        .to_string()
}
