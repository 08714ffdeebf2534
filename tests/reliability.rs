//! Reliability: many clients racing for one sequence number, and a server killed
//! with SIGKILL under load that must keep every acknowledged entry.

mod support;

use std::sync::{Arc, Barrier};

use serde_json::{Value, json};
use support::Client;

fn create_match(organizer: &Client, title: &str) -> String {
    let response = organizer.post_form(
        "/manage/matches",
        &[
            ("title", title),
            ("seat0", "Bepi"),
            ("seat1", "Toni"),
            ("seat2", "Nane"),
            ("seat3", "Gigio"),
            ("first_dealer", "0"),
            ("target_points", "100"),
            ("games_to_win", "9"),
        ],
    );
    response
        .location
        .expect("the match was created")
        .trim_start_matches("/manage/matches/")
        .to_string()
}

fn post_entry(base: &str, public_id: &str, token: &str, body: &Value) -> u16 {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    agent
        .post(format!("{base}/api/v1/matches/{public_id}/entries"))
        .header("Authorization", &format!("Bearer {token}"))
        .content_type("application/json")
        .send(body.to_string())
        .map(|response| response.status().as_u16())
        .unwrap_or(0)
}

fn api_token(client: &Client) -> String {
    let page = client.post_form("/account/tokens", &[("label", "gara")]);
    let marker = "id=\"new-token\" readonly value=\"";
    let start = page.body.find(marker).expect("a token is shown") + marker.len();
    page.body[start..start + page.body[start..].find('"').unwrap()].to_string()
}

backend_tests! {
    fn exactly_one_client_wins_each_sequence_number(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let public_id = create_match(&organizer, "Gara");
        let token = api_token(&organizer);
        const CLIENTS: usize = 12;
        const ROUNDS: i64 = 5;
        for seq in 0..ROUNDS {
            let barrier = Arc::new(Barrier::new(CLIENTS));
            let handles: Vec<_> = (0..CLIENTS)
                .map(|client| {
                    let (base, public_id, token, barrier) =
                        (app.base.clone(), public_id.clone(), token.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let winner = if client % 2 == 0 { "A" } else { "B" };
                        let body = json!({
                            "expected_seq": seq,
                            "submission_key": format!("round-{seq}-client-{client}"),
                            "entry": {"type": "hand", "winner": winner}
                        });
                        barrier.wait();
                        post_entry(&base, &public_id, &token, &body)
                    })
                })
                .collect();
            let statuses: Vec<u16> = handles.into_iter().map(|handle| handle.join().unwrap()).collect();
            let won = statuses.iter().filter(|status| **status == 201).count();
            let conflicts = statuses.iter().filter(|status| **status == 409).count();
            assert_eq!(won, 1, "sequence {seq}: {statuses:?}");
            assert_eq!(conflicts, CLIENTS - 1, "sequence {seq}: {statuses:?}");
        }
        let log = organizer.get(&format!("/api/v1/matches/{public_id}/entries"));
        let log: Value = serde_json::from_str(&log.body).unwrap();
        assert_eq!(log["entries"].as_array().unwrap().len(), ROUNDS as usize);
    }
}

mod instances {
    use super::*;

    backend_tests! {
        /// Each instance keeps replayed matches in memory; an entry written through
        /// another instance must never be overlooked by that memory.
        fn instances_sharing_a_database_never_score_from_a_stale_memory(app) {
            let admin = app.admin();
            let organizer = app.user(&admin, "org", "organizer");
            let public_id = create_match(&organizer, "Due istanze");
            let token = api_token(&organizer);
            let second = app.second_instance();
            let hand = |seq: i64, winner: &str| json!({"expected_seq": seq, "entry": {"type": "hand", "winner": winner}});
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(0, "A")), 201);
            assert_eq!(post_entry(&second.base, &public_id, &token, &hand(1, "A")), 201);
            // The first instance remembers a log of one entry; it must read it again.
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "B")), 201);
            assert_eq!(post_entry(&app.base, &public_id, &token, &hand(2, "B")), 409);
            let state = organizer.get(&format!("/api/v1/matches/{public_id}"));
            let state: Value = serde_json::from_str(&state.body).unwrap();
            assert_eq!(state["summary"]["scores"], json!([2, 1]));
            assert_eq!(state["next_seq"], 3);
        }
    }
}
