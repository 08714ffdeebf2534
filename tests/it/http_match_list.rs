//! Issues 37 and 38: the organizers' list of matches shows an organizer only the
//! matches it may open, a page of 25 at a time newest first, the new-match form
//! before it, and filters by club, event and state that work without a script.

use crate::support;
use support::{club_with_organizer, setup};

/// The titles the list shows, in order.
fn titles(body: &str) -> Vec<String> {
    let Some(start) = body.find("id=\"match-list\"") else {
        return Vec::new();
    };
    let list = &body[start..start + body[start..].find("</ul>").unwrap()];
    list.split("<strong>")
        .skip(1)
        .map(|rest| rest[..rest.find('<').unwrap()].to_string())
        .collect()
}

backend_tests! {
    fn the_match_list_is_the_organizers_own_paged_and_filtered(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let other = app.user(&admin, "altro", "organizer");
        let foreign = setup::create_match(&other, &[("title", "Partita di un altro circolo")]);
        for number in 1..=27 {
            setup::create_match(&organizer, &[("title", &format!("Tavolo {number}"))]);
        }

        // The action first, then the newest 25 of the organizer's own.
        let first = organizer.get("/manage/matches");
        assert_eq!(first.status, 200);
        let form = first.body.find("action=\"/manage/matches\" class=\"stacked-form\"").unwrap();
        assert!(form < first.body.find("id=\"match-list\"").unwrap(), "the new-match form first");
        let shown = titles(&first.body);
        assert_eq!(shown.len(), 25);
        assert_eq!(shown[0], "Tavolo 27");
        assert!(!first.body.contains("Partita di un altro circolo"), "another organizer's match");
        assert!(!first.body.contains(&foreign));
        assert!(first.body.contains("href=\"/manage/matches?page=2\""), "a link to the older ones");
        let second = organizer.get("/manage/matches?page=2");
        assert_eq!(titles(&second.body), ["Tavolo 2", "Tavolo 1"]);
        assert!(second.body.contains("href=\"/manage/matches?page=1\""));
        assert!(!second.body.contains("?page=3"));
        // An administrator sees every match.
        assert!(titles(&admin.get("/manage/matches?page=2").body).contains(&"Partita di un altro circolo".to_string()));

        // By state: none of them has finished.
        let finished = organizer.get("/manage/matches?state=finished");
        assert!(titles(&finished.body).is_empty());
        assert!(finished.body.contains("Nessuna partita con questi filtri."), "{}", finished.body);
        assert!(titles(&organizer.get("/manage/matches?state=scheduled").body).len() == 25);

        // By club, then one of its events: only the event's matches, the filters kept
        // in the page links.
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &[("name", "Serata del giovedì"), ("format", "single_elimination")]);
        let csv: String = (1..=8).map(|i| format!("Bepi {i},Nane {i},Coppia {i}\n")).collect();
        setup::import_and_draw(&organizer, &event, &csv);
        let club = organizer.get("/manage/matches?club=scuola-di-trionfetti");
        let in_club = titles(&club.body);
        assert!(!in_club.is_empty() && in_club.iter().all(|title| !title.starts_with("Tavolo ")), "{in_club:?}");
        assert!(club.body.contains(">Serata del giovedì</option>"), "the club's events to choose");
        let one = organizer.get(&format!("/manage/matches?club=scuola-di-trionfetti&event={event}"));
        assert_eq!(titles(&one.body), in_club);
        assert!(one.body.contains(&format!("<option value=\"{event}\" selected>")));
        // A club the organizer does not run filters nothing of its own in.
        assert_eq!(titles(&organizer.get("/manage/matches?club=nessuno").body).len(), 25);
    }
}
