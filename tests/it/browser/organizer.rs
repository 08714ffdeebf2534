//! Issue 26: an organizer's forms in the browser, without JavaScript's help, checked
//! with axe-core on every organizer page the flow visits: the event's page with its
//! table actions open, a forfeit chosen and confirmed, a referee assigned and shown,
//! a withdrawal confirmed, a match's state put back with a reason.

use std::time::Duration;

use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, Client, TestApp, club_with_organizer, option_value, setup};

/// Screenshots of the page at a phone's and a laptop's size.
/// Each shot shows the page from its top, then from each element of `focus` on.
pub(super) fn screenshots(browser: &Browser<'_>, name: &str, focus: &[&str]) {
    for (width, height) in [(1280, 800), (390, 844)] {
        browser.set_window_size(width, height);
        browser.execute("window.scrollTo(0, 0);");
        browser.shot(&format!("{name}-{width}.png"));
        for (index, css) in focus.iter().enumerate() {
            browser.execute(&format!(
                "document.querySelector({}).scrollIntoView();",
                serde_json::to_string(css).unwrap()
            ));
            browser.shot(&format!("{name}-{width}-{index}.png"));
        }
    }
    browser.execute("window.scrollTo(0, 0);");
}

fn choose(browser: &Browser<'_>, css: &str, value: &str) {
    browser.execute(&format!(
        "document.querySelector({}).value = {};",
        serde_json::to_string(css).unwrap(),
        serde_json::to_string(value).unwrap()
    ));
}

/// Opens every folded part of the page's content (the header's menu stays closed).
pub(super) fn open_all_details(browser: &Browser<'_>) {
    browser.execute(
        "document.querySelectorAll('main details').forEach(function (d) { d.open = true; });",
    );
}

/// A drawn 4-pair event of `organizer`'s club; returns its public id.
fn drawn_event(organizer: &Client) -> String {
    let event = setup::create_knockout(organizer);
    let csv: String = (1..=4)
        .map(|i| {
            format!("Giocatore {i}a,Giocatore {i}b,Coppia numero {i} del circolo di Cannaregio\n")
        })
        .collect();
    setup::import_and_draw(organizer, &event, &csv);
    event
}

pub fn organizer_forms_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (admin, organizer) = club_with_organizer(&app);
    app.user(&admin, "arbitra", "referee");
    let event = drawn_event(&organizer);
    let manage = app.url(&format!("/manage/events/{event}"));

    super::browser_login(&app, browser, "org", "org-password");
    browser.goto(&app.url("/manage/clubs/scuola-di-trionfetti"));
    browser.assert_accessible("the club's page");
    browser.goto(&app.url("/manage/matches"));
    browser.assert_accessible("the matches' page");
    // The list filtered by the club, by the form's own submit (no script needed).
    browser.click("#filter-club option[value='scuola-di-trionfetti']");
    browser.click("#match-filters button[type=submit]");
    browser.wait_for_text("id=\"filter-event\"", std::time::Duration::from_secs(5));
    browser.assert_accessible("the matches' page filtered by club");
    screenshots(browser, "matches-list", &["#match-filters"]);
    browser.goto(&manage);
    browser.assert_no_axe_findings("the event's page");
    screenshots(browser, "event-manage-as-opened", &["table.overview"]);
    // On a laptop the round table shows every column without scrolling sideways.
    browser.set_window_size(1280, 800);
    let sideways = browser.execute(
        "var s = document.querySelector('.table-scroll'); return s.scrollWidth - s.clientWidth;",
    );
    assert!(
        sideways.as_f64().unwrap() <= 1.0,
        "the round table scrolls sideways by {sideways}px at 1280"
    );
    browser.set_window_size(390, 844);
    open_all_details(browser);
    browser.assert_no_axe_findings("the event's page with the table actions open");
    assert!(
        !browser.overflows_horizontally(),
        "the event's page scrolls sideways on a phone"
    );
    screenshots(
        browser,
        "event-manage",
        &["table.overview", "form.forfeit-form", "ul.entrants"],
    );

    // Forfeit: nothing is chosen beforehand, so the form cannot be sent as it is.
    let checked = browser.execute(
        "return document.querySelectorAll('form.forfeit-form input[type=radio]:checked').length;",
    );
    assert_eq!(checked.as_i64(), Some(0), "no side is pre-selected");
    browser.click("form.forfeit-form button[type=submit]");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        browser.current_url(),
        manage,
        "the browser asks for a side first"
    );
    browser.click("form.forfeit-form input[value=B]");
    browser.click("form.forfeit-form button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    let names = browser.text(".confirm-box");
    assert_eq!(
        names.matches("del circolo di Cannaregio").count(),
        2,
        "both sides named in full: {names}"
    );
    browser.assert_accessible("the forfeit's confirmation");
    screenshots(browser, "forfeit-confirm", &[]);
    browser.click("#confirm-submit");
    browser.wait_for_text("Risultato a tavolino registrato", Duration::from_secs(5));

    // Taken back: the reason is asked for, and the change is listed with the corrections.
    open_all_details(browser);
    let checked = browser.execute(
        "return document.querySelector('form.forfeit-form input[type=radio]:checked').value;",
    );
    assert_eq!(checked.as_str(), Some("B"), "the recorded side is shown");
    browser.click("form.forfeit-form input[value=none]");
    browser.click("form.forfeit-form button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    browser.assert_accessible("the confirmation of a forfeit taken back");
    browser.fill("#reason", "la coppia era in ritardo, non assente");
    browser.click("#confirm-submit");
    browser.wait_for_text("id=\"state-changes\"", Duration::from_secs(5));
    assert!(
        browser
            .text("#state-changes")
            .contains("la coppia era in ritardo, non assente")
    );

    // A referee assigned on the second table is shown as assigned afterwards.
    let page = organizer.get(&format!("/manage/events/{event}"));
    let referee_id = option_value(&page.body, "arbitra");
    open_all_details(browser);
    let select = "tbody tr:nth-child(2) select[name=referee]";
    choose(browser, select, &referee_id);
    browser.click("tbody tr:nth-child(2) form[action$='/assign'] button[type=submit]");
    browser.wait_for_text("Tavolo e arbitro salvati", Duration::from_secs(5));
    let shown = browser.execute(&format!(
        "return document.querySelector({}).value;",
        serde_json::to_string(select).unwrap()
    ));
    assert_eq!(
        shown.as_str(),
        Some(referee_id.as_str()),
        "the assigned referee is shown"
    );
    browser.assert_accessible("the event's page after the changes");

    // A withdrawal asks first.
    browser.click("ul.entrants form[action$='/withdraw'] button.danger");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    browser.assert_accessible("the withdrawal's confirmation");
    screenshots(browser, "withdraw-confirm", &[]);
    browser.click("#confirm-submit");
    browser.wait_for_text("Ritiro aggiornato", Duration::from_secs(5));
    browser.goto(&manage);
    open_all_details(browser);
    browser.assert_accessible("the event's page with a withdrawal and a forfeit");
    screenshots(
        browser,
        "event-manage-after",
        &["#state-changes", "table.overview", "ul.entrants"],
    );

    // A match in progress put back to scheduled: a reason, then the record.
    let public_id = setup::create_match(
        &organizer,
        &[("title", "Amichevole"), ("games_to_win", "1")],
    );
    let referee_id = option_value(
        &organizer.get(&format!("/manage/matches/{public_id}")).body,
        "arbitra",
    );
    let assigned = organizer.post_form(
        &format!("/manage/matches/{public_id}/referees"),
        &[("user_id", &referee_id)],
    );
    assert_eq!(assigned.status, 303);
    browser.goto(&app.url(&format!("/score/{public_id}")));
    super::submit_and_wait(browser, "#win-A");
    browser.goto(&app.url(&format!("/manage/matches/{public_id}")));
    let state = browser.execute("return document.getElementById('status').value;");
    assert_eq!(
        state.as_str(),
        Some("in_progress"),
        "the list starts on the stored state"
    );
    browser.assert_no_axe_findings("the match's page, with a referee to remove");
    screenshots(browser, "match-manage", &["form[action$='/status']"]);
    choose(browser, "#status", "scheduled");
    browser.fill("#note", "tavolo da rifare");
    browser.click("form[action$='/status'] button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    browser.assert_accessible("the state change's confirmation");
    screenshots(browser, "state-confirm", &[]);
    browser.fill("#reason", "mazzo incompleto, si ricomincia");
    browser.click("#confirm-submit");
    browser.wait_for_text("id=\"state-changes\"", Duration::from_secs(5));
    assert!(
        browser
            .text("#state-changes")
            .contains("mazzo incompleto, si ricomincia")
    );
    browser.assert_accessible("the match's page with its changes of state");
    screenshots(browser, "match-manage-after", &["#state-changes"]);
}

/// Issue 39: with more referees than a list holds, each match's referee is typed on the
/// event's page, without JavaScript, and the page stays accessible on a phone.
pub fn many_referees_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let event = drawn_event(&organizer);
    let referees: String = (0..31)
        .map(|k| {
            format!(
                "INSERT INTO users (username, display_name, password_hash, role, created_at) \
                 VALUES ('arbitro-{k:02}', 'Arbitro {k:02}', '!', 'referee', '2024-01-01 00:00:00');\n"
            )
        })
        .collect();
    app.database.execute(&referees);
    super::browser_login(&app, browser, "org", "org-password");
    browser.goto(&app.url(&format!("/manage/events/{event}")));
    browser.set_window_size(390, 844);
    open_all_details(browser);
    browser.assert_no_axe_findings("the event's page with the referees typed");
    assert!(
        !browser.overflows_horizontally(),
        "the event's page scrolls sideways on a phone"
    );
    let field = "tbody tr:nth-child(1) input[name=referee_username]";
    browser.fill(field, "arbitro-07");
    browser.click("tbody tr:nth-child(1) form[action$='/assign'] button[type=submit]");
    browser.wait_for_text("Tavolo e arbitro salvati", Duration::from_secs(5));
    open_all_details(browser);
    let shown = browser.execute(&format!(
        "return document.querySelector({}).value;",
        serde_json::to_string(field).unwrap()
    ));
    assert_eq!(
        shown.as_str(),
        Some("arbitro-07"),
        "the assigned referee is shown"
    );
    assert!(browser.text("table.overview").contains("Arbitro 07"));
    screenshots(
        browser,
        "event-manage-typed-referee",
        &["tbody tr:nth-child(1) form[action$='/assign']"],
    );
}
