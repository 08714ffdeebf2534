//! The referee page without network (issue 22, "Offline at the table") through real
//! HTTP: the service worker's script at `/sw.js`, the page naming its offline script
//! and words in the reader's language, logout clearing what a phone kept, and the
//! resend contract the phone's queue relies on (one entry per submission key, a
//! moved sequence refused with nothing stored).

use crate::support;
use support::setup;

use support::{Client, TestApp};

#[test]
fn the_service_worker_is_served_at_the_root_as_a_script_never_cached_long() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let client = app.client();
    let script = client.get("/sw.js");
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(script.header("cache-control"), Some("no-cache"));
    assert!(
        script.body.contains("addEventListener(\"fetch\""),
        "{}",
        script.body
    );
    // Its pages only: the referee pages, never another page of the site; its entries
    // every post of the referee page, under both prefixes, and nothing else.
    let page = worker_pattern(&script.body, "PAGE");
    for path in ["/score/abc123", "/s/tok-EN_9"] {
        assert!(page.is_match(path), "{path}");
    }
    for path in [
        "/m/abc123",
        "/score/abc123/hand",
        "/score/",
        "/manage/matches",
        "/e/x/score/abc",
    ] {
        assert!(!page.is_match(path), "{path}");
    }
    let entry = worker_pattern(&script.body, "ENTRY");
    for action in [
        "hand",
        "smazzata",
        "tricks",
        "undo",
        "correct",
        "outcome",
        "json",
        "first_dealer",
    ] {
        for base in ["/score/abc123", "/s/tok-EN_9"] {
            let path = format!("{base}/{action}");
            assert!(entry.is_match(&path), "{path}");
        }
    }
    for path in [
        "/score/abc123",
        "/score/abc123/unknown",
        "/score/a/b/hand",
        "/api/v1/matches/x/entries",
        "/m/abc123/hand",
    ] {
        assert!(!entry.is_match(path), "{path}");
    }
    let head = client.head("/sw.js");
    assert_eq!(head.status, 200);
    assert_eq!(
        head.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(head.body.is_empty());
}

/// The regular expression the worker's script assigns to `var {name} = /…/;`.
fn worker_pattern(script: &str, name: &str) -> regex::Regex {
    let start = format!("var {name} = /");
    let line = script
        .lines()
        .find_map(|line| line.strip_prefix(start.as_str()))
        .unwrap_or_else(|| panic!("no {name} in {script}"));
    regex::Regex::new(
        line.strip_suffix("/;")
            .expect("a regular expression literal"),
    )
    .unwrap()
}

/// The organizer's client and the base of the referee page of a new match.
fn scoring(app: &TestApp) -> (Client, String, String) {
    let organizer = app.organizer();
    let public_id = setup::create_match(&organizer, &[("title", "Semifinale")]);
    (organizer, format!("/score/{public_id}"), public_id)
}

#[test]
fn the_referee_page_carries_the_offline_script_and_its_words_in_the_readers_language() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (organizer, base, _) = scoring(&app);
    let page = organizer.get(&base);
    assert_eq!(page.status, 200);
    let script = segnapunti::web::assets::url("offline.js");
    assert!(
        page.body
            .contains(&format!("<script src=\"{script}\" defer>"))
    );
    assert!(page.body.contains(&format!("data-base=\"{base}\"")));
    assert!(page.body.contains(
        "id=\"offline-status\" class=\"offline-status\" role=\"status\" aria-live=\"polite\""
    ));
    assert!(page.body.contains("data-w-resend=\"Invia di nuovo\""));
    assert!(
        page.body
            .contains("Qualcun altro ha registrato nel frattempo")
    );
    let served = organizer.get(&script);
    assert_eq!(served.status, 200);
    assert!(served.body.contains("segnapunti-offline:"));

    let english = app.client_in("en");
    english.login("org", "org-password");
    let page = english.get(&base);
    assert!(
        page.body.contains("data-w-resend=\"Send again\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("Someone else recorded meanwhile"));
}

#[test]
fn logging_out_clears_what_the_phone_kept_of_the_pages() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (organizer, _, _) = scoring(&app);
    let out = organizer.post_form("/logout", &[]);
    assert_eq!(out.status, 303);
    assert_eq!(out.header("clear-site-data"), Some("\"storage\""));
}

#[test]
fn a_kept_entry_sent_twice_is_stored_once_and_a_moved_sequence_stores_nothing() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (organizer, base, public_id) = scoring(&app);
    let entries = |client: &Client| -> Vec<String> {
        let log = client.get(&format!("/api/v1/matches/{public_id}/entries"));
        let log: serde_json::Value = serde_json::from_str(&log.body).unwrap();
        log["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["entry"]["winner"].as_str().unwrap_or("?").to_string())
            .collect()
    };
    // As the phone sends its queue: seq 0, 1, 2 with keys of its own.
    let send = |seq: &str, key: &str, winner: &str| {
        organizer.post_form(
            &format!("{base}/hand"),
            &[
                ("expected_seq", seq),
                ("submission_key", key),
                ("winner", winner),
            ],
        )
    };
    for (seq, winner) in [("0", "A"), ("1", "B"), ("2", "A")] {
        let sent = send(seq, &format!("offline-{seq}"), winner);
        assert_eq!(sent.status, 303, "{}", sent.body);
        assert!(
            sent.location
                .as_deref()
                .unwrap()
                .contains(&format!("recorded={seq}"))
        );
    }
    // The answer to the third was lost: the phone sends it again, stored once.
    let again = send("2", "offline-2", "A");
    assert_eq!(again.status, 303);
    assert!(again.location.as_deref().unwrap().contains("recorded=2"));
    assert_eq!(entries(&organizer), ["A", "B", "A"]);
    // Someone else recorded meanwhile: a kept entry based on seq 3 is refused.
    let other = send("3", "other-phone", "B");
    assert_eq!(other.status, 303);
    let stale = send("3", "offline-3", "A");
    assert_eq!(stale.status, 409);
    assert!(stale.body.contains("NON è stata salvata"));
    assert_eq!(entries(&organizer), ["A", "B", "A", "B"]);
}

/// Issue 36: the states a phone without network shows while its taps wait, as the
/// referee page hands them to its script (`data-ahead`), read back.
fn states_ahead(body: &str) -> serde_json::Value {
    let marker = "data-ahead=\"";
    let start = body.find(marker).expect("the states ahead") + marker.len();
    let end = start + body[start..].find('"').unwrap();
    serde_json::from_str(&unescape(&body[start..end])).unwrap()
}

fn unescape(text: &str) -> String {
    text.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#60;", "<")
        .replace("&lt;", "<")
        .replace("&#62;", ">")
        .replace("&gt;", ">")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// The text of the page's element `id`, when it has one (no element inside it).
fn element_text(body: &str, id: &str) -> Option<String> {
    let at = body.find(&format!("id=\"{id}\""))?;
    let start = at + body[at..].find('>')? + 1;
    let end = start + body[start..].find('<')?;
    Some(unescape(&body[start..end]))
}

/// The texts of state `node` of the states ahead, by element id.
fn node_texts(states: &serde_json::Value, node: usize) -> Vec<(String, String)> {
    let ids = states["ids"].as_array().unwrap();
    let texts = states["texts"].as_array().unwrap();
    let row = states["nodes"][node].as_array().expect("a state");
    ids.iter()
        .zip(row)
        .map(|(id, index)| {
            let text = &texts[index.as_u64().unwrap() as usize];
            (
                id.as_str().unwrap().to_string(),
                text.as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Every value of state `node` is the one the page shows, for each element it has.
fn assert_page_shows(body: &str, states: &serde_json::Value, node: usize) -> usize {
    let mut compared = 0;
    for (id, text) in node_texts(states, node) {
        if let Some(shown) = element_text(body, &id) {
            assert_eq!(shown, text, "#{id} of state {node}");
            compared += 1;
        }
    }
    compared
}

#[test]
fn the_trionfetti_page_counts_hands_ahead_as_the_server_then_stores_them() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (organizer, base, _) = scoring(&app);
    for winner in ["A", "B", "A"] {
        setup::record_win(&organizer, &base, winner);
    }
    let page = organizer.get(&base);
    let states = states_ahead(&page.body);
    assert_eq!(
        states["taps"],
        serde_json::json!([
            {"action": "/hand", "pairs": [["winner", "A"]]},
            {"action": "/hand", "pairs": [["winner", "B"]]}
        ])
    );
    // Six taps ahead: 1 + 2 + … + 64 states.
    assert_eq!(states["nodes"].as_array().unwrap().len(), 127);
    assert_eq!(assert_page_shows(&page.body, &states, 0), 11);
    // B then A: tap 1 from the first state (node 2), then tap 0 from there.
    let node = 2 * 2 + 1;
    let ahead = node_texts(&states, node);
    let get = |id: &str| {
        ahead
            .iter()
            .find(|(known, _)| known == id)
            .unwrap()
            .1
            .clone()
    };
    assert_eq!(get("deal-short"), "smazzata 2 · mano 2/4");
    assert_eq!(get("points-A"), "3");
    assert_eq!(get("dealer"), element_text(&page.body, "leader").unwrap());
    // Stored, the page shows what the state ahead said.
    setup::record_win(&organizer, &base, "B");
    setup::record_win(&organizer, &base, "A");
    let page = organizer.get(&base);
    assert_eq!(assert_page_shows(&page.body, &states, node), 11);
}

#[test]
fn a_vitou_round_tapped_is_counted_ahead_and_a_tressette_deal_is_not() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let organizer = app.organizer();
    let vitou = setup::create_game_match(&organizer, "vitou", &[("title", "Vitou")]);
    let base = format!("/score/{vitou}");
    let page = organizer.get(&base);
    let states = states_ahead(&page.body);
    assert_eq!(
        states["taps"][1],
        serde_json::json!({"action": "/outcome", "pairs": [["team", "B"], ["outcome", "won"]]})
    );
    let compared = assert_page_shows(&page.body, &states, 0);
    assert!(
        compared >= 9,
        "score, dealer, cutter, leader and the facts: {compared}"
    );
    let stored = setup::post_entry(
        &organizer,
        &base,
        "outcome",
        &[("team", "B"), ("outcome", "won")],
    );
    assert_eq!(stored.status, 303, "{}", stored.body);
    let page = organizer.get(&base);
    assert_eq!(assert_page_shows(&page.body, &states, 2), compared);
    assert_ne!(node_texts(&states, 2), node_texts(&states, 0));

    // Tressette's deal needs its points typed: nothing ahead, the page as it is.
    let tressette = setup::create_game_match(&organizer, "tressette", &[("title", "Tressette")]);
    let page = organizer.get(&format!("/score/{tressette}"));
    let states = states_ahead(&page.body);
    assert_eq!(states["taps"], serde_json::json!([]));
    assert_eq!(states["nodes"].as_array().unwrap().len(), 1);
    assert!(assert_page_shows(&page.body, &states, 0) >= 7);
}
