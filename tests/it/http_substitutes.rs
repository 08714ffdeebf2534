//! The organizer's third decision on a rotating night's table a player left under way:
//! a substitute plays on at that seat. Through the pages, on SQLite and (when
//! configured) PostgreSQL: the refusals say what is wrong and store nothing, the
//! confirmation names the match, the seat, who leaves and who plays on, the referee's
//! page names the substitute, the match finishes and counts for the players drawn.

use crate::http_night_changes::{cards, entrant_number, night_to, seats, table_links};
use crate::support;
use support::{Client, club_with_organizer, setup};

/// The public id of the match on the overview row whose label ends `label`.
fn overview_match(manage: &str, label: &str) -> String {
    let row = manage
        .split("id=\"table-")
        .skip(1)
        .find(|row| row.contains(label))
        .unwrap_or_else(|| panic!("{label} on the overview: {manage}"));
    support::quoted_after(row, "name=\"public_id\" value=\"").expect("the match's id")
}

/// Posts the substitute form; `422` and the organizer's page when refused.
fn substitute(organizer: &Client, event: &str, fields: &[(&str, &str)]) -> support::Response {
    organizer.post_form(&format!("/manage/events/{event}/substitute"), fields)
}

/// The standings row of `name`.
fn standings_row(standings: &str, name: &str) -> String {
    standings
        .split("<tr")
        .find(|row| row.contains(&format!(">{name}<")))
        .unwrap_or_else(|| panic!("{name}: {standings}"))
        .to_string()
}

backend_tests! {
    fn a_substitute_finishes_the_table_of_a_player_who_left(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night_to(&organizer, 16, "5", "1");
        let printed = cards(&organizer, &event);
        let links: Vec<Vec<String>> = (1..=4).map(|t| table_links(&app, &printed, t)).collect();
        let table = app.client();
        for at_table in &links {
            setup::record_win(&table, &at_table[0], "A");
        }
        for at_table in &links[..3] {
            setup::record_win(&table, &at_table[1], "A");
        }
        let begun = setup::post_entry(&table, &links[3][1], "first_dealer", &[("seat", "1")]);
        assert_eq!(begun.status, 303, "{}", begun.body);
        let at_table_4 = seats(&printed, 4, 2);
        let (leaver, partner) = (at_table_4[0].clone(), at_table_4[2].clone());
        let number = entrant_number(&organizer, &event, &leaver);
        let done = organizer.post_form(
            &format!("/manage/events/{event}/withdraw"),
            &[("number", number.as_str()), ("confirm", "yes")],
        );
        assert_eq!(done.status, 303, "{}", done.body);

        // The notice names the substitute among the decisions, in both languages.
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("farla finire con un sostituto"), "{manage}");
        let en = app.client_in("en");
        en.login("org", "org-password");
        let english = en.get(&format!("/manage/events/{event}")).body;
        assert!(english.contains("finish it with a substitute"), "{english}");
        // The table's actions offer the four seats by name.
        let public_id = overview_match(&manage, "Turno 2, tavolo 4<");
        let form = manage
            .split(&format!("action=\"/manage/events/{event}/substitute\""))
            .nth(1)
            .expect("the substitute form");
        let form = &form[..form.find("</form>").unwrap()];
        assert!(form.contains(&format!("name=\"public_id\" value=\"{public_id}\"")), "{form}");
        for (seat, name) in at_table_4.iter().enumerate() {
            assert!(form.contains(&format!("value=\"{}\" required> {} · {name}", seat + 1, seat + 1)), "{form}");
        }

        // Refusals say what is wrong and store nothing.
        let id = public_id.as_str();
        // A control character is refused for every form alike (`web::text_guard`), naming the field.
        let tab = substitute(&organizer, &event, &[("public_id", id), ("seat", "1"), ("name", "Nane\tBortolato")]);
        assert_eq!(tab.status, 400, "{}", tab.body);
        assert!(tab.body.contains("«Nome» contiene un carattere di controllo"), "{}", tab.body);
        let refusals: [(&[(&str, &str)], &str); 5] = [
            (&[("public_id", id), ("seat", "1"), ("name", "   ")], "il nome è vuoto"),
            (&[("public_id", id), ("name", "Nane Bortolato")], "nessun posto è scelto"),
            (&[("public_id", id), ("seat", "5"), ("name", "Nane Bortolato")], "Il posto «5» non c&#39;è a questo tavolo: i posti vanno da 1 a 4"),
            (&[("public_id", id), ("seat", "1"), ("name", &"N".repeat(81))], "è di 81 caratteri, al massimo 80"),
            (&[("public_id", id), ("seat", "1"), ("name", &partner)], "siede già a questo tavolo, al posto 3"),
        ];
        for (fields, words) in refusals {
            let refused = substitute(&organizer, &event, fields);
            assert_eq!(refused.status, 422, "{fields:?}: {}", refused.body);
            assert!(refused.body.contains("role=\"alert\""), "{}", refused.body);
            assert!(refused.body.contains(words), "{fields:?} → {words}: {}", refused.body);
        }
        // A name too long is shown back in the refusal, not lost.
        let long = format!("Nane {}", "Bortolato".repeat(9));
        let refused = substitute(&organizer, &event, &[("public_id", id), ("seat", "1"), ("name", &long)]);
        assert!(refused.body.contains(&long), "{}", refused.body);
        assert!(table.get(&links[3][1]).body.contains(&leaver), "nothing stored");

        // The confirmation names the match, the seat, who leaves, who plays on, and
        // whom the result counts for.
        let typed = [("public_id", id), ("seat", "1"), ("name", "  Nane Bortolato ")];
        let asked = substitute(&organizer, &event, &typed);
        assert_eq!(asked.status, 200, "{}", asked.body);
        for words in [
            "Confermi il sostituto?",
            "Turno 2, tavolo 4 · Tavolo 4",
            &format!("Posto 1: {leaver} lascia il tavolo."),
            "Al posto 1 gioca da ora Nane Bortolato",
            &format!("conta per i giocatori sorteggiati a questo tavolo, anche per {leaver}"),
            "name=\"name\" value=\"Nane Bortolato\"",
            "name=\"reason\"",
        ] {
            assert!(asked.body.contains(words), "{words}: {}", asked.body);
        }
        // Confirmed without a reason: asked again, with what was typed.
        let mut confirmed = vec![("public_id", id), ("seat", "1"), ("name", "Nane Bortolato"), ("confirm", "yes")];
        let no_reason = substitute(&organizer, &event, &confirmed);
        assert_eq!(no_reason.status, 422, "{}", no_reason.body);
        assert!(no_reason.body.contains("value=\"Nane Bortolato\""), "{}", no_reason.body);
        let reason = format!("{leaver} left; Nane Bortolato plays on");
        confirmed.push(("reason", &reason));
        let saved = substitute(&organizer, &event, &confirmed);
        assert_eq!(saved.status, 303, "{}", saved.body);
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("Sostituto registrato"), "{manage}");

        // Recorded with who and why, on the event's page and on the match's.
        let change = format!("Turno 2, tavolo 4: {leaver} al posto 1 → Nane Bortolato al posto 1");
        assert!(manage.contains(&change), "{manage}");
        let match_page = organizer.get(&format!("/manage/matches/{public_id}")).body;
        for page in [&manage, &match_page] {
            let listed = page.split("id=\"state-changes\"").nth(1).expect("the changes");
            assert!(listed.contains(&format!("{leaver} al posto 1 → Nane Bortolato al posto 1")), "{listed}");
            assert!(listed.contains("<span class=\"by\">org</span>"), "{listed}");
            assert!(listed.contains(&format!("<q>{reason}</q>")), "{listed}");
        }

        // The referee's page names the substitute; the match finishes as any other.
        let referee = table.get(&links[3][1]).body;
        assert!(referee.contains("Nane Bortolato"), "{referee}");
        assert!(!referee.contains(&format!("{leaver}<")), "{referee}");
        setup::record_win(&table, &links[3][1], "A");
        let finished = table.get(&links[3][1]).body;
        assert!(finished.contains("Nane Bortolato"), "{finished}");

        // It counts for the players drawn: the partner who stayed has round 2's result;
        // the substitute is not in the standings.
        let standings = app.client().get(&format!("/e/{event}/standings")).body;
        assert!(standings_row(&standings, &partner).contains("<dt>Giocate</dt><dd>2</dd>"), "{standings}");
        assert!(standings_row(&standings, &at_table_4[1]).contains("<dt>Giocate</dt><dd>2</dd>"), "{standings}");
        assert!(!standings.contains("Nane Bortolato"), "{standings}");

        // Once finished, nobody can be substituted.
        let late = substitute(&organizer, &event, &[("public_id", id), ("seat", "2"), ("name", "Toni Scarpa")]);
        assert_eq!(late.status, 422, "{}", late.body);
        assert!(late.body.contains("La partita è già conclusa"), "{}", late.body);
    }
}
