//! Issue 22 for the outcome forms of Madrasso, Tressette, Trijumf and Vitou, at
//! 390×844 with touch, a logged-in referee and the club's longest titles and names:
//! the score and the controls that record the current hand on the first screen,
//! before and after a save; a save comes back at the entry with a short confirmation
//! counted from 1 and an undo, which says what it took back; the log names the
//! players within the phone's width. axe-core on each page.

use std::time::Duration;

use super::referee::{
    dealer_chosen, evening_of, inside_first_screen, on_the_phone_at, rects, screenshots,
};
use crate::support::browser::{Browser, Driver};

/// A game's common outcome on its form: the controls that record it, how the
/// referee fills them, the control that saves, and the score after.
struct Deal {
    game: &'static str,
    controls: &'static [&'static str],
    fill: fn(&Browser<'_>),
    save: &'static str,
    score: [&'static str; 2],
}

const DEALS: [Deal; 4] = [
    Deal {
        game: "madrasso",
        controls: &["points", "win-A", "win-B"],
        fill: |browser| browser.fill("#points", "75"),
        save: "#win-A",
        score: ["75", "55"],
    },
    Deal {
        game: "tressette",
        controls: &["points", "win-A", "win-B"],
        fill: |browser| browser.fill("#points", "6"),
        save: "#win-B",
        score: ["5", "6"],
    },
    Deal {
        game: "trijumf",
        controls: &["cut", "trump_card", "points_a", "points_b", "save-outcome"],
        fill: |browser| {
            super::choose(browser, "#trump_card", "7d");
            browser.fill("#points_a", "80");
            browser.fill("#points_b", "50");
        },
        save: "#save-outcome",
        score: ["80", "50"],
    },
    Deal {
        game: "vitou",
        controls: &["win-A", "win-B"],
        fill: |_browser| {},
        save: "#win-A",
        score: ["1", "0"],
    },
];

/// The score and `controls` are wholly on the first screen, the controls big enough
/// for a thumb.
fn on_first_screen(browser: &Browser<'_>, controls: &[&str], when: &str) {
    let mut ids = vec!["points-A", "points-B"];
    ids.extend_from_slice(controls);
    inside_first_screen(browser, &ids, when);
}

pub fn first_screen_flow(_driver: &Driver, browser: &Browser<'_>) {
    for deal in DEALS {
        let game = deal.game;
        let name = format!(
            "Campionato provinciale di {} della Scuola del giovedì sera — Trofeo Osteria ai Do Mori",
            game.to_uppercase()
        );
        let evening = evening_of(&name, &[("game", game)]);
        // Who deals is settled first: entry #1 (`first_dealer.rs` asks it on the page).
        dealer_chosen(&evening.1, &evening.2[0]);
        on_the_phone_at(browser, evening, |app, matches| {
            browser.goto(&app.url(&format!("/score/{}", matches[0])));
            browser.wait_for_text("id=\"outcome-form\"", Duration::from_secs(5));
            on_first_screen(browser, deal.controls, &format!("{game}, before a save"));
            assert!(
                !browser.overflows_horizontally(),
                "{game}: the page scrolls sideways"
            );
            browser.assert_accessible(&format!("the {game} referee page"));
            // Every folded part shows one drawn triangle, no second marker beside it.
            let markers = browser.execute(
                "return [...document.querySelectorAll('details > summary')]\
                 .map(s => getComputedStyle(s, '::before').content);",
            );
            let markers = markers
                .as_array()
                .expect("the page folds its other outcomes");
            assert!(!markers.is_empty(), "{game}");
            for marker in markers {
                assert_eq!(marker, "\"\"", "{game}: a summary's marker is {marker}");
            }
            screenshots(browser, &format!("referee-{game}-first-screen"));

            (deal.fill)(browser);
            super::submit_and_wait(browser, deal.save);
            assert_eq!(browser.text("#points-A"), deal.score[0], "{game}");
            assert_eq!(browser.text("#points-B"), deal.score[1], "{game}");
            on_first_screen(browser, deal.controls, &format!("{game}, after a save"));
            let (confirmation, height) = rects(browser, &["recorded", "undo-last"]);
            for [top, bottom, ..] in &confirmation {
                assert!(
                    *top >= 0.0 && *bottom <= height,
                    "{game}: the confirmation shows"
                );
            }
            let said = browser.text("#recorded");
            assert!(said.starts_with("Registrato: #2"), "{game}: {said}");
            // What was saved reads on a line of its own, not squeezed beside the undo.
            let widths = browser.execute(
                "var line = document.querySelector('#recorded .recorded-line'); \
                 return [line.getBoundingClientRect().width, \
                 document.getElementById('recorded').clientWidth];",
            );
            let (line, notice) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
            assert!(
                line > 0.8 * notice,
                "{game}: the saved entry has {line}px of the notice's {notice}px"
            );
            browser.assert_accessible(&format!("the {game} referee page after a save"));
            screenshots(browser, &format!("referee-{game}-after-save"));

            // The log names who deals first and the players of the team that scored
            // (or won the round),
            // the longest names wrapping inside the phone's width.
            browser.execute("document.getElementById('log-title').scrollIntoView();");
            let log = browser.text("ol.log");
            assert!(
                log.contains("Primo mazziere: Giovanni Battista Zanon"),
                "{game}: {log}"
            );
            // A Trijumf deal gives both sides' points, naming no team.
            assert_eq!(
                log.contains("Maria Antonietta Scarpa"),
                game != "trijumf",
                "{game}: {log}"
            );
            let widest = browser.execute(
                "return Math.max.apply(null, Array.prototype.map.call(\
                 document.querySelectorAll('ol.log li'), \
                 function (li) { return li.getBoundingClientRect().right; }));",
            );
            assert!(
                widest.as_f64().unwrap() <= 390.0,
                "{game}: a log line runs past the screen ({widest})"
            );
            assert!(
                !browser.overflows_horizontally(),
                "{game}: the log scrolls sideways"
            );
            browser.shot(&format!("referee-{game}-log-390.png"));
            browser.execute("window.scrollTo(0, 0);");

            // The undo from the confirmation takes the deal back, and says so.
            super::submit_and_wait(browser, "#undo-last");
            assert_eq!(browser.text("#points-A"), "0", "{game}");
            assert_eq!(browser.text("#points-B"), "0", "{game}");
            let said = browser.text("#recorded");
            assert!(
                said.starts_with("Annullata la registrazione #2"),
                "{game}: {said}"
            );
            on_first_screen(browser, deal.controls, &format!("{game}, after an undo"));
        });
    }
}
