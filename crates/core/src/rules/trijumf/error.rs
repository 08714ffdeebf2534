//! Why a Trijumf entry cannot happen: every variant says what was expected and what
//! was found, and where (deal, trick, seat, card).

use std::fmt;

use serde::Serialize;

use super::Cut;
use crate::lang::{Lang, Msg, Written};
use crate::rules::card::{Card, Suit};
use crate::rules::game::{Message, Seat, Team};
use crate::rules::words::{card_name, match_over, seat, side_msg};

/// Why a seat had to lead a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LeadReason {
    /// The first trick is led by the dealer's left.
    DealersLeft { dealer: Seat },
    /// Later tricks are led by whoever won the one before.
    WonPrevious { trick: u8, seat: Seat, card: Card },
}

/// A Trijumf entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    /// The match is decided; nothing more can be recorded.
    MatchOver { winner: Team, games_won: [u32; 2] },
    /// Trijumf is played by 2 or 4.
    PlayersNotSupported { players: u8 },
    /// A seat that is not at the table (seats 2 and 3 with two players).
    SeatNotInGame { deal: u32, seat: Seat, players: u8 },
    /// Every cut but a four-player knock turns a trump card.
    TrumpCardMissing { deal: u32, cut: Cut },
    /// A four-player knock has no trump card.
    TrumpCardAfterKnock { deal: u32, card: Card },
    /// Trijumf uses the 40-card deck: no 8, 9 or 10.
    CardNotInDeck {
        deal: u32,
        trick: Option<u8>,
        card: Card,
    },
    /// Only one king and one horse of a suit exist.
    SuitDeclaredTwice { deal: u32, suit: Suit },
    /// With two players one declaration per player.
    SecondDeclaration { deal: u32, seat: Seat },
    /// The trump card is under the stock (two players) or in the dealer's left's hand.
    DeclaredTrumpCard {
        deal: u32,
        seat: Seat,
        card: Card,
        holder: Option<Seat>,
    },
    /// A declaration is worth 40 in trumps, 20 otherwise.
    DeclarationPoints {
        deal: u32,
        seat: Seat,
        suit: Suit,
        recorded: u32,
        expected: u32,
    },
    /// Declarations are listed in the order of the first trick.
    DeclarationOrder { deal: u32, seat: Seat },
    /// The play ended before the declarer's turn in the first trick.
    DeclarationAfterPlayEnded { deal: u32, seat: Seat },
    /// A declared king or horse was played by someone else.
    DeclaredCardPlayedByOther {
        deal: u32,
        seat: Seat,
        card: Card,
        by: Seat,
        trick: u8,
    },
    /// A declared card was drawn from the stock, after the declaration.
    DeclaredCardDrawn { deal: u32, seat: Seat, card: Card },
    /// A whole deal was recorded and the declared card never appears.
    DeclaredCardNotPlayed { deal: u32, seat: Seat, card: Card },
    /// A deal by outcome needs the card points of both sides.
    PointsMissing { deal: u32 },
    /// A deal's card points add up to 120 and the last trick.
    PointsNotConserved {
        deal: u32,
        points: [u32; 2],
        expected: u32,
    },
    /// At a claim no more than the whole deal can have been won.
    PointsTooMany {
        deal: u32,
        points: [u32; 2],
        most: u32,
    },
    /// After a revoke the points are the award, not counted.
    PointsWithRevoke { deal: u32 },
    /// The recorded points are not what the cards give.
    PointsContradictCards {
        deal: u32,
        recorded: [u32; 2],
        actual: [u32; 2],
    },
    /// The stock is recorded with the cards only.
    StockWithoutTricks { deal: u32 },
    /// There is no stock with four players.
    StockWithFourPlayers { deal: u32 },
    /// The stock holds 19 face-down cards.
    StockSize {
        deal: u32,
        found: usize,
        expected: usize,
    },
    /// A card twice in the stock, or the trump card in it.
    StockCardTwice { deal: u32, card: Card },
    /// A played-out deal has all its tricks.
    WrongTrickCount {
        deal: u32,
        found: usize,
        expected: usize,
    },
    TooManyTricks {
        deal: u32,
        found: usize,
        most: usize,
    },
    /// A trick has one card from every player.
    WrongTrickSize {
        deal: u32,
        trick: u8,
        found: usize,
        expected: usize,
    },
    WrongLeader {
        deal: u32,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: LeadReason,
    },
    CardAlreadyPlayed {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
        first_seat: Seat,
    },
    /// With four players the trump card belongs to the dealer's left.
    TrumpCardPlayedByOther {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        holder: Seat,
    },
    /// The card was drawn from the stock by the other player.
    CardDrawnByOther {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        drawn_by: Seat,
        drawn_after: u8,
    },
    /// The card was still in the stock (or was the trump card not yet drawn).
    CardNotYetDrawn {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    /// A breach the record does not declare: the seat held `held` (it played it in
    /// `held_trick`) and did not follow suit or trump.
    Revoke {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        held: Card,
        held_trick: u8,
        led: Suit,
        trump: Option<Suit>,
    },
    /// A claim and a revoke cannot end the same deal.
    ClaimWithRevoke { deal: u32 },
    /// The recorded verdict of a claim is not what the points give.
    ClaimVerdict {
        deal: u32,
        seat: Seat,
        recorded: bool,
        total: u32,
        target: u32,
    },
    /// Card by card a revoke says in which trick it happened.
    RevokeTrickMissing { deal: u32 },
    /// Play ends at the revoke: it is the last card recorded.
    RevokeNotLast {
        deal: u32,
        trick: u8,
        recorded: usize,
    },
    /// The last card recorded was not the named offender's.
    RevokeWrongSeat {
        deal: u32,
        trick: u8,
        recorded: Seat,
        actual: Seat,
    },
    /// The card said to be held was played earlier.
    RevokeHeldCardPlayed {
        deal: u32,
        held: Card,
        trick: u8,
        seat: Seat,
    },
    /// The offending card was legal (it followed suit, was led, or trumped when the
    /// held card was only a trump).
    RevokeNotShown {
        deal: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        held: Option<Card>,
        led: Suit,
        trump: Option<Suit>,
    },
}

fn suit_name(suit: Suit, lang: Lang) -> &'static str {
    lang.pick(suit.italian_name(), suit.english_name())
}

fn team(team: Team, lang: Lang) -> String {
    match lang.written() {
        Written::It => format!("la parte {team}"),
        Written::En => format!("side {team}"),
    }
}

fn cut_name(cut: Cut, lang: Lang) -> &'static str {
    match cut {
        Cut::Normal => lang.pick("il taglio normale", "a normal cut"),
        Cut::Knock => lang.pick("il bussare sul mazzo", "a knock"),
        Cut::Flip => lang.pick("la carta girata", "a flip"),
    }
}

fn trumps(trump: Option<Suit>, lang: Lang) -> String {
    match (trump, lang.written()) {
        (Some(suit), Written::It) => format!("briscola {}", suit.italian_name()),
        (Some(suit), Written::En) => format!("trumps {}", suit.english_name()),
        (None, Written::It) => "senza briscola".to_string(),
        (None, Written::En) => "no trumps".to_string(),
    }
}

impl Message for RuleError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            RuleError::MatchOver { winner, games_won } => match_over(side_msg(*winner), *games_won),
            _ => Msg::text(self.message(lang)),
        }
    }
}

impl RuleError {
    /// The message in the given language (its words are not in the Fluent files yet).
    pub fn message(&self, lang: Lang) -> String {
        use RuleError::*;
        let it = lang == Lang::It;
        let l = |italian: String, english: String| if it { italian } else { english };
        let at = |deal: &u32| l(format!("Mano {deal}"), format!("Deal {deal}"));
        let s = |x: &Seat| seat(*x, lang);
        let c = |x: &Card| card_name(*x, lang);
        match self {
            MatchOver { winner, games_won } => {
                let [a, b] = games_won;
                l(
                    format!(
                        "L'incontro è finito: ha vinto {} ({a} partite a {b}); non si registra altro.",
                        team(*winner, lang)
                    ),
                    format!(
                        "The match is over: {} won ({a} games to {b}); nothing more can be recorded.",
                        team(*winner, lang)
                    ),
                )
            }
            PlayersNotSupported { players } => l(
                format!("Il trijumf si gioca in 2 o in 4, non in {players}."),
                format!("Trijumf is played by 2 or 4 players, not {players}."),
            ),
            SeatNotInGame {
                deal,
                seat: x,
                players,
            } => l(
                format!(
                    "{}: in {players} giocatori {} non esiste (posti da 0 a {}).",
                    at(deal),
                    s(x),
                    players - 1
                ),
                format!(
                    "{}: with {players} players {} does not exist (seats 0 to {}).",
                    at(deal),
                    s(x),
                    players - 1
                ),
            ),
            TrumpCardMissing { deal, cut } => l(
                format!(
                    "{}: con {} si scopre la carta di briscola, ma non è registrata.",
                    at(deal),
                    cut_name(*cut, lang)
                ),
                format!(
                    "{}: after {} a trump card is turned up, but none is recorded.",
                    at(deal),
                    cut_name(*cut, lang)
                ),
            ),
            TrumpCardAfterKnock { deal, card } => l(
                format!(
                    "{}: in quattro, dopo il bussare non si scopre briscola, ma è registrato {}.",
                    at(deal),
                    c(card)
                ),
                format!(
                    "{}: with four players a knock turns up no trump card, but {} is recorded.",
                    at(deal),
                    c(card)
                ),
            ),
            CardNotInDeck { deal, trick, card } => {
                let where_it = match (trick, it) {
                    (Some(trick), true) => format!(" nella presa {trick}"),
                    (Some(trick), false) => format!(" in trick {trick}"),
                    (None, _) => String::new(),
                };
                l(
                    format!(
                        "{}: {}{where_it} non è nel mazzo da 40 (niente 8, 9 e 10).",
                        at(deal),
                        c(card)
                    ),
                    format!(
                        "{}: {}{where_it} is not in the 40-card deck (no 8, 9 or 10).",
                        at(deal),
                        c(card)
                    ),
                )
            }
            SuitDeclaredTwice { deal, suit } => l(
                format!(
                    "{}: re e cavallo di {} accusati due volte.",
                    at(deal),
                    suit_name(*suit, lang)
                ),
                format!(
                    "{}: king and horse of {} declared twice.",
                    at(deal),
                    suit_name(*suit, lang)
                ),
            ),
            SecondDeclaration { deal, seat: x } => l(
                format!(
                    "{}: in due ognuno accusa una sola coppia re-cavallo, ma {} ne accusa un'altra.",
                    at(deal),
                    s(x)
                ),
                format!(
                    "{}: with two players each declares one king-horse pair only, but {} declares another.",
                    at(deal),
                    s(x)
                ),
            ),
            DeclaredTrumpCard {
                deal,
                seat: x,
                card,
                holder,
            } => match holder {
                Some(holder) => l(
                    format!(
                        "{}: {} accusa con {}, ma la carta di briscola la tiene {}.",
                        at(deal),
                        s(x),
                        c(card),
                        s(holder)
                    ),
                    format!(
                        "{}: {} declares with {}, but the trump card is held by {}.",
                        at(deal),
                        s(x),
                        c(card),
                        s(holder)
                    ),
                ),
                None => l(
                    format!(
                        "{}: {} accusa con {}, ma è la carta di briscola sotto il tallone.",
                        at(deal),
                        s(x),
                        c(card)
                    ),
                    format!(
                        "{}: {} declares with {}, but it is the trump card under the stock.",
                        at(deal),
                        s(x),
                        c(card)
                    ),
                ),
            },
            DeclarationPoints {
                deal,
                seat: x,
                suit,
                recorded,
                expected,
            } => l(
                format!(
                    "{}: re e cavallo di {} accusati da {} valgono {expected}, ma ne sono registrati {recorded}.",
                    at(deal),
                    suit_name(*suit, lang),
                    s(x)
                ),
                format!(
                    "{}: king and horse of {} declared by {} are worth {expected}, but {recorded} were recorded.",
                    at(deal),
                    suit_name(*suit, lang),
                    s(x)
                ),
            ),
            DeclarationOrder { deal, seat: x } => l(
                format!(
                    "{}: le accuse vanno nell'ordine della prima presa, ma quella di {} segue l'accusa di chi gioca dopo.",
                    at(deal),
                    s(x)
                ),
                format!(
                    "{}: declarations follow the order of the first trick, but {}'s comes after that of a later player.",
                    at(deal),
                    s(x)
                ),
            ),
            DeclarationAfterPlayEnded { deal, seat: x } => l(
                format!(
                    "{}: {} accusa, ma il gioco è finito prima del suo turno nella prima presa.",
                    at(deal),
                    s(x)
                ),
                format!(
                    "{}: {} declares, but play ended before their turn in the first trick.",
                    at(deal),
                    s(x)
                ),
            ),
            DeclaredCardPlayedByOther {
                deal,
                seat: x,
                card,
                by,
                trick,
            } => l(
                format!(
                    "{}: {} ha accusato {}, ma lo gioca {} nella presa {trick}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(by)
                ),
                format!(
                    "{}: {} declared {}, but {} plays it in trick {trick}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(by)
                ),
            ),
            DeclaredCardDrawn {
                deal,
                seat: x,
                card,
            } => l(
                format!(
                    "{}: {} ha accusato {}, ma l'ha pescato dal tallone dopo la prima presa.",
                    at(deal),
                    s(x),
                    c(card)
                ),
                format!(
                    "{}: {} declared {}, but drew it from the stock after the first trick.",
                    at(deal),
                    s(x),
                    c(card)
                ),
            ),
            DeclaredCardNotPlayed {
                deal,
                seat: x,
                card,
            } => l(
                format!(
                    "{}: {} ha accusato {}, ma nella mano intera non lo gioca.",
                    at(deal),
                    s(x),
                    c(card)
                ),
                format!(
                    "{}: {} declared {}, but never plays it in the whole deal.",
                    at(deal),
                    s(x),
                    c(card)
                ),
            ),
            PointsMissing { deal } => l(
                format!("{}: mancano i punti delle carte delle due parti.", at(deal)),
                format!("{}: the card points of both sides are missing.", at(deal)),
            ),
            PointsNotConserved {
                deal,
                points: [a, b],
                expected,
            } => l(
                format!(
                    "{}: i punti di una mano (carte e ultima) sommano a {expected}, ma {a} + {b} = {}.",
                    at(deal),
                    u64::from(*a) + u64::from(*b)
                ),
                format!(
                    "{}: a deal's points (cards and last trick) add up to {expected}, but {a} + {b} = {}.",
                    at(deal),
                    u64::from(*a) + u64::from(*b)
                ),
            ),
            PointsTooMany {
                deal,
                points: [a, b],
                most,
            } => l(
                format!(
                    "{}: alla chiamata non si possono avere più di {most} punti di carte, ma {a} + {b} = {}.",
                    at(deal),
                    u64::from(*a) + u64::from(*b)
                ),
                format!(
                    "{}: at a claim no more than {most} card points can have been taken, but {a} + {b} = {}.",
                    at(deal),
                    u64::from(*a) + u64::from(*b)
                ),
            ),
            PointsWithRevoke { deal } => l(
                format!(
                    "{}: dopo un errore di gioco i punti non si contano: vanno solo quelli del castigo agli avversari.",
                    at(deal)
                ),
                format!(
                    "{}: after a breach of the rules no points are counted: the opponents get the award only.",
                    at(deal)
                ),
            ),
            PointsContradictCards {
                deal,
                recorded: [ra, rb],
                actual: [a, b],
            } => l(
                format!(
                    "{}: registrati {ra}-{rb} punti, ma le carte danno {a}-{b}.",
                    at(deal)
                ),
                format!(
                    "{}: {ra}-{rb} points recorded, but the cards give {a}-{b}.",
                    at(deal)
                ),
            ),
            StockWithoutTricks { deal } => l(
                format!(
                    "{}: il tallone si registra solo con le carte giocate.",
                    at(deal)
                ),
                format!(
                    "{}: the stock is recorded only with the cards played.",
                    at(deal)
                ),
            ),
            StockWithFourPlayers { deal } => l(
                format!("{}: in quattro non c'è tallone.", at(deal)),
                format!("{}: there is no stock with four players.", at(deal)),
            ),
            StockSize {
                deal,
                found,
                expected,
            } => l(
                format!(
                    "{}: il tallone ha {expected} carte coperte, trovate {found}.",
                    at(deal)
                ),
                format!(
                    "{}: the stock holds {expected} face-down cards, found {found}.",
                    at(deal)
                ),
            ),
            StockCardTwice { deal, card } => l(
                format!(
                    "{}: {} compare due volte tra tallone e carta di briscola.",
                    at(deal),
                    c(card)
                ),
                format!(
                    "{}: {} appears twice in the stock and trump card.",
                    at(deal),
                    c(card)
                ),
            ),
            WrongTrickCount {
                deal,
                found,
                expected,
            } => l(
                format!(
                    "{}: una mano giocata fino in fondo ha {expected} prese, trovate {found} (senza chiamata né errore di gioco).",
                    at(deal)
                ),
                format!(
                    "{}: a deal played out has {expected} tricks, found {found} (with no claim or breach).",
                    at(deal)
                ),
            ),
            TooManyTricks { deal, found, most } => l(
                format!(
                    "{}: una mano ha al più {most} prese, trovate {found}.",
                    at(deal)
                ),
                format!(
                    "{}: a deal has at most {most} tricks, found {found}.",
                    at(deal)
                ),
            ),
            WrongTrickSize {
                deal,
                trick,
                found,
                expected,
            } => l(
                format!(
                    "{}: nella presa {trick} ogni giocatore gioca una carta ({expected} carte), trovate {found}.",
                    at(deal)
                ),
                format!(
                    "{}: in trick {trick} every player plays one card ({expected} cards), found {found}.",
                    at(deal)
                ),
            ),
            WrongLeader {
                deal,
                trick,
                found,
                expected,
                because,
            } => {
                let why = match because {
                    LeadReason::DealersLeft { dealer } => l(
                        format!(
                            "la prima presa la apre {}, alla sinistra del mazziere ({})",
                            s(expected),
                            s(dealer)
                        ),
                        format!(
                            "the first trick is led by {}, on the left of the dealer ({})",
                            s(expected),
                            s(dealer)
                        ),
                    ),
                    LeadReason::WonPrevious {
                        trick,
                        seat: by,
                        card,
                    } => l(
                        format!("la presa {trick} l'ha vinta {} con {}", s(by), c(card)),
                        format!("trick {trick} was won by {} with {}", s(by), c(card)),
                    ),
                };
                l(
                    format!(
                        "{}: {} ha aperto la presa {trick}, ma {why}.",
                        at(deal),
                        s(found)
                    ),
                    format!("{}: {} led trick {trick}, but {why}.", at(deal), s(found)),
                )
            }
            CardAlreadyPlayed {
                deal,
                trick,
                seat: x,
                card,
                first_trick,
                first_seat,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma l'aveva già giocato {} nella presa {first_trick}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(first_seat)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but {} already played it in trick {first_trick}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(first_seat)
                ),
            ),
            TrumpCardPlayedByOther {
                deal,
                trick,
                seat: x,
                card,
                holder,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma è la carta di briscola e la tiene {}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(holder)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but it is the trump card, held by {}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(holder)
                ),
            ),
            CardDrawnByOther {
                deal,
                trick,
                seat: x,
                card,
                drawn_by,
                drawn_after,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma dopo la presa {drawn_after} l'ha pescato {}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(drawn_by)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but {} drew it after trick {drawn_after}.",
                    at(deal),
                    s(x),
                    c(card),
                    s(drawn_by)
                ),
            ),
            CardNotYetDrawn {
                deal,
                trick,
                seat: x,
                card,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma a quel punto era ancora nel tallone.",
                    at(deal),
                    s(x),
                    c(card)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but it was still in the stock then.",
                    at(deal),
                    s(x),
                    c(card)
                ),
            ),
            Revoke {
                deal,
                trick,
                seat: x,
                card,
                held,
                held_trick,
                led,
                trump,
            } => {
                let duty = if held.suit == *led {
                    l(
                        format!("rispondere a {}", suit_name(*led, lang)),
                        format!("follow suit in {}", suit_name(*led, lang)),
                    )
                } else {
                    l("giocare briscola".to_string(), "play a trump".to_string())
                };
                l(
                    format!(
                        "{}: {} ha giocato {} nella presa {trick} ({}), ma aveva {} (giocato nella presa {held_trick}) e doveva {duty}: è un errore di gioco da registrare come tale.",
                        at(deal),
                        s(x),
                        c(card),
                        trumps(*trump, lang),
                        c(held)
                    ),
                    format!(
                        "{}: {} played {} in trick {trick} ({}), but held {} (played in trick {held_trick}) and had to {duty}: a breach to be recorded as such.",
                        at(deal),
                        s(x),
                        c(card),
                        trumps(*trump, lang),
                        c(held)
                    ),
                )
            }
            ClaimWithRevoke { deal } => l(
                format!(
                    "{}: una mano finisce per chiamata o per errore di gioco, non per entrambi.",
                    at(deal)
                ),
                format!(
                    "{}: a deal ends by a claim or by a breach, not both.",
                    at(deal)
                ),
            ),
            ClaimVerdict {
                deal,
                seat: x,
                recorded,
                total,
                target,
            } => {
                let (said_it, said_en) = if *recorded {
                    ("giusta", "correct")
                } else {
                    ("sbagliata", "wrong")
                };
                l(
                    format!(
                        "{}: la chiamata di {} è registrata come {said_it}, ma la sua parte conta {total} punti su {target}.",
                        at(deal),
                        s(x)
                    ),
                    format!(
                        "{}: the claim by {} is recorded as {said_en}, but their side counts {total} points of {target}.",
                        at(deal),
                        s(x)
                    ),
                )
            }
            RevokeTrickMissing { deal } => l(
                format!(
                    "{}: registrata carta per carta, l'errore di gioco deve dire in quale presa è avvenuto.",
                    at(deal)
                ),
                format!(
                    "{}: recorded card by card, the breach must say in which trick it happened.",
                    at(deal)
                ),
            ),
            RevokeNotLast {
                deal,
                trick,
                recorded,
            } => l(
                format!(
                    "{}: il gioco finisce all'errore nella presa {trick}, che dev'essere l'ultima registrata, ma le prese registrate sono {recorded}.",
                    at(deal)
                ),
                format!(
                    "{}: play ends at the breach in trick {trick}, which must be the last trick recorded, but {recorded} are recorded.",
                    at(deal)
                ),
            ),
            RevokeWrongSeat {
                deal,
                trick,
                recorded,
                actual,
            } => l(
                format!(
                    "{}: l'errore è attribuito a {}, ma l'ultima carta della presa {trick} l'ha giocata {}.",
                    at(deal),
                    s(recorded),
                    s(actual)
                ),
                format!(
                    "{}: the breach is charged to {}, but the last card of trick {trick} was played by {}.",
                    at(deal),
                    s(recorded),
                    s(actual)
                ),
            ),
            RevokeHeldCardPlayed {
                deal,
                held,
                trick,
                seat: x,
            } => l(
                format!(
                    "{}: l'errore si prova con {}, ma l'aveva già giocato {} nella presa {trick}.",
                    at(deal),
                    c(held),
                    s(x)
                ),
                format!(
                    "{}: the breach is shown by {}, but {} already played it in trick {trick}.",
                    at(deal),
                    c(held),
                    s(x)
                ),
            ),
            RevokeNotShown {
                deal,
                trick,
                seat: x,
                card,
                held,
                led,
                trump,
            } => {
                let with = match held {
                    Some(held) => l(
                        format!(" anche tenendo {}", c(held)),
                        format!(" even holding {}", c(held)),
                    ),
                    None => String::new(),
                };
                l(
                    format!(
                        "{}: {} nella presa {trick} ha giocato {} su {} ({}): una giocata lecita{with}, non un errore.",
                        at(deal),
                        s(x),
                        c(card),
                        suit_name(*led, lang),
                        trumps(*trump, lang)
                    ),
                    format!(
                        "{}: {} played {} in trick {trick} to a lead in {} ({}): a legal play{with}, not a breach.",
                        at(deal),
                        s(x),
                        c(card),
                        suit_name(*led, lang),
                        trumps(*trump, lang)
                    ),
                )
            }
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for RuleError {}
