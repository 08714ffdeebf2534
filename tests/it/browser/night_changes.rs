//! Issue 35 in the browser, as the organizer lives it: a player leaves a rotating night
//! with their table under way; the confirmation says what follows, the event's page says
//! what was re-formed, what to reprint and what to decide; a referee is given tables for
//! the night; the table card carries one code; a table with nothing to play says so.
//! At 390×844 and 1280×800, axe-core on every page.

use std::time::Duration;

use super::organizer::screenshots;
use crate::http_night_changes::{cards, night_to, table_links};
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer, setup};

const WAIT: Duration = Duration::from_secs(5);

pub fn night_changes_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (admin, organizer) = club_with_organizer(&app);
    app.user_named(&admin, "arbitra", "Arbitra Bon", "referee");
    let event = night_to(&organizer, 16, "4", "1");
    let printed = cards(&organizer, &event);
    let links: Vec<Vec<String>> = (1..=4).map(|t| table_links(&app, &printed, t)).collect();
    let table = app.client();
    for at_table in &links {
        setup::record_win(&table, &at_table[0], "A");
    }
    let begun = setup::post_entry(&table, &links[3][1], "first_dealer", &[("seat", "1")]);
    assert_eq!(begun.status, 303);

    super::browser_login(&app, browser, "org", "org-password");
    let manage = app.url(&format!("/manage/events/{event}"));
    browser.goto(&manage);
    // The first entrant leaves: the confirmation says the rounds not begun are re-formed.
    browser.click("ul.entrants form[action$='/withdraw'] button.danger");
    browser.wait_for_text("id=\"confirm-form\"", WAIT);
    assert!(browser.source().contains("si rifanno con chi resta"));
    browser.assert_accessible("the withdrawal's confirmation in a rotating night");
    screenshots(browser, "night-withdraw-confirm", &[]);
    browser.click("#confirm-submit");
    browser.wait_for_text("Ritiro aggiornato", WAIT);
    browser.assert_accessible("the event's page with the change's notice");
    let notice = browser.text("ul.corrections li.correction");
    assert!(notice.contains("Ritiro di #1"), "{notice}");
    assert!(notice.contains("ristampal"), "{notice}");
    screenshots(browser, "night-change-notice", &["ul.corrections"]);
    assert!(!browser.overflows_horizontally(), "the notice fits a phone");

    // A referee takes tables 1 and 2 for the whole night, in one form.
    browser.execute("document.querySelector('#table-referees').scrollIntoView({block: 'start'});");
    for table in ["1", "2"] {
        browser.click(&format!(
            "#table-referees input[name=table][value='{table}']"
        ));
    }
    browser.click("#table-referees button[type=submit]");
    browser.wait_for_text("Tavoli dell'arbitro aggiornati", WAIT);
    assert!(browser.text("#table-referees").contains("Tavolo 1, 2"));
    browser.assert_accessible("the event's page with referees by table");
    screenshots(browser, "night-table-referees", &["#table-referees"]);
    assert!(
        !browser.overflows_horizontally(),
        "the tables' pills fit a phone"
    );

    // The table cards: one code per table.
    browser.goto(&app.url(&format!("/manage/events/{event}/cards")));
    browser.wait_for_text("class=\"qr table-qr\"", WAIT);
    browser.assert_accessible("the table cards with one code each");
    screenshots(browser, "night-table-card", &["#table-card-1"]);

    // Table 4 has round 2 to finish; once voided, fifteen play at three tables and its
    // code says it has nothing to play.
    let code = {
        let source = browser.source();
        let marker = "class=\"table-link\" href=\"";
        let card = &source[source.find("id=\"table-card-4\"").unwrap()..];
        let start = card.find(marker).unwrap() + marker.len();
        card[start..start + card[start..].find('"').unwrap()].to_string()
    };
    let overview = organizer.get(&format!("/manage/events/{event}")).body;
    let row = overview
        .split("id=\"table-")
        .skip(1)
        .find(|row| row.contains("Turno 2, tavolo 4<"))
        .unwrap();
    let marker = "name=\"public_id\" value=\"";
    let start = row.find(marker).unwrap() + marker.len();
    let public_id = &row[start..start + row[start..].find('"').unwrap()];
    let voided = organizer.post_form(
        &format!("/manage/events/{event}/forfeit"),
        &[
            ("public_id", public_id),
            ("winner", "void"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(voided.status, 303);
    browser.goto(&code);
    browser.wait_for_text("id=\"table-free\"", WAIT);
    browser.assert_accessible("a table with nothing to play");
    screenshots(browser, "night-table-free", &[]);
}
