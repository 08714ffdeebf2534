//! The event page of a big event stays light (what matters now, the top of the
//! standings) and links the full pages for the rest: rounds one at a time, standings and
//! entrants a page at a time and searchable without script; its live fragment answers
//! "304 Not Modified" when the page already shows it.

use super::support;

use support::setup::{self, CLUB_EVENTS};
use support::{Backend, TestApp, club_with_organizer, header_list};

/// Elements of a page: its start tags.
fn elements(html: &str) -> usize {
    html.as_bytes()
        .windows(2)
        .filter(|pair| pair[0] == b'<' && pair[1].is_ascii_alphabetic())
        .count()
}

/// The page's size as sent to a browser that accepts gzip.
fn gzipped_bytes(app: &TestApp, path: &str) -> usize {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .get(app.url(path))
        .header("Accept-Encoding", "gzip")
        .call()
        .unwrap();
    let headers = header_list(&response);
    assert!(
        headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("content-encoding") && v == "gzip"),
        "{path}: {headers:?}"
    );
    response.body_mut().read_to_vec().unwrap().len()
}

fn attribute(html: &str, marker: &str) -> String {
    let start = html.find(marker).unwrap_or_else(|| panic!("no {marker}")) + marker.len();
    html[start..start + html[start..].find('"').unwrap()].to_string()
}

/// A single elimination of 1,024 pairs after the draw: the event page under 150 KB
/// gzipped and 3,000 elements (it was about 100 KB gzipped and 23,000 elements), and
/// every match, standings row and entrant still one link away.
#[test]
fn a_big_event_page_stays_light_and_links_its_full_pages() {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let event = setup::create_knockout(&organizer);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(1024));
    let client = app.client();
    let page = client.get(&format!("/e/{event}"));
    assert_eq!(page.status, 200);
    let count = elements(&page.body);
    assert!(count < 3000, "{count} elements");
    let bytes = gzipped_bytes(&app, &format!("/e/{event}"));
    assert!(bytes < 150_000, "{bytes} bytes gzipped");
    // The round being played, a few of its tables, and the way to the others.
    let tables = page.body.matches("<li class=\"pairing").count();
    assert!((1..=24).contains(&tables), "{tables} tables listed");
    assert!(
        page.body.contains("Tutte le 512 partite del turno"),
        "{}",
        page.body
    );
    for path in ["rounds", "bracket", "standings", "entrants"] {
        assert!(
            page.body.contains(&format!("href=\"/e/{event}/{path}")),
            "{path}"
        );
    }
    // The team picker is a search field: a plain GET form, no list of 1,024 options.
    assert!(page.body.contains(&format!(
        "<form method=\"get\" action=\"/e/{event}/entrants\""
    )));
    assert!(page.body.contains("type=\"search\" id=\"find\" name=\"q\""));
    assert!(!page.body.contains("<option"), "no option of the picker");
    // "Classifica" is one heading, the top of the standings under it.
    assert_eq!(
        page.body.matches(">Classifica</h").count(),
        1,
        "{}",
        page.body
    );
    assert_eq!(
        page.body.matches("<tr><td>").count(),
        10,
        "ten rows of the standings"
    );
    assert!(page.body.contains("Classifica completa (1024)"));

    // Rounds: one at a time, the one being played by default, every match in it.
    let rounds = client.get(&format!("/e/{event}/rounds"));
    assert_eq!(rounds.status, 200);
    assert_eq!(rounds.body.matches("<li class=\"pairing").count(), 512);
    assert!(
        rounds
            .body
            .contains("aria-current=\"page\">Eliminazione · Turno 1<")
            || rounds.body.contains("aria-current=\"page\""),
        "{}",
        &rounds.body[..2000.min(rounds.body.len())]
    );
    let second = client.get(&format!("/e/{event}/rounds?round=2"));
    assert_eq!(second.body.matches("<li class=\"pairing").count(), 256);
    assert!(
        elements(&rounds.body) < 6000,
        "a round page is one round only"
    );

    // Standings: a hundred rows a page, searchable.
    let standings = client.get(&format!("/e/{event}/standings"));
    assert_eq!(standings.status, 200);
    assert_eq!(standings.body.matches("<tr><td>").count(), 100);
    assert!(standings.body.contains("Pagina 1 di 11"));
    assert!(
        standings
            .body
            .contains(&format!("href=\"/e/{event}/standings?page=2\""))
    );
    let last = client.get(&format!("/e/{event}/standings?page=11"));
    assert_eq!(last.body.matches("<tr><td>").count(), 24);
    let found = client.get(&format!("/e/{event}/standings?q=coppia+777"));
    assert_eq!(found.body.matches("<tr><td>").count(), 1, "{}", found.body);
    assert!(found.body.contains("Coppia 777"));
    let none = client.get(&format!("/e/{event}/standings?q=Nessuno"));
    assert!(
        none.body.contains("Nessun nome trovato per «Nessuno»."),
        "{}",
        none.body
    );
    let english = app
        .client_in("en")
        .get(&format!("/e/{event}/standings?q=Nobody"));
    assert!(english.body.contains("No name found for “Nobody”."));

    // Entrants: a search by a player's name leads to the event page with the pair
    // highlighted, its table shown wherever it is and its line in the standings.
    let entrants = client.get(&format!("/e/{event}/entrants"));
    assert_eq!(entrants.body.matches("?highlight=").count(), 100);
    let search = client.get(&format!("/e/{event}/entrants?q=Giocatore+1000a"));
    assert!(
        search.body.contains("Un iscritto trovato."),
        "{}",
        search.body
    );
    let list = search
        .body
        .split("<ul class=\"card-list\">")
        .nth(1)
        .unwrap();
    let link = attribute(list, "<a href=\"/e/");
    assert_eq!(link, format!("{event}?highlight=1000"));
    let mine = client.get(&format!("/e/{}", link));
    assert!(
        mine.body
            .contains("Evidenziato: <strong>Coppia 1000</strong>"),
        "{}",
        mine.body
    );
    assert!(mine.body.contains("highlighted\">Coppia 1000</span>"));
    assert!(
        mine.body.contains("<tr class=\"highlighted\">"),
        "its standings line"
    );
    assert!(elements(&mine.body) < 3000);
    let english = app
        .client_in("en")
        .get(&format!("/e/{event}/entrants?q=Giocatore"));
    assert!(english.body.contains("1024 entrants found."));
}

fn fragment(app: &TestApp, path: &str, tag: Option<&str>) -> support::Response {
    match tag {
        Some(tag) => app.client().with_header("If-None-Match", tag).get(path),
        None => app.client().get(path),
    }
}

backend_tests! {
    /// The page carries the tag of the fragment it shows: asked with it, the fragment
    /// answers 304 and no body until a match changes.
    fn the_live_fragment_answers_304_until_something_changes(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = setup::create_knockout(&organizer);
        setup::import_and_draw(&organizer, &event, &setup::pairs_csv(4));
        let client = app.client();
        let page = client.get(&format!("/e/{event}"));
        let tag = attribute(&page.body, "data-etag=\"").replace("&quot;", "\"").replace("&#34;", "\"");
        let live = format!("/e/{event}/live");
        let full = fragment(&app, &live, None);
        assert_eq!(full.status, 200);
        assert_eq!(full.header("etag"), Some(tag.as_str()), "the page shows this fragment");
        assert!(full.body.contains("class=\"pairing"));
        let same = fragment(&app, &live, Some(&tag));
        assert_eq!(same.status, 304);
        assert!(same.body.is_empty());
        let weak = format!("W/{tag}");
        assert_eq!(fragment(&app, &live, Some(&weak)).status, 304, "compared weakly");
        assert_eq!(fragment(&app, &live, Some("\"other\"")).status, 200);
        // A highlighted page has a fragment of its own, and its own tag.
        let mine = client.get(&format!("/e/{event}?highlight=1"));
        let my_tag = attribute(&mine.body, "data-etag=\"").replace("&quot;", "\"").replace("&#34;", "\"");
        assert_ne!(my_tag, tag);
        assert_eq!(fragment(&app, &format!("{live}?highlight=1"), Some(&my_tag)).status, 304);
        // A table's score changes: the old tag brings the new fragment.
        let links = setup::card_links(&app, &organizer, &event);
        setup::record_win(&app.client(), &links[0], "A");
        let changed = fragment(&app, &live, Some(&tag));
        assert_eq!(changed.status, 200);
        let new_tag = changed.header("etag").unwrap().to_string();
        assert_ne!(new_tag, tag);
        assert_eq!(fragment(&app, &live, Some(&new_tag)).status, 304);
    }
}

/// Standings fit a phone without hiding anything: rank, name, score and the first
/// tie-break as columns, the others also in each row's disclosure; the tie-breaks
/// explained on the event page and on the standings page.
#[test]
fn standings_show_the_first_tie_break_and_disclose_the_rest() {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    let fields = [
        ("name", "Svizzero"),
        ("format", "swiss"),
        ("rounds", "3"),
        ("target_points", "1"),
        ("games_to_win", "1"),
    ];
    let event = setup::create_event(&organizer, CLUB_EVENTS, &fields);
    setup::import_and_draw(&organizer, &event, &setup::pairs_csv(8));
    for path in [format!("/e/{event}"), format!("/e/{event}/standings")] {
        let page = app.client().get(&path);
        let head = page
            .body
            .split("<thead>")
            .nth(1)
            .unwrap()
            .split("</thead>")
            .next()
            .unwrap();
        let columns: Vec<&str> = head
            .split("</th>")
            .filter_map(|cell| cell.rsplit('>').next())
            .filter(|text| !text.is_empty())
            .collect();
        assert_eq!(
            &columns[..5],
            ["#", "Iscritto", "Punteggio", "Buchholz", "Giocate"],
            "{path}: {head}"
        );
        assert!(head.contains("class=\"num extra\">Giocate"), "{path}");
        let row = page.body.split("<tr><td>").nth(1).unwrap();
        assert!(row.contains("<details class=\"row-more\"><summary>Dettagli</summary>"));
        assert!(row.contains("<dt>Vittorie</dt><dd>0</dd>"), "{row}");
        assert!(page.body.contains("class=\"tie-break-notes\""), "{path}");
        assert!(
            !page.body.contains("table-scroll"),
            "{path}: no sideways scrolling region"
        );
    }
}
