//! Players' ratings through real HTTP on SQLite and (when configured) PostgreSQL: every
//! finished event match rates its players as it finishes, a correction of an earlier
//! match recomputes the later ones, a rebuild from the logs alone finds what the
//! incremental updates stored, and the player page shows the rating, its chart, the
//! nights, the seasons and head to head, in Italian and in English.

use std::time::Instant;

use crate::http_seasons::create_season;
use crate::support;
use support::setup::{self, card_links, import_and_draw, post_entry, record_win};
use support::{Client, TestApp, club_with_organizer};

use segnapunti::ratings;
use segnapunti::store::ratings::{self as stored, PointRow};
use segnapunti::store::{DatabaseUrl, Db};

/// The app's database, opened beside it.
pub(crate) fn db(app: &TestApp) -> Db {
    Db::open(&DatabaseUrl::parse(&app.database.url).unwrap()).unwrap()
}

pub(crate) fn stored_points(db: &Db) -> Vec<PointRow> {
    db.read(stored::all).unwrap()
}

/// A knockout of 4 pairs with one-hand matches, `extra` fields on its form, played to its
/// end by side A: the event and the scoring links of its matches in the order played.
/// A season counting players beaten (the season form's other fields as it fills them).
pub(crate) const PLAYERS_BEATEN: &[(&str, &str)] =
    &[("scale", "players_beaten"), ("points_table", "")];

pub(crate) fn play_night(
    app: &TestApp,
    organizer: &Client,
    name: &str,
    extra: &[(&str, &str)],
) -> (String, Vec<String>) {
    let mut fields = vec![
        ("name", name),
        ("game", "trionfetti"),
        ("target_points", "1"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    fields.extend_from_slice(extra);
    let event = setup::create_event(organizer, setup::CLUB_EVENTS, &fields);
    import_and_draw(organizer, &event, &setup::pairs_csv(4));
    let referee = app.client();
    let mut played = Vec::new();
    for tables in [2, 1] {
        let links = card_links(app, organizer, &event);
        assert_eq!(links.len(), tables);
        for link in links {
            record_win(&referee, &link, "A");
            played.push(link);
        }
    }
    (event, played)
}

/// The first hand of the match at `base` given to `team` instead.
fn correct_first_hand(base: &str, client: &Client, team: &str) {
    let fields = [
        ("target", "0"),
        ("reason", "punti scritti alla squadra sbagliata"),
        ("winner", team),
    ];
    let response = post_entry(client, base, "correct", &fields);
    assert_eq!(response.status, 303, "{}", response.body);
}

/// The rows of one match, by player.
fn of_match(points: &[PointRow], match_id: i64) -> Vec<&PointRow> {
    points.iter().filter(|p| p.match_id == match_id).collect()
}

backend_tests! {
    fn a_correction_recomputes_and_a_rebuild_finds_what_was_stored(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let database = db(&app);
        let (_first, links) = play_night(&app, &organizer, "Serata 1", &[]);
        let points = stored_points(&database);
        // Three matches of two pairs: four players rated each.
        assert_eq!(points.len(), 12, "{points:?}");
        assert!(points.iter().all(|p| p.game == "trionfetti"));
        assert!(points.iter().all(|p| p.won == (p.side == 0)), "side A won every match");
        assert_eq!(database.read(ratings::first_difference).unwrap(), None);
        let (_second, second_links) = play_night(&app, &organizer, "Serata 2", &[]);
        let before = stored_points(&database);
        assert_eq!(before.len(), 24);
        assert_eq!(database.read(ratings::recompute).unwrap(), before);

        // The final of the first night goes to side B: its rows flip, and every later
        // match of its players starts from different ratings.
        let final_id = before[8].match_id;
        correct_first_hand(&links[2], &app.client(), "A");
        assert_eq!(stored_points(&database), before, "the same winner changes nothing");
        correct_first_hand(&links[2], &app.client(), "B");
        let after = stored_points(&database);
        assert_eq!(after.len(), 24);
        for (old, new) in of_match(&before, final_id).into_iter().zip(of_match(&after, final_id)) {
            assert_eq!(old.player_id, new.player_id);
            assert_eq!(new.won, !old.won);
        }
        let later: Vec<_> = after.iter().filter(|p| p.match_id > final_id).collect();
        assert_eq!(later.len(), 12);
        let moved = later
            .iter()
            .filter(|p| before.iter().any(|b| b.match_id == p.match_id && b.player_id == p.player_id && b.mu != p.mu))
            .count();
        assert!(moved >= 4, "the finalists' later ratings move: {moved}");
        // Earlier matches keep their numbers.
        assert_eq!(
            after.iter().filter(|p| p.match_id < final_id).collect::<Vec<_>>(),
            before.iter().filter(|p| p.match_id < final_id).collect::<Vec<_>>()
        );

        // From the logs alone, the same rows.
        assert_eq!(database.read(ratings::recompute).unwrap(), after);
        let rebuilt = ratings::rebuild(&database).unwrap();
        assert_eq!(rebuilt.difference, None);
        assert_eq!((rebuilt.matches, rebuilt.points), (6, 24));
        assert_eq!(stored_points(&database), after);

        // Undoing the second night's final reopens it: its ratings go until it is won again.
        let second_final = &second_links[2];
        let undone = post_entry(&app.client(), second_final, "undo", &[]);
        assert_eq!(undone.status, 303, "{}", undone.body);
        let reopened = stored_points(&database);
        assert_eq!(reopened.len(), 20);
        assert_eq!(reopened[..], after[..20]);
        assert_eq!(database.read(ratings::recompute).unwrap(), reopened);
        record_win(&app.client(), second_final, "B");
        let won_again = stored_points(&database);
        assert_eq!(won_again.len(), 24);
        assert!(won_again[20..].iter().all(|p| p.won == (p.side == 1)));
        assert_eq!(database.read(ratings::recompute).unwrap(), won_again);
    }

    fn the_player_page_shows_ratings_nights_seasons_and_head_to_head(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let season = create_season(&organizer, PLAYERS_BEATEN);
        let anyone = app.client();
        let page = |client: &Client, id: i64| {
            let page = client.get(&format!("/players/{id}"));
            assert_eq!(page.status, 200, "{}", page.body);
            page.body
        };
        let database = db(&app);
        let (event, _) = play_night(&app, &organizer, "Serata 1", &[("season", &season)]);
        let points = stored_points(&database);
        // The pair that won the final won twice: its players' ratings are the highest.
        let last = points.last().unwrap().match_id;
        let champion = points.iter().find(|p| p.match_id == last && p.won).unwrap().player_id;
        let body = page(&anyone, champion);
        assert!(body.contains("<h2 id=\"ratings\">Valutazione</h2>"), "{body}");
        let section = body.split("id=\"rating-trionfetti\"").nth(1).expect("a Trionfetti rating");
        assert!(section.contains("Valutazione attuale"));
        assert!(section.contains("2 partite, 2 vinte"), "{section}");
        assert!(section.contains("role=\"img\""));
        assert!(section.contains("<title id=\"rating-chart-title-trionfetti\">Andamento della valutazione a Trionfetti</title>"));
        assert!(section.contains("Valutazione a Trionfetti dopo ciascuna di 2 partite: ora "), "{section}");
        assert!(section.contains("<polyline class=\"chart-line\" points=\"36,"));
        // The numbers beside the chart: one row per match, named by its event.
        let steps = section.split("<tbody>").nth(1).unwrap().split("</tbody>").next().unwrap();
        assert_eq!(steps.matches("<tr>").count(), 2);
        assert!(steps.contains(&format!("<a href=\"/e/{event}\">Serata 1</a>")));
        assert!(steps.contains("vinta"));
        // The shown rating is the stored one, skill less three times its uncertainty.
        let mine = points.iter().rfind(|p| p.player_id == champion).unwrap();
        let shown = format!("{:.1}", mine.mu - 3.0 * mine.sigma).replace('.', ",");
        assert!(section.contains(&format!("<strong class=\"rating-value\">{shown}</strong>")), "{shown} {section}");
        // Nights, seasons, head to head.
        assert!(body.contains("id=\"player-nights\""));
        assert!(body.contains("Posto 1 ·</span>"), "{body}");
        assert!(body.contains("<span>2 vittorie · 0 sconfitte</span>"), "{body}");
        let seasons = body.split("id=\"player-seasons\"").nth(1).expect("the season");
        assert!(seasons.contains(&format!("<a href=\"/clubs/scuola-di-trionfetti/seasons/{season}\"><strong>Inverno 2030</strong></a>")));
        assert!(seasons.contains("Posto 1 · 6 punti · 1 serata"), "first, six players beaten, one night: {seasons}");
        let h2h = body.split("id=\"player-head-to-head\"").nth(1).unwrap();
        let h2h = &h2h[..h2h.find("</table>").unwrap()];
        assert_eq!(h2h.matches("<tr>").count(), 1 + 4, "header and the four opponents: {h2h}");
        assert!(h2h.contains("href=\"/players/"));

        // In English.
        let english = page(&app.client_in("en"), champion);
        assert!(english.contains("<h2 id=\"ratings\">Rating</h2>"));
        assert!(english.contains("2 matches, 2 won"));
        assert!(english.contains("Rating in Trionfetti after each of 2 matches: now "));
        assert!(english.contains(&format!("<strong class=\"rating-value\">{}</strong>", shown.replace(',', "."))));
        assert!(english.contains("Place 1 · 6 points · 1 night"), "{english}");
        assert!(english.contains("The opponents met most often."));
        assert!(english.contains("<span>2 wins · 0 losses</span>"), "{english}");

        // A semifinal's loser: one match, lost.
        let loser = points.iter().find(|p| p.match_id == points[0].match_id && !p.won).unwrap().player_id;
        let body = page(&anyone, loser);
        assert!(body.contains("1 partita, 0 vinte"), "{body}");
        assert!(body.contains("<span>0 vittorie · 1 sconfitta</span>"), "{body}");
    }

    fn a_new_event_is_seeded_by_current_ratings(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let database = db(&app);
        play_night(&app, &organizer, "Serata 1", &[]);
        let points = stored_points(&database);
        let last = points.last().unwrap().match_id;
        let of_final = |won: bool| -> Vec<i64> {
            points.iter().filter(|p| p.match_id == last && p.won == won).map(|p| p.player_id).collect()
        };
        let (champions, runners_up) = (of_final(true), of_final(false));

        let event = setup::create_event(
            &organizer,
            setup::CLUB_EVENTS,
            &[("name", "Serata 2"), ("game", "trionfetti"), ("format", "single_elimination")],
        );
        let imported = organizer.post_form(
            &format!("/manage/events/{event}/import"),
            &[("csv", setup::pairs_csv(4).as_str())],
        );
        assert_eq!(imported.status, 200);
        let checked = organizer.post_form(&format!("/manage/events/{event}/checkin"), &[("all", "true")]);
        assert_eq!(checked.status, 303);
        let form = organizer.get(&format!("/manage/events/{event}"));
        assert!(form.body.contains("value=\"rating\"> secondo la valutazione attuale dei giocatori in questo gioco"));
        let drawn = organizer.post_form(&format!("/manage/events/{event}/draw"), &[("method", "rating")]);
        assert_eq!(drawn.status, 303, "{}", drawn.body);

        let public_id = event.clone();
        let (row, entrants) = database
            .read(move |connection| {
                let row = segnapunti::store::events::find_by_public_id(connection, &public_id)?.unwrap();
                let entrants = segnapunti::store::events::entrants(connection, row.id)?;
                Ok((row, entrants))
            })
            .unwrap();
        let number_of = |players: &[i64]| -> u32 {
            entrants.iter().find(|e| players.contains(&e.player1_id)).unwrap().number as u32
        };
        let order: Vec<u32> = serde_json::from_str(row.seed_order_json.as_deref().unwrap()).unwrap();
        assert_eq!(order.len(), 4);
        // The champions (two wins) first, the runners-up (a win, a loss) second; the two
        // pairs beaten in the semifinals are level, so in the order they were entered.
        assert_eq!(order[0], number_of(&champions), "{order:?}");
        assert_eq!(order[1], number_of(&runners_up), "{order:?}");
        assert!(order[2] < order[3], "{order:?}");
        assert_eq!(row.seeding.as_deref(), Some("rating"));
        let page = organizer.get(&format!("/manage/events/{event}"));
        assert!(page.body.contains("per valutazione dei giocatori"), "{}", page.body);
    }

    /// What a correction costs once a game has a season's worth of matches: a round robin of
    /// 24 pairs (276 matches) played, then the first match corrected (every later rating is
    /// recomputed) and the last one, beside a correction that moves no rating. Run by hand:
    /// `cargo test --test it ratings_cost -- --ignored --nocapture`.
    #[ignore = "a measurement, run by hand"]
    fn ratings_cost_of_a_season_of_matches(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let event = setup::create_event(
            &organizer,
            setup::CLUB_EVENTS,
            &[
                ("name", "Stagione intera"),
                ("game", "trionfetti"),
                ("target_points", "1"),
                ("games_to_win", "1"),
                ("format", "round_robin"),
            ],
        );
        import_and_draw(&organizer, &event, &setup::pairs_csv(24));
        let referee = app.client();
        let mut played = Vec::new();
        let started = Instant::now();
        while played.len() < 24 * 23 / 2 {
            let links = card_links(&app, &organizer, &event);
            assert!(!links.is_empty());
            for link in links {
                record_win(
                    &referee,
                    &link,
                    if played.len() % 3 == 0 { "B" } else { "A" },
                );
                played.push(link);
            }
        }
        println!("{} matches played in {:?}", played.len(), started.elapsed());
        let database = db(&app);
        assert_eq!(stored_points(&database).len(), played.len() * 4);
        // The first match was won by B, the last by A. The same winner again moves no
        // rating (the rest of a correction's cost); the other winner moves every rating of
        // the matches after it.
        let last = played.last().unwrap();
        for (what, link, winner) in [
            ("first match, the same winner", &played[0], "B"),
            ("first match, the other winner", &played[0], "A"),
            ("last match, the other winner", last, "B"),
        ] {
            let (seq, key) = setup::envelope(&referee, link);
            let fields = [
                ("expected_seq", seq.as_str()),
                ("submission_key", key.as_str()),
                ("target", "0"),
                ("reason", "misurata"),
                ("winner", winner),
            ];
            let timer = Instant::now();
            let response = referee.post_form(&format!("{link}/correct"), &fields);
            println!(
                "correction of the {what}: answered in {:?}",
                timer.elapsed()
            );
            assert_eq!(response.status, 303);
        }
        let timer = Instant::now();
        let rebuilt = ratings::rebuild(&database).unwrap();
        println!("rebuild from the logs in {:?}", timer.elapsed());
        assert_eq!(rebuilt.difference, None);
    }
}

/// SQLite only: the command an operator runs.
#[test]
fn the_rebuild_command_says_whether_the_stored_ratings_agreed() {
    let app = TestApp::spawn(support::Backend::Sqlite);
    let (_admin, organizer) = club_with_organizer(&app);
    play_night(&app, &organizer, "Serata 1", &[]);
    let run = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_segnapunti"))
            .env_remove("DATABASE_URL")
            .env("RUST_LOG", "error")
            .args(["--database-url", &app.database.url, "ratings", "rebuild"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let agreed = run();
    assert!(agreed.contains("3 matches, 12 rating points"), "{agreed}");
    assert!(
        agreed.contains("the stored ratings already agreed"),
        "{agreed}"
    );
    // A stored number tampered with is found and put back.
    let database = db(&app);
    let points = stored_points(&database);
    let first = points[0].clone();
    database
        .write(move |connection| {
            stored::set_rating(connection, first.match_id, first.player_id, 40.0, 1.0)
        })
        .unwrap();
    assert!(database.read(ratings::first_difference).unwrap().is_some());
    let replaced = run();
    assert!(
        replaced.contains("the stored ratings differed and were replaced"),
        "{replaced}"
    );
    assert_eq!(stored_points(&database), points);
}
