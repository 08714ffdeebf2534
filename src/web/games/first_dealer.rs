//! Who deals first, on every game's referee page: before the first hand the page asks
//! it (the players' names as buttons), or takes the draw of a card by each player and
//! says who draws again after a tie; `…/first_dealer` records the core's
//! `first_dealer` entry once the choice or the draw is settled.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::{Value, json};

use super::super::context::Visit;
use super::super::error::AppError;
use super::super::i18n::Tr;
use super::super::scoring::{Shown, respond, scorer, submit};
use super::{card_name, with_player_names};
use crate::lang::{Arg, Lang};
use crate::rules::any::AnyRecord;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::first_dealer::{DrawOutcome, DrawRule, DrawWins, FirstDealerError, settle};
use crate::rules::game::Seat;
use crate::rules::kind::GameKind;

/// Rounds of a draw as the form carries them: `draw{round}_{seat}`, a card code or
/// empty, rounds from 0.
const MAX_ROUNDS: usize = 12;

/// What the page shows of who deals first.
pub struct FirstDeal {
    /// Whether to ask: nothing played yet and no first dealer recorded.
    pub ask: bool,
    /// Whether the question heads the page (an event's match) or waits folded below
    /// (a casual match, whose creator named the first dealer).
    pub prominent: bool,
    /// The players by seat: (seat, name).
    pub seats: Vec<(String, String)>,
    /// Earlier rounds of the draw, as hidden fields: (name, card code).
    pub kept: Vec<(String, String)>,
    /// The round now drawn: (field name, player's name, card chosen) for each seat
    /// that draws in it.
    pub drawing: Vec<(String, String, String)>,
    /// Who must draw again, and why.
    pub again: Option<String>,
    /// The game's deck for the selects: suit's name and (code, card's name).
    pub deck: Vec<(String, Vec<(String, String)>)>,
    /// Which card deals, in words.
    pub rule_key: &'static str,
}

impl FirstDeal {
    /// The question for a match of `game` whose record is `record`, with what was
    /// typed in `pairs`.
    pub fn of(
        game: GameKind,
        record: &AnyRecord,
        players: &[String],
        prominent: bool,
        pairs: &[(String, String)],
        lang: Lang,
    ) -> FirstDeal {
        let rule = game.descriptor().first_deal;
        let tr = Tr::new(lang);
        let rounds = typed_rounds(pairs, players.len());
        // The longest run of rounds that ends in a tie is the draw so far; the round
        // after it is the one being drawn (everyone's, when there is none).
        let (next_round, drawing_seats, again) = (1..=rounds.len())
            .rev()
            .find_map(|done| match settle(&rule, players.len(), &rounds[..done]) {
                Ok(DrawOutcome::Again(seats, card)) => {
                    let error = FirstDealerError::Undecided {
                        seats: seats.clone(),
                        card,
                    };
                    let msg = with_player_names(error.msg_with(&rule), players);
                    Some((done, seats, Some(tr.msg(&msg))))
                }
                _ => None,
            })
            .unwrap_or_else(|| (0, super::seats(players), None));
        let kept = rounds[..next_round]
            .iter()
            .enumerate()
            .flat_map(|(round, cards)| {
                cards.iter().enumerate().filter_map(move |(seat, card)| {
                    card.map(|card| (field(round, seat), card.code()))
                })
            })
            .collect();
        let drawing = drawing_seats
            .iter()
            .map(|seat| {
                let name = field(next_round, seat.index());
                let chosen = pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.clone())
                    .unwrap_or_default();
                (name, players[seat.index()].clone(), chosen)
            })
            .collect();
        FirstDeal {
            ask: !started(record),
            prominent,
            seats: super::seats(players)
                .into_iter()
                .map(|seat| (seat.to_string(), players[seat.index()].clone()))
                .collect(),
            kept,
            drawing,
            again,
            deck: deck(&rule, lang),
            rule_key: match rule.wins {
                DrawWins::Highest => "first_dealer-rule_highest",
                DrawWins::Lowest => "first_dealer-rule_lowest",
            },
        }
    }

    /// Whether a draw is under way (a tie to break, or a refused round to show again).
    pub fn draw_open(&self) -> bool {
        self.again.is_some() || self.drawing.iter().any(|(_, _, card)| !card.is_empty())
    }
}

fn field(round: usize, seat: usize) -> String {
    format!("draw{round}_{seat}")
}

/// Whether anything but a first dealer is in effect, or a first dealer is: then the
/// question is settled.
fn started(record: &AnyRecord) -> bool {
    let (voided, _) = record.voided_and_replaced();
    record
        .corrections()
        .iter()
        .enumerate()
        .any(|(index, correction)| correction.is_none() && !voided.contains(&index))
}

/// The rounds typed: each seat's card, or none; up to the first round nobody drew in.
fn typed_rounds(pairs: &[(String, String)], players: usize) -> Vec<Vec<Option<Card>>> {
    let value = |name: String| {
        pairs
            .iter()
            .find(|(key, _)| *key == name)
            .and_then(|(_, value)| value.trim().parse::<Card>().ok())
    };
    let mut rounds = Vec::new();
    for round in 0..MAX_ROUNDS {
        let cards: Vec<Option<Card>> = (0..players).map(|seat| value(field(round, seat))).collect();
        if cards.iter().all(Option::is_none) {
            break;
        }
        rounds.push(cards);
    }
    rounds
}

/// The game's deck by suit, each card in the words of the game.
fn deck(rule: &DrawRule, lang: Lang) -> Vec<(String, Vec<(String, String)>)> {
    let tr = Tr::new(lang);
    Suit::ALL
        .into_iter()
        .map(|suit| {
            let cards = rule
                .deck
                .cards()
                .filter(|card| card.suit == suit)
                .map(|card| {
                    let words = match rule.deck {
                        Deck::French32 => tr.msg(&(rule.card_words)(card)),
                        _ => card_name(card, lang),
                    };
                    (card.code(), words)
                })
                .collect();
            let suit_words = match rule.deck {
                Deck::French32 => tr.t_args(
                    "first_dealer-french_suit",
                    [("suit", Arg::from(suit.italian_name()))],
                ),
                _ => super::suit_name(suit, lang).to_string(),
            };
            (suit_words, cards)
        })
        .collect()
}

/// The log's line of a `first_dealer` entry: the player by name where known.
pub fn describe(entry: &Value, players: &[String], tr: Tr) -> String {
    let seat = entry
        .get("seat")
        .and_then(Value::as_u64)
        .and_then(|seat| Seat::new(seat as u8));
    let rounds = entry
        .get("draw")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    match seat {
        Some(seat) => {
            let mut text = log_text(seat, players, tr);
            if rounds > 0 {
                text.push_str(" · ");
                text.push_str(&tr.t_args("first_dealer-log_draw", [("rounds", Arg::from(rounds))]));
            }
            text
        }
        None => tr.t("first_dealer-log_unknown").to_string(),
    }
}

/// "Primo mazziere: Toni" ("posto 2" where the seat has no name).
pub fn log_text(seat: Seat, players: &[String], tr: Tr) -> String {
    let who = super::named_seat(players, seat, tr);
    tr.t_args("first_dealer-log", [("who", Arg::from(who))])
}

/// Records who deals first: a name tapped, or a draw once it names one player.
/// A draw that ends in a tie comes back asking the tied to draw again, storing
/// nothing.
pub async fn record(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (envelope, draft) =
        super::referee::read_typed(&body, |key| key == "seat" || key.starts_with("draw"))?;
    let pairs = &draft.fields;
    let scorer = scorer(&request, &ctx, &state).await?;
    let lang = ctx.lang();
    let tr = Tr::new(lang);
    let game = scorer.loaded.row.game;
    let players = scorer.loaded.row.player_names();
    let tapped = pairs
        .iter()
        .find(|(key, _)| key == "seat")
        .map(|(_, value)| value.trim().to_string());
    let entry = match tapped {
        Some(seat) => match seat.parse::<u8>() {
            Ok(seat) => Ok(json!({"type": "first_dealer", "seat": seat})),
            Err(_) => Err(tr.t("first_dealer-choose").to_string()),
        },
        None => {
            let rule = game.descriptor().first_deal;
            let rounds = typed_rounds(pairs, players.len());
            match settle(&rule, players.len(), &rounds) {
                Ok(DrawOutcome::Dealer(seat, _)) => {
                    let draw: Vec<Vec<Option<String>>> = rounds
                        .iter()
                        .map(|round| round.iter().map(|card| card.map(Card::code)).collect())
                        .collect();
                    Ok(json!({"type": "first_dealer", "seat": u8::from(seat), "draw": draw}))
                }
                Ok(DrawOutcome::Again(..)) => {
                    // Not stored: the page asks the tied players for their new cards.
                    return respond(ctx, &scorer, draft, Shown::default(), StatusCode::OK);
                }
                Err(error) => {
                    let msg = with_player_names(error.msg_with(&rule), &players);
                    Err(tr.msg(&msg))
                }
            }
        }
    };
    submit(&request, ctx, &state, envelope, entry, draft).await
}
