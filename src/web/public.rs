//! Pages anyone may open: a match's live score sheet (updated through
//! Server-Sent Events, with a refresh link without JavaScript), its replay step by
//! step, and its match record as JSON.

use std::borrow::Borrow;
use std::time::Duration;

use actix_web::http::{StatusCode, header};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::PageContext;
use super::error::AppError;
use super::games::card_name;
use super::i18n::{Tr, stored_text};
use super::matches::{load_match, status_key};
use super::publish::{CachedPage, PageKey, Rendered, fragment_response, kept_or_built};
use super::{AppState, render_with_status};
use crate::lang::Lang;
use crate::rules::comanda::Nicknames;
use crate::rules::game::{Game, Seat, Team};
use crate::rules::record::RecordEntry;
use crate::rules::replay;
use crate::rules::trionfetti::{Trionfetti, TrionfettiSummary};
use crate::scoring::{self, LoadedMatch};
use crate::store::matches::MatchStatus;

/// The score sheet as players draw it: two team columns, three lines on which won
/// games are marked with blobs on the winner's side, one row of points per smazzata.
pub struct Sheet {
    pub players: [String; 4],
    pub summary: TrionfettiSummary,
    pub games_to_win: u32,
}

impl Sheet {
    pub fn new(players: [String; 4], state: &Trionfetti) -> Sheet {
        let summary = state.summary();
        Sheet {
            players,
            games_to_win: summary.options.games_to_win,
            summary,
        }
    }

    pub fn team_names(&self, team: impl Borrow<Team>) -> String {
        let [first, second] = team.borrow().seats();
        format!(
            "{} · {}",
            self.players[first.index()],
            self.players[second.index()]
        )
    }

    /// One line per game a team needs, each with the blob of a won game on its winner's side.
    pub fn blob_lines(&self) -> Vec<(bool, bool)> {
        (0..self.games_to_win as usize)
            .map(|line| {
                let won = |team: Team| self.summary.common.games_won[team.index()] as usize > line;
                (won(Team::A), won(Team::B))
            })
            .collect()
    }

    /// Rows of the current game (earlier games' points were "erased" when they were won).
    pub fn current_rows(&self) -> Vec<&crate::rules::trionfetti::SheetRow> {
        let game = self.summary.game_number;
        self.summary
            .sheet
            .iter()
            .filter(|row| row.game == game)
            .collect()
    }

    pub fn seat_name(&self, seat: &Option<Seat>) -> String {
        seat.map(|seat| format!("{} ({})", self.players[seat.index()], seat))
            .unwrap_or_else(|| "—".to_string())
    }

    pub fn winner_names(&self) -> Option<String> {
        self.summary.common.winner.map(|team| self.team_names(team))
    }
}

/// The content of a Trionfetti match's live page, the same for every visitor who reads
/// it in one language (kept by the [`PageCache`](super::publish::PageCache)).
#[derive(Template)]
#[template(path = "public/live.html", block = "content")]
pub struct LivePage {
    pub ctx: Tr,
    pub public_id: String,
    pub title: String,
    pub status: MatchStatus,
    pub sheet: Sheet,
    pub seq: usize,
}

impl LivePage {
    pub fn status_label(&self) -> &'static str {
        self.ctx.t(status_key(self.status))
    }
}

/// The live page of a match of any game.
pub async fn live(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey {
        kind: "m",
        public_id: public_id.into_inner(),
        lang: ctx.lang(),
        highlight: None,
    };
    let page = kept_or_built(&state, key, LoadedMatch::load, |loaded, key| {
        if super::games::has_pages(loaded.row.game) {
            return super::games::sheets::live(&loaded, key.lang);
        }
        let game = loaded.state()?;
        let body = LivePage {
            public_id: loaded.row.public_id.clone(),
            title: crate::events::title_text(&loaded.row.title, key.lang),
            status: loaded.row.status(),
            seq: loaded.entries.len(),
            sheet: Sheet::new(loaded.row.players(), &game),
            ctx: Tr::new(key.lang),
        };
        Rendered::page(body.title.clone(), &body)
    })
    .await?;
    CachedPage { ctx, page }.respond()
}

#[derive(Template)]
#[template(path = "public/sheet_fragment.html")]
pub struct SheetFragment {
    pub ctx: Tr,
    pub sheet: Sheet,
    pub seq: usize,
}

/// Just the sheet, for the live page's script to swap in. Every open live page of the
/// match asks for it after each change, all at once: it is kept like the page.
pub async fn sheet(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let key = PageKey {
        kind: "s",
        public_id: public_id.into_inner(),
        lang: ctx.lang(),
        highlight: None,
    };
    let page = kept_or_built(&state, key, LoadedMatch::load, |loaded, key| {
        if super::games::has_pages(loaded.row.game) {
            return super::games::sheets::fragment(&loaded, key.lang);
        }
        let game = loaded.state()?;
        let fragment = SheetFragment {
            seq: loaded.entries.len(),
            sheet: Sheet::new(loaded.row.players(), &game),
            ctx: Tr::new(key.lang),
        };
        Rendered::fragment(&fragment)
    })
    .await?;
    Ok(fragment_response(&page))
}

/// Server-Sent Events: `update` with the new entry count whenever the match changes.
/// How long an event stream waits before it reads again a match it could not read.
const REREAD_PAUSE: Duration = Duration::from_secs(1);
/// How long an event stream stays silent before it sends a comment.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

pub async fn events(
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let loaded = load_match(&state, &public_id).await?;
    let match_id = loaded.row.id;
    let receiver = state.updates.subscribe();
    let first = Bytes::from(format!(
        "retry: 3000\nevent: update\ndata: {}\n\n",
        loaded.entries.len()
    ));
    let watched = state.clone();
    // The stream's state: the receiver, bytes to send first, and whether a read of
    // the match failed and is to be tried again.
    let stream = futures_util::stream::unfold(
        (receiver, Some(first), watched, false),
        move |(mut receiver, pending, state, mut reread)| async move {
            if let Some(bytes) = pending {
                return Some((
                    Ok::<_, actix_web::Error>(bytes),
                    (receiver, None, state, reread),
                ));
            }
            loop {
                // A failed read is tried again soon; otherwise a comment every 20 s
                // keeps proxies from closing an idle stream.
                let wait = if reread { REREAD_PAUSE } else { KEEP_ALIVE };
                let next = actix_web::rt::time::timeout(wait, receiver.recv()).await;
                let read_now = match next {
                    Err(_) if reread => true,
                    Err(_) => {
                        return Some((
                            Ok(Bytes::from_static(b": keep-alive\n\n")),
                            (receiver, None, state, false),
                        ));
                    }
                    Ok(Ok(changed)) => changed == match_id || changed == super::EVERY_MATCH,
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                        return Some((
                            Ok(Bytes::from_static(b"event: update\ndata: ?\n\n")),
                            (receiver, None, state, false),
                        ));
                    }
                    Ok(Err(tokio::sync::broadcast::error::RecvError::Closed)) => return None,
                };
                if !read_now {
                    continue;
                }
                let count = state
                    .read(move |connection| {
                        Ok(crate::store::matches::entries(connection, match_id)?.len())
                    })
                    .await;
                match count {
                    Ok(count) => {
                        let event = Bytes::from(format!("event: update\ndata: {count}\n\n"));
                        return Some((Ok(event), (receiver, None, state, false)));
                    }
                    // Nothing is said rather than a count that was not read.
                    Err(error) => {
                        if !reread {
                            tracing::warn!(%error, "a live page's match could not be read; trying again");
                        }
                        reread = true;
                    }
                }
            }
        },
    );
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}

// ---------------------------------------------------------------- replay

pub struct ReplayLine {
    pub index: usize,
    pub kind: &'static str,
    pub text: String,
    pub voided: bool,
    pub replaced: bool,
    pub current: bool,
}

pub struct TrickView {
    pub number: usize,
    pub plays: Vec<(String, String, bool)>,
}

#[derive(Template, WebTemplate)]
#[template(path = "public/replay.html")]
pub struct ReplayPage {
    pub ctx: PageContext,
    pub public_id: String,
    pub title: String,
    pub step: usize,
    pub last_step: usize,
    pub lines: Vec<ReplayLine>,
    pub sheet: Sheet,
    pub comanda: Option<String>,
    pub ranking_line: Option<String>,
    pub tricks: Vec<TrickView>,
}

impl ReplayPage {
    pub fn previous(&self) -> Option<usize> {
        self.step.checked_sub(1)
    }

    pub fn next(&self) -> Option<usize> {
        (self.step < self.last_step).then_some(self.step + 1)
    }
}

#[derive(Deserialize)]
pub struct StepQuery {
    step: Option<usize>,
}

/// Step 0 is the match before any entry; step n is the state after entry n-1.
pub async fn replay_page(
    ctx: PageContext,
    state: web::Data<AppState>,
    public_id: web::Path<String>,
    query: web::Query<StepQuery>,
) -> Result<HttpResponse, AppError> {
    let loaded = load_match(&state, &public_id).await?;
    if super::games::has_pages(loaded.row.game) {
        return super::games::sheets::replay(ctx, &loaded, query.step);
    }
    let record = loaded.record()?;
    let steps = replay::replay_steps(&record, &loaded.nicknames);
    let last_step = steps.steps.len();
    let step = query.step.unwrap_or(last_step).min(last_step);
    let game = if step == 0 {
        steps.initial.clone()
    } else {
        steps.steps[step - 1].state.clone()
    };
    let lang = ctx.lang();
    let (voided, replaced) = scoring::corrections(&record);
    let lines = record
        .entries
        .iter()
        .enumerate()
        .map(|(index, entry)| ReplayLine {
            index,
            kind: entry.kind(),
            text: describe(entry, lang),
            voided: voided.contains(&index),
            replaced: replaced.contains(&index),
            current: index + 1 == step,
        })
        .collect();
    let mut comanda = None;
    let mut ranking_line = None;
    let mut tricks = Vec::new();
    if step > 0 {
        match &record.entries[step - 1] {
            RecordEntry::Smazzata(setup) => {
                comanda = setup.comanda.clone();
                ranking_line = game.ranking().map(|ranking| ranking.render_line(lang));
            }
            RecordEntry::Hand(hand) => {
                if let (Some(recorded), Some(ranking)) = (&hand.tricks, game.ranking()) {
                    ranking_line = Some(ranking.render_line(lang));
                    for (number, trick) in recorded.iter().enumerate() {
                        let winner = crate::rules::trick::winning_position(&trick.cards, ranking);
                        let plays = trick
                            .cards
                            .iter()
                            .enumerate()
                            .map(|(position, card)| {
                                let seat = trick.leader.after(position);
                                (
                                    format!("{} ({seat})", loaded.row.players()[seat.index()]),
                                    card_name(*card, lang),
                                    winner == Some(position),
                                )
                            })
                            .collect();
                        tricks.push(TrickView {
                            number: number + 1,
                            plays,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    let page = ReplayPage {
        public_id: loaded.row.public_id.clone(),
        title: crate::events::title_text(&loaded.row.title, lang),
        step,
        last_step,
        lines,
        sheet: Sheet::new(loaded.row.players(), &game),
        comanda,
        ranking_line,
        tricks,
        ctx,
    };
    render_with_status(&page, StatusCode::OK)
}

fn describe(entry: &RecordEntry, lang: Lang) -> String {
    let tr = Tr::new(lang);
    let correction = |id: &str, target: usize, reason: &str| {
        let reason = stored_text(reason, lang).to_string();
        tr.t_args(id, &[("target", target.into()), ("reason", reason.into())])
    };
    match entry {
        RecordEntry::Smazzata(setup) => {
            let comanda = setup
                .comanda
                .clone()
                .unwrap_or_else(|| tr.t("trionfetti-explicit_ranking").to_string());
            tr.t_args("trionfetti-comanda", &[("comanda", comanda.into())])
        }
        RecordEntry::Hand(hand) => match (hand.winner, &hand.tricks) {
            (_, Some(tricks)) => tr.t_args(
                "trionfetti-card_by_card_tricks",
                &[("tricks", tricks.len().into())],
            ),
            (Some(team), None) => {
                tr.t_args("trionfetti-hand_to", &[("team", team.to_string().into())])
            }
            (None, None) => tr.t("trionfetti-hand_conceded").to_string(),
        },
        RecordEntry::Void(void) => correction("games-log_void", void.target, &void.reason),
        RecordEntry::Replace(replace) => {
            correction("trionfetti-replaces", replace.target, &replace.reason)
        }
    }
}

/// The match record as JSON, for download.
pub async fn record(
    state: web::Data<AppState>,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let loaded = load_match(&state, &public_id).await?;
    let record = loaded.any_record()?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"match-{}.json\"",
                loaded.row.public_id
            ),
        ))
        .body(record.to_json()))
}

#[derive(Deserialize)]
pub struct ComandaQuery {
    #[serde(default)]
    text: String,
}

/// The order a comanda gives, for the referee page's live preview:
/// `{"line": …, "levels": [[codes]]}` or `{"error": …}` in the visitor's language.
pub async fn comanda_preview(ctx: PageContext, query: web::Query<ComandaQuery>) -> HttpResponse {
    let lang = ctx.lang();
    let text: String = query.text.chars().take(500).collect();
    let body = match crate::rules::comanda::parse(&text, &Nicknames::new()) {
        Ok(ranking) => serde_json::json!({
            "line": ranking.render_line(lang),
            "levels": ranking.level_codes(),
        }),
        Err(error) => serde_json::json!({ "error": super::i18n::Worded::message(&error, lang) }),
    };
    HttpResponse::Ok()
        .content_type("application/json")
        .body(body.to_string())
}
