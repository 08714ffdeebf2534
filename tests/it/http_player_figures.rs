//! Players' figures (issue 39) through real HTTP on SQLite and (when configured)
//! PostgreSQL: the nights, results and meetings the player page reads are kept as results
//! come, are corrected and are forfeited, always what a rebuild from the logs gives; the
//! page shows one page of nights and of results, its size the same with 50 nights or 60;
//! a rebuild puts deleted figures back and `check` notices a tampered one.

use crate::http_ratings::{db, play_night};
use crate::support;
use support::setup::{self, card_links, import_and_draw, post_entry, record_win};
use support::{Client, TestApp, club_with_organizer};

use segnapunti::ratings;
use segnapunti::store::Db;
use segnapunti::store::player_figures::{self as stored, Figures};

fn stored_figures(db: &Db) -> Figures {
    db.read(stored::all).unwrap()
}

fn rebuilt_figures(db: &Db) -> Figures {
    db.read(|connection| Ok(ratings::recompute_all(connection, &mut |_, _| {})?.figures))
        .unwrap()
}

/// The id of the player named `name` on the event's public page.
fn player_id(app: &TestApp, event: &str, name: &str) -> i64 {
    let page = app.client().get(&format!("/e/{event}/entrants"));
    let before = page.body.split(&format!("\">{name}</a>")).next().unwrap();
    let id = before.rsplit("href=\"/players/").next().unwrap();
    id.parse()
        .unwrap_or_else(|_| panic!("{name} on {}", page.body))
}

fn night_of(figures: &Figures, player_id: i64) -> Vec<(i32, i32, Option<i32>)> {
    figures
        .nights
        .iter()
        .filter(|n| n.player_id == player_id)
        .map(|n| (n.wins, n.losses, n.position))
        .collect()
}

/// The names of the nights listed on a player page, in order.
fn nights_listed(body: &str) -> Vec<String> {
    let list = body.split("id=\"player-nights\"").nth(1).unwrap();
    let list = &list[..list.find("</ul>").unwrap()];
    list.split("<strong>")
        .skip(1)
        .map(|rest| rest[..rest.find("</strong>").unwrap()].to_string())
        .collect()
}

/// A knockout of 2 pairs on `date`: one one-hand match, won by side A.
fn one_match_night(app: &TestApp, organizer: &Client, name: &str, date: &str) -> String {
    let fields = [
        ("name", name),
        ("date", date),
        ("game", "trionfetti"),
        ("target_points", "1"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(organizer, setup::CLUB_EVENTS, &fields);
    import_and_draw(organizer, &event, &setup::pairs_csv(2));
    let links = card_links(app, organizer, &event);
    assert_eq!(links.len(), 1);
    record_win(&app.client(), &links[0], "A");
    event
}

backend_tests! {
    fn figures_follow_results_corrections_and_forfeits(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let database = db(&app);
        let (event, links) = play_night(&app, &organizer, "Serata 1", &[]);
        let figures = stored_figures(&database);
        // Eight players' nights; three matches of four players, each meeting two.
        assert_eq!(
            (figures.nights.len(), figures.results.len(), figures.meetings.len()),
            (8, 12, 24)
        );
        assert_eq!(figures, rebuilt_figures(&database));
        let final_id = figures.results.iter().map(|r| r.match_id).max().unwrap();
        let of_final = |won: bool| figures.results.iter().find(|r| r.match_id == final_id && r.won == won).unwrap().player_id;
        let (champion, runner_up) = (of_final(true), of_final(false));
        assert_eq!(night_of(&figures, champion), vec![(2, 0, Some(1))]);
        assert_eq!(night_of(&figures, runner_up), vec![(1, 1, Some(2))]);

        // The final given to side B: the winner changes, and so do both nights.
        let fields = [("target", "0"), ("reason", "punti scritti alla squadra sbagliata"), ("winner", "B")];
        let corrected = post_entry(&app.client(), &links[2], "correct", &fields);
        assert_eq!(corrected.status, 303, "{}", corrected.body);
        let figures = stored_figures(&database);
        assert_eq!(night_of(&figures, champion), vec![(1, 1, Some(2))]);
        assert_eq!(night_of(&figures, runner_up), vec![(2, 0, Some(1))]);
        assert!(!figures.results.iter().rfind(|r| r.player_id == champion).unwrap().won);
        assert_eq!(figures, rebuilt_figures(&database));
        let page = app.client().get(&format!("/players/{champion}"));
        assert!(page.body.contains("<span>1 vittoria · 1 sconfitta</span>"), "{}", page.body);

        // A semifinal of another night decided by forfeit.
        let second = setup::create_knockout(&organizer);
        import_and_draw(&organizer, &second, &setup::pairs_csv(4));
        let semis = card_links(&app, &organizer, &second);
        let before = stored_figures(&database);
        let match_page = app.client().get(&semis[0]);
        let public_id = match_page.body.split("/m/").nth(1).unwrap().split('/').next().unwrap().to_string();
        let forfeit = organizer.post_form(
            &format!("/manage/events/{second}/forfeit"),
            &[("public_id", &public_id), ("winner", "A"), ("confirm", "yes")],
        );
        assert_eq!(forfeit.status, 303, "{}", forfeit.body);
        let after = stored_figures(&database);
        assert_ne!(after, before, "the forfeit moves the figures");
        assert_eq!(after, rebuilt_figures(&database));
        assert!(event != second);
    }

    fn a_player_with_many_nights_sees_one_page_of_them(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut bytes_at = Vec::new();
        let mut player = 0;
        for night in 1..=60 {
            let date = (chrono::NaiveDate::from_ymd_opt(2030, 1, 1).unwrap()
                + chrono::Days::new(night))
            .format("%Y-%m-%d")
            .to_string();
            let event = one_match_night(&app, &organizer, &format!("Serata {night}"), &date);
            if night == 1 {
                player = player_id(&app, &event, "Giocatore 1a");
            }
            if night == 50 || night == 60 {
                let page = app.client().get(&format!("/players/{player}"));
                assert_eq!(page.status, 200);
                bytes_at.push(page.body.len());
            }
        }
        // The page's size does not grow with the nights: 50 or 60, one page of each list.
        let (at_50, at_60) = (bytes_at[0], bytes_at[1]);
        assert!(at_60.abs_diff(at_50) < 64, "{at_50} bytes at 50 nights, {at_60} at 60");
        assert!(at_60 < 50_000, "{at_60}");

        let page = |query: &str| {
            let page = app.client().get(&format!("/players/{player}{query}"));
            assert_eq!(page.status, 200, "{}", page.body);
            page.body
        };
        let names = |from: u32, to: u32| -> Vec<String> {
            (to..=from).rev().map(|n| format!("Serata {n}")).collect()
        };
        // First page: the newest twenty, a link to older ones only.
        let first = page("");
        assert_eq!(nights_listed(&first), names(60, 41));
        // Each night names its club: a player who moved played at more than one.
        let list = first.split("id=\"player-nights\"").nth(1).unwrap();
        let list = &list[..list.find("</ul>").unwrap()];
        assert_eq!(list.matches("Scuola di Trionfetti · ").count(), 20, "{list}");
        assert!(first.contains(&format!("href=\"/players/{player}?page=2#nights\" rel=\"next\" id=\"nights-next\"")), "{first}");
        assert!(!first.contains("id=\"nights-previous\""));
        // The middle page links both ways; the results keep their own page.
        let middle = page("?page=2&results=3");
        assert_eq!(nights_listed(&middle), names(40, 21));
        // (askama writes the `&` as `&#38;`.)
        assert!(middle.contains(&format!("href=\"/players/{player}?page=1&#38;results=3#nights\" rel=\"prev\"")), "{middle}");
        assert!(middle.contains(&format!("href=\"/players/{player}?results=2&#38;page=2#results\" rel=\"prev\"")), "{middle}");
        assert!(middle.contains("id=\"nights-next\""));
        // The last page: the oldest twenty, nothing older.
        let last = page("?page=3");
        assert_eq!(nights_listed(&last), names(20, 1));
        assert!(last.contains("id=\"nights-previous\""));
        assert!(!last.contains("id=\"nights-next\""));
        // Past the last: said so.
        let past = page("?page=4");
        assert!(nights_listed(&past).is_empty());
        assert!(past.contains("Niente in questa pagina"), "{past}");
        // Results page too: twenty a page, the newest first.
        let results = first.split("id=\"player-results\"").nth(1).unwrap();
        let results = &results[..results.find("</ul>").unwrap()];
        assert_eq!(results.matches("<li>").count(), 20, "{results}");
        assert!(results.split("<li>").nth(1).unwrap().starts_with("Serata 60 · "), "{results}");
        let third = page("?results=3");
        let results = third.split("id=\"player-results\"").nth(1).unwrap();
        assert!(results.contains("<li>Serata 20 · "));
        assert!(!third.contains("id=\"results-next\""));
        // The rating: the latest twenty matches in its table, the chart honest about its sample.
        let steps = first.split("<tbody>").nth(1).unwrap().split("</tbody>").next().unwrap();
        assert_eq!(steps.matches("<tr>").count(), 20);
        assert!(steps.starts_with("<tr><td>41</td>"), "{steps}");
        assert!(first.contains("Le ultime 20 partite, su 60 giocate."), "{first}");
        assert!(first.contains("nelle ultime 60 partite, su 60 giocate, disegnata con 50 punti"), "{first}");
        let points = first.split("class=\"chart-line\" points=\"").nth(1).unwrap();
        assert_eq!(points[..points.find('"').unwrap()].split(' ').count(), 50);
    }

    fn a_rebuild_restores_deleted_figures_and_check_notices_a_tampered_one(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let database = db(&app);
        play_night(&app, &organizer, "Serata 1", &[]);
        let kept = stored_figures(&database);
        let winner = kept.results.iter().find(|r| r.won).unwrap().player_id;
        assert!(segnapunti::check::check(&database, &[]).is_ok());

        // A night's wins tampered with: check names the figure.
        let mut tampered = kept.nights.iter().find(|n| n.player_id == winner).unwrap().clone();
        let original = Figures { nights: vec![tampered.clone()], ..Figures::default() };
        tampered.wins = 7;
        let changed = Figures { nights: vec![tampered], ..Figures::default() };
        database.write(move |connection| stored::replace(connection, &original, &changed)).unwrap();
        let error = segnapunti::check::check(&database, &[]).unwrap_err().to_string();
        assert!(error.contains("the stored players' figures differ from the logs'"), "{error}");
        assert!(error.contains("wins: 7"), "{error}");

        // Every figure deleted: the page has no nights; a rebuild puts them back.
        database.write(stored::delete_all).unwrap();
        let page = app.client().get(&format!("/players/{winner}"));
        assert!(page.body.contains("Nessun evento pubblico."), "{}", page.body);
        let rebuilt = ratings::rebuild(&database).unwrap();
        assert!(rebuilt.figures_difference.is_some());
        assert_eq!(rebuilt.nights, 8);
        assert_eq!(stored_figures(&database), kept);
        assert!(segnapunti::check::check(&database, &[]).is_ok());
        let page = app.client().get(&format!("/players/{winner}"));
        assert_eq!(nights_listed(&page.body), vec!["Serata 1".to_string()]);
    }
}
