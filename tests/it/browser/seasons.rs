//! Issue 25: a club's season in the browser, without JavaScript's help: the organizer's
//! form refusing a bad points table and keeping what was typed, a season closed, and the
//! public season page at a phone's and a laptop's size, checked with axe-core.

use std::time::Duration;

use super::organizer::screenshots;
use crate::http_seasons::night;
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer};

fn set_value(browser: &Browser<'_>, css: &str, value: &str) {
    browser.execute(&format!(
        "document.querySelector({}).value = {};",
        serde_json::to_string(css).unwrap(),
        serde_json::to_string(value).unwrap()
    ));
}

pub fn season_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    super::browser_login(&app, browser, "org", "org-password");
    browser.set_window_size(390, 844);
    browser.goto(&app.url("/manage/clubs/scuola-di-trionfetti"));
    browser.click("a[href='/manage/clubs/scuola-di-trionfetti/seasons']");
    browser.wait_for_text("Nessuna stagione", Duration::from_secs(5));
    browser.assert_no_axe_findings("the club's seasons");
    browser.click("a[href='/manage/clubs/scuola-di-trionfetti/seasons/new']");
    browser.wait_for_text("id=\"season-form\"", Duration::from_secs(5));
    browser.assert_no_axe_findings("the new season's form");
    assert!(
        !browser.overflows_horizontally(),
        "the season form scrolls sideways"
    );

    browser.fill("#name", "Inverno 2030");
    set_value(browser, "#starts_on", "2030-10-01");
    set_value(browser, "#ends_on", "2031-03-31");
    browser.click("input[name=scale][value=table]");
    browser.fill("#points_table", "10 otto 6");
    browser.click("#season-form button[type=submit]");
    browser.wait_for_text("id=\"season-error\"", Duration::from_secs(5));
    assert!(browser.text("#season-error").contains("tabella dei punti"));
    let kept = browser.execute("return [document.querySelector('#name').value, document.querySelector('#points_table').value, document.querySelector('input[name=scale][value=table]').checked];");
    assert_eq!(kept, serde_json::json!(["Inverno 2030", "10 otto 6", true]));
    browser.assert_no_axe_findings("the season form refused");
    screenshots(browser, "season-form-refused", &["#season-form button"]);

    browser.fill("#points_table", "10 6 4 2");
    browser.click("#season-form button[type=submit]");
    browser.wait_for_text("Stagione salvata.", Duration::from_secs(5));
    let season = browser
        .current_url()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();

    // Two nights played through the pages; the season counts them from the event form.
    night(&app, &organizer, "Serata 1", &[("season", &season)]);
    night(&app, &organizer, "Serata 2", &[("season", &season)]);
    browser.goto(&app.url(&format!("/manage/seasons/{season}")));
    browser.click("input[name=closed]");
    browser.click("#season-form button[type=submit]");
    browser.wait_for_text("Stagione salvata.", Duration::from_secs(5));

    browser.clear_cookies();
    browser.goto(&app.url("/clubs/scuola-di-trionfetti"));
    // The club's calendar folds under the seasons' link: its address to subscribe to.
    browser.click(".club-calendar summary");
    let address =
        browser.execute("return document.querySelector('.club-calendar .copy-field').value;");
    assert_eq!(
        address.as_str(),
        Some(app.url("/clubs/scuola-di-trionfetti/calendar.ics").as_str())
    );
    browser.assert_no_axe_findings("the club's page with its calendar open");
    assert!(
        !browser.overflows_horizontally(),
        "the club's page scrolls sideways"
    );
    screenshots(browser, "club-calendar", &[]);
    browser.click("a[href='/clubs/scuola-di-trionfetti/seasons']");
    browser.wait_for_text("Inverno 2030", Duration::from_secs(5));
    browser.click("#season-list a");
    browser.wait_for_text("id=\"season-table\"", Duration::from_secs(5));
    assert!(browser.text("#season-champion").contains("Giocatore"));
    assert!(
        !browser.overflows_horizontally(),
        "the season page scrolls sideways on a phone"
    );
    browser.assert_no_axe_findings("the season's page");
    browser.execute(
        "document.querySelectorAll('main details').forEach(function (d) { d.open = true; });",
    );
    browser.assert_no_axe_findings("the season's page with every player's nights open");
    screenshots(
        browser,
        "season-page",
        &["#season-table", ".season-player", "#season-nights"],
    );
}
