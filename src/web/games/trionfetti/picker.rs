//! The card picker of a hand entered card by card: the deck as buttons by suit in the
//! order of the smazzata's ranking, the hand so far, whose turn it is and who took
//! each trick. Without a script each tap is a submit that comes back with the hand
//! kept in the form (`…/tricks`); with `static/picker.js` the page does the same
//! without round trips, from the ranking levels and the words put in the page here.

use serde_json::json;

use super::form::{TrickRow, trick_rows};
use crate::lang::Lang;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::game::{Seat, Team};
use crate::rules::trionfetti::{Trionfetti, TrionfettiSummary};
use crate::web::cards::Face;
use crate::web::games::{card_name, suit_name};
use crate::web::i18n::Tr;
use crate::web::scoring::Draft;

/// Cards in a hand of Trionfetti: three tricks of four.
const HAND_CARDS: usize = 12;

/// One card's button.
pub struct PickerCard {
    pub code: String,
    /// Rank and suit drawn on the button; its name is the button's accessible name.
    pub face: Face,
    /// Played before in the smazzata, or the cut card: never tappable.
    pub out: bool,
    /// Already picked in this hand.
    pub picked: bool,
}

/// A suit's row of buttons, lowest card first.
pub struct PickerSuit {
    pub letter: char,
    pub label: &'static str,
    pub cards: Vec<PickerCard>,
}

/// A trick of the hand so far: each play as "player:" and the card, and who took it.
pub struct PickerTrick {
    pub number: usize,
    pub plays: Vec<(String, Option<Face>, String)>,
    pub winner: Option<String>,
}

/// The picker as the page shows it.
pub struct Picker {
    /// The cards picked so far, as typed (the form's hidden `card` fields).
    pub picked: Vec<String>,
    pub tricks: Vec<PickerTrick>,
    /// "Toni to play", while a card is still to be picked.
    pub turn: Option<String>,
    /// The team the tricks so far give the hand to.
    pub hand_to: Option<String>,
    pub suits: Vec<PickerSuit>,
    /// No card can be added: the hand has all its cards.
    pub full: bool,
    /// What the script needs to work alone: strengths, seats' words, the hand so far.
    pub script: String,
}

impl Picker {
    /// Who took the latest trick, shown by the grid as soon as the trick is whole.
    pub fn last_winner(&self) -> Option<&str> {
        self.tricks
            .iter()
            .rev()
            .find_map(|trick| trick.winner.as_deref())
    }
}

/// The words "player:" before a play's card, alike on the page and in its script.
fn play_text(player: &str) -> String {
    format!("{player}:")
}

/// "Trick won by Toni (sette di denari)", alike on the page and in its script.
fn won_text(won_by: &str, card: &str) -> String {
    format!("{won_by} ({card})")
}

/// The picker for the hand being entered in `state`, with what `draft` holds.
pub fn picker(
    state: &Trionfetti,
    summary: &TrionfettiSummary,
    draft: &Draft,
    players: &[String; 4],
    lang: Lang,
) -> Picker {
    let tr = Tr::new(lang);
    let name = |seat: Seat| players[seat.index()].clone();
    let turn_words: Vec<String> = Seat::ALL
        .map(|seat| tr.t_args("picker-turn", &[("player", name(seat).into())]))
        .to_vec();
    let won_words: Vec<String> = Seat::ALL
        .map(|seat| tr.t_args("picker-trick_won", &[("player", name(seat).into())]))
        .to_vec();
    let hand_words: Vec<String> = Team::BOTH
        .map(|team| {
            let [first, second] = team.seats();
            let names = format!("{} · {}", name(first), name(second));
            tr.t_args(
                "picker-hand_to",
                &[("team", team.to_string().into()), ("names", names.into())],
            )
        })
        .to_vec();

    let (rows, hand_winner) = trick_rows(state, summary, draft);
    let label = |code: &str| {
        code.parse::<Card>()
            .map(|card| card_name(card, lang))
            .unwrap_or_else(|_| code.to_string())
    };
    let picked: Vec<String> = draft.cards.iter().take(HAND_CARDS).cloned().collect();
    let tricks = shown_tricks(&rows, &picked, &name, &won_words, &label, lang);
    let turn = rows
        .get(picked.len() / 4)
        .filter(|row| row.leader.is_some())
        .and_then(|row| row.plays.get(picked.len() % 4))
        .map(|(_, seat, _)| turn_words[seat.index()].clone());
    let ranking = state.ranking();
    let strength = |card: Card| ranking.map_or(0, |ranking| ranking.strength(card));
    let suits = Suit::ALL
        .into_iter()
        .map(|suit| {
            let mut cards: Vec<Card> = Deck::Trevigiane52
                .cards()
                .filter(|card| card.suit == suit)
                .collect();
            cards.sort_by_key(|card| (strength(*card), card.rank.value()));
            PickerSuit {
                letter: suit.letter(),
                label: suit_name(suit, lang),
                cards: cards
                    .into_iter()
                    .map(|card| {
                        let code = card.code();
                        PickerCard {
                            face: Face::of(card, lang),
                            out: summary.played.contains(&card) || summary.cut == Some(card),
                            picked: picked.contains(&code),
                            code,
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let strengths: serde_json::Map<String, serde_json::Value> = Deck::Trevigiane52
        .cards()
        .map(|card| (card.code(), json!(strength(card))))
        .collect();
    let script = json!({
        "strength": strengths,
        "leader": summary.common.leader.map(Seat::index),
        "names": players,
        "turn": turn_words,
        "won": won_words,
        "hand": hand_words,
        "trick": tr.t("scoring-trick"),
        "done": tr.t("picker-done"),
        "max": HAND_CARDS,
    })
    .to_string();
    Picker {
        full: picked.len() >= HAND_CARDS,
        turn,
        hand_to: hand_winner.map(|team| hand_words[team.index()].clone()),
        picked,
        tricks,
        suits,
        script,
    }
}

/// The tricks with at least one card picked, as the page lists them.
fn shown_tricks(
    rows: &[TrickRow],
    picked: &[String],
    name: &dyn Fn(Seat) -> String,
    won_words: &[String],
    label: &dyn Fn(&str) -> String,
    lang: Lang,
) -> Vec<PickerTrick> {
    rows.iter()
        .filter(|row| row.plays.iter().any(|(field, _, _)| *field < picked.len()))
        .map(|row| PickerTrick {
            number: row.number,
            plays: row
                .plays
                .iter()
                .filter(|(field, _, _)| *field < picked.len())
                .map(|(_, seat, code)| {
                    let player = match row.leader {
                        Some(_) => name(*seat),
                        None => "—".to_string(),
                    };
                    (play_text(&player), Face::parse(code, lang), label(code))
                })
                .collect(),
            winner: row
                .winner
                .as_ref()
                .map(|(seat, code)| won_text(&won_words[seat.index()], &label(code))),
        })
        .collect()
}
