//! Text that could break a backend or mislead a reader, through real HTTP on both
//! backends: a NUL or another control character in a form field or an API body is
//! refused with words naming the field (PostgreSQL answered 500, SQLite stored it);
//! names are kept in one spelling (NFC, spaces collapsed) and refuse invisible and
//! direction-changing characters.

use crate::support;
use support::setup;

use serde_json::{Value, json};

/// The match form of `setup::create_match`, with `fields` over it.
fn new_match(title: &str, seat0: &str) -> Vec<(&'static str, String)> {
    vec![
        ("title", title.to_string()),
        ("seat0", seat0.to_string()),
        ("seat1", "Toni".into()),
        ("seat2", "Bepi".into()),
        ("seat3", "Gigio".into()),
        ("first_dealer", "0".into()),
        ("target_points", "20".into()),
        ("games_to_win", "3".into()),
    ]
}

fn post(
    client: &support::Client,
    path: &str,
    fields: &[(&'static str, String)],
) -> support::Response {
    let borrowed: Vec<(&str, &str)> = fields.iter().map(|(n, v)| (*n, v.as_str())).collect();
    client.post_form(path, &borrowed)
}

backend_tests! {
    fn a_control_character_in_a_form_is_refused_naming_the_field(app) {
        let (_, organizer) = support::club_with_organizer(&app);
        let refused = post(&organizer, "/manage/matches", &new_match("T\0nul", "Nane"));
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert!(refused.body.contains("«Nome della partita»"), "{}", refused.body);
        assert!(refused.body.contains("carattere di controllo"), "{}", refused.body);
        assert!(!refused.body.contains('\0'));
        let escape = post(&organizer, "/manage/matches", &new_match("T\u{1b}[2J", "Nane"));
        assert_eq!(escape.status, 400, "{}", escape.body);
        // A line break in a one-line field.
        let broken = post(&organizer, "/manage/matches", &new_match("Sfida\nfinale", "Nane"));
        assert_eq!(broken.status, 400, "{}", broken.body);
        assert!(broken.body.contains("a capo"), "{}", broken.body);
        let list = organizer.get("/manage/matches");
        assert!(!list.body.contains("nul"), "a match was made: {}", list.body);
        assert!(!list.body.contains("finale"), "a match was made: {}", list.body);
        // In English, the same refusal in English.
        let english = support::Client::new(&app.base, "en");
        english.login("org", "org-password");
        let refused = post(&english, "/manage/matches", &new_match("T\0nul", "Nane"));
        assert_eq!(refused.status, 400);
        assert!(refused.body.contains("“Match name” contains a control character"), "{}", refused.body);
    }

    fn a_control_character_in_an_api_body_is_refused_naming_the_field(app) {
        let (_, organizer) = support::club_with_organizer(&app);
        let match_id = setup::create_match(&organizer, &[]);
        let path = format!("/api/v1/matches/{match_id}/entries");
        let body = json!({
            "expected_seq": 0,
            "submission_key": "k\u{0}",
            "entry": {"type": "hand", "winner": "A"}
        });
        let refused = organizer.post_json(&path, &body.to_string(), Some(&organizer.csrf_token()));
        assert_eq!(refused.status, 400, "{}", refused.body);
        let answer: Value = serde_json::from_str(&refused.body).unwrap();
        assert!(answer["message_en"].as_str().unwrap().contains("“submission_key” contains a control character"), "{answer}");
        assert!(answer["message_it"].as_str().unwrap().contains("«submission_key»"), "{answer}");
        let state: Value = serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{match_id}")).body).unwrap();
        assert_eq!(state["next_seq"], 0, "nothing was recorded");
        // The same key without the NUL is taken.
        let body = json!({
            "expected_seq": 0,
            "submission_key": "k",
            "entry": {"type": "hand", "winner": "A"}
        });
        let taken = organizer.post_json(&path, &body.to_string(), Some(&organizer.csrf_token()));
        assert_eq!(taken.status, 201, "{}", taken.body);
    }

    fn names_refuse_invisible_and_direction_changing_characters(app) {
        let (admin, organizer) = support::club_with_organizer(&app);
        for (title, seat0, field) in [
            ("Sfida", "Nane\u{200b}", "«Posto 1»"),
            ("x\u{202e}gnp.exe", "Nane", "«Nome della partita»"),
            ("Sfida", "\u{2066}Nane\u{2069}", "«Posto 1»"),
            ("Sfida", "\u{feff}Nane", "«Posto 1»"),
        ] {
            let refused = post(&organizer, "/manage/matches", &new_match(title, seat0));
            assert_eq!(refused.status, 400, "{title:?} {seat0:?}: {}", refused.body);
            assert!(refused.body.contains(field), "{}", refused.body);
            assert!(refused.body.contains("invisibile"), "{}", refused.body);
        }
        // A club's name too.
        let club = post(&admin, "/manage/clubs", &[("name", "Circolo\u{200d}".to_string())]);
        assert_eq!(club.status, 400, "{}", club.body);
        assert!(club.body.contains("«Nome»"), "{}", club.body);
    }

    fn names_are_kept_in_one_spelling(app) {
        let (_, organizer) = support::club_with_organizer(&app);
        // "e" and a combining grave accent, and spaces around and inside.
        let created = post(&organizer, "/manage/matches", &new_match("  Sfida   finale ", " Nane\u{300}  dei  Bepi"));
        assert_eq!(created.status, 303, "{}", created.body);
        let public_id = created.location.as_deref().unwrap().trim_start_matches("/manage/matches/").to_string();
        let state: Value = serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
        assert_eq!(state["title"], "Sfida finale", "{state}");
        assert_eq!(state["players"][0], "Nanè dei Bepi", "{state}");
    }
}
