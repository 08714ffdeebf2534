//! User flows in headless Chromium, in a phone-sized window, with and without
//! JavaScript's help. Built when SEGNAPUNTI_TEST_BROWSER is set (see README).
//! One chromedriver and one browser serve the whole run; the flows run in turn.
#![cfg(browser_tests)]

use crate::support;

mod bracket;
mod demo;
mod evening;
mod event_form;
mod event_pages;
mod first_dealer;
mod live_retry;
mod look;
mod night;
mod night_changes;
mod offline;
mod offline_ahead;
mod organizer;
mod picker;
mod public;
mod ratings;
mod referee;
mod referee_forms;
mod referee_place;
mod screens;
mod seasons;
mod substitute;

use std::time::Duration;

use support::browser::{Browser, Driver};
use support::{ADMIN_PASSWORD, Backend, TestApp, setup};

type Flow = fn(&Driver, &Browser<'_>);

#[test]
fn browser_flows() {
    let driver = Driver::start();
    let browser = driver.browser();
    let flows: &[(&str, Flow)] = &[
        (
            "first administrator, login, logout and language",
            first_admin_and_login,
        ),
        ("administrator invites a referee who joins", invitation_flow),
        (
            "a referee records a whole match on a phone",
            whole_match_flow,
        ),
        (
            "a second phone gets the conflict message",
            stale_second_phone_flow,
        ),
        ("the live page updates without reloading", live_page_flow),
        (
            "a live page refused by a full server asks again and follows the match",
            live_retry::refused_stream_retry_flow,
        ),
        (
            "an 8-pair single-elimination event from the draw to the champion and a flagged correction",
            event_bracket_flow,
        ),
        ("a Madrasso deal entered on a phone", madrasso_deal_flow),
        ("a Tressette deal entered on a phone", tressette_deal_flow),
        (
            "a two-player Trijumf deal entered on a phone",
            trijumf_deal_flow,
        ),
        ("a Vitou round entered on a phone", vitou_deal_flow),
        (
            "an organizer links a player to an account, which finds its results",
            player_link_flow,
        ),
        (
            "an organizer's forms: a forfeit, a referee, a withdrawal, a state put back, checked with axe-core",
            organizer::organizer_forms_flow,
        ),
        (
            "an organizer's event with many referees: each match's referee typed by username",
            organizer::many_referees_flow,
        ),
        (
            "a substitute named for a seat a player left, at 390×844 and 1280×800, checked with axe-core",
            substitute::substitute_flow,
        ),
        (
            "a referee's taps at 390×844 keep the score and the buttons on the first screen",
            referee::first_screen_flow,
        ),
        (
            "a vagaresto asked by name, refused without its caller",
            referee::vagaresto_flow,
        ),
        (
            "a referee's home page lists the tables assigned",
            referee::home_page_flow,
        ),
        (
            "a club's season: the form, a season closed, the public table on a phone",
            seasons::season_flow,
        ),
        (
            "a player's page: the rating chart, nights, season and head to head on a phone",
            ratings::player_page_flow,
        ),
        (
            "the public pages at 390×844 and 1280×800, checked with axe-core",
            public::public_pages_flow,
        ),
        (
            "finished matches of every game: the notes and totals of their sheets",
            public::finished_sheets_flow,
        ),
        (
            "a big event's pages at a phone's and a laptop's size",
            event_pages::event_pages_flow,
        ),
        (
            "a player's own page for the night at 390×844 and 1280×800, following a hand and a late entry live",
            night::night_page_flow,
        ),
        (
            "a card-by-card hand tapped on the card picker, with and without JavaScript",
            picker::card_picker_flow,
        ),
        (
            "who deals first: the draw with a tie and a name tapped, at 390×844 and 1280×800",
            first_dealer::first_dealer_flow,
        ),
        (
            "Madrasso, Tressette, Trijumf and Vitou at 390×844: the score and the hand's controls on the first screen, a save confirmed with its undo",
            referee_forms::first_screen_flow,
        ),
        (
            "the demo's first pages at 390×844 and 1280×800, checked with axe-core",
            demo::demo_pages_flow,
        ),
        (
            "the projector's views at 390×844, 1280×800 and 1920×1080, swapped in by its script",
            look::projector_flow,
        ),
        (
            "an organizer voids an entry through its confirmation page",
            look::void_confirmation_flow,
        ),
        (
            "offline at the table: five hands tapped offline, stored once each when back",
            offline::five_hands_offline_flow,
        ),
        (
            "offline at the table: hands waiting counted ahead, marked, then the server's page",
            offline_ahead::offline_hands_counted_ahead_flow,
        ),
        (
            "offline at the table: a conflict after an offline spell, one resent, one discarded",
            offline::conflict_after_offline_flow,
        ),
        (
            "a night that changes: a withdrawal's notice, referees by table, one code per table",
            night_changes::night_changes_flow,
        ),
        (
            "offline at the table: hands kept for a match taken out of the draw come back as conflicts",
            offline::table_taken_out_of_the_draw_flow,
        ),
        (
            "offline at the table: logging out leaves no referee page to open offline",
            offline::logout_clears_kept_pages_flow,
        ),
        (
            "the bracket drawn with its lines: single and double elimination at 390×844 and 1280×800",
            bracket::bracket_flow,
        ),
        (
            "the scoreboard keeps its size from 0 to 999 points",
            screens::scoreboard_flow,
        ),
        (
            "after every save on the card picker the confirmation, the turn and the next card are on the screen",
            referee_place::card_entry_place_flow,
        ),
        (
            "a vagaresto asked in its order on one screen: caller, answer, winner",
            referee_place::vagaresto_order_flow,
        ),
        (
            "the new-event form without JavaScript at 390×844: the club's format, its options only, thumb-sized controls",
            event_form::event_form_flow,
        ),
        (
            "an organizer's evening: a night from the default form, drawn, projected, corrected, in public, at 390×844 and 1280×800",
            evening::organizers_evening_flow,
        ),
    ];
    let mut failed = Vec::new();
    // SEGNAPUNTI_TEST_FLOWS: run only the flows whose name holds it (while working on one).
    let only = std::env::var("SEGNAPUNTI_TEST_FLOWS").unwrap_or_default();
    for (name, flow) in flows
        .iter()
        .filter(|(name, _)| name.contains(only.as_str()))
    {
        browser.clear_cookies();
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| flow(&driver, &browser)));
        match outcome {
            Ok(()) => eprintln!("browser flow ok: {name}"),
            Err(_) => {
                eprintln!("browser flow FAILED: {name}");
                failed.push(*name);
            }
        }
    }
    assert!(failed.is_empty(), "browser flows failed: {failed:?}");
}

fn first_admin_and_login(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    browser.goto(app.setup_link.as_deref().unwrap());
    let source = browser.source();
    assert!(source.contains("Primo amministratore"), "{source}");
    assert!(
        !browser.overflows_horizontally(),
        "the setup page scrolls sideways on a phone"
    );
    browser.fill("#username", "capo");
    browser.fill("#display_name", "Capo Arbitro");
    browser.fill("#password", ADMIN_PASSWORD);
    browser.fill("#confirm_password", ADMIN_PASSWORD);
    browser.click("button[type=submit]");
    browser.wait_for_text("Capo Arbitro", Duration::from_secs(5));
    // On a phone the account's role and links fold under its name in the header.
    assert!(!browser.text(".site-header").contains("AMMINISTRATORE"));
    browser.click(".nav-menu > summary");
    assert!(browser.text(".site-header").contains("AMMINISTRATORE"));
    browser.click(".nav-menu form[action='/logout'] button");
    browser.wait_for_text("Sei uscito.", Duration::from_secs(5));

    browser.fill("#username", "capo");
    browser.fill("#password", "password-sbagliata");
    browser.click("main button[type=submit]");
    browser.wait_for_text(
        "Nome utente o password non corretti.",
        Duration::from_secs(5),
    );
    // What was typed stays.
    let kept = browser.execute("return document.querySelector('#username').value;");
    assert_eq!(kept.as_str(), Some("capo"));

    browser.fill("#password", ADMIN_PASSWORD);
    browser.click("main button[type=submit]");
    browser.wait_for_text("Gestisci gli utenti", Duration::from_secs(5));

    browser.click(".lang-switch a[hreflang=en]");
    browser.wait_for_text("Manage users", Duration::from_secs(5));
    browser.goto(&app.url("/login"));
    assert!(
        browser.source().contains("Username"),
        "the language choice is remembered"
    );
    browser.goto(&app.url("/admin/users"));
    browser.shot("admin-users.png");
}

fn invitation_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let _admin = app.admin();
    browser.goto(&app.url("/login"));
    browser.fill("#username", "capo");
    browser.fill("#password", ADMIN_PASSWORD);
    browser.click("main button[type=submit]");
    browser.wait_for_text("Gestisci gli utenti", Duration::from_secs(5));
    browser.goto(&app.url("/admin/users"));
    browser.click("#invite_role option[value=referee]");
    browser.click("form[action='/admin/invitations'] button");
    browser.wait_for_text("Collegamento d", Duration::from_secs(5));
    let link = browser
        .execute("return document.querySelector('.copy-field').value;")
        .as_str()
        .unwrap()
        .to_string();
    assert!(link.contains("/invite/"));

    browser.clear_cookies();
    browser.goto(&link);
    browser.fill("#username", "nuovo.arbitro");
    browser.fill("#display_name", "Nuovo Arbitro");
    browser.fill("#password", "password-del-nuovo");
    browser.fill("#confirm_password", "password-del-nuovo");
    browser.click("main button[type=submit]");
    browser.wait_for_text("Nuovo Arbitro", Duration::from_secs(5));
    browser.click(".nav-menu > summary");
    let header = browser.text(".site-header");
    assert!(header.contains("ARBITRO"), "{header}");

    // Issue 36: the link used, its page says so and leads to the login.
    browser.clear_cookies();
    browser.goto(&link);
    browser.wait_for_text("Invito già usato", Duration::from_secs(5));
    assert!(!browser.source().contains("nuovo.arbitro"));
    browser.assert_accessible("a used invitation link");
    referee::phone(browser);
    browser.shot("invitation-used-390.png");
    referee::no_phone(browser);
    browser.click("#login-link");
    browser.wait_until(
        "document.getElementById('username') !== null",
        Duration::from_secs(5),
        "the login form",
    );
}

/// An organizer's match with a private scoring link; returns (app, link path, public id).
fn match_with_link(target_points: &str, games_to_win: &str) -> (TestApp, String, String) {
    let app = TestApp::spawn(Backend::Sqlite);
    let organizer = app.organizer();
    let fields = [
        ("title", "Semifinale"),
        ("target_points", target_points),
        ("games_to_win", games_to_win),
    ];
    let public_id = setup::create_match(&organizer, &fields);
    organizer.post_form(&format!("/manage/matches/{public_id}/link"), &[]);
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    let start = page.body.find("/s/").unwrap();
    let link = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();
    (app, link, public_id)
}

fn points_of(browser: &Browser<'_>, team: &str) -> String {
    browser.text(&format!("#points-{team}"))
}

/// Clicks and waits for the page that confirms this very entry (not an earlier one).
pub(crate) fn submit_and_wait(browser: &Browser<'_>, css: &str) {
    let seq = browser
        .execute("return document.querySelector('input[name=expected_seq]').value;")
        .as_str()
        .unwrap()
        .to_string();
    browser.click(css);
    // A bound, not a pause: under a full test run on two cores (federations being
    // generated beside it) a save and its page have taken more than five seconds.
    browser.wait_for_text(
        &format!("id=\"recorded\" data-seq=\"{seq}\""),
        Duration::from_secs(15),
    );
}

/// Taps a card of the picker as a thumb does: brought above the sticky "Salva la
/// mano" bar first when it lies under it (the card's scroll margin says how far).
pub(crate) fn tap_card(browser: &Browser<'_>, code: &str) {
    let css = format!("#picker-grid button[value='{code}']");
    browser.execute(&format!(
        "document.querySelector(\"{css}\").scrollIntoView({{block: 'nearest'}});"
    ));
    browser.click(&css);
}

fn quick_win(browser: &Browser<'_>, team: &str) {
    submit_and_wait(browser, &format!("#win-{team}"));
}

fn choose(browser: &Browser<'_>, css_select: &str, value: &str) {
    browser.click(&format!("{css_select} option[value='{value}']"));
}

fn whole_match_flow(_driver: &Driver, browser: &Browser<'_>) {
    // Games to 5 points, the match to 2 games: short, but every path is walked.
    let (app, link, public_id) = match_with_link("5", "2");
    browser.goto(&app.url(&link));
    assert!(
        !browser.overflows_horizontally(),
        "the referee page scrolls sideways on a phone"
    );
    assert_eq!(browser.text("#vagaresto-worth"), "5");

    // A card-by-card smazzata: comanda with its live preview, cut card, then tricks.
    browser.click("#cards-title");
    browser.fill("#comanda", "più ponto e più figure");
    browser.wait_for_text("1 2 3 4 5 6 7 8 9 10 F C R", Duration::from_secs(5));
    choose(browser, "#cut", "1s");
    submit_and_wait(browser, "form[action*='/smazzata'] button[type=submit]");
    let cards = ["2d", "Rd", "3d", "4d", "5d", "6d", "Rc", "7d"];
    for (index, card) in cards.iter().enumerate() {
        let trick = index / 4 + 1;
        let position = index % 4 + 1;
        tap_card(browser, card);
        if position == 4 {
            let shown = if trick == 1 {
                "Presa vinta da"
            } else {
                "Mano alla squadra A"
            };
            browser.wait_for_text(shown, Duration::from_secs(5));
        }
    }
    submit_and_wait(browser, "button[value=save]");
    assert_eq!(points_of(browser, "A"), "1");

    // Quick entries, with a vagaresto conceded: one point to the caller's team.
    quick_win(browser, "A");
    browser.click("details.vagaresto summary");
    browser.click("#vagaresto_caller-1");
    browser.click("input[name=vagaresto_answer][value=conceded]");
    submit_and_wait(browser, "#record-conceded");
    assert_eq!(points_of(browser, "B"), "1");
    quick_win(browser, "B");
    assert_eq!(
        (points_of(browser, "A"), points_of(browser, "B")),
        ("2".into(), "2".into())
    );

    // A vagaresto accepted at 2-2 is worth 3, and team A takes the game with it.
    assert_eq!(browser.text("#vagaresto-worth"), "3");
    browser.click("details.vagaresto summary");
    browser.click("#vagaresto_caller-0");
    browser.click("input[name=vagaresto_answer][value=accepted]");
    quick_win(browser, "A");
    assert_eq!(browser.text("#games-A"), "1");
    assert_eq!(points_of(browser, "A"), "0");

    // Second game: another accepted vagaresto, worth the whole game, ends the match.
    assert_eq!(browser.text("#vagaresto-worth"), "5");
    browser.click("details.vagaresto summary");
    browser.click("#vagaresto_caller-2");
    browser.click("input[name=vagaresto_answer][value=accepted]");
    quick_win(browser, "A");
    browser.wait_for_text("Incontro finito", Duration::from_secs(5));
    assert_eq!(browser.text("#games-A"), "2");
    assert!(
        browser.try_find("#win-A").is_none(),
        "a finished match offers no quick entry"
    );

    browser.goto(&app.url(&format!("/m/{public_id}")));
    assert!(browser.text("#sheet-result").contains("Bepi"));
    browser.shot("live-finished.png");
}

fn stale_second_phone_flow(driver: &Driver, browser: &Browser<'_>) {
    let (app, link, _) = match_with_link("20", "3");
    let second = driver.browser();
    browser.goto(&app.url(&link));
    second.goto(&app.url(&link));
    browser.click("#win-A");
    browser.wait_for_text("Registrato: #1<", Duration::from_secs(5));
    // The second phone still shows 0-0 and records B: refused, with the new state.
    second.click("#win-B");
    second.wait_for_text("NON è stata salvata", Duration::from_secs(5));
    assert_eq!(second.text("#points-A"), "1");
    assert_eq!(second.text("#points-B"), "0");
    second.shot("referee-conflict.png");
}

fn live_page_flow(_driver: &Driver, browser: &Browser<'_>) {
    let (app, link, public_id) = match_with_link("20", "3");
    browser.goto(&app.url(&format!("/m/{public_id}")));
    assert_eq!(browser.text("#sheet-total-A"), "0");
    browser.execute("window.marker = 'no reload';");
    let table = app.client();
    let page = table.get(&link);
    let seq = support::form_value(&page.body, "expected_seq").unwrap();
    let key = support::form_value(&page.body, "submission_key").unwrap();
    let recorded = table.post_form(
        &format!("{link}/hand"),
        &[
            ("expected_seq", &seq),
            ("submission_key", &key),
            ("winner", "A"),
        ],
    );
    assert_eq!(recorded.status, 303);
    let started = std::time::Instant::now();
    while browser.text_in_page("#sheet-total-A").as_deref() != Some("1") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the live page did not update"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(
        browser.execute("return window.marker;").as_str(),
        Some("no reload"),
        "the page updated in place"
    );
}

/// Issue 5: an organizer creates an 8-pair single-elimination Trionfetti event and prints
/// table cards; referees finish every match through their links; the bracket advances;
/// the public page shows the champion; a correction in round 1 that flips a winner is
/// flagged for the organizer.
fn event_bracket_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    app.user(&admin, "org", "organizer");
    let created = admin.post_form("/manage/clubs", &[("name", "Scuola di Trionfetti")]);
    assert_eq!(created.status, 303);
    let club = admin.get("/manage/clubs/scuola-di-trionfetti");
    let end = club.body.find("\">org</option>").unwrap();
    let start = club.body[..end].rfind("value=\"").unwrap() + 7;
    let organizer_id = club.body[start..end].to_string();
    admin.post_form(
        "/manage/clubs/scuola-di-trionfetti/organizers",
        &[("user_id", &organizer_id)],
    );

    browser.goto(&app.url("/login"));
    browser.fill("#username", "org");
    browser.fill("#password", "org-password");
    browser.click("main button[type=submit]");
    // The login must have landed before the next page is asked for.
    browser.wait_for_text("action=\"/logout\"", Duration::from_secs(5));
    browser.goto(&app.url("/manage/clubs/scuola-di-trionfetti/events/new"));
    browser.assert_accessible("the new event's form");
    browser.fill("#name", "Scuola del giovedì");
    browser.execute(
        "document.getElementById('date').value = '2030-11-21'; \
         document.getElementById('time').value = '20:30';",
    );
    browser.fill("#venue", "Osteria");
    // A club's first event would be a rotating-partners night: a bracket is chosen.
    browser.click("label[for=format-single_elimination]");
    browser.execute(
        "document.getElementById('target_points').value = '1'; \
         document.getElementById('games_to_win').value = '1';",
    );
    browser.click("main form button[type=submit]");
    browser.wait_for_text("Nuova iscrizione", Duration::from_secs(5));
    let manage = browser.current_url();
    assert!(manage.contains("/manage/events/"), "{manage}");
    let event = manage.rsplit('/').next().unwrap().to_string();
    let csv: String = (1..=8)
        .map(|i| format!("Giocatore {i}a,Giocatore {i}b,Coppia {i}\\n"))
        .collect();
    browser.execute(&format!(
        "document.getElementById('csv').value = \"{csv}\";"
    ));
    browser.click("#csv ~ button");
    browser.wait_for_text("Iscrizioni importate: 8", Duration::from_secs(5));
    browser.click("#check-in-all");
    browser.wait_for_text("Presenze aggiornate", Duration::from_secs(5));
    browser.click("#draw-form button[type=submit]");
    browser.wait_for_text("Sorteggio fatto", Duration::from_secs(5));
    assert!(
        !browser.overflows_horizontally(),
        "the organizer's page scrolls sideways on a phone"
    );
    browser.assert_accessible("the event's page after the draw");

    let links = |browser: &Browser<'_>| -> Vec<String> {
        browser.goto(&app.url(&format!("/manage/events/{event}/cards")));
        browser.assert_accessible("the table cards");
        let source = browser.source();
        assert!(source.contains("<svg"), "table cards carry QR codes");
        source
            .split("class=\"scoring-link\" href=\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].to_string())
            .collect()
    };
    let mut first_round = Vec::new();
    for expected in [4, 2, 1] {
        let round = links(browser);
        assert_eq!(round.len(), expected, "matches ready in this round");
        if expected == 4 {
            first_round = round.clone();
        }
        for link in &round {
            browser.goto(link);
            submit_and_wait(browser, "#win-A");
        }
    }
    browser.goto(&app.url(&format!("/e/{event}")));
    assert!(browser.source().contains("id=\"champion-banner\""));
    browser.goto(&app.url(&format!("/e/{event}/bracket")));
    assert!(
        browser.source().contains("id=\"champion\""),
        "the bracket shows the champion"
    );
    assert!(
        !browser.overflows_horizontally(),
        "the bracket scrolls inside its box, not the page"
    );

    // A correction in round 1 flips a winner: the later matches already played are flagged.
    let referee = app.client();
    let base = first_round[0].trim_start_matches(&app.base).to_string();
    let page = referee.get(&base);
    let seq = support::form_value(&page.body, "expected_seq").unwrap();
    let key = support::form_value(&page.body, "submission_key").unwrap();
    let corrected = referee.post_form(
        &format!("{base}/correct"),
        &[
            ("expected_seq", &seq),
            ("submission_key", &key),
            ("target", "0"),
            ("reason", "squadra sbagliata"),
            ("winner", "B"),
        ],
    );
    assert_eq!(corrected.status, 303, "{}", corrected.body);
    browser.goto(&manage);
    browser.assert_accessible("the event's page with a flagged match");
    let source = browser.source();
    assert!(source.contains("id=\"flagged\""), "{source}");
    assert!(source.contains("class=\"flagged-line\""));
    // Playing a flagged match again is asked first, naming who played and who should have.
    let flagged_count = |source: &str| source.matches("class=\"flagged-match\"").count();
    let flagged_before = flagged_count(&source);
    browser.click("#flagged form[action$='/replay'] button[type=submit]");
    browser.wait_for_text("id=\"confirm-form\"", Duration::from_secs(5));
    browser.assert_accessible("the confirmation to play a flagged match again");
    referee::phone(browser);
    referee::screenshots(browser, "replay-flagged-confirm");
    referee::no_phone(browser);
    let asked = browser.source();
    assert!(asked.contains("Giocata da: "), "{asked}");
    assert!(
        asked.contains("Dopo la correzione dovevano giocarla: "),
        "{asked}"
    );
    browser.click("#confirm-submit");
    browser.wait_for_text("La partita è stata sostituita", Duration::from_secs(5));
    assert_eq!(flagged_count(&browser.source()), flagged_before - 1);
    browser.goto(&app.url(&format!("/e/{event}")));
    assert!(!browser.source().contains("id=\"champion-banner\""));
}

// ---------------------------------------------------------------- issue 6: the other games

/// A standalone match of `game` with its private link. (An event's match of the
/// same game opens the same referee page through its table link.)
/// A match of `game` made the way a club runs one: an event of that game (with the
/// event options in `extra`) with two entrants, drawn, and the scoring link of its
/// one match. Returns the app, the link's path and the match's public id.
fn game_match_with_link(game: &str, extra: &[(&str, &str)]) -> (TestApp, String, String) {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    let organizer = app.user(&admin, "org", "organizer");
    let club = admin.post_form("/manage/clubs", &[("name", "Club del 15")]);
    assert_eq!(club.status, 303, "{}", club.body);
    let club_path = club.location.unwrap();
    let page = admin.get(&club_path);
    let end = page
        .body
        .find("\">org</option>")
        .expect("the organizer can be named");
    let start = page.body[..end].rfind("value=\"").unwrap() + 7;
    let organizer_id = page.body[start..end].to_string();
    admin.post_form(
        &format!("{club_path}/organizers"),
        &[("user_id", &organizer_id)],
    );
    let slug = club_path.trim_start_matches("/manage/clubs/");

    let mut fields = vec![
        ("name", "Torneo"),
        ("date", "2030-11-21"),
        ("time", "20:30"),
        ("venue", "Osteria ai Do Mori"),
        ("listed", "true"),
        ("game", game),
        ("format", "single_elimination"),
    ];
    fields.extend_from_slice(extra);
    let event = organizer.post_form(&format!("/manage/clubs/{slug}/events"), &fields);
    assert_eq!(event.status, 303, "{}", event.body);
    let event = event.location.unwrap();
    let two_players = extra
        .iter()
        .any(|(name, value)| name.ends_with(".players") && *value == "2");
    let csv = if two_players {
        "Bepi\nToni\n"
    } else {
        "Bepi,Nane\nToni,Gigio\n"
    };
    let imported = organizer.post_form(&format!("{event}/import"), &[("csv", csv)]);
    assert_eq!(imported.status, 200, "{}", imported.body);
    organizer.post_form(&format!("{event}/checkin"), &[("all", "true")]);
    let drawn = organizer.post_form(
        &format!("{event}/draw"),
        &[("method", "random"), ("seed", "7")],
    );
    assert_eq!(drawn.status, 303, "{}", drawn.body);
    let overview = organizer.get(&event);
    let public_id = overview
        .body
        .split("name=\"public_id\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the drawn match")
        .to_string();
    organizer.post_form(&format!("/manage/matches/{public_id}/link"), &[]);
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    let start = page.body.find("/s/").unwrap();
    let link = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();
    (app, link, public_id)
}

/// Opens the referee page on the phone, lets `fill` enter the deal, records it and
/// checks the scoreboard.
fn game_deal(
    browser: &Browser<'_>,
    game: &str,
    extra: &[(&str, &str)],
    fill: fn(&Browser<'_>),
    save: &str,
    expected: [&str; 2],
) {
    let (app, link, public_id) = game_match_with_link(game, extra);
    browser.goto(&app.url(&link));
    assert!(
        !browser.overflows_horizontally(),
        "the {game} referee page scrolls sideways on a phone"
    );
    fill(browser);
    submit_and_wait(browser, save);
    assert_eq!(points_of(browser, "A"), expected[0]);
    assert_eq!(points_of(browser, "B"), expected[1]);
    assert!(!browser.overflows_horizontally());
    // The live page shows the game's sheet with the deal.
    browser.goto(&app.url(&format!("/m/{public_id}")));
    assert_eq!(browser.text("#sheet-total-A"), expected[0]);
    assert_eq!(browser.text("#sheet-total-B"), expected[1]);
    assert!(
        !browser.overflows_horizontally(),
        "the {game} sheet fits a phone"
    );
}

fn madrasso_deal_flow(_driver: &Driver, browser: &Browser<'_>) {
    game_deal(
        browser,
        "madrasso",
        &[],
        |browser| {
            browser.fill("#points", "75");
        },
        "#win-A",
        ["75", "55"],
    );
}

fn tressette_deal_flow(_driver: &Driver, browser: &Browser<'_>) {
    game_deal(
        browser,
        "tressette",
        &[],
        |browser| {
            browser.fill("#points", "6");
        },
        "#win-B",
        ["5", "6"],
    );
}

fn trijumf_deal_flow(_driver: &Driver, browser: &Browser<'_>) {
    game_deal(
        browser,
        "trijumf",
        &[("opt.trijumf.players", "2")],
        |browser| {
            choose(browser, "#cut", "normal");
            choose(browser, "#trump_card", "7d");
            browser.fill("#points_a", "80");
            browser.fill("#points_b", "50");
        },
        "#save-outcome",
        ["80", "50"],
    );
}

fn vitou_deal_flow(_driver: &Driver, browser: &Browser<'_>) {
    game_deal(browser, "vitou", &[], |_browser| {}, "#win-A", ["1", "0"]);
}

// ---------------------------------------------------------------- players and accounts

pub(crate) fn browser_login(app: &TestApp, browser: &Browser<'_>, username: &str, password: &str) {
    browser.goto(&app.url("/login"));
    browser.fill("#username", username);
    browser.fill("#password", password);
    browser.click("main button[type=submit]");
    // The login must have landed before the next page is asked for.
    browser.wait_for_text("action=\"/logout\"", Duration::from_secs(5));
}

fn player_link_flow(_driver: &Driver, browser: &Browser<'_>) {
    let (app, _link, _public_id) = game_match_with_link("trionfetti", &[]);
    let admin = support::Client::new(&app.base, "it");
    admin.login("capo", ADMIN_PASSWORD);
    let created = admin.post_form(
        "/admin/users",
        &[
            ("username", "bepi.f"),
            ("display_name", "Bepi Fornasier"),
            ("role", "referee"),
            ("password", "bepi-password"),
            ("confirm_password", "bepi-password"),
        ],
    );
    assert_eq!(created.status, 303, "{}", created.body);

    browser_login(&app, browser, "org", "org-password");
    // On a phone the header keeps to one line; the account's links, an organizer's
    // pages among them, open under the account's name.
    let header = browser
        .execute("return document.querySelector('.site-header').getBoundingClientRect().height;");
    let header = header.as_f64().unwrap_or(f64::MAX);
    assert!(header <= 72.0, "the header is {header}px tall on a phone");
    browser.shot("account-menu-closed-390.png");
    browser.click(".nav-menu > summary");
    browser.assert_accessible("the account's menu, open");
    browser.shot("account-menu-open-390.png");
    browser.click(".nav-menu a[href='/manage/players']");
    browser.wait_for_text("id=\"q\"", Duration::from_secs(5));
    browser.fill("#q", "bep");
    browser.click("form[role=search] button[type=submit]");
    browser.wait_for_text("Giocatori trovati: 1", Duration::from_secs(5));
    browser.assert_accessible("the players' list");
    browser.click("#players a");
    browser.wait_for_text("id=\"link-form\"", Duration::from_secs(5));
    browser.assert_accessible("a player's page for the organizer");
    browser.fill("#username", "bepi.f");
    browser.click("#link-form button[type=submit]");
    browser.wait_for_text("id=\"player-notice\"", Duration::from_secs(5));
    assert!(browser.text("#player-notice").contains("Bepi Fornasier"));
    assert!(
        !browser.overflows_horizontally(),
        "the player's page scrolls sideways on a phone"
    );
    browser.shot("player-linked.png");

    browser.clear_cookies();
    browser_login(&app, browser, "bepi.f", "bepi-password");
    browser.click(".nav-menu > summary");
    browser.click("#my-results");
    browser.wait_for_text("Giocatore con account:", Duration::from_secs(5));
    assert!(browser.current_url().contains("/players/"));
    assert_eq!(
        browser.text("#linked-account"),
        "Giocatore con account: Bepi Fornasier"
    );
}
