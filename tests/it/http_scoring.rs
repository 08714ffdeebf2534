//! Scoring at the table through real HTTP: the append-only log, conflicts,
//! double submissions, private links, refusals, corrections, live and replay
//! pages and the match record, on SQLite and (when configured) PostgreSQL.

use crate::support;
use support::setup::{self, envelope, post_entry, record_win};

use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

use support::{Client, TestApp, form_value};

/// Creates a match as `organizer` and returns its public id.
fn create_match(organizer: &Client, title: &str) -> String {
    setup::create_match(organizer, &[("title", title)])
}

/// The organizer "org", a match of theirs titled `title`, and its scoring page.
fn organizer_match(app: &TestApp, title: &str) -> (Client, String, String) {
    let organizer = app.organizer();
    let public_id = create_match(&organizer, title);
    let base = format!("/score/{public_id}");
    (organizer, public_id, base)
}

fn points(body: &str, team: &str) -> String {
    let marker = format!("id=\"points-{team}\">");
    let start = body.find(&marker).expect("points shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// The words of the error a referee page shows.
fn error_text(body: &str) -> String {
    let marker = "id=\"entry-error\">";
    let start = body.find(marker).expect("an error is shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].replace("&#39;", "'")
}

/// The link shown on the management page.
fn scoring_link(app: &TestApp, organizer: &Client, public_id: &str) -> String {
    let issued = organizer.post_form(&format!("/manage/matches/{public_id}/link"), &[]);
    assert_eq!(issued.status, 303);
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    assert!(page.body.contains("<svg"), "a QR code is shown");
    let start = page
        .body
        .find(&format!("{}/s/", app.base))
        .expect("the link is shown");
    let rest = &page.body[start..];
    rest[app.base.len()..rest.find('"').unwrap()].to_string()
}

backend_tests! {
    fn an_assigned_referee_scores_a_hand_and_everyone_sees_it(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let referee = app.user(&admin, "arbitro", "referee");
        let public_id = create_match(&organizer, "Finale");

        // Not yet assigned: refused.
        assert_eq!(referee.get(&format!("/score/{public_id}")).status, 403);
        let page = organizer.get(&format!("/manage/matches/{public_id}"));
        // Partners sit opposite: seats 0 and 2 against 1 and 3.
        assert!(page.body.contains("<dt>Squadra A</dt><dd>Bepi · Nane</dd>"), "{}", page.body);
        assert!(page.body.contains("<dt>Squadra B</dt><dd>Toni · Gigio</dd>"), "{}", page.body);
        let referee_id = page.body.split("<option value=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let assigned = organizer.post_form(&format!("/manage/matches/{public_id}/referees"), &[("user_id", &referee_id)]);
        assert_eq!(assigned.status, 303);

        let base = format!("/score/{public_id}");
        let before = referee.get(&base);
        assert!(before.body.contains("Bepi"));
        assert!(before.body.contains("id=\"vagaresto-worth\">20<"), "a vagaresto is worth 20 at 0-0");
        record_win(&referee, &base, "A");
        let after = referee.get(&format!("{base}?recorded=0"));
        assert_eq!(points(&after.body, "A"), "1");
        assert_eq!(points(&after.body, "B"), "0");
        assert!(after.body.contains("Registrato: #1<"), "{}", after.body);

        let live = app.client().get(&format!("/m/{public_id}"));
        assert_eq!(live.status, 200);
        assert!(live.body.contains("id=\"sheet-total-A\">1<"), "{}", live.body);
        assert!(live.body.contains("In corso") || live.body.contains("in corso"));
    }

    fn a_stale_form_is_refused_and_a_repeated_one_recorded_once(app) {
        let (organizer, _, base) = organizer_match(&app, "Due telefoni");

        let (seq, key) = envelope(&organizer, &base);
        let first = organizer.post_form(&format!("{base}/hand"), &[("expected_seq", &seq), ("submission_key", &key), ("winner", "A")]);
        assert_eq!(first.status, 303);
        // The same form again (double tap, retry): recorded once.
        let again = organizer.post_form(&format!("{base}/hand"), &[("expected_seq", &seq), ("submission_key", &key), ("winner", "A")]);
        assert_eq!(again.status, 303);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "1");

        // A second phone still showing the old state: refused with the new state.
        let stale = organizer.post_form(&format!("{base}/hand"), &[("expected_seq", &seq), ("submission_key", "another-key"), ("winner", "B")]);
        assert_eq!(stale.status, 409);
        assert!(stale.body.contains("NON è stata salvata"), "{}", stale.body);
        assert_eq!(points(&stale.body, "B"), "0");
        assert_eq!(form_value(&stale.body, "expected_seq").as_deref(), Some("1"));
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "B"), "0");
    }

    fn a_stale_page_says_what_was_recorded_meanwhile_and_by_whom(app) {
        let admin = app.admin();
        let organizer = app.user_named(&admin, "maria", "Maria Zanin", "organizer");
        let public_id = create_match(&organizer, "Due arbitri");
        let base = format!("/score/{public_id}");
        let link = scoring_link(&app, &organizer, &public_id);
        // The administrator opens the page while nothing is recorded yet.
        let (seq, key) = envelope(&admin, &base);
        assert_eq!(seq, "0");
        // Meanwhile Maria records two hands, then the table link one more.
        record_win(&organizer, &base, "A");
        record_win(&organizer, &base, "B");
        record_win(&app.client(), &link, "A");
        // The administrator's comanda, based on the empty match, is refused.
        let stale = admin.post_form(&format!("{base}/smazzata"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("comanda", "più ponto"), ("cut", "7d"),
        ]);
        assert_eq!(stale.status, 409, "{}", stale.body);
        let error = error_text(&stale.body);
        assert!(error.starts_with("La tua registrazione NON è stata salvata"), "{error}");
        // Who recorded what, as the log says it: the author and the players by name.
        assert!(
            error.ends_with(
                "Nel frattempo Maria Zanin ha registrato: #1 mano vinta da Bepi · Nane (squadra A); #2 mano vinta da Toni · Gigio (squadra B). \
                 Nel frattempo dal collegamento del tavolo è arrivata questa registrazione: \
                 #3 mano vinta da Bepi · Nane (squadra A)."
            ),
            "{error}"
        );
        // The page is the match as it is now, ready for the next entry.
        assert_eq!(form_value(&stale.body, "expected_seq").as_deref(), Some("3"));

        // In English too.
        let english = app.client_in("en");
        let (seq, key) = envelope(&english, &link);
        record_win(&organizer, &base, "B");
        let stale = english.post_form(&format!("{link}/hand"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("winner", "A"),
        ]);
        assert_eq!(stale.status, 409, "{}", stale.body);
        let error = error_text(&stale.body);
        assert!(error.ends_with("Meanwhile Maria Zanin recorded: #4 hand won by Toni · Gigio (team B)."), "{error}");

        // A game whose log names the players of a team names them here too.
        let public_id = setup::create_game_match(&organizer, "madrasso", &[("title", "Battute")]);
        let base = format!("/score/{public_id}");
        let (seq, key) = envelope(&admin, &base);
        let deal = post_entry(&organizer, &base, "outcome", &[("points", "75"), ("team", "A")]);
        assert_eq!(deal.status, 303, "{}", deal.body);
        let stale = admin.post_form(&format!("{base}/outcome"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("points", "80"), ("team", "B"),
        ]);
        assert_eq!(stale.status, 409, "{}", stale.body);
        let error = error_text(&stale.body);
        assert!(error.contains("Nel frattempo Maria Zanin ha registrato: #1 "), "{error}");
        assert!(error.contains("Bepi · Nane"), "{error}");
        // What was typed is still there to send again.
        assert!(stale.body.contains("name=\"points\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"130\" value=\"80\""), "{}", stale.body);
    }

    fn a_private_link_scores_only_its_match_until_revoked(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer, "Tavolo 3");
        let other = create_match(&organizer, "Tavolo 4");
        let link = scoring_link(&app, &organizer, &public_id);

        let table = app.client();
        record_win(&table, &link, "B");
        let page = table.get(&link);
        assert_eq!(points(&page.body, "B"), "1");
        assert!(page.body.contains("collegamento del tavolo"), "the entry is attributed to the link");
        // Read in English, the link is named in English.
        organizer.get("/lang/en?next=%2F");
        let english = organizer.get(&format!("/score/{public_id}"));
        assert!(english.body.contains("table link"), "{}", english.body);
        assert!(!english.body.contains("collegamento del tavolo"), "{}", english.body);
        organizer.get("/lang/it?next=%2F");
        // The link is no key to another match, and gives no account.
        assert_eq!(table.get(&format!("/score/{other}")).status, 303);

        // Revoking asks first, and the link works until confirmed.
        let asked = organizer.post_form(&format!("/manage/matches/{public_id}/link/revoke"), &[]);
        assert_eq!(asked.status, 200);
        assert!(asked.body.contains("Revocare il collegamento del tavolo?"), "{}", asked.body);
        assert!(asked.body.contains("name=\"confirm\" value=\"yes\""), "{}", asked.body);
        assert_eq!(table.get(&link).status, 200);
        let revoked = organizer.post_form(&format!("/manage/matches/{public_id}/link/revoke"), &[("confirm", "yes")]);
        assert_eq!(revoked.status, 303);
        let manage = format!("/manage/matches/{public_id}");
        assert_eq!(revoked.location.as_deref(), Some(manage.as_str()));
        assert!(organizer.get(&manage).body.contains("Collegamento revocato."), "the notice shows");
        assert!(!organizer.get(&manage).body.contains("Collegamento revocato."), "once");
        let gone = table.get(&link);
        assert_eq!(gone.status, 404);
        // The table is told what happened, not shown a generic 404.
        assert!(gone.body.contains("revocato questo collegamento"), "{}", gone.body);
        assert!(!table.get("/s/never-a-token").body.contains("revocato"));
        let english = app.client_in("en").get(&link);
        assert!(english.body.contains("The organizer revoked this table link"), "{}", english.body);
        let (seq, key) = ("1".to_string(), "after-revoke".to_string());
        let refused = table.post_form(&format!("{link}/hand"), &[("expected_seq", &seq), ("submission_key", &key), ("winner", "B")]);
        assert_eq!(refused.status, 404);
        assert_eq!(points(&organizer.get(&format!("/score/{public_id}")).body, "B"), "1");

        // A guessed token is refused.
        assert_eq!(app.client().get("/s/not-a-real-token").status, 404);
    }

    fn nobody_else_can_write(app) {
        let admin = app.admin();
        let organizer = app.user(&admin, "org", "organizer");
        let other_organizer = app.user(&admin, "org2", "organizer");
        let stranger_referee = app.user(&admin, "arbitro9", "referee");
        let public_id = create_match(&organizer, "Protetta");
        let base = format!("/score/{public_id}");
        let (seq, key) = envelope(&organizer, &base);
        let form = [("expected_seq", seq.as_str()), ("submission_key", key.as_str()), ("winner", "A")];

        let anonymous = app.client();
        let refused = anonymous.post_form(&format!("{base}/hand"), &form);
        assert_eq!(refused.status, 303);
        assert!(refused.location.unwrap().starts_with("/login"));
        for client in [&other_organizer, &stranger_referee] {
            assert_eq!(client.post_form(&format!("{base}/hand"), &form).status, 403);
            assert_eq!(client.post_form(&format!("{base}/undo"), &form[..2]).status, 403);
            assert_eq!(client.get(&format!("/manage/matches/{public_id}")).status, 403);
            assert_eq!(client.post_form(&format!("/manage/matches/{public_id}/link"), &[]).status, 403);
        }
        assert_eq!(stranger_referee.get("/manage/matches").status, 403);
        // Without the form token the organizer is refused too.
        assert_eq!(organizer.post_raw(&format!("{base}/hand"), &form).status, 403);
        assert_eq!(points(&organizer.get(&base).body, "A"), "0");
    }

    fn rule_errors_are_shown_in_the_referees_words_and_nothing_is_lost(app) {
        let (organizer, _, base) = organizer_match(&app, "Carte");
        let refused = post_entry(&organizer, &base, "smazzata", &[
            ("comanda", "più ponto e blabla"), ("cut", "7d"),
        ]);
        assert_eq!(refused.status, 422);
        assert!(refused.body.contains("blabla"), "{}", refused.body);
        assert_eq!(form_value(&refused.body, "comanda").as_deref(), Some("più ponto e blabla"));

        let english = app.client_in("en");
        english.login("org", "org-password");
        let refused = post_entry(&english, &base, "hand", &[
            ("winner", "A"), ("vagaresto_caller", "1"), ("vagaresto_answer", "conceded"),
        ]);
        // A conceded vagaresto decides the hand: the caller's team (B) scores.
        assert_eq!(refused.status, 303, "{}", refused.body);
        assert_eq!(points(&english.get(&base).body, "B"), "1");
    }

    fn card_by_card_smazzata_is_validated_and_replayed(app) {
        let (organizer, public_id, base) = organizer_match(&app, "Carta per carta");
        let setup = post_entry(&organizer, &base, "smazzata", &[
            ("comanda", "più ponto e più figure"), ("cut", "1s"),
        ]);
        assert_eq!(setup.status, 303, "{}", setup.body);

        // Dealer 0: seat 1 leads. Under the default order the king wins.
        let (seq, key) = envelope(&organizer, &base);
        let cards = ["2d", "Rd", "3d", "4d", "5d", "6d", "Rc", "7d"];
        let mut form: Vec<(&str, &str)> = vec![("expected_seq", &seq), ("submission_key", &key)];
        for card in cards { form.push(("card", card)); }
        form.push(("action", "check"));
        let checked = organizer.post_form(&format!("{base}/tricks"), &form);
        assert_eq!(checked.status, 200);
        assert!(checked.body.contains("Presa vinta da Nane (re di denari)"), "{}", checked.body);
        assert!(checked.body.contains("Mano alla squadra A"), "{}", checked.body);

        // A card played twice is refused, naming it.
        let mut twice = form.clone();
        twice.pop();
        twice[4] = ("card", "2d");
        twice.push(("action", "save"));
        let refused = organizer.post_form(&format!("{base}/tricks"), &twice);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("2 di denari") || refused.body.contains("due di denari"), "{}", refused.body);

        form.pop();
        form.push(("action", "save"));
        let saved = organizer.post_form(&format!("{base}/tricks"), &form);
        assert_eq!(saved.status, 303, "{}", saved.body);
        assert_eq!(points(&organizer.get(&base).body, "A"), "1");

        let replay = app.client().get(&format!("/m/{public_id}/replay?step=2"));
        assert_eq!(replay.status, 200);
        assert!(replay.body.contains("winning-card"), "{}", replay.body);
        let first = app.client().get(&format!("/m/{public_id}/replay?step=1"));
        assert!(first.body.contains("più ponto e più figure"));
        assert!(first.body.contains("step=2"));
    }

    fn a_correction_of_an_entry_past_any_number_names_it_as_given(app) {
        let (organizer, public_id, base) = organizer_match(&app, "Numeri enormi");
        record_win(&organizer, &base, "A");
        let huge = "9223372036854775808"; // 2^63, once shown as -9223372036854776000
        let past_u64 = "99999999999999999999999";
        // The referee page's correction form: asked, confirmed, or past any number.
        for (target, confirm) in [(huge, ""), (huge, "yes"), (past_u64, ""), (past_u64, "yes")] {
            let (seq, key) = envelope(&organizer, &base);
            let refused = organizer.post_form(&format!("{base}/correct"), &[
                ("expected_seq", &seq), ("submission_key", &key), ("target", target),
                ("reason", "numero sbagliato"), ("winner", ""), ("confirm", confirm),
            ]);
            assert_eq!(refused.status, 422, "{target} {confirm}: {}", refused.body);
            let error = error_text(&refused.body);
            assert!(error.contains(&format!("registrazione {target}")), "{error}");
            assert!(!error.contains("-9223372036854776000") && !error.contains("e+"), "{error}");
        }
        let (seq, key) = envelope(&organizer, &base);
        let asked = organizer.post_form(&format!("{base}/correct"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("target", huge),
            ("reason", "numero sbagliato"), ("winner", ""),
        ]);
        assert_eq!(
            error_text(&asked.body),
            format!("Non c'è nessuna registrazione {huge} da correggere in questa partita.")
        );

        // The API, as an entry and as a void by its number.
        let csrf = organizer.csrf_token();
        let path = format!("/api/v1/matches/{public_id}/entries");
        let body = format!(r#"{{"expected_seq": 1, "entry": {{"type": "void", "target": {huge}, "reason": "x"}}}}"#);
        let answer = organizer.post_json(&path, &body, Some(&csrf));
        assert_eq!(answer.status, 422, "{}", answer.body);
        let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(
            json["message_en"],
            format!("entry 1: the correction targets entry {huge}, which is not an earlier entry")
        );
        assert!(json["message_it"].as_str().unwrap().contains(&format!("registrazione {huge},")), "{json}");
        let body = format!(r#"{{"expected_seq": 1, "entry": {{"type": "void", "target": {past_u64}, "reason": "x"}}}}"#);
        let answer = organizer.post_json(&path, &body, Some(&csrf));
        assert_eq!(answer.status, 400, "{}", answer.body);
        let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        let english = json["message_en"].as_str().unwrap();
        assert!(english.contains("no entry has a number that large"), "{json}");
        assert!(!english.contains("e22") && !english.contains("e+"), "{json}");
        assert!(json["message_it"].as_str().unwrap().contains("nessuna registrazione ha un numero così grande"), "{json}");
        let void = format!("/api/v1/matches/{public_id}/entries/{huge}/void");
        let answer = organizer.post_json(&void, r#"{"expected_seq": 1, "reason": "x"}"#, Some(&csrf));
        assert_eq!(answer.status, 422, "{}", answer.body);
        assert!(answer.body.contains(&format!("targets entry {huge},")), "{}", answer.body);
        // Nothing was recorded.
        assert_eq!(points(&organizer.get(&base).body, "A"), "1");
    }

    fn undo_and_corrections_are_new_entries(app) {
        let (organizer, public_id, base) = organizer_match(&app, "Correzioni");
        record_win(&organizer, &base, "A");
        record_win(&organizer, &base, "A");

        let (seq, key) = envelope(&organizer, &base);
        let undone = organizer.post_form(&format!("{base}/undo"), &[("expected_seq", &seq), ("submission_key", &key)]);
        assert_eq!(undone.status, 303);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "1");
        assert!(page.body.contains("annullata dall&#39;arbitro") || page.body.contains("annullata dall'arbitro"), "{}", page.body);
        // The undo's reason is the server's words, and reads in the reader's language.
        organizer.get("/lang/en?next=%2F");
        let english = organizer.get(&base);
        assert!(english.body.contains("undone by the referee"), "{}", english.body);
        assert!(!english.body.contains("annullata dall"), "{}", english.body);
        organizer.get("/lang/it?next=%2F");

        let (seq, key) = envelope(&organizer, &base);
        let missing_reason = organizer.post_form(&format!("{base}/correct"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("target", "0"), ("reason", ""), ("winner", "B"),
        ]);
        assert_eq!(missing_reason.status, 422);
        let replaced = organizer.post_form(&format!("{base}/correct"), &[
            ("expected_seq", &seq), ("submission_key", &key), ("target", "0"), ("reason", "vinta da B"), ("winner", "B"),
        ]);
        assert_eq!(replaced.status, 303);
        let page = organizer.get(&base);
        assert_eq!(points(&page.body, "A"), "0");
        assert_eq!(points(&page.body, "B"), "1");

        let record = app.client().get(&format!("/m/{public_id}/record.json"));
        assert_eq!(record.status, 200);
        let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
        let kinds: Vec<&str> = json["entries"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["hand", "hand", "void", "replace"]);
        assert_eq!(json["entries"][3]["author"], "org");

        let replay = app.client().get(&format!("/m/{public_id}/replay"));
        assert!(replay.body.contains("sostituita"));
        assert!(replay.body.contains("annullata"));
    }

    fn the_log_is_never_updated_or_deleted(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer, "Immutabile");
        record_win(&organizer, &format!("/score/{public_id}"), "A");
        for statement in ["UPDATE match_entries SET entry_json = '{}'", "DELETE FROM match_entries"] {
            let outcome = std::panic::catch_unwind(|| app.database.execute(statement));
            assert!(outcome.is_err(), "{statement} should be refused");
        }
        assert_eq!(points(&organizer.get(&format!("/score/{public_id}")).body, "A"), "1");
    }

    fn a_finished_match_takes_only_corrections_and_records_round_trip(app) {
        let organizer = app.organizer();
        let create = organizer.post_form("/manage/matches", &[
            ("title", "Breve"), ("seat0", "A0"), ("seat1", "B1"), ("seat2", "A2"), ("seat3", "B3"),
            ("first_dealer", "2"), ("target_points", "2"), ("games_to_win", "1"),
        ]);
        let public_id = create.location.unwrap().trim_start_matches("/manage/matches/").to_string();
        let base = format!("/score/{public_id}");
        record_win(&organizer, &base, "B");
        // The last hand and the winners are named by their players, as the log names them.
        let going = app.client().get(&format!("/m/{public_id}"));
        assert!(going.body.contains("Ultima mano: B1 · B3 +1</p>"), "{}", going.body);
        record_win(&organizer, &base, "B");
        let page = organizer.get(&base);
        assert!(page.body.contains("id=\"match-result\">Incontro finito, vinto da B1 · B3.</p>"), "{}", page.body);
        assert!(!page.body.contains("Vince la"), "{}", page.body);
        assert!(!page.body.contains("id=\"win-A\""), "no more quick entry once finished");
        let (seq, key) = envelope(&organizer, &base);
        let refused = organizer.post_form(&format!("{base}/hand"), &[("expected_seq", &seq), ("submission_key", &key), ("winner", "A")]);
        assert_eq!(refused.status, 409);
        assert!(refused.body.contains("correzioni esplicite"));

        // Export, then import into a new scheduled match: the same state.
        let record = app.client().get(&format!("/m/{public_id}/record.json")).body;
        let copy = create_match(&organizer, "Copia");
        let imported = organizer.post_form(&format!("/manage/matches/{copy}/import"), &[("record", &record)]);
        assert_eq!(imported.status, 303, "{}", imported.body);
        let manage = format!("/manage/matches/{copy}");
        assert_eq!(imported.location.as_deref(), Some(manage.as_str()));
        assert!(organizer.get(&manage).body.contains("Referto importato."), "the notice shows");
        assert!(!organizer.get(&manage).body.contains("Referto importato."), "once");
        let copied = organizer.get(&format!("/score/{copy}"));
        assert!(copied.body.contains("id=\"match-result\""));
        assert_eq!(points(&copied.body, "B"), points(&page.body, "B"));
        assert!(copied.body.contains("A0"), "the imported players replace the placeholder ones");

        // An invalid record gives the same error as the CLI and changes nothing.
        let third = create_match(&organizer, "Terza");
        let bad = record.replacen("\"first_dealer\": 2", "\"first_dealer\": 7", 1);
        let refused = organizer.post_form(&format!("/manage/matches/{third}/import"), &[("record", &bad)]);
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("seat 7") || refused.body.contains("posto 7"), "{}", refused.body);
    }

    fn the_live_page_is_told_of_new_entries(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer, "Dal vivo");
        // Asked before the entry, twice: what is kept then must not be served after it.
        for _ in 0..2 {
            let fragment = app.client().get(&format!("/m/{public_id}/sheet"));
            assert!(fragment.body.contains("id=\"sheet-total-A\">0<"), "{}", fragment.body);
        }
        // The stream opens with the current count, then tells of the new entry.
        let seen = watch_events(&app, &public_id, || {
            record_win(&organizer, &format!("/score/{public_id}"), "A")
        });
        assert_eq!(seen, ["0", "1"]);
        let fragment = app.client().get(&format!("/m/{public_id}/sheet"));
        assert!(fragment.body.contains("id=\"sheet-total-A\">1<"));
    }
}

/// Reads the event stream's first two data lines, recording one entry through
/// `write` after the first.
fn watch_events(app: &TestApp, public_id: &str, write: impl Fn()) -> Vec<String> {
    let response = app.match_events(public_id, Duration::from_secs(10));
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "text/event-stream"
    );
    let mut lines = BufReader::new(response.into_body().into_reader()).lines();
    let mut seen = Vec::new();
    let started = Instant::now();
    while let Some(Ok(line)) = lines.next() {
        assert!(started.elapsed() < Duration::from_secs(10));
        if let Some(data) = line.strip_prefix("data: ") {
            seen.push(data.to_string());
            if seen.len() == 1 {
                write();
            } else {
                break;
            }
        }
    }
    seen
}

/// Two instances behind a load balancer share one PostgreSQL database: a viewer
/// on one sees an entry written through the other (LISTEN/NOTIFY).
#[cfg(postgres_tests)]
#[test]
fn postgres_instances_hear_each_others_entries() {
    let first = TestApp::spawn(support::Backend::Postgres);
    let admin = first.admin();
    let organizer = first.user(&admin, "org", "organizer");
    let public_id = create_match(&organizer, "Due istanze");
    let second = first.second_instance();
    let seen = watch_events(&second, &public_id, || {
        record_win(&organizer, &format!("/score/{public_id}"), "A")
    });
    assert_eq!(seen, ["0", "1"]);
}

#[test]
fn the_comanda_preview_names_unknown_words() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let client = app.client();
    let ok = client.get("/rules/comanda?text=pi%C3%B9%20ponto");
    let json: serde_json::Value = serde_json::from_str(&ok.body).unwrap();
    assert_eq!(json["levels"].as_array().unwrap().len(), 13);
    let bad = client.get("/rules/comanda?text=pi%C3%B9%20blabla");
    let json: serde_json::Value = serde_json::from_str(&bad.body).unwrap();
    assert!(json["error"].as_str().unwrap().contains("blabla"));
}

/// An entry the API writes outside a transaction (the fast path of a match the
/// instance remembers) is announced after its commit, from a thread of its own:
/// other instances' viewers hear of it all the same.
#[cfg(postgres_tests)]
#[test]
fn postgres_instances_hear_of_entries_written_outside_a_transaction() {
    let first = TestApp::spawn(support::Backend::Postgres);
    let admin = first.admin();
    let organizer = first.user(&admin, "org", "organizer");
    let public_id = create_match(&organizer, "Due istanze");
    let page = organizer.post_form("/account/tokens", &[("label", "gara")]);
    let marker = "id=\"new-token\" readonly value=\"";
    let start = page.body.find(marker).expect("a token is shown") + marker.len();
    let token = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();
    let path = format!("/api/v1/matches/{public_id}/entries");
    let hand = |seq: i64| {
        format!(r#"{{"expected_seq": {seq}, "entry": {{"type": "hand", "winner": "A"}}}}"#)
    };
    // The first entry goes through the transaction and leaves the match remembered.
    assert_eq!(
        organizer.post_json_bearer(&path, &hand(0), &token).status,
        201
    );
    let second = first.second_instance();
    let seen = watch_events(&second, &public_id, || {
        assert_eq!(
            organizer.post_json_bearer(&path, &hand(1), &token).status,
            201
        );
    });
    assert_eq!(seen, ["1", "2"]);
}

/// With the database gone, pages say so plainly and the health check fails;
/// nothing crashes.
#[cfg(postgres_tests)]
#[test]
fn a_database_that_is_down_gives_a_clear_page_and_an_unhealthy_health_check() {
    let app = TestApp::spawn(support::Backend::Postgres);
    let organizer = app.organizer();
    let public_id = create_match(&organizer, "Giù");
    app.database.drop_now();
    let page = organizer.get(&format!("/score/{public_id}"));
    assert_eq!(page.status, 503, "{}", page.body);
    assert!(
        page.body.contains("Il database non risponde"),
        "{}",
        page.body
    );
    let health = app.client().get("/health");
    assert_eq!(health.status, 503);
}

mod escaping {
    backend_tests! {
        fn player_names_are_shown_not_run(app) {
            let organizer = app.organizer();
            let response = organizer.post_form("/manage/matches", &[
                ("title", "<b>titolo</b>"), ("seat0", "<script>alert(1)</script>"), ("seat1", "Toni"),
                ("seat2", "Nane\" onmouseover=\"x"), ("seat3", "Gigio"),
                ("first_dealer", "0"), ("target_points", "20"), ("games_to_win", "3"),
            ]);
            let public_id = response.location.unwrap().trim_start_matches("/manage/matches/").to_string();
            for path in [format!("/manage/matches/{public_id}"), format!("/score/{public_id}"), format!("/m/{public_id}"), format!("/m/{public_id}/replay")] {
                let page = organizer.get(&path);
                assert_eq!(page.status, 200, "{path}");
                assert!(!page.body.contains("<script>alert(1)"), "{path} runs the name");
                assert!(page.body.contains("&#60;script&#62;alert(1)"), "{path} does not show the name");
                assert!(!page.body.contains("<b>titolo</b>"), "{path}");
                assert!(!page.body.contains("\" onmouseover=\"x"), "{path}");
            }
        }
    }
}

/// The content security policy forbids inline script and style: no template may need them.
#[test]
fn templates_have_no_inline_script_or_style() {
    for (path, text) in support::template_files() {
        for (index, _) in text.match_indices("<script") {
            let tag = &text[index..index + text[index..].find('>').unwrap()];
            assert!(
                tag.contains("src=\"/static/") || tag.contains("src=\"{{ crate::web::assets::url("),
                "{}: inline script",
                path.display()
            );
        }
        assert!(
            !text.contains("<style"),
            "{}: inline style element",
            path.display()
        );
        assert!(
            !text.contains(" style=\""),
            "{}: inline style attribute",
            path.display()
        );
        for handler in [
            " onclick=",
            " onload=",
            " onchange=",
            " onsubmit=",
            " oninput=",
        ] {
            assert!(
                !text.contains(handler),
                "{}: inline event handler",
                path.display()
            );
        }
    }
}
