//! Why a Vitou entry cannot happen: every variant says what was expected and what was
//! found, and where (round, trick, seat, card).

use std::fmt;

use serde::Serialize;

use super::Bid;
use crate::lang::{Lang, Msg, Written};
use crate::rules::card::{Card, Suit};
use crate::rules::game::{Message, Seat, Team};
use crate::rules::words::{match_over, seat, team, team_msg};

/// Why a seat had to lead a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LeadReason {
    /// The first trick is led by the dealer's left.
    DealersLeft { dealer: Seat },
    /// A won trick: its winner leads.
    WonPrevious { trick: u8, seat: Seat, card: Card },
    /// A tied trick: who led it leads again.
    Tied { trick: u8 },
}

/// A Vitou entry that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum RuleError {
    MatchOver {
        winner: Team,
        games_won: [u32; 2],
    },
    /// Vitou is played by 2 or 4.
    PlayersNotSupported {
        players: u8,
    },
    SeatNotInGame {
        round: u32,
        seat: Seat,
        players: u8,
    },
    /// Only a side on 20 (the other not) may decline to play.
    DeclineNotAllowed {
        round: u32,
        scores: [u32; 2],
    },
    /// Only at 20-20 do the players pass or play.
    AllPassedNotAllowed {
        round: u32,
        scores: [u32; 2],
    },
    /// A declined or passed round has no play, bids or winner.
    PlayWithoutRound {
        round: u32,
    },
    /// No bidding once a side is on 20.
    BiddingClosed {
        round: u32,
        scores: [u32; 2],
    },
    /// Bids go 3, 6, 12, baraque, without jumps.
    BidOutOfOrder {
        round: u32,
        seat: Seat,
        bid: Bid,
        expected: Option<Bid>,
    },
    /// Only the other side may raise.
    RaiseOwnSide {
        round: u32,
        seat: Seat,
        bid: Bid,
        last: Seat,
    },
    RefusalWithoutBid {
        round: u32,
    },
    /// Only the player right after the last raiser may refuse.
    RefusalOutOfTurn {
        round: u32,
        seat: Seat,
        expected: Seat,
        raiser: Seat,
    },
    TiedAndRefused {
        round: u32,
    },
    WinnerContradictsCards {
        round: u32,
        recorded: Team,
        actual: Option<Team>,
    },
    TiedContradictsCards {
        round: u32,
        actual: Team,
    },
    WinnerContradictsRefusal {
        round: u32,
        recorded: Team,
        refuser: Seat,
    },
    WinnerAndTied {
        round: u32,
    },
    WinnerMissing {
        round: u32,
    },
    /// The recorded points are not what the round is worth.
    StakeMismatch {
        round: u32,
        recorded: u32,
        expected: u32,
        bid: Option<Bid>,
        refused: bool,
    },
    NoTricks {
        round: u32,
    },
    TooManyTricks {
        round: u32,
        found: usize,
    },
    /// Card by card, bids and refusals say in which trick they were made.
    CallTrickMissing {
        round: u32,
        seat: Seat,
    },
    /// A refusal ends the round: its trick is the last recorded.
    PlayedAfterRefusal {
        round: u32,
        trick: u8,
        recorded: usize,
    },
    /// The round was already decided.
    TrickAfterDecided {
        round: u32,
        trick: u8,
        winner: Option<Team>,
    },
    WrongLeader {
        round: u32,
        trick: u8,
        found: Seat,
        expected: Seat,
        because: LeadReason,
    },
    WrongTrickSize {
        round: u32,
        trick: u8,
        found: usize,
        expected: usize,
    },
    /// The 32-card deck has 7 to 10, J, Q, K and A.
    CardNotInDeck {
        round: u32,
        trick: u8,
        seat: Seat,
        card: Card,
    },
    CardAlreadyPlayed {
        round: u32,
        trick: u8,
        seat: Seat,
        card: Card,
        first_trick: u8,
        first_seat: Seat,
    },
    /// The bidder's turn in that trick is not in the record.
    BidNotReached {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// The last player to a trick may not bid or raise.
    BidByLast {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// The bids are listed in the order of play.
    BidsOutOfPlayOrder {
        round: u32,
        seat: Seat,
        bid: Bid,
        trick: u8,
    },
    /// A refusal comes right after the raise, before the refuser's card.
    RefusalNotAfterRaise {
        round: u32,
        seat: Seat,
        trick: u8,
    },
    /// The tricks recorded do not decide the round.
    RoundUndecided {
        round: u32,
        results: Vec<Option<Team>>,
    },
}

/// The French name of a card of the 32-card deck: "il dieci di cuori", "the 10 of hearts".
pub(crate) fn card_name(card: Card, lang: Lang) -> String {
    let (suit_it, suit_en) = match card.suit {
        Suit::Spade => ("picche", "spades"),
        Suit::Bastoni => ("fiori", "clubs"),
        Suit::Coppe => ("cuori", "hearts"),
        Suit::Denari => ("quadri", "diamonds"),
    };
    let (rank_it, rank_en) = match card.rank.value() {
        1 => ("l'asso", "ace"),
        7 => ("il sette", "7"),
        8 => ("l'otto", "8"),
        9 => ("il nove", "9"),
        10 => ("il dieci", "10"),
        11 => ("il fante", "jack"),
        12 => ("la donna", "queen"),
        13 => ("il re", "king"),
        _ => ("la carta", "card"),
    };
    match lang.written() {
        Written::It if card.rank.value() < 7 && card.rank.value() > 1 => {
            format!("il {} di {suit_it}", card.rank.italian_name())
        }
        Written::It => format!("{rank_it} di {suit_it}"),
        Written::En if card.rank.value() < 7 && card.rank.value() > 1 => {
            format!("the {} of {suit_en}", card.rank.value())
        }
        Written::En => format!("the {rank_en} of {suit_en}"),
    }
}

fn bid_name(bid: Bid) -> String {
    bid.word()
}

impl Message for RuleError {
    fn msg(&self, lang: Lang) -> Msg {
        match self {
            RuleError::MatchOver { winner, games_won } => match_over(team_msg(*winner), *games_won),
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
        let at = |round: &u32| l(format!("Mano {round}"), format!("Round {round}"));
        let s = |x: &Seat| seat(*x, lang);
        let c = |x: &Card| card_name(*x, lang);
        let t = |x: &Team| team(*x, lang);
        match self {
            MatchOver { winner, games_won } => {
                let [a, b] = games_won;
                l(
                    format!(
                        "L'incontro è finito: ha vinto {} ({a} partite a {b}); non si registra altro.",
                        t(winner)
                    ),
                    format!(
                        "The match is over: {} won ({a} games to {b}); nothing more can be recorded.",
                        t(winner)
                    ),
                )
            }
            PlayersNotSupported { players } => l(
                format!("Il vitou si gioca in 2 o in 4, non in {players}."),
                format!("Vitou is played by 2 or 4 players, not {players}."),
            ),
            SeatNotInGame {
                round,
                seat: x,
                players,
            } => l(
                format!(
                    "{}: in {players} giocatori {} non esiste (posti da 0 a {}).",
                    at(round),
                    s(x),
                    players - 1
                ),
                format!(
                    "{}: with {players} players {} does not exist (seats 0 to {}).",
                    at(round),
                    s(x),
                    players - 1
                ),
            ),
            DeclineNotAllowed {
                round,
                scores: [a, b],
            } => l(
                format!(
                    "{}: rinunciare a giocare può solo la squadra a 20 (l'altra no), ma il punteggio è {a}-{b}.",
                    at(round)
                ),
                format!(
                    "{}: only a team on 20 (the other not) may decline to play, but the score is {a}-{b}.",
                    at(round)
                ),
            ),
            AllPassedNotAllowed {
                round,
                scores: [a, b],
            } => l(
                format!(
                    "{}: si passa tutti solo sul 20 pari, ma il punteggio è {a}-{b}.",
                    at(round)
                ),
                format!(
                    "{}: all players pass only at 20-20, but the score is {a}-{b}.",
                    at(round)
                ),
            ),
            PlayWithoutRound { round } => l(
                format!(
                    "{}: una mano rifiutata o passata non ha carte, puntate né vincitore.",
                    at(round)
                ),
                format!(
                    "{}: a declined or passed round has no cards, bids or winner.",
                    at(round)
                ),
            ),
            BiddingClosed {
                round,
                scores: [a, b],
            } => l(
                format!(
                    "{}: sul {a}-{b} una squadra è a 20 e non si punta più fino alla fine della partita.",
                    at(round)
                ),
                format!(
                    "{}: at {a}-{b} a team is on 20 and there is no bidding until the game ends.",
                    at(round)
                ),
            ),
            BidOutOfOrder {
                round,
                seat: x,
                bid,
                expected,
            } => match expected {
                Some(expected) => l(
                    format!(
                        "{}: {} punta {}, ma la puntata successiva può essere solo {} (niente salti).",
                        at(round),
                        s(x),
                        bid_name(*bid),
                        bid_name(*expected)
                    ),
                    format!(
                        "{}: {} bids {}, but the next bid can only be {} (no jumps).",
                        at(round),
                        s(x),
                        bid_name(*bid),
                        bid_name(*expected)
                    ),
                ),
                None => l(
                    format!(
                        "{}: {} punta {}, ma dopo baraque non si rilancia.",
                        at(round),
                        s(x),
                        bid_name(*bid)
                    ),
                    format!(
                        "{}: {} bids {}, but nothing goes above baraque.",
                        at(round),
                        s(x),
                        bid_name(*bid)
                    ),
                ),
            },
            RaiseOwnSide {
                round,
                seat: x,
                bid,
                last,
            } => l(
                format!(
                    "{}: {} rilancia a {}, ma l'ultima puntata è della sua squadra ({}): rilancia solo l'altra.",
                    at(round),
                    s(x),
                    bid_name(*bid),
                    s(last)
                ),
                format!(
                    "{}: {} raises to {}, but the last bid was their own team's ({}): only the other team raises.",
                    at(round),
                    s(x),
                    bid_name(*bid),
                    s(last)
                ),
            ),
            RefusalWithoutBid { round } => l(
                format!("{}: rifiuto senza alcuna puntata.", at(round)),
                format!("{}: a refusal with no bid.", at(round)),
            ),
            RefusalOutOfTurn {
                round,
                seat: x,
                expected,
                raiser,
            } => l(
                format!(
                    "{}: rifiuta {}, ma può rifiutare solo {}, subito dopo chi ha puntato per ultimo ({}).",
                    at(round),
                    s(x),
                    s(expected),
                    s(raiser)
                ),
                format!(
                    "{}: {} refuses, but only {}, right after the last raiser ({}), may refuse.",
                    at(round),
                    s(x),
                    s(expected),
                    s(raiser)
                ),
            ),
            TiedAndRefused { round } => l(
                format!(
                    "{}: una mano rifiutata non finisce con tre prese pari.",
                    at(round)
                ),
                format!("{}: a refused round does not end in three ties.", at(round)),
            ),
            WinnerContradictsCards {
                round,
                recorded,
                actual,
            } => match actual {
                Some(actual) => l(
                    format!(
                        "{}: registrata come vinta da {}, ma le carte la danno a {}.",
                        at(round),
                        t(recorded),
                        t(actual)
                    ),
                    format!(
                        "{}: recorded as won by {}, but the cards give it to {}.",
                        at(round),
                        t(recorded),
                        t(actual)
                    ),
                ),
                None => l(
                    format!(
                        "{}: registrata come vinta da {}, ma le tre prese sono pari e nessuno segna.",
                        at(round),
                        t(recorded)
                    ),
                    format!(
                        "{}: recorded as won by {}, but all three tricks are tied and nobody scores.",
                        at(round),
                        t(recorded)
                    ),
                ),
            },
            TiedContradictsCards { round, actual } => l(
                format!(
                    "{}: registrata con tre prese pari, ma le carte la danno a {}.",
                    at(round),
                    t(actual)
                ),
                format!(
                    "{}: recorded as three ties, but the cards give it to {}.",
                    at(round),
                    t(actual)
                ),
            ),
            WinnerContradictsRefusal {
                round,
                recorded,
                refuser,
            } => l(
                format!(
                    "{}: registrata come vinta da {}, ma ha rifiutato {} e la mano va agli avversari.",
                    at(round),
                    t(recorded),
                    s(refuser)
                ),
                format!(
                    "{}: recorded as won by {}, but {} refused and the round goes to the other team.",
                    at(round),
                    t(recorded),
                    s(refuser)
                ),
            ),
            WinnerAndTied { round } => l(
                format!(
                    "{}: una mano con tre prese pari non ha vincitore.",
                    at(round)
                ),
                format!("{}: a round of three ties has no winner.", at(round)),
            ),
            WinnerMissing { round } => l(
                format!(
                    "{}: manca chi ha vinto la mano (o che le tre prese sono pari).",
                    at(round)
                ),
                format!(
                    "{}: the winner of the round (or that all three tricks tied) is missing.",
                    at(round)
                ),
            ),
            StakeMismatch {
                round,
                recorded,
                expected,
                bid,
                refused,
            } => {
                let why = match (bid, refused) {
                    (None, _) => l("senza puntate".to_string(), "with no bidding".to_string()),
                    (Some(bid), true) => l(
                        format!("con il {} rifiutato", bid_name(*bid)),
                        format!("with the {} refused", bid_name(*bid)),
                    ),
                    (Some(bid), false) => l(
                        format!("con il {} accettato", bid_name(*bid)),
                        format!("with the {} accepted", bid_name(*bid)),
                    ),
                };
                l(
                    format!(
                        "{}: {why} la mano vale {expected} punti, ma ne sono registrati {recorded}.",
                        at(round)
                    ),
                    format!(
                        "{}: {why} the round is worth {expected} points, but {recorded} were recorded.",
                        at(round)
                    ),
                )
            }
            NoTricks { round } => l(
                format!("{}: nessuna presa registrata.", at(round)),
                format!("{}: no tricks recorded.", at(round)),
            ),
            TooManyTricks { round, found } => l(
                format!(
                    "{}: una mano ha al più 3 prese, trovate {found}.",
                    at(round)
                ),
                format!(
                    "{}: a round has at most 3 tricks, found {found}.",
                    at(round)
                ),
            ),
            CallTrickMissing { round, seat: x } => l(
                format!(
                    "{}: registrata carta per carta, la puntata o il rifiuto di {} deve dire in quale presa è stato fatto.",
                    at(round),
                    s(x)
                ),
                format!(
                    "{}: recorded card by card, the bid or refusal of {} must say in which trick it was made.",
                    at(round),
                    s(x)
                ),
            ),
            PlayedAfterRefusal {
                round,
                trick,
                recorded,
            } => l(
                format!(
                    "{}: il rifiuto nella presa {trick} chiude la mano, ma le prese registrate sono {recorded}.",
                    at(round)
                ),
                format!(
                    "{}: the refusal in trick {trick} ends the round, but {recorded} tricks are recorded.",
                    at(round)
                ),
            ),
            TrickAfterDecided {
                round,
                trick,
                winner,
            } => {
                let who = match winner {
                    Some(winner) => l(
                        format!("vinta da {}", t(winner)),
                        format!("won by {}", t(winner)),
                    ),
                    None => l("pari".to_string(), "tied".to_string()),
                };
                l(
                    format!(
                        "{}: la presa {trick} non si gioca, la mano era già decisa ({who}).",
                        at(round)
                    ),
                    format!(
                        "{}: trick {trick} is not played, the round was already decided ({who}).",
                        at(round)
                    ),
                )
            }
            WrongLeader {
                round,
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
                    LeadReason::Tied { trick } => l(
                        format!(
                            "la presa {trick} è finita pari e riapre chi l'aveva aperta, {}",
                            s(expected)
                        ),
                        format!(
                            "trick {trick} was tied and whoever led it, {}, leads again",
                            s(expected)
                        ),
                    ),
                };
                l(
                    format!(
                        "{}: {} ha aperto la presa {trick}, ma {why}.",
                        at(round),
                        s(found)
                    ),
                    format!("{}: {} led trick {trick}, but {why}.", at(round), s(found)),
                )
            }
            WrongTrickSize {
                round,
                trick,
                found,
                expected,
            } => l(
                format!(
                    "{}: nella presa {trick} ogni giocatore gioca una carta ({expected} carte), trovate {found}.",
                    at(round)
                ),
                format!(
                    "{}: in trick {trick} every player plays one card ({expected} cards), found {found}.",
                    at(round)
                ),
            ),
            CardNotInDeck {
                round,
                trick,
                seat: x,
                card,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma non è nel mazzo da 32.",
                    at(round),
                    s(x),
                    c(card)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but it is not in the 32-card deck.",
                    at(round),
                    s(x),
                    c(card)
                ),
            ),
            CardAlreadyPlayed {
                round,
                trick,
                seat: x,
                card,
                first_trick,
                first_seat,
            } => l(
                format!(
                    "{}: {} ha giocato {} nella presa {trick}, ma l'aveva già giocato {} nella presa {first_trick}.",
                    at(round),
                    s(x),
                    c(card),
                    s(first_seat)
                ),
                format!(
                    "{}: {} played {} in trick {trick}, but {} already played it in trick {first_trick}.",
                    at(round),
                    s(x),
                    c(card),
                    s(first_seat)
                ),
            ),
            BidNotReached {
                round,
                seat: x,
                bid,
                trick,
            } => l(
                format!(
                    "{}: {} punta {} nella presa {trick}, ma nelle carte registrate non arriva il suo turno.",
                    at(round),
                    s(x),
                    bid_name(*bid)
                ),
                format!(
                    "{}: {} bids {} in trick {trick}, but their turn is not in the cards recorded.",
                    at(round),
                    s(x),
                    bid_name(*bid)
                ),
            ),
            BidByLast {
                round,
                seat: x,
                bid,
                trick,
            } => l(
                format!(
                    "{}: {} punta {} nella presa {trick}, ma è l'ultimo a giocarla e l'ultimo non punta mai.",
                    at(round),
                    s(x),
                    bid_name(*bid)
                ),
                format!(
                    "{}: {} bids {} in trick {trick}, but plays last to it and the last player never bids.",
                    at(round),
                    s(x),
                    bid_name(*bid)
                ),
            ),
            BidsOutOfPlayOrder {
                round,
                seat: x,
                bid,
                trick,
            } => l(
                format!(
                    "{}: la puntata {} di {} nella presa {trick} non segue nell'ordine di gioco quella prima.",
                    at(round),
                    bid_name(*bid),
                    s(x)
                ),
                format!(
                    "{}: the bid of {} by {} in trick {trick} does not come after the one before in the order of play.",
                    at(round),
                    bid_name(*bid),
                    s(x)
                ),
            ),
            RefusalNotAfterRaise {
                round,
                seat: x,
                trick,
            } => l(
                format!(
                    "{}: {} rifiuta nella presa {trick}, ma si rifiuta solo al proprio turno subito dopo l'ultimo rilancio.",
                    at(round),
                    s(x)
                ),
                format!(
                    "{}: {} refuses in trick {trick}, but one refuses only at one's turn right after the last raise.",
                    at(round),
                    s(x)
                ),
            ),
            RoundUndecided { round, results } => {
                let mut words = Vec::new();
                for result in results {
                    words.push(match result {
                        Some(winner) => winner.letter().to_string(),
                        None => l("pari".to_string(), "tied".to_string()),
                    });
                }
                let list = words.join(", ");
                l(
                    format!(
                        "{}: le prese registrate ({list}) non decidono la mano.",
                        at(round)
                    ),
                    format!(
                        "{}: the tricks recorded ({list}) do not decide the round.",
                        at(round)
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
