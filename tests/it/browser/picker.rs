//! Issue 22: a hand entered card by card on the card picker, on a phone (390×844 with
//! touch). With JavaScript a whole three-trick hand takes 13 taps and no round trip
//! until the save, each trick's winner shown at once; the last card can be taken
//! back. Without JavaScript a hand decided in two tricks takes 9 taps, each a submit
//! that comes back with the hand kept. axe-core on the picker, screenshots of both.

use std::time::Duration;

use serde_json::{Value, json};

use super::referee::{on_a_phone, screenshots};
use crate::support::TestApp;
use crate::support::browser::{Browser, Driver};

/// A whole hand under "più ponto e più figure": seats 2, 3 and 0 take the tricks.
const HAND: [&str; 12] = [
    "2d", "Rd", "3d", "4d", "7d", "Cd", "5d", "6d", "8d", "Fd", "9d", "10d",
];

/// A hand its leader's team decides in two tricks: a king leads each.
const SHORT_HAND: [&str; 8] = ["Rc", "2c", "3c", "4c", "Rs", "2s", "3s", "4s"];

const WAIT: Duration = Duration::from_secs(5);

/// The referee's taps, counted.
struct Taps<'a> {
    browser: &'a Browser<'a>,
    count: usize,
}

impl Taps<'_> {
    fn card(&mut self, code: &str) {
        super::tap_card(self.browser, code);
        self.count += 1;
    }

    /// A tap that records the hand: waits for the page that confirms it. Reads the
    /// sequence from the page's source, which needs no script.
    fn save(&mut self) {
        let source = self.browser.source();
        let marker = "name=\"expected_seq\" value=\"";
        let start = source.find(marker).expect("the form's sequence") + marker.len();
        let seq: usize = source[start..start + source[start..].find('"').unwrap()]
            .parse()
            .expect("a sequence number");
        self.browser.click("#picker-save");
        self.count += 1;
        self.browser
            // Entries are counted from 1: the entry saved at sequence `seq` is #seq+1.
            .wait_for_text(&format!("Registrato: #{}<", seq + 1), WAIT);
    }
}

fn points(browser: &Browser<'_>, team: &str) -> u32 {
    browser.text(&format!("#points-{team}")).parse().unwrap()
}

pub fn card_picker_flow(_driver: &Driver, browser: &Browser<'_>) {
    let (app, link, _) = super::game_match_with_link("trionfetti", &[]);
    on_a_phone(browser, || steps(&app, &link, browser));
}

fn steps(app: &TestApp, link: &str, browser: &Browser<'_>) {
    browser.goto(&app.url(link));
    browser.click("#cards-title");
    browser.fill("#comanda", "più ponto e più figure");
    browser.wait_for_text("1 2 3 4 5 6 7 8 9 10 F C R", WAIT);
    browser.click("#cut option[value='1s']");
    super::submit_and_wait(browser, "form[action*='/smazzata'] button[type=submit]");
    browser.wait_for_text("id=\"picker-grid\"", WAIT);

    // Every card a thumb's target, the page no wider than the phone.
    let smallest = browser.execute(
        "var sizes = Array.prototype.map.call(document.querySelectorAll('.card-button'), \
         function (b) { var r = b.getBoundingClientRect(); return Math.min(r.width, r.height); }); \
         return [sizes.length, Math.min.apply(null, sizes)];",
    );
    assert_eq!(smallest[0].as_u64(), Some(52));
    assert!(
        smallest[1].as_f64().unwrap() >= 44.0,
        "card buttons of {smallest}"
    );
    assert!(
        !browser.overflows_horizontally(),
        "the picker scrolls sideways"
    );
    let first = browser.text("#picker-turn");
    assert!(first.starts_with("Tocca a "), "{first}");

    // With JavaScript: the last card taken back, then a whole hand in 13 taps, none
    // of them a round trip until the save.
    browser.execute("window.pickerStayed = true;");
    browser.click("#picker-grid button[value='Rd']");
    assert_eq!(
        browser.execute("return document.querySelector('#picker-grid button[value=Rd]').disabled;"),
        Value::Bool(true)
    );
    assert_ne!(
        browser.text("#picker-turn"),
        first,
        "the next player is named"
    );
    browser.click("#picker-back");
    assert_eq!(browser.text("#picker-turn"), first);
    assert_eq!(
        browser.execute(
            "return [document.querySelectorAll('#picked-cards input').length, \
             document.querySelector('#picker-grid button[value=Rd]').disabled];"
        ),
        json!([0, false])
    );
    let mut taps = Taps { browser, count: 0 };
    for (index, card) in HAND.iter().enumerate() {
        taps.card(card);
        if index % 4 == 3 {
            let tricks = browser.text_in_page("#picker-tricks").unwrap_or_default();
            assert_eq!(
                tricks.matches("Presa vinta da").count(),
                index / 4 + 1,
                "each trick's winner at once: {tricks}"
            );
            let last = browser.text("#picker-last");
            assert!(last.starts_with("Presa vinta da"), "by the cards: {last}");
        }
    }
    assert_eq!(
        browser.execute("return window.pickerStayed === true;"),
        Value::Bool(true),
        "no round trip while tapping"
    );
    assert!(
        browser
            .text("#picker-hand")
            .starts_with("Mano alla squadra A")
    );
    assert!(browser.text("#picker-tricks").contains("(fante di denari)"));
    // The script draws each play's card face as the page does, beside its name.
    assert_eq!(
        browser.execute(
            "return document.querySelectorAll('#picker-tricks .picker-plays .card-face').length;"
        ),
        json!(12)
    );
    browser.assert_accessible("the card picker with a whole hand tapped");
    screenshots(browser, "picker-hand-tapped");
    taps.save();
    assert!(
        taps.count <= 13,
        "a three-trick hand took {} taps",
        taps.count
    );
    assert_eq!((points(browser, "A"), points(browser, "B")), (1, 0));

    // The replay of that hand shows each play's card face and the card that took it.
    let replay = browser
        .execute("return document.querySelector('a[href$=\"/replay\"]').getAttribute('href');");
    browser.goto(&app.url(&format!("{}?step=2", replay.as_str().unwrap())));
    assert_eq!(
        browser.execute("return document.querySelectorAll('.trick-view .card-face').length;"),
        json!(12)
    );
    browser.assert_accessible("the replay of a hand entered card by card");
    screenshots(browser, "replay-hand-faces");

    // Without JavaScript: each tap a submit that comes back with the hand kept; a
    // hand decided in two tricks in 9 taps.
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": true}),
    );
    browser.goto(&app.url(link));
    browser.wait_for_text("id=\"picker-grid\"", WAIT);
    let leader = browser
        .text("#picker-turn")
        .trim_start_matches("Tocca a ")
        .to_string();
    let mut taps = Taps { browser, count: 0 };
    for (index, card) in SHORT_HAND.iter().enumerate() {
        taps.card(card);
        browser.wait_for_text(
            &format!("<input type=\"hidden\" name=\"card\" value=\"{card}\">"),
            WAIT,
        );
        if index == 3 {
            let tricks = browser.text("#picker-tricks");
            assert!(
                tricks.contains(&format!("Presa vinta da {leader}")),
                "{tricks}"
            );
        }
    }
    assert!(
        browser
            .text("#picker-hand")
            .starts_with("Mano alla squadra")
    );
    screenshots(browser, "picker-hand-without-javascript");
    taps.save();
    assert!(taps.count <= 9, "a two-trick hand took {} taps", taps.count);
    assert_eq!(points(browser, "A") + points(browser, "B"), 2);

    // A card of the hand before, forced past its disabled button (a stale page would
    // send it), in a whole trick: refused, naming the player and the card, its face drawn beside.
    // Scripts are off: the button is enabled through the DevTools DOM, as the page
    // before the save had it.
    let root = browser.cdp("DOM.getDocument", json!({}));
    let found = browser.cdp(
        "DOM.querySelector",
        json!({"nodeId": root["root"]["nodeId"], "selector": "#picker-grid button[value='Rc']"}),
    );
    browser.cdp(
        "DOM.removeAttribute",
        json!({"nodeId": found["nodeId"], "name": "disabled"}),
    );
    browser.click("#picker-grid button[value='Rc']");
    // A trick is judged once whole. Each tap reloads the page: wait for every card
    // picked so far, or the next tap could land on the page being replaced.
    let mut picked = String::new();
    for (card, next) in [("Rc", "5c"), ("5c", "6c"), ("6c", "7c")] {
        picked.push_str(&format!(
            "<input type=\"hidden\" name=\"card\" value=\"{card}\">"
        ));
        browser.wait_for_text(&picked, WAIT);
        super::tap_card(browser, next);
    }
    browser.wait_for_text("id=\"entry-error\"", WAIT);
    assert!(browser.text("#entry-error").contains("re di coppe"));
    let source = browser.source();
    let error = &source[source.find("id=\"entry-error\"").unwrap()..];
    let error = &error[..error.find("</p>").unwrap()];
    assert_eq!(
        error
            .matches("class=\"card-face suit-c\" aria-hidden=\"true\"><span class=\"card-rank\">R<")
            .count(),
        1,
        "the refused card's face beside the words"
    );
    screenshots(browser, "picker-refusal-with-card");
}
