//! Issue 22, "The referee's evening": before the first hand of an event's match the
//! referee page asks who deals first, on the phone's first screen (390×844, touch,
//! the club's longest titles and names). One table records the draw of a card each,
//! with a tie that the page asks the tied players to draw again; another taps a name.
//! Then the page names the dealer, the cutter and the leader, and the hand's buttons
//! are on the first screen. axe-core on every page; screenshots at 390 and 1280.

use std::time::Duration;

use super::referee::{evening_of, inside_first_screen, on_the_phone_at, screenshots};
use crate::support::browser::{Browser, Driver};

const EVENT: &str = "Campionato provinciale di Trionfetti della Scuola del giovedì sera — Trofeo Osteria ai Do Mori";

/// The question and the four names are wholly on the first screen, each name a
/// thumb's size.
fn question_on_first_screen(browser: &Browser<'_>, when: &str) {
    inside_first_screen(
        browser,
        &[
            "first-deal",
            "first-dealer-0",
            "first-dealer-1",
            "first-dealer-2",
            "first-dealer-3",
        ],
        when,
    );
}

pub fn first_dealer_flow(_driver: &Driver, browser: &Browser<'_>) {
    let evening = evening_of(
        EVENT,
        &[
            ("game", "trionfetti"),
            ("target_points", "20"),
            ("games_to_win", "2"),
        ],
    );
    on_the_phone_at(browser, evening, |app, matches| {
        browser.goto(&app.url(&format!("/score/{}", matches[0])));
        browser.wait_for_text("id=\"first-deal\"", Duration::from_secs(5));
        question_on_first_screen(browser, "before the first hand");
        assert!(
            !browser.overflows_horizontally(),
            "the referee page scrolls sideways"
        );
        browser.assert_accessible("the question who deals first");
        screenshots(browser, "first-dealer-question");
        let names: Vec<String> = (0..4)
            .map(|seat| browser.text(&format!("#first-dealer-{seat}")))
            .collect();

        // The draw: two kings tie, and the page asks those two to draw again.
        browser.click("#draw summary");
        super::choose(browser, "#draw0_0", "Rd");
        super::choose(browser, "#draw0_1", "5s");
        super::choose(browser, "#draw0_2", "Rc");
        super::choose(browser, "#draw0_3", "2b");
        browser.click("#save-draw");
        browser.wait_for_text("id=\"draw-again\"", Duration::from_secs(5));
        let again = browser.text("#draw-again");
        assert!(
            again.contains(&names[0]) && again.contains(&names[2]),
            "{again}"
        );
        assert!(browser.text_in_page("#draw1_1").is_none(), "only the tied");
        browser.assert_accessible("the draw after a tie");
        screenshots(browser, "first-dealer-tie");
        super::choose(browser, "#draw1_0", "7d");
        super::choose(browser, "#draw1_2", "Cs");
        super::submit_and_wait(browser, "#save-draw");

        // Seat 2 deals: its left (1) cuts, its right (3) leads, each named by the player;
        // the question is gone and the hand's buttons are on the first screen.
        assert!(browser.text_in_page("#first-deal").is_none());
        assert_eq!(browser.text("#dealer"), names[2]);
        assert_eq!(browser.text("#cutter"), names[1]);
        assert_eq!(browser.text("#leader"), names[3]);
        inside_first_screen(
            browser,
            &["points-A", "points-B", "win-A", "win-B"],
            "after the draw",
        );
        browser.assert_accessible("the referee page after the draw");
        screenshots(browser, "first-dealer-drawn");

        // Another table taps a name.
        browser.goto(&app.url(&format!("/score/{}", matches[1])));
        browser.wait_for_text("id=\"first-deal\"", Duration::from_secs(5));
        question_on_first_screen(browser, "the second table");
        let dealer = browser.text("#first-dealer-1");
        super::submit_and_wait(browser, "#first-dealer-1");
        assert_eq!(browser.text("#dealer"), dealer);
        super::submit_and_wait(browser, "#win-A");
        assert_eq!(browser.text("#dealer"), dealer, "one hand of four");
    });
}
