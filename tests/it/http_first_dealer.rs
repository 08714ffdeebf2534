//! Who deals first (issue 22, "The referee's evening") through real HTTP: an event
//! match's referee page asks it before the first hand, by name or by the draw of a
//! card each (a tie asks the tied to draw again); the choice is stored and from then
//! on the page names the dealer, the cutter and the leader; after the first hand it
//! is refused, naming why, in Italian and English; the form carries CSRF.

use crate::support;
use serde_json::{Value, json};
use support::setup::{self, envelope};
use support::{Client, TestApp, club_with_organizer};

/// The text of the element with `id` in a page.
fn text_of(body: &str, id: &str) -> String {
    let marker = format!("id=\"{id}\">");
    let start = body
        .find(&marker)
        .unwrap_or_else(|| panic!("#{id} in {body}"))
        + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// A drawn event of `game` with four pairs; the organizer and the public ids of its
/// first-round matches.
fn event_matches(app: &TestApp, game: &str) -> (Client, Vec<String>) {
    let (_admin, organizer) = club_with_organizer(app);
    let fields = [
        ("name", "Sera della pesca"),
        ("game", game),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(4));
    let overview = organizer.get(&format!("/manage/events/{event}"));
    let mut matches: Vec<String> = Vec::new();
    for rest in overview.body.split("name=\"public_id\" value=\"").skip(1) {
        let id = rest[..rest.find('"').unwrap()].to_string();
        if !matches.contains(&id) {
            matches.push(id);
        }
    }
    assert!(!matches.is_empty(), "{}", overview.body);
    (organizer, matches)
}

/// Posts the question's form of the page `base` with `fields`.
fn choose(client: &Client, base: &str, fields: &[(&str, &str)]) -> support::Response {
    setup::post_entry(client, base, "first_dealer", fields)
}

/// The player's name at `seat` as the page's name button gives it.
fn button_name(body: &str, seat: usize) -> String {
    text_of(body, &format!("first-dealer-{seat}"))
}

backend_tests! {
    fn an_event_match_asks_who_deals_first_then_names_the_dealer_cutter_and_leader(app) {
        let (organizer, matches) = event_matches(&app, "trionfetti");
        let base = format!("/score/{}", matches[0]);
        let page = organizer.get(&base);
        assert_eq!(page.status, 200);
        // The question comes first, above the score: four names, one a seat.
        let question = page.body.find("id=\"first-deal\"").expect("the question");
        assert!(question < page.body.find("id=\"entry\"").unwrap());
        assert!(page.body.contains("Chi fa le carte per primo?"));
        let names: Vec<String> = (0..4).map(|seat| button_name(&page.body, seat)).collect();
        assert!(names.iter().all(|name| name.starts_with("Giocatore")), "{names:?}");
        assert!(page.body.contains("name=\"seat\" value=\"2\""));

        let chosen = choose(&organizer, &base, &[("seat", "2")]);
        assert_eq!(chosen.status, 303, "{}", chosen.body);
        let after = organizer.get(&format!("{base}?recorded=0"));
        assert!(!after.body.contains("id=\"first-deal\""), "asked once");
        assert_eq!(text_of(&after.body, "dealer"), names[2].clone());
        // Play is anticlockwise: the dealer's left (seat 1) cuts, the right (3) leads.
        assert_eq!(text_of(&after.body, "cutter"), names[1].clone());
        assert_eq!(text_of(&after.body, "leader"), names[3].clone());
        assert!(after.body.contains(&format!("Primo mazziere: {}", names[2])), "{}", after.body);
        // Players are named, never given the record's seat counted from 0.
        assert!(!after.body.contains(&format!("{} (2)", names[2])), "{}", after.body);
        // The public page and the record say so too.
        let live = organizer.get(&format!("/m/{}", matches[0]));
        assert!(live.body.contains(&names[2]), "{}", live.body);
        assert!(!live.body.contains(&format!("{} (2)", names[2])), "{}", live.body);
        let record = organizer.get(&format!("/m/{}/record.json", matches[0]));
        assert!(record.body.contains("\"type\": \"first_dealer\""), "{}", record.body);

        // A hand, then the question is refused, saying why, and nothing changes.
        setup::record_win(&organizer, &base, "A");
        let late = choose(&organizer, &base, &[("seat", "1")]);
        assert_eq!(late.status, 422, "{}", late.body);
        assert_eq!(
            text_of(&late.body, "entry-error"),
            "Il primo mazziere si sceglie prima della prima mano: in questa partita il gioco è già cominciato. Per cambiarlo annulla prima le mani registrate."
        );
        assert_eq!(text_of(&late.body, "dealer"), names[2].clone());
    }

    fn after_only_a_comanda_the_refusal_points_at_the_comanda(app) {
        let (organizer, matches) = event_matches(&app, "trionfetti");
        let base = format!("/score/{}", matches[0]);
        let comanda = setup::post_entry(&organizer, &base, "smazzata", &[("comanda", "più ponto"), ("cut", "7d")]);
        assert_eq!(comanda.status, 303, "{}", comanda.body);
        let late = choose(&organizer, &base, &[("seat", "1")]);
        assert_eq!(late.status, 422, "{}", late.body);
        // No hand is recorded: the referee is sent to the comanda, not to "the hands".
        assert_eq!(
            text_of(&late.body, "entry-error").replace("&#39;", "'"),
            "Il primo mazziere si sceglie prima di cominciare: in questa partita non c'è ancora nessuna mano, ma è già registrata la comanda della prima smazzata. Per cambiarlo annulla prima la comanda; poi la ripeterà chi taglia per il nuovo mazziere."
        );
        // Once the comanda is voided, who deals first is taken.
        let undo = setup::post_entry(&organizer, &base, "undo", &[]);
        assert_eq!(undo.status, 303, "{}", undo.body);
        let chosen = choose(&organizer, &base, &[("seat", "1")]);
        assert_eq!(chosen.status, 303, "{}", chosen.body);
    }

    fn the_table_link_in_english_asks_and_refuses_in_english(app) {
        let (organizer, matches) = event_matches(&app, "madrasso");
        let link = setup::table_link(&app, &organizer, &matches[0]);
        let table = app.client_in("en");
        let page = table.get(&link);
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("Who deals first?"), "{}", page.body);
        assert!(page.body.contains("Or record the draw: one card each"));
        let names: Vec<String> = (0..4).map(|seat| button_name(&page.body, seat)).collect();
        let chosen = choose(&table, &link, &[("seat", "3")]);
        assert_eq!(chosen.status, 303, "{}", chosen.body);
        let after = table.get(&link);
        assert_eq!(text_of(&after.body, "dealer"), names[3].clone());
        assert_eq!(text_of(&after.body, "cutter"), names[2].clone());
        assert_eq!(text_of(&after.body, "leader"), names[0].clone());
        let deal = setup::post_entry(&table, &link, "outcome", &[("points", "75"), ("team", "A")]);
        assert_eq!(deal.status, 303, "{}", deal.body);
        // The deal passed to the right: seat 0 deals the second.
        let second = table.get(&link);
        assert_eq!(text_of(&second.body, "dealer"), names[0].clone());
        let late = choose(&table, &link, &[("seat", "1")]);
        assert_eq!(late.status, 422, "{}", late.body);
        assert_eq!(
            text_of(&late.body, "entry-error"),
            "Who deals first is settled before the first hand, and play has already begun in this match. To change it, void the hands recorded first."
        );
    }

    fn a_draw_with_a_tie_asks_the_tied_to_draw_again_then_stores_the_whole_draw(app) {
        let (organizer, matches) = event_matches(&app, "trionfetti");
        let base = format!("/score/{}", matches[0]);
        let page = organizer.get(&base);
        let names: Vec<String> = (0..4).map(|seat| button_name(&page.body, seat)).collect();
        // Two kings: seats 0 and 2 tie, nothing is stored, they are asked again.
        let tie = choose(
            &organizer,
            &base,
            &[("draw0_0", "Rd"), ("draw0_1", "5s"), ("draw0_2", "Rc"), ("draw0_3", "2b")],
        );
        assert_eq!(tie.status, 200, "{}", tie.body);
        let again = text_of(&tie.body, "draw-again");
        assert_eq!(
            again,
            format!(
                "Pari: {} e {} hanno pescato carte dello stesso valore e devono pescare di nuovo.",
                names[0], names[2]
            )
        );
        assert!(tie.body.contains("name=\"draw0_0\" value=\"Rd\""), "the first round is kept");
        assert!(tie.body.contains("id=\"draw1_0\""));
        assert!(tie.body.contains("id=\"draw1_2\""));
        assert!(!tie.body.contains("id=\"draw1_1\""), "only the tied draw again");
        let (seq, _) = envelope(&organizer, &base);
        assert_eq!(seq, "0", "nothing stored");

        // A round missing a tied player's card is refused, naming the player.
        let missing = choose(
            &organizer,
            &base,
            &[("draw0_0", "Rd"), ("draw0_1", "5s"), ("draw0_2", "Rc"), ("draw0_3", "2b"), ("draw1_0", "7d")],
        );
        assert_eq!(missing.status, 422, "{}", missing.body);
        assert_eq!(
            text_of(&missing.body, "entry-error"),
            format!("Pesca, giro 2: manca la carta di {}.", names[2])
        );

        let settled = choose(
            &organizer,
            &base,
            &[("draw0_0", "Rd"), ("draw0_1", "5s"), ("draw0_2", "Rc"), ("draw0_3", "2b"),
              ("draw1_0", "7d"), ("draw1_2", "Cs")],
        );
        assert_eq!(settled.status, 303, "{}", settled.body);
        let after = organizer.get(&base);
        assert_eq!(text_of(&after.body, "dealer"), names[2].clone());
        assert!(after.body.contains("pesca in 2 giri"), "{}", after.body);
        let record = organizer.get(&format!("/m/{}/record.json", matches[0]));
        assert!(record.body.contains("\"Cs\""), "{}", record.body);
    }

    fn the_question_needs_the_forms_csrf_token(app) {
        let (organizer, matches) = event_matches(&app, "vitou");
        let base = format!("/score/{}", matches[0]);
        let (seq, key) = envelope(&organizer, &base);
        let forged = organizer.post_raw(
            &format!("{base}/first_dealer"),
            &[("expected_seq", &seq), ("submission_key", &key), ("seat", "1"), ("csrf_token", "forged")],
        );
        assert_eq!(forged.status, 403);
        let (seq_now, _) = envelope(&organizer, &base);
        assert_eq!(seq_now, "0", "nothing stored");
    }

    fn a_casual_match_keeps_its_first_dealer_and_may_set_it(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let public_id = setup::create_match(&organizer, &[("title", "Amichevole")]);
        let base = format!("/score/{public_id}");
        let page = organizer.get(&base);
        // Folded below the entry: the buttons come first.
        let question = page.body.find("id=\"first-deal\"").expect("offered");
        assert!(question > page.body.find("id=\"win-A\"").unwrap());
        assert!(page.body.contains("Chi fa le carte per primo (facoltativo)"));
        setup::record_win(&organizer, &base, "B");
        let after = organizer.get(&base);
        assert!(!after.body.contains("id=\"first-deal\""));
        assert_eq!(text_of(&after.body, "dealer"), "Bepi");
    }

    fn the_api_takes_who_deals_first_as_its_document_says(app) {
        let organizer = app.organizer();
        let public_id = setup::create_game_match(&organizer, "tressette", &[("title", "API")]);
        let path = format!("/api/v1/matches/{public_id}/entries");
        let csrf = organizer.csrf_token();
        let post = |entry: Value, seq: usize| {
            let body = json!({"expected_seq": seq, "entry": entry}).to_string();
            let answer = organizer.post_json(&path, &body, Some(&csrf));
            support::openapi::check("POST", &path, answer.status, &answer.headers, &answer.body);
            let json: Value = serde_json::from_str(&answer.body).unwrap();
            (answer.status, json)
        };
        let draw = json!({"type": "first_dealer", "seat": 2, "draw": [["1d", "Rs", "3c", "4b"]]});
        let (status, created) = post(draw, 0);
        assert_eq!(status, 201, "{created}");
        let state = organizer.get(&format!("/api/v1/matches/{public_id}"));
        support::openapi::check("GET", &format!("/api/v1/matches/{public_id}"), state.status, &state.headers, &state.body);
        let state: Value = serde_json::from_str(&state.body).unwrap();
        assert_eq!(state["summary"]["dealer"], 2, "{state}");
        assert_eq!(state["summary"]["leader"], 3, "{state}");
        let (status, _) = post(json!({"type": "deal", "team": "A", "points": 6}), 1);
        assert_eq!(status, 201);
        let (status, refused) = post(json!({"type": "first_dealer", "seat": 0}), 2);
        assert_eq!(status, 422, "{refused}");
        assert_eq!(refused["error"], "refused");
        assert_eq!(
            refused["message_en"],
            "entry 2: Who deals first is settled before the first hand, and play has already begun in this match. To change it, void the hands recorded first."
        );
    }
}
