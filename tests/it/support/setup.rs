//! The steps tests take through the pages to get somewhere: a match made, an event
//! drawn, a hand recorded, an API token. Each asserts that the page took the step.

use segnapunti::rules::game::Seat;
use segnapunti::rules::kind::GameKind;
use serde_json::{Value, json};

use super::{Client, TestApp, form_value};

/// The events form of the club `club_with_organizer` makes.
pub const CLUB_EVENTS: &str = "/manage/clubs/scuola-di-trionfetti/events";

/// `fields` laid over `defaults`: a field named in both takes its value from `fields`.
fn merged<'a>(
    defaults: &[(&'a str, &'a str)],
    fields: &[(&'a str, &'a str)],
) -> Vec<(&'a str, &'a str)> {
    let mut all: Vec<(&str, &str)> = defaults
        .iter()
        .filter(|(name, _)| !fields.iter().any(|(given, _)| given == name))
        .copied()
        .collect();
    all.extend_from_slice(fields);
    all
}

/// What follows `prefix` in a redirect's location: the public id it names.
fn created(response: super::Response, prefix: &str) -> String {
    assert_eq!(response.status, 303, "{}", response.body);
    let location = response.location.expect("a created page");
    location
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{location} is not under {prefix}"))
        .to_string()
}

/// Who sits at every test match: Bepi, Toni, Nane and Gigio, seat 0 dealing first.
const TABLE: [(&str, &str); 5] = [
    ("seat0", "Bepi"),
    ("seat1", "Toni"),
    ("seat2", "Nane"),
    ("seat3", "Gigio"),
    ("first_dealer", "0"),
];

/// A standalone Trionfetti match of Bepi, Toni, Nane and Gigio, seat 0 dealing first,
/// to 20 points and 3 games, made by `organizer`; `fields` change any of these (the
/// title among them). Returns its public id.
pub fn create_match(organizer: &Client, fields: &[(&str, &str)]) -> String {
    let mut defaults = vec![("title", "Partita")];
    defaults.extend_from_slice(&TABLE);
    defaults.extend_from_slice(&[("target_points", "20"), ("games_to_win", "3")]);
    let response = organizer.post_form("/manage/matches", &merged(&defaults, fields));
    created(response, "/manage/matches/")
}

/// A match of `game` with its default options at the same table as [`create_match`]'s,
/// `fields` (its title among them) over them. Returns its public id.
pub fn create_game_match(organizer: &Client, game: &str, fields: &[(&str, &str)]) -> String {
    let mut defaults = vec![("game", game)];
    defaults.extend_from_slice(&TABLE);
    let response = organizer.post_form("/manage/matches", &merged(&defaults, fields));
    created(response, "/manage/matches/")
}

/// The form of a match of seats A, B, C and D to 100 points and 9 games, titled
/// `title`: one no load test plays to its end.
pub fn long_match_form(title: &str) -> [(&str, &str); 8] {
    [
        ("title", title),
        ("seat0", "A"),
        ("seat1", "B"),
        ("seat2", "C"),
        ("seat3", "D"),
        ("first_dealer", "0"),
        ("target_points", "100"),
        ("games_to_win", "9"),
    ]
}

/// A match of [`long_match_form`] made by `organizer`. Returns its public id.
pub fn create_long_match(organizer: &Client, title: &str) -> String {
    create_match(organizer, &long_match_form(title))
}

/// An event posted to `events_form` (a club's events path) with a date, time, venue
/// and listing of its own and `fields` (name, game, format, options…) over them.
/// Returns its public id.
pub fn create_event(organizer: &Client, events_form: &str, fields: &[(&str, &str)]) -> String {
    let defaults = [
        ("name", "Coppa del Moro"),
        ("date", "2030-11-21"),
        ("time", "20:30"),
        ("venue", "Osteria ai Do Mori"),
        ("listed", "true"),
    ];
    let response = organizer.post_form(events_form, &merged(&defaults, fields));
    created(response, "/manage/events/")
}

/// A single-elimination Trionfetti event of one-hand matches in the club of
/// `club_with_organizer`. Returns its public id.
pub fn create_knockout(organizer: &Client) -> String {
    let fields = [
        ("game", "trionfetti"),
        ("target_points", "1"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    create_event(organizer, CLUB_EVENTS, &fields)
}

/// `n` pairs as CSV lines of the import: "Giocatore 1a,Giocatore 1b,Coppia 1" and on.
pub fn pairs_csv(n: usize) -> String {
    (1..=n)
        .map(|i| format!("Giocatore {i}a,Giocatore {i}b,Coppia {i}\n"))
        .collect()
}

/// Imports `csv` into the event, checks everyone in and draws with seed 7.
pub fn import_and_draw(organizer: &Client, event: &str, csv: &str) {
    let imported = organizer.post_form(&format!("/manage/events/{event}/import"), &[("csv", csv)]);
    assert_eq!(imported.status, 200, "{}", imported.body);
    let checked = organizer.post_form(
        &format!("/manage/events/{event}/checkin"),
        &[("all", "true")],
    );
    assert_eq!(checked.status, 303);
    let drawn = organizer.post_form(
        &format!("/manage/events/{event}/draw"),
        &[("method", "random"), ("seed", "7")],
    );
    assert_eq!(drawn.status, 303, "{}", drawn.body);
}

/// The private scoring links printed on the event's table cards, in table order
/// (paths on the app, without its address).
pub fn card_links(app: &TestApp, organizer: &Client, event: &str) -> Vec<String> {
    let cards = organizer.get(&format!("/manage/events/{event}/cards"));
    assert_eq!(cards.status, 200, "{}", cards.body);
    assert!(cards.body.contains("<svg"), "QR codes are printed");
    cards
        .body
        .split("class=\"scoring-link\" href=\"")
        .skip(1)
        .map(|rest| rest[app.base.len()..rest.find('"').unwrap()].to_string())
        .collect()
}

/// The form fields a scoring page hands out: (expected_seq, submission_key).
pub fn envelope(client: &Client, path: &str) -> (String, String) {
    let page = client.get(path);
    assert_eq!(page.status, 200, "{}", page.body);
    (
        form_value(&page.body, "expected_seq").expect("expected_seq"),
        form_value(&page.body, "submission_key").expect("submission_key"),
    )
}

/// Posts `fields` to the scoring page `base`'s `action` with the envelope the page
/// hands out.
pub fn post_entry(
    client: &Client,
    base: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> super::Response {
    let (seq, key) = envelope(client, base);
    let mut all = vec![
        ("expected_seq", seq.as_str()),
        ("submission_key", key.as_str()),
    ];
    all.extend_from_slice(fields);
    client.post_form(&format!("{base}/{action}"), &all)
}

/// The table link (`/s/…`) of the match `public_id`, issued by its organizer.
pub fn table_link(app: &TestApp, organizer: &Client, public_id: &str) -> String {
    let issued = organizer.post_form(&format!("/manage/matches/{public_id}/link"), &[]);
    assert_eq!(issued.status, 303);
    let manage = organizer.get(&format!("/manage/matches/{public_id}"));
    let start = manage
        .body
        .find(&format!("{}/s/", app.base))
        .expect("the link");
    let rest = &manage.body[start + app.base.len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// A hand won by `team` ("A" or "B"), recorded on the Trionfetti scoring page `base`.
pub fn record_win(client: &Client, base: &str, team: &str) {
    let response = post_entry(client, base, "hand", &[("winner", team)]);
    assert_eq!(response.status, 303, "{}", response.body);
}

/// A personal API token made on the account's token page, labelled `label`.
pub fn personal_token(client: &Client, label: &str) -> String {
    let page = client.post_form("/account/tokens", &[("label", label)]);
    assert_eq!(page.status, 200, "{}", page.body);
    let marker = "id=\"new-token\" readonly value=\"";
    let start = page.body.find(marker).expect("the new token is shown once") + marker.len();
    page.body[start..start + page.body[start..].find('"').unwrap()].to_string()
}

/// An API append of the game's entry JSON, with the session's CSRF token.
pub fn api_append(organizer: &Client, public_id: &str, entry: Value) -> Value {
    let state: Value =
        serde_json::from_str(&organizer.get(&format!("/api/v1/matches/{public_id}")).body).unwrap();
    let body = json!({"expected_seq": state["next_seq"], "entry": entry});
    let token = organizer.csrf_token();
    let response = organizer.post_json(
        &format!("/api/v1/matches/{public_id}/entries"),
        &body.to_string(),
        Some(&token),
    );
    assert_eq!(response.status, 201, "{}", response.body);
    serde_json::from_str(&response.body).unwrap()
}

/// Plays a whole match of `kind` (its default options, seat 0 dealing first) through
/// the API, with the entries of the core's simulator.
pub fn play_simulated(organizer: &Client, public_id: &str, kind: GameKind) {
    let options = kind.descriptor().default_options();
    let log = (1..)
        .map(|seed| kind.simulate_log(seed, &options).unwrap())
        .find(|log| log.first_dealer == Seat::ALL[0])
        .unwrap();
    for entry in log.entries {
        api_append(organizer, public_id, entry);
    }
}
