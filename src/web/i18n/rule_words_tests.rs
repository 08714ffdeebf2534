//! The words of the games' rule errors, worded through the Fluent files: the
//! assertions on words the games' unit tests made while the core wrote them itself.
//! The core's tests keep asserting the errors as data.

use super::Worded;
use crate::lang::Lang;
use crate::rules::game::Team;
use crate::rules::play_error::PlayError;
use crate::rules::test_support::{breach, card, seat, won_previous, wrong_leader};

/// The error, worded in `lang`, says `words` somewhere.
#[track_caller]
fn says(error: &impl Worded, lang: Lang, words: &str) {
    let message = error.message(lang);
    assert!(
        message.contains(words),
        "{message:?} does not say {words:?}"
    );
}

/// The error says `english` in English and `italian` in Italian.
#[track_caller]
fn says_in_both(error: &impl Worded, english: &str, italian: &str) {
    says(error, Lang::En, english);
    says(error, Lang::It, italian);
}

/// The team is worded with its article ("la squadra A"): the messages that name the team
/// of a seat must not put another before it ("della la squadra A").
#[test]
fn the_team_of_a_declarer_or_claimer_reads_without_a_doubled_article() {
    use crate::rules::{madrasso, tressette};
    let declarer = madrasso::RuleError::DeclarerTeamMismatch {
        deal: madrasso::Deal { game: 1, deal: 11 },
        seat: seat(1),
        recorded: Team::A,
    };
    let claimer = tressette::RuleError::ClaimTeamMismatch {
        deal: tressette::Deal { game: 1, deal: 2 },
        seat: seat(0),
        recorded: Team::B,
    };
    for (words, team) in [
        (declarer.message(Lang::It), "la squadra B"),
        (claimer.message(Lang::It), "la squadra A"),
    ] {
        assert!(!words.contains("della la"), "{words}");
        assert!(words.contains(&format!("che gioca con {team}")), "{words}");
    }
}

/// A revoke in a game with no words of its own for it reads the shared ones.
#[test]
fn a_revoke_without_the_games_own_words_reads_the_shared_ones() {
    let revoke = PlayError::Revoke {
        deal: crate::rules::trionfetti::Deal {
            smazzata: 2,
            hand: 1,
        },
        breach: breach(3, 1, ["1c", "1s", "2s"], 0),
    };
    assert_eq!(
        revoke.message(Lang::En),
        "Smazzata 2, hand 1: in trick 3 seat 2 played the ace of cups to the ace of swords \
         without following suit, but the 2 of swords was still in that hand."
    );
    assert_eq!(
        revoke.message(Lang::It),
        "Smazzata 2, mano 1: nella presa 3, aperta con l'asso di spade, il posto 2 ha giocato \
         l'asso di coppe senza rispondere al seme, ma il due di spade gli restava in mano."
    );
}

mod madrasso {
    use super::*;
    use crate::rules::madrasso::{Deal, RuleError};

    fn at(game: u32, deal: u32) -> Deal {
        Deal { game, deal }
    }

    #[test]
    fn impossible_points_name_the_game_and_the_deal() {
        let error = RuleError::PointsImpossible {
            deal: at(1, 1),
            points: 1,
        };
        says(&error, Lang::It, "Partita 1, battuta 1");
    }

    #[test]
    fn an_early_declaration_says_how_many_deals_come_first() {
        let error = RuleError::DeclarationTooEarly {
            deal: at(1, 1),
            seat: seat(0),
            min_deals: 10,
        };
        says(&error, Lang::En, "before 10 deals");
    }

    #[test]
    fn a_revoke_names_the_cards_and_where_the_proof_was() {
        let error = RuleError::from(PlayError::Revoke {
            deal: at(1, 1),
            breach: breach(3, 1, ["1c", "1s", "2s"], 4),
        });
        assert_eq!(
            error.message(Lang::En),
            "Game 1, deal 1: in trick 3 seat 2 played the ace of cups to the ace of swords \
             without following suit, but it held the 2 of swords, played later in trick 4: \
             that is a cassone and must be recorded as one."
        );
        says(&error, Lang::It, "l'asso di coppe");
    }

    #[test]
    fn a_failure_to_trump_names_the_trump_suit() {
        // The 2 of swords proves it: swords are trumps.
        let error = RuleError::MustTrump {
            deal: at(1, 1),
            breach: breach(1, 1, ["4c", "2d", "2s"], 0),
        };
        assert_eq!(
            error.message(Lang::It),
            "Partita 1, battuta 1: nella presa 1 il posto 2 non aveva il seme del due di denari \
             e doveva giocare briscola, cioè una carta di spade, ma ha giocato il quattro di \
             coppe e il due di spade gli restava in mano: è cassone e va registrato come tale."
        );
        assert_eq!(
            error.message(Lang::En),
            "Game 1, deal 1: in trick 1 seat 2 could not follow the 2 of coins and had to trump \
             with swords, but played the 4 of cups and the 2 of swords was still in that hand: \
             that is a cassone and must be recorded as one."
        );
    }

    #[test]
    fn play_after_the_cassone_names_the_trick_the_player_and_the_cards() {
        let error = RuleError::PlayAfterCassone {
            deal: at(1, 1),
            trick: 3,
            seat: seat(0),
            card: card("1d"),
            after: card("1c"),
        };
        assert_eq!(
            error.message(Lang::En),
            "Game 1, deal 1: play stops at the cassone in trick 3, when seat 1 played the ace \
             of coins, but the ace of cups is recorded after it: remove the cards recorded \
             after the cassone."
        );
        says(
            &error,
            Lang::It,
            "il gioco si ferma al cassone della presa 3, quando il posto 1",
        );
    }

    #[test]
    fn a_wrong_leader_names_the_trick_that_decided_the_lead() {
        let error = RuleError::from(wrong_leader(at(1, 1), 2, 3, 0, won_previous(1, 0, "2d")));
        assert_eq!(
            error.message(Lang::En),
            "Game 1, deal 1: seat 4 led trick 2, but trick 1 was won by seat 1 with the 2 of coins."
        );
    }

    #[test]
    fn every_error_has_both_languages() {
        let error = RuleError::from(wrong_leader(at(1, 1), 3, 2, 1, won_previous(2, 1, "3d")));
        let it = error.message(Lang::It);
        let en = error.message(Lang::En);
        assert_ne!(it, en);
        assert!(it.starts_with("Partita 1, battuta 1: il posto 3 ha aperto la presa 3"));
        assert!(en.starts_with("Game 1, deal 1: seat 3 led trick 3"));
    }
}

mod tressette {
    use super::*;
    use crate::rules::tressette::{Deal, RuleError};

    fn at(game: u32, deal: u32) -> Deal {
        Deal { game, deal }
    }

    #[test]
    fn eleven_to_nothing_without_a_sweep_explains_the_sweep_field() {
        for swept in [Team::A, Team::B] {
            let error = RuleError::ElevenWithoutSweep {
                deal: at(1, 2),
                team: swept,
            };
            let italian = error.message(Lang::It);
            let english = error.message(Lang::En);
            assert!(italian.starts_with("Partita 1, mano 2: "), "{italian}");
            assert!(italian.contains("11 a 0"), "{italian}");
            assert!(italian.contains("\"sweep\""), "{italian}");
            assert!(italian.contains("cappotto") && italian.contains("stramazzo"));
            assert!(english.starts_with("Game 1, deal 2: "), "{english}");
            assert!(english.contains("11 to 0"), "{english}");
            assert!(english.contains("\"sweep\""), "{english}");
        }
    }

    #[test]
    fn a_card_declared_by_two_players_names_both() {
        let error = RuleError::CardDeclaredTwice {
            deal: at(1, 1),
            card: card("3c"),
            first: seat(0),
            second: seat(1),
        };
        assert_eq!(
            error.message(Lang::En),
            "Game 1, deal 1: the 3 of cups is in the declarations of both seat 1 and seat 2, \
             but it is in one hand only."
        );
    }

    #[test]
    fn a_revoke_and_a_wrong_leader_say_where() {
        let revoke = RuleError::from(PlayError::Revoke {
            deal: at(1, 1),
            breach: breach(2, 0, ["2d", "4s", "5s"], 3),
        });
        says(&revoke, Lang::It, "Partita 1, mano 1: nella presa 2");
        let leader = RuleError::from(wrong_leader(at(1, 1), 3, 1, 3, won_previous(2, 3, "3s")));
        assert_eq!(
            leader.message(Lang::En),
            "Game 1, deal 1: seat 2 led trick 3, but trick 2 was won by seat 4 with the 3 of swords."
        );
    }
}

mod trionfetti {
    use super::*;
    use crate::rules::trionfetti::{Deal, RuleError};

    fn at(smazzata: u32, hand: u8) -> Deal {
        Deal { smazzata, hand }
    }

    #[test]
    fn a_finished_match_says_so() {
        let error = RuleError::from(PlayError::<Deal>::MatchOver {
            winner: Team::B,
            games_won: [0, 2],
        });
        says(&error, Lang::En, "match is over");
    }

    #[test]
    fn a_wrong_stake_says_what_the_vagaresto_is_worth() {
        let error = RuleError::StakeMismatch {
            deal: at(1, 3),
            recorded: 18,
            expected: 19,
            scores: [1, 1],
        };
        says(&error, Lang::It, "vale 19 punti");
    }

    #[test]
    fn a_winner_the_cards_contradict_names_the_card_in_both_languages() {
        let error = RuleError::WinnerContradictsCards {
            deal: at(1, 1),
            recorded: Team::B,
            actual: Team::A,
            trick: 2,
            seat: seat(0),
            card: card("Cc"),
        };
        says_in_both(&error, "horse of cups", "cavallo di coppe");
    }

    #[test]
    fn the_wrong_leader_is_named_with_the_trick_that_decided_the_lead() {
        let error = RuleError::from(wrong_leader(at(1, 1), 2, 3, 2, won_previous(1, 2, "Rs")));
        assert_eq!(
            error.message(Lang::En),
            "Smazzata 1, hand 1: seat 4 led trick 2, but trick 1 was won by seat 3 with the king of swords."
        );
        assert_eq!(
            error.message(Lang::It),
            "Smazzata 1, mano 1: il posto 4 ha aperto la presa 2, ma la presa 1 l'ha vinta il posto 3 con il re di spade."
        );
    }

    /// Seat 2 played `code` in trick `trick` of `deal`, first played at `first` (hand, trick).
    fn played_again(deal: Deal, trick: u8, code: &str, first: (u8, u8)) -> RuleError {
        RuleError::CardAlreadyPlayed {
            deal,
            trick,
            seat: seat(2),
            card: card(code),
            first_hand: first.0,
            first_trick: first.1,
        }
    }

    #[test]
    fn a_card_played_twice_says_where_it_was_first_played() {
        // Played in an earlier hand (hand 1) of the smazzata: that hand is named.
        let error = played_again(at(2, 2), 1, "1c", (1, 2));
        says(
            &error,
            Lang::En,
            "in the first trick, but it was already played in the second trick of the first hand.",
        );
        // Twice in one hand: the hand goes unsaid.
        let twice = played_again(at(1, 1), 2, "7d", (1, 1));
        assert_eq!(
            twice.message(Lang::It),
            "Smazzata 1, mano 1: il posto 3 ha giocato il sette di denari nella seconda presa, ma era già uscito nella prima presa."
        );
        assert_eq!(
            twice.message(Lang::En),
            "Smazzata 1, hand 1: seat 3 played the 7 of coins in the second trick, but it was already played in the first trick."
        );
    }
}

mod trijumf {
    use super::*;
    use crate::rules::card::Suit;
    use crate::rules::play_error::table::TableError;
    use crate::rules::trijumf::{Cut, DealNumber, LeadReason, RuleError};

    #[test]
    fn declarations_and_a_missing_trump_card_say_what_was_expected() {
        let points = RuleError::DeclarationPoints {
            deal: 1,
            seat: seat(1),
            suit: Suit::Bastoni,
            recorded: 40,
            expected: 20,
        };
        says(&points, Lang::It, "valgono 20");
        let missing = RuleError::TrumpCardMissing {
            deal: 1,
            cut: Cut::Flip,
        };
        says(&missing, Lang::En, "after a flip a trump card");
    }

    #[test]
    fn a_revoke_says_what_the_seat_had_to_do() {
        let error = RuleError::Revoke {
            deal: 1,
            trick: 1,
            seat: seat(2),
            card: card("1d"),
            held: card("2s"),
            held_trick: 2,
            led: Suit::Spade,
            trump: Some(Suit::Spade),
        };
        says_in_both(&error, "trick 1", "doveva rispondere a spade");
        let legal = RuleError::RevokeNotShown {
            deal: 1,
            trick: 1,
            seat: seat(2),
            card: card("2d"),
            held: Some(card("Rd")),
            led: Suit::Spade,
            trump: Some(Suit::Denari),
        };
        says(
            &legal,
            Lang::En,
            "a legal play even holding the king of coins",
        );
    }

    #[test]
    fn claims_points_and_cards_played_twice_give_their_numbers() {
        let verdict = RuleError::ClaimVerdict {
            deal: 1,
            seat: seat(0),
            recorded: true,
            total: 400,
            target: 401,
        };
        says(&verdict, Lang::It, "400 punti su 401");
        let points = RuleError::PointsNotConserved {
            deal: 1,
            points: [65, 64],
            expected: 130,
        };
        says(&points, Lang::En, "65 + 64 = 129");
        let twice = RuleError::from(TableError::CardAlreadyPlayed {
            place: DealNumber { deal: 1 },
            trick: 5,
            seat: seat(2),
            card: card("3c"),
            first_trick: 4,
            first_seat: seat(1),
        });
        says(&twice, Lang::It, "nella presa 4");
        let leader = RuleError::from(TableError::WrongLeader {
            place: DealNumber { deal: 1 },
            trick: 1,
            found: seat(0),
            expected: seat(1),
            because: LeadReason::DealersLeft { dealer: seat(0) },
        });
        says(&leader, Lang::En, "on the left of the dealer");
    }
}

mod vitou {
    use super::*;
    use crate::rules::play_error::table::TableError;
    use crate::rules::vitou::{Bid, LeadReason, RoundNumber, RuleError};

    #[test]
    fn a_wrong_stake_says_what_the_round_is_worth() {
        let error = RuleError::StakeMismatch {
            round: 1,
            recorded: 12,
            expected: 6,
            bid: Some(Bid::Twelve),
            refused: true,
        };
        says_in_both(
            &error,
            "with the 12 refused the round is worth 6",
            "vale 6 punti",
        );
    }

    #[test]
    fn a_bid_out_of_order_says_what_may_come_next() {
        // The opening is always 3: nothing "next" to it.
        let opening = RuleError::BidOutOfOrder {
            round: 1,
            seat: seat(0),
            bid: Bid::Six,
            expected: Some(Bid::Three),
        };
        assert_eq!(
            opening.message(Lang::It),
            "Mano 1: il posto 1 apre le puntate con 6, ma si apre sempre con 3; poi si rilancia \
             a 6, a 12 e a baraque, senza salti."
        );
        says(
            &opening,
            Lang::En,
            "opens the bidding with 6, but the bidding always opens with 3",
        );
        let jump = RuleError::BidOutOfOrder {
            round: 2,
            seat: seat(1),
            bid: Bid::Twelve,
            expected: Some(Bid::Six),
        };
        assert_eq!(
            jump.message(Lang::It),
            "Mano 2: il posto 2 punta 12, ma dopo il 3 si può rilanciare solo a 6 (niente salti)."
        );
        says(
            &jump,
            Lang::En,
            "bids 12, but after 3 the only raise is 6 (no jumps)",
        );
    }

    #[test]
    fn bids_out_of_turn_say_who_may_bid() {
        let raise = RuleError::RaiseOwnSide {
            round: 1,
            seat: seat(2),
            bid: Bid::Six,
            last: seat(0),
        };
        says(&raise, Lang::En, "only the other team raises");
        let last = RuleError::BidByLast {
            round: 1,
            seat: seat(3),
            bid: Bid::Three,
            trick: 1,
        };
        says(&last, Lang::It, "l'ultimo non punta mai");
        let closed = RuleError::BiddingClosed {
            round: 1,
            scores: [20, 5],
        };
        says(&closed, Lang::En, "at 20-5 a team is on 20");
    }

    #[test]
    fn leaders_and_cards_are_named_with_the_french_deck() {
        let tied = RuleError::from(TableError::WrongLeader {
            place: RoundNumber { round: 1 },
            trick: 2,
            found: seat(1),
            expected: seat(0),
            because: LeadReason::Tied { trick: 1 },
        });
        says(
            &tied,
            Lang::En,
            "trick 1 was tied and whoever led it, seat 1, leads again",
        );
        let twice = RuleError::from(TableError::CardAlreadyPlayed {
            place: RoundNumber { round: 1 },
            trick: 2,
            seat: seat(1),
            card: card("7s"),
            first_trick: 1,
            first_seat: seat(1),
        });
        says_in_both(&twice, "the 7 of spades", "il sette di picche");
        let first = RuleError::from(TableError::WrongLeader {
            place: RoundNumber { round: 1 },
            trick: 1,
            found: seat(1),
            expected: seat(0),
            because: LeadReason::DealersLeft { dealer: seat(3) },
        });
        says(&first, Lang::En, "on the left of the dealer");
    }
}

mod replay {
    use super::*;
    use crate::rules::replay::CorrectionError;

    #[test]
    fn a_correction_of_a_correction_names_its_kind_in_the_readers_words() {
        let error = CorrectionError::TargetIsCorrection {
            target: 2,
            kind: "replace",
        };
        says_in_both(&error, "(a replacement)", "(una sostituzione)");
    }
}

mod comanda {
    use super::*;
    use crate::rules::comanda::{ComandaError, ErrorKind, Position};

    #[test]
    fn messages_name_word_and_position_in_both_languages() {
        let error = ComandaError {
            kind: ErrorKind::UnknownWord,
            word: Some("zucchero".to_string()),
            position: Some(Position {
                word_index: 4,
                byte_offset: 17,
            }),
            nickname: None,
            line: None,
        };
        assert_eq!(
            error.message(Lang::En),
            "unknown word \"zucchero\" (word 4)"
        );
        assert_eq!(
            error.message(Lang::It),
            "parola sconosciuta «zucchero» (parola 4)"
        );
    }

    #[test]
    fn errors_inside_a_nickname_point_at_the_nickname() {
        let error = ComandaError {
            kind: ErrorKind::DirectionTwice,
            word: Some("manco".to_string()),
            position: Some(Position {
                word_index: 2,
                byte_offset: 8,
            }),
            nickname: Some("doppio".to_string()),
            line: None,
        };
        says(&error, Lang::En, "in the expansion of \"doppio\"");
    }
}

mod explicit {
    use super::*;
    use crate::rules::comanda::{ExplicitError, ExplicitErrorKind};
    use crate::rules::ranking::RankingError;

    fn at(kind: RankingError, level: usize, first_level: Option<usize>) -> ExplicitError {
        ExplicitError {
            kind: ExplicitErrorKind::Ranking(kind),
            level: Some(level),
            first_level,
            word: None,
        }
    }

    #[test]
    fn names_the_broken_restriction() {
        let error = at(
            RankingError::UnequalRanksShareLevel {
                first: card("1s"),
                second: card("2s"),
            },
            1,
            None,
        );
        assert_eq!(
            error.message(Lang::En),
            "level 1: the ace of swords and the 2 of swords have different ranks and cannot \
             be equal (restriction 1: cards of different default ranks cannot share a level)"
        );
        assert!(
            error
                .message(Lang::It)
                .starts_with("livello 1: l'asso di spade e il due di spade")
        );

        let error = at(RankingError::CardMissing { card: card("Rd") }, 13, None);
        says_in_both(&error, "restriction 2", "regola 2");
        says_in_both(
            &error,
            "the king of coins is missing",
            "manca il re di denari",
        );

        let error = at(RankingError::CardRepeated { card: card("7d") }, 8, Some(3));
        assert_eq!(
            error.message(Lang::En),
            "level 8: the 7 of coins appears more than once (restriction 2: one linear list \
             with each card exactly once) (already in level 3)"
        );
    }
}
