//! Organizer forms show what is stored and change only what the organizer changed
//! (issue 26), on SQLite and (when configured) PostgreSQL: a match's state and note,
//! state changes backwards confirmed with a reason and recorded, forfeits chosen
//! explicitly and confirmed, the assigned referee shown and removable, withdrawals
//! confirmed. Forms are posted as a browser would post them untouched, with only the
//! field a person would change changed.

use crate::support;
use support::setup;

use support::forms::{field, form_fields, form_fields_containing, pairs, set_field};
use support::{Client, TestApp, club_with_organizer};

/// A standalone Trionfetti match made by `organizer`, one hand deciding it when
/// `short`; returns its public id.
fn create_match(organizer: &Client, short: bool) -> String {
    let target = if short { "1" } else { "20" };
    let fields = [
        ("title", "Finale del circolo"),
        ("target_points", target),
        ("games_to_win", "1"),
    ];
    setup::create_match(organizer, &fields)
}

fn record_win(client: &Client, public_id: &str, team: &str) {
    setup::record_win(client, &format!("/score/{public_id}"), team);
}

/// The state badge of the match page.
fn shown_state(organizer: &Client, public_id: &str) -> String {
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    assert_eq!(page.status, 200, "{}", page.body);
    let marker = "<span class=\"status-badge\">";
    let start = page.body.find(marker).expect("a state badge") + marker.len();
    page.body[start..start + page.body[start..].find('<').unwrap()].to_string()
}

/// The match page's state form, as a browser would send it untouched.
fn state_form(organizer: &Client, public_id: &str) -> Vec<(String, String)> {
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    assert_eq!(page.status, 200, "{}", page.body);
    form_fields(
        &page.body,
        &format!("/manage/matches/{public_id}/status"),
        0,
    )
}

/// An event of `pairs` pairs drawn as a single elimination; returns its public id.
fn drawn_event(organizer: &Client, pairs: usize) -> String {
    let event = setup::create_knockout(organizer);
    let csv: String = (1..=pairs)
        .map(|i| format!("Giocatore {i}a,Giocatore {i}b,Coppia numero {i} dal nome molto lungo\n"))
        .collect();
    setup::import_and_draw(organizer, &event, &csv);
    event
}

/// The public id of the first match on the event's overview.
fn first_match(organizer: &Client, event: &str) -> String {
    let page = organizer.get(&format!("/manage/events/{event}"));
    let fields = form_fields(&page.body, &format!("/manage/events/{event}/assign"), 0);
    field(&fields, "public_id").unwrap().to_string()
}

fn event_page(organizer: &Client, event: &str) -> String {
    let page = organizer.get(&format!("/manage/events/{event}"));
    assert_eq!(page.status, 200, "{}", page.body);
    page.body
}

/// The state badge of one match on the event's overview.
fn overview_state(organizer: &Client, event: &str, public_id: &str) -> String {
    let body = event_page(organizer, event);
    let row_end = body
        .find(&format!("name=\"public_id\" value=\"{public_id}\""))
        .expect("the match is on the overview");
    let row = &body[body[..row_end].rfind("<tr").unwrap()..row_end];
    let marker = "<span class=\"status-badge\">";
    let start = row.find(marker).unwrap() + marker.len();
    row[start..start + row[start..].find('<').unwrap()].to_string()
}

backend_tests! {
    fn the_state_form_shows_the_state_and_a_note_only_save_keeps_it(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer, false);
        record_win(&organizer, &public_id, "A");
        assert_eq!(shown_state(&organizer, &public_id), "in corso");

        let mut form = state_form(&organizer, &public_id);
        assert_eq!(field(&form, "status"), Some("in_progress"), "the list starts on the stored state");
        set_field(&mut form, "note", "tavolo spostato vicino alla finestra");
        let saved = organizer.post_raw(&format!("/manage/matches/{public_id}/status"), &pairs(&form));
        assert_eq!(saved.status, 303, "{}", saved.body);
        let manage = format!("/manage/matches/{public_id}");
        assert_eq!(saved.location.as_deref(), Some(manage.as_str()));
        assert!(organizer.get(&manage).body.contains("Stato aggiornato."), "the notice shows");
        assert!(!organizer.get(&manage).body.contains("Stato aggiornato."), "once");
        assert_eq!(shown_state(&organizer, &public_id), "in corso", "a note does not reset the state");
        let form = state_form(&organizer, &public_id);
        assert_eq!(field(&form, "note"), Some("tavolo spostato vicino alla finestra"), "the note is shown to edit");
        assert_eq!(field(&form, "status"), Some("in_progress"));

        // Saved again untouched: nothing changes, the note stays.
        let again = organizer.post_raw(&format!("/manage/matches/{public_id}/status"), &pairs(&form));
        assert_eq!(again.status, 303, "{}", again.body);
        assert_eq!(again.location.as_deref(), Some(manage.as_str()));
        assert!(organizer.get(&manage).body.contains("Nessuna modifica: non è cambiato nulla."));
        assert_eq!(shown_state(&organizer, &public_id), "in corso");
        assert_eq!(field(&state_form(&organizer, &public_id), "note"), Some("tavolo spostato vicino alla finestra"));

        // A finished match shows "finished" and keeps it through a note-only save.
        let finished = create_match(&organizer, true);
        record_win(&organizer, &finished, "B");
        assert_eq!(shown_state(&organizer, &finished), "finita");
        let mut form = state_form(&organizer, &finished);
        assert_eq!(field(&form, "status"), Some("finished"));
        set_field(&mut form, "note", "firmato il foglio");
        let saved = organizer.post_raw(&format!("/manage/matches/{finished}/status"), &pairs(&form));
        assert_eq!(saved.status, 303, "{}", saved.body);
        assert_eq!(shown_state(&organizer, &finished), "finita");
    }

    fn a_state_change_backwards_asks_for_a_reason_and_is_recorded(app) {
        let organizer = app.organizer();
        let public_id = create_match(&organizer, true);
        record_win(&organizer, &public_id, "A");
        assert_eq!(shown_state(&organizer, &public_id), "finita");
        let action = format!("/manage/matches/{public_id}/status");

        // Finished → scheduled: a confirmation with a required reason, nothing changed yet.
        let mut form = state_form(&organizer, &public_id);
        set_field(&mut form, "status", "scheduled");
        let asked = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("id=\"confirm-form\""), "{}", asked.body);
        assert!(asked.body.contains("finita") && asked.body.contains("in programma"), "both states are named");
        assert_eq!(shown_state(&organizer, &public_id), "finita");
        let mut confirm = form_fields(&asked.body, &action, 0);
        assert_eq!(field(&confirm, "confirm"), Some("yes"));
        assert!(asked.body.contains("name=\"reason\"") && asked.body.contains("required"));

        // Confirmed without a reason: refused, still finished.
        let refused = organizer.post_raw(&action, &pairs(&confirm));
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("motivo"), "{}", refused.body);
        assert_eq!(shown_state(&organizer, &public_id), "finita");

        set_field(&mut confirm, "reason", "il foglio era di un altro tavolo");
        let done = organizer.post_raw(&action, &pairs(&confirm));
        assert_eq!(done.status, 303, "{}", done.body);
        assert_eq!(shown_state(&organizer, &public_id), "in programma");
        let page = organizer.get(&format!("/manage/matches/{public_id}"));
        assert!(page.body.contains("id=\"state-changes\""), "{}", page.body);
        assert!(page.body.contains("il foglio era di un altro tavolo"));
        assert!(page.body.contains("finita → in programma"), "{}", page.body);
        assert!(page.body.contains(">org<"), "who changed it is shown: {}", page.body);

        // In progress → scheduled asks too; a forward change does not.
        let other = create_match(&organizer, false);
        let mut form = state_form(&organizer, &other);
        set_field(&mut form, "status", "in_progress");
        assert_eq!(organizer.post_raw(&format!("/manage/matches/{other}/status"), &pairs(&form)).status, 303);
        assert_eq!(shown_state(&organizer, &other), "in corso");
        let mut form = state_form(&organizer, &other);
        set_field(&mut form, "status", "scheduled");
        let asked = organizer.post_raw(&format!("/manage/matches/{other}/status"), &pairs(&form));
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert_eq!(shown_state(&organizer, &other), "in corso");
    }

    fn a_forfeit_is_chosen_explicitly_and_confirmed(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = drawn_event(&organizer, 4);
        let public_id = first_match(&organizer, &event);
        let action = format!("/manage/events/{event}/forfeit");
        let ready = overview_state(&organizer, &event, &public_id);
        let body = event_page(&organizer, &event);
        let form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "winner"), None, "no side is chosen beforehand");
        let names: Vec<String> = (1..=4).map(|i| format!("Coppia numero {i} dal nome molto lungo")).collect();
        let start = body.find(&format!("value=\"{public_id}\"")).unwrap();
        let forfeit_form = &body[start..];
        let forfeit_form = &forfeit_form[forfeit_form.find(&format!("action=\"{action}\"")).unwrap()..];
        let forfeit_form = &forfeit_form[..forfeit_form.find("</form>").unwrap()];
        let shown: Vec<&String> = names.iter().filter(|name| forfeit_form.contains(name.as_str())).collect();
        assert_eq!(shown.len(), 2, "both sides are named in full: {forfeit_form}");

        // Sent without a side: refused with the reason, nothing recorded.
        let refused = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Scegli"), "{}", refused.body);
        assert_eq!(overview_state(&organizer, &event, &public_id), ready);

        // A side chosen: a confirmation naming both sides, nothing recorded yet.
        let mut chosen = form.clone();
        set_field(&mut chosen, "winner", "B");
        let asked = organizer.post_raw(&action, &pairs(&chosen));
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("id=\"confirm-form\""), "{}", asked.body);
        for name in &shown {
            assert!(asked.body.contains(name.as_str()), "{name} in full on the confirmation");
        }
        assert_eq!(overview_state(&organizer, &event, &public_id), ready);
        let confirm = form_fields(&asked.body, &action, 0);
        assert_eq!(field(&confirm, "winner"), Some("B"));
        let done = organizer.post_raw(&action, &pairs(&confirm));
        assert_eq!(done.status, 303, "{}", done.body);
        assert_eq!(overview_state(&organizer, &event, &public_id), "a tavolino");

        // Taking it back is a change backwards: a reason, recorded with who and why.
        let body = event_page(&organizer, &event);
        let mut undo = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&undo, "winner"), Some("B"), "the recorded side is shown");
        set_field(&mut undo, "winner", "none");
        let asked = organizer.post_raw(&action, &pairs(&undo));
        assert_eq!(asked.status, 200, "{}", asked.body);
        let mut confirm = form_fields(&asked.body, &action, 0);
        assert_eq!(organizer.post_raw(&action, &pairs(&confirm)).status, 422, "a reason is required");
        assert_eq!(overview_state(&organizer, &event, &public_id), "a tavolino");
        set_field(&mut confirm, "reason", "la coppia era solo in ritardo");
        assert_eq!(organizer.post_raw(&action, &pairs(&confirm)).status, 303);
        assert_eq!(overview_state(&organizer, &event, &public_id), ready);
        let body = event_page(&organizer, &event);
        assert!(body.contains("la coppia era solo in ritardo"), "shown with the corrections");
        let page = organizer.get(&format!("/manage/matches/{public_id}"));
        assert!(page.body.contains("la coppia era solo in ritardo"));
    }

    fn an_event_match_put_back_on_its_own_page_is_ready_again_for_the_event(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = drawn_event(&organizer, 4);
        let public_id = first_match(&organizer, &event);
        let ready = overview_state(&organizer, &event, &public_id);
        let action = format!("/manage/events/{event}/forfeit");
        let forfeit = organizer.post_form(&action, &[("public_id", &public_id), ("winner", "A"), ("confirm", "yes")]);
        assert_eq!(forfeit.status, 303, "{}", forfeit.body);
        assert_eq!(overview_state(&organizer, &event, &public_id), "a tavolino");

        let mut form = state_form(&organizer, &public_id);
        assert_eq!(field(&form, "status"), Some("forfeit"));
        set_field(&mut form, "status", "scheduled");
        let status = format!("/manage/matches/{public_id}/status");
        let asked = organizer.post_raw(&status, &pairs(&form));
        assert_eq!(asked.status, 200, "{}", asked.body);
        // The confirmation names the match as people say it, as the revoke's does.
        assert!(asked.body.contains("Semifinali, partita 1"), "{}", asked.body);
        assert!(!asked.body.contains("Turno 1"), "{}", asked.body);
        let revoke = organizer.post_form(&format!("/manage/matches/{public_id}/link/revoke"), &[]);
        assert!(revoke.body.contains("Semifinali, partita 1"), "{}", revoke.body);
        let mut confirm = form_fields(&asked.body, &status, 0);
        set_field(&mut confirm, "reason", "a tavolino per errore");
        assert_eq!(organizer.post_raw(&status, &pairs(&confirm)).status, 303);
        assert_eq!(overview_state(&organizer, &event, &public_id), ready, "the event sees it ready");
        let body = event_page(&organizer, &event);
        assert!(body.contains("a tavolino per errore"), "listed with the event's corrections");
        let form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "winner"), None, "no side left chosen");

        // Both semifinals forfeited: the final is made. One put back on its own page:
        // the final has no sides any more and its table card goes.
        let forfeit = organizer.post_form(&action, &[("public_id", &public_id), ("winner", "A"), ("confirm", "yes")]);
        assert_eq!(forfeit.status, 303);
        let body = event_page(&organizer, &event);
        let other = form_fields(&body, &format!("/manage/events/{event}/assign"), 1);
        let other = field(&other, "public_id").unwrap().to_string();
        let forfeit = organizer.post_form(&action, &[("public_id", &other), ("winner", "B"), ("confirm", "yes")]);
        assert_eq!(forfeit.status, 303);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert_eq!(cards.body.matches("class=\"scoring-link\"").count(), 1, "the final is ready");
        let mut form = state_form(&organizer, &public_id);
        set_field(&mut form, "status", "scheduled");
        set_field(&mut form, "confirm", "yes");
        set_field(&mut form, "reason", "di nuovo: a tavolino per errore");
        set_field(&mut form, "status_was", "forfeit");
        assert_eq!(organizer.post_raw(&status, &pairs(&form)).status, 303);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert_eq!(cards.body.matches("class=\"scoring-link\"").count(), 1, "only the semifinal put back is to play: {}", cards.body);
        assert!(!cards.body.contains("Finale") && !cards.body.contains(">F<"), "{}", cards.body);
    }

    fn the_assigned_referee_is_shown_and_can_be_removed(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let _referee = app.user(&admin, "arbitra", "referee");
        let event = drawn_event(&organizer, 2);
        let public_id = first_match(&organizer, &event);
        let action = format!("/manage/events/{event}/assign");
        let body = event_page(&organizer, &event);
        let referee_id = support::option_value(&body, "arbitra");
        let mut form = form_fields_containing(&body, &action, &public_id);
        set_field(&mut form, "referee", &referee_id);
        let saved = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(saved.status, 303, "{}", saved.body);

        // Shown as chosen, and kept when only the table changes.
        let body = event_page(&organizer, &event);
        let mut form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "referee"), Some(referee_id.as_str()), "the assigned referee is selected");
        set_field(&mut form, "table", "7");
        assert_eq!(organizer.post_raw(&action, &pairs(&form)).status, 303);
        let match_page = organizer.get(&format!("/manage/matches/{public_id}"));
        assert!(match_page.body.contains("arbitra"), "still assigned");
        let body = event_page(&organizer, &event);
        let form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "table"), Some("7"));
        assert_eq!(field(&form, "referee"), Some(referee_id.as_str()));
        assert!(body.contains("nessun arbitro"), "an explicit choice of no referee");

        // "No referee" really unassigns.
        let mut form = form;
        set_field(&mut form, "referee", "");
        assert_eq!(organizer.post_raw(&action, &pairs(&form)).status, 303);
        let match_page = organizer.get(&format!("/manage/matches/{public_id}"));
        assert!(match_page.body.contains("Nessun arbitro assegnato"), "{}", match_page.body);
        let body = event_page(&organizer, &event);
        let form = form_fields_containing(&body, &action, &public_id);
        assert_eq!(field(&form, "referee"), Some(""));
        assert_eq!(field(&form, "table"), Some("7"), "the table stays");
    }

    fn the_event_form_shows_every_stored_setting_and_an_untouched_save_keeps_them(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let new = organizer.get("/manage/clubs/scuola-di-trionfetti/events/new");
        let action = "/manage/clubs/scuola-di-trionfetti/events";
        let mut fields = form_fields(&new.body, action, 0);
        let stored = [
            ("name", "Svizzera d'inverno"),
            ("date", "2030-12-05"),
            ("time", "21:15"),
            ("venue", "Bacaro da Fiore"),
            ("game", "tressette"),
            ("opt.tressette.target_points", "31"),
            ("format", "swiss"),
            ("rounds", "5"),
            ("tie1", "sonneborn-berger"),
            ("tie2", "buchholz"),
        ];
        for (name, value) in stored {
            set_field(&mut fields, name, value);
        }
        fields.retain(|(name, _)| name != "listed" && name != "bye_is_win");
        let created = organizer.post_raw(action, &pairs(&fields));
        assert_eq!(created.status, 303, "{}", created.body);
        let event = created.location.unwrap().trim_start_matches("/manage/events/").to_string();

        let edit = format!("/manage/events/{event}/edit");
        let shown = form_fields(&organizer.get(&edit).body, &edit, 0);
        for (name, value) in stored {
            assert_eq!(field(&shown, name), Some(value), "{name} is shown as stored");
        }
        assert_eq!(field(&shown, "listed"), None, "unlisted stays unticked");
        assert_eq!(field(&shown, "bye_is_win"), None, "a bye is not a win, as chosen");
        let saved = organizer.post_raw(&edit, &pairs(&shown));
        assert_eq!(saved.status, 303, "{}", saved.body);
        let again = form_fields(&organizer.get(&edit).body, &edit, 0);
        assert_eq!(again, shown, "an untouched save changes nothing");
    }

    fn a_withdrawal_is_confirmed_before_it_acts(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = drawn_event(&organizer, 4);
        let action = format!("/manage/events/{event}/withdraw");
        let body = event_page(&organizer, &event);
        let form = form_fields(&body, &action, 0);
        let asked = organizer.post_raw(&action, &pairs(&form));
        assert_eq!(asked.status, 200, "{}", asked.body);
        assert!(asked.body.contains("id=\"confirm-form\""), "{}", asked.body);
        assert!(asked.body.contains("Coppia numero 1 dal nome molto lungo"), "the entrant is named");
        assert!(!event_page(&organizer, &event).contains("class=\"withdrawn\""), "nothing withdrawn yet");
        let confirm = form_fields(&asked.body, &action, 0);
        assert_eq!(field(&confirm, "confirm"), Some("yes"));
        let done = organizer.post_raw(&action, &pairs(&confirm));
        assert_eq!(done.status, 303, "{}", done.body);
        assert!(event_page(&organizer, &event).contains("class=\"withdrawn\""));
    }
}

#[test]
fn confirmation_pages_speak_english_too() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let admin = app.admin();
    let _organizer = app.user(&admin, "org", "organizer");
    let organizer = app.client_in("en");
    organizer.login("org", "org-password");
    let public_id = create_match(&organizer, false);
    record_win(&organizer, &public_id, "A");
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    let mut form = form_fields(
        &page.body,
        &format!("/manage/matches/{public_id}/status"),
        0,
    );
    set_field(&mut form, "status", "scheduled");
    let asked = organizer.post_raw(
        &format!("/manage/matches/{public_id}/status"),
        &pairs(&form),
    );
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(
        asked.body.contains("in progress → scheduled"),
        "{}",
        asked.body
    );
    let confirm = form_fields(
        &asked.body,
        &format!("/manage/matches/{public_id}/status"),
        0,
    );
    let refused = organizer.post_raw(
        &format!("/manage/matches/{public_id}/status"),
        &pairs(&confirm),
    );
    assert_eq!(refused.status, 422);
    assert!(refused.body.contains("reason"), "{}", refused.body);
}
