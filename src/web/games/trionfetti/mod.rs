//! Trionfetti on the shared pages: its log lines, its score sheet as players draw it
//! (team columns under the blobs of games won) and, on the replay, the comanda of a
//! smazzata and the tricks of a hand card by card with the card that took each.
//! Its entry forms are built in `form` and posted to the handlers in `entry`
//! (`…/hand`, `…/smazzata`, `…/tricks`), the card picker of `…/tricks` in `picker`; undo and corrections are `web::scoring`'s.

mod entry;
mod form;
mod picker;

pub(super) use entry::tap_entry;
pub use entry::{HandForm, SmazzataForm, record_hand, record_smazzata, record_tricks};

use serde_json::Value;

use super::GamePages;
use super::referee::GameRefereePage;
use super::sheets::{ColumnSheet, GameSheet, ReplayDetail, SheetLayout};
use crate::lang::Lang;
use crate::rules::any::AnyMatch;
use crate::rules::game::{Game, Team};
use crate::rules::trick::winning_position;
use crate::rules::trionfetti::Trionfetti;
use crate::web::games::Fields;
use crate::web::i18n::Tr;
use crate::web::scoring::CorrectionWords;

pub struct TrionfettiPages;

/// Trionfetti's pages, as [`super::pages`] finds them.
pub const PAGES: &dyn GamePages = &TrionfettiPages;

impl GamePages for TrionfettiPages {
    fn entry(&self, _fields: &Fields, tr: Tr) -> Result<Value, String> {
        Err(tr.t("games-trionfetti_own_page").to_string())
    }

    fn describe(&self, entry: &Value, _players: &[String], tr: Tr) -> String {
        match entry["type"].as_str() {
            Some("smazzata") => {
                let comanda = entry["comanda"]
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| tr.t("trionfetti-explicit_ranking").to_string());
                tr.t_args("trionfetti-comanda", &[("comanda", comanda.into())])
            }
            _ => match entry["winner"].as_str() {
                Some(team) => tr.t_args("trionfetti-hand_to", &[("team", team.to_string().into())]),
                None => tr.t("trionfetti-hand_conceded").to_string(),
            },
        }
    }

    fn sheet(&self, state: &AnyMatch, players: &[String], _tr: Tr) -> GameSheet {
        match state {
            AnyMatch::Trionfetti(game) => sheet(game, players),
            _ => GameSheet::common(state, players),
        }
    }

    fn outcome_form(&self, page: &GameRefereePage) -> askama::Result<String> {
        form::trionfetti_form(page)
    }

    fn has_hand_forms(&self) -> bool {
        true
    }

    fn log_line(&self, entry: &Value, players: &[String], lang: Lang) -> Option<String> {
        form::trionfetti_log_line(entry, players, lang)
    }

    /// A hand may be voided or given to either team; a smazzata's setup only voided.
    fn correction_choices(&self, kind: &str) -> Option<Vec<Team>> {
        match kind {
            "hand" => Some(Team::BOTH.to_vec()),
            "smazzata" | "first_dealer" => Some(Vec::new()),
            _ => None,
        }
    }

    fn correction_words(&self) -> CorrectionWords {
        CorrectionWords {
            summary_key: "scoring-correct",
            hint_key: None,
            choose_winner: true,
            button_key: "scoring-apply_correction",
        }
    }

    fn replay_detail(
        &self,
        state: &AnyMatch,
        entry: &Value,
        players: &[String],
        lang: Lang,
    ) -> ReplayDetail {
        let AnyMatch::Trionfetti(game) = state else {
            return ReplayDetail::default();
        };
        let ranking = game.ranking();
        let ranking_line = ranking.map(|ranking| Tr::new(lang).ranking_line(ranking));
        if entry["type"] == "smazzata" {
            let ranking_levels = ranking.map_or_else(Vec::new, |ranking| {
                crate::web::cards::level_faces(ranking, lang)
            });
            return ReplayDetail {
                comanda: entry["comanda"].as_str().map(str::to_string),
                ranking_line,
                ranking_levels,
                tricks: Vec::new(),
            };
        }
        let (Some(ranking), Some(tricks)) = (ranking, entry["tricks"].as_array()) else {
            return ReplayDetail::default();
        };
        let mut views = super::sheets::trick_lines(entry, players, lang);
        for (view, trick) in views.iter_mut().zip(tricks) {
            let cards: Option<Vec<_>> = trick["cards"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|code| code.as_str().and_then(|code| code.parse().ok()))
                .collect();
            let winner = cards.and_then(|cards| winning_position(&cards, ranking));
            if let Some(play) = winner.and_then(|position| view.plays.get_mut(position)) {
                play.2 = true;
            }
        }
        ReplayDetail {
            comanda: None,
            ranking_line,
            ranking_levels: Vec::new(),
            tricks: views,
        }
    }
}

/// The sheet: the common parts, and the column layout of the game being played.
fn sheet(game: &Trionfetti, players: &[String]) -> GameSheet {
    let summary = game.summary();
    let mut sheet = GameSheet::new(&summary.common, players, summary.options.games_to_win);
    sheet.side_key = "scoring-team";
    let won = |team: Team, line: usize| summary.common.games_won[team.index()] as usize > line;
    sheet.layout = SheetLayout::Columns(ColumnSheet {
        blob_lines: (0..summary.options.games_to_win as usize)
            .map(|line| (won(Team::A, line), won(Team::B, line)))
            .collect(),
        points: summary
            .sheet
            .iter()
            .filter(|row| row.game == summary.game_number)
            // The smazzata just begun, no hand played yet, is no line of the sheet.
            .filter(|row| row.hands > 0 || row.end.is_some())
            .map(|row| row.points)
            .collect(),
        smazzata: summary.smazzata,
        hand: summary.hand,
        last_hand: summary.last_hand.map(|last| {
            let names = super::side_names(players, last.winner);
            let who = if names.is_empty() {
                last.winner.to_string()
            } else {
                names
            };
            (who, last.points)
        }),
    });
    sheet
}
