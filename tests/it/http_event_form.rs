//! The new-event form starts where the club is (issue 38): a club's first event is the
//! rotating-partners night of Trionfetti, a later one takes the game, the format and
//! their options of the club's last event. The format is chosen on cards and only its
//! options show (by CSS, without script); the fields of the other formats, posted
//! along, are ignored.

use crate::support;

use support::forms::{field, form_fields, pairs, set_field};
use support::{Client, TestApp, club_with_organizer};

const NEW: &str = "/manage/clubs/scuola-di-trionfetti/events/new";
const CREATE: &str = "/manage/clubs/scuola-di-trionfetti/events";

/// The new-event form's fields as a browser would send them untouched.
fn new_form(organizer: &Client) -> Vec<(String, String)> {
    let page = organizer.get(NEW);
    assert_eq!(page.status, 200, "{}", page.body);
    form_fields(&page.body, CREATE, 0)
}

/// Posts `fields` with a name and a date; returns the new event's public id.
fn create(organizer: &Client, mut fields: Vec<(String, String)>, name: &str) -> String {
    set_field(&mut fields, "name", name);
    set_field(&mut fields, "date", "2030-12-05");
    let created = organizer.post_raw(CREATE, &pairs(&fields));
    assert_eq!(created.status, 303, "{}", created.body);
    let location = created.location.unwrap();
    location.trim_start_matches("/manage/events/").to_string()
}

backend_tests! {
    fn a_clubs_first_event_starts_as_a_rotating_trionfetti_night(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let fields = new_form(&organizer);
        assert_eq!(field(&fields, "format"), Some("rotating"));
        assert_eq!(field(&fields, "game"), Some("trionfetti"));
        assert_eq!(field(&fields, "rounds"), Some("4"));
        assert_eq!(field(&fields, "sit_out"), Some("nothing"));
        assert_eq!(field(&fields, "name"), Some(""));
        // Posted as shown, the other formats' fields along, it makes that night.
        let event = create(&organizer, fields, "Serata a rotazione");
        let edit = format!("/manage/events/{event}/edit");
        let stored = form_fields(&organizer.get(&edit).body, &edit, 0);
        assert_eq!(field(&stored, "format"), Some("rotating"));
        assert_eq!(field(&stored, "game"), Some("trionfetti"));
    }

    fn after_a_swiss_the_form_starts_as_that_swiss(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut fields = new_form(&organizer);
        let ran = [
            ("time", "21:15"),
            ("venue", "Bacaro da Fiore"),
            ("game", "tressette"),
            ("opt.tressette.target_points", "31"),
            ("opt.tressette.games_to_win", "2"),
            ("format", "swiss"),
            ("rounds", "5"),
            ("tie1", "sonneborn-berger"),
            ("tie2", "buchholz"),
        ];
        for (name, value) in ran {
            set_field(&mut fields, name, value);
        }
        fields.retain(|(name, _)| name != "bye_is_win");
        create(&organizer, fields, "Svizzera d'inverno");

        let next = new_form(&organizer);
        for (name, value) in ran {
            assert_eq!(field(&next, name), Some(value), "{name} is carried over");
        }
        assert_eq!(field(&next, "bye_is_win"), None, "a bye is still not a win");
        assert_eq!(field(&next, "name"), Some(""), "the name is the new event's own");
        assert_eq!(field(&next, "date"), Some(""), "and so is the date");
    }

    fn the_fields_of_a_format_not_chosen_are_ignored(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut fields = new_form(&organizer);
        set_field(&mut fields, "format", "swiss");
        // A group size emptied, qualifiers out of range: the groups' fields, not read.
        set_field(&mut fields, "group_size", "");
        set_field(&mut fields, "qualifiers", "99");
        let event = create(&organizer, fields, "Svizzera");
        let edit = format!("/manage/events/{event}/edit");
        let stored = form_fields(&organizer.get(&edit).body, &edit, 0);
        assert_eq!(field(&stored, "format"), Some("swiss"));

        // The chosen format's own field emptied is refused, the form kept as typed.
        let mut fields = new_form(&organizer);
        set_field(&mut fields, "name", "Svizzera corta");
        set_field(&mut fields, "date", "2030-12-05");
        set_field(&mut fields, "rounds", "");
        let refused = organizer.post_raw(CREATE, &pairs(&fields));
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Turni: scrivi un numero da 1 a 30."), "{}", refused.body);
        assert!(refused.body.contains("value=\"Svizzera corta\""), "what was typed stays");
    }

    fn an_events_format_changes_on_its_edit_form_before_the_draw(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut fields = new_form(&organizer);
        set_field(&mut fields, "format", "swiss");
        let event = create(&organizer, fields, "Svizzera");
        let edit = format!("/manage/events/{event}/edit");
        let mut shown = form_fields(&organizer.get(&edit).body, &edit, 0);
        assert_eq!(field(&shown, "format"), Some("swiss"), "its card is chosen");
        set_field(&mut shown, "format", "groups");
        set_field(&mut shown, "group_size", "3");
        set_field(&mut shown, "qualifiers", "4");
        let refused = organizer.post_raw(&edit, &pairs(&shown));
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("Qualificati per girone: scrivi un numero"), "{}", refused.body);
        set_field(&mut shown, "qualifiers", "1");
        let saved = organizer.post_raw(&edit, &pairs(&shown));
        assert_eq!(saved.status, 303, "{}", saved.body);
        let again = form_fields(&organizer.get(&edit).body, &edit, 0);
        assert_eq!(field(&again, "format"), Some("groups"));
        assert_eq!(field(&again, "group_size"), Some("3"));
        assert_eq!(field(&again, "qualifiers"), Some("1"));
    }
}

/// Each format is a card whose options the stylesheet shows when it is chosen: every
/// format has its rule, and every option names formats the form offers.
#[test]
fn the_event_form_shows_each_formats_options_by_its_choice() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let form = organizer.get(NEW).body;
    let css = app
        .client()
        .get(&segnapunti::web::assets::url("style.css"))
        .body;
    let formats: Vec<&str> = form
        .split("<input type=\"radio\" id=\"format-")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(formats.len(), 6, "{formats:?}");
    for format in &formats {
        let rule = format!("#event-form:has(#format-{format}:checked) .for-{format}");
        assert!(css.contains(&rule), "{rule}");
        assert!(
            form.contains(&format!("id=\"format-{format}-hint\"")),
            "{format} has its hint"
        );
    }
    let options: Vec<&str> = form
        .split("class=\"format-option ")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(options.len(), 9, "{options:?}");
    for option in options {
        for class in option.split(' ') {
            let format = class.strip_prefix("for-").expect(class);
            assert!(formats.contains(&format), "{class}");
        }
    }
}
