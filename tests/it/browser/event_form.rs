//! Issue 38: the new-event form on a phone without JavaScript. A club's first event
//! starts as a rotating-partners night and shows only that format's options; another
//! format chosen on its card shows its own; the event is made; a laptop's form then
//! starts from it. Every card, checkbox and radio is a thumb's target, measured.

use std::time::Duration;

use serde_json::json;

use super::referee::on_a_phone;
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer};

const NEW: &str = "/manage/clubs/scuola-di-trionfetti/events/new";

/// The ids of the format options, in the order [`visible`] answers.
const OPTIONS: [&str; 9] = [
    "third_place",
    "bracket_reset",
    "double_cycle",
    "group_size",
    "qualifiers",
    "rounds",
    "bye_is_win",
    "sit-out",
    "tie1",
];

/// The format options on the screen (the others are hidden by the stylesheet).
fn visible(browser: &Browser<'_>) -> Vec<&'static str> {
    let script = format!(
        "return {}.map(id => document.getElementById(id).getClientRects().length > 0);",
        serde_json::to_string(&OPTIONS).unwrap()
    );
    let shown: Vec<bool> = serde_json::from_value(browser.execute(&script)).unwrap();
    OPTIONS
        .iter()
        .zip(shown)
        .filter_map(|(id, shown)| shown.then_some(*id))
        .collect()
}

/// Controls on the screen smaller than a thumb: a format card or a checkbox's or
/// radio's row under 44 px, a box or circle under 40 px.
fn small_targets(browser: &Browser<'_>) -> Vec<String> {
    let found = browser.execute(
        "const small = [];\
         const check = (el, least, what) => { const r = el.getBoundingClientRect();\
           if (r.width > 0 && (r.width < least || r.height < least))\
             small.push(what + ' ' + (el.id || el.textContent.trim()) + ' ' + r.width + 'x' + r.height); };\
         document.querySelectorAll('#event-form .radio-card, #event-form .check, #event-form .choice.rows label')\
           .forEach(el => check(el, 44, 'row'));\
         document.querySelectorAll('#event-form input[type=checkbox], #event-form input[type=radio]')\
           .forEach(el => check(el, 40, 'box'));\
         return small;",
    );
    serde_json::from_value(found).unwrap()
}

/// Scripts off, as an organizer's phone may have them.
fn scripts(browser: &Browser<'_>, on: bool) {
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": !on}),
    );
}

/// axe-core on the page as it stands (axe is a script: it runs with scripts on, the
/// page left as the flow without them made it).
fn accessible(browser: &Browser<'_>, page: &str) {
    scripts(browser, true);
    browser.assert_accessible(page);
    scripts(browser, false);
}

/// Scrolls the format's cards to the top of the window, for the screenshots.
fn to_formats(browser: &Browser<'_>) {
    to(browser, "format-choice");
}

fn to(browser: &Browser<'_>, id: &str) {
    browser.execute(&format!(
        "document.getElementById('{id}').scrollIntoView();"
    ));
}

fn chosen(browser: &Browser<'_>) -> String {
    let value = browser.execute(
        "const card = document.querySelector('input[name=format]:checked'); \
         return card && card.value;",
    );
    value.as_str().unwrap_or_default().to_string()
}

pub fn event_form_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    club_with_organizer(&app);
    super::browser_login(&app, browser, "org", "org-password");
    on_a_phone(browser, || {
        scripts(browser, false);
        browser.goto(&app.url(NEW));
        assert_eq!(chosen(browser), "rotating", "a club's first event");
        let game = browser.execute("return document.getElementById('game').value;");
        assert_eq!(game, json!("trionfetti"));
        assert_eq!(visible(browser), ["rounds", "sit-out", "tie1"]);
        assert_eq!(small_targets(browser), Vec::<String>::new());
        assert!(!browser.overflows_horizontally());
        accessible(browser, "the new event's form, rotating partners");
        to_formats(browser);
        browser.shot("event-form-rotating-390x844.png");
        to(browser, "format-options");
        browser.shot("event-form-rotating-options-390x844.png");

        browser.click("label[for=format-groups]");
        assert_eq!(chosen(browser), "groups");
        assert_eq!(
            visible(browser),
            [
                "third_place",
                "double_cycle",
                "group_size",
                "qualifiers",
                "tie1"
            ]
        );
        browser.click("label[for=format-swiss]");
        assert_eq!(chosen(browser), "swiss");
        assert_eq!(visible(browser), ["rounds", "bye_is_win", "tie1"]);
        assert_eq!(small_targets(browser), Vec::<String>::new());
        accessible(browser, "the new event's form, Swiss");
        to_formats(browser);
        browser.shot("event-form-swiss-390x844.png");
        to(browser, "format-options");
        browser.shot("event-form-swiss-options-390x844.png");

        browser.fill("#name", "Svizzera del giovedì");
        browser.execute("document.getElementById('date').value = '2030-11-21';");
        browser.fill("#rounds", "5");
        browser.click("#event-form button[type=submit]");
        browser.wait_for_text("Nuova iscrizione", Duration::from_secs(5));
        assert!(browser.text("#event-game").contains("Sistema svizzero"));
    });

    // A laptop: the next event starts as the Swiss just made.
    browser.set_window_size(1280, 800);
    browser.goto(&app.url(NEW));
    assert_eq!(chosen(browser), "swiss", "the club's last event");
    let rounds = browser.execute("return document.getElementById('rounds').value;");
    assert_eq!(rounds, json!("5"));
    assert_eq!(visible(browser), ["rounds", "bye_is_win", "tie1"]);
    assert_eq!(small_targets(browser), Vec::<String>::new());
    browser.assert_accessible("the new event's form at 1280×800");
    to_formats(browser);
    browser.shot("event-form-swiss-1280x800.png");
    browser.click("label[for=format-single_elimination]");
    assert_eq!(visible(browser), ["third_place"]);
    browser.shot("event-form-single-1280x800.png");
    browser.set_window_size(390, 844);
}
