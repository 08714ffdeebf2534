//! What an event's advancement keeps between results: the match logs it replays inside
//! an append are remembered once the append commits, so the next result replays only
//! the logs that grew. Before, with nobody viewing the event's pages, every result
//! replayed every other match's log.

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
}
