//! Issue 22: the referee's phone at the table, at 390×844 with touch. A match of an
//! event with the club's longest titles and names, scored by a logged-in referee: the
//! score and the hand's buttons on the first screen before and after a tap, in the
//! same place; the vagaresto asked by name with its stake; the referee's home page
//! listing the tables assigned. axe-core on every page.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, Client, TestApp, club_with_organizer, option_value, setup};

/// The longest titles and names a club's evening has had.
const EVENT: &str = "Campionato provinciale di Trionfetti della Scuola del giovedì sera — Trofeo Osteria ai Do Mori";

/// A drawn event of eight pairs with long names, and a referee assigned to its first
/// three tables; returns the app, the organizer's client and the three matches.
pub(super) fn evening() -> (TestApp, Client, Vec<String>) {
    evening_of(
        EVENT,
        &[
            ("game", "trionfetti"),
            ("target_points", "20"),
            ("games_to_win", "2"),
        ],
    )
}

/// [`evening`] for an event named `name` with the fields `game_fields` (its game
/// and options).
pub(super) fn evening_of(
    name: &str,
    game_fields: &[(&str, &str)],
) -> (TestApp, Client, Vec<String>) {
    evening_refereed_by(name, game_fields, "arbitra")
}

/// [`evening_of`] with the referee "arbitra" shown as `referee_name`.
pub(super) fn evening_refereed_by(
    name: &str,
    game_fields: &[(&str, &str)],
    referee_name: &str,
) -> (TestApp, Client, Vec<String>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (admin, organizer) = club_with_organizer(&app);
    app.user_named(&admin, "arbitra", referee_name, "referee");
    let mut fields = vec![("name", name), ("format", "single_elimination")];
    fields.extend_from_slice(game_fields);
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    let csv: String = (1..=8)
        .map(|i| {
            format!(
                "Giovanni Battista Zanon {i},Maria Antonietta Scarpa {i},Coppia numero {i} del circolo di Cannaregio\n"
            )
        })
        .collect();
    setup::import_and_draw(&organizer, &event, &csv);
    let overview = organizer.get(&format!("/manage/events/{event}"));
    let mut matches: Vec<String> = Vec::new();
    for rest in overview.body.split("name=\"public_id\" value=\"").skip(1) {
        let id = rest[..rest.find('"').unwrap()].to_string();
        if !matches.contains(&id) {
            matches.push(id);
        }
    }
    let referee = option_value(
        &organizer
            .get(&format!("/manage/matches/{}", matches[0]))
            .body,
        referee_name,
    );
    for public_id in &matches[..3] {
        let assigned = organizer.post_form(
            &format!("/manage/matches/{public_id}/referees"),
            &[("user_id", &referee)],
        );
        assert_eq!(assigned.status, 303);
    }
    matches.truncate(3);
    (app, organizer, matches)
}

/// A phone's screen, 390×844, that takes touches.
pub(super) fn phone(browser: &Browser<'_>) {
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true}),
    );
    browser.cdp(
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": true, "maxTouchPoints": 5}),
    );
}

/// Back to the harness's plain window for the flows that follow.
pub(super) fn no_phone(browser: &Browser<'_>) {
    browser.cdp("Emulation.clearDeviceMetricsOverride", json!({}));
    browser.cdp(
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": false}),
    );
}

/// Runs `steps` on a phone's screen, then gives the next flow the plain window back
/// with scripts on (a step may have turned them off), whether the steps passed or not.
pub(super) fn on_a_phone(browser: &Browser<'_>, steps: impl FnOnce()) {
    phone(browser);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(steps));
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": false}),
    );
    no_phone(browser);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// The rectangles (top, bottom, width, height) of the elements, in the viewport, and
/// the viewport's height.
pub(super) fn rects(browser: &Browser<'_>, ids: &[&str]) -> (Vec<[f64; 4]>, f64) {
    let script = format!(
        "return [{}.map(function (id) {{ var r = document.getElementById(id).getBoundingClientRect(); \
         return [r.top, r.bottom, r.width, r.height]; }}), window.innerHeight];",
        serde_json::to_string(ids).unwrap()
    );
    let answer = browser.execute(&script);
    let list = answer[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|rect| {
            let n = |i: usize| rect[i].as_f64().unwrap();
            [n(0), n(1), n(2), n(3)]
        })
        .collect();
    (list, answer[1].as_f64().unwrap())
}

/// The score and both buttons are wholly on the first screen, the buttons big enough
/// for a thumb; answers the buttons' tops.
fn on_first_screen(browser: &Browser<'_>, when: &str) -> Vec<f64> {
    let found = inside_first_screen(browser, &["points-A", "points-B", "win-A", "win-B"], when);
    found[2..].iter().map(|rect| rect[0]).collect()
}

/// The elements `ids` are wholly on the phone's first screen, and all but the score
/// (`points-…`) big enough for a thumb; answers their rectangles.
pub(super) fn inside_first_screen(
    browser: &Browser<'_>,
    ids: &[&str],
    when: &str,
) -> Vec<[f64; 4]> {
    let (found, height) = rects(browser, ids);
    assert!(
        (840.0..=844.0).contains(&height),
        "the phone's screen: {height}"
    );
    for (id, [top, bottom, width, tall]) in ids.iter().zip(&found) {
        assert!(
            *top >= 0.0 && *bottom <= height,
            "{when}: #{id} at {top}..{bottom}, the screen ends at {height}"
        );
        if !id.starts_with("points-") {
            assert!(
                *width >= 44.0 && *tall >= 44.0,
                "{when}: #{id} is {width}×{tall}"
            );
        }
    }
    found
}

pub(super) fn screenshots(browser: &Browser<'_>, name: &str) {
    browser.shot(&format!("{name}-390.png"));
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
    );
    browser.shot(&format!("{name}-1280.png"));
    phone(browser);
}

fn points(browser: &Browser<'_>, team: &str) -> String {
    browser.text(&format!("#points-{team}"))
}

/// Runs `steps` as the assigned referee on a phone's screen, on a fresh evening (the
/// app and the three tables), then gives the window back to the flows that follow.
fn on_the_phone(browser: &Browser<'_>, steps: impl FnOnce(&TestApp, &[String])) {
    on_the_phone_at(browser, evening(), steps);
}

/// [`on_the_phone`] on the evening given.
pub(super) fn on_the_phone_at(
    browser: &Browser<'_>,
    (app, _organizer, matches): (TestApp, Client, Vec<String>),
    steps: impl FnOnce(&TestApp, &[String]),
) {
    super::browser_login(&app, browser, "arbitra", "arbitra-password");
    on_a_phone(browser, || steps(&app, &matches));
}

/// The table's first question, who deals, answered before the referee's phone opens
/// the page (`first_dealer.rs` taps it on the page): the hands' page as it then stays.
pub(super) fn dealer_chosen(organizer: &Client, public_id: &str) {
    let base = format!("/score/{public_id}");
    let chosen = setup::post_entry(organizer, &base, "first_dealer", &[("seat", "0")]);
    assert_eq!(chosen.status, 303, "{}", chosen.body);
}

pub fn first_screen_flow(_driver: &Driver, browser: &Browser<'_>) {
    let evening = evening();
    dealer_chosen(&evening.1, &evening.2[0]);
    on_the_phone_at(browser, evening, |app, matches| {
        browser.goto(&app.url(&format!("/score/{}", matches[0])));
        browser.wait_for_text("id=\"win-A\"", Duration::from_secs(5));
        let before = on_first_screen(browser, "before a tap");
        assert!(
            !browser.overflows_horizontally(),
            "the referee page scrolls sideways"
        );
        browser.assert_accessible("the referee page of an event's match");
        screenshots(browser, "referee-first-screen");
        let label = browser.text("#win-A");
        assert!(label.contains("Giovanni Battista Zanon"), "{label}");

        super::submit_and_wait(browser, "#win-A");
        assert_eq!(points(browser, "A"), "1");
        let after = on_first_screen(browser, "after a tap");
        for (was, now) in before.iter().zip(&after) {
            assert!(
                (was - now).abs() < 1.0,
                "the buttons stay where they were: {before:?} then {after:?}"
            );
        }
        let (confirmation, height) = rects(browser, &["recorded", "undo-last"]);
        for [top, bottom, ..] in &confirmation {
            assert!(*top >= 0.0 && *bottom <= height, "the confirmation shows");
        }
        browser.assert_accessible("the referee page after a tap");
        screenshots(browser, "referee-after-tap");

        // A second tap, then its undo from the confirmation: one hand less.
        super::submit_and_wait(browser, "#win-B");
        on_first_screen(browser, "after a second tap");
        super::submit_and_wait(browser, "#undo-last");
        assert_eq!(points(browser, "B"), "0");
        assert_eq!(points(browser, "A"), "1");
        on_first_screen(browser, "after an undo");
    });
}

pub fn vagaresto_flow(_driver: &Driver, browser: &Browser<'_>) {
    on_the_phone(browser, |app, matches| {
        browser.goto(&app.url(&format!("/score/{}", matches[1])));
        // Accepted, then a winner, without the caller: refused, naming the caller.
        browser.click("details.vagaresto summary");
        browser.click("input[name=vagaresto_answer][value=accepted]");
        browser.click("#win-A");
        browser.wait_for_text("id=\"entry-error\"", Duration::from_secs(5));
        assert_eq!(
            browser.text("#entry-error"),
            "Scegli chi ha chiamato il vagaresto."
        );
        assert_eq!(points(browser, "A"), "0");
        let kept = browser.execute(
            "return document.querySelector('input[name=vagaresto_answer][value=accepted]').checked;",
        );
        assert_eq!(kept, Value::Bool(true), "the answer typed is kept");
        browser.assert_accessible("the referee page with a refused vagaresto");
        screenshots(browser, "referee-vagaresto-refused");

        // The caller by name, the stake shown, then the winner: the hand takes the stake.
        let caller = browser.text("label:has(#vagaresto_caller-1)");
        assert!(
            caller.contains("Giovanni") || caller.contains("Maria"),
            "{caller}"
        );
        browser.click("#vagaresto_caller-1");
        let stake = browser.text("#vagaresto-stake");
        assert!(stake.contains("20"), "{stake}");
        super::submit_and_wait(browser, "#win-A");
        // Worth the whole game at 0-0: team A takes it.
        assert_eq!(browser.text("#games-A"), "1");
        assert_eq!(points(browser, "A"), "0");
        on_first_screen(browser, "after a vagaresto");

        // Conceded by the button: one point to the caller's team.
        browser.click("details.vagaresto summary");
        browser.click("#vagaresto_caller-0");
        super::submit_and_wait(browser, "#record-conceded");
        assert_eq!(points(browser, "A"), "1");
    });
}

pub fn home_page_flow(_driver: &Driver, browser: &Browser<'_>) {
    on_the_phone(browser, |app, matches| {
        browser.goto(&app.url("/"));
        browser.wait_for_text("id=\"my-tables\"", Duration::from_secs(5));
        assert_eq!(
            browser
                .execute("return document.querySelectorAll('.table-link').length;")
                .as_u64(),
            Some(3)
        );
        assert!(
            !browser.overflows_horizontally(),
            "the home page fits a phone"
        );
        browser.assert_accessible("the referee's home page");
        screenshots(browser, "referee-home");
        browser.click(&format!("a[href='/score/{}']", matches[2]));
        browser.wait_for_text("id=\"win-A\"", Duration::from_secs(5));
        assert!(
            browser
                .current_url()
                .ends_with(&format!("/score/{}", matches[2]))
        );
    });
}
