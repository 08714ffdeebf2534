//! HTTP hygiene of every page: HEAD where GET, compression, the favicon, static files
//! cached under content-hashed names, a description for search engines.

use crate::authz_matrix::{concrete, fixtures};
use crate::support;
use segnapunti::rules::kind::GameKind;

use support::{Backend, TestApp};

/// Every GET row of the route table answers HEAD with the status GET gets, and no body,
/// for an anonymous visitor and for an administrator.
#[test]
fn every_get_route_answers_head_as_get_without_a_body() {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    let organizer = app.user(&admin, "org1", "organizer");
    let fixtures = fixtures(&app, &admin, &organizer);
    let visitors = [app.client(), admin];
    let mut wrong = Vec::new();
    let mut checked = 0;
    for route in segnapunti::web::routes::ROUTES
        .iter()
        .filter(|route| route.method == "get")
    {
        for (visitor, client) in visitors.iter().enumerate() {
            // The administrator plays the holder of no link (visitor 4 of the matrix).
            let url = concrete(route.path, &fixtures, if visitor == 0 { 0 } else { 4 });
            let got = if route.path.ends_with("/events") {
                client.head_status(&url).status
            } else {
                client.get(&url).status
            };
            let head = client.head(&url);
            checked += 1;
            if head.status != got || !head.body.is_empty() {
                wrong.push(format!(
                    "HEAD {url}: {} with {} bytes, GET {got}",
                    head.status,
                    head.body.len()
                ));
            }
        }
    }
    assert!(checked > 40, "{checked} routes asked");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The raw bytes of a GET sent with `Accept-Encoding`, and its headers.
fn fetch_encoded(app: &TestApp, path: &str, encoding: &str) -> (Vec<u8>, Vec<(String, String)>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .get(app.url(path))
        .header("Accept-Encoding", encoding)
        .call()
        .unwrap();
    let headers = support::header_list(&response);
    let bytes = response.body_mut().read_to_vec().unwrap();
    (bytes, headers)
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.as_str())
}

#[test]
fn pages_and_static_files_are_compressed_for_clients_that_ask() {
    let app = TestApp::spawn(Backend::Sqlite);
    let style = segnapunti::web::assets::url("style.css");
    for path in ["/", "/login", style.as_str()] {
        let (plain, headers) = fetch_encoded(&app, path, "identity");
        assert_eq!(header(&headers, "content-encoding"), None, "{path}");
        // Brotli where the client takes it (issue 38), smaller than the page.
        let (packed, headers) = fetch_encoded(&app, path, "gzip, deflate, br");
        assert_eq!(header(&headers, "content-encoding"), Some("br"), "{path}");
        assert!(
            packed.len() < plain.len(),
            "{path}: br {} ≥ {}",
            packed.len(),
            plain.len()
        );
        let (packed, headers) = fetch_encoded(&app, path, "gzip, deflate");
        assert_eq!(header(&headers, "content-encoding"), Some("gzip"), "{path}");
        assert!(
            header(&headers, "vary")
                .unwrap_or_default()
                .contains("accept-encoding")
        );
        assert_eq!(&packed[..2], &[0x1f, 0x8b], "{path}: a gzip stream");
        assert!(
            packed.len() < plain.len(),
            "{path}: {} ≥ {}",
            packed.len(),
            plain.len()
        );
    }
}

#[test]
fn the_favicon_is_served_and_every_page_names_its_icon() {
    let app = TestApp::spawn(Backend::Sqlite);
    let client = app.client();
    let icon = client.get("/favicon.ico");
    assert_eq!(icon.status, 200);
    assert_eq!(icon.header("content-type"), Some("image/x-icon"));
    let (bytes, _) = fetch_encoded(&app, "/favicon.ico", "identity");
    assert_eq!(&bytes[..4], &[0, 0, 1, 0], "an ICO header");
    for path in ["/", "/login", "/nowhere"] {
        let page = client.get(path);
        let svg = support::quoted_after(&page.body, "<link rel=\"icon\" href=\"")
            .unwrap_or_else(|| panic!("{path} names no icon"));
        let served = client.get(&svg);
        assert_eq!(served.status, 200, "{svg}");
        assert_eq!(served.header("content-type"), Some("image/svg+xml"));
        assert!(served.body.starts_with("<svg"), "{svg}");
    }
}

#[test]
fn static_files_have_hashed_names_cached_for_a_year() {
    let app = TestApp::spawn(Backend::Sqlite);
    let client = app.client();
    let page = client.get("/login");
    let style = support::quoted_after(&page.body, "<link rel=\"stylesheet\" href=\"").unwrap();
    assert_eq!(style, segnapunti::web::assets::url("style.css"));
    assert_ne!(
        style, "/static/style.css",
        "the name carries the content's hash"
    );
    let hashed = client.get(&style);
    assert_eq!(hashed.status, 200);
    let cache = hashed.header("cache-control").unwrap();
    assert!(
        cache.contains("max-age=31536000") && cache.contains("immutable"),
        "{cache}"
    );
    // The plain name still answers (old pages, bookmarks), cached only briefly.
    let plain = client.get("/static/style.css");
    assert_eq!(plain.body, hashed.body);
    assert!(!plain.header("cache-control").unwrap().contains("immutable"));
    // A name with another hash is no file.
    assert_eq!(client.get("/static/style.0000000000.css").status, 404);
}

#[test]
fn pages_carry_a_meta_description_in_the_visitor_language() {
    let app = TestApp::spawn(Backend::Sqlite);
    for (language, words) in [("it", "tornei di carte"), ("en", "card tournaments")] {
        let client = app.client_in(language);
        for path in ["/", "/login", "/nowhere"] {
            let page = client.get(path);
            let description =
                support::quoted_after(&page.body, "<meta name=\"description\" content=\"")
                    .unwrap_or_else(|| panic!("{path} in {language}: no description"));
            assert!(
                description.contains(words),
                "{path} in {language}: {description}"
            );
        }
    }
}

/// The words of a language's catalogue, lowercased: runs of letters of four or more,
/// from message values with their placeables (`{ $x }`) and selectors left out.
fn catalogue_words(language: &str) -> std::collections::BTreeSet<String> {
    let mut words = std::collections::BTreeSet::new();
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(language);
    for file in std::fs::read_dir(folder).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        for line in text.lines() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            // `id = value`, or a continuation line of the value before.
            let value = match line.split_once(" = ") {
                Some((id, value)) if !id.starts_with(' ') => value,
                _ => line,
            };
            let mut plain = String::new();
            let mut depth = 0;
            for c in value.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    // A variant's key (`[one]`) is no word of the text.
                    c if depth == 0 => plain.push(c),
                    _ => {}
                }
            }
            let plain = plain.split(']').next_back().unwrap_or_default().to_string();
            for word in plain.split(|c: char| !c.is_alphabetic()) {
                if word.chars().count() >= 4 {
                    words.insert(word.to_lowercase());
                }
            }
        }
    }
    words
}

/// What a reader sees of a page: the text outside tags, scripts and styles, and the
/// attributes read aloud or shown (`aria-label`, `title`, `placeholder`, `alt`, `value` of buttons).
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        text.push_str(&rest[..start]);
        text.push(' ');
        let tag_end = rest[start..]
            .find('>')
            .map_or(rest.len(), |end| start + end + 1);
        let tag = &rest[start..tag_end];
        for attribute in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                text.push_str(&value[..value.find('"').unwrap_or(0)]);
                text.push(' ');
            }
        }
        rest = &rest[tag_end..];
        for hidden in ["<script", "<style", "<svg"] {
            if tag.starts_with(hidden) && !tag.ends_with("/>") {
                let close = format!("</{}", &hidden[1..]);
                rest = rest.find(&close).map_or("", |end| &rest[end..]);
            }
        }
    }
    text.push_str(rest);
    text
}

/// Every page of the route table, asked in Italian by an organizer and by an
/// administrator: none shows a word that only the English catalogue has.
#[test]
fn italian_pages_show_no_english_words() {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    let organizer = app.user(&admin, "org1", "organizer");
    let fixtures = fixtures(&app, &admin, &organizer);
    let english_only: Vec<String> = catalogue_words("en")
        .difference(&catalogue_words("it"))
        .cloned()
        .collect();
    assert!(english_only.len() > 300, "{}", english_only.len());
    // Words of what the fixtures typed ("Club del 15") are the organizer's, not ours.
    let typed = ["club"];
    let english_only: std::collections::BTreeSet<String> = english_only
        .into_iter()
        .filter(|word| !typed.contains(&word.as_str()))
        .collect();
    let mut found = Vec::new();
    let mut pages = 0;
    for client in [&organizer, &admin] {
        for route in segnapunti::web::routes::ROUTES
            .iter()
            .filter(|route| route.method == "get")
        {
            if route.path.ends_with("/events") || route.path.starts_with("/api/") {
                continue;
            }
            let url = concrete(route.path, &fixtures, 4);
            let url = if route.path == "/lang/{code}" {
                "/lang/it".to_string()
            } else {
                url
            };
            let page = client.get(&url);
            let html = page
                .header("content-type")
                .unwrap_or_default()
                .starts_with("text/html");
            if page.status != 200 || !html {
                continue;
            }
            pages += 1;
            let text = visible_text(&page.body);
            for word in text.split(|c: char| !c.is_alphabetic()) {
                let lower = word.to_lowercase();
                if english_only.contains(&lower) {
                    found.push(format!("{url}: {word}"));
                }
            }
        }
    }
    assert!(pages > 25, "{pages} pages read");
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "English on Italian pages: {found:#?}");
}

/// An organizer of no club is told who can add one; an administrator sees the form instead.
#[test]
fn an_organizer_without_a_club_is_told_who_can_add_one() {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    let organizer = app.user(&admin, "org1", "organizer");
    let page = organizer.get("/manage/clubs");
    assert!(page.body.contains("id=\"no-club-hint\""), "{}", page.body);
    assert!(page.body.contains("amministratore"), "{}", page.body);
    organizer.get("/lang/en?next=%2F");
    let english = organizer.get("/manage/clubs");
    assert!(
        english.body.contains("Only an administrator"),
        "{}",
        english.body
    );
    assert!(!admin.get("/manage/clubs").body.contains("no-club-hint"));
}

/// The public home page lists the clubs with their live, upcoming and recent events,
/// in both languages; events not listed stay off it.
#[test]
fn the_home_page_lists_clubs_and_their_events() {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = support::club_with_organizer(&app);
    let event = support::setup::create_knockout(&organizer);
    let hidden = support::setup::create_event(
        &organizer,
        support::setup::CLUB_EVENTS,
        &[("name", "Serata privata"), ("listed", "false")],
    );
    let home = app.client().get("/");
    assert!(home.body.contains("id=\"home-clubs\""), "{}", home.body);
    assert!(
        home.body.contains("href=\"/clubs/scuola-di-trionfetti\""),
        "{}",
        home.body
    );
    assert!(
        home.body.contains(&format!("href=\"/e/{event}\"")),
        "{}",
        home.body
    );
    assert!(home.body.contains("In programma"), "{}", home.body);
    assert!(
        !home.body.contains(&format!("/e/{hidden}")),
        "an unlisted event"
    );
    let english = app.client_in("en").get("/");
    assert!(english.body.contains("Coming up"), "{}", english.body);
    // Drawn, it is live.
    support::setup::import_and_draw(&organizer, &event, &support::setup::pairs_csv(4));
    let home = app.client().get("/");
    assert!(home.body.contains("In corso"), "{}", home.body);
    assert!(app.client_in("en").get("/").body.contains("Live now"));
}

/// On the entrants page every player's name links to the player page, a pair named after
/// its players is named once, and an individual night asks for a player, not a team.
#[test]
fn event_pages_link_players_and_name_pairs_once() {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = support::club_with_organizer(&app);
    let event = support::setup::create_knockout(&organizer);
    let csv = "Nane Pegoraro,Gigio Tonello,\nBepi Rossi,Toni Bianchi,I Mati\n";
    support::setup::import_and_draw(&organizer, &event, csv);
    for language in ["it", "en"] {
        let page = app.client_in(language).get(&format!("/e/{event}/entrants"));
        assert_eq!(page.status, 200);
        let entrants = page.body.split("<ul class=\"card-list\">").last().unwrap();
        for name in [
            "Nane Pegoraro",
            "Gigio Tonello",
            "Bepi Rossi",
            "Toni Bianchi",
        ] {
            assert!(
                entrants.contains(&format!("\">{name}</a>")),
                "{name}: {entrants}"
            );
            let href = entrants[..entrants.find(&format!("\">{name}</a>")).unwrap()]
                .rsplit("href=\"")
                .next()
                .unwrap()
                .to_string();
            assert!(href.starts_with("/players/"), "{href}");
            assert_eq!(app.client().get(&href).status, 200, "{href}");
        }
        assert_eq!(entrants.matches("Nane Pegoraro").count(), 1, "{entrants}");
        assert!(!entrants.contains("\"></a>"), "no empty link: {entrants}");
        assert!(entrants.contains(">I Mati</a>"), "{entrants}");
    }
    let page = app.client().get(&format!("/e/{event}"));
    assert!(page.body.contains("Evidenzia la tua squadra"));
    let fields = [("name", "Serata"), ("format", "rotating"), ("rounds", "2")];
    let night = support::setup::create_event(&organizer, support::setup::CLUB_EVENTS, &fields);
    let csv: String = (1..=8).map(|i| format!("Singolo {i}\n")).collect();
    support::setup::import_and_draw(&organizer, &night, &csv);
    let page = app.client().get(&format!("/e/{night}"));
    assert!(
        !page.body.contains("Evidenzia la tua squadra"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Evidenzia un giocatore"));
    let english = app.client_in("en").get(&format!("/e/{night}"));
    assert!(english.body.contains("Highlight a player"));
}

/// The stylesheet shows each game's options only when that game is chosen: every game
/// of the new-event form has its rule (a new game without one would show always hidden).
#[test]
fn the_event_form_shows_each_games_options_by_its_choice() {
    let app = TestApp::spawn(Backend::Sqlite);
    let (_admin, organizer) = support::club_with_organizer(&app);
    let form = organizer.get("/manage/clubs/scuola-di-trionfetti/events/new");
    let css = app
        .client()
        .get(&segnapunti::web::assets::url("style.css"))
        .body;
    let games: Vec<&str> = form
        .body
        .split("<fieldset class=\"game-options\" id=\"options-")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(games.len(), GameKind::ALL.len(), "{games:?}");
    for game in games {
        let rule =
            format!("#event-form:has(#game option[value=\"{game}\"]:checked) #options-{game}");
        assert!(css.contains(&rule), "{rule}");
        assert!(form.body.contains(&format!("<option value=\"{game}\"")));
    }
}
