//! Why a Tressette entry cannot happen: every variant says what was expected and what
//! was found, and where (game, deal, trick, card).

use std::fmt;

use serde::Serialize;

use super::{Declaration, Honour, Sweep};
use crate::lang::{Lang, Msg, Written};
use crate::rules::card::Card;
use crate::rules::game::{Message, Seat, Team};
use crate::rules::words::{card_name, match_over, seat, team, team_msg};

/// Where a deal stands: the game (1-based) and the deal (mano) inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Deal {
    pub game: u32,
    pub deal: u32,
}

impl Deal {
    fn describe(self, lang: Lang) -> String {
        match lang.written() {
            Written::It => format!("Partita {}, mano {}", self.game, self.deal),
            Written::En => format!("Game {}, deal {}", self.game, self.deal),
        }
    }
}

pub use crate::rules::trick::LeadReason;

/// A Tressette entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// A claim stops the play, so the deal cannot also be a sweep.
    SweepAndClaim { deal: Deal },
    /// A team's card points in a deal are 0 to 11.
    PointsOutOfRange { deal: Deal, points: u32 },
    /// An outcome-only deal needs a team's points, a claim or a sweep.
    PointsMissing { deal: Deal },
    /// By outcome, every card point to `team` without a sweep: a team ends a deal
    /// without a whole point only when the other takes every trick (cappotto) or every
    /// card point (stramazzo, the last trick's point not counting), so at most 10.
    ElevenWithoutSweep { deal: Deal, team: Team },
    /// A claim by outcome needs the claiming team's card points so far.
    ClaimPointsMissing { deal: Deal, seat: Seat },
    /// The recorded team is not the claimer's.
    ClaimTeamMismatch {
        deal: Deal,
        seat: Seat,
        recorded: Team,
    },
    /// A sweep names the team that made it.
    SweepTeamMissing { deal: Deal },
    /// The card points recorded are not what the cards give.
    PointsContradict {
        deal: Deal,
        team: Team,
        recorded: u32,
        actual: u32,
    },
    /// The sweep recorded is not what the cards show.
    SweepContradictsCards {
        deal: Deal,
        recorded: Sweep,
        team: Team,
        actual: Option<(Sweep, Team)>,
    },
    /// The same declaration twice.
    DeclarationRepeated {
        deal: Deal,
        declaration: Declaration,
    },
    /// Four and three of the same rank, or two threes, by one player.
    DeclarationsOverlap {
        deal: Deal,
        first: Declaration,
        second: Declaration,
    },
    /// Two players' declarations need the same card.
    CardDeclaredTwice {
        deal: Deal,
        card: Card,
        first: Seat,
        second: Seat,
    },
    /// A player's declarations say it both holds and lacks a card.
    DeclarationsContradict {
        deal: Deal,
        declaration: Declaration,
        card: Card,
    },
    /// More declared cards than a hand holds.
    TooManyDeclaredCards {
        deal: Deal,
        seat: Seat,
        cards: usize,
    },
    /// Declarations are made at the end of the first trick.
    DeclarationsBeforeFirstTrick { deal: Deal },
    /// Ten tricks, or up to ten when a claim stopped the play.
    WrongTrickCount {
        deal: Deal,
        found: usize,
        claimed: bool,
    },
    /// A trick without exactly one card from every seat.
    WrongTrickSize { deal: Deal, trick: u8, found: usize },
    /// A card outside the 40-card deck.
    NotInDeck { deal: Deal, trick: u8, card: Card },
    /// A card can be played only once in a deal.
    CardPlayedTwice {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
    },
    /// The wrong seat led a trick.
    WrongLeader {
        deal: Deal,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: LeadReason,
    },
    /// A declared card was played by another seat: the declarer did not hold it.
    DeclaredCardPlayedByOther {
        deal: Deal,
        declaration: Declaration,
        card: Card,
        by: Seat,
        trick: u8,
    },
    /// The card a three of a kind names as missing was played by the declarer.
    MissingCardHeld {
        deal: Deal,
        declaration: Declaration,
        card: Card,
        trick: u8,
    },
    /// A seat failed to follow suit while holding the suit led. `held_played` is the
    /// trick where the proving card was played later, 0 if it was declared but not
    /// played.
    Revoke {
        deal: Deal,
        trick: u8,
        seat: Seat,
        card: Card,
        led: Card,
        held: Card,
        held_played: u8,
    },
}

fn honour_name(honour: Honour, lang: Lang) -> &'static str {
    match (honour, lang.written()) {
        (Honour::Three, Written::It) => "tre",
        (Honour::Two, Written::It) => "due",
        (Honour::Ace, Written::It) => "assi",
        (Honour::Three, Written::En) => "3s",
        (Honour::Two, Written::En) => "2s",
        (Honour::Ace, Written::En) => "aces",
    }
}

/// "the napoletana in cups of seat 2" / "la napoletana di coppe del posto 2".
fn declaration_name(declaration: Declaration, lang: Lang) -> String {
    let by = declaration.seat();
    match (declaration, lang.written()) {
        (Declaration::Four { rank, .. }, Written::It) => {
            format!("i quattro {} del posto {by}", honour_name(rank, lang))
        }
        (Declaration::Four { rank, .. }, Written::En) => {
            format!("seat {by}'s four {}", honour_name(rank, lang))
        }
        (Declaration::Three { rank, missing, .. }, Written::It) => format!(
            "i tre {} del posto {by} (manca {})",
            honour_name(rank, lang),
            missing.italian_name()
        ),
        (Declaration::Three { rank, missing, .. }, Written::En) => format!(
            "seat {by}'s three {} ({} missing)",
            honour_name(rank, lang),
            missing.english_name()
        ),
        (Declaration::Napoletana { suit, .. }, Written::It) => {
            format!("la napoletana di {} del posto {by}", suit.italian_name())
        }
        (Declaration::Napoletana { suit, .. }, Written::En) => {
            format!("seat {by}'s napoletana in {}", suit.english_name())
        }
    }
}

fn sweep_name(sweep: Sweep) -> &'static str {
    match sweep {
        Sweep::Cappotto => "cappotto",
        Sweep::Stramazzo => "stramazzo",
        Sweep::Cappottone => "cappottone",
        Sweep::Stramazzone => "stramazzone",
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
        let declaration = |d: &Declaration| declaration_name(*d, lang);
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
            SweepAndClaim { deal } => {
                if it {
                    format!(
                        "{}: una chiamata ferma il gioco, quindi la mano non può essere anche un cappotto o uno stramazzo.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: a claim stops the play, so the deal cannot also be a cappotto or stramazzo.",
                        at(deal)
                    )
                }
            }
            PointsOutOfRange { deal, points } => {
                if it {
                    format!(
                        "{}: in una mano una squadra fa da 0 a 11 punti di carte, registrati {points}.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: a team takes 0 to 11 card points in a deal, {points} recorded.",
                        at(deal)
                    )
                }
            }
            PointsMissing { deal } => {
                if it {
                    format!(
                        "{}: mancano la squadra e i suoi punti (oppure una chiamata o un cappotto).",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: the team and its points are missing (or a claim or a sweep).",
                        at(deal)
                    )
                }
            }
            ElevenWithoutSweep { deal, team: t } => {
                if it {
                    format!(
                        "{}: 11 a 0 per {} non si fa senza cappotto né stramazzo: una squadra resta senza punti solo se l'altra prende tutte le prese (cappotto) o tutti i punti di carte (stramazzo; l'ultima presa allora non conta). Se è così, indicalo nel campo \"sweep\"; altrimenti all'altra squadra va almeno 1 punto (al più 10 a 1).",
                        at(deal),
                        team(t)
                    )
                } else {
                    format!(
                        "{}: 11 to 0 for {} cannot happen without a sweep: a team ends a deal without a point only when the other takes every trick (cappotto) or every card point (stramazzo; the last trick's point does not count then). If so, record it in the \"sweep\" field; otherwise the other team has at least 1 point (10 to 1 at most).",
                        at(deal),
                        team(t)
                    )
                }
            }
            ClaimPointsMissing { deal, seat: by } => {
                if it {
                    format!(
                        "{}: {} ha chiamato, ma mancano i punti di carte fatti finora dalla sua squadra.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: {} claimed, but the card points the team had taken so far are missing.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            ClaimTeamMismatch {
                deal,
                seat: by,
                recorded,
            } => {
                if it {
                    format!(
                        "{}: ha chiamato {}, della {}, ma i punti sono registrati per {}.",
                        at(deal),
                        seat(by),
                        team(&by.team()),
                        team(recorded)
                    )
                } else {
                    format!(
                        "{}: {} claimed, who plays for {}, but the points are recorded for {}.",
                        at(deal),
                        seat(by),
                        team(&by.team()),
                        team(recorded)
                    )
                }
            }
            SweepTeamMissing { deal } => {
                if it {
                    format!(
                        "{}: manca la squadra che ha fatto cappotto o stramazzo.",
                        at(deal)
                    )
                } else {
                    format!("{}: the team that made the sweep is missing.", at(deal))
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
                        "{}: registrati {recorded} punti di carte per {}, ma le carte gliene danno {actual}.",
                        at(deal),
                        team(t)
                    )
                } else {
                    format!(
                        "{}: {recorded} card points recorded for {}, but the cards give it {actual}.",
                        at(deal),
                        team(t)
                    )
                }
            }
            SweepContradictsCards {
                deal,
                recorded,
                team: t,
                actual,
            } => {
                let shown = match (actual, it) {
                    (None, true) => "nessun cappotto né stramazzo".to_string(),
                    (None, false) => "no sweep at all".to_string(),
                    (Some((sweep, by)), _) => format!("{} {}", sweep_name(*sweep), team(by)),
                };
                if it {
                    format!(
                        "{}: registrato {} per {}, ma le carte mostrano {shown}.",
                        at(deal),
                        sweep_name(*recorded),
                        team(t)
                    )
                } else {
                    format!(
                        "{}: {} recorded for {}, but the cards show {shown}.",
                        at(deal),
                        sweep_name(*recorded),
                        team(t)
                    )
                }
            }
            DeclarationRepeated {
                deal,
                declaration: d,
            } => {
                if it {
                    format!("{}: {} è registrata due volte.", at(deal), declaration(d))
                } else {
                    format!("{}: {} is recorded twice.", at(deal), declaration(d))
                }
            }
            DeclarationsOverlap {
                deal,
                first,
                second,
            } => {
                if it {
                    format!(
                        "{}: {} e {} non possono stare insieme: le carte di un rango si accusano una volta sola.",
                        at(deal),
                        declaration(first),
                        declaration(second)
                    )
                } else {
                    format!(
                        "{}: {} and {} cannot both be declared: the cards of one rank are declared once.",
                        at(deal),
                        declaration(first),
                        declaration(second)
                    )
                }
            }
            CardDeclaredTwice {
                deal,
                card: c,
                first,
                second,
            } => {
                if it {
                    format!(
                        "{}: {} è negli accusi sia di {} sia di {}, ma sta in una mano sola.",
                        at(deal),
                        card(c),
                        seat(first),
                        seat(second)
                    )
                } else {
                    format!(
                        "{}: {} is in the declarations of both {} and {}, but it is in one hand only.",
                        at(deal),
                        card(c),
                        seat(first),
                        seat(second)
                    )
                }
            }
            DeclarationsContradict {
                deal,
                declaration: d,
                card: c,
            } => {
                if it {
                    format!(
                        "{}: secondo {} manca {}, ma un altro suo accuso lo richiede.",
                        at(deal),
                        declaration(d),
                        card(c)
                    )
                } else {
                    format!(
                        "{}: by {} the player lacks {}, but another of that player's declarations needs it.",
                        at(deal),
                        declaration(d),
                        card(c)
                    )
                }
            }
            TooManyDeclaredCards {
                deal,
                seat: by,
                cards,
            } => {
                if it {
                    format!(
                        "{}: gli accusi di {} richiedono {cards} carte, ma una mano ne ha 10.",
                        at(deal),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: the declarations of {} need {cards} cards, but a hand has 10.",
                        at(deal),
                        seat(by)
                    )
                }
            }
            DeclarationsBeforeFirstTrick { deal } => {
                if it {
                    format!(
                        "{}: si accusa alla fine della prima presa, ma la chiamata è venuta prima che fosse giocata.",
                        at(deal)
                    )
                } else {
                    format!(
                        "{}: declarations are made at the end of the first trick, but the claim came before it was played.",
                        at(deal)
                    )
                }
            }
            WrongTrickCount {
                deal,
                found,
                claimed,
            } => match (claimed, it) {
                (false, true) => {
                    format!("{}: una mano ha 10 prese, registrate {found}.", at(deal))
                }
                (false, false) => format!("{}: a deal has 10 tricks, found {found}.", at(deal)),
                (true, true) => format!(
                    "{}: dopo una chiamata si registrano al più 10 prese, registrate {found}.",
                    at(deal)
                ),
                (true, false) => format!(
                    "{}: with a claim at most 10 tricks are recorded, found {found}.",
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
            NotInDeck {
                deal,
                trick,
                card: c,
            } => {
                if it {
                    format!(
                        "{}: {} nella presa {trick} non è nel mazzo da 40 carte (niente 8, 9 e 10).",
                        at(deal),
                        card(c)
                    )
                } else {
                    format!(
                        "{}: {} in trick {trick} is not in the 40-card deck (no 8s, 9s or 10s).",
                        at(deal),
                        card(c)
                    )
                }
            }
            CardPlayedTwice {
                deal,
                trick,
                seat: by,
                card: c,
                first_trick,
            } => {
                if it {
                    format!(
                        "{}: {} ha giocato {} nella presa {trick}, ma era già uscito nella presa {first_trick}.",
                        at(deal),
                        seat(by),
                        card(c)
                    )
                } else {
                    format!(
                        "{}: {} played {} in trick {trick}, but it was already played in trick {first_trick}.",
                        at(deal),
                        seat(by),
                        card(c)
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
            DeclaredCardPlayedByOther {
                deal,
                declaration: d,
                card: c,
                by,
                trick,
            } => {
                if it {
                    format!(
                        "{}: {} richiede {}, ma l'ha giocato {} nella presa {trick}.",
                        at(deal),
                        declaration(d),
                        card(c),
                        seat(by)
                    )
                } else {
                    format!(
                        "{}: {} needs {}, but {} played it in trick {trick}.",
                        at(deal),
                        declaration(d),
                        card(c),
                        seat(by)
                    )
                }
            }
            MissingCardHeld {
                deal,
                declaration: d,
                card: c,
                trick,
            } => {
                if it {
                    format!(
                        "{}: secondo {} manca {}, ma l'ha giocato lui stesso nella presa {trick}.",
                        at(deal),
                        declaration(d),
                        card(c)
                    )
                } else {
                    format!(
                        "{}: by {} the player lacks {}, but played it in trick {trick}.",
                        at(deal),
                        declaration(d),
                        card(c)
                    )
                }
            }
            Revoke {
                deal,
                trick,
                seat: by,
                card: c,
                led,
                held,
                held_played,
            } => {
                let proof = match (held_played, it) {
                    (0, true) => format!("aveva accusato {}", card(held)),
                    (0, false) => format!("it had declared {}", card(held)),
                    (later, true) => {
                        format!("aveva {}, giocato poi nella presa {later}", card(held))
                    }
                    (later, false) => {
                        format!("it held {}, played later in trick {later}", card(held))
                    }
                };
                if it {
                    format!(
                        "{}: nella presa {trick} {} ha giocato {} su {} senza rispondere al seme, ma {proof}.",
                        at(deal),
                        seat(by),
                        card(c),
                        card(led)
                    )
                } else {
                    format!(
                        "{}: in trick {trick} {} played {} to {} without following suit, but {proof}.",
                        at(deal),
                        seat(by),
                        card(c),
                        card(led)
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
