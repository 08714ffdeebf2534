//! Issue 25: a player's page on a phone (390×844, touch) and a laptop: the rating with
//! its chart drawn on the server, the numbers behind it, the nights, the season and head
//! to head, checked with axe-core, with screenshots to look at.

use std::time::Duration;

use super::referee::{no_phone, phone};
use crate::http_ratings::{PLAYERS_BEATEN, db, play_night, stored_points};
use crate::http_seasons::create_season;
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer};

fn shot(browser: &Browser<'_>, name: &str) {
    browser.shot(&format!("{name}.png"));
}

fn scroll_to(browser: &Browser<'_>, css: &str) {
    browser.execute(&format!(
        "document.querySelector({}).scrollIntoView();",
        serde_json::to_string(css).unwrap()
    ));
}

pub fn player_page_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let season = create_season(&organizer, PLAYERS_BEATEN);
    let (event, _) = play_night(&app, &organizer, "Serata 1", &[("season", &season)]);
    play_night(&app, &organizer, "Serata 2", &[("season", &season)]);
    let points = stored_points(&db(&app));
    let champion = points.last().unwrap();
    let champion = if champion.won {
        champion.player_id
    } else {
        points.iter().rev().find(|p| p.won).unwrap().player_id
    };

    phone(browser);
    // From the night's page to the player, as a visitor would.
    browser.goto(&app.url(&format!("/e/{event}")));
    browser.wait_for_text("id=\"champion-banner\"", Duration::from_secs(5));
    browser.goto(&app.url(&format!("/players/{champion}")));
    browser.wait_for_text("id=\"rating-trionfetti\"", Duration::from_secs(5));
    let chart = browser.execute(
        "var r = document.querySelector('.rating-chart').getBoundingClientRect(); return [r.width, r.height];",
    );
    let (width, height) = (chart[0].as_f64().unwrap(), chart[1].as_f64().unwrap());
    assert!(
        width > 300.0 && width <= 390.0,
        "the chart fills the phone's width: {width}"
    );
    assert!(height > 100.0, "the chart keeps its proportions: {height}");
    assert!(
        !browser.overflows_horizontally(),
        "the player's page scrolls sideways on a phone"
    );
    browser.assert_no_axe_findings("a player's page on a phone");
    shot(browser, "player-page-390");
    scroll_to(browser, "#player-nights");
    shot(browser, "player-page-390-nights");
    scroll_to(browser, "#player-head-to-head");
    shot(browser, "player-page-390-head-to-head");
    // The numbers behind the chart, opened with a tap (no JavaScript of ours).
    browser.click("#rating-trionfetti details summary");
    browser.wait_for_text(
        "<details class=\"rating-steps\" open",
        Duration::from_secs(5),
    );
    assert!(
        browser
            .text("#rating-trionfetti table")
            .contains("Serata 2")
    );
    browser.assert_no_axe_findings("a player's page with the rating's numbers open");
    assert!(!browser.overflows_horizontally());
    scroll_to(browser, "#rating-trionfetti details");
    shot(browser, "player-page-390-steps");

    no_phone(browser);
    browser.set_window_size(1280, 800);
    browser.click(".lang-switch a[href^='/lang/en']");
    browser.wait_for_text("Current rating", Duration::from_secs(5));
    browser.assert_no_axe_findings("a player's page on a laptop, in English");
    shot(browser, "player-page-1280-en");
}
