use serde_json::{Value, json};

use super::*;
use crate::rules::any::{AnyMatch, AnyRecord};
use crate::rules::comanda::Nicknames;
use crate::rules::kind::GameKind;
use crate::rules::test_support::{card, seat};

/// A hand, deal or round by outcome in each game, and how many of them the deal
/// passes after (a smazzata of four hands in Trionfetti).
fn one_deal(game: GameKind) -> (Value, usize) {
    match game {
        GameKind::Trionfetti => (json!({"type": "hand", "winner": "A"}), 4),
        GameKind::Madrasso => (json!({"type": "deal", "team": "A", "points": 75}), 1),
        GameKind::Tressette => (json!({"type": "deal", "team": "A", "points": 6}), 1),
        GameKind::Trijumf => (
            json!({"type": "deal", "cut": "normal", "trump_card": "7d", "points": [80, 50]}),
            1,
        ),
        GameKind::Vitou => (json!({"type": "round", "winner": "A"}), 1),
    }
}

fn record(game: GameKind, players: usize, entries: Vec<Value>) -> AnyRecord {
    let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
    let options = if game.two_or_four() {
        json!({"players": players, "target_points": 10_000})
    } else if game == GameKind::Trionfetti {
        json!({"target_points": 100, "games_to_win": 9})
    } else {
        json!({"target_points": 10_000})
    };
    let text = json!({
        "format_version": 1,
        "game": game.name(),
        "options": options,
        "players": names,
        "first_dealer": 0,
        "entries": entries,
    });
    AnyRecord::from_json(&text.to_string()).unwrap()
}

fn replayed(record: &AnyRecord) -> AnyMatch {
    record.replay(&Nicknames::default()).unwrap()
}

fn first(seat_index: u8) -> Value {
    json!({"type": "first_dealer", "seat": seat_index})
}

#[test]
fn the_rotation_follows_from_each_possible_first_dealer_in_every_game() {
    for game in GameKind::ALL {
        let tables: &[usize] = if game.two_or_four() { &[4, 2] } else { &[4] };
        for &players in tables {
            let (deal, per_deal) = one_deal(game);
            for dealer in 0..players as u8 {
                let mut entries = vec![first(dealer)];
                let state = replayed(&record(game, players, entries.clone()));
                let summary = state.common();
                assert_eq!(summary.dealer, Some(seat(dealer)), "{game} {players}");
                let next = |steps: usize| seat(((dealer as usize + steps) % players) as u8);
                assert_eq!(summary.leader, Some(next(1)), "{game} {players} leads");
                assert_eq!(
                    cutter(seat(dealer), players),
                    next(players - 1),
                    "{game} {players} cuts"
                );
                // Three turns of the deal: each passes to the next seat in play order.
                for turn in 1..=3 {
                    entries.extend(std::iter::repeat_n(deal.clone(), per_deal));
                    let state = replayed(&record(game, players, entries.clone()));
                    assert_eq!(
                        state.dealer(),
                        Some(next(turn)),
                        "{game} at {players}, first dealer {dealer}, turn {turn}"
                    );
                    assert_eq!(state.common().leader, Some(next(turn + 1)));
                }
            }
        }
    }
}

#[test]
fn the_game_cutters_agree_with_the_shared_one() {
    let state = replayed(&record(GameKind::Trionfetti, 4, vec![first(2)]));
    let AnyMatch::Trionfetti(trionfetti) = state else {
        panic!()
    };
    assert_eq!(trionfetti.cutter(), cutter(seat(2), 4));
    for players in [2, 4] {
        let state = replayed(&record(GameKind::Trijumf, players, vec![first(1)]));
        let AnyMatch::Trijumf(trijumf) = state else {
            panic!()
        };
        assert_eq!(trijumf.cutter(), cutter(seat(1), players));
    }
}

#[test]
fn an_old_record_without_the_entry_still_means_its_first_dealer() {
    let state = replayed(&record(GameKind::Madrasso, 4, vec![]));
    assert_eq!(state.dealer(), Some(seat(0)));
}

#[test]
fn it_is_refused_after_the_first_hand_naming_why_and_taken_again_before() {
    for game in GameKind::ALL {
        let (deal, _) = one_deal(game);
        let late = record(game, 4, vec![deal.clone(), first(1)]);
        let error = late.replay(&Nicknames::default()).unwrap_err();
        assert_eq!(error.index, 1, "{game}");
        assert_eq!(error.error.msg().id, "first_dealer-after_start", "{game}");
        // Chosen twice before the first hand: the later choice stands.
        let again = record(game, 4, vec![first(1), first(3), deal.clone()]);
        let passed = if game == GameKind::Trionfetti { 3 } else { 0 };
        assert_eq!(replayed(&again).dealer(), Some(seat(passed)), "{game}");
        let chosen = replayed(&record(game, 4, vec![first(1), first(3)]));
        assert_eq!(chosen.dealer(), Some(seat(3)), "{game}");
        // A hand voided leaves the match as before its first hand.
        let voided = record(
            game,
            4,
            vec![
                deal.clone(),
                json!({"type": "void", "target": 0, "reason": "x"}),
                first(2),
            ],
        );
        assert_eq!(replayed(&voided).dealer(), Some(seat(2)), "{game}");
    }
    // Trionfetti's comanda begins the smazzata: too late too, and with no hand yet the
    // refusal points at the comanda, not at hands.
    let comanda = json!({"type": "smazzata", "comanda": "più ponto", "cut": "7d"});
    let late = record(GameKind::Trionfetti, 4, vec![comanda.clone(), first(1)]);
    let error = late.replay(&Nicknames::default()).unwrap_err();
    assert_eq!(error.error.msg().id, "first_dealer-after_comanda");
    let (deal, _) = one_deal(GameKind::Trionfetti);
    let late = record(GameKind::Trionfetti, 4, vec![comanda, deal, first(1)]);
    let error = late.replay(&Nicknames::default()).unwrap_err();
    assert_eq!(error.error.msg().id, "first_dealer-after_start");
}

#[test]
fn a_seat_off_a_two_player_table_is_refused() {
    let error = record(GameKind::Vitou, 2, vec![first(3)])
        .replay(&Nicknames::default())
        .unwrap_err();
    assert_eq!(error.error.msg().id, "first_dealer-seat_not_at_table");
}

/// Rounds of a draw, each the cards of seats 0 to 3 in order, `-` where a seat drew none.
fn draw(rows: &[&str]) -> Vec<Vec<Option<Card>>> {
    rows.iter()
        .map(|row| {
            let codes = row.split_whitespace();
            codes
                .map(|code| (code != "-").then(|| card(code)))
                .collect()
        })
        .collect()
}

fn rule(game: GameKind) -> DrawRule {
    game.descriptor().first_deal
}

#[test]
fn the_highest_card_of_the_default_ranking_deals() {
    let one = "7d Rs 3c Fb";
    let aces = "1d 2s Rc 4b";
    // The game, its one round of drawing, and the seat that deals with its card.
    let cases = [
        // Trionfetti: the king is the highest of 1…10 F C R.
        (GameKind::Trionfetti, one, 1, "Rs"),
        // Madrasso and Trijumf: the three beats the king; Tressette: the three too.
        (GameKind::Madrasso, one, 2, "3c"),
        (GameKind::Trijumf, one, 2, "3c"),
        (GameKind::Tressette, one, 2, "3c"),
        (GameKind::Madrasso, aces, 0, "1d"),
        (GameKind::Tressette, aces, 1, "2s"),
        (GameKind::Trionfetti, aces, 2, "Rc"),
        // Vitou: the lowest deals (10 9 A K Q J 8 7, high to low).
        (GameKind::Vitou, "10d 8s 1c 9b", 1, "8s"),
    ];
    for (game, round, dealer, code) in cases {
        assert_eq!(
            settle(&rule(game), 4, &draw(&[round])),
            Ok(DrawOutcome::Dealer(seat(dealer), card(code))),
            "{game}: {round}"
        );
    }
}

#[test]
fn the_tied_draw_again_until_one_is_highest() {
    let rule = rule(GameKind::Trionfetti);
    let first = "Rd 5s Rc 2b";
    let cases = [
        (
            vec![first],
            Ok(DrawOutcome::Again(vec![seat(0), seat(2)], card("Rd"))),
        ),
        (
            vec![first, "7d - 7s -"],
            Ok(DrawOutcome::Again(vec![seat(0), seat(2)], card("7d"))),
        ),
        (
            vec![first, "7d - 7s -", "3d - Cs -"],
            Ok(DrawOutcome::Dealer(seat(2), card("Cs"))),
        ),
        // Only the tied draw again, and all of them.
        (
            vec![first, "7d 1s 7s -"],
            Err(FirstDealerError::NotTied {
                round: 2,
                seat: seat(1),
            }),
        ),
        (
            vec![first, "7d - - -"],
            Err(FirstDealerError::MustDraw {
                round: 2,
                seat: seat(2),
            }),
        ),
        (
            vec!["Rd 5s 1c 2b", "7d - - -"],
            Err(FirstDealerError::ExtraRound { round: 2 }),
        ),
    ];
    for (rounds, expected) in cases {
        assert_eq!(settle(&rule, 4, &draw(&rounds)), expected, "{rounds:?}");
    }
}

#[test]
fn a_draw_with_cards_the_game_does_not_have_or_twice_is_refused() {
    assert_eq!(
        settle(&rule(GameKind::Madrasso), 4, &draw(&["8d 5s 1c 2b"])),
        Err(FirstDealerError::NotInDeck {
            round: 1,
            seat: seat(0),
            card: card("8d")
        })
    );
    assert_eq!(
        settle(&rule(GameKind::Trionfetti), 4, &draw(&["5s 5s 1c 2b"])),
        Err(FirstDealerError::CardTwice {
            round: 1,
            card: card("5s")
        })
    );
    assert!(matches!(
        settle(&rule(GameKind::Trionfetti), 4, &draw(&["5s 1c"])),
        Err(FirstDealerError::RoundSize { found: 2, .. })
    ));
    assert_eq!(
        settle(&rule(GameKind::Trionfetti), 4, &[]),
        Err(FirstDealerError::NoRound)
    );
}

#[test]
fn the_entry_must_agree_with_its_draw() {
    let drawn = |seat_index: u8| {
        json!({"type": "first_dealer", "seat": seat_index,
            "draw": [["7d", "Rs", "3c", "Fb"]]})
    };
    let agreed = record(GameKind::Trionfetti, 4, vec![drawn(1)]);
    assert_eq!(replayed(&agreed).dealer(), Some(seat(1)));
    let error = record(GameKind::Trionfetti, 4, vec![drawn(2)])
        .replay(&Nicknames::default())
        .unwrap_err();
    let msg = error.error.msg();
    assert_eq!(msg.id, "first_dealer-contradicts");
    let tie = json!({"type": "first_dealer", "seat": 0,
        "draw": [["Rd", "5s", "Rc", "2b"]]});
    let error = record(GameKind::Trionfetti, 4, vec![tie])
        .replay(&Nicknames::default())
        .unwrap_err();
    assert_eq!(error.error.msg().id, "first_dealer-undecided");
    // Two-player Vitou: the lower card deals.
    let vitou = json!({"type": "first_dealer", "seat": 1, "draw": [["10d", "7s"]]});
    assert_eq!(
        replayed(&record(GameKind::Vitou, 2, vec![vitou])).dealer(),
        Some(seat(1))
    );
}

#[test]
fn the_entry_round_trips_through_a_record_and_replays_the_same() {
    for game in GameKind::ALL {
        let (deal, _) = one_deal(game);
        let entry = json!({"type": "first_dealer", "seat": 3,
            "draw": [["1d", "2s", "4c", "4b"], [null, null, "5c", "7b"]], "author": "arbitra"});
        let entry = match game {
            GameKind::Trionfetti => entry,
            // A seat 3 win in the other decks: the ace or three, or Vitou's lowest.
            _ => json!({"type": "first_dealer", "seat": 3}),
        };
        let original = record(game, 4, vec![entry.clone(), deal]);
        let text = original.to_json();
        let again = AnyRecord::from_json(&text).unwrap();
        assert_eq!(again, original, "{game}");
        assert_eq!(again.entries_json()[0], entry, "{game}");
        assert_eq!(again.entry_kinds()[0], "first_dealer");
        assert_eq!(replayed(&again), replayed(&original));
        // Seat 3 dealt the first deal, then the deal passed (a smazzata lasts on).
        let now = if game == GameKind::Trionfetti { 3 } else { 0 };
        assert_eq!(replayed(&again).dealer(), Some(seat(now)), "{game}");
    }
}

#[test]
fn unknown_fields_and_kinds_are_named() {
    let bad = json!({"format_version": 1, "game": "madrasso",
        "players": ["a", "b", "c", "d"], "first_dealer": 0,
        "entries": [{"type": "first_dealer", "seat": 1, "card": "7d"}]});
    let error = AnyRecord::from_json(&bad.to_string()).unwrap_err();
    assert!(format!("{error:?}").contains("card"), "{error:?}");
    let unknown = json!({"format_version": 1, "game": "madrasso",
        "players": ["a", "b", "c", "d"], "first_dealer": 0,
        "entries": [{"type": "dealer", "seat": 1}]});
    let error = AnyRecord::from_json(&unknown.to_string()).unwrap_err();
    assert!(format!("{error:?}").contains("first_dealer"), "{error:?}");
}
