//! The public pages (home, event with its standings, live match, player, projector)
//! at a phone's and a laptop's size: axe-core finds nothing serious, screenshots saved.

use super::support;

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
        ("projector", format!("/e/{event}/projector")),
    ];
    let folder = std::env::var("SEGNAPUNTI_SCREENSHOTS").ok();
    for (width, height) in [(390, 844), (1280, 800)] {
        browser.set_window_size(width, height);
        for (name, path) in &pages {
            browser.goto(&app.url(path));
            browser.assert_accessible(&format!("the {name} page at {width}×{height}"));
            assert!(
                !browser.overflows_horizontally(),
                "the {name} page scrolls sideways at {width}×{height}"
            );
            if let Some(folder) = &folder {
                let file = format!("public-{name}-{width}x{height}.png");
                browser.screenshot(&std::path::Path::new(folder).join(file));
            }
        }
    }
    browser.set_window_size(390, 844);
}
