use super::*;
use crate::tournament::standings::{Counts, StandingRow, StandingsTable};

/// A night of individuals, given in finishing order.
fn night(order: &[&'static str]) -> Vec<Finisher<&'static str>> {
    order
        .iter()
        .enumerate()
        .map(|(i, p)| Finisher {
            place: i as u32 + 1,
            players: vec![*p],
        })
        .collect()
}

fn rules(scale: Scale) -> Rules {
    Rules {
        scale,
        best_nights: None,
        min_nights: 0,
    }
}

fn row<'a>(table: &'a Table<&'static str>, player: &str) -> &'a Row<&'static str> {
    table.rows.iter().find(|r| r.player == player).unwrap()
}

/// The points of `players`, in the order given.
fn points(table: &Table<&'static str>, players: &[&str]) -> Vec<u32> {
    players.iter().map(|p| row(table, p).points).collect()
}

fn order(table: &Table<&'static str>) -> Vec<(Option<u32>, &'static str)> {
    table.rows.iter().map(|r| (r.position, r.player)).collect()
}

/// The `order` of a table whose players, as given, hold positions 1, 2, 3… with no ties.
fn ranked(players: &[&'static str]) -> Vec<(Option<u32>, &'static str)> {
    (1..).map(Some).zip(players.iter().copied()).collect()
}

#[test]
fn players_beaten_counts_every_player_below() {
    let t = table(
        &[night(&["a", "b", "c", "d"])],
        &rules(Scale::PlayersBeaten),
    );
    assert_eq!(points(&t, &["a", "b", "c", "d"]), [3, 2, 1, 0]);
    assert_eq!(order(&t), ranked(&["a", "b", "c", "d"]));
}

#[test]
fn both_players_of_a_pair_get_the_pairs_points() {
    let pairs = vec![
        Finisher {
            place: 1,
            players: vec!["a", "b"],
        },
        Finisher {
            place: 2,
            players: vec!["c", "d"],
        },
        Finisher {
            place: 3,
            players: vec!["e", "f"],
        },
    ];
    let t = table(&[pairs], &rules(Scale::PlayersBeaten));
    assert_eq!((row(&t, "a").points, row(&t, "b").points), (4, 4));
    assert_eq!((row(&t, "c").points, row(&t, "d").points), (2, 2));
    assert_eq!(row(&t, "f").points, 0);
    // Partners share the night's win, so nothing splits them: they share first place.
    assert_eq!(row(&t, "a").position, Some(1));
    assert_eq!(row(&t, "b").position, Some(1));
    assert_eq!(row(&t, "c").position, Some(3));
}

#[test]
fn a_points_table_scores_nothing_beyond_its_end() {
    let t = table(
        &[night(&["a", "b", "c", "d"])],
        &rules(Scale::Table(vec![10, 6, 4])),
    );
    assert_eq!(points(&t, &["a", "b", "c", "d"]), [10, 6, 4, 0]);
}

#[test]
fn only_the_best_n_nights_count() {
    let nights = [
        night(&["b", "a", "c"]), // a: 1
        night(&["c", "b", "a"]), // a: 0
        night(&["a", "c", "b"]), // a: 2
        night(&["b", "a", "c"]), // a: 1
    ];
    let mut r = rules(Scale::PlayersBeaten);
    r.best_nights = Some(2);
    let t = table(&nights, &r);
    let a = row(&t, "a");
    assert_eq!(a.points, 3, "best two of 1, 0, 2, 1");
    assert_eq!(a.nights, 4);
    let counted: Vec<bool> = a.results.iter().map(|n| n.counted).collect();
    // Of the two nights worth 1, the earlier counts.
    assert_eq!(counted, [true, false, true, false]);
    // b: 2, 1, 0, 2 → 4; c: 0, 2, 1, 0 → 3.
    assert_eq!(row(&t, "b").points, 4);
    assert_eq!(row(&t, "c").points, 3);
    r.best_nights = None;
    assert_eq!(row(&table(&nights, &r), "a").points, 4);
}

#[test]
fn players_under_the_minimum_are_listed_unranked_after_the_rest() {
    let nights = [night(&["e", "a", "b"]), night(&["a", "b"])];
    let mut r = rules(Scale::PlayersBeaten);
    r.min_nights = 2;
    let t = table(&nights, &r);
    assert_eq!(
        order(&t),
        [(Some(1), "a"), (Some(2), "b"), (None, "e")],
        "e has the most points of one night, but one night is not enough"
    );
    r.min_nights = 1;
    // a: 1 + 1, e: 2, a night won each; e finished ahead of a on their one shared night.
    assert_eq!(order(&table(&nights, &r)), ranked(&["e", "a", "b"]));
}

#[test]
fn a_tie_on_points_goes_to_the_player_with_more_nights_won() {
    let nights = [night(&["a", "b", "c", "d"]), night(&["c", "b", "d", "a"])];
    let t = table(&nights, &rules(Scale::Table(vec![4, 3, 2, 1])));
    // a: 4 + 1 = 5; b: 3 + 3 = 6; c: 2 + 4 = 6 with a win; d: 1 + 2 = 3.
    assert_eq!(order(&t), ranked(&["c", "b", "a", "d"]));
    assert_eq!(row(&t, "c").wins, 1);
    assert_eq!(row(&t, "b").wins, 0);
    assert_eq!(row(&t, "b").head_to_head, None, "wins settled it");
}

#[test]
fn a_tie_on_points_and_wins_goes_to_head_to_head() {
    let nights = [
        night(&["a", "b", "c", "d"]),
        night(&["b", "c", "d", "a"]),
        night(&["c", "a", "d", "b"]),
    ];
    let t = table(&nights, &rules(Scale::Table(vec![3, 2, 1, 0])));
    // a: 3 + 0 + 2 = 5, b: 2 + 3 + 0 = 5, one win each; a finished ahead of b twice.
    assert_eq!(order(&t), ranked(&["c", "a", "b", "d"]));
    assert_eq!(row(&t, "a").head_to_head, Some(2));
    assert_eq!(row(&t, "b").head_to_head, Some(1));
    assert_eq!(row(&t, "c").head_to_head, None);
}

#[test]
fn players_level_after_every_tie_break_share_the_position() {
    let nights = [night(&["b", "a", "c"]), night(&["a", "b"])];
    let t = table(&nights, &rules(Scale::PlayersBeaten));
    // a: 1 + 1, b: 2 + 0; one win each; each ahead of the other once.
    assert_eq!(order(&t), [(Some(1), "a"), (Some(1), "b"), (Some(3), "c")]);
    assert_eq!(t.leaders().count(), 2);
}

#[test]
fn final_places_put_the_knockout_first_then_group_places() {
    // An entrant seeded by its number, with nothing played.
    let row = |position, entrant: u32| StandingRow {
        position,
        ..Counts::default().row(EntrantId(entrant), entrant as usize - 1, Default::default())
    };
    let group = |g, rows| StandingsTable {
        title: TableTitle::Group(g),
        rows,
    };
    let standings = Standings {
        tables: vec![
            group(1, vec![row(1, 1), row(2, 3), row(3, 5)]),
            group(2, vec![row(1, 2), row(2, 4), row(3, 6)]),
            StandingsTable {
                title: TableTitle::Knockout,
                rows: vec![row(1, 2), row(2, 1)],
            },
        ],
    };
    let places: Vec<(u32, u32)> = final_places(&standings)
        .into_iter()
        .map(|(e, p)| (e.0, p))
        .collect();
    assert_eq!(places, [(2, 1), (1, 2), (3, 3), (4, 4), (5, 5), (6, 6)]);
}
