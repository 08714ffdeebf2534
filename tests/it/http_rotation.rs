//! A rotating-partner night through the pages, on SQLite and (when configured)
//! PostgreSQL: tables numbered 1 to k in every round, the round overview showing the
//! round being played, one card per physical table and one guide card per player.

use crate::support;
use support::setup;

use support::{Client, TestApp, club_with_organizer};

fn night(organizer: &Client, players: usize, rounds: &str) -> String {
    let event = new_night(organizer, rounds, &[]);
    draw_singles(organizer, &event, players);
    event
}

/// A rotating night of one-hand matches, not drawn yet, with `more` fields of the form.
fn new_night(organizer: &Client, rounds: &str, more: &[(&str, &str)]) -> String {
    let mut fields = vec![
        ("name", "Serata a rotazione"),
        ("format", "rotating"),
        ("rounds", rounds),
        ("target_points", "1"),
        ("games_to_win", "1"),
    ];
    fields.extend_from_slice(more);
    setup::create_event(organizer, setup::CLUB_EVENTS, &fields)
}

fn draw_singles(organizer: &Client, event: &str, players: usize) {
    let csv: String = (1..=players).map(|i| format!("Singolo {i}\n")).collect();
    setup::import_and_draw(organizer, event, &csv);
}

/// The table numbers of the round overview, in order.
fn overview_tables(organizer: &Client, event: &str) -> Vec<u32> {
    let page = organizer.get(&format!("/manage/events/{event}"));
    assert_eq!(page.status, 200);
    page.body
        .split("action=\"/manage/events/")
        .filter(|s| s.contains("/assign\""))
        .map(|s| {
            s.split("name=\"table\" type=\"number\" min=\"1\" max=\"999\" value=\"")
                .nth(1)
                .expect("a table number")
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

fn record_win(client: &Client, base: &str) {
    setup::record_win(client, base, "A");
}

/// The scoring links of a table card, round by round.
fn table_links(app: &TestApp, cards: &str, table: u32) -> Vec<String> {
    let card = cards
        .split(&format!("id=\"table-card-{table}\""))
        .nth(1)
        .expect("the table's card")
        .split("</article>")
        .next()
        .unwrap();
    card.split("class=\"scoring-link\" href=\"")
        .skip(1)
        .map(|rest| rest[app.base.len()..rest.find('"').unwrap()].to_string())
        .collect()
}

backend_tests! {
    fn a_rotating_night_numbers_its_tables_and_prints_cards_for_the_room(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 16, "4");
        // Four tables in the room, numbered 1 to 4, and the overview shows round 1 only.
        assert_eq!(overview_tables(&organizer, &event), vec![1, 2, 3, 4]);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert_eq!(cards.status, 200, "{}", cards.body);
        let body = &cards.body;
        for table in 1..=4 {
            assert!(body.contains(&format!("id=\"table-card-{table}\"")), "table {table}");
            assert_eq!(table_links(&app, body, table).len(), 4, "four rounds at table {table}");
        }
        assert!(!body.contains("id=\"table-card-5\""), "no fifth table: {body}");
        assert_eq!(body.matches("class=\"guide-card print-card\"").count(), 16, "a card per player");
        assert!(body.contains("Cartellini dei giocatori") && body.contains("dà le carte"));
        assert!(!body.contains("Player guide cards") && !body.contains("Partner<"), "no English");
        // Each player's card has four rounds, each at a table 1 to 4, seat 1 to 4.
        let guide = body.split("class=\"guide-card print-card\"").nth(1).unwrap().split("</article>").next().unwrap();
        assert_eq!(guide.matches("<tr><td>").count(), 4, "{guide}");
        let english = app.client_in("en");
        english.login("org", "org-password");
        let cards_en = english.get(&format!("/manage/events/{event}/cards"));
        assert!(cards_en.body.contains("Player guide cards") && cards_en.body.contains("deals"));

        // The public page shows round 1 being played and the later rounds, which seat
        // the same players, as up next, while a table of round 1 is still to finish.
        let up_next_after = |first: u32| {
            let page = app.client().get(&format!("/e/{event}")).body;
            let next = page.find("id=\"up-next\"").expect("the rounds up next");
            assert!(page[next..].contains("Prossimo turno: dove sedersi"), "{page}");
            let round = |n: u32| page.find(&format!("Turno {n}<")).unwrap_or_else(|| panic!("round {n}: {page}"));
            assert!(round(first) < next && next < round(first + 1), "{page}");
        };
        up_next_after(1);
        // Round 1 played at the four tables: the overview moves on to round 2.
        for table in 1..=4 {
            let round1 = &table_links(&app, body, table)[0];
            record_win(&app.client(), round1);
            if table == 1 {
                up_next_after(1);
            }
        }
        up_next_after(2);
        assert_eq!(overview_tables(&organizer, &event), vec![1, 2, 3, 4]);
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("Rotazione · Turno 2, tavolo 1"), "round 2 is shown");
        assert!(!page.body.contains("Rotazione · Turno 1, tavolo 1<"), "round 1 is over");
        assert!(!page.body.contains("Rotazione · Turno 3, tavolo 1<"), "round 3 is not yet");
        // The report of the draw is on the public rounds page: a whist design's rounds.
        let public = app.client().get(&format!("/e/{event}/rounds"));
        assert!(public.body.contains("schema whist per 16 giocatori"), "{}", public.body);
    }

    fn a_night_of_ten_sits_two_out_and_says_there_is_no_design(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 10, "3");
        assert_eq!(overview_tables(&organizer, &event), vec![1, 2]);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert_eq!(cards.body.matches("class=\"guide-card print-card\"").count(), 10);
        assert!(!cards.body.contains("id=\"table-card-3\""));
        // Each round two sit out: their guide cards say so.
        assert_eq!(cards.body.matches("<td colspan=\"3\">riposa</td>").count(), 6);
        let public = app.client().get(&format!("/e/{event}/rounds"));
        assert!(public.body.contains("con 10 giocatori non esiste uno schema whist"), "{}", public.body);
    }

    fn a_night_where_a_sit_out_scores_the_round_average_says_so_and_ranks_it(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = new_night(&organizer, "2", &[("sit_out", "round_average")]);
        // The edit form offers the three choices and keeps the one made.
        let edit = organizer.get(&format!("/manage/events/{event}/edit"));
        assert_eq!(edit.status, 200, "{}", edit.body);
        assert!(edit.body.contains("<legend>Chi riposa un turno (compagni a rotazione)</legend>"), "{}", edit.body);
        assert!(edit.body.contains(r#"<input type="radio" name="sit_out" value="round_average" checked> Prende la media del turno"#), "{}", edit.body);
        assert!(edit.body.contains(r#"<input type="radio" name="sit_out" value="nothing"> Non prende punti"#));
        assert!(edit.body.contains(r#"<input type="radio" name="sit_out" value="win"> Vale una vittoria"#));
        // Five players: one table and one sitting out each round; round 1's table won.
        draw_singles(&organizer, &event, 5);
        let cards = organizer.get(&format!("/manage/events/{event}/cards"));
        assert_eq!(cards.status, 200, "{}", cards.body);
        record_win(&app.client(), &table_links(&app, &cards.body, 1)[0]);
        // Score then Buchholz, in order. The sit-out of round 1 has half a win (two of four
        // won) and, for its round sat out, a virtual opponent with its own score. The
        // winners have one win; the one who sits out round 2, still to play, scores
        // nothing for it yet but counts it as a virtual opponent with its own score. The
        // losers have nothing and met the two winners.
        let standings = app.client().get(&format!("/e/{event}/standings"));
        assert_eq!(standings.status, 200);
        let body = &standings.body;
        let columns: Vec<&str> = body
            .split("\n    <td class=\"num\">")
            .skip(1)
            .map(|row| row.split("\n").next().unwrap())
            .collect();
        let cell = |score: &str, buchholz: &str| format!("{score}</td><td class=\"num\">{buchholz}</td>");
        assert_eq!(
            columns,
            [cell("1", "1"), cell("1", "0"), cell("0,5", "0,5"), cell("0", "2"), cell("0", "2")],
            "{body}"
        );
        assert!(body.contains("<dt>Turno di riposo</dt><dd>un turno di riposo vale la media del turno: la quota di vittorie di chi l&#39;ha giocato (di solito 0,5), niente finché nessun tavolo del turno è finito</dd>"), "{body}");
        // The event page says it under the game; in English too, with a decimal point.
        let page = app.client().get(&format!("/e/{event}"));
        assert!(page.body.contains(r#"<p class="muted" id="event-sit-out">Chi riposa un turno prende la media del turno (di solito mezza vittoria).</p>"#), "{}", page.body);
        let english = app.client_in("en");
        let standings_en = english.get(&format!("/e/{event}/standings"));
        assert!(standings_en.body.contains(r#"<td class="num">0.5</td><td class="num">0.5</td>"#), "{}", standings_en.body);
        assert!(!standings_en.body.contains("0,5</td>"));
        assert!(standings_en.body.contains("<dt>Sitting out</dt><dd>a round sat out scores the round&#39;s average: the share of wins of those who played it (usually 0.5)"), "{}", standings_en.body);
        let page_en = english.get(&format!("/e/{event}"));
        assert!(page_en.body.contains(r#"<p class="muted" id="event-sit-out">Sitting out a round scores the round&#39;s average (usually half a win).</p>"#), "{}", page_en.body);
        let json = app.client().get(&format!("/e/{event}/export/standings.json"));
        assert!(json.body.contains(r#""score":0.5"#), "{}", json.body);
    }
}
