//! Trionfetti's entry forms on the shared referee page, as the page shows them:
//! the card picker, the trick rows of card-by-card entry with the winner of each
//! trick, and the wording of its log lines.

use std::borrow::Borrow;

use askama::Template;

use crate::lang::Lang;
use crate::rules::any::AnyMatch;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::game::Game;
use crate::rules::game::{Seat, Team};
use crate::rules::record::RecordEntry;
use crate::rules::trick::winning_position;
use crate::rules::trionfetti::{Answer, TrionfettiSummary};
use crate::web::games::referee::GameRefereePage;
use crate::web::games::{card_name, named_seat, suit_name};
use crate::web::i18n::{Tr, stored_text};
use crate::web::scoring::Draft;

use super::picker::{Picker, picker};

/// Templates hand seats over by value or through references of any depth.
pub trait SeatLike {
    fn seat(&self) -> Seat;
}

impl SeatLike for Seat {
    fn seat(&self) -> Seat {
        *self
    }
}

impl<T: SeatLike + ?Sized> SeatLike for &T {
    fn seat(&self) -> Seat {
        (**self).seat()
    }
}

/// A card in the picker: code, label in the referee's language, already out of play.
pub type CardOption = (String, String, bool);

/// One trick row of the card-by-card form.
pub struct TrickRow {
    pub number: usize,
    pub leader: Option<Seat>,
    /// (field index, seat, chosen card code)
    pub plays: Vec<(usize, Seat, String)>,
    pub winner: Option<(Seat, String)>,
}

/// Trionfetti's entry forms on the shared referee page (quick entry of a hand with
/// its vagaresto, card by card with the comanda preview), which read the page they
/// are part of as though they were it.
#[derive(Template)]
#[template(path = "games/form_trionfetti.html")]
pub struct TrionfettiForm<'a> {
    pub page: &'a GameRefereePage,
    pub players: [String; 4],
    pub summary: TrionfettiSummary,
    pub draft: &'a Draft,
    pub cards: Vec<(Suit, Vec<CardOption>)>,
    pub picker: Picker,
}

impl std::ops::Deref for TrionfettiForm<'_> {
    type Target = GameRefereePage;

    fn deref(&self) -> &GameRefereePage {
        self.page
    }
}

impl TrionfettiForm<'_> {
    pub fn seat_name(&self, seat: impl SeatLike) -> String {
        super::super::seat_name(&self.players, seat.seat())
    }

    /// The player's name alone, as the buttons that choose a player show it.
    pub fn player_name(&self, seat: impl SeatLike) -> &str {
        &self.players[seat.seat().index()]
    }

    pub fn opt_seat_name(&self, seat: &Option<Seat>) -> String {
        seat.as_ref()
            .map(|seat| self.seat_name(seat))
            .unwrap_or_else(|| "—".to_string())
    }

    pub fn team_names(&self, team: impl Borrow<Team>) -> String {
        let [first, second] = team.borrow().seats();
        format!(
            "{} · {}",
            self.players[first.index()],
            self.players[second.index()]
        )
    }

    pub fn seats(&self) -> [Seat; 4] {
        Seat::ALL
    }

    pub fn is_over(&self) -> bool {
        self.summary.common.over
    }

    pub fn needs_setup(&self) -> bool {
        !self.summary.card_level && self.summary.hand == 1
    }

    pub fn winner_label(&self) -> String {
        match self.summary.common.winner {
            // The winners by name, as the log and the sheet name them.
            Some(team) => self.team_names(team),
            None => String::new(),
        }
    }

    pub fn suit_label(&self, suit: &Suit) -> &'static str {
        suit_name(*suit, self.ctx.lang())
    }

    /// Whether the page's notices belong at the top of the cards' section, whose
    /// forms sent what they answer, rather than by the quick entry's buttons.
    pub fn notices_by_cards(&self) -> bool {
        self.page.at_cards || self.draft.at_cards()
    }

    /// Whether the cards' section is open: a smazzata kept card by card, what was
    /// typed there, or the answer to a save made there.
    pub fn cards_open(&self) -> bool {
        self.summary.card_level || self.notices_by_cards()
    }
}

fn entry_text(entry: &RecordEntry, players: &[String], lang: Lang) -> String {
    let tr = Tr::new(lang);
    let team = |team: Option<Team>| {
        team.map(|team| team.letter().to_string())
            .unwrap_or_else(|| "—".to_string())
    };
    let correction = |id: &str, target: usize, reason: &str| {
        let reason = stored_text(reason, lang).to_string();
        tr.t_args(
            id,
            &[("target", (target + 1).into()), ("reason", reason.into())],
        )
    };
    match entry {
        RecordEntry::Smazzata(setup) => {
            let comanda = setup
                .comanda
                .clone()
                .unwrap_or_else(|| tr.t("trionfetti-explicit").to_string());
            let cut = card_name(setup.cut, lang);
            tr.t_args(
                "trionfetti-comanda_cut",
                &[("comanda", comanda.into()), ("cut", cut.into())],
            )
        }
        RecordEntry::Hand(hand) => {
            let mut text = match (&hand.tricks, hand.winner) {
                (Some(tricks), _) => tr.t_args(
                    "trionfetti-card_by_card",
                    &[("tricks", tricks.len().into())],
                ),
                (None, None) => tr.t("trionfetti-hand_recorded").to_string(),
                // The winners by name, as every other game's log names them.
                (None, Some(winner)) => match super::super::side_names(players, winner) {
                    names if names.is_empty() => {
                        tr.t_args("trionfetti-won_by", &[("team", team(Some(winner)).into())])
                    }
                    names => tr.t_args(
                        "trionfetti-won_by_named",
                        &[
                            ("team", team(Some(winner)).into()),
                            ("players", names.into()),
                        ],
                    ),
                },
            };
            if let Some(vagaresto) = &hand.vagaresto {
                let answer = match vagaresto.answer {
                    Answer::Accepted => "accepted",
                    Answer::Conceded => "conceded",
                };
                let who = named_seat(players, vagaresto.caller, tr);
                text.push_str(" · ");
                text.push_str(&tr.t_args(
                    "trionfetti-vagaresto",
                    &[("who", who.into()), ("answer", answer.into())],
                ));
            }
            text
        }
        RecordEntry::FirstDealer(first) => {
            super::super::first_dealer::log_text(first.seat, players, tr)
        }
        RecordEntry::Void(void) => correction("trionfetti-voids_entry", void.target, &void.reason),
        RecordEntry::Replace(replace) => {
            correction("trionfetti-replaces_entry", replace.target, &replace.reason)
        }
    }
}

/// Trionfetti's entry forms for the referee page `page`, rendered.
pub(super) fn trionfetti_form(page: &GameRefereePage) -> askama::Result<String> {
    let AnyMatch::Trionfetti(state) = &page.state else {
        return Ok(String::new());
    };
    let lang = page.ctx.lang();
    let summary = state.summary();
    let played: Vec<Card> = summary.played.clone();
    let cards = Suit::ALL
        .into_iter()
        .map(|suit| {
            let options = Deck::Trevigiane52
                .cards()
                .filter(|card| card.suit == suit)
                .map(|card| {
                    let unavailable = played.contains(&card) || summary.cut == Some(card);
                    (card.code(), card_name(card, lang), unavailable)
                })
                .collect();
            (suit, options)
        })
        .collect();
    let players = std::array::from_fn(|index| page.players.get(index).cloned().unwrap_or_default());
    let picker = picker(state, &summary, &page.draft, &players, lang);
    TrionfettiForm {
        page,
        players,
        summary,
        draft: &page.draft,
        cards,
        picker,
    }
    .render()
}

/// A Trionfetti log entry in a line, in the reader's language.
pub(super) fn trionfetti_log_line(
    entry: &serde_json::Value,
    players: &[String],
    lang: Lang,
) -> Option<String> {
    let entry: RecordEntry = serde_json::from_value(entry.clone()).ok()?;
    Some(entry_text(&entry, players, lang))
}

pub(super) fn trick_rows(
    state: &crate::rules::trionfetti::Trionfetti,
    summary: &TrionfettiSummary,
    draft: &Draft,
) -> (Vec<TrickRow>, Option<Team>) {
    let mut rows = Vec::new();
    let mut leader = summary.common.leader;
    let mut won = [0u8; 2];
    let mut hand_winner = None;
    for number in 1..=3 {
        let plays: Vec<(usize, Seat, String)> = (0..4)
            .map(|position| {
                let field = (number - 1) * 4 + position;
                let seat = leader
                    .map(|leader| leader.after(position))
                    .unwrap_or(Seat::ALL[position]);
                (
                    field,
                    seat,
                    draft.cards.get(field).cloned().unwrap_or_default(),
                )
            })
            .collect();
        let cards: Option<Vec<Card>> = plays
            .iter()
            .map(|(_, _, code)| code.parse::<Card>().ok())
            .collect();
        let winner = match (cards, state.ranking(), leader) {
            (Some(cards), Some(ranking), Some(leader)) => winning_position(&cards, ranking)
                .map(|position| (leader.after(position), cards[position])),
            _ => None,
        };
        rows.push(TrickRow {
            number,
            leader,
            plays,
            winner: winner.map(|(seat, card)| (seat, card.code())),
        });
        match winner {
            Some((seat, _)) => {
                won[seat.team().index()] += 1;
                if hand_winner.is_none() && won[seat.team().index()] == 2 {
                    hand_winner = Some(seat.team());
                }
                leader = Some(seat);
            }
            None => leader = None,
        }
    }
    (rows, hand_winner)
}
