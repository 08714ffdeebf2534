//! What a newcomer sees first: the demo's home page, the night in progress, a night of
//! the closed season, its season table and an account's one-time link, at a phone's and
//! a laptop's size, checked with axe-core, screenshots saved.

use std::time::Duration;

use super::support;

use support::browser::{Browser, Driver};
use support::{Backend, TestApp, TestDatabase};

pub fn demo_pages_flow(_driver: &Driver, browser: &Browser<'_>) {
    let database = TestDatabase::new(Backend::Sqlite);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_segnapunti"))
        .env_remove("DATABASE_URL")
        .args(["--database-url", &database.url, "demo"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8_lossy(&output.stdout).into_owned();
    let path_after = |marker: &str| -> String {
        let line = printed.lines().find(|l| l.contains(marker)).unwrap();
        let start = line.find(marker).unwrap();
        line[start..].split_whitespace().next().unwrap().to_string()
    };
    let live = path_after("/e/");
    let invitation = path_after("/invite/");
    let app = TestApp::spawn_on(Backend::Sqlite, database);
    let season = "/clubs/scuola-di-trionfetti/seasons/1".to_string();
    let season_page = app.client().get(&season);
    let night_start = season_page.body.find("href=\"/e/").unwrap() + 6;
    let night = season_page.body[night_start..night_start + 13].to_string();
    let pages = [
        ("home", "/".to_string()),
        ("live-night", live),
        ("closed-night", night),
        ("season", season),
        ("invitation", invitation.clone()),
    ];
    for (width, height) in [(390, 844), (1280, 800)] {
        browser.set_window_size(width, height);
        for (name, path) in &pages {
            browser.goto(&app.url(path));
            browser.assert_accessible(&format!("the demo's {name} page at {width}×{height}"));
            assert!(
                !browser.overflows_horizontally(),
                "the demo's {name} page scrolls sideways at {width}×{height}"
            );
            browser.shot(&format!("demo-{name}-{width}x{height}.png"));
        }
        // The account's form refused (the passwords differ): the same form again, still
        // handing over the ready account, with what was typed kept.
        browser.goto(&app.url(&invitation));
        browser.fill("#username", "elena");
        browser.fill("#display_name", "Elena Bon");
        browser.fill("#password", "la-password-di-elena");
        browser.fill("#confirm_password", "un'altra-password");
        browser.click("main button[type=submit]");
        browser.wait_for_text("Le due password non coincidono.", Duration::from_secs(5));
        let main = browser.text("main");
        assert!(main.contains("Le due password non coincidono."), "{main}");
        assert!(main.contains("Prendi l'account"), "{main}");
        assert!(!main.contains("Crea il mio account"), "{main}");
        assert_eq!(
            browser.execute("return document.getElementById('display_name').value;"),
            "Elena Bon"
        );
        browser.assert_accessible(&format!("the refused invitation form at {width}×{height}"));
        assert!(!browser.overflows_horizontally());
        browser.shot(&format!("demo-invitation-refused-{width}x{height}.png"));
    }
    browser.set_window_size(390, 844);
}
