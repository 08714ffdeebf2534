//! The referee's page for one match: quick entry of a hand, card-by-card entry,
//! undo, void and replace. Reached by an account (`/score/{match}`) or by the
//! match's private link (`/s/{token}`); both share these handlers.
//!
//! Every form carries the sequence number it was based on and a submission key:
//! a stale form is refused with the new state, a repeated one is recorded once.

use std::borrow::Borrow;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::context::PageContext;
use super::error::AppError;
use super::games::referee::GameRefereePage;
use super::games::{card_name, suit_name};
use super::i18n::{Tr, stored_text};
use super::matches::{load_match, may_manage};
use super::{AppState, redirect, render_with_status};
use crate::accounts::Role;
use crate::lang::{Arg, Lang};
use crate::rules::any::AnyMatch;
use crate::rules::card::{Card, Deck, Suit};
use crate::rules::game::Game;
use crate::rules::game::{Seat, Team};
use crate::rules::record::{
    HandEntry, PlayEntry, RecordEntry, ReplaceEntry, SmazzataEntry, VoidEntry,
};
use crate::rules::trick::{Trick, winning_position};
use crate::rules::trionfetti::{Answer, TrionfettiSummary, Vagaresto};
use crate::scoring::{self, AppendOutcome, LoadedMatch, Submitted};
use crate::store::matches::{self, Author};

/// The match being scored and who is scoring it.
pub struct Scorer {
    pub loaded: LoadedMatch,
    pub author: Author,
    /// Where this page's forms post: `/score/{match}` or `/s/{token}`.
    pub base: String,
}

/// Whether an account may write to a match: its assigned referees, the organizer
/// who manages it, administrators.
pub(super) async fn may_score(
    state: &AppState,
    user: &super::context::SessionUser,
    row: &matches::MatchRow,
) -> Result<bool, AppError> {
    if may_manage(user, row) {
        return Ok(true);
    }
    if user.role != Role::Referee {
        return Ok(false);
    }
    let (match_id, user_id) = (row.id, user.id);
    let referees = state
        .read(move |connection| matches::is_referee(connection, match_id, user_id))
        .await?;
    Ok(may_score_knowing(user, row, referees))
}

/// The rule of [`may_score`], for a caller that read whether the account referees
/// the match already: the match's organizers and administrators, or its referees.
pub(super) fn may_score_knowing(
    user: &super::context::SessionUser,
    row: &matches::MatchRow,
    referees_the_match: bool,
) -> bool {
    may_manage(user, row) || (user.role == Role::Referee && referees_the_match)
}

/// Resolves the scorer from the path: a live private link, or a logged-in account
/// that is an administrator, the organizer of the match or one of its referees.
pub(super) async fn scorer(
    request: &HttpRequest,
    ctx: &PageContext,
    state: &AppState,
) -> Result<Scorer, AppError> {
    let key = request
        .match_info()
        .get("key")
        .unwrap_or_default()
        .to_string();
    if request.path().starts_with("/s/") {
        let token = key.clone();
        let link = state
            .read(move |connection| matches::link_by_token(connection, &token))
            .await?
            .ok_or(AppError::NotFound)?;
        let match_id = link.match_id;
        let row = state
            .read(move |connection| matches::find(connection, match_id))
            .await?
            .ok_or(AppError::NotFound)?;
        let loaded = load_match(state, &row.public_id).await?;
        return Ok(Scorer {
            loaded,
            author: Author::Link {
                id: link.id,
                label: ctx.t("scoring-link_author").to_string(),
            },
            base: format!("/s/{key}"),
        });
    }
    let user = ctx.require_login()?.clone();
    let loaded = load_match(state, &key).await?;
    if !may_score(state, &user, &loaded.row).await? {
        return Err(AppError::Forbidden);
    }
    Ok(Scorer {
        loaded,
        author: Author::User {
            id: user.id,
            label: user.display_name.clone(),
        },
        base: format!("/score/{key}"),
    })
}

// ---------------------------------------------------------------- the page

/// What the referee typed, kept when an entry is refused so nothing is lost.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Draft {
    #[serde(default)]
    pub comanda: String,
    #[serde(default)]
    pub cut: String,
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub vagaresto_caller: String,
    #[serde(default)]
    pub vagaresto_answer: String,
    #[serde(default)]
    pub vagaresto_trick: String,
    /// The other games' forms, as typed (name, value), to show them again.
    #[serde(skip)]
    pub fields: Vec<(String, String)>,
}

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

/// One entry of the log as the page lists it.
pub struct LogLine {
    pub index: usize,
    pub kind: &'static str,
    pub text: String,
    pub author: String,
    pub time: String,
    pub voided: bool,
    pub replaced: bool,
    /// Whether the log offers to correct it.
    pub correctable: bool,
    /// The teams its correction may give it to instead (none: it can only be voided).
    pub replace_with: Vec<Team>,
}

/// The words of the correction form under each line of the log
/// (`templates/games/log.html`).
pub struct CorrectionWords {
    pub summary_key: &'static str,
    pub hint_key: Option<&'static str>,
    /// Whether the form chooses between voiding and replacing with a winner.
    pub choose_winner: bool,
    pub button_key: &'static str,
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
    pub tricks: Vec<TrickRow>,
    pub hand_winner: Option<Team>,
    pub cards: Vec<(Suit, Vec<CardOption>)>,
}

impl std::ops::Deref for TrionfettiForm<'_> {
    type Target = GameRefereePage;

    fn deref(&self) -> &GameRefereePage {
        self.page
    }
}

impl TrionfettiForm<'_> {
    pub fn seat_name(&self, seat: impl SeatLike) -> String {
        let seat = seat.seat();
        format!("{} ({})", self.players[seat.index()], seat)
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

    pub fn card_selected(&self, field: &usize, code: &str) -> bool {
        self.draft
            .cards
            .get(*field)
            .is_some_and(|chosen| chosen == code)
    }

    pub fn winner_label(&self) -> String {
        match self.summary.common.winner {
            Some(team) => format!("{} {}", self.ctx.t("scoring-team"), team),
            None => String::new(),
        }
    }

    pub fn suit_label(&self, suit: &Suit) -> &'static str {
        suit_name(*suit, self.ctx.lang())
    }
}

fn entry_text(entry: &RecordEntry, lang: Lang) -> String {
    let tr = Tr::new(lang);
    let team = |team: Option<Team>| {
        team.map(|team| team.letter().to_string())
            .unwrap_or_else(|| "—".to_string())
    };
    let correction = |id: &str, target: usize, reason: &str| {
        let reason = stored_text(reason, lang).to_string();
        tr.t_args(id, &[("target", target.into()), ("reason", reason.into())])
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
                (None, winner) => tr.t_args("trionfetti-won_by", &[("team", team(winner).into())]),
            };
            if let Some(vagaresto) = &hand.vagaresto {
                let answer = match vagaresto.answer {
                    Answer::Accepted => "accepted",
                    Answer::Conceded => "conceded",
                };
                let seat = vagaresto.caller.to_string();
                text.push_str(" · ");
                text.push_str(&tr.t_args(
                    "trionfetti-vagaresto",
                    &[("seat", seat.into()), ("answer", answer.into())],
                ));
            }
            text
        }
        RecordEntry::Void(void) => correction("trionfetti-voids_entry", void.target, &void.reason),
        RecordEntry::Replace(replace) => {
            correction("trionfetti-replaces_entry", replace.target, &replace.reason)
        }
    }
}

/// Who wrote a log entry, as the log shows it: a table link's label is stored in
/// the language of the page it was written from, so it is named in the reader's.
pub(super) fn shown_author(row: &matches::EntryRow, lang: Lang) -> String {
    if row.author_link_id.is_some() {
        super::i18n::Tr::new(lang)
            .t("scoring-link_author")
            .to_string()
    } else {
        row.author_label.clone()
    }
}

/// Builds the page for the match as it stands, with what the referee typed.
/// Trionfetti's entry forms for the referee page `page`, rendered.
pub(crate) fn trionfetti_form(page: &GameRefereePage) -> askama::Result<String> {
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
    let (tricks, hand_winner) = trick_rows(state, &summary, &page.draft);
    let players = std::array::from_fn(|index| page.players.get(index).cloned().unwrap_or_default());
    TrionfettiForm {
        page,
        players,
        summary,
        draft: &page.draft,
        tricks,
        hand_winner,
        cards,
    }
    .render()
}

/// A Trionfetti log entry in a line, in the reader's language.
pub(crate) fn trionfetti_log_line(entry: &serde_json::Value, lang: Lang) -> Option<String> {
    let entry: RecordEntry = serde_json::from_value(entry.clone()).ok()?;
    Some(entry_text(&entry, lang))
}

fn trick_rows(
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

pub async fn page(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let scorer = scorer(&request, &ctx, &state).await?;
    let notice = request
        .query_string()
        .strip_prefix("recorded=")
        .map(|query| format!("{} #{query}", ctx.t("scoring-recorded")));
    respond(
        ctx,
        &scorer,
        Draft::default(),
        Shown {
            notice,
            ..Shown::default()
        },
        StatusCode::OK,
    )
}

/// What a referee page shows besides the match: a notice, an error, a conflict.
#[derive(Default)]
pub(super) struct Shown {
    pub notice: Option<String>,
    pub error: Option<String>,
    pub conflict: bool,
}

/// The referee page of the match's game, with what was typed and what to say.
pub(super) fn respond(
    ctx: PageContext,
    scorer: &Scorer,
    draft: Draft,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let mut page = super::games::referee::build_page(ctx, scorer, draft)?;
    page.notice = shown.notice;
    page.error = shown.error;
    page.conflict = shown.conflict;
    render_with_status(&page, status)
}

// ---------------------------------------------------------------- submissions

/// The fields every scoring form carries.
#[derive(Debug, Deserialize)]
pub struct Envelope {
    // Strings: serde's flatten cannot read numbers from a urlencoded form.
    #[serde(default)]
    pub(super) expected_seq: String,
    #[serde(default)]
    pub(super) submission_key: String,
}

pub(super) async fn submit(
    request: &HttpRequest,
    ctx: PageContext,
    state: &AppState,
    envelope: Envelope,
    entry: Result<serde_json::Value, String>,
    draft: Draft,
) -> Result<HttpResponse, AppError> {
    let scorer = scorer(request, &ctx, state).await?;
    let entry = match entry {
        Ok(entry) => entry,
        Err(message) => {
            let shown = Shown {
                error: Some(message),
                ..Shown::default()
            };
            return respond(ctx, &scorer, draft, shown, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let expected_seq: i64 = envelope
        .expected_seq
        .parse()
        .map_err(|_| AppError::BadRequest)?;
    if envelope.submission_key.is_empty() || envelope.submission_key.len() > 100 {
        return Err(AppError::BadRequest);
    }
    let outcome = state
        .scoring
        .append(Submitted {
            row: &scorer.loaded.row,
            nicknames: &scorer.loaded.nicknames,
            expected_seq,
            entry,
            author: scorer.author.clone(),
            submission_key: envelope.submission_key,
        })
        .await?;
    let lang = ctx.lang();
    match outcome {
        AppendOutcome::Appended { seq, .. } | AppendOutcome::AlreadyRecorded { seq } => {
            state.notify(scorer.loaded.row.id);
            Ok(redirect(&format!("{}?recorded={seq}", scorer.base)))
        }
        AppendOutcome::NotFound => Err(AppError::NotFound),
        refusal => {
            // Nothing was recorded: show the match as it is now, with what was typed.
            let fresh = Scorer {
                loaded: load_match(state, &scorer.loaded.row.public_id).await?,
                ..scorer
            };
            let (shown, status) = match refusal {
                AppendOutcome::Stale { .. } => (
                    Shown {
                        conflict: true,
                        error: Some(ctx.t("scoring-stale").to_string()),
                        ..Shown::default()
                    },
                    StatusCode::CONFLICT,
                ),
                AppendOutcome::Refused { error } => (
                    Shown {
                        error: Some(error.error_message(lang)),
                        ..Shown::default()
                    },
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                AppendOutcome::Unreadable { error } => (
                    Shown {
                        error: Some(error.message(lang)),
                        ..Shown::default()
                    },
                    StatusCode::UNPROCESSABLE_ENTITY,
                ),
                _ => (
                    Shown {
                        error: Some(ctx.t("scoring-closed").to_string()),
                        ..Shown::default()
                    },
                    StatusCode::CONFLICT,
                ),
            };
            respond(ctx, &fresh, draft, shown, status)
        }
    }
}

trait ErrorText {
    fn error_message(&self, lang: Lang) -> String;
}

impl<E: crate::rules::game::Message> ErrorText for crate::rules::replay::ReplayError<E> {
    /// The rule's own words; the entry index means nothing to a referee at the table.
    fn error_message(&self, lang: Lang) -> String {
        let tr = super::i18n::Tr::new(lang);
        if self.failing == self.index {
            tr.msg(&self.error.msg(lang))
        } else {
            tr.msg(&self.msg(lang))
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct HandForm {
    #[serde(flatten)]
    pub(super) envelope: Envelope,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    vagaresto_caller: String,
    #[serde(default)]
    vagaresto_answer: String,
}

fn parse_vagaresto(
    caller: &str,
    answer: &str,
    trick: Option<u8>,
    lang: Lang,
) -> Result<Option<Vagaresto>, String> {
    if caller.is_empty() {
        return Ok(None);
    }
    let caller = caller
        .parse::<u8>()
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| Tr::new(lang).t("trionfetti-need_caller").to_string())?;
    let answer = match answer {
        "accepted" => Answer::Accepted,
        "conceded" => Answer::Conceded,
        _ => {
            return Err(Tr::new(lang).t("trionfetti-need_answer").to_string());
        }
    };
    Ok(Some(Vagaresto {
        caller,
        answer,
        trick,
        stake: None,
    }))
}

/// Quick entry: which team won, and a vagaresto if there was one.
pub async fn record_hand(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: web::Form<HandForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let draft = Draft {
        vagaresto_caller: form.vagaresto_caller.clone(),
        vagaresto_answer: form.vagaresto_answer.clone(),
        ..Draft::default()
    };
    let entry = parse_vagaresto(&form.vagaresto_caller, &form.vagaresto_answer, None, lang)
        .and_then(|vagaresto| {
            let conceded = vagaresto.is_some_and(|v| v.answer == Answer::Conceded);
            let winner = match form.winner.as_str() {
                "A" => Some(Team::A),
                "B" => Some(Team::B),
                _ => None,
            };
            if winner.is_none() && !conceded {
                return Err(Tr::new(lang).t("trionfetti-need_winner").to_string());
            }
            Ok(RecordEntry::Hand(HandEntry {
                winner: if conceded { None } else { winner },
                vagaresto,
                ..HandEntry::default()
            }))
        });
    let entry = entry.map(|entry| scoring::entry_json(&entry));
    submit(&request, ctx, &state, form.envelope, entry, draft).await
}

#[derive(Debug, Deserialize)]
pub struct SmazzataForm {
    #[serde(flatten)]
    envelope: Envelope,
    #[serde(default)]
    comanda: String,
    #[serde(default)]
    cut: String,
}

/// Card-by-card setup of a smazzata: the comanda as said and the cut card.
pub async fn record_smazzata(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: web::Form<SmazzataForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let draft = Draft {
        comanda: form.comanda.clone(),
        cut: form.cut.clone(),
        ..Draft::default()
    };
    let comanda = form.comanda.trim().to_string();
    let entry = if comanda.is_empty() || comanda.len() > 500 {
        Err(Tr::new(lang).t("trionfetti-need_comanda").to_string())
    } else {
        match form.cut.parse::<Card>() {
            Ok(cut) => Ok(RecordEntry::Smazzata(SmazzataEntry {
                comanda: Some(comanda),
                ranking: None,
                cut,
                author: None,
                time: None,
            })),
            Err(_) => Err(Tr::new(lang).t("trionfetti-need_cut").to_string()),
        }
    };
    let entry = entry.map(|entry| scoring::entry_json(&entry));
    submit(&request, ctx, &state, form.envelope, entry, draft).await
}

/// Card-by-card hand: `action=check` works out the tricks so far and shows the
/// form again; `action=save` records the hand.
pub async fn record_tricks(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    // Repeated keys (`card`) need the ordered pairs, which a struct cannot take.
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_bytes(&body).map_err(|_| AppError::BadRequest)?;
    let field = |name: &str| {
        pairs
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    };
    let cards: Vec<String> = pairs
        .iter()
        .filter(|(key, _)| key == "card")
        .map(|(_, value)| value.clone())
        .take(12)
        .collect();
    let envelope = Envelope {
        expected_seq: field("expected_seq"),
        submission_key: field("submission_key"),
    };
    let draft = Draft {
        cards: cards.clone(),
        vagaresto_caller: field("vagaresto_caller"),
        vagaresto_answer: field("vagaresto_answer"),
        vagaresto_trick: field("vagaresto_trick"),
        ..Draft::default()
    };
    let scorer = scorer(&request, &ctx, &state).await?;
    if !super::games::pages(scorer.loaded.row.game).has_hand_forms() {
        return Err(AppError::NotFound);
    }
    if field("action") != "save" {
        return respond(ctx, &scorer, draft, Shown::default(), StatusCode::OK);
    }
    let lang = ctx.lang();
    let state_now = scorer.loaded.state()?;
    let entry = build_card_hand(&state_now, &draft, lang).map(|entry| scoring::entry_json(&entry));
    submit(&request, ctx, &state, envelope, entry, draft).await
}

fn build_card_hand(
    state: &crate::rules::trionfetti::Trionfetti,
    draft: &Draft,
    lang: Lang,
) -> Result<RecordEntry, String> {
    let summary = state.summary();
    let (rows, _) = trick_rows(state, &summary, draft);
    let mut tricks = Vec::new();
    for row in rows {
        let chosen: Vec<&String> = row
            .plays
            .iter()
            .map(|(_, _, code)| code)
            .filter(|code| !code.is_empty())
            .collect();
        if chosen.is_empty() {
            break;
        }
        let Some(leader) = row.leader else {
            return Err(Tr::new(lang).t("trionfetti-previous_trick").to_string());
        };
        let cards = chosen
            .iter()
            .map(|code| {
                code.parse::<Card>().map_err(|_| {
                    Tr::new(lang).t_args(
                        "trionfetti-unknown_card",
                        &[("text", Arg::from(format!("{code:?}")))],
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        tricks.push(Trick { leader, cards });
    }
    if tricks.is_empty() {
        return Err(Tr::new(lang).t("trionfetti-need_first_trick").to_string());
    }
    let trick = draft.vagaresto_trick.parse::<u8>().ok();
    let vagaresto = parse_vagaresto(
        &draft.vagaresto_caller,
        &draft.vagaresto_answer,
        trick,
        lang,
    )?;
    Ok(RecordEntry::Hand(HandEntry {
        tricks: Some(tricks),
        vagaresto,
        ..HandEntry::default()
    }))
}

#[derive(Debug, Deserialize)]
pub struct UndoForm {
    #[serde(flatten)]
    envelope: Envelope,
}

/// Voids the last hand or smazzata entry still in effect.
pub async fn undo(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: web::Form<UndoForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let scorer_now = scorer(&request, &ctx, &state).await?;
    let record = scorer_now.loaded.any_record()?;
    let entry = record
        .last_undoable()
        .map(|target| {
            scoring::entry_json(&RecordEntry::Void(VoidEntry {
                target,
                reason: ctx.t("scoring-undo_reason").to_string(),
                author: None,
                time: None,
            }))
        })
        .ok_or_else(|| ctx.t("scoring-nothing_to_undo").to_string());
    submit(
        &request,
        ctx,
        &state,
        form.envelope,
        entry,
        Draft::default(),
    )
    .await
}

#[derive(Debug, Deserialize)]
pub struct CorrectionForm {
    #[serde(flatten)]
    envelope: Envelope,
    #[serde(default)]
    target: String,
    #[serde(default)]
    reason: String,
    /// Empty to void; `A` or `B` to replace with a hand won by that team.
    #[serde(default)]
    winner: String,
}

/// Voids an earlier entry, or replaces it by a hand won by the other team, with a reason.
pub async fn correct(
    request: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: web::Form<CorrectionForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let reason = form.reason.trim().chars().take(300).collect::<String>();
    let target: usize = form.target.parse().map_err(|_| AppError::BadRequest)?;
    let entry = if reason.is_empty() {
        Err(Tr::new(lang).t("games-need_reason").to_string())
    } else {
        match form.winner.as_str() {
            "" => Ok(RecordEntry::Void(VoidEntry {
                target,
                reason,
                author: None,
                time: None,
            })),
            "A" | "B" => Ok(RecordEntry::Replace(ReplaceEntry {
                target,
                reason,
                entry: PlayEntry::Hand(HandEntry {
                    winner: Some(if form.winner == "A" { Team::A } else { Team::B }),
                    ..HandEntry::default()
                }),
                author: None,
                time: None,
            })),
            _ => Err(Tr::new(lang).t("games-bad_correction").to_string()),
        }
    };
    let entry = entry.map(|entry| scoring::entry_json(&entry));
    submit(
        &request,
        ctx,
        &state,
        form.envelope,
        entry,
        Draft::default(),
    )
    .await
}
