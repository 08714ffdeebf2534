//! Issue 36: the referee's scoreboard keeps its height and layout from 0 to 999 points,
//! at 390×844 and at 1280×800 (labels on one line, the names' room the same, the
//! winner buttons where they were), and the header stays one line with a logged-in
//! referee's long name. Scores are driven through the API, the page reloaded.

use std::time::Duration;

use serde_json::{Value, json};

use super::referee::{dealer_chosen, evening_refereed_by, on_the_phone_at, screenshots};
use crate::support::browser::{Browser, Driver};
use crate::support::{Client, setup};

/// The longest display name a referee of the club has had.
const REFEREE: &str = "Maria Antonietta Scarpa-Zanon detta la Paròna";

/// The parts of the scoreboard and the winner buttons whose place is measured.
const PARTS: [&str; 10] = [
    ".scoreboard",
    ".team-A .team-label",
    ".team-A .team-names",
    "#points-A",
    ".team-A .games",
    ".team-B .team-label",
    ".team-B .team-names",
    "#points-B",
    "#win-A",
    "#win-B",
];

/// The rectangles (left, top, width, height) of [`PARTS`], rounded to a pixel.
fn layout(browser: &Browser<'_>) -> Vec<[i64; 4]> {
    let script = format!(
        "return {}.map(function (css) {{ var r = document.querySelector(css).getBoundingClientRect(); \
         return [r.left, r.top, r.width, r.height]; }});",
        serde_json::to_string(&PARTS).unwrap()
    );
    browser
        .execute(&script)
        .as_array()
        .unwrap()
        .iter()
        .map(|rect| {
            let n = |i: usize| rect[i].as_f64().unwrap().round() as i64;
            [n(0), n(1), n(2), n(3)]
        })
        .collect()
}

/// Each side's label and games-won line hold one line (no "Squadra / A").
fn labels_on_one_line(browser: &Browser<'_>, when: &str) {
    let lines = browser.execute(
        "return ['.team-A .team-label', '.team-B .team-label', '.team-A .games', '.team-B .games']\
         .map(function (css) { var e = document.querySelector(css); \
         return e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight); });",
    );
    for (i, n) in lines.as_array().unwrap().iter().enumerate() {
        let n = n.as_f64().unwrap();
        assert!(n < 1.5, "{when}: label {i} takes {n} lines");
    }
}

/// The header's height: one line.
fn header_height(browser: &Browser<'_>) -> f64 {
    browser
        .execute("return document.querySelector('.site-header').getBoundingClientRect().height;")
        .as_f64()
        .unwrap()
}

/// Deals recorded through the API: team, the team's card points.
fn deals(scorer: &Client, public_id: &str, list: &[(&str, u32)]) {
    for (team, points) in list {
        let entry: Value = json!({"type": "deal", "team": team, "points": points});
        setup::api_append(scorer, public_id, entry);
    }
}

pub fn scoreboard_flow(_driver: &Driver, browser: &Browser<'_>) {
    let evening = evening_refereed_by(
        "Campionato provinciale di Tressette della Scuola del giovedì sera — Trofeo Osteria ai Do Mori",
        &[
            ("game", "tressette"),
            ("target_points", "999"),
            ("games_to_win", "1"),
        ],
        REFEREE,
    );
    dealer_chosen(&evening.1, &evening.2[0]);
    on_the_phone_at(browser, evening, |app, matches| {
        // The referee's own account records the deals, as a second phone would.
        let scorer = app.client();
        scorer.login("arbitra", "arbitra-password");
        let page = app.url(&format!("/score/{}", matches[0]));
        let show = |a: &str, b: &str| {
            browser.goto(&page);
            browser.wait_until(
                &format!(
                    "document.getElementById('points-A').textContent.trim() === '{a}' && \
                     document.getElementById('points-B').textContent.trim() === '{b}'"
                ),
                Duration::from_secs(5),
                "the score shown",
            );
        };
        show("0", "0");
        let header = header_height(browser);
        let phone_at_0 = layout(browser);
        labels_on_one_line(browser, "390, 0–0");
        screenshots(browser, "scoreboard-0");
        let wide_at_0 = wide_layout(browser);

        // 12–10: two digits.
        deals(&scorer, &matches[0], &[("A", 10), ("A", 2)]);
        show("12", "10");
        let phone_at_12 = layout(browser);
        labels_on_one_line(browser, "390, 12–10");
        screenshots(browser, "scoreboard-12");
        let wide_at_12 = wide_layout(browser);

        // 123–108: three digits.
        let mut more = vec![("A", 10); 8];
        more.extend([("B", 10); 8]);
        more.extend([("A", 10), ("A", 10), ("A", 3)]);
        deals(&scorer, &matches[0], &more);
        show("123", "108");
        let phone_at_123 = layout(browser);
        labels_on_one_line(browser, "390, 123–108");
        assert!(
            !browser.overflows_horizontally(),
            "the page scrolls sideways"
        );
        screenshots(browser, "scoreboard-123");
        let wide_at_123 = wide_layout(browser);

        for (when, phone, wide) in [
            ("12–10", &phone_at_12, &wide_at_12),
            ("123–108", &phone_at_123, &wide_at_123),
        ] {
            for (i, part) in PARTS.iter().enumerate() {
                assert_eq!(
                    phone_at_0[i], phone[i],
                    "390×844: {part} at 0–0 then at {when} (left, top, width, height)"
                );
                assert_eq!(
                    wide_at_0[i], wide[i],
                    "1280×800: {part} at 0–0 then at {when} (left, top, width, height)"
                );
            }
        }
        // The header: one line with the referee's long name.
        assert!(
            header < 80.0,
            "the header is {header} px high on a phone: more than one line"
        );
    });
}

/// [`layout`] at 1280×800, the labels checked there too; back to the phone after.
fn wide_layout(browser: &Browser<'_>) -> Vec<[i64; 4]> {
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
    );
    browser.wait_until(
        "window.innerWidth === 1280",
        Duration::from_secs(5),
        "the laptop's width",
    );
    labels_on_one_line(browser, "1280");
    let found = layout(browser);
    super::referee::phone(browser);
    browser.wait_until(
        "window.innerWidth === 390",
        Duration::from_secs(5),
        "the phone's width",
    );
    found
}
