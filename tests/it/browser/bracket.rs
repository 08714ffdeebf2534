//! Issue 24: the bracket drawn as a bracket, at 390×844 with touch and at 1280×800:
//! single and double elimination of 8 and 16 pairs (two of them with results and a
//! match being played), checked with axe-core. At 1280 nothing is clipped and every
//! line joins a match to the one it feeds; on the phone one round shows at a time and
//! the tabs (links to anchors: the page has no script) choose another.

use serde_json::json;

use super::referee::{no_phone, phone};
use crate::http_bracket::create;
use crate::support::browser::{Browser, Driver};
use crate::support::setup::{card_links, import_and_draw, record_win};
use crate::support::{Backend, Client, TestApp, club_with_organizer};

const FIRST: [&str; 8] = [
    "Nane", "Gigio", "Bepi", "Toni", "Marieta", "Checco", "Tita", "Momi",
];
const LAST: [&str; 4] = ["Pegoraro", "Tonello", "Scarpa dalla Fontana", "Zanon"];

/// `n` pairs named as people are (long names among them), with no team name.
fn pairs(n: usize) -> String {
    (0..n)
        .map(|i| {
            let name = |k: usize| format!("{} {}", FIRST[k % 8], LAST[(k / 8 + i) % 4]);
            format!("{},{},\n", name(2 * i), name(2 * i + 1))
        })
        .collect()
}

/// Plays every match ready now to the end, side A winning.
fn play_ready(app: &TestApp, organizer: &Client, event: &str) {
    for link in card_links(app, organizer, event) {
        record_win(&app.client(), &link, "A");
        record_win(&app.client(), &link, "A");
    }
}

/// What is wrong with the lines at this size: a line that leads nowhere or to a match
/// that is not level with the two feeding it, a decided pair whose winners are not both
/// in the match it feeds, a name cut short.
fn line_faults(browser: &Browser<'_>) -> Vec<String> {
    let found = browser.execute(
        "const bad = [];\
         const mid = s => { const r = s.querySelector('.bracket-match').getBoundingClientRect(); return (r.top + r.bottom) / 2; };\
         document.querySelectorAll('.bracket').forEach(b => {\
           const cols = [...b.children];\
           cols.forEach((col, c) => {\
             const slots = [...col.querySelectorAll('.bracket-slot')];\
             const next = cols[c + 1] ? [...cols[c + 1].querySelectorAll('.bracket-slot')] : [];\
             slots.forEach((s, i) => {\
               if (s.classList.contains('join-down')) {\
                 const t = next[i >> 1], u = slots[i + 1];\
                 if (!t || !u || !t.classList.contains('fed') || !u.classList.contains('join-up')) { bad.push(col.id + ' ' + i + ' leads nowhere'); return; }\
                 const y = mid(t);\
                 if (y < mid(s) || y > mid(u)) bad.push(col.id + ' ' + i + ' not level');\
                 const won = [s, u].map(x => x.querySelector('.side.winner .side-name')).filter(Boolean).map(x => x.textContent);\
                 if (won.length === 2 && !won.every(w => t.textContent.includes(w))) bad.push(col.id + ' ' + i + ' winners lost');\
               }\
               if (s.classList.contains('join-straight')) {\
                 const t = next[i];\
                 if (!t || !t.classList.contains('fed') || Math.abs(mid(t) - mid(s)) > 3) bad.push(col.id + ' ' + i + ' straight line broken');\
               }\
             });\
           });\
         });\
         document.querySelectorAll('.side-name').forEach(n => { if (n.scrollWidth > n.clientWidth + 1) bad.push('cut: ' + n.textContent); });\
         return bad;",
    );
    serde_json::from_value(found).unwrap()
}

/// The names that take more than two lines (a pair's players each on a line at most),
/// with their line count.
fn names_over_two_lines(browser: &Browser<'_>) -> Vec<String> {
    let found = browser.execute(
        "const long = [];\
         document.querySelectorAll('.bracket-match .side-name').forEach(n => {\
           const range = document.createRange(); range.selectNodeContents(n);\
           const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top).sort((a, b) => a - b);\
           let lines = 0, last = -1e9;\
           tops.forEach(t => { if (t - last > 4) { lines += 1; last = t; } });\
           if (lines > 2) long.push(lines + ' lines: ' + n.textContent);\
         });\
         return long;",
    );
    serde_json::from_value(found).unwrap()
}

/// The ids of the columns shown.
fn shown_columns(browser: &Browser<'_>) -> Vec<String> {
    let shown = browser.execute(
        "return [...document.querySelectorAll('.bracket-column')]\
         .filter(c => getComputedStyle(c).display !== 'none').map(c => c.id);",
    );
    serde_json::from_value(shown).unwrap()
}

fn laptop(browser: &Browser<'_>) {
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
    );
}

fn shot(browser: &Browser<'_>, file: &str) {
    browser.shot(file);
}

pub fn bracket_flow(_driver: &Driver, browser: &Browser<'_>) {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| steps(browser)));
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": false}),
    );
    no_phone(browser);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

fn steps(browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    // 8 pairs with a third place: the quarterfinals played, a semifinal being played.
    let single8 = create(&organizer, "single_elimination", &[("third_place", "true")]);
    import_and_draw(&organizer, &single8, &pairs(8));
    play_ready(&app, &organizer, &single8);
    let semifinal = card_links(&app, &organizer, &single8).remove(0);
    record_win(&app.client(), &semifinal, "B");
    // 16 pairs in double elimination: the winners' first round played.
    let double16 = create(
        &organizer,
        "double_elimination",
        &[("bracket_reset", "true")],
    );
    import_and_draw(&organizer, &double16, &pairs(16));
    play_ready(&app, &organizer, &double16);
    let single16 = create(&organizer, "single_elimination", &[("third_place", "true")]);
    import_and_draw(&organizer, &single16, &pairs(16));
    let double8 = create(&organizer, "double_elimination", &[]);
    import_and_draw(&organizer, &double8, &pairs(8));

    // 4 pairs with a third place, every match played.
    let finished4 = create(&organizer, "single_elimination", &[("third_place", "true")]);
    import_and_draw(&organizer, &finished4, &pairs(4));
    play_ready(&app, &organizer, &finished4);
    play_ready(&app, &organizer, &finished4);

    let pages = [
        ("single8", format!("/e/{single8}/bracket?highlight=3")),
        ("double16", format!("/e/{double16}/bracket")),
        ("single16", format!("/e/{single16}/bracket")),
        ("double8", format!("/e/{double8}/bracket")),
    ];
    laptop(browser);
    for (name, path) in &pages {
        browser.goto(&app.url(path));
        shot(browser, &format!("bracket-{name}-1280.png"));
        browser.assert_accessible(&format!("the {name} bracket at 1280×800"));
        assert!(
            !browser.overflows_horizontally(),
            "{name} scrolls the page sideways"
        );
        assert_eq!(line_faults(browser), Vec::<String>::new(), "{name} at 1280");
        // Every column in view: none clipped, the third place's included.
        let clipped = browser.execute(
            "return [...document.querySelectorAll('.bracket-column')]\
             .filter(c => c.getBoundingClientRect().right > window.innerWidth).map(c => c.id);",
        );
        assert_eq!(clipped, json!([]), "{name}: columns past the window's edge");
        let hidden = browser.execute(
            "return [...document.querySelectorAll('.bracket-scroll')]\
             .some(r => r.scrollWidth > r.clientWidth);",
        );
        assert_eq!(
            hidden,
            json!(false),
            "{name}: columns hidden in the scrolling region"
        );
        if name.starts_with("double") {
            browser.execute(
                "document.querySelector('.bracket-part + .bracket-part').scrollIntoView();",
            );
            shot(browser, &format!("bracket-{name}-1280-losers.png"));
        }
    }
    // A bracket with room to spare uses it: no pair's names on more than two lines.
    let finished = format!("/e/{finished4}/bracket");
    browser.goto(&app.url(&finished));
    shot(browser, "bracket-finished4-1280.png");
    browser.assert_accessible("a finished bracket at 1280×800");
    assert!(!browser.overflows_horizontally());
    assert_eq!(
        line_faults(browser),
        Vec::<String>::new(),
        "finished4 at 1280"
    );
    assert_eq!(
        names_over_two_lines(browser),
        Vec::<String>::new(),
        "finished4 at 1280"
    );
    // The event page stays light: it draws no bracket and links to the bracket's page.
    browser.goto(&app.url(&format!("/e/{single8}")));
    browser.assert_accessible("the event page linking its bracket at 1280×800");
    assert!(!browser.overflows_horizontally());
    let linked = browser.execute(&format!(
        "return !document.querySelector('.bracket-view') \
         && !!document.querySelector('a[href=\"/e/{single8}/bracket\"]');"
    ));
    assert_eq!(linked, json!(true), "the event page links the bracket page");
    shot(browser, "bracket-event-page-1280.png");

    phone(browser);
    for (name, path) in &pages {
        browser.goto(&app.url(path));
        shot(browser, &format!("bracket-{name}-390.png"));
        browser.assert_accessible(&format!("the {name} bracket at 390×844"));
        assert!(
            !browser.overflows_horizontally(),
            "{name} scrolls sideways on a phone"
        );
        let shown = shown_columns(browser);
        assert_eq!(
            shown.len(),
            1,
            "{name}: one round at a time on a phone: {shown:?}"
        );
    }
    // A finished bracket opens on its final, not on the third place played beside it.
    browser.goto(&app.url(&finished));
    shot(browser, "bracket-finished4-390.png");
    assert_eq!(shown_columns(browser), vec!["round-w2".to_string()]);
    // Without JavaScript: the round being played first; a tab (a plain link) shows
    // another round.
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": true}),
    );
    browser.goto(&app.url(&pages[0].1));
    assert_eq!(shown_columns(browser), vec!["round-w2".to_string()]);
    browser.click("a[href='#round-w1']");
    assert_eq!(shown_columns(browser), vec!["round-w1".to_string()]);
    assert!(!browser.overflows_horizontally());
    shot(browser, "bracket-single8-390-tab.png");
    // A tab's link opened as it is (a fresh load at its anchor).
    browser.goto(&app.url(&format!("{}#round-3rd", pages[0].1)));
    assert_eq!(shown_columns(browser), vec!["round-3rd".to_string()]);
    browser.goto(&app.url(&format!("{}#round-l2", pages[1].1)));
    assert_eq!(shown_columns(browser), vec!["round-l2".to_string()]);
    shot(browser, "bracket-double16-390-losers.png");
    // With it: the tab of the round shown is marked.
    browser.cdp(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": false}),
    );
    browser.goto(&app.url(&pages[0].1));
    let marked = "return [...document.querySelectorAll('.bracket-tabs a[aria-current]')]\
                  .map(a => a.getAttribute('href'));";
    assert_eq!(browser.execute(marked), json!(["#round-w2"]));
    browser.goto(&app.url(&format!("{}#round-3rd", pages[0].1)));
    assert_eq!(shown_columns(browser), vec!["round-3rd".to_string()]);
    assert_eq!(browser.execute(marked), json!(["#round-3rd"]));
}
