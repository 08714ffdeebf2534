use super::*;

/// The crate's own reference values are given to 1e-15 or so; a different formula or
/// configuration would be off by far more.
fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} is not {expected}"
    );
}

fn m(game: &'static str, a: &[u32], b: &[u32], winner: Side) -> RatedMatch<&'static str, u32> {
    RatedMatch {
        game,
        sides: [a.to_vec(), b.to_vec()],
        winner,
    }
}

#[test]
fn a_first_match_of_two_players_matches_the_crates_reference() {
    // skillratings' own test of `weng_lin` from the default ratings, a win.
    let after = history(&[m("trijumf", &[1], &[2], Side::A)]);
    close(after[0][0][0].mu, 27.635_231_383_473_65);
    close(after[0][0][0].sigma, 8.065_506_316_323_548);
    close(after[0][1][0].mu, 22.364_768_616_526_35);
    close(after[0][1][0].sigma, 8.065_506_316_323_548);
}

#[test]
fn teams_move_every_player_as_the_crates_reference_says() {
    // skillratings' own test of `weng_lin_two_teams`, side A winning, then losing.
    let a = [
        Rating::START,
        Rating {
            mu: 30.0,
            sigma: 1.2,
        },
        Rating {
            mu: 21.0,
            sigma: 6.5,
        },
    ];
    let b = [
        Rating::START,
        Rating {
            mu: 41.0,
            sigma: 1.4,
        },
        Rating {
            mu: 19.2,
            sigma: 4.3,
        },
    ];
    let [won, lost] = rate([&a, &b], Side::A);
    close(won[0].mu, 27.904_443_970_057_24);
    close(won[1].mu, 30.060_226_550_163_108);
    close(won[2].mu, 22.767_063_711_382_825);
    close(lost[0].mu, 22.095_556_029_942_76);
    close(lost[1].mu, 40.918_024_973_389_1);
    close(lost[2].mu, 18.426_674_366_308_44);
    close(won[0].sigma, 8.138_803_466_450_47);
    close(won[1].sigma, 1.199_425_779_255_630_7);
    close(lost[2].sigma, 4.276_389_807_576_043);
    // Side B winning is side A losing, in the crate's words.
    let [a_after, b_after] = rate([&a, &b], Side::B);
    close(a_after[0].mu, 23.400_673_694_619_35);
    close(a_after[2].mu, 20.026_969_875_806_41);
    close(b_after[1].mu, 41.045_139_385_643_06);
    close(b_after[2].mu, 19.625_830_224_765_43);
}

#[test]
fn a_pair_wins_and_loses_together_and_both_players_move() {
    let after = history(&[m("trionfetti", &[1, 2], &[3, 4], Side::A)]);
    let [winners, losers] = &after[0];
    assert_eq!(winners.len(), 2);
    assert_eq!(losers.len(), 2);
    for w in winners {
        assert!(w.mu > Rating::START.mu);
        assert!(w.sigma < Rating::START.sigma);
    }
    for l in losers {
        assert!(l.mu < Rating::START.mu);
    }
    // Equal players before, equal after: the same share of the win each.
    assert_eq!(winners[0], winners[1]);
    assert_eq!(losers[0], losers[1]);
}

#[test]
fn each_match_starts_from_the_ratings_the_earlier_ones_left() {
    let matches = [
        m("trionfetti", &[1, 2], &[3, 4], Side::A),
        m("trionfetti", &[1, 3], &[2, 4], Side::B),
    ];
    let after = history(&matches);
    let first = &after[0];
    let expected = rate(
        [&[first[0][0], first[1][0]], &[first[0][1], first[1][1]]],
        Side::B,
    );
    assert_eq!(after[1], expected);
    let now = current(&matches);
    assert_eq!(now[&("trionfetti", 1)], after[1][0][0]);
    assert_eq!(now[&("trionfetti", 4)], after[1][1][1]);
}

#[test]
fn games_are_rated_apart() {
    let matches = [
        m("trionfetti", &[1, 2], &[3, 4], Side::A),
        m("tressette", &[1, 2], &[3, 4], Side::B),
    ];
    let after = history(&matches);
    // The Tressette match starts from scratch: the mirror image of the first.
    assert_eq!(after[1][0], after[0][1]);
    assert_eq!(after[1][1], after[0][0]);
    let now = current(&matches);
    assert_eq!(now.len(), 8);
    assert!(now[&("trionfetti", 1)].mu > now[&("tressette", 1)].mu);
}

#[test]
fn the_shown_rating_starts_at_zero_and_the_order_of_matches_matters() {
    close(Rating::START.shown(), 0.0);
    let one = [
        m("vitou", &[1], &[2], Side::A),
        m("vitou", &[1], &[3], Side::B),
    ];
    let other = [one[1].clone(), one[0].clone()];
    assert_ne!(current(&one)[&("vitou", 1)], current(&other)[&("vitou", 1)]);
}

#[test]
fn seeding_puts_the_strongest_first_and_leaves_the_unrated_out() {
    let strong = Rating {
        mu: 30.0,
        sigma: 2.0,
    };
    let weak = Rating {
        mu: 12.0,
        sigma: 2.0,
    };
    let entrants = vec![
        ("newcomers", vec![None, None]),
        ("weak pair", vec![Some(weak), Some(weak)]),
        ("one strong, one new", vec![Some(strong), None]),
        ("strong pair", vec![Some(strong), Some(strong)]),
        ("also weak", vec![Some(weak), Some(weak)]),
    ];
    // 24 + 24, then 24 + 0 (a newcomer counts 0), then 6 + 6 twice in the order given.
    assert_eq!(
        strongest_first(&entrants),
        [
            "strong pair",
            "one strong, one new",
            "weak pair",
            "also weak"
        ]
    );
}

#[test]
fn going_on_from_where_the_first_matches_left_gives_the_same_history() {
    let matches = [
        m("trionfetti", &[1, 2], &[3, 4], Side::A),
        m("trionfetti", &[1, 3], &[2, 4], Side::B),
        m("trionfetti", &[1, 4], &[2, 3], Side::A),
    ];
    let whole = history(&matches);
    let start = current(&matches[..1]);
    assert_eq!(history_from(start, &matches[1..]), whole[1..]);
}
