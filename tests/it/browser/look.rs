//! Issue 24 in Chromium: the projector's three views at a phone's size (touch), a
//! laptop's and a club room's 1920×1080, checked with axe-core, the script swapping
//! the next view in without a reload; an organizer voiding an entry through its
//! confirmation page.

use std::time::Duration;

use serde_json::json;

use super::referee::{no_phone, phone};
use super::support;
use support::browser::{Browser, Driver};
use support::{Backend, TestApp, club_with_organizer, setup};

fn shot(browser: &Browser<'_>, name: &str) {
    browser.shot(&format!("{name}.png"));
}

/// The window as a screen of `width`×`height` (a phone's takes touches).
fn screen(browser: &Browser<'_>, width: u32, height: u32) {
    if width < 600 {
        phone(browser);
    } else {
        browser.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }
}

pub fn projector_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let fields = [
        ("name", "Torneo della Befana al Bar Centrale"),
        ("game", "trionfetti"),
        ("target_points", "3"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    let names = [
        "Giovanni Battista Scarpa",
        "Nane Pegoraro",
        "Gigio Tonello",
        "Bepi Fornasier",
        "Toni Zanetti",
        "Marieta Bortolato",
        "Checo Furlan",
        "Ampelio Dal Col",
        "Rosina Visentin",
        "Piero Bellin",
        "Lucia Sartor",
        "Berto Tessari",
        "Carla Zamperin",
        "Dino Basso",
        "Elsa Favaro",
        "Fausto Moretto",
    ];
    let csv: String = names
        .chunks(2)
        .map(|pair| format!("{},{}\n", pair[0], pair[1]))
        .collect();
    setup::import_and_draw(&organizer, &event, &csv);
    let links = setup::card_links(&app, &organizer, &event);
    setup::record_win(&app.client(), &links[0], "A");
    setup::record_win(&app.client(), &links[1], "B");
    let views = ["tables", "standings", "plan"];
    for (width, height) in [(390, 844), (1280, 800), (1920, 1080)] {
        screen(browser, width, height);
        for view in views {
            browser.goto(&app.url(&format!("/e/{event}/projector?view={view}")));
            assert!(
                browser
                    .source()
                    .contains(&format!("projector-view projector-{view}")),
                "{view}"
            );
            browser.assert_accessible(&format!("the projector's {view} at {width}×{height}"));
            assert!(
                !browser.overflows_horizontally(),
                "the projector's {view} scrolls sideways at {width}×{height}"
            );
            shot(browser, &format!("projector-{view}-{width}x{height}"));
        }
    }
    // At the back of the room: the tables' names at least 40 px high on a 1920 screen.
    browser.goto(&app.url(&format!("/e/{event}/projector")));
    let size = browser.execute(
        "return parseFloat(getComputedStyle(document.querySelector('.projector-sides')).fontSize);",
    );
    assert!(
        size.as_f64().unwrap() >= 40.0,
        "type {size} px on 1920×1080"
    );
    // With JavaScript the next view comes in place without a reload.
    browser.execute("window.notReloaded = true;");
    let deadline = std::time::Instant::now() + Duration::from_secs(25);
    loop {
        let swapped = browser.execute(
            "return [window.projectorSwaps || 0, window.notReloaded === true, \
             document.getElementById('projector-view').className, location.search];",
        );
        if swapped[0].as_u64().unwrap_or(0) >= 1 {
            assert_eq!(swapped[1], json!(true), "the page was not loaded again");
            assert!(
                swapped[2].as_str().unwrap().contains("projector-standings"),
                "{swapped}"
            );
            assert_eq!(swapped[3], json!("?view=standings&page=0"));
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no view came in: {swapped}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    browser.assert_accessible("the projector's view swapped in by its script");
    no_phone(browser);
}

pub fn void_confirmation_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let organizer = app.organizer();
    let public_id = setup::create_match(&organizer, &[("title", "Serata del giovedì")]);
    let base = format!("/score/{public_id}");
    setup::record_win(&organizer, &base, "A");
    setup::record_win(&organizer, &base, "B");
    phone(browser);
    browser.goto(&app.url("/login"));
    browser.fill("#username", "org");
    browser.fill("#password", "org-password");
    browser.click("main button[type=submit]");
    browser.wait_for_text("action=\"/logout\"", Duration::from_secs(5));
    browser.goto(&app.url(&base));
    browser.click("details.correction summary");
    browser.fill(
        "details.correction input[name=reason]",
        "mano segnata alla squadra sbagliata",
    );
    shot(browser, "void-form-390x844");
    browser.click("details.correction button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    assert!(
        browser
            .text("h1")
            .starts_with("Annullare la registrazione #")
    );
    browser.assert_no_axe_findings("the void's confirmation page");
    assert!(!browser.overflows_horizontally());
    shot(browser, "void-confirm-390x844");
    screen(browser, 1280, 800);
    shot(browser, "void-confirm-1280x800");
    phone(browser);
    browser.click("#confirm-submit");
    browser.wait_for_text("class=\"tag\"", Duration::from_secs(5));
    let record = app.client().get(&format!("/m/{public_id}/record.json"));
    let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
    assert_eq!(json["entries"].as_array().unwrap().len(), 3, "{json}");
    assert_eq!(json["entries"][2]["type"], "void");
    shot(browser, "void-done-390x844");

    // The referee's comanda preview draws the order as card faces while it is typed.
    let fresh = setup::create_match(&organizer, &[("title", "Comanda")]);
    browser.goto(&app.url(&format!("/score/{fresh}")));
    browser.click("summary:has(#cards-title)");
    browser.fill("#comanda", "più ponto");
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    // The whole deck, lowest first.
    while browser
        .execute("return document.querySelectorAll('#comanda-preview .card-face').length;")
        .as_u64()
        < Some(40)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "no faces in the preview: {}",
            browser.text("#comanda-preview")
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let named = browser.execute(
        "return document.querySelector('#comanda-preview .card-face .visually-hidden').textContent;",
    );
    assert!(
        named.as_str().unwrap().contains(" di "),
        "a face named in words: {named}"
    );
    browser.assert_accessible("the referee's comanda preview with card faces");
    browser.execute("document.getElementById('comanda-preview').scrollIntoView();");
    shot(browser, "comanda-preview-390x844");
    no_phone(browser);
}
