//! A rotating night as it happens, through the pages, on SQLite and (when configured)
//! PostgreSQL: a player leaves after round 2 with their round-2 table under way, a
//! newcomer arrives; nobody present loses by forfeit, the rounds not begun are re-formed
//! among the players present, and the old link of a table taken out of the draw refuses
//! with words that name the table's match now, storing nothing.

use crate::support;
use support::setup;

use support::{Client, TestApp, club_with_organizer};

fn night(organizer: &Client, players: usize, rounds: &str) -> String {
    night_to(organizer, players, rounds, "1")
}

/// A drawn rotating night of `players` named "Singolo 1"…, whose matches go to
/// `target_points` in one game.
pub(crate) fn night_to(
    organizer: &Client,
    players: usize,
    rounds: &str,
    target_points: &str,
) -> String {
    let fields = [
        ("name", "Serata che cambia"),
        ("format", "rotating"),
        ("rounds", rounds),
        ("target_points", target_points),
        ("games_to_win", "1"),
    ];
    let event = setup::create_event(organizer, setup::CLUB_EVENTS, &fields);
    let csv: String = (1..=players).map(|i| format!("Singolo {i}\n")).collect();
    setup::import_and_draw(organizer, &event, &csv);
    event
}

/// A table's card on the printed cards page.
fn table_card(cards: &str, table: u32) -> Option<&str> {
    let card = cards.split(&format!("id=\"table-card-{table}\"")).nth(1)?;
    card.split("</article>").next()
}

/// The scoring links of a table card, round by round.
pub(crate) fn table_links(app: &TestApp, cards: &str, table: u32) -> Vec<String> {
    table_card(cards, table)
        .expect("the table's card")
        .split("class=\"scoring-link\" href=\"")
        .skip(1)
        .map(|rest| rest[app.base.len()..rest.find('"').unwrap()].to_string())
        .collect()
}

/// The four names at `table` in `round` as its card lists them (seat 1 to 4), or none
/// when the table has no match that round.
pub(crate) fn seats(cards: &str, table: u32, round: u32) -> Vec<String> {
    let Some(card) = table_card(cards, table) else {
        return Vec::new();
    };
    let Some(line) = card
        .split("<li>")
        .skip(1)
        .find(|line| line.contains(&format!(" {round}</strong>")))
    else {
        return Vec::new();
    };
    line.split("<span class=\"seat")
        .skip(1)
        .map(|seat| {
            let text = &seat[seat.find('>').unwrap() + 1..];
            let text = text[..text.find(['<']).unwrap()].trim();
            // "1 Singolo 3": the seat number, then the name.
            text.split_once(' ').unwrap().1.trim().to_string()
        })
        .collect()
}

/// The table's one link printed on its card (a path on the app).
fn table_qr_link(app: &TestApp, cards: &str, table: u32) -> String {
    let card = table_card(cards, table).expect("the table's card");
    let marker = "class=\"table-link\" href=\"";
    let start = card.find(marker).expect("the table's own link") + marker.len();
    card[start + app.base.len()..start + card[start..].find('"').unwrap()].to_string()
}

/// The title of the match a table's link opens now (following its redirect).
fn opened_by(client: &Client, table_link: &str) -> String {
    let answer = client.get(table_link);
    assert_eq!(answer.status, 303, "{}", answer.body);
    let page = client.get(answer.location.as_deref().expect("where it leads"));
    assert_eq!(page.status, 200);
    let title = &page.body[page.body.find("<h1>").unwrap() + 4..];
    title[..title.find("</h1>").unwrap()].to_string()
}

/// The entrant number of the player named `name` on the organizer's page.
pub(crate) fn entrant_number(organizer: &Client, event: &str, name: &str) -> String {
    let page = organizer.get(&format!("/manage/events/{event}")).body;
    let at = page
        .find(&format!("<strong>{name}</strong>"))
        .unwrap_or_else(|| panic!("{name} is entered"));
    let before = &page[..at];
    let hash = before.rfind('#').unwrap();
    before[hash + 1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

pub(crate) fn cards(organizer: &Client, event: &str) -> String {
    let page = organizer.get(&format!("/manage/events/{event}/cards"));
    assert_eq!(page.status, 200, "{}", page.body);
    page.body
}

backend_tests! {
    fn a_player_who_leaves_and_one_who_arrives_re_form_the_rounds_not_begun(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 16, "5");
        let printed = cards(&organizer, &event);
        let links: Vec<Vec<String>> = (1..=4).map(|t| table_links(&app, &printed, t)).collect();
        assert!(links.iter().all(|l| l.len() == 5), "five rounds at each table");
        let table = app.client();
        // The card's one code opens the match at its table now, round after round.
        let code_4 = table_qr_link(&app, &printed, 4);
        assert!(code_4.starts_with("/t/"), "{code_4}");
        assert!(opened_by(&table, &code_4).ends_with("Turno 1, tavolo 4"));
        for at_table in &links {
            setup::record_win(&table, &at_table[0], "A");
        }
        for at_table in &links[..3] {
            setup::record_win(&table, &at_table[1], "A");
        }
        assert!(opened_by(&table, &code_4).ends_with("Turno 2, tavolo 4"));
        // Round 2 at table 4 is under way: who deals first is chosen.
        let begun = setup::post_entry(&table, &links[3][1], "first_dealer", &[("seat", "1")]);
        assert_eq!(begun.status, 303, "{}", begun.body);
        let at_table_4 = seats(&printed, 4, 2);
        assert_eq!(at_table_4.len(), 4, "{printed}");
        let (leaver, partner) = (at_table_4[0].clone(), at_table_4[2].clone());
        let number = entrant_number(&organizer, &event, &leaver);

        // The withdrawal is confirmed on a page that says what follows.
        let asked = organizer.post_form(
            &format!("/manage/events/{event}/withdraw"),
            &[("number", number.as_str())],
        );
        assert!(asked.body.contains("si rifanno con chi resta"), "{}", asked.body);
        let done = organizer.post_form(
            &format!("/manage/events/{event}/withdraw"),
            &[("number", number.as_str()), ("confirm", "yes")],
        );
        assert_eq!(done.status, 303, "{}", done.body);

        // Nobody present loses by forfeit: round 2's table 4 is still to play.
        let rounds = app.client().get(&format!("/e/{event}/rounds")).body;
        assert!(!rounds.contains("per ritiro"), "no forfeit for the withdrawal: {rounds}");
        let still = table.get(&links[3][1]);
        assert_eq!(still.status, 200);
        assert!(!still.body.contains("non è più in programma"), "{}", still.body);
        // The organizer is told what changed, what to reprint and what to decide.
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(
            manage.contains(&format!("Ritiro di #{number} {leaver}, dal turno 3")),
            "{manage}"
        );
        assert!(manage.contains("ristampal"), "stale cards named: {manage}");
        assert!(
            manage.contains("class=\"to-decide\">Rotazione · Turno 2, tavolo 4<"),
            "{manage}"
        );
        // Rounds 1–2 stay as printed; from round 3 fifteen play at three tables and the
        // player who left is not drawn again.
        let after = cards(&organizer, &event);
        for round in 1..=2 {
            for t in 1..=4 {
                assert_eq!(seats(&after, t, round), seats(&printed, t, round), "R{round} T{t}");
            }
        }
        for round in 3..=5 {
            assert!(seats(&after, 4, round).is_empty(), "no fourth table in round {round}");
            for t in 1..=3 {
                let names = seats(&after, t, round);
                assert_eq!(names.len(), 4, "R{round} T{t}");
                assert!(!names.contains(&leaver), "R{round} T{t}: {names:?}");
            }
        }

        // The old link of round 3's table 4, taken out of the draw, refuses and names
        // the table's match now; nothing is stored.
        let old = &links[3][2];
        let opened = table.get(old);
        assert_eq!(opened.status, 200);
        assert!(opened.body.contains("non è più in programma"), "{}", opened.body);
        assert!(opened.body.contains("Al tavolo 4 ora si gioca"), "{}", opened.body);
        assert!(!opened.body.contains("id=\"outcome-form\"") && !opened.body.contains("name=\"winner\""));
        let tapped = table.post_form(
            &format!("{old}/hand"),
            &[("expected_seq", "0"), ("submission_key", "offline-1"), ("winner", "A")],
        );
        assert_eq!(tapped.status, 409, "{}", tapped.body);
        assert!(tapped.body.contains("Al tavolo 4 ora si gioca"), "{}", tapped.body);
        assert!(tapped.body.contains("Turno 2, tavolo 4"), "{}", tapped.body);
        assert!(!table.get(old).body.contains("class=\"log-hand"), "nothing stored");

        // Fifteen play at three tables: table 4 still has round 2 to finish.
        assert!(opened_by(&table, &code_4).ends_with("Turno 2, tavolo 4"));
        // A newcomer arrives: sixteen again from round 3, the player who left still out.
        let added = organizer.post_form(
            &format!("/manage/events/{event}/entrants"),
            &[("player1", "Nuovo Arrivo")],
        );
        assert_eq!(added.status, 303, "{}", added.body);
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("Nuovi arrivi dal turno 3"), "{manage}");
        let joined = cards(&organizer, &event);
        for round in 3..=5 {
            let everyone: Vec<String> = (1..=4).flat_map(|t| seats(&joined, t, round)).collect();
            assert_eq!(everyone.len(), 16, "round {round}: {everyone:?}");
            assert!(everyone.contains(&"Nuovo Arrivo".to_string()));
            assert!(!everyone.contains(&leaver));
        }
        // The old link stays refused: the new match at table 4 is another one.
        let again = table.post_form(
            &format!("{old}/hand"),
            &[("expected_seq", "0"), ("submission_key", "offline-2"), ("winner", "A")],
        );
        assert_eq!(again.status, 409);

        // The organizer voids round 2's table 4: the partner who stayed loses nothing.
        let table_4 = manage
            .split("id=\"table-")
            .skip(1)
            .find(|row| row.contains("Turno 2, tavolo 4<"))
            .expect("round 2's table 4 on the overview");
        let marker = "name=\"public_id\" value=\"";
        let start = table_4.find(marker).unwrap() + marker.len();
        let public_id = &table_4[start..start + table_4[start..].find('"').unwrap()];
        let voided = organizer.post_form(
            &format!("/manage/events/{event}/forfeit"),
            &[("public_id", public_id), ("winner", "void"), ("confirm", "yes")],
        );
        assert_eq!(voided.status, 303, "{}", voided.body);
        let decided = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(!decided.contains("class=\"to-decide\""), "decided: off the list");
        // With round 2 decided, the table's code opens round 3's new match there, the
        // same printed code as before the redraw.
        assert_eq!(table_qr_link(&app, &cards(&organizer, &event), 4), code_4);
        assert!(opened_by(&table, &code_4).ends_with("Turno 3, tavolo 4"));
        let standings = app.client().get(&format!("/e/{event}/standings")).body;
        let row = standings
            .split("<tr")
            .find(|row| row.contains(&format!(">{partner}<")))
            .unwrap_or_else(|| panic!("{partner}: {standings}"));
        // Round 1 only: the voided table counts for nobody, and no forfeit was added.
        assert!(row.contains("<dt>Giocate</dt><dd>1</dd>"), "{row}");
        let left = standings
            .split("<tr")
            .find(|row| row.contains(&format!(">{leaver}<")))
            .unwrap_or_else(|| panic!("{leaver} keeps a row: {standings}"));
        assert!(left.contains("withdrawn-tag"), "marked as withdrawn: {left}");
        let english = app.client_in("en").get(&format!("/e/{event}/rounds")).body;
        assert!(!english.contains("by withdrawal"), "{english}");
    }

    fn a_table_with_nothing_to_play_says_so_and_a_withdrawal_is_taken_back_only_before_play(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 8, "3");
        let printed = cards(&organizer, &event);
        let code_2 = table_qr_link(&app, &printed, 2);
        let withdraw = |fields: &[(&str, &str)]| {
            organizer.post_form(&format!("/manage/events/{event}/withdraw"), fields)
        };
        // Before anyone begins, one leaves: seven, one table, three sitting out.
        assert_eq!(withdraw(&[("number", "8"), ("confirm", "yes")]).status, 303);
        let free = app.client().get(&code_2);
        assert_eq!(free.status, 200, "{}", free.body);
        assert!(free.body.contains("id=\"table-free\""), "{}", free.body);
        assert!(free.body.contains("niente da giocare"), "{}", free.body);
        // Taken back before play: eight again, table 2 plays round 1.
        assert_eq!(withdraw(&[("number", "8"), ("undo", "true")]).status, 303);
        assert!(opened_by(&app.client(), &code_2).ends_with("Turno 1, tavolo 2"));
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("Ritiro annullato: #8 Singolo 8"), "{manage}");
        // Once a round is played without them, taking a withdrawal back is refused.
        assert_eq!(withdraw(&[("number", "8"), ("confirm", "yes")]).status, 303);
        let played = table_links(&app, &cards(&organizer, &event), 1);
        setup::record_win(&app.client(), &played[0], "A");
        let refused = withdraw(&[("number", "8"), ("undo", "true")]);
        assert!(
            refused.body.contains("si è già giocato un turno senza di lui"),
            "{}",
            refused.body
        );
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("class=\"tag\">ritirato<"), "still withdrawn");
        // An unknown table code is not found.
        assert_eq!(app.client().get("/t/not-a-table").status, 404);
    }

    fn a_referee_given_tables_for_the_night_finds_the_match_now_at_each(app) {
        let (admin, organizer) = club_with_organizer(&app);
        let referee = app.user_named(&admin, "arbitra", "Arbitra Bon", "referee");
        let event = night(&organizer, 12, "3");
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("id=\"table-referees\""), "{manage}");
        let marker = "name=\"referee\" value=\"";
        let at = manage.find("id=\"table-referees\"").unwrap();
        let start = at + manage[at..].find(marker).unwrap() + marker.len();
        let referee_id = &manage[start..start + manage[start..].find('"').unwrap()];
        // Two tables in one form.
        let saved = organizer.post_form(
            &format!("/manage/events/{event}/table-referees"),
            &[("referee", referee_id), ("table", "1"), ("table", "2")],
        );
        assert_eq!(saved.status, 303, "{}", saved.body);
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("· Tavolo 1, 2<"), "{manage}");
        let home = |client: &Client| {
            let page = client.get("/").body;
            let start = page.find("id=\"my-tables\"").expect("the referee's tables");
            page[start..page[start..].find("</section>").unwrap() + start].to_string()
        };
        let mine = home(&referee);
        assert!(mine.contains("Turno 1, tavolo 1") && mine.contains("Turno 1, tavolo 2"), "{mine}");
        assert!(!mine.contains("tavolo 3"), "{mine}");
        // They score their table's match; another table is not theirs.
        let scoring = |page: &str, table: u32| {
            let line = page
                .split("<li")
                .find(|li| li.contains(&format!(", tavolo {table}")))
                .unwrap_or_else(|| panic!("table {table}: {page}"));
            let start = line.find("href=\"/score/").unwrap() + 6;
            line[start..start + line[start..].find('"').unwrap()].to_string()
        };
        let first = scoring(&mine, 1);
        setup::record_win(&referee, &first, "A");
        let mine = home(&referee);
        assert!(mine.contains("Turno 2, tavolo 1"), "round 2 at table 1 now: {mine}");
        assert!(!mine.contains("Turno 1, tavolo 1"), "{mine}");
        let printed = cards(&organizer, &event);
        let table_3 = table_links(&app, &printed, 3)[0].clone();
        let public_id = organizer
            .get(&table_3)
            .body
            .split("/m/")
            .nth(1)
            .map(|rest| rest[..rest.find(['"', '/']).unwrap()].to_string())
            .expect("the match's public id");
        assert_eq!(referee.get(&format!("/score/{public_id}")).status, 403);
        // Table 2 taken away: only table 1 stays theirs.
        let saved = organizer.post_form(
            &format!("/manage/events/{event}/table-referees"),
            &[("referee", referee_id), ("table", "1")],
        );
        assert_eq!(saved.status, 303);
        let mine = home(&referee);
        assert!(mine.contains("tavolo 1") && !mine.contains("tavolo 2"), "{mine}");
        // An account that is no referee is refused, with words.
        let refused = organizer.post_form(
            &format!("/manage/events/{event}/table-referees"),
            &[("referee", "999999"), ("table", "1")],
        );
        assert!(refused.body.contains("Scegli un arbitro"), "{}", refused.body);
    }

    fn a_night_of_fifteen_that_loses_one_and_gains_two_is_played_to_the_end(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 15, "7");
        let table = app.client();
        let mut leaver = String::new();
        for round in 1..=7u32 {
            if round == 4 {
                // One leaves after round 3.
                let number = "6";
                leaver = format!("Singolo {number}");
                let done = organizer.post_form(
                    &format!("/manage/events/{event}/withdraw"),
                    &[("number", number), ("confirm", "yes")],
                );
                assert_eq!(done.status, 303, "{}", done.body);
            }
            if round == 6 {
                // Two arrive after round 5.
                for name in ["Tardi Uno", "Tardi Due"] {
                    let added = organizer.post_form(
                        &format!("/manage/events/{event}/entrants"),
                        &[("player1", name)],
                    );
                    assert_eq!(added.status, 303, "{}", added.body);
                }
            }
            // Every table of the round through its one code, as the room would.
            let printed = cards(&organizer, &event);
            let mut played = 0;
            for t in 1..=4u32 {
                if table_card(&printed, t).is_none() {
                    continue;
                }
                let code = table_qr_link(&app, &printed, t);
                let answer = table.get(&code);
                let Some(base) = answer.location.clone() else {
                    continue;
                };
                let page = table.get(&base).body;
                if !page.contains(&format!("Turno {round}, tavolo {t}<")) {
                    continue;
                }
                let team = if (round + t) % 2 == 0 { "A" } else { "B" };
                setup::record_win(&table, &base, team);
                played += 1;
            }
            let expected = match round {
                1..=3 => 3,
                4 | 5 => 3,
                _ => 4,
            };
            assert_eq!(played, expected, "tables played in round {round}");
        }
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("id=\"event-status\">conclus"), "the night is over");
        // The standings explain every row from the page: present rounds are played or sat
        // out, wins and losses add up, the player who left is marked.
        let standings = app.client().get(&format!("/e/{event}/standings")).body;
        let value = |row: &str, label: &str| -> u32 {
            let marker = format!("<dt>{label}</dt><dd>");
            let start = row.find(&marker).unwrap_or_else(|| panic!("{label}: {row}")) + marker.len();
            row[start..start + row[start..].find('<').unwrap()].parse().unwrap()
        };
        let rows: Vec<&str> = standings
            .split("<tr")
            .filter(|row| row.contains("<dt>"))
            .collect();
        assert_eq!(rows.len(), 17, "every entrant keeps a row");
        for row in &rows {
            let (played, wins, losses, sat) = (
                value(row, "Giocate"),
                value(row, "Vittorie"),
                value(row, "Sconfitte"),
                value(row, "Riposi"),
            );
            assert_eq!(wins + losses, played, "{row}");
            let present = if row.contains(&format!(">{leaver}<")) {
                assert!(row.contains("withdrawn-tag"), "{row}");
                3
            } else if row.contains(">Tardi ") {
                2
            } else {
                7
            };
            assert_eq!(played + sat, present, "{row}");
        }
        let rounds = app.client().get(&format!("/e/{event}/rounds")).body;
        assert!(!rounds.contains("per ritiro"), "no forfeit: {rounds}");
        // `segnapunti check` finds the night whole from its logs, its change notices aside.
        let db = segnapunti::store::Db::open(
            &segnapunti::store::DatabaseUrl::parse(&app.database.url).unwrap(),
        )
        .unwrap();
        let totals = segnapunti::check::check(&db, std::slice::from_ref(&event)).expect("the night checks");
        assert_eq!(totals.events, 1);
    }

    fn a_swiss_pair_that_leaves_before_its_round_begins_is_paired_out_of_it(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let fields = [
            ("name", "Svizzero che cambia"),
            ("format", "swiss"),
            ("rounds", "3"),
            ("target_points", "1"),
            ("games_to_win", "1"),
        ];
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
        setup::import_and_draw(&organizer, &event, &setup::pairs_csv(6));
        // Round 1 is drawn and nobody has begun: the pair that leaves is paired out of
        // it, so its drawn opponent plays someone else (or has the bye), not a forfeit.
        let done = organizer.post_form(
            &format!("/manage/events/{event}/withdraw"),
            &[("number", "1"), ("confirm", "yes")],
        );
        assert_eq!(done.status, 303, "{}", done.body);
        let rounds = app.client().get(&format!("/e/{event}/rounds")).body;
        assert!(!rounds.contains("per ritiro"), "{rounds}");
        let round_1 = &rounds[rounds.find("Turno 1").unwrap()..];
        let round_1 = &round_1[..round_1.find("</section>").unwrap()];
        assert_eq!(round_1.matches("class=\"pairing\"").count(), 3, "two tables and a bye: {round_1}");
        let manage = organizer.get(&format!("/manage/events/{event}")).body;
        assert!(manage.contains("Ritiro di #1"), "{manage}");
    }
}
