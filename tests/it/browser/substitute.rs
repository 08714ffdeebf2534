//! Issue 35: a substitute named for the seat of a player who left a rotating night's
//! table under way, in the browser without JavaScript's help: the form in the table's
//! actions, its confirmation, the change listed; axe-core on each page, screenshots at
//! a phone's and a laptop's size.

use std::time::Duration;

use super::organizer::{open_all_details, screenshots};
use crate::http_night_changes::{cards, entrant_number, night_to, seats, table_links};
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer, setup};

pub fn substitute_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let event = night_to(&organizer, 16, "5", "1");
    let printed = cards(&organizer, &event);
    let links: Vec<Vec<String>> = (1..=4).map(|t| table_links(&app, &printed, t)).collect();
    let table = app.client();
    for at_table in &links {
        setup::record_win(&table, &at_table[0], "A");
    }
    for at_table in &links[..3] {
        setup::record_win(&table, &at_table[1], "A");
    }
    let begun = setup::post_entry(&table, &links[3][1], "first_dealer", &[("seat", "1")]);
    assert_eq!(begun.status, 303, "{}", begun.body);
    let leaver = seats(&printed, 4, 2)[0].clone();
    let number = entrant_number(&organizer, &event, &leaver);
    let done = organizer.post_form(
        &format!("/manage/events/{event}/withdraw"),
        &[("number", number.as_str()), ("confirm", "yes")],
    );
    assert_eq!(done.status, 303, "{}", done.body);

    let manage = app.url(&format!("/manage/events/{event}"));
    super::browser_login(&app, browser, "org", "org-password");
    browser.goto(&manage);
    open_all_details(browser);
    browser.assert_no_axe_findings("the event's page with the substitute form open");
    browser.set_window_size(390, 844);
    assert!(
        !browser.overflows_horizontally(),
        "the event's page scrolls sideways on a phone"
    );
    screenshots(browser, "substitute-form", &["form.substitute-form"]);

    // No seat is chosen beforehand: the browser asks for one first.
    browser.fill("form.substitute-form input[name=name]", "Nane Bortolato");
    browser.click("form.substitute-form button[type=submit]");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        browser.current_url(),
        manage,
        "the browser asks for a seat first"
    );
    browser.click("form.substitute-form input[name=seat][value='1']");
    browser.click("form.substitute-form button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    let said = browser.text(".confirm-box");
    assert!(
        said.contains(&leaver) && said.contains("Nane Bortolato"),
        "{said}"
    );
    browser.assert_accessible("the substitute's confirmation");
    screenshots(browser, "substitute-confirm", &[]);
    browser.fill(
        "#reason",
        &format!("{leaver} è uscito; continua Nane Bortolato"),
    );
    browser.click("#confirm-submit");
    browser.wait_for_text("Sostituto registrato", Duration::from_secs(5));
    browser.assert_accessible("the event's page after the substitute");
    screenshots(browser, "substitute-after", &["#state-changes"]);
}
