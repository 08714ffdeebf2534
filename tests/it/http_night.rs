//! A player's own page for the night (`/e/{id}/p/{number}`) on a rotating-partner night,
//! on SQLite and (when configured) PostgreSQL: it says what the organizer's printed cards
//! say for the round being played and the next, the table's score and the place as
//! results come in, and the re-formed rounds after a late entry, which the cards printed
//! before it no longer do.

use crate::support;
use support::setup;

use support::{Client, TestApp, club_with_organizer};

fn night(organizer: &Client, players: usize, rounds: &str) -> String {
    let fields = [
        ("name", "Serata a rotazione"),
        ("format", "rotating"),
        ("rounds", rounds),
        ("target_points", "2"),
        ("games_to_win", "1"),
    ];
    let event = setup::create_event(organizer, setup::CLUB_EVENTS, &fields);
    let csv: String = (1..=players).map(|i| format!("Singolo {i}\n")).collect();
    setup::import_and_draw(organizer, &event, &csv);
    event
}

/// The text of an HTML piece: tags dropped, spaces collapsed.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of the page's section `id` (`night-now`, `night-next`, `night-place`).
fn section(body: &str, id: &str) -> String {
    let at = body
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("section {id}: {body}"));
    // From the end of the section's opening tag.
    let start = at + body[at..].find('>').unwrap() + 1;
    text(&body[start..start + body[start..].find("</section>").unwrap()])
}

/// A row of a player's guide card: (table, seat, partner), or `None` sitting out.
type GuideRow = Option<(u32, u32, String)>;

/// The guide card the organizer prints for `name`: each round's number and row.
fn guide_card(cards: &str, name: &str) -> Vec<(u32, GuideRow)> {
    let card = cards
        .split(&format!("<strong>{name}</strong>"))
        .nth(1)
        .unwrap_or_else(|| panic!("{name}'s guide card"))
        .split("</article>")
        .next()
        .unwrap();
    card.split("<tr>")
        .skip(2)
        .map(|row| {
            let cells: Vec<String> = row
                .split("</tr>")
                .next()
                .unwrap()
                .split("<td")
                .map(|cell| text(&format!("<td{cell}")))
                .filter(|cell| !cell.is_empty())
                .collect();
            let number = |i: usize| {
                cells[i]
                    .parse::<u32>()
                    .unwrap_or_else(|_| panic!("{cells:?}"))
            };
            let shown = (cells.len() == 4).then(|| (number(1), number(2), cells[3].clone()));
            (number(0), shown)
        })
        .collect()
}

/// The players of `table` in round `round` by seat, and the round's scoring link, from
/// the table cards.
fn table_round(app: &TestApp, cards: &str, table: u32, round: usize) -> ([String; 4], String) {
    let card = cards
        .split(&format!("id=\"table-card-{table}\""))
        .nth(1)
        .expect("the table's card")
        .split("</article>")
        .next()
        .unwrap();
    let item = card
        .split("<li>")
        .nth(round)
        .expect("the round at the table");
    let seats: Vec<String> = item
        .split("<span class=\"seat")
        .skip(1)
        .map(|span| {
            let inner = span.split('>').nth(1).unwrap().split('<').next().unwrap();
            // "1 Singolo 5": the seat's number, then the name.
            inner.split_once(' ').unwrap().1.trim().to_string()
        })
        .collect();
    let link = item
        .split("class=\"scoring-link\" href=\"")
        .nth(1)
        .map(|rest| rest[app.base.len()..rest.find('"').unwrap()].to_string())
        .expect("a scoring link");
    (seats.try_into().expect("four seats"), link)
}

/// What the page says of one round, as a guide card says it.
fn page_row(section: &str) -> GuideRow {
    if section.contains("In questo turno riposi") {
        return None;
    }
    let after = |word: &str| {
        section
            .split(word)
            .nth(1)
            .unwrap_or_else(|| panic!("{word}: {section}"))
    };
    let number = |s: &str| {
        s.split_whitespace()
            .next()
            .unwrap()
            .trim_matches(|c: char| !c.is_ascii_digit())
            .parse::<u32>()
            .unwrap()
    };
    let partner = after("Compagno ")
        .split(" Avversari")
        .next()
        .unwrap()
        .trim()
        .to_string();
    Some((number(after("Tavolo ")), number(after("posto ")), partner))
}

/// What the page says of round `round`, shown now or next.
fn round_row(body: &str, round: u32) -> GuideRow {
    ["night-now", "night-next"]
        .iter()
        .map(|id| section(body, id))
        .find(|shown| {
            shown
                .split(" Turno ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                == Some(&round.to_string())
        })
        .map(|shown| page_row(&shown))
        .unwrap_or_else(|| panic!("round {round} now or next: {body}"))
}

backend_tests! {
    fn a_players_page_says_where_to_sit_and_follows_results_and_late_entries(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 8, "3");
        let cards = organizer.get(&format!("/manage/events/{event}/cards")).body;
        let page = |number: u32| {
            let page = app.client().get(&format!("/e/{event}/p/{number}"));
            assert_eq!(page.status, 200, "{}", page.body);
            page.body
        };

        // Each guide card carries its player's page, as a link and a QR code; the public
        // entrants list and the event page with the player picked lead there too.
        for n in 1..=8 {
            let guide = cards.split(&format!("<strong>Singolo {n}</strong>")).nth(1).unwrap().split("</article>").next().unwrap();
            assert!(guide.contains(&format!("href=\"{}/e/{event}/p/{n}\"", app.base)), "{guide}");
            assert!(guide.contains("<svg"), "a QR code: {guide}");
        }
        let entrants = app.client().get(&format!("/e/{event}/entrants")).body;
        assert_eq!(entrants.matches(&format!("href=\"/e/{event}/p/")).count(), 8, "{entrants}");
        let picked = app.client().get(&format!("/e/{event}?highlight=3")).body;
        assert!(picked.contains(&format!("href=\"/e/{event}/p/3\"")), "{picked}");

        // Round 1, as the printed cards say: table, seat, partner; the opponents are the
        // other two at the table; seat 1 deals.
        let first = page(1);
        assert!(first.contains("<h1>Singolo 1</h1>"), "{first}");
        let now = section(&first, "night-now");
        assert!(now.starts_with("Adesso Turno 1"), "{now}");
        let guide: Vec<GuideRow> = guide_card(&cards, "Singolo 1").into_iter().map(|(_, row)| row).collect();
        assert_eq!(guide.len(), 3, "{guide:?}");
        let Some((table, seat, partner)) = guide[0].clone() else { panic!("eight players: nobody sits out") };
        assert_eq!(page_row(&now), guide[0], "{now}");
        let (seats, link) = table_round(&app, &cards, table, 1);
        assert_eq!(seats[seat as usize - 1], "Singolo 1");
        assert_eq!(seats[(seat as usize + 1) % 4], partner);
        let opponents = format!("Avversari {} · {}", seats[seat as usize % 4], seats[(seat as usize + 2) % 4]);
        assert!(now.contains(&opponents), "{opponents}: {now}");
        if seat == 1 {
            assert!(now.contains("Dà le carte tu, dal posto 1"), "{now}");
        } else {
            assert!(now.contains(&format!("Dà le carte {} (posto 1)", seats[0])), "{now}");
        }
        // Next: round 2, as the card says.
        let next = section(&first, "night-next");
        assert!(next.starts_with("Dopo Turno 2"), "{next}");
        assert_eq!(page_row(&next), guide[1], "{next}");
        assert!(!first.contains("id=\"night-score\""), "nothing written on the table yet");
        let place = section(&first, "night-place");
        assert!(place.contains("su 8") && place.contains("0 punti"), "{place}");
        // Partner and opponents link to their own pages.
        assert!(first.contains(&format!("href=\"/e/{event}/p/")), "{first}");

        // A hand to Singolo 1's side (A: seats 1 and 3), then the match: the table's score
        // and the place follow.
        let ours = if seat % 2 == 1 { "A" } else { "B" };
        setup::record_win(&app.client(), &link, ours);
        let scored = page(1);
        let now = section(&scored, "night-now");
        assert!(now.contains("Voi 1 0 partite vinte Loro 0 0 partite vinte"), "{now}");
        assert!(section(&scored, "night-place").contains("0 punti"), "not decided yet");
        setup::record_win(&app.client(), &link, ours);
        // Decided: the page moves on to Singolo 1's next table and keeps the result.
        let won = page(1);
        let now = section(&won, "night-now");
        assert!(now.starts_with("Adesso Turno 2"), "{now}");
        assert_eq!(page_row(&now), guide[1], "{now}");
        assert!(section(&won, "night-next").starts_with("Dopo Turno 3"));
        let previous = text(won.split("id=\"night-previous\">").nth(1).expect("round 1's result").split("</p>").next().unwrap());
        assert_eq!(previous, format!("Turno 1 · Tavolo {table}: Voi 2 – 0 Loro"));
        // The only two with a point, Singolo 1 and the partner, hold places 1 and 2.
        let position = |place: &str| -> u32 {
            assert!(place.contains("º su 8") && place.contains("1 punto"), "{place}");
            place.trim_start_matches("Classifica ").split('º').next().unwrap().parse().unwrap()
        };
        let partner_number: u32 = partner.trim_start_matches("Singolo ").parse().unwrap();
        let mut places = [position(&section(&won, "night-place")), position(&section(&page(partner_number), "night-place"))];
        places.sort();
        assert_eq!(places, [1, 2]);

        // A ninth player arrives while round 1 is played: rounds 2 and 3 are re-formed
        // (one sits out each) and every page says the new next round, where printed cards
        // before it may be wrong.
        let before: Vec<GuideRow> = (1..=8).map(|n| round_row(&page(n), 2)).collect();
        let late = organizer.post_form(&format!("/manage/events/{event}/entrants"), &[("player1", "Nono")]);
        assert_eq!(late.status, 303, "{}", late.body);
        let reprinted = organizer.get(&format!("/manage/events/{event}/cards")).body;
        let mut changed = 0;
        for n in 1..=9u32 {
            let body = page(n);
            let name = if n == 9 { "Nono".to_string() } else { format!("Singolo {n}") };
            let card = guide_card(&reprinted, &name);
            let round2 = card.iter().find(|(round, _)| *round == 2).map(|(_, row)| row.clone()).expect("round 2 on the card");
            let shown = round_row(&body, 2);
            assert_eq!(shown, round2, "player {n}: {body}");
            if n <= 8 && shown != before[n as usize - 1] {
                changed += 1;
            }
        }
        // The newcomer plays from round 2: that is their round now.
        assert!(section(&page(9), "night-now").starts_with("Adesso Turno 2"));
        assert!(changed > 0, "the late entry re-formed round 2: {before:?}");
    }

    fn a_swiss_entrant_sees_its_table_and_opponent_without_seats(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let fields = [("name", "Svizzero"), ("format", "swiss"), ("rounds", "3"), ("target_points", "1"), ("games_to_win", "1")];
        let event = setup::create_event(&organizer, setup::CLUB_EVENTS, &fields);
        setup::import_and_draw(&organizer, &event, &setup::pairs_csv(4));
        let body = app.client().get(&format!("/e/{event}/p/1")).body;
        let now = section(&body, "night-now");
        // The round's opponent as the public rounds page pairs them.
        let rounds = app.client().get(&format!("/e/{event}/rounds")).body;
        let pairing = rounds.split("class=\"pairing").find(|p| p.contains(">Coppia 1<") || p.contains("Coppia 1</")).expect("Coppia 1's table");
        let opponent = (2..=4).map(|n| format!("Coppia {n}")).find(|name| pairing.contains(name.as_str())).expect("an opponent");
        assert!(now.starts_with("Adesso Turno 1") && now.contains(&format!("Contro {opponent}")), "{now}");
        assert!(now.contains("Tavolo ") && !now.contains("posto") && !now.contains("Compagno"), "{now}");
        assert!(section(&body, "night-place").contains("su 4"));
        // A team's entrants list has no night link: the page is for individual nights.
        assert!(!app.client().get(&format!("/e/{event}/entrants")).body.contains(&format!("/e/{event}/p/")));
    }

    fn an_unknown_number_is_not_found_and_english_reads_english(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = night(&organizer, 8, "2");
        for path in [format!("/e/{event}/p/9"), format!("/e/{event}/p/9/live"), format!("/e/{event}/p/uno"), "/e/nessuno/p/1".to_string()] {
            assert_eq!(app.client().get(&path).status, 404, "{path}");
        }
        let english = app.client_in("en").get(&format!("/e/{event}/p/2"));
        assert_eq!(english.status, 200);
        let now = section(&english.body, "night-now");
        assert!(now.starts_with("Now Round 1") && now.contains("Table ") && now.contains(" seat ") && now.contains("Partner "), "{now}");
        assert!(!english.body.contains("Compagno"), "no Italian");
        // The fragment the script swaps in is the page's own part, tagged: asked again
        // with its tag, nothing is sent.
        let fragment = app.client().get(&format!("/e/{event}/p/2/live"));
        assert_eq!(fragment.status, 200);
        assert!(fragment.body.contains("id=\"night-now\"") && !fragment.body.contains("<html"));
        let page = app.client().get(&format!("/e/{event}/p/2")).body;
        assert!(page.contains(&format!("data-fragment=\"/e/{event}/p/2/live\"")), "{page}");
        assert!(page.contains(&format!("data-events=\"/e/{event}/events\"")));
        assert!(page.contains(&format!("href=\"/e/{event}/p/2\"")), "a refresh link without a script");
    }
}
