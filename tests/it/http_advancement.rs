//! What an event's advancement keeps between results: the match logs it replays inside
//! an append are remembered once the append commits, so the next result replays only
//! the logs that grew. Before, with nobody viewing the event's pages, every result
//! replayed every other match's log. Each instance also keeps the event derived
//! (`events::Advancement`), and derives it afresh whenever the event changed behind it.

use crate::support;
use support::setup::{self, card_links, import_and_draw, record_win};
use support::{club_with_organizer, form_value};

backend_tests! {
    fn advancement_remembers_the_logs_it_replayed_once_the_append_commits(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = setup::create_knockout(&organizer);
        import_and_draw(&organizer, &event, &setup::pairs_csv(4));
        let links = card_links(&app, &organizer, &event);
        assert_eq!(links.len(), 2, "the two semifinals");
        let referee = app.client();
        let page = referee.get(&links[0]);
        assert!(form_value(&page.body, "expected_seq").is_some(), "{}", page.body);
        let public_id = page.body.split("/m/").nth(1).unwrap().split('/').next().unwrap().to_string();
        assert!(!segnapunti::events::is_remembered(&public_id, 1));
        // One hand finishes the match: its advancement replays its log of one entry.
        record_win(&referee, &links[0], "A");
        assert!(
            segnapunti::events::is_remembered(&public_id, 1),
            "the log the advancement replayed is remembered, with no page viewed since"
        );
    }

    fn two_matches_finishing_at_once_both_reach_the_next_round(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        // A race is not certain to show in one try: several events, each with its two
        // semifinals finished by two referees at the same moment.
        for attempt in 0..4 {
            let event = setup::create_knockout(&organizer);
            import_and_draw(&organizer, &event, &setup::pairs_csv(4));
            let links = card_links(&app, &organizer, &event);
            assert_eq!(links.len(), 2, "the two semifinals");
            let referees = [app.client(), app.client()];
            let envelopes: Vec<_> = links
                .iter()
                .zip(&referees)
                .map(|(link, referee)| setup::envelope(referee, link))
                .collect();
            let start = std::sync::Barrier::new(2);
            std::thread::scope(|scope| {
                for ((link, referee), (seq, key)) in links.iter().zip(&referees).zip(&envelopes) {
                    let start = &start;
                    scope.spawn(move || {
                        start.wait();
                        let fields = [
                            ("expected_seq", seq.as_str()),
                            ("submission_key", key.as_str()),
                            ("winner", "A"),
                        ];
                        let saved = referee.post_form(&format!("{link}/hand"), &fields);
                        assert_eq!(saved.status, 303, "{}", saved.body);
                    });
                }
            });
            // The cards list the matches still to play: the final alone.
            let after = card_links(&app, &organizer, &event);
            assert_eq!(
                after.len(),
                1,
                "attempt {attempt}: the final is drawn once both semifinals are over"
            );
            assert!(!links.contains(&after[0]), "{after:?}");
        }
    }

    fn an_event_changed_by_another_instance_is_derived_afresh(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let other = app.second_instance();
        let event = setup::create_knockout(&organizer);
        import_and_draw(&organizer, &event, &setup::pairs_csv(8));
        let quarters = card_links(&app, &organizer, &event);
        assert_eq!(quarters.len(), 4, "the quarterfinals");
        // A client of each for every entry: one left idle meanwhile would be closed.
        let (here, there) = (|| app.client(), || other.client());
        record_win(&here(), &quarters[0], "A");
        record_win(&there(), &quarters[1], "A");
        record_win(&there(), &quarters[2], "A");
        // This instance keeps the event with both semifinals drawn...
        record_win(&here(), &quarters[3], "A");
        let semis = card_links(&app, &organizer, &event);
        assert_eq!(semis.len(), 2, "the semifinals: {semis:?}");
        // ...the other finishes one of them behind it...
        record_win(&there(), &semis[0], "A");
        // ...and the other semifinal, finished here, must see it to draw the final.
        record_win(&here(), &semis[1], "B");
        let finals = card_links(&app, &organizer, &event);
        assert_eq!(finals.len(), 1, "the final is drawn: {finals:?}");
        assert!(!semis.contains(&finals[0]));
    }

    fn an_organizers_forfeit_behind_the_kept_event_is_seen(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = setup::create_knockout(&organizer);
        import_and_draw(&organizer, &event, &setup::pairs_csv(8));
        for quarter in card_links(&app, &organizer, &event) {
            record_win(&app.client(), &quarter, "A");
        }
        let semis = card_links(&app, &organizer, &event);
        assert_eq!(semis.len(), 2, "the semifinals: {semis:?}");
        // The organizer decides one semifinal by forfeit (a sync of its own, not the
        // scoring's advancement)...
        let page = app.client().get(&semis[0]);
        let public_id = page.body.split("/m/").nth(1).unwrap().split('/').next().unwrap().to_string();
        let forfeit = organizer.post_form(
            &format!("/manage/events/{event}/forfeit"),
            &[("public_id", &public_id), ("winner", "A"), ("confirm", "yes")],
        );
        assert_eq!(forfeit.status, 303, "{}", forfeit.body);
        // ...and the other, finished by the referee, draws the final from both.
        record_win(&app.client(), &semis[1], "B");
        let finals = card_links(&app, &organizer, &event);
        assert_eq!(finals.len(), 1, "the final is drawn: {finals:?}");
        assert!(!semis.contains(&finals[0]));
    }
}
