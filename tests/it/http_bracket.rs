//! The bracket drawn as a bracket (issue 24): its own page, rounds and matches named as
//! people say them in Italian and English (on the bracket, the table cards, the referee's
//! and the live page), full names, the live score, the lines between matches, the
//! highlighted team, and the window a big bracket is shown through.

use crate::support;
use support::setup::{self, card_links, import_and_draw, record_win};
use support::{Client, club_with_organizer};

/// A Trionfetti event of `format` (matches to 2 points, one game), `extra` fields added.
pub(crate) fn create(organizer: &Client, format: &str, extra: &[(&str, &str)]) -> String {
    let mut fields = vec![
        ("game", "trionfetti"),
        ("target_points", "2"),
        ("games_to_win", "1"),
        ("format", format),
    ];
    fields.extend_from_slice(extra);
    setup::create_event(organizer, setup::CLUB_EVENTS, &fields)
}

/// How many times `needle` occurs in `html`.
fn count(html: &str, needle: &str) -> usize {
    html.matches(needle).count()
}

/// The part of `body` from `start` to the next `end`.
fn piece<'a>(body: &'a str, start: &str, end: &str) -> &'a str {
    let from = body
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {body}"));
    let rest = &body[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

/// Hand `target` (from 0) of the Trionfetti match at `base` given to `team` instead.
fn correct_hand(client: &Client, base: &str, target: &str, team: &str) {
    let fields = [
        ("target", target),
        ("reason", "punti scritti alla squadra sbagliata"),
        ("winner", team),
    ];
    let response = setup::post_entry(client, base, "correct", &fields);
    assert_eq!(response.status, 303, "{}", response.body);
}

backend_tests! {
    fn a_pair_named_by_its_players_links_each_player_in_the_bracket(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create(&organizer, "single_elimination", &[]);
        let csv: String = (1..=4).map(|i| format!("Nane {i},Bepi {i}\n")).collect();
        import_and_draw(&organizer, &event, &csv);
        let page = app.client().get(&format!("/e/{event}/bracket"));
        assert_eq!(page.status, 200);
        // Two semifinals of two pairs: eight players, each a link to their page.
        assert_eq!(count(&page.body, "<a class=\"player-link\" href=\"/players/"), 8, "{}", page.body);
        for i in 1..=4 {
            assert!(page.body.contains(&format!(">Nane {i}</a>&nbsp;·")), "{}", page.body);
            assert!(page.body.contains(&format!(">Bepi {i}</a></span>")), "{}", page.body);
        }
        // A team with a name of its own keeps it, unlinked.
        let named = create(&organizer, "single_elimination", &[]);
        import_and_draw(&organizer, &named, &setup::pairs_csv(4));
        let page = app.client().get(&format!("/e/{named}/bracket"));
        assert_eq!(count(&page.body, "class=\"player-link\""), 0, "{}", page.body);
        assert!(page.body.contains("Coppia 1"));
    }

    fn a_single_elimination_names_its_rounds_and_matches_as_people_say_them(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create(&organizer, "single_elimination", &[("third_place", "true")]);
        import_and_draw(&organizer, &event, &setup::pairs_csv(8));
        let links = card_links(&app, &organizer, &event);
        // Quarterfinal 1 won outright, quarterfinal 2 half played (a hand of two).
        record_win(&app.client(), &links[0], "A");
        record_win(&app.client(), &links[0], "A");
        record_win(&app.client(), &links[1], "B");

        let it = app.client().get(&format!("/e/{event}/bracket"));
        assert_eq!(it.status, 200, "{}", it.body);
        for words in [
            "Quarti, partita 1",
            "Quarti, partita 4",
            "Semifinali, partita 2",
            ">Finale<",
            "Finale 3° posto",
            "vincente di Quarti, partita 3",
            "perdente di Semifinali, partita 1",
        ] {
            assert!(it.body.contains(words), "{words} missing: {}", it.body);
        }
        assert!(!it.body.contains("Turno 1, partita"), "rounds named in code");
        assert!(!it.body.contains('…'), "names cut short");
        // Every entrant by its full name.
        for i in 1..=8 {
            assert!(it.body.contains(&format!("Coppia {i}<")), "Coppia {i}");
        }
        // The lines: four quarterfinals in pairs, two semifinals into the final.
        assert_eq!(count(&it.body, "bracket-slot join-down"), 3, "{}", it.body);
        assert_eq!(count(&it.body, "bracket-slot join-up"), 3);
        // The finished match's games, the one being played with its points and a link.
        assert_eq!(count(&it.body, "class=\"side-score\""), 4, "{}", it.body);
        assert!(it.body.contains("punti 0–1"), "{}", it.body);
        assert!(it.body.contains("bracket-match live"));
        // The phone's tabs link to every column, the third place and the final included.
        for anchor in ["#round-w1", "#round-w2", "#round-w3", "#round-3rd"] {
            assert!(it.body.contains(&format!("href=\"{anchor}\"")), "{anchor}");
        }
        assert!(it.body.contains("role=\"region\"") && it.body.contains("tabindex=\"0\""));

        let en = app.client_in("en").get(&format!("/e/{event}/bracket"));
        for words in [
            "Quarterfinals, match 1",
            "Semifinals, match 2",
            ">Final<",
            "winner of Quarterfinals, match 3",
        ] {
            assert!(en.body.contains(words), "{words} missing: {}", en.body);
        }
        assert!(en.body.contains("points 0–1"));

        // The highlight picker of the event page, on the bracket's own page too.
        let mine = app.client().get(&format!("/e/{event}/bracket?highlight=3"));
        assert!(mine.body.contains("<option value=\"3\" selected>"), "{}", mine.body);
        assert_eq!(count(&mine.body, "side highlighted"), 1);

        // The event page shows the round being played by its spoken name and links the
        // bracket's page (the bracket itself lives there, the event page stays light).
        let page = app.client().get(&format!("/e/{event}"));
        assert!(page.body.contains(&format!("href=\"/e/{event}/bracket\"")));
        assert!(page.body.contains("<h3>Quarti</h3>"), "{}", page.body);

        // The table cards, the referee's page and the live page say the same.
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert!(cards.body.contains("Quarti, partita 3"), "{}", cards.body);
        let referee = app.client().get(&links[2]);
        assert!(referee.body.contains("Quarti, partita 3"), "{}", referee.body);
        let live = it.body.split("href=\"/m/").nth(1).unwrap();
        let live = &live[..live.find('"').unwrap()];
        let live_page = app.client().get(&format!("/m/{live}"));
        assert!(live_page.body.contains("Quarti, partita"), "{}", live_page.body);
        let live_en = app.client_in("en").get(&format!("/m/{live}"));
        assert!(live_en.body.contains("Quarterfinals, match"), "{}", live_en.body);
    }

    fn a_double_elimination_names_both_brackets_and_the_grand_final(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create(&organizer, "double_elimination", &[("bracket_reset", "true")]);
        import_and_draw(&organizer, &event, &setup::pairs_csv(8));
        let it = app.client().get(&format!("/e/{event}/bracket"));
        assert_eq!(it.status, 200);
        for words in [
            "Tabellone vincenti",
            "Tabellone perdenti",
            "Vincenti · Quarti, partita 1",
            "Vincenti · Semifinali, partita 2",
            "Vincenti · Finale",
            "Perdenti · turno 1, partita 2",
            "Perdenti · Semifinale",
            "Perdenti · Finale",
            "Finale assoluta",
            "perdente di Vincenti · Quarti, partita 1",
        ] {
            assert!(it.body.contains(words), "{words} missing: {}", it.body);
        }
        let en = app.client_in("en").get(&format!("/e/{event}/bracket"));
        for words in [
            "Winners&#39; bracket",
            "Losers&#39; bracket",
            "Winners · Quarterfinals, match 1",
            "Losers · Final",
            "Grand final",
        ] {
            assert!(en.body.contains(words), "{words} missing: {}", en.body);
        }
        // Losers' rounds 1 → 2 go straight on, 2 → 3 in pairs; the winners' final
        // straight into the grand final.
        assert!(it.body.contains("bracket-slot join-straight"));
        assert_eq!(count(&it.body, "id=\"round-l"), 4);
    }

    fn a_big_bracket_is_shown_a_slice_at_a_time_with_the_viewer_in_it(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create(&organizer, "single_elimination", &[]);
        import_and_draw(&organizer, &event, &setup::pairs_csv(128));
        let page = app.client().get(&format!("/e/{event}/bracket"));
        assert_eq!(page.status, 200);
        // 64 first-round matches: 16 at a time, and the rounds they lead to.
        assert_eq!(count(&page.body, "id=\"bracket-W-R1-"), 16, "{}", page.body);
        assert_eq!(count(&page.body, "id=\"bracket-W-R2-"), 8);
        assert!(page.body.contains("Parte 1 di 4"));
        let next = format!("/e/{event}/bracket?round=1&#38;part=2");
        assert!(page.body.contains(&next), "{}", page.body);
        let second = app.client().get(&format!("/e/{event}/bracket?round=1&part=2"));
        assert!(second.body.contains("id=\"bracket-W-R1-M17\""));
        assert!(!second.body.contains("id=\"bracket-W-R1-M16\""));
        // Later rounds: from the round of 16 on, the whole rest of the bracket.
        let later = app.client().get(&format!("/e/{event}/bracket?round=4"));
        assert!(later.body.contains("Ottavi, partita 8"), "{}", later.body);
        assert!(later.body.contains(">Finale<"));
        // The viewer's team is in the slice shown to them, highlighted.
        for entrant in [1, 50, 100, 128] {
            let mine = app.client().get(&format!("/e/{event}/bracket?highlight={entrant}"));
            assert_eq!(count(&mine.body, "side highlighted"), 1, "entrant {entrant}");
            assert!(mine.body.contains("bracket-match mine"));
        }
        // The bracket's page opens on one slice (16 + 8 + 4 + 2 + 1 + 1), not all 127
        // matches; the event page draws no bracket, it links to that page.
        let first = app.client().get(&format!("/e/{event}/bracket"));
        assert_eq!(count(&first.body, "<article class=\"bracket-match"), 32);
        let event_page = app.client().get(&format!("/e/{event}"));
        assert_eq!(count(&event_page.body, "<article class=\"bracket-match"), 0);
        assert!(event_page.body.contains(&format!("href=\"/e/{event}/bracket\"")));
    }

    fn a_pairing_a_correction_re_formed_shows_nothing_the_old_pairing_played(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = create(&organizer, "single_elimination", &[]);
        import_and_draw(&organizer, &event, &setup::pairs_csv(4));
        let semis = card_links(&app, &organizer, &event);
        for link in &semis {
            record_win(&app.client(), link, "A");
            record_win(&app.client(), link, "A");
        }
        // The final begun between the two winners: a hand to side A.
        let finals = card_links(&app, &organizer, &event);
        assert_eq!(finals.len(), 1);
        record_win(&app.client(), &finals[0], "A");
        let bracket = format!("/e/{event}/bracket");
        let before = app.client().get(&bracket);
        let final_box = piece(&before.body, "id=\"bracket-W-R2-M1\"", "</article>");
        assert!(final_box.contains("punti 1–0"), "{final_box}");
        // Both hands of semifinal 1 were side B's: the final's pairing is re-formed, the
        // hand played is the old pairing's.
        correct_hand(&app.client(), &semis[0], "0", "B");
        correct_hand(&app.client(), &semis[0], "1", "B");
        let after = app.client().get(&bracket);
        let final_box = piece(&after.body, "id=\"bracket-W-R2-M1\"", "</article>");
        assert!(final_box.contains("da decidere"), "{final_box}");
        assert!(!final_box.contains("punti"), "the old pairing's points: {final_box}");
        assert!(!final_box.contains("side-score"), "the old pairing's games: {final_box}");
        assert!(!final_box.contains(" live\""), "{final_box}");
        assert!(!final_box.contains("href=\"/m/"), "the old pairing's match page: {final_box}");
        // The rounds page says nothing of it either.
        let rounds = app.client().get(&format!("/e/{event}/rounds?round=2"));
        let pairing = piece(&rounds.body, "id=\"pairing-W-R2-M1\"", "</li>");
        assert!(pairing.contains("da decidere"), "{pairing}");
        assert!(!pairing.contains("1–0"), "{pairing}");
        assert!(!pairing.contains("live-line"), "{pairing}");
    }

    fn a_finished_bracket_opens_on_its_final_on_a_phone(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        for third_place in ["true", "false"] {
            let event = create(&organizer, "single_elimination", &[("third_place", third_place)]);
            import_and_draw(&organizer, &event, &setup::pairs_csv(4));
            for _ in 0..2 {
                for link in card_links(&app, &organizer, &event) {
                    record_win(&app.client(), &link, "A");
                    record_win(&app.client(), &link, "A");
                }
            }
            let page = app.client().get(&format!("/e/{event}/bracket"));
            assert!(page.body.contains("id=\"champion\""), "{}", page.body);
            let current: Vec<&str> = page.body.split("<li><a href=\"#")
                .skip(1)
                .filter(|tab| tab.contains("class=\"current\""))
                .map(|tab| &tab[..tab.find('"').unwrap()])
                .collect();
            assert_eq!(current, ["round-w2"], "the final's tab, third place {third_place}");
        }
    }
}
