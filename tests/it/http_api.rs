//! The JSON API through real HTTP: reads, appends with the expected sequence
//! number, voids, the same refusals as the pages, tokens, and the OpenAPI document.

use crate::support;
use support::setup;

use serde_json::{Value, json};
use support::{Client, TestApp, header_list};

fn create_match(organizer: &Client) -> String {
    setup::create_match(organizer, &[("title", "API")])
}

fn personal_token(client: &Client) -> String {
    setup::personal_token(client, "tabellone")
}

/// A JSON request with an optional bearer token; returns (status, body).
fn call(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let url = app.url(path);
    let response = match (method, body) {
        ("GET", _) => {
            let mut request = agent.get(&url);
            if let Some(token) = token {
                request = request.header("Authorization", &format!("Bearer {token}"));
            }
            request.call()
        }
        (_, body) => {
            let mut request = agent.post(&url).content_type("application/json");
            if let Some(token) = token {
                request = request.header("Authorization", &format!("Bearer {token}"));
            }
            request.send(body.unwrap_or(Value::Null).to_string())
        }
    };
    let mut response = response.unwrap();
    let status = response.status().as_u16();
    let headers = header_list(&response);
    let text = response.body_mut().read_to_string().unwrap_or_default();
    support::openapi::check(method, path, status, &headers, &text);
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

backend_tests! {
    fn tokens_score_through_the_api_with_the_pages_rules(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let outsider = app.user(&admin, "altro", "organizer");
        let public_id = create_match(&organizer);
        let token = personal_token(&organizer);
        let outsider_token = personal_token(&outsider);
        let entries = format!("/api/v1/matches/{public_id}/entries");

        let (status, state) = call(&app, "GET", &format!("/api/v1/matches/{public_id}"), None, None);
        assert_eq!(status, 200);
        assert_eq!(state["next_seq"], 0);
        assert_eq!(state["summary"]["vagaresto_value"], 20);

        let hand = json!({"expected_seq": 0, "submission_key": "k1", "entry": {"type": "hand", "winner": "A"}});
        // Refusals: no credentials, a wrong token, an account that may not score.
        assert_eq!(call(&app, "POST", &entries, None, Some(hand.clone())).0, 401);
        assert_eq!(call(&app, "POST", &entries, Some("forged"), Some(hand.clone())).0, 401);
        assert_eq!(call(&app, "POST", &entries, Some(&outsider_token), Some(hand.clone())).0, 403);

        let (status, created) = call(&app, "POST", &entries, Some(&token), Some(hand.clone()));
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["seq"], 0);
        assert_eq!(created["match"]["summary"]["scores"], json!([1, 0]));
        // The answer is the state the match is in now, exactly as reading it gives.
        let (_, read_back) = call(&app, "GET", &format!("/api/v1/matches/{public_id}"), None, None);
        assert_eq!(created["match"], read_back);
        // The same submission again is recorded once.
        let (status, again) = call(&app, "POST", &entries, Some(&token), Some(hand.clone()));
        assert_eq!(status, 200);
        assert_eq!(again["already_recorded"], true);
        // A stale expected_seq is a conflict, with the new state.
        let stale = json!({"expected_seq": 0, "submission_key": "k2", "entry": {"type": "hand", "winner": "B"}});
        let (status, conflict) = call(&app, "POST", &entries, Some(&token), Some(stale));
        assert_eq!(status, 409);
        assert_eq!(conflict["error"], "stale");
        assert_eq!(conflict["current_seq"], 1);
        // The rules refuse a wrong stake, in both languages, naming the reason.
        let wrong = json!({"expected_seq": 1, "entry": {"type": "hand", "winner": "B", "vagaresto": {"caller": 1, "answer": "accepted", "stake": 3}}});
        let (status, refused) = call(&app, "POST", &entries, Some(&token), Some(wrong));
        assert_eq!(status, 422, "{refused}");
        assert!(refused["message_en"].as_str().unwrap().contains("19"), "{refused}");
        assert!(!refused["message_it"].as_str().unwrap().is_empty());
        // Unknown fields are refused with a readable error.
        let typo = json!({"expected_seq": 1, "entry": {"type": "hand", "winer": "B"}});
        let (status, unreadable) = call(&app, "POST", &entries, Some(&token), Some(typo));
        assert_eq!(status, 400);
        assert!(unreadable["message_en"].as_str().unwrap().contains("winer"));

        // Void with a reason.
        let void = json!({"expected_seq": 1, "reason": "segnata per errore"});
        let (status, voided) = call(&app, "POST", &format!("{entries}/0/void"), Some(&token), Some(void));
        assert_eq!(status, 201, "{voided}");
        assert_eq!(voided["match"]["summary"]["scores"], json!([0, 0]));
        let (_, log) = call(&app, "GET", &entries, None, None);
        assert_eq!(log["entries"][0]["voided"], true);
        assert_eq!(log["entries"][1]["entry"]["type"], "void");
        assert_eq!(log["entries"][1]["entry"]["author"], "org");

        // A revoked token is refused at once.
        let page = organizer.get("/account/tokens");
        let revoke = page.body.split("action=\"/account/tokens/").nth(1).unwrap().split('"').next().unwrap().to_string();
        assert_eq!(organizer.post_form(&format!("/account/tokens/{revoke}"), &[]).status, 303);
        let next = json!({"expected_seq": 2, "entry": {"type": "hand", "winner": "A"}});
        assert_eq!(call(&app, "POST", &entries, Some(&token), Some(next)).0, 401);
    }

    fn a_scoring_link_token_writes_only_its_match(app) {
        let organizer = app.organizer();
        let first = create_match(&organizer);
        let second = create_match(&organizer);
        organizer.post_form(&format!("/manage/matches/{first}/link"), &[]);
        let page = organizer.get(&format!("/manage/matches/{first}"));
        let start = page.body.find("/s/").unwrap() + 3;
        let link_token = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();
        let hand = json!({"expected_seq": 0, "entry": {"type": "hand", "winner": "B"}});
        let (status, _) = call(&app, "POST", &format!("/api/v1/matches/{first}/entries"), Some(&link_token), Some(hand.clone()));
        assert_eq!(status, 201);
        let (status, _) = call(&app, "POST", &format!("/api/v1/matches/{second}/entries"), Some(&link_token), Some(hand));
        assert_eq!(status, 403);
    }

    fn a_finished_match_refuses_a_hand_naming_its_status_in_each_language(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer);
        let token = personal_token(&organizer);
        let entries = format!("/api/v1/matches/{public_id}/entries");
        let hand = |seq: usize| json!({"expected_seq": seq, "entry": {"type": "hand", "winner": "A"}});
        let mut next = 0;
        loop {
            let (status, created) = call(&app, "POST", &entries, Some(&token), Some(hand(next)));
            assert_eq!(status, 201, "{created}");
            next += 1;
            if created["match"]["status"] == "finished" {
                break;
            }
            assert!(next < 500, "three games to 20 points end well before");
        }
        let (status, refused) = call(&app, "POST", &entries, Some(&token), Some(hand(next)));
        assert_eq!(status, 409, "{refused}");
        assert_eq!(refused["error"], "closed");
        assert_eq!(refused["message_it"], "la partita è finita: accetta solo correzioni esplicite");
        assert_eq!(refused["message_en"], "the match is finished: it accepts only explicit corrections");
    }

    fn a_session_needs_the_csrf_header_for_api_writes(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer);
        let path = format!("/api/v1/matches/{public_id}/entries");
        let body = json!({"expected_seq": 0, "entry": {"type": "hand", "winner": "A"}}).to_string();
        let without = organizer.post_json(&path, &body, None);
        assert_eq!(without.status, 403);
        let token = organizer.csrf_token();
        let with = organizer.post_json(&path, &body, Some(&token));
        assert_eq!(with.status, 201, "{}", with.body);
    }

    fn an_unreadable_request_is_explained_in_each_language(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer);
        let path = format!("/api/v1/matches/{public_id}/entries");
        let csrf = organizer.csrf_token();
        let refused = |body: &str| {
            let answer = organizer.post_json(&path, body, Some(&csrf));
            assert_eq!(answer.status, 400, "{}", answer.body);
            let answer: Value = serde_json::from_str(&answer.body).unwrap();
            assert_eq!(answer["error"], "unreadable");
            (answer["message_it"].as_str().unwrap().to_string(), answer["message_en"].as_str().unwrap().to_string())
        };
        // Cut short: the position once, in the reader's words.
        let (it, en) = refused("{\"expected_seq\": 0,\n\"entry\": {\"type\": \"hand\"");
        assert_eq!(it, "richiesta non leggibile (riga 2, colonna 24): il testo finisce dentro un oggetto");
        assert_eq!(en, "cannot read the request (line 2, column 24): EOF while parsing an object");
        // A field missing from the request.
        let (it, en) = refused(r#"{"entry": {"type": "hand", "winner": "A"}}"#);
        assert!(it.ends_with(": manca il campo `expected_seq`"), "{it}");
        assert!(en.ends_with(": missing field `expected_seq`"), "{en}");
        // A field misspelt in the entry: the entry, the field and what is expected.
        let token = personal_token(&organizer);
        let typo = json!({"expected_seq": 0, "entry": {"type": "hand", "winer": "B"}});
        let (status, answer) = call(&app, "POST", &path, Some(&token), Some(typo));
        assert_eq!(status, 400, "{answer}");
        let it = answer["message_it"].as_str().unwrap();
        assert!(it.starts_with("registrazione 0 non leggibile: campo `winer` sconosciuto: previsto uno tra `winner`"), "{it}");
        assert!(!it.contains("unknown") && !it.contains("expected"), "{it}");
    }
}

/// A match of `game` with its default options, created through the organizer's form.
fn create_game_match(organizer: &Client, game: &str) -> String {
    setup::create_game_match(organizer, game, &[("title", "API")])
}

/// Sends `method` without a body; returns (status, Allow header). Checked against the document.
fn bare(app: &TestApp, method: &str, path: &str) -> (u16, Option<String>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let url = app.url(path);
    let mut response = match method {
        "TRACE" => agent.trace(&url).call(),
        "OPTIONS" => agent.options(&url).call(),
        "DELETE" => agent.delete(&url).call(),
        "PUT" => agent.put(&url).send(""),
        "PATCH" => agent.patch(&url).send(""),
        "GET" => agent.get(&url).call(),
        other => panic!("no {other} here"),
    }
    .unwrap();
    let status = response.status().as_u16();
    let headers = header_list(&response);
    let text = response.body_mut().read_to_string().unwrap_or_default();
    support::openapi::check(method, path, status, &headers, &text);
    let allow = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("allow"))
        .map(|(_, value)| value.clone());
    (status, allow)
}

mod documented {
    use super::*;
    backend_tests! {
        /// Every game's entries, corrections included, go in through the API and come
        /// back in its log as the document describes them (the answers are checked by
        /// `call`); the log's schema is strict enough to refuse what no game writes.
        fn the_entries_of_every_game_are_answered_as_the_document_says(app) {
            let organizer = app.organizer();
            let token = personal_token(&organizer);
            let plays = [
                ("trionfetti", json!({"type": "hand", "winner": "A"}), json!({"type": "hand", "winner": "B", "vagaresto": {"caller": 1, "answer": "conceded"}})),
                ("madrasso", json!({"type": "deal", "team": "A", "points": 75}), json!({"type": "deal", "team": "B", "points": 80})),
                ("tressette", json!({"type": "deal", "team": "B", "points": 4, "declarations": [{"combo": "napoletana", "seat": 1, "suit": "c"}]}), json!({"type": "deal", "team": "A", "points": 6})),
                ("trijumf", json!({"type": "deal", "cut": "normal", "trump_card": "7d", "points": [80, 50]}), json!({"type": "deal", "cut": "flip", "trump_card": "Rb", "points": [50, 80]})),
                ("vitou", json!({"type": "round", "winner": "A"}), json!({"type": "round", "winner": "B", "bids": [{"seat": 1, "bid": 3}], "points": 3})),
            ];
            for (game, first, second) in plays {
                let public_id = create_game_match(&organizer, game);
                let entries = format!("/api/v1/matches/{public_id}/entries");
                let bodies = [
                    json!({"expected_seq": 0, "entry": first}),
                    json!({"expected_seq": 1, "entry": second}),
                    json!({"expected_seq": 2, "entry": {"type": "replace", "target": 0, "reason": "swapped", "entry": second}}),
                ];
                for body in bodies {
                    let (status, answer) = call(&app, "POST", &entries, Some(&token), Some(body));
                    assert_eq!(status, 201, "{game}: {answer}");
                    assert_eq!(answer["match"]["game"], game);
                }
                let (status, voided) = call(&app, "POST", &format!("{entries}/1/void"), Some(&token), Some(json!({"expected_seq": 3, "reason": "doppia"})));
                assert_eq!(status, 201, "{game}: {voided}");
                let (status, log) = call(&app, "GET", &entries, None, None);
                assert_eq!(status, 200);
                let kinds: Vec<&str> = log["entries"].as_array().unwrap().iter().map(|logged| logged["entry"]["type"].as_str().unwrap()).collect();
                assert_eq!(kinds[2..], ["replace", "void"], "{game}: {log}");

                // A field no game writes, or an entry of another game's list, is not in the document.
                let mut tampered = log.clone();
                tampered["entries"][0]["entry"]["winer"] = json!("A");
                assert!(!support::openapi::answer_errors("get", "/api/v1/matches/{id}/entries", 200, &tampered).is_empty(), "{game}: {tampered}");
                let entry = &log["entries"][0]["entry"];
                let own = format!("{}{}Entry", game[..1].to_uppercase(), &game[1..]);
                assert!(support::openapi::errors_against(&own, entry).is_empty(), "{own}: {entry}");
                let others: Vec<&str> = ["TrionfettiEntry", "MadrassoEntry", "TressetteEntry", "TrijumfEntry", "VitouEntry"]
                    .into_iter()
                    .filter(|other| *other != own && !support::openapi::errors_against(other, entry).is_empty())
                    .collect();
                assert!(others.len() >= 3, "{game}'s {entry} fits other games' lists: {others:?}");
            }
            let (_, state) = call(&app, "GET", "/api/v1/openapi.json", None, None);
            let mut appended = json!({"seq": 0, "match": {"id": "x", "title": "t", "game": "vitou", "status": "in_progress", "players": [], "next_seq": 1, "summary": {}}});
            assert!(!support::openapi::answer_errors("post", "/api/v1/matches/{id}/entries", 201, &appended).is_empty(), "a summary without its common fields");
            appended["match"]["summary"] = json!({"game": "vitou", "scores": [0, 0], "games_won": [0, 0], "over": false, "winner": null, "dealer": 1, "leader": 2});
            assert!(support::openapi::answer_errors("post", "/api/v1/matches/{id}/entries", 201, &appended).is_empty());
            assert_eq!(state["openapi"], "3.1.0");
        }

        /// A void answers 400 for a body it cannot read, 404 for a match or a sequence
        /// number that is not one, 422 for a blank reason: each in the document.
        fn a_void_answers_each_refusal_the_document_lists(app) {
            let organizer = app.organizer();
            let public_id = create_match(&organizer);
            let token = personal_token(&organizer);
            let entries = format!("/api/v1/matches/{public_id}/entries");
            let (status, _) = call(&app, "POST", &entries, Some(&token), Some(json!({"expected_seq": 0, "entry": {"type": "hand", "winner": "A"}})));
            assert_eq!(status, 201);
            let (status, answer) = call(&app, "POST", &format!("{entries}/0/void"), Some(&token), Some(json!({"expected_seq": 1})));
            assert_eq!(status, 400, "{answer}");
            assert_eq!(answer["error"], "unreadable");
            let (status, answer) = call(&app, "POST", &format!("{entries}/0/void"), Some(&token), Some(json!({"expected_seq": 1, "reason": "  "})));
            assert_eq!(status, 422, "{answer}");
            assert_eq!(answer["error"], "reason_required");
            let (status, answer) = call(&app, "POST", &format!("{entries}/seven/void"), Some(&token), Some(json!({"expected_seq": 1, "reason": "r"})));
            assert_eq!(status, 404, "{answer}");
            let (status, answer) = call(&app, "POST", "/api/v1/matches/nothing-here/entries/0/void", Some(&token), Some(json!({"expected_seq": 1, "reason": "r"})));
            assert_eq!(status, 404, "{answer}");
            let (status, answer) = call(&app, "POST", &format!("{entries}/5/void"), Some(&token), Some(json!({"expected_seq": 1, "reason": "r"})));
            assert_eq!(status, 422, "{answer}");
            assert_eq!(answer["error"], "refused");
            let (status, answer) = call(&app, "POST", &format!("{entries}/0/void"), Some(&token), Some(json!({"expected_seq": 0, "reason": "r"})));
            assert_eq!(status, 409, "{answer}");
            assert_eq!(answer["error"], "stale");
            // The largest sequence number the document allows is answered, not a server error.
            let (status, answer) = call(&app, "POST", &entries, Some(&token), Some(json!({"expected_seq": i64::MAX, "entry": {"type": "hand", "winner": "A"}})));
            assert_eq!(status, 409, "{answer}");
            let (status, answer) = call(&app, "POST", &format!("{entries}/{}/void", i64::MAX), Some(&token), Some(json!({"expected_seq": 1, "reason": "r"})));
            assert_eq!(status, 422, "{answer}");
        }
    }
}

/// A method an API route does not take is 405 with the methods it does, not 404.
#[test]
fn an_api_route_refuses_a_method_it_does_not_take_with_405_and_allow() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    for method in ["TRACE", "OPTIONS", "DELETE", "PUT", "PATCH"] {
        let (status, allow) = bare(&app, method, "/api/v1/matches/some-id/entries");
        assert_eq!(status, 405, "{method}");
        assert_eq!(allow.as_deref(), Some("GET, POST"), "{method}");
    }
    let (status, allow) = bare(&app, "TRACE", "/api/v1/openapi.json");
    assert_eq!((status, allow.as_deref()), (405, Some("GET")));
    let (status, allow) = bare(&app, "GET", "/api/v1/matches/some-id/entries/3/void");
    assert_eq!((status, allow.as_deref()), (405, Some("POST")));
    // A path that is no route stays 404.
    assert_eq!(bare(&app, "TRACE", "/api/v1/nothing").0, 404);
}

#[test]
fn the_openapi_document_describes_every_api_route() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (status, document) = call(&app, "GET", "/api/v1/openapi.json", None, None);
    assert_eq!(status, 200);
    assert_eq!(document["openapi"], "3.1.0");
    let paths = document["paths"].as_object().unwrap();
    for route in segnapunti::web::routes::ROUTES
        .iter()
        .filter(|route| route.path.starts_with("/api/"))
    {
        let described = paths
            .get(route.path)
            .and_then(|item| item.get(route.method))
            .is_some();
        assert!(
            described,
            "{} {} is not in the OpenAPI document",
            route.method, route.path
        );
    }
    // Sequence numbers are int64, a reason is not empty.
    let schemas = &document["components"]["schemas"];
    let append = &document["paths"]["/api/v1/matches/{id}/entries"]["post"];
    let void = &document["paths"]["/api/v1/matches/{id}/entries/{seq}/void"]["post"];
    let body = |operation: &Value| {
        operation["requestBody"]["content"]["application/json"]["schema"].clone()
    };
    for number in [
        &body(append)["properties"]["expected_seq"],
        &body(void)["properties"]["expected_seq"],
        &void["parameters"][1]["schema"],
    ] {
        assert_eq!(number["type"], "integer", "{number}");
        assert_eq!(number["format"], "int64", "{number}");
        assert_eq!(number["minimum"], 0, "{number}");
        assert_eq!(number["maximum"], i64::MAX, "{number}");
    }
    assert_eq!(body(void)["properties"]["reason"]["minLength"], 1);
    // Each game's entries are told apart by `type`.
    for game in ["Trionfetti", "Madrasso", "Tressette", "Trijumf", "Vitou"] {
        let list = &schemas[format!("{game}Entry")];
        assert_eq!(list["discriminator"]["propertyName"], "type", "{game}");
        assert!(list["oneOf"].as_array().unwrap().len() >= 3, "{game}");
    }
    // Every status of every operation comes with its body's schema.
    for (path, item) in paths {
        for (method, operation) in item.as_object().unwrap() {
            for (status, answer) in operation["responses"].as_object().unwrap() {
                assert!(
                    answer
                        .pointer("/content/application~1json/schema")
                        .is_some(),
                    "{method} {path} {status}"
                );
            }
        }
    }
    // Errors from the API are JSON, not pages.
    let (status, missing) = call(&app, "GET", "/api/v1/matches/nothing-here", None, None);
    assert_eq!(status, 404);
    assert_eq!(missing["error"], "not_found");
}
