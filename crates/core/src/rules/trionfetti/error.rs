//! Why a Trionfetti entry cannot happen: every variant says what was expected and
//! what was found, and where (smazzata, hand, trick, card).

use std::fmt;

use serde::Serialize;

use crate::lang::{Lang, Msg, Written};
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team};
use crate::rules::words::{card_name, match_over, seat, team, team_msg};

/// Where a hand stands: the smazzata (1-based, counted over the whole match) and the
/// hand inside it (1 to 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub smazzata: u32,
    pub hand: u8,
}

impl Deal {
    fn describe(self, lang: Lang) -> String {
        match lang.written() {
            Written::It => format!("Smazzata {}, mano {}", self.smazzata, self.hand),
            Written::En => format!("Smazzata {}, hand {}", self.smazzata, self.hand),
        }
    }
}

pub use crate::rules::trick::LeadReason;

/// A Trionfetti entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// The comanda and cut card come before the first hand of a smazzata.
    SetupAfterHands { deal: Deal },
    /// The smazzata's comanda and cut card were already recorded.
    SetupTwice { smazzata: u32 },
    /// A hand recorded card by card needs the smazzata's comanda and cut card first.
    CardsWithoutSetup { deal: Deal },
    /// An outcome-only hand must say which team won it.
    WinnerMissing { deal: Deal },
    /// A card-by-card hand with no tricks.
    NoTricks { deal: Deal },
    /// More than three tricks in one hand.
    TooManyTricks { deal: Deal, found: usize },
    /// A trick without exactly one card from every seat.
    WrongTrickSize { deal: Deal, trick: u8, found: usize },
    /// The wrong seat led a trick.
    WrongLeader {
        deal: Deal,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: LeadReason,
    },
    /// The cut card is never dealt.
    CutCardPlayed {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// A card can be played only once in a smazzata.
    CardAlreadyPlayed {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        first_hand: u8,
        first_trick: u8,
    },
    /// The tricks recorded do not decide the hand.
    HandUndecided {
        deal: Deal,
        tricks: usize,
        won: [u8; 2],
    },
    /// The recorded winner is not the team the cards make the winner.
    WinnerContradictsCards {
        deal: Deal,
        recorded: Team,
        actual: Team,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// After a conceded vagaresto the caller's team wins the hand.
    WinnerContradictsConcession {
        deal: Deal,
        recorded: Team,
        caller: Seat,
    },
    /// The recorded vagaresto stake is not what the scores make it.
    StakeMismatch {
        deal: Deal,
        recorded: u32,
        expected: u32,
        scores: [u32; 2],
    },
    /// A vagaresto in a card-by-card hand must say in which trick it was called.
    VagarestoTrickMissing { deal: Deal },
    /// Tricks are numbered 1 to 3.
    VagarestoTrickOutOfRange { deal: Deal, trick: u8 },
    /// The vagaresto was called in a trick the record does not reach.
    VagarestoNotReached {
        deal: Deal,
        trick: u8,
        recorded: usize,
    },
    /// The hand was already decided before the trick of the vagaresto.
    VagarestoAfterDecided { deal: Deal, trick: u8, decided: u8 },
    /// The caller must be the seat whose turn it is.
    VagarestoOutOfTurn {
        deal: Deal,
        trick: u8,
        caller: Seat,
        expected: Seat,
        played: usize,
    },
    /// After a conceded vagaresto nothing more is played.
    PlayedAfterConcession { deal: Deal, trick: u8 },
}

impl Message for RuleError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            RuleError::MatchOver { winner, games_won } => match_over(team_msg(*winner), *games_won),
            _ => Msg::text(self.message(lang)),
        }
    }

    fn message(&self, lang: Lang) -> String {
        use RuleError::*;
        let it = lang == Lang::It;
        let at = |deal: &Deal| deal.describe(lang);
        match self {
            MatchOver { winner, games_won } => {
                let [a, b] = games_won;
                if it {
                    format!(
                        "L'incontro è finito: ha vinto {} ({a} partite a {b}); non si registra altro.",
                        team(*winner, lang)
                    )
                } else {
                    format!(
                        "The match is over: {} won ({a} games to {b}); nothing more can be recorded.",
                        team(*winner, lang)
                    )
                }
            }
            SetupAfterHands { deal } => {
                let played = deal.hand - 1;
                if it {
                    format!(
                        "{}: la comanda e la carta del taglio vanno registrate prima della prima mano, ma sono già state giocate {played} mani.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the comanda and cut card belong before the first hand, but {played} hand(s) were already played.",
                        at(deal)
                    )
                }
            }
            SetupTwice { smazzata } => {
                if it {
                    format!(
                        "Smazzata {smazzata}: la comanda e il taglio sono già registrati; per correggerli sostituire quella registrazione."
                    )
                } else {
                    format!(
                        "Smazzata {smazzata}: the comanda and cut card are already recorded; replace that entry to correct them."
                    )
                }
            }
            CardsWithoutSetup { deal } => {
                if it {
                    format!(
                        "{}: mano registrata carta per carta, ma mancano la comanda e la carta del taglio della smazzata.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: hand recorded card by card, but the smazzata's comanda and cut card were not recorded.",
                        at(deal)
                    )
                }
            }
            WinnerMissing { deal } => {
                if it {
                    format!("{}: manca la squadra che ha vinto la mano.", at(deal))
                } else {
                    format!("{}: the team that won the hand is missing.", at(deal))
                }
            }
            NoTricks { deal } => {
                if it {
                    format!("{}: nessuna presa registrata.", at(deal))
                } else {
                    format!("{}: no tricks recorded.", at(deal))
                }
            }
            TooManyTricks { deal, found } => {
                if it {
                    format!("{}: una mano ha al più 3 prese, trovate {found}.", at(deal))
                } else {
                    format!("{}: a hand has at most 3 tricks, found {found}.", at(deal))
                }
            }
            WrongTrickSize { deal, trick, found } => {
                if it {
                    format!(
                        "{}: nella presa {trick} ogni posto gioca una carta (4 carte), trovate {found}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: in trick {trick} every seat plays one card (4 cards), found {found}.",
                        at(deal)
                    )
                }
            }
            WrongLeader {
                deal,
                trick,
                found,
                expected,
                because,
            } => crate::rules::words::wrong_leader(
                &at(deal),
                *found,
                *trick,
                *expected,
                *because,
                lang,
            ),
            CutCardPlayed {
                deal,
                trick,
                seat: by,
                card,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma è la carta del taglio e non viene mai data.",
                        at(deal),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but it is the cut card and is never dealt.",
                        at(deal),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                }
            }
            CardAlreadyPlayed {
                deal,
                trick,
                seat: by,
                card,
                first_hand,
                first_trick,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma era già uscito in questa smazzata (mano {first_hand}, presa {first_trick}).",
                        at(deal),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but it was already played in this smazzata (hand {first_hand}, trick {first_trick}).",
                        at(deal),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                }
            }
            HandUndecided { deal, tricks, won } => {
                let [a, b] = won;
                if it {
                    format!(
                        "{}: la mano la vince chi fa due prese, ma le {tricks} prese registrate danno {a} alla squadra A e {b} alla squadra B.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: a hand is won by taking two tricks, but the {tricks} trick(s) recorded give {a} to team A and {b} to team B.",
                        at(deal)
                    )
                }
            }
            WinnerContradictsCards {
                deal,
                recorded,
                actual,
                trick,
                seat: by,
                card,
            } => {
                if it {
                    format!(
                        "{}: registrata come vinta da {}, ma le carte la danno a {}: la seconda presa l'ha fatta alla presa {trick} {} con {}.",
                        at(deal),
                        team(*recorded, lang),
                        team(*actual, lang),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                } else {
                    format!(
                        "{}: recorded as won by {}, but the cards give it to {}: their second trick was trick {trick}, taken by {} with {}.",
                        at(deal),
                        team(*recorded, lang),
                        team(*actual, lang),
                        seat(*by, lang),
                        card_name(*card, lang)
                    )
                }
            }
            WinnerContradictsConcession {
                deal,
                recorded,
                caller,
            } => {
                if it {
                    format!(
                        "{}: registrata come vinta da {}, ma il vagaresto di {} non è stato accettato e la mano va a {}.",
                        at(deal),
                        team(*recorded, lang),
                        seat(*caller, lang),
                        team(caller.team(), lang)
                    )
                } else {
                    format!(
                        "{}: recorded as won by {}, but the vagaresto called by {} was conceded, so the hand goes to {}.",
                        at(deal),
                        team(*recorded, lang),
                        seat(*caller, lang),
                        team(caller.team(), lang)
                    )
                }
            }
            StakeMismatch {
                deal,
                recorded,
                expected,
                scores,
            } => {
                let [a, b] = scores;
                if it {
                    format!(
                        "{}: il vagaresto vale {expected} punti (punteggio {a}-{b}), ma ne sono stati registrati {recorded}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the vagaresto is worth {expected} points (score {a}-{b}), but {recorded} were recorded.",
                        at(deal)
                    )
                }
            }
            VagarestoTrickMissing { deal } => {
                if it {
                    format!(
                        "{}: in una mano registrata carta per carta il vagaresto deve dire in quale presa è stato chiamato.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: in a hand recorded card by card the vagaresto must say in which trick it was called.",
                        at(deal)
                    )
                }
            }
            VagarestoTrickOutOfRange { deal, trick } => {
                if it {
                    format!(
                        "{}: le prese vanno da 1 a 3, ma il vagaresto è nella presa {trick}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: tricks are numbered 1 to 3, but the vagaresto is placed in trick {trick}.",
                        at(deal)
                    )
                }
            }
            VagarestoNotReached {
                deal,
                trick,
                recorded,
            } => {
                if it {
                    format!(
                        "{}: il vagaresto è nella presa {trick}, ma sono registrate solo {recorded} prese.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the vagaresto is placed in trick {trick}, but only {recorded} trick(s) are recorded.",
                        at(deal)
                    )
                }
            }
            VagarestoAfterDecided {
                deal,
                trick,
                decided,
            } => {
                if it {
                    format!(
                        "{}: il vagaresto è nella presa {trick}, ma la mano era già decisa alla presa {decided}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the vagaresto is placed in trick {trick}, but the hand was already decided in trick {decided}.",
                        at(deal)
                    )
                }
            }
            VagarestoOutOfTurn {
                deal,
                trick,
                caller,
                expected,
                played,
            } => {
                if it {
                    format!(
                        "{}: il vagaresto si chiama al proprio turno; nella presa {trick}, dopo {played} carte, era il turno del posto {expected}, ma l'ha chiamato il posto {caller}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: a vagaresto is called at one's turn; in trick {trick}, after {played} card(s), it was the turn of {}, but {} called it.",
                        at(deal),
                        seat(*expected, lang),
                        seat(*caller, lang)
                    )
                }
            }
            PlayedAfterConcession { deal, trick } => {
                if it {
                    format!(
                        "{}: dopo un vagaresto non accettato non si gioca più, ma è registrata la presa {trick}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: nothing is played after a conceded vagaresto, but trick {trick} is recorded.",
                        at(deal)
                    )
                }
            }
        }
    }
}

impl RuleError {
    /// The message in the given language (the same as [`Message::message`]).
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for RuleError {}
