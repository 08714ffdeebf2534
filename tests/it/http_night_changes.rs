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
        for at_table in &links {
            setup::record_win(&table, &at_table[0], "A");
        }
        for at_table in &links[..3] {
            setup::record_win(&table, &at_table[1], "A");
        }
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
}
