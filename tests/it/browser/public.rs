//! The public pages (home, event with its standings, live match, player, archive,
//! projector)
//! at a phone's and a laptop's size: axe-core finds nothing serious, screenshots saved.

use super::support;

use segnapunti::rules::kind::GameKind;
use support::browser::{Browser, Driver};
use support::{Backend, TestApp, club_with_organizer, setup};

/// The first `href="<prefix>…"` of a page, as a path.
fn first_link(html: &str, prefix: &str) -> String {
    let marker = format!("href=\"{prefix}");
    let start = html
        .find(&marker)
        .unwrap_or_else(|| panic!("no link to {prefix}"))
        + 6;
    html[start..start + html[start..].find('"').unwrap()].to_string()
}

pub fn public_pages_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let event = setup::create_knockout(&organizer);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(8));
    let links = setup::card_links(&app, &organizer, &event);
    setup::record_win(&app.client(), &links[0], "A");
    let public = app.client().get(&format!("/e/{event}"));
    let live = first_link(&public.body, "/m/");
    let manage = organizer.get(&format!("/manage/events/{event}"));
    let player = first_link(&manage.body, "/players/");
    let pages = [
        ("home", "/".to_string()),
        ("event", format!("/e/{event}")),
        ("live", live),
        ("player", player),
        ("archive", "/events".to_string()),
        (
            "archive-filtered",
            "/events?club=scuola-di-trionfetti&from=ieri".to_string(),
        ),
        ("club", "/clubs/scuola-di-trionfetti".to_string()),
        ("clubs", "/clubs".to_string()),
        ("clubs-filtered", "/clubs?name=nessuno".to_string()),
        ("seasons", "/clubs/scuola-di-trionfetti/seasons".to_string()),
    ];
    for (width, height) in [(390, 844), (1280, 800)] {
        browser.set_window_size(width, height);
        for (name, path) in &pages {
            browser.goto(&app.url(path));
            browser.assert_accessible(&format!("the {name} page at {width}×{height}"));
            assert!(
                !browser.overflows_horizontally(),
                "the {name} page scrolls sideways at {width}×{height}"
            );
            browser.shot(&format!("public-{name}-{width}x{height}.png"));
        }
        // The projector refreshes itself by design (a kiosk in a club room, no script):
        // axe's meta-refresh rule is for pages people read at their pace. Looked at only.
        browser.goto(&app.url(&format!("/e/{event}/projector")));
        browser.shot(&format!("public-projector-{width}x{height}.png"));
    }
    browser.set_window_size(390, 844);

    // The new-event form shows the chosen game's options only, without script.
    browser.goto(&app.url("/login"));
    browser.fill("#username", "org");
    browser.fill("#password", "org-password");
    browser.click("main button[type=submit]");
    browser.wait_for_text("action=\"/logout\"", std::time::Duration::from_secs(5));
    browser.goto(&app.url("/manage/clubs/scuola-di-trionfetti/events/new"));
    let shown = |game: &str| {
        browser.execute(&format!(
            "return getComputedStyle(document.getElementById('options-{game}')).display;"
        ))
    };
    assert_eq!(shown("trionfetti"), "block");
    assert_eq!(shown("madrasso"), "none");
    browser.execute(
        "const s = document.getElementById('game'); s.value = 'madrasso'; \
         s.dispatchEvent(new Event('change'));",
    );
    assert_eq!(shown("madrasso"), "block");
    assert_eq!(shown("trionfetti"), "none");
    browser.assert_accessible("the new event's form");
    browser.shot("event-form-390x844.png");
}

/// Finished matches of every game at a phone's and a laptop's size: each deal's notes
/// in sight without scrolling sideways, the deciding game's totals under the sheet.
pub fn finished_sheets_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    for kind in GameKind::ALL {
        let public_id = setup::create_game_match(&organizer, kind.name(), &[("title", "Finale")]);
        setup::play_simulated(&organizer, &public_id, kind);
        for (width, height) in [(390, 844), (1280, 800)] {
            browser.set_window_size(width, height);
            browser.goto(&app.url(&format!("/m/{public_id}")));
            let sheet_fits = browser.execute(
                "const rows = document.querySelector('#score-sheet .table-scroll'); \
                 return !rows || rows.scrollWidth <= rows.clientWidth;",
            );
            assert_eq!(
                sheet_fits.as_bool(),
                Some(true),
                "the finished {kind} sheet scrolls sideways at {width}×{height}"
            );
            assert_ne!(
                browser.text("#sheet-total-A") + &browser.text("#sheet-total-B"),
                "00"
            );
            browser.assert_accessible(&format!("the finished {kind} sheet at {width}×{height}"));
            browser.shot(&format!("finished-{kind}-{width}x{height}.png"));
        }
    }
    browser.set_window_size(390, 844);
}
