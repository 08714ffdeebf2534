//! Why a Madrasso entry cannot happen: every variant says what was expected and what
//! was found, and where (game, deal, trick, card).

use std::fmt;

use serde::Serialize;

use crate::lang::{Lang, Msg, Written};
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team};
use crate::rules::words::{card_name, match_over, seat, team, team_msg};

/// Where a deal stands: the game (1-based) and the deal (battuta) inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub game: u32,
    pub deal: u32,
}

impl Deal {
    fn describe(self, lang: Lang) -> String {
        match lang.written() {
            Written::It => format!("Partita {}, battuta {}", self.game, self.deal),
            Written::En => format!("Game {}, deal {}", self.game, self.deal),
        }
    }
}

pub use crate::rules::trick::LeadReason;

/// A Madrasso entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// Cappotto, cassone and declaration are three different ends; one at most.
    SpecialEndsConflict { deal: Deal },
    /// `team` and `points` are recorded together.
    TeamAndPointsGoTogether { deal: Deal },
    /// An outcome-only deal needs a team's points or a special end.
    PointsMissing { deal: Deal },
    /// A declaration by outcome needs the declaring team's points in the deal.
    DeclarationPointsMissing { deal: Deal, seat: Seat },
    /// The recorded team is not the declarer's.
    DeclarerTeamMismatch {
        deal: Deal,
        seat: Seat,
        recorded: Team,
    },
    /// No deal can give a team these points (1, 129, more than 130).
    PointsImpossible { deal: Deal, points: u32 },
    /// The points recorded are not what the deal scores.
    PointsContradict {
        deal: Deal,
        team: Team,
        recorded: u32,
        actual: i32,
    },
    /// A recorded cappotto the cards do not show.
    CappottoContradictsCards {
        deal: Deal,
        recorded: Team,
        tricks: [u8; 2],
    },
    /// No declaration before the minimum number of deals has been played.
    DeclarationTooEarly {
        deal: Deal,
        seat: Seat,
        min_deals: u32,
    },
    /// The declarer must be the seat that just won the last recorded trick.
    DeclarerDidNotWinTrick {
        deal: Deal,
        seat: Seat,
        trick: u8,
        winner: Seat,
        card: Card,
    },
    /// The exchange of the 7 of trumps is only recorded with the cards.
    ExchangeWithoutCards { deal: Deal },
    /// A card-by-card deal needs the face-up card, which fixes trumps.
    FaceUpMissing { deal: Deal },
    /// The dealer cannot exchange with himself.
    ExchangeByDealer { deal: Deal, seat: Seat },
    /// The face-up card is itself the 7 of trumps: there is nothing to exchange.
    ExchangeOfTheSeven { deal: Deal, seat: Seat },
    /// A card outside the 40-card deck (trick 0 means the face-up card).
    NotInDeck { deal: Deal, trick: u8, card: Card },
    /// Ten tricks, or fewer when a cassone or a declaration stopped the play.
    WrongTrickCount {
        deal: Deal,
        found: usize,
        stops_early: bool,
    },
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
    /// A card can be played only once in a deal.
    CardPlayedTwice {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
    },
    /// The face-up card belongs to the dealer's hand.
    FaceUpNotDealers {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        dealer: Seat,
    },
    /// After the exchange the face-up card belongs to the exchanger.
    FaceUpWasExchanged {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        exchanger: Seat,
    },
    /// After the exchange the 7 of trumps belongs to the dealer (from the exchange on).
    SevenWasExchanged {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        exchanger: Seat,
        dealer: Seat,
    },
    /// A cassone card by card must say in which trick it happened.
    CassoneTrickMissing { deal: Deal },
    /// The cassone is placed in a trick the record does not reach.
    CassoneNotReached {
        deal: Deal,
        trick: u8,
        recorded: usize,
    },
    /// The seat of the cassone did follow suit in that trick.
    CassoneFollowedSuit {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// A seat failed to follow suit while holding the suit led. `held_played` is the
    /// trick where the proving card was played later, 0 if it was still in hand.
    Revoke {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        led: Card,
        held: Card,
        held_played: u8,
    },
    /// Under the must-trump option: a seat unable to follow played no trump while
    /// holding one.
    MustTrump {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        led: Card,
        held: Card,
        held_played: u8,
    },
}

fn where_held(card: Card, played: u8, lang: Lang) -> String {
    match (played, lang.written()) {
        (0, Written::It) => format!("{} gli restava in mano", card_name(card, lang)),
        (0, Written::En) => format!("{} was still in that hand", card_name(card, lang)),
        (trick, Written::It) => format!(
            "aveva {}, giocato poi nella presa {trick}",
            card_name(card, lang)
        ),
        (trick, Written::En) => format!(
            "it held {}, played later in trick {trick}",
            card_name(card, lang)
        ),
    }
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
        let card = |card: &Card| card_name(*card, lang);
        let seat = |s: &Seat| seat(*s, lang);
        let team = |t: &Team| team(*t, lang);
        match self {
            MatchOver { winner, games_won } => {
                let [a, b] = games_won;
                if it {
                    format!(
                        "L'incontro è finito: ha vinto {} ({a} partite a {b}); non si registra altro.",
                        team(winner)
                    )
                } else {
                    format!(
                        "The match is over: {} won ({a} games to {b}); nothing more can be recorded.",
                        team(winner)
                    )
                }
            }
            SpecialEndsConflict { deal } => {
                if it {
                    format!(
                        "{}: cappotto, cassone e chiamata fuori sono finali diversi; se ne registra al più uno.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: cappotto, cassone and declaring out are different ends; record one at most.",
                        at(deal)
                    )
                }
            }
            TeamAndPointsGoTogether { deal } => {
                if it {
                    format!(
                        "{}: la squadra e i suoi punti si registrano insieme.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the team and its points are recorded together.",
                        at(deal)
                    )
                }
            }
            PointsMissing { deal } => {
                if it {
                    format!(
                        "{}: mancano i punti di una squadra (oppure cappotto, cassone o chiamata fuori).",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: one team's points are missing (or a cappotto, cassone or declaration).",
                        at(deal)
                    )
                }
            }
            DeclarationPointsMissing { deal, seat: by } => {
                if it {
                    format!(
                        "{}: {} si è chiamato fuori, ma mancano i punti fatti finora dalla sua squadra in questa battuta.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: {} declared out, but the points the team had taken so far in this deal are missing.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            DeclarerTeamMismatch {
                deal,
                seat: by,
                recorded,
            } => {
                if it {
                    format!(
                        "{}: si è chiamato fuori {}, che è della {}, ma i punti sono registrati per {}.",
                        at(deal),
                        seat(by),
                        team(&by.team()),
                        team(recorded)
                    )
                } else {
                    format!(
                        "{}: {} declared out, who plays for {}, but the points are recorded for {}.",
                        at(deal),
                        seat(by),
                        team(&by.team()),
                        team(recorded)
                    )
                }
            }
            PointsImpossible { deal, points } => {
                if it {
                    format!(
                        "{}: nessuna battuta dà {points} punti a una squadra (si va da 0 a 130, e 1 e 129 non si possono fare).",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: no deal gives a team {points} points (the range is 0 to 130, and 1 and 129 cannot be made).",
                        at(deal)
                    )
                }
            }
            PointsContradict {
                deal,
                team: t,
                recorded,
                actual,
            } => {
                if it {
                    format!(
                        "{}: registrati {recorded} punti per {}, ma la battuta gliene dà {actual}.",
                        at(deal),
                        team(t)
                    )
                } else {
                    format!(
                        "{}: {recorded} points recorded for {}, but the deal gives it {actual}.",
                        at(deal),
                        team(t)
                    )
                }
            }
            CappottoContradictsCards {
                deal,
                recorded,
                tricks,
            } => {
                let [a, b] = tricks;
                if it {
                    format!(
                        "{}: registrato cappotto per {}, ma le prese sono {a} alla squadra A e {b} alla squadra B (servono tutte e dieci).",
                        at(deal),
                        team(recorded)
                    )
                } else {
                    format!(
                        "{}: cappotto recorded for {}, but the tricks are {a} to team A and {b} to team B (all ten are needed).",
                        at(deal),
                        team(recorded)
                    )
                }
            }
            DeclarationTooEarly {
                deal,
                seat: by,
                min_deals,
            } => {
                if it {
                    format!(
                        "{}: {} si è chiamato fuori, ma non ci si può chiamare fuori prima di aver giocato {min_deals} battute.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: {} declared out, but no one may declare before {min_deals} deals have been played.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            DeclarerDidNotWinTrick {
                deal,
                seat: by,
                trick,
                winner,
                card: won_with,
            } => {
                if it {
                    format!(
                        "{}: si chiama fuori solo chi ha appena fatto una presa; {} si è chiamato fuori, ma la presa {trick} l'ha vinta {} con {}.",
                        at(deal),
                        seat(by),
                        seat(winner),
                        card(won_with)
                    )
                } else {
                    format!(
                        "{}: only a player who has just won a trick may declare; {} declared, but trick {trick} was won by {} with {}.",
                        at(deal),
                        seat(by),
                        seat(winner),
                        card(won_with)
                    )
                }
            }
            ExchangeWithoutCards { deal } => {
                if it {
                    format!(
                        "{}: lo scambio del sette di briscola si registra solo con le carte giocate.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the exchange of the 7 of trumps is recorded only with the cards played.",
                        at(deal)
                    )
                }
            }
            FaceUpMissing { deal } => {
                if it {
                    format!(
                        "{}: battuta registrata carta per carta, ma manca la carta scoperta del mazziere che fa briscola.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: deal recorded card by card, but the dealer's face-up card, which makes trumps, is missing.",
                        at(deal)
                    )
                }
            }
            ExchangeByDealer { deal, seat: by } => {
                if it {
                    format!(
                        "{}: lo scambio è registrato per {}, che è il mazziere: la carta scoperta è già sua.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: the exchange is recorded for {}, who is the dealer: the face-up card is already theirs.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            ExchangeOfTheSeven { deal, seat: by } => {
                if it {
                    format!(
                        "{}: lo scambio è registrato per {}, ma la carta scoperta è proprio il sette di briscola.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: the exchange is recorded for {}, but the face-up card is the 7 of trumps itself.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            NotInDeck {
                deal,
                trick,
                card: found,
            } => {
                let place = match (trick, it) {
                    (0, true) => "come carta scoperta".to_string(),
                    (0, false) => "as the face-up card".to_string(),
                    (trick, true) => format!("nella presa {trick}"),
                    (trick, false) => format!("in trick {trick}"),
                };
                if it {
                    format!(
                        "{}: {} {place} non è nel mazzo da 40 carte (niente 8, 9 e 10).",
                        at(deal),
                        card(found)
                    )
                } else {
                    format!(
                        "{}: {} {place} is not in the 40-card deck (no 8s, 9s or 10s).",
                        at(deal),
                        card(found)
                    )
                }
            }
            WrongTrickCount {
                deal,
                found,
                stops_early,
            } => match (stops_early, it) {
                (false, true) => {
                    format!("{}: una battuta ha 10 prese, registrate {found}.", at(deal))
                }
                (false, false) => format!("{}: a deal has 10 tricks, found {found}.", at(deal)),
                (true, true) => format!(
                    "{}: dopo un cassone o una chiamata fuori si registrano da 1 a 10 prese, registrate {found}.",
                    at(deal)
                ),
                (true, false) => format!(
                    "{}: after a cassone or a declaration 1 to 10 tricks are recorded, found {found}.",
                    at(deal)
                ),
            },
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
            CardPlayedTwice {
                deal,
                trick,
                seat: by,
                card: found,
                first_trick,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma era già uscito nella presa {first_trick}.",
                        at(deal),
                        seat(by),
                        card(found)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but it was already played in trick {first_trick}.",
                        at(deal),
                        seat(by),
                        card(found)
                    )
                }
            }
            FaceUpNotDealers {
                deal,
                trick,
                seat: by,
                card: found,
                dealer,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma è la carta scoperta del mazziere ({}) e non c'è stato scambio.",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(dealer)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but it is the face-up card of the dealer ({}) and there was no exchange.",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(dealer)
                    )
                }
            }
            FaceUpWasExchanged {
                deal,
                trick,
                seat: by,
                card: found,
                exchanger,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma la carta scoperta l'ha presa {} con lo scambio.",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(exchanger)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but the face-up card was taken by {} in the exchange.",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(exchanger)
                    )
                }
            }
            SevenWasExchanged {
                deal,
                trick,
                seat: by,
                card: found,
                exchanger,
                dealer,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma {} l'ha scambiato con la carta scoperta e da quel momento è del mazziere ({}).",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(exchanger),
                        seat(dealer)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but {} exchanged it for the face-up card and from then on it belongs to the dealer ({}).",
                        at(deal),
                        seat(by),
                        card(found),
                        seat(exchanger),
                        seat(dealer)
                    )
                }
            }
            CassoneTrickMissing { deal } => {
                if it {
                    format!(
                        "{}: in una battuta registrata carta per carta il cassone deve dire in quale presa è avvenuto.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: in a deal recorded card by card the cassone must say in which trick it happened.",
                        at(deal)
                    )
                }
            }
            CassoneNotReached {
                deal,
                trick,
                recorded,
            } => {
                if it {
                    format!(
                        "{}: il cassone è nella presa {trick}, ma sono registrate {recorded} prese.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the cassone is placed in trick {trick}, but {recorded} trick(s) are recorded.",
                        at(deal)
                    )
                }
            }
            CassoneFollowedSuit {
                deal,
                trick,
                seat: by,
                card: found,
            } => {
                if it {
                    format!(
                        "{}: cassone registrato per {} nella presa {trick}, ma ha risposto al seme con {}.",
                        at(deal),
                        seat(by),
                        card(found)
                    )
                } else {
                    format!(
                        "{}: cassone recorded for {} in trick {trick}, but that seat followed suit with {}.",
                        at(deal),
                        seat(by),
                        card(found)
                    )
                }
            }
            Revoke {
                deal,
                trick,
                seat: by,
                card: found,
                led,
                held,
                held_played,
            } => {
                if it {
                    format!(
                        "{}: nella presa {trick} {} ha giocato {} su {} senza rispondere al seme, ma {}: è cassone e va registrato come tale.",
                        at(deal),
                        seat(by),
                        card(found),
                        card(led),
                        where_held(*held, *held_played, lang)
                    )
                } else {
                    format!(
                        "{}: in trick {trick} {} played {} to {} without following suit, but {}: that is a cassone and must be recorded as one.",
                        at(deal),
                        seat(by),
                        card(found),
                        card(led),
                        where_held(*held, *held_played, lang)
                    )
                }
            }
            MustTrump {
                deal,
                trick,
                seat: by,
                card: found,
                led,
                held,
                held_played,
            } => {
                if it {
                    format!(
                        "{}: nella presa {trick} {} non aveva il seme di {} e doveva giocare briscola, ma ha giocato {} e {}: è cassone e va registrato come tale.",
                        at(deal),
                        seat(by),
                        card(led),
                        card(found),
                        where_held(*held, *held_played, lang)
                    )
                } else {
                    format!(
                        "{}: in trick {trick} {} could not follow {} and had to trump, but played {} and {}: that is a cassone and must be recorded as one.",
                        at(deal),
                        seat(by),
                        card(led),
                        card(found),
                        where_held(*held, *held_played, lang)
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
