//! The score sheets of the five games, and the live and replay pages that show them.
//! A sheet has a column per team (or side), one row per deal or round from the game's
//! summary, the totals and the games won; Trionfetti's is drawn as its players draw
//! it ([`SheetLayout::Columns`]).

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use super::super::context::PageContext;
use super::super::error::AppError;
use super::super::i18n::Tr;
use super::super::matches::status_key;
use super::super::publish::Rendered;
use super::super::render_with_status;
use crate::lang::Lang;
use crate::rules::any::AnyMatch;
use crate::rules::game::{Summary, Team};
use crate::scoring::LoadedMatch;
use crate::store::matches::MatchStatus;

/// One deal (or round) of the sheet.
pub struct SheetRow {
    pub number: u32,
    pub game: u32,
    /// The first row of a game after the first: the sheet draws a line above it.
    pub first_of_game: bool,
    pub dealer: String,
    /// What else the deal says (trumps, declarations, how it ended), in words.
    pub detail: String,
    pub points: [String; 2],
    /// The totals after it.
    pub totals: [String; 2],
    pub game_won: Option<Team>,
}

/// A game's score sheet.
pub struct GameSheet {
    pub sides: [String; 2],
    pub rows: Vec<SheetRow>,
    /// Totals of the game being played (the deciding game's once the match is over).
    pub totals: [String; 2],
    pub games_won: [u32; 2],
    pub games_to_win: u32,
    pub over: bool,
    /// The winners' names, once the match is over.
    pub winner: Option<String>,
    pub dealer: Option<String>,
    /// Who cuts and who leads the next hand, by name (while the match goes on).
    pub cutter: Option<String>,
    pub leader: Option<String>,
    /// "Deal" or "Round" column heading.
    pub unit_key: &'static str,
    /// What a side is called ("Side", or Trionfetti's "Team").
    pub side_key: &'static str,
    /// The game's own facts, as (label, value) in the reader's language.
    pub facts: Vec<(String, String)>,
    pub layout: SheetLayout,
}

/// How a sheet is drawn.
pub enum SheetLayout {
    /// A table of the deals with their running totals and details.
    Table,
    /// Trionfetti's sheet as players draw it: the two team columns of the game being
    /// played, under one line per game a team needs with a blob on the winner's side.
    Columns(ColumnSheet),
}

/// What Trionfetti's sheet shows besides the common parts.
pub struct ColumnSheet {
    /// One line per game a team needs: whether team A, team B won a game on it.
    pub blob_lines: Vec<(bool, bool)>,
    /// The points of each smazzata of the game being played (earlier games' points
    /// were "erased" when they were won).
    pub points: Vec<[u32; 2]>,
    pub smazzata: u32,
    pub hand: u8,
    /// The players who took the last hand (their team's letter where they have no
    /// names), and its points.
    pub last_hand: Option<(String, u32)>,
}

impl SheetRow {
    /// Deal (or round) `number` of game `game`, dealt by `dealer`; nothing in it yet.
    pub fn new(number: u32, game: u32, dealer: String) -> SheetRow {
        SheetRow {
            number,
            game,
            first_of_game: false,
            dealer,
            detail: String::new(),
            points: Default::default(),
            totals: Default::default(),
            game_won: None,
        }
    }

    /// What else the deal says, the parts in the order given.
    pub fn detail(mut self, parts: Vec<String>) -> SheetRow {
        self.detail = parts.join(" · ");
        self
    }

    /// The points the deal gave each side, the totals after it and the game it won.
    pub fn points(
        mut self,
        points: [impl ToString; 2],
        totals: [impl ToString; 2],
        game_won: Option<Team>,
    ) -> SheetRow {
        self.points = points.map(|points| points.to_string());
        self.totals = totals.map(|total| total.to_string());
        self.game_won = game_won;
        self
    }
}

impl GameSheet {
    pub fn new(common: &Summary, players: &[String], games_to_win: u32) -> GameSheet {
        let sides = [
            super::side_names(players, Team::A),
            super::side_names(players, Team::B),
        ];
        GameSheet {
            winner: common.winner.map(|team| sides[team.index()].clone()),
            sides,
            rows: Vec::new(),
            totals: common.scores.map(|score| score.to_string()),
            games_won: common.games_won,
            games_to_win,
            over: common.over,
            dealer: common.dealer.map(|seat| super::seat_name(players, seat)),
            cutter: common.dealer.map(|seat| {
                super::seat_name(
                    players,
                    crate::rules::first_dealer::cutter(seat, players.len()),
                )
            }),
            leader: common.leader.map(|seat| super::seat_name(players, seat)),
            unit_key: "games-col_deal",
            side_key: "games-side",
            facts: Vec::new(),
            layout: SheetLayout::Table,
        }
    }

    /// Marks where each game starts.
    pub fn finish(&mut self) {
        let mut previous = None;
        for row in &mut self.rows {
            row.first_of_game = previous.is_some_and(|game| game != row.game);
            previous = Some(row.game);
        }
    }

    /// The sheet of a match of any game.
    pub fn of(state: &AnyMatch, players: &[String], tr: Tr) -> GameSheet {
        let mut sheet = super::pages(state.kind()).sheet(state, players, tr);
        sheet.keep_final_totals();
        sheet
    }

    /// Once the match is over the core counts no game in play (0–0), while the sheet
    /// ends on the deciding game: its totals are the ones written under it.
    fn keep_final_totals(&mut self) {
        if !self.over {
            return;
        }
        match &self.layout {
            SheetLayout::Table => {
                if let Some(last) = self.rows.last() {
                    self.totals = last.totals.clone();
                }
            }
            SheetLayout::Columns(columns) if !columns.points.is_empty() => {
                let sum = |team: usize| {
                    columns
                        .points
                        .iter()
                        .map(|points| points[team])
                        .sum::<u32>()
                };
                self.totals = [sum(0).to_string(), sum(1).to_string()];
            }
            SheetLayout::Columns(_) => {}
        }
    }

    /// The sheet of what every game's summary has, without rows.
    pub fn common(state: &AnyMatch, players: &[String]) -> GameSheet {
        GameSheet::new(&state.common(), players, 1)
    }

    pub fn side_label(&self, team: &Team) -> String {
        self.sides[team.index()].clone()
    }

    pub fn won_label(&self, team: &Option<Team>) -> String {
        team.map(|team| team.letter().to_string())
            .unwrap_or_default()
    }
}

// ---------------------------------------------------------------- live

/// The content of a live page, the same for every visitor who reads it in one language
/// (kept by the page cache: see `web::public::live`).
#[derive(Template)]
#[template(path = "games/live.html", block = "content")]
pub struct GameLivePage {
    pub ctx: Tr,
    pub public_id: String,
    pub title: String,
    pub game_key: &'static str,
    pub status: MatchStatus,
    pub sheet: GameSheet,
    pub seq: usize,
    /// The match's players who have a player page, side by side.
    pub players: [Vec<crate::web::player_links::PlayerLink>; 2],
}

impl GameLivePage {
    pub fn status_label(&self) -> &'static str {
        self.ctx.t(status_key(self.status))
    }
}

pub fn live(
    loaded: &LoadedMatch,
    players: [Vec<crate::web::player_links::PlayerLink>; 2],
    lang: Lang,
) -> Result<Rendered, AppError> {
    let state = loaded.any_state()?;
    let body = GameLivePage {
        public_id: loaded.row.public_id.clone(),
        title: Tr::new(lang).msg(&loaded.title_msg()),
        game_key: super::game_key(loaded.row.game),
        status: loaded.row.status(),
        seq: loaded.entries.len(),
        sheet: GameSheet::of(&state, &loaded.row.player_names(), Tr::new(lang)),
        players,
        ctx: Tr::new(lang),
    };
    Rendered::page(body.title.clone(), &body)
}

#[derive(Template)]
#[template(path = "games/sheet_fragment.html")]
pub struct GameSheetFragment {
    pub ctx: Tr,
    pub sheet: GameSheet,
    pub seq: usize,
}

pub fn fragment(loaded: &LoadedMatch, lang: Lang) -> Result<Rendered, AppError> {
    let state = loaded.any_state()?;
    let fragment = GameSheetFragment {
        seq: loaded.entries.len(),
        sheet: GameSheet::of(&state, &loaded.row.player_names(), Tr::new(lang)),
        ctx: Tr::new(lang),
    };
    Rendered::fragment(&fragment)
}

// ---------------------------------------------------------------- replay

pub struct ReplayLine {
    pub index: usize,
    pub text: String,
    pub voided: bool,
    pub replaced: bool,
    pub current: bool,
}

/// A trick of a card-by-card entry.
pub struct TrickView {
    pub number: usize,
    /// (player, card, whether it took the trick, the card's face), in the order played.
    pub plays: Vec<(String, String, bool, Option<crate::web::cards::Face>)>,
}

/// What the replay shows of the entry of its step besides the sheet.
#[derive(Default)]
pub struct ReplayDetail {
    /// The comanda as said.
    pub comanda: Option<String>,
    /// The order of the cards it gives, in a line.
    pub ranking_line: Option<String>,
    /// The same order as card faces, lowest level first (equal cards together).
    pub ranking_levels: Vec<Vec<crate::web::cards::Face>>,
    pub tricks: Vec<TrickView>,
}

#[derive(Template)]
#[template(path = "games/replay.html")]
pub struct GameReplayPage {
    pub ctx: PageContext,
    pub public_id: String,
    pub title: String,
    pub step: usize,
    pub last_step: usize,
    pub lines: Vec<ReplayLine>,
    pub sheet: GameSheet,
    pub detail: ReplayDetail,
}

impl GameReplayPage {
    pub fn previous(&self) -> Option<usize> {
        self.step.checked_sub(1)
    }

    pub fn next(&self) -> Option<usize> {
        (self.step < self.last_step).then_some(self.step + 1)
    }
}

/// Step 0 is the match before any entry; step n the state after entry n-1.
pub fn replay(
    ctx: PageContext,
    loaded: &LoadedMatch,
    step: Option<usize>,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang();
    let record = loaded.any_record()?;
    let steps = record.replay_steps(&loaded.nicknames);
    let last_step = steps.steps.len();
    let step = step.unwrap_or(last_step).min(last_step);
    let state = if step == 0 {
        steps.initial.clone()
    } else {
        steps.steps[step - 1].state.clone()
    };
    let players = loaded.row.player_names();
    let (voided, replaced) = record.voided_and_replaced();
    let entries = record.entries_json();
    let lines = entries
        .iter()
        .enumerate()
        .map(|(index, entry)| ReplayLine {
            index,
            text: super::describe(loaded.row.game, entry, &players, Tr::new(lang)),
            voided: voided.contains(&index),
            replaced: replaced.contains(&index),
            current: index + 1 == step,
        })
        .collect();
    let detail = step
        .checked_sub(1)
        .and_then(|index| entries.get(index))
        .map(|entry| {
            super::pages(loaded.row.game).replay_detail(&state, played(entry), &players, lang)
        })
        .unwrap_or_default();
    let page = GameReplayPage {
        public_id: loaded.row.public_id.clone(),
        title: Tr::new(lang).msg(&loaded.title_msg()),
        step,
        last_step,
        lines,
        sheet: GameSheet::of(&state, &players, Tr::new(lang)),
        detail,
        ctx,
    };
    render_with_status(&page, StatusCode::OK)
}

/// The entry played: the entry itself, or the one a replace carries.
fn played(entry: &serde_json::Value) -> &serde_json::Value {
    if entry["type"] == "replace" {
        &entry["entry"]
    } else {
        entry
    }
}

/// The tricks of a card-by-card entry, no card marked as taking its trick.
pub fn trick_lines(entry: &serde_json::Value, players: &[String], lang: Lang) -> Vec<TrickView> {
    let Some(tricks) = entry.get("tricks").and_then(|tricks| tricks.as_array()) else {
        return Vec::new();
    };
    tricks
        .iter()
        .enumerate()
        .map(|(number, trick)| {
            let leader = trick["leader"].as_u64().unwrap_or(0) as usize;
            let plays = trick["cards"]
                .as_array()
                .map(|cards| {
                    cards
                        .iter()
                        .enumerate()
                        .map(|(position, code)| {
                            let seat = (leader + position) % players.len().max(1);
                            // The player by name, as everywhere people read a seat.
                            let who = match players.get(seat) {
                                Some(name) if !name.is_empty() => name.clone(),
                                _ => (seat + 1).to_string(),
                            };
                            let face = code
                                .as_str()
                                .and_then(|code| crate::web::cards::Face::parse(code, lang));
                            let card = face
                                .as_ref()
                                .map(|face| face.name.clone())
                                .unwrap_or_else(|| code.to_string());
                            (who, card, false, face)
                        })
                        .collect()
                })
                .unwrap_or_default();
            TrickView {
                number: number + 1,
                plays,
            }
        })
        .collect()
}
