//! Issue 35: a player's own page for the night on a phone and a laptop, checked with
//! axe-core and without sideways scrolling; a hand written on the player's table, and a
//! late entry that re-forms the later rounds, reach the open page through the event's
//! stream, no reload; the guide cards carry the page's QR code.

use std::time::Duration;

use super::referee::{no_phone, phone};
use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, club_with_organizer, setup};

/// The scoring link of `table` in round 1 on the printed table cards.
fn round1_link(app: &TestApp, cards: &str, table: &str) -> String {
    let card = cards
        .split(&format!("id=\"table-card-{table}\""))
        .nth(1)
        .expect("the table's card");
    let rest = card
        .split("class=\"scoring-link\" href=\"")
        .nth(1)
        .expect("round 1's scoring link");
    rest[app.base.len()..rest.find('"').unwrap()].to_string()
}

pub fn night_page_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let fields = [
        ("name", "Serata a coppie che ruotano del giovedì"),
        ("format", "rotating"),
        ("rounds", "3"),
        ("target_points", "2"),
        ("games_to_win", "1"),
    ];
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    let names = [
        "Bepi Scarpa",
        "Nane Zanetti",
        "Toni Bortolato",
        "Gigio Menegazzo",
        "Marieta Furlan",
        "Giovanna Dalla Costa de Sopra",
        "Tita Boscolo",
        "Rosina Vianello",
    ];
    let csv: String = names.iter().map(|n| format!("{n}\n")).collect();
    setup::import_and_draw(&organizer, &event, &csv);
    let path = format!("/e/{event}/p/1");
    // Bepi's table and side in round 1, read off his page as served.
    let served = app.client().get(&path).body;
    let table = served
        .split("Tavolo ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .expect("a table")
        .to_string();
    let seat: u32 = served
        .split("posto ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|seat| seat.parse().ok())
        .expect("a seat");
    let ours = if seat % 2 == 1 { "A" } else { "B" };
    let cards = organizer.get(&format!("/manage/events/{event}/cards")).body;
    let link = round1_link(&app, &cards, &table);

    phone(browser);
    browser.goto(&app.url(&path));
    browser.find("#night-now");
    browser.assert_accessible("the player's page at 390×844");
    assert!(
        !browser.overflows_horizontally(),
        "the player's page scrolls sideways at 390"
    );
    browser.shot("night-player-390x844.png");

    // A hand on Bepi's table: the open page swaps in the new part (the mark set on the
    // old one goes) with the table's score.
    browser.execute("document.querySelector('#night-now h2').setAttribute('data-mark', 'old');");
    setup::record_win(&app.client(), &link, ours);
    browser.wait_until(
        "!document.querySelector('[data-mark]') && document.getElementById('night-score')",
        Duration::from_secs(10),
        "the table's score reaches the open page",
    );
    assert!(
        browser.text("#night-score").contains('1'),
        "{}",
        browser.text("#night-score")
    );
    browser.assert_accessible("the player's page with a score at 390×844");
    assert!(!browser.overflows_horizontally(), "the score at 390");
    browser.shot("night-player-score-390x844.png");

    // A late entry re-forms rounds 2 and 3: the stream tells the open page, which asks
    // for its part again and shows what the server now says of the next round.
    let asked = "performance.getEntriesByType('resource').filter(function (e) { \
                 return e.name.indexOf('/p/1/live') > 0; }).length";
    let before = browser
        .execute(&format!("return {asked};"))
        .as_u64()
        .unwrap_or(0);
    let late = organizer.post_form(
        &format!("/manage/events/{event}/entrants"),
        &[("player1", "Ultimo Arrivato")],
    );
    assert_eq!(late.status, 303, "{}", late.body);
    browser.wait_until(
        &format!("{asked} > {before}"),
        Duration::from_secs(10),
        "the late entry reaches the open page",
    );
    let served = app.client().get(&format!("{path}/live")).body;
    let next = served
        .split("id=\"night-next\"")
        .nth(1)
        .and_then(|rest| rest.split_once('>'))
        .map(|(_, rest)| rest.split("</section>").next().unwrap_or_default())
        .expect("the next round");
    let words = crate::support::words_of(next);
    browser.wait_until(
        &format!(
            "document.getElementById('night-next').textContent.replace(/\\s+/g, ' ').trim() === {words:?}"
        ),
        Duration::from_secs(10),
        "the page shows the re-formed next round",
    );

    no_phone(browser);
    browser.set_window_size(1280, 800);
    browser.goto(&app.url(&path));
    browser.find("#night-score");
    browser.assert_accessible("the player's page at 1280×800");
    assert!(!browser.overflows_horizontally());
    browser.shot("night-player-1280x800.png");

    // The guide cards with the page's QR code, as the organizer prints them.
    super::browser_login(&app, browser, "org", "org-password");
    browser.goto(&app.url(&format!("/manage/events/{event}/cards")));
    browser.find(".guide-page svg");
    browser.execute("document.querySelector('.guide-cards').scrollIntoView();");
    // Every card holds its table and link inside its dashed box (nothing runs into the next).
    let spilling = browser.execute(
        "return Array.prototype.filter.call(document.querySelectorAll('.guide-card'), \
         function (card) { var box = card.getBoundingClientRect(); \
         return card.scrollWidth > card.clientWidth || Array.prototype.some.call( \
         card.querySelectorAll('th, td, a'), function (cell) { var r = cell.getBoundingClientRect(); \
         return r.right > box.right + 0.5; }); }).length;",
    );
    assert_eq!(spilling.as_u64(), Some(0), "guide cards spill over at 1280");
    browser.shot("night-guide-cards-1280x800.png");
    phone(browser);
    browser.goto(&app.url(&format!("/manage/events/{event}/cards")));
    browser.find(".guide-page svg");
    assert!(!browser.overflows_horizontally(), "the cards at 390");
    browser.execute("document.querySelector('.guide-cards').scrollIntoView();");
    browser.shot("night-guide-cards-390x844.png");
    no_phone(browser);
}
