//! Madrasso, Tressette, Trijumf and Vitou through the pages and the API, on SQLite
//! and (when configured) PostgreSQL: a match of each game created by an organizer,
//! deals recorded through the referee page's outcome form, rule refusals in Italian
//! and English with the typed values kept, undo, corrections, the live and replay
//! pages with the game's sheet (up to date right after each entry), export and import,
//! and an API append.

use crate::support;

use segnapunti::rules::kind::GameKind;
use serde_json::{Value, json};
use support::setup::api_append;
use support::{Client, TestApp};

/// Creates a match of `game` with the extra fields and returns its public id.
fn create(organizer: &Client, game: &str, title: &str, extra: &[(&str, &str)]) -> String {
    let mut fields = vec![("title", title)];
    fields.extend_from_slice(extra);
    support::setup::create_game_match(organizer, game, &fields)
}

/// Posts a form of the referee page with the envelope it hands out.
fn post(client: &Client, base: &str, action: &str, fields: &[(&str, &str)]) -> support::Response {
    support::setup::post_entry(client, base, action, fields)
}

fn recorded(client: &Client, base: &str, fields: &[(&str, &str)]) {
    let response = post(client, base, "outcome", fields);
    assert_eq!(response.status, 303, "{}", response.body);
}

fn points(body: &str, team: &str) -> String {
    let marker = format!("id=\"points-{team}\">");
    let start = body.find(&marker).expect("points shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

fn error_text(body: &str) -> String {
    let marker = "id=\"entry-error\">";
    let start = body.find(marker).expect("an error is shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// The refusal of a form in both languages: 422, the rule's words, the values kept.
fn refused_in_both_languages(
    app: &TestApp,
    organizer: &Client,
    base: &str,
    fields: &[(&str, &str)],
    italian: &str,
    english: &str,
    kept: &str,
) {
    let response = post(organizer, base, "outcome", fields);
    assert_eq!(response.status, 422, "{}", response.body);
    let text = error_text(&response.body);
    assert!(text.contains(italian), "{text}");
    assert!(
        response.body.contains(kept),
        "what was typed is kept: {kept}"
    );
    // The same refusal for an English-speaking referee, through the match's link.
    let issued = organizer.post_form(&format!("/manage/matches/{}/link", &base[7..]), &[]);
    assert_eq!(issued.status, 303);
    let manage = organizer.get(&format!("/manage/matches/{}", &base[7..]));
    let start = manage.body.find(&format!("{}/s/", app.base)).expect("link");
    let rest = &manage.body[start + app.base.len()..];
    let link = &rest[..rest.find('"').unwrap()];
    let english_referee = app.client_in("en");
    let response = post(&english_referee, link, "outcome", fields);
    assert_eq!(response.status, 422, "{}", response.body);
    let text = error_text(&response.body);
    assert!(text.contains(english), "{text}");
}

/// Undo, replace through the outcome form, void through the correction form; the
/// live page, the replay and the record; import of the record into a new match.
fn corrections_sheets_and_round_trip(
    app: &TestApp,
    organizer: &Client,
    game: &str,
    public_id: &str,
    replacement: &[(&str, &str)],
    extra: &[(&str, &str)],
) {
    let base = format!("/score/{public_id}");
    let before = organizer.get(&base);
    let (a, b) = (points(&before.body, "A"), points(&before.body, "B"));

    // Undo the last deal, then put it back as recorded by the replacement form.
    let undo = post(organizer, &base, "undo", &[]);
    assert_eq!(undo.status, 303, "{}", undo.body);
    let undone = organizer.get(&base);
    assert!(
        undone.body.contains("annullata"),
        "the undone entry is marked"
    );
    assert_ne!(
        (points(&undone.body, "A"), points(&undone.body, "B")),
        (a.clone(), b.clone())
    );

    // A replacement of entry 0 with a reason.
    let mut fields = replacement.to_vec();
    fields.extend_from_slice(&[
        ("replace_target", "0"),
        ("replace_reason", "punti scambiati"),
    ]);
    recorded(organizer, &base, &fields);
    let page = organizer.get(&base);
    assert!(
        page.body.contains("sostituita"),
        "the replaced entry is marked"
    );
    assert!(page.body.contains("punti scambiati"));

    // A void with a reason, through the correction form: asked first (issue 24), done
    // once confirmed.
    let asked = post(
        organizer,
        &base,
        "correct",
        &[("target", "0"), ("reason", "tavolo sbagliato")],
    );
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(asked.body.contains("id=\"confirm-form\""), "{}", asked.body);
    let void = post(
        organizer,
        &base,
        "correct",
        &[
            ("target", "0"),
            ("reason", "tavolo sbagliato"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(void.status, 303, "{}", void.body);
    let page = organizer.get(&base);
    assert!(page.body.contains("tavolo sbagliato"));

    // The live page and the replay show the game's sheet; the replay marks corrections.
    let live = app.client().get(&format!("/m/{public_id}"));
    assert_eq!(live.status, 200, "{}", live.body);
    assert!(live.body.contains("game-sheet"), "{}", live.body);
    assert!(live.body.contains("id=\"sheet-total-A\">"));
    let fragment = app.client().get(&format!("/m/{public_id}/sheet"));
    assert_eq!(fragment.status, 200);
    assert!(fragment.body.contains("id=\"score-sheet\""));
    let replay = app.client().get(&format!("/m/{public_id}/replay?step=1"));
    assert_eq!(replay.status, 200, "{}", replay.body);
    assert!(replay.body.contains("game-sheet"));
    assert!(replay.body.contains("id=\"step-next\""));
    let whole = app.client().get(&format!("/m/{public_id}/replay"));
    assert!(whole.body.contains("class=\"voided"), "{}", whole.body);
    assert!(whole.body.contains("replaced"));

    // Export, then import into a new scheduled match: the same log and state.
    let exported = app.client().get(&format!("/m/{public_id}/record.json"));
    assert_eq!(exported.status, 200);
    let record: Value = serde_json::from_str(&exported.body).unwrap();
    assert_eq!(record["game"], game);
    let copy = create(organizer, game, "Copia", extra);
    let imported = organizer.post_form(
        &format!("/manage/matches/{copy}/import"),
        &[("record", &exported.body)],
    );
    assert_eq!(imported.status, 303, "{}", imported.body);
    let again: Value =
        serde_json::from_str(&app.client().get(&format!("/m/{copy}/record.json")).body).unwrap();
    assert_eq!(again["game"], game);
    assert_eq!(again["players"], record["players"]);
    assert_eq!(again["options"], record["options"]);
    let kinds = |record: &Value| -> Vec<Value> {
        record["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| {
                let mut entry = entry.clone();
                entry.as_object_mut().unwrap().remove("author");
                entry.as_object_mut().unwrap().remove("time");
                entry
            })
            .collect()
    };
    assert_eq!(kinds(&again), kinds(&record));
    let original = app
        .client()
        .get(&format!("/api/v1/matches/{public_id}"))
        .body;
    let copied = app.client().get(&format!("/api/v1/matches/{copy}")).body;
    let summary = |body: &str| serde_json::from_str::<Value>(body).unwrap()["summary"].clone();
    assert_eq!(summary(&original), summary(&copied));

    // A record of another game is refused by an import with the reason.
    let wrong = organizer.post_form(
        &format!(
            "/manage/matches/{}/import",
            create(organizer, game, "Vuota", extra)
        ),
        &[(
            "record",
            "{\"format_version\": 1, \"game\": \"scopa\", \"players\": [], \"first_dealer\": 0}",
        )],
    );
    assert_eq!(wrong.status, 422);
    assert!(wrong.body.contains("scopa"));
}

/// The live page and the sheet fragment of a match in Italian and in English, each
/// asked twice so that a page kept from before an entry would be served the second time.
fn live_pages_twice(app: &TestApp, public_id: &str) -> Vec<String> {
    let mut bodies = Vec::new();
    for language in ["it", "en"] {
        let visitor = app.client_in(language);
        for path in [format!("/m/{public_id}"), format!("/m/{public_id}/sheet")] {
            for _ in 0..2 {
                let page = visitor.get(&path);
                assert_eq!(page.status, 200, "{}", page.body);
                bodies.push(page.body);
            }
        }
    }
    bodies
}

backend_tests! {
    fn madrasso_through_the_pages(app) {
        let organizer = app.organizer();
        let form = organizer.get("/manage/matches?game=madrasso");
        assert!(form.body.contains("name=\"min_deals\""), "the game's options are offered");
        assert!(form.body.contains("value=\"777\""), "at their defaults");
        let public_id = create(&organizer, "madrasso", "Madrasso", &[("revoke_penalty", "subtract")]);
        let base = format!("/score/{public_id}");
        let page = organizer.get(&base);
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("Madrasso"));
        assert!(page.body.contains("name=\"outcome\" value=\"cassone\""));

        recorded(&organizer, &base, &[("outcome", "played"), ("team", "A"), ("points", "75")]);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "75");
        assert_eq!(points(&page.body, "B"), "55");
        // A cassone under the subtract variant: the offenders' total goes below zero.
        recorded(&organizer, &base, &[("outcome", "cassone"), ("seat", "1")]);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "B"), "-75", "{}", page.body);

        refused_in_both_languages(
            &app, &organizer, &base,
            &[("outcome", "played"), ("team", "A"), ("points", "129")],
            "nessuna battuta dà 129 punti", "no deal gives a team 129 points",
            "value=\"129\"",
        );
        // A form left incomplete is refused before the rules, in the referee's words.
        let incomplete = post(&organizer, &base, "outcome", &[("outcome", "played"), ("points", "40")]);
        assert_eq!(incomplete.status, 422);
        assert!(error_text(&incomplete.body).contains("Scegli la squadra"));

        corrections_sheets_and_round_trip(
            &app, &organizer, "madrasso", &public_id,
            &[("outcome", "played"), ("team", "B"), ("points", "75")],
            &[("revoke_penalty", "subtract")],
        );
        let live = app.client().get(&format!("/m/{public_id}"));
        assert!(live.body.contains("cassone"), "the sheet says how the deal ended");

        let appended = api_append(&organizer, &public_id, json!({"type": "deal", "cappotto": "A"}));
        assert_eq!(appended["match"]["summary"]["over"], true, "{appended}");
        assert_eq!(appended["match"]["summary"]["winner"], "A");
        let finished = organizer.get(&base);
        assert!(finished.body.contains("id=\"match-result\""));
        assert!(!finished.body.contains("id=\"outcome-form\""), "no outcome form once over");
    }

    fn tressette_through_the_pages(app) {
        let organizer = app.organizer();
        let public_id = create(&organizer, "tressette", "Tressette", &[("target_points", "21"), ("games_to_win", "3")]);
        let base = format!("/score/{public_id}");
        recorded(&organizer, &base, &[
            ("outcome", "played"), ("team", "A"), ("points", "6"),
            // The form's rank is left empty: a napoletana has none (one typed is refused).
            ("decl0_seat", "1"), ("decl0_combo", "napoletana"), ("decl0_suit", "c"),
        ]);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "6");
        assert_eq!(points(&page.body, "B"), "8", "5 in cards and a napoletana");

        refused_in_both_languages(
            &app, &organizer, &base,
            &[("outcome", "played"), ("team", "B"), ("points", "12")],
            "fa da 0 a 11 punti di carte, registrati 12", "a team takes 0 to 11 card points in a deal, 12 recorded",
            "value=\"12\"",
        );

        // A sweep wins several games at once; the sheet counts them.
        recorded(&organizer, &base, &[("outcome", "sweep"), ("team", "B"), ("sweep", "cappotto")]);
        let page = organizer.get(&base);
        assert!(page.body.contains("id=\"games-B\">2<"), "{}", page.body);
        let live = app.client().get(&format!("/m/{public_id}"));
        assert!(live.body.contains("id=\"sheet-games-B\">2<"), "{}", live.body);
        assert!(live.body.contains("napoletana"));

        corrections_sheets_and_round_trip(
            &app, &organizer, "tressette", &public_id,
            &[("outcome", "played"), ("team", "B"), ("points", "6")],
            &[("target_points", "21"), ("games_to_win", "3")],
        );
        // 11 to 0 is a sweep or nothing: by the form and by the API it is refused,
        // naming the `sweep` field, and nothing is recorded.
        refused_in_both_languages(
            &app, &organizer, &base,
            &[("outcome", "played"), ("team", "A"), ("points", "11")],
            "11 a 0 per la squadra A non si fa senza cappotto né stramazzo",
            "11 to 0 for team A cannot happen without a sweep",
            "value=\"11\"",
        );
        let refused = post(&organizer, &base, "outcome", &[("outcome", "played"), ("team", "B"), ("points", "0")]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(error_text(&refused.body).contains("campo &#34;sweep&#34;") || error_text(&refused.body).contains("campo &quot;sweep&quot;"),
            "{}", error_text(&refused.body));
        let state: Value = serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
        let eleven = json!({"expected_seq": state["next_seq"], "entry": {"type": "deal", "team": "A", "points": 11}});
        let response = organizer.post_json(
            &format!("/api/v1/matches/{public_id}/entries"), &eleven.to_string(), Some(&organizer.csrf_token()),
        );
        assert_eq!(response.status, 422, "{}", response.body);
        let refusal: Value = serde_json::from_str(&response.body).unwrap();
        assert!(refusal["message_en"].as_str().unwrap().contains("\"sweep\" field"), "{refusal}");
        assert!(refusal["message_it"].as_str().unwrap().contains("campo \"sweep\""), "{refusal}");
        let after: Value = serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
        assert_eq!(after["next_seq"], state["next_seq"], "nothing recorded");
        let appended = api_append(&organizer, &public_id, json!({"type": "deal", "team": "A", "points": 10}));
        assert_eq!(appended["match"]["game"], "tressette");
    }

    fn trijumf_for_two_through_the_pages(app) {
        let organizer = app.organizer();
        // The new-match form counts seats from 1, as the table cards do.
        let form = organizer.get("/manage/matches");
        for (seat, label) in [(0, "Posto 1 · Squadra A"), (3, "Posto 4 · Squadra B")] {
            assert!(form.body.contains(&format!("<label for=\"seat{seat}\">{label}</label>")), "{}", form.body);
        }
        assert!(form.body.contains("<option value=\"0\" selected>Posto 1</option>") || form.body.contains("<option value=\"0\">Posto 1</option>"), "{}", form.body);
        assert!(!form.body.contains("Posto 0"), "{}", form.body);
        let public_id = create(&organizer, "trijumf", "Trijumf a due", &[("players", "2"), ("seat2", ""), ("seat3", "")]);
        let state: Value = serde_json::from_str(&app.client().get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
        assert_eq!(state["players"], json!(["Bepi", "Toni"]));
        // The organizer's page names each side by its one player.
        let manage = organizer.get(&format!("/manage/matches/{public_id}"));
        assert!(manage.body.contains("<dt>Squadra A</dt><dd>Bepi</dd>"), "{}", manage.body);
        assert!(manage.body.contains("<dt>Squadra B</dt><dd>Toni</dd>"), "{}", manage.body);
        let base = format!("/score/{public_id}");
        let page = organizer.get(&base);
        assert!(!page.body.contains("Nane"), "two players only");
        recorded(&organizer, &base, &[
            ("cut", "normal"), ("trump_card", "7d"), ("outcome", "played"),
            ("points_a", "80"), ("points_b", "50"),
            ("decl0_seat", "1"), ("decl0_suit", "d"),
        ]);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "80");
        assert_eq!(points(&page.body, "B"), "90", "50 and king-horse in trumps");

        refused_in_both_languages(
            &app, &organizer, &base,
            &[("cut", "normal"), ("trump_card", "3s"), ("outcome", "played"), ("points_a", "80"), ("points_b", "60")],
            "sommano a 130, ma 80 + 60 = 140", "add up to 130, but 80 + 60 = 140",
            "value=\"60\"",
        );
        // A seat that is not at a two-player table.
        let absent = post(&organizer, &base, "json", &[("entry", "{\"type\": \"deal\", \"cut\": \"normal\", \"trump_card\": \"3s\", \"revoke\": {\"seat\": 3}}")]);
        assert_eq!(absent.status, 422, "{}", absent.body);
        assert!(absent.body.contains("revoke"), "the JSON typed is kept");
        // What serde says is said in the page's language.
        let broken = post(&organizer, &base, "json", &[("entry", "{\"type\": \"deal\", \"cut\": }")]);
        assert_eq!(broken.status, 422, "{}", broken.body);
        assert!(broken.body.contains("JSON non leggibile (riga 1, colonna 25): atteso un valore"), "{}", broken.body);
        let card = post(&organizer, &base, "json", &[("entry", "{\"type\": \"deal\", \"cut\": \"normal\", \"trump_card\": \"3x\"}")]);
        assert_eq!(card.status, 422, "{}", card.body);
        assert!(card.body.contains("non è una carta"), "{}", card.body);
        assert!(!card.body.contains("not a card"), "{}", card.body);

        corrections_sheets_and_round_trip(
            &app, &organizer, "trijumf", &public_id,
            &[("cut", "flip"), ("trump_card", "Rb"), ("outcome", "played"), ("points_a", "50"), ("points_b", "80")],
            &[("players", "2"), ("seat2", ""), ("seat3", "")],
        );
        api_append(&organizer, &public_id, json!({"type": "deal", "cut": "flip", "trump_card": "3s", "revoke": {"seat": 0}}));
        let page = organizer.get(&base);
        assert!(page.body.contains("rinuncia"), "{}", page.body);
        assert_eq!(points(&page.body, "B"), "130", "a revoke gives the opponents 130");
        let live = app.client().get(&format!("/m/{public_id}"));
        assert!(live.body.contains("carta girata"), "{}", live.body);
        assert!(live.body.contains("rinuncia di Bepi"), "{}", live.body);
    }

    fn vitou_through_the_pages(app) {
        let organizer = app.organizer();
        let public_id = create(&organizer, "vitou", "Vitou", &[("players", "4"), ("twenty_rules", "yes")]);
        let base = format!("/score/{public_id}");
        recorded(&organizer, &base, &[("outcome", "won"), ("team", "A")]);
        recorded(&organizer, &base, &[
            ("outcome", "won"), ("team", "B"),
            ("bid0_seat", "2"), ("bid0_bid", "3"), ("bid1_seat", "3"), ("bid1_bid", "6"),
        ]);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "1");
        assert_eq!(points(&page.body, "B"), "6");

        // A raise by the side that made the last bid is refused.
        refused_in_both_languages(
            &app, &organizer, &base,
            &[("outcome", "won"), ("team", "A"), ("bid0_seat", "2"), ("bid0_bid", "3"), ("bid1_seat", "0"), ("bid1_bid", "6")],
            "Bepi rilancia a 6", "only the other team raises",
            "value=\"6\" selected",
        );

        corrections_sheets_and_round_trip(
            &app, &organizer, "vitou", &public_id,
            &[("outcome", "won"), ("team", "B")],
            &[("players", "4"), ("twenty_rules", "yes")],
        );
        let live = app.client().get(&format!("/m/{public_id}"));
        assert!(live.body.contains("Giro"), "rounds, not deals");
        let appended = api_append(&organizer, &public_id, json!({"type": "round", "tied": true}));
        assert_eq!(appended["match"]["game"], "vitou");
        // An entry of another game is unreadable for this match.
        let token = organizer.csrf_token();
        let state: Value = serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
        let wrong = organizer.post_json(
            &format!("/api/v1/matches/{public_id}/entries"),
            &json!({"expected_seq": state["next_seq"], "entry": {"type": "hand", "winner": "A"}}).to_string(),
            Some(&token),
        );
        assert_eq!(wrong.status, 400, "{}", wrong.body);
        assert!(wrong.body.contains("message_en"));
    }

    fn every_games_live_page_shows_a_new_entry_at_once(app) {
        let organizer = app.organizer();
        let games: [(&str, &[(&str, &str)]); 4] = [
            ("madrasso", &[("outcome", "played"), ("team", "A"), ("points", "75")]),
            ("tressette", &[("outcome", "played"), ("team", "A"), ("points", "6")]),
            ("trijumf", &[("cut", "normal"), ("trump_card", "7d"), ("outcome", "played"), ("points_a", "80"), ("points_b", "50")]),
            ("vitou", &[("outcome", "won"), ("team", "A")]),
        ];
        for (game, outcome) in games {
            let public_id = create(&organizer, game, "Dal vivo", &[]);
            for body in live_pages_twice(&app, &public_id) {
                assert!(body.contains("data-seq=\"0\""), "{game}: {body}");
                assert!(body.contains("id=\"sheet-total-A\">0<"), "{game}: {body}");
            }
            let base = format!("/score/{public_id}");
            recorded(&organizer, &base, outcome);
            let total = points(&organizer.get(&base).body, "A");
            assert_ne!(total, "0", "{game}");
            let bodies = live_pages_twice(&app, &public_id);
            for body in &bodies {
                assert!(body.contains("data-seq=\"1\""), "{game}: {body}");
                assert!(body.contains(&format!("id=\"sheet-total-A\">{total}<")), "{game}: {body}");
            }
            // Each language its own page: Italian first, then English.
            assert!(bodies[0].contains("Aggiorna") && bodies[4].contains("Refresh"), "{game}");
            assert!(bodies[2].contains("Totale") && bodies[6].contains("Total<"), "{game}");
        }
    }

    /// The core counts no game in play once a match is over; the sheet still ends on
    /// the totals of the game that decided it, not on 0–0.
    fn a_finished_match_shows_the_deciding_games_totals(app) {
        let organizer = app.organizer();
        for kind in GameKind::ALL {
            let public_id = create(&organizer, kind.name(), "Finale", &[]);
            support::setup::play_simulated(&organizer, &public_id, kind);
            let live = app.client().get(&format!("/m/{public_id}")).body;
            assert!(live.contains("id=\"sheet-result\""), "{kind}: the match is over");
            let total = |team: &str| {
                let marker = format!("id=\"sheet-total-{team}\">");
                let start = live.find(&marker).unwrap() + marker.len();
                live[start..start + live[start..].find('<').unwrap()].to_string()
            };
            let totals = [total("A"), total("B")];
            assert_ne!(totals, ["0", "0"], "{kind}");
            // Where the sheet has running totals, the last one is the total written under it.
            if let Some(running) = live.rsplit("class=\"running\">").next().filter(|_| live.contains("class=\"running\">")) {
                let last = &running[..running.find('<').unwrap()];
                assert_eq!(last, format!("{}–{}", totals[0], totals[1]), "{kind}");
            }
        }
    }

    fn an_unknown_game_is_refused_never_read_as_trionfetti(app) {
        let organizer = app.organizer();
        // The form for a game no one has, and a match posted for it.
        let page = organizer.get("/manage/matches?game=foo");
        assert_eq!(page.status, 400, "{}", page.body);
        assert!(page.body.contains("Gioco sconosciuto"), "{}", page.body);
        assert!(!page.body.contains("id=\"new-game\""), "no game is offered in its place");
        assert!(!page.body.contains("Nuova partita di Trionfetti"), "{}", page.body);
        let posted = organizer.post_form("/manage/matches", &[
            ("game", "foo"), ("title", "Falsa"), ("seat0", "a"), ("seat1", "b"), ("seat2", "c"),
            ("seat3", "d"), ("first_dealer", "0"),
        ]);
        assert_eq!(posted.status, 422, "{}", posted.body);
        assert!(posted.body.contains("Gioco sconosciuto"), "{}", posted.body);
        assert!(posted.body.contains("value=\"Falsa\""), "what was typed is kept");
        assert!(!organizer.get("/manage/matches").body.contains("Falsa"), "no match was made");
        let english = app.client_in("en");
        english.login("org", "org-password");
        let posted = english.post_form("/manage/matches", &[("game", "foo"), ("title", "Falsa")]);
        assert_eq!(posted.status, 422);
        assert!(posted.body.contains("Unknown game"), "{}", posted.body);

        // A stored match whose game no one has: an error wherever it is read.
        let public_id = create(&organizer, "tressette", "Guasta", &[]);
        app.database.execute(&format!("UPDATE matches SET game = 'foo' WHERE public_id = '{public_id}'"));
        for path in [
            format!("/m/{public_id}"),
            format!("/m/{public_id}/record.json"),
            format!("/score/{public_id}"),
            format!("/manage/matches/{public_id}"),
        ] {
            let response = organizer.get(&path);
            assert_eq!(response.status, 500, "{path}: {}", response.body);
            assert!(!response.body.contains("Guasta"), "{path}: nothing of the match is shown");
        }
    }

    fn a_trionfetti_match_is_still_created_by_default(app) {
        let organizer = app.organizer();
        let form = organizer.get("/manage/matches");
        assert!(form.body.contains("id=\"choose-vitou\""));
        let response = organizer.post_form("/manage/matches", &[
            ("title", "Classica"), ("seat0", "a"), ("seat1", "b"), ("seat2", "c"), ("seat3", "d"),
            ("first_dealer", "0"), ("target_points", "20"), ("games_to_win", "3"),
        ]);
        assert_eq!(response.status, 303);
        let id = response.location.unwrap().trim_start_matches("/manage/matches/").to_string();
        let state: Value = serde_json::from_str(&app.client().get(&format!("/api/v1/matches/{id}")).body).unwrap();
        assert_eq!(state["game"], "trionfetti");
        // Options that do not fit the game are refused: three players of Trijumf.
        let refused = organizer.post_form("/manage/matches", &[
            ("game", "trijumf"), ("title", "x"), ("seat0", "a"), ("seat1", "b"), ("seat2", "c"), ("seat3", "d"),
            ("first_dealer", "3"), ("players", "2"),
        ]);
        assert_eq!(refused.status, 422, "the first dealer is not at a two-player table");
    }
}

/// The rows of the Trionfetti live sheet's points table (`sheet_columns.html`).
fn sheet_rows(body: &str) -> Vec<String> {
    let start = body
        .find("<table class=\"sheet-rows\">")
        .expect("the sheet's rows");
    let table = &body[start..];
    let tbody = &table[table.find("<tbody>").unwrap()..table.find("</tbody>").unwrap()];
    tbody
        .split("<tr>")
        .skip(1)
        .map(|row| row[..row.find("</tr>").unwrap()].replace(char::is_whitespace, ""))
        .collect()
}

/// Issue 36: the live sheet (`/m/{id}`) starts with no line, not an empty 0–0 one;
/// each smazzata gets its line from its first hand.
#[test]
fn the_live_sheet_has_no_empty_first_row() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let organizer = app.organizer();
    let public_id = create(&organizer, "trionfetti", "Prova", &[]);
    let base = format!("/score/{public_id}");
    let chosen = post(&organizer, &base, "first_dealer", &[("seat", "0")]);
    assert_eq!(chosen.status, 303, "{}", chosen.body);
    let live = app.client().get(&format!("/m/{public_id}"));
    assert_eq!(live.status, 200);
    assert_eq!(sheet_rows(&live.body), Vec::<String>::new(), "no hand yet");
    let hand = post(&organizer, &base, "hand", &[("winner", "B")]);
    assert_eq!(hand.status, 303, "{}", hand.body);
    let live = app.client().get(&format!("/m/{public_id}"));
    assert_eq!(sheet_rows(&live.body), vec!["<td>0</td><td>1</td>"]);
    let fragment = app.client().get(&format!("/m/{public_id}/sheet"));
    assert_eq!(sheet_rows(&fragment.body), vec!["<td>0</td><td>1</td>"]);
}
