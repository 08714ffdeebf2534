//! Issue 36, offline at the table: while hands wait on a phone without network, the
//! referee page shows the match as it will be once they are sent, marked as waiting
//! (the states the server played ahead, `src/web/games/ahead.rs`), and, for an entry
//! it cannot count, the values as stored, marked as not counting it.

use std::time::Duration;

use super::offline::{
    WAIT, cut_network, open_and_keep, restore_network, screenshots_of, stored_winners, tap_in_list,
    tap_offline, value_of,
};
use super::referee::{phone, screenshots};
use crate::support::Client;
use crate::support::browser::{Browser, Driver};

/// A hand recorded from another client through the match's link.
fn record_hand(client: &Client, link: &str, winner: &str) {
    let page = client.get(link);
    let seq = crate::support::form_value(&page.body, "expected_seq").unwrap();
    let key = crate::support::form_value(&page.body, "submission_key").unwrap();
    let recorded = client.post_form(
        &format!("{link}/hand"),
        &[
            ("expected_seq", &seq),
            ("submission_key", &key),
            ("winner", winner),
        ],
    );
    assert_eq!(recorded.status, 303, "{}", recorded.body);
}

/// Issue 36: while hands wait on a phone without network, the page shows the match as
/// it will be once they are sent, marked as waiting: two hands tapped offline at the
/// last hand of a smazzata move the hand counter into the next smazzata, give the deal
/// to the next dealer and add the points. Back online, the page is the server's, the
/// same values with no mark. A tap the page cannot count (a vagaresto) leaves the
/// values as stored, marked as not counting it.
pub(super) fn offline_hands_counted_ahead_flow(driver: &Driver, _shared: &Browser<'_>) {
    let browser = driver.browser();
    let (app, link, public_id) = super::match_with_link("20", "3");
    let api = app.client();
    // Three hands stored: the next is the smazzata's last.
    let other = app.client();
    for winner in ["A", "B", "A"] {
        record_hand(&other, &link, winner);
    }
    phone(&browser);
    open_and_keep(&browser, &app.url(&link));
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 1 · mano 4/4");
    assert_eq!(browser.text("#points-A"), "2");
    assert_eq!(browser.text("#points-B"), "1");
    let dealer = value_of(&browser, "#dealer");
    let leader = value_of(&browser, "#leader");
    assert_ne!(dealer, leader);

    let sessions = cut_network(&browser);
    browser.wait_until("navigator.onLine === false", WAIT, "the phone is offline");
    tap_offline(&browser, "B", 1);
    tap_offline(&browser, "A", 2);
    assert!(
        stored_winners(&api, &public_id) == ["A", "B", "A"],
        "nothing more reached the server while offline"
    );
    // The fourth hand ends the smazzata: the next one is dealt by who led, and the
    // second offline hand is its first.
    for css in ["#deal-short", "#deal"] {
        assert_eq!(value_of(&browser, css), "smazzata 2 · mano 2/4", "{css}");
        assert_eq!(
            browser.text(&format!("{css} .offline-mark")),
            "in attesa di invio",
            "{css}"
        );
    }
    assert_eq!(value_of(&browser, "#dealer"), leader, "the deal passed on");
    assert_eq!(browser.text("#dealer .offline-mark"), "in attesa di invio");
    assert_eq!(browser.text("#points-A"), "3");
    assert_eq!(browser.text("#points-B"), "2");
    for team in ["A", "B"] {
        assert_eq!(
            browser.text(&format!(".team-{team} .offline-team-mark")),
            "in attesa di invio"
        );
        assert_eq!(
            browser
                .execute(&format!(
                    "return document.getElementById('points-{team}').classList.contains('offline-ahead');"
                ))
                .as_bool(),
            Some(true)
        );
    }
    assert!(
        browser
            .text("#offline-hint")
            .contains("La pagina qui sopra le conta già"),
        "{}",
        browser.text("#offline-hint")
    );
    let projected: Vec<String> = ["#deal-short", "#dealer", "#cutter", "#leader"]
        .iter()
        .map(|css| value_of(&browser, css))
        .collect();
    browser.assert_accessible("the referee page counting two hands ahead");
    screenshots(&browser, "offline-ahead");
    screenshots_of(&browser, "offline-ahead-facts", "dl.facts");

    // Taken back, the second tap no longer counts: hand 1 of the second smazzata.
    tap_in_list(
        &browser,
        "#offline-list li:nth-child(2) button[data-action=discard]",
    );
    browser.wait_until(
        "document.querySelectorAll('#offline-list li').length === 1",
        WAIT,
        "the second tap taken back",
    );
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 2 · mano 1/4");
    assert_eq!(browser.text("#points-A"), "2");
    assert!(
        browser.try_find(".team-A .offline-team-mark").is_none(),
        "team A's score is as stored"
    );
    tap_offline(&browser, "A", 2);
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 2 · mano 2/4");

    // Back online: the server's page, the same values, no mark left.
    restore_network(&browser, sessions);
    browser.wait_until(
        "location.search.indexOf('recorded=4') >= 0 && \
         document.getElementById('offline-status').textContent.indexOf('Salvate') === 0",
        Duration::from_secs(20),
        "the two entries sent",
    );
    assert_eq!(stored_winners(&api, &public_id), ["A", "B", "A", "B", "A"]);
    let stored: Vec<String> = ["#deal-short", "#dealer", "#cutter", "#leader"]
        .iter()
        .map(|css| value_of(&browser, css))
        .collect();
    assert_eq!(
        stored, projected,
        "the page counted ahead what the server stored"
    );
    assert_eq!(browser.text("#points-A"), "3");
    assert_eq!(browser.text("#points-B"), "2");
    assert_eq!(
        browser
            .execute("return document.querySelectorAll('.offline-mark, .offline-team-mark, .offline-ahead, .offline-behind').length;")
            .as_i64(),
        Some(0),
        "no waiting mark once sent"
    );

    // A vagaresto offline: the page cannot count it without the rules, so the values
    // stay as stored, marked as not counting it.
    let sessions = cut_network(&browser);
    browser.wait_until("navigator.onLine === false", WAIT, "offline again");
    browser.click("#vagaresto > summary");
    browser.click("#vagaresto_caller-0");
    browser.click("#record-conceded");
    browser.wait_until(
        "document.getElementById('offline-status').textContent.indexOf('Da inviare: 1 ·') === 0",
        WAIT,
        "the vagaresto waiting",
    );
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 2 · mano 2/4");
    assert_eq!(browser.text("#deal-short .offline-mark"), "da aggiornare");
    assert_eq!(browser.text("#points-A"), "3");
    assert_eq!(browser.text(".team-A .offline-team-mark"), "da aggiornare");
    // The vagaresto's caller went with the tap: the next tap starts without it, and
    // the undo of the entry stored last is not offered while one waits.
    assert_eq!(
        browser
            .execute(
                "return document.querySelectorAll('input[name=vagaresto_caller]:checked').length;"
            )
            .as_i64(),
        Some(0)
    );
    assert_eq!(
        browser
            .execute(
                "var b = document.getElementById('undo-last'); return b.getClientRects().length;"
            )
            .as_i64(),
        Some(0),
        "no undo of a stored entry while one waits"
    );
    assert!(
        browser
            .text("#offline-hint")
            .contains("non le conta ancora"),
    );
    screenshots(&browser, "offline-behind");
    restore_network(&browser, sessions);
    browser.wait_until(
        "location.search.indexOf('recorded=5') >= 0",
        Duration::from_secs(20),
        "the vagaresto sent",
    );
    assert_eq!(value_of(&browser, "#deal-short"), "smazzata 2 · mano 3/4");
    assert_eq!(browser.text("#points-A"), "4");
}
