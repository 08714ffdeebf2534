//! Issue 36: after every save the referee sees, without scrolling, the confirmation
//! with its undo, whose turn it is and the next thing to tap; "Salva la mano" stays
//! reachable under the card grid; a vagaresto is asked in the order it happens
//! (caller, answer, winner) on one screen. At 390×844 with touch, with and without
//! JavaScript.

use std::time::Duration;

use serde_json::json;

use super::referee::{dealer_chosen, on_a_phone, on_the_phone_at, screenshots};
use crate::support::TestApp;
use crate::support::browser::{Browser, Driver};

const WAIT: Duration = Duration::from_secs(5);

/// A three-trick hand in one suit, in the picker's order of play.
fn hand_of(suit: char) -> Vec<String> {
    ["2", "R", "3", "4", "7", "C", "5", "6", "8", "F", "9", "10"]
        .iter()
        .map(|rank| format!("{rank}{suit}"))
        .collect()
}

/// The elements found by `selectors` lie wholly inside the viewport: answers the
/// ones that do not, with their top and bottom.
fn outside_viewport(browser: &Browser<'_>, selectors: &[&str]) -> Vec<String> {
    let script = format!(
        "return {}.map(function (css) {{ var e = document.querySelector(css); \
         if (!e) return css + ' missing'; var r = e.getBoundingClientRect(); \
         return (r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0) ? '' : \
         css + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + window.innerHeight; }});",
        serde_json::to_string(selectors).unwrap()
    );
    browser
        .execute(&script)
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str().filter(|s| !s.is_empty()).map(str::to_string))
        .collect()
}

fn assert_in_view(browser: &Browser<'_>, selectors: &[&str], when: &str) {
    let outside = outside_viewport(browser, selectors);
    assert!(outside.is_empty(), "{when}: not on the screen: {outside:?}");
}

/// What a save must leave on the screen while cards are being entered.
const AFTER_A_CARD_SAVE: [&str; 4] = [
    "#recorded",
    "#undo-last",
    "#picker-turn",
    "#picker-grid .card-button:not([disabled])",
];

/// What the last hand of a smazzata leaves on the screen: the next comanda.
const AFTER_THE_LAST_HAND: [&str; 3] = ["#recorded", "#undo-last", "#comanda"];

fn save_setup(browser: &Browser<'_>, comanda: &str, cut: &str) {
    browser.fill("#comanda", comanda);
    browser.click(&format!("#cut option[value='{cut}']"));
    super::submit_and_wait(browser, "form[action*='/smazzata'] button[type=submit]");
    browser.wait_for_text("id=\"picker-grid\"", WAIT);
}

fn tap_hand(browser: &Browser<'_>, suit: char) {
    for card in hand_of(suit) {
        super::tap_card(browser, &card);
    }
}

pub fn card_entry_place_flow(_driver: &Driver, browser: &Browser<'_>) {
    let (app, link, _) = super::game_match_with_link("trionfetti", &[]);
    on_a_phone(browser, || steps(&app, &link, browser));
}

fn steps(app: &TestApp, link: &str, browser: &Browser<'_>) {
    browser.goto(&app.url(link));
    browser.click("#cards-title");
    save_setup(browser, "più ponto e più figure", "1s");
    assert_in_view(browser, &AFTER_A_CARD_SAVE, "after the comanda and the cut");
    screenshots(browser, "place-after-setup");

    for (number, suit) in ['d', 'c', 's', 'b'].into_iter().enumerate() {
        // Tapped from where the last save left the page: the grid under the thumb,
        // "Salva la mano" on the screen once the hand is whole.
        tap_hand(browser, suit);
        assert_in_view(
            browser,
            &["#picker-save"],
            &format!("hand {} tapped", number + 1),
        );
        if number == 0 {
            screenshots(browser, "place-hand-tapped");
        }
        super::submit_and_wait(browser, "#picker-save");
        if number < 3 {
            assert_in_view(
                browser,
                &AFTER_A_CARD_SAVE,
                &format!("after hand {}", number + 1),
            );
        }
    }
    assert_in_view(
        browser,
        &AFTER_THE_LAST_HAND,
        "after the smazzata's last hand",
    );
    screenshots(browser, "place-after-last-hand");

    // Without JavaScript the answer's anchor does the same.
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": true}),
    );
    browser.goto(&app.url(link));
    browser.wait_for_text("id=\"comanda\"", WAIT);
    browser.click("#cards-title");
    save_setup(browser, "più ponto e più figure", "1c");
    assert_in_view(
        browser,
        &AFTER_A_CARD_SAVE,
        "after the comanda and the cut, without JavaScript",
    );
    for card in hand_of('d') {
        super::tap_card(browser, &card);
        browser.wait_for_text(
            &format!("<input type=\"hidden\" name=\"card\" value=\"{card}\">"),
            WAIT,
        );
    }
    assert_in_view(
        browser,
        &["#picker-save"],
        "a hand tapped without JavaScript",
    );
    super::submit_and_wait(browser, "#picker-save");
    assert_in_view(
        browser,
        &AFTER_A_CARD_SAVE,
        "after a hand saved without JavaScript",
    );
    screenshots(browser, "place-after-hand-without-javascript");
}

/// The vagaresto asked in its order: open it, the caller, the answer, the winner,
/// all on the screen that opening it shows.
pub fn vagaresto_order_flow(_driver: &Driver, browser: &Browser<'_>) {
    let (app, organizer, matches) = super::referee::evening();
    // Mid-match, as a vagaresto comes: who deals first is answered.
    dealer_chosen(&organizer, &matches[1]);
    on_the_phone_at(browser, (app, organizer, matches), |app, matches| {
        browser.goto(&app.url(&format!("/score/{}", matches[1])));
        browser.click("details.vagaresto summary");
        browser.execute("document.getElementById('vagaresto').scrollIntoView();");
        browser.shot("place-vagaresto-panel-390.png");
        // The panel fits one screen, so that without a script one scroll shows it whole.
        let (height, screen) = {
            let sizes = browser.execute(
                "return [document.getElementById('vagaresto').getBoundingClientRect().height, window.innerHeight];",
            );
            (sizes[0].as_f64().unwrap(), sizes[1].as_f64().unwrap())
        };
        assert!(height <= screen, "the vagaresto takes {height} of {screen}");
        let order = browser.execute(
            "var panel = document.getElementById('vagaresto'); \
             return ['input[name=vagaresto_caller]', 'input[name=vagaresto_answer]', '#vagaresto-win-A'] \
             .map(function (css) { return panel.querySelector(css).getBoundingClientRect().top; });",
        );
        let tops: Vec<f64> = order
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert!(
            tops[0] < tops[1] && tops[1] < tops[2],
            "caller, answer and winner in the order asked: {tops:?}"
        );
        assert_in_view(
            browser,
            &[
                "#vagaresto_caller-3",
                "#vagaresto input[name=vagaresto_answer][value=conceded]",
                "#vagaresto-win-A",
                "#vagaresto-win-B",
            ],
            "the vagaresto opened",
        );
        browser.assert_accessible("the vagaresto opened");
        screenshots(browser, "place-vagaresto-open");
        browser.click("#vagaresto_caller-1");
        browser.click("#vagaresto input[name=vagaresto_answer][value=accepted]");
        super::submit_and_wait(browser, "#vagaresto-win-A");
        assert_eq!(browser.text("#games-A"), "1", "the stake of a 0-0 game");
    });
}
