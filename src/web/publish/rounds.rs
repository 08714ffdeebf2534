//! An event's rounds, bracket, standings and draw notes as the pages show them: the
//! read model ([`EventView`]) worded in the reader's language.

use crate::events::view::{EventView, LiveState};
use crate::lang::{Arg, Lang, Msg};
use crate::store::matches::MatchStatus;
use crate::tournament::{EntrantId, Match, Outcome, Points, Stage, Status, WalkoverReason};
use crate::web::events::SlotNames;
use crate::web::player_links::{self, PlayerLink};

use super::super::i18n::{TieBreakName, Tr, Worded};

pub struct StandingsView {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<StandingLine>,
}

pub struct StandingLine {
    pub position: u32,
    pub number: u32,
    pub name: String,
    /// The entrant's players, for links to their pages.
    pub players: Vec<PlayerLink>,
    pub played: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    pub score: Points,
    pub eliminated: bool,
    /// Left the event: their results so far stay.
    pub withdrawn: bool,
    pub tie_breaks: Vec<Points>,
}

/// A match as the pages show it.
#[derive(Debug, Clone)]
pub struct MatchView {
    pub key: String,
    /// Round within its stage, from 1.
    pub round: u32,
    /// The key as the reader reads it (`key` stays for anchors and forms).
    pub label: String,
    pub sides: [String; 2],
    /// Entrant numbers on each side (for highlighting).
    pub entrants: [Vec<u32>; 2],
    /// The players of each side, for links to their pages.
    pub players: [Vec<PlayerLink>; 2],
    pub status_key: &'static str,
    /// 0 or 1 once decided.
    pub winner: Option<usize>,
    pub result: String,
    pub table: Option<i32>,
    pub public_id: Option<String>,
    pub match_id: Option<i64>,
    pub live: Option<LiveState>,
    pub conflict: bool,
    pub playable: bool,
    pub forfeit: bool,
    pub stage_elimination: bool,
    pub stage: Stage,
    /// Games each side won, once played to the end.
    pub games: Option<[u32; 2]>,
}

impl MatchView {
    pub fn has(&self, side: usize, highlight: &Option<u32>) -> bool {
        highlight.is_some_and(|h| self.entrants[side].contains(&h))
    }

    pub fn is_winner(&self, side: usize) -> bool {
        self.winner == Some(side)
    }

    /// The key as an HTML id.
    pub fn anchor(&self) -> String {
        self.key.replace(' ', "-")
    }

    /// What a side has won: its games once finished, or so far while being played.
    pub fn side_score(&self, side: usize) -> Option<u32> {
        if let Some(games) = self.games {
            return Some(games[side]);
        }
        let live = self.live.as_ref()?;
        (live.entries > 0 && self.winner.is_none()).then_some(live.games[side])
    }

    /// Being played, with something recorded: the live page is worth following.
    pub fn is_live(&self) -> bool {
        self.winner.is_none() && self.live.as_ref().is_some_and(|live| live.entries > 0)
    }

    /// A side's name in its parts (a pair's players, each but the last with the dot
    /// after it), for lines to break between players first. A side still to come (a
    /// match's winner) is one part.
    pub fn name_parts(&self, side: usize) -> Vec<String> {
        let name = &self.sides[side];
        if self.entrants[side].is_empty() {
            return vec![name.clone()];
        }
        let parts: Vec<&str> = name.split(" · ").collect();
        let last = parts.len() - 1;
        parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                if i < last {
                    format!("{part}\u{a0}·")
                } else {
                    part.to_string()
                }
            })
            .collect()
    }

    /// The points so far while being played.
    pub fn live_points(&self) -> Option<String> {
        let live = self.live.as_ref()?;
        self.is_live()
            .then(|| format!("{}–{}", live.scores[0], live.scores[1]))
    }

    /// The score while being played, as the arguments of `event-live_line` (the points
    /// of the game in play, then the games won): `points_a`, `points_b`, `games_a`,
    /// `games_b`.
    pub fn live_args(&self) -> Option<[(&'static str, Arg); 4]> {
        let live = self.live.as_ref().filter(|_| self.is_live())?;
        Some([
            ("points_a", live.scores[0].into()),
            ("points_b", live.scores[1].into()),
            ("games_a", live.games[0].into()),
            ("games_b", live.games[1].into()),
        ])
    }

    /// The match's own page, unless a correction upstream gave the match other sides:
    /// the page recorded is the old pairing's.
    pub fn own_page(&self) -> Option<&str> {
        self.public_id.as_deref().filter(|_| !self.conflict)
    }

    /// Whether an entrant plays in this match.
    pub fn involves(&self, highlight: &Option<u32>) -> bool {
        self.has(0, highlight) || self.has(1, highlight)
    }
}

#[derive(Debug, Clone)]
pub struct RoundView {
    pub title: String,
    pub matches: Vec<MatchView>,
}

pub fn status_key(status: &Status) -> &'static str {
    match status {
        Status::Waiting => "event-status_waiting",
        Status::Ready => "event-status_ready",
        Status::InProgress => "event-status_in_progress",
        Status::Finished(Outcome::Forfeit { .. }) => "event-status_forfeit",
        Status::Finished(_) => "event-status_finished",
        Status::Walkover {
            reason: WalkoverReason::Bye,
            ..
        } => "event-status_bye",
        Status::Walkover { .. } => "event-status_walkover",
        Status::Void => "event-status_void",
        Status::Conflict { .. } => "event-status_conflict",
    }
}

fn winner_index(m: &Match) -> Option<usize> {
    match &m.status {
        Status::Finished(outcome) => Some(outcome.winner().index()),
        Status::Walkover { winner, .. } => Some(winner.index()),
        _ => None,
    }
}

fn result_text(m: &Match, tr: Tr) -> String {
    match &m.status {
        Status::Finished(Outcome::Played { games, points, .. }) => tr.t_args(
            "event-result_played",
            [
                ("games_a", games[0].into()),
                ("games_b", games[1].into()),
                ("points_a", points[0].into()),
                ("points_b", points[1].into()),
            ],
        ),
        Status::Finished(Outcome::Forfeit { .. }) => tr.t("event-result_forfeit").to_string(),
        _ => String::new(),
    }
}

/// Every match as pages show it, grouped into rounds in play order.
pub fn rounds(view: &EventView, lang: Lang) -> Vec<RoundView> {
    let Some(derived) = &view.derived else {
        return Vec::new();
    };
    let tr = Tr::new(lang);
    let last = view.last_rounds();
    let keyed = view.data.keyed();
    // Titles by message: a round's matches share one, worded once.
    let mut titles: Vec<(Msg, String)> = Vec::new();
    let mut rounds: Vec<RoundView> = Vec::new();
    for m in &derived.schedule.matches {
        let message = view.round_title(m, &last);
        let title = match titles.iter().find(|(known, _)| *known == message) {
            Some((_, title)) => title.clone(),
            None => {
                let title = tr.msg(&message);
                titles.push((message, title.clone()));
                title
            }
        };
        let row = keyed.get(&m.key);
        let conflict = matches!(m.status, Status::Conflict { .. });
        let shown = MatchView {
            key: m.key.to_string(),
            round: m.round,
            label: tr.msg(&m.key.label_in(view.data.knockout)),
            sides: [
                view.data.slot_name(&m.sides[0], lang),
                view.data.slot_name(&m.sides[1], lang),
            ],
            entrants: [
                m.sides[0].entrants().iter().map(|e| e.0).collect(),
                m.sides[1].entrants().iter().map(|e| e.0).collect(),
            ],
            players: [
                player_links::of_slot(&view.data, &m.sides[0]),
                player_links::of_slot(&view.data, &m.sides[1]),
            ],
            status_key: status_key(&m.status),
            winner: winner_index(m),
            result: result_text(m, tr),
            table: row.and_then(|r| r.table_number),
            public_id: row.map(|r| r.public_id.clone()),
            match_id: row.map(|r| r.id),
            // A result recorded for other sides (a correction upstream re-formed the
            // pairing) is none of this match's play.
            live: (!conflict)
                .then(|| view.live.get(m.key.as_str()).cloned())
                .flatten(),
            conflict,
            playable: matches!(m.status, Status::Ready | Status::InProgress),
            forfeit: row.is_some_and(|r| r.status() == MatchStatus::Forfeit),
            stage: m.stage,
            games: match &m.status {
                Status::Finished(Outcome::Played { games, .. }) => Some(*games),
                _ => None,
            },
            stage_elimination: matches!(
                m.stage,
                Stage::Winners
                    | Stage::Losers
                    | Stage::GrandFinal
                    | Stage::GrandFinalReset
                    | Stage::ThirdPlace
            ),
        };
        match rounds.iter_mut().find(|r| r.title == title) {
            Some(round) => round.matches.push(shown),
            None => rounds.push(RoundView {
                title,
                matches: vec![shown],
            }),
        }
    }
    rounds
}

/// Draw notes (Swiss pairings, rotating-partner reports) in words.
pub fn draw_notes(view: &EventView, lang: Lang) -> Vec<String> {
    let Some(derived) = &view.derived else {
        return Vec::new();
    };
    let tr = Tr::new(lang);
    let name = |e: EntrantId| view.data.entrant_name(e);
    let mut out = Vec::new();
    for note in &derived.schedule.notes {
        match note {
            crate::tournament::DrawNotes::Swiss(round) => {
                for n in &round.notes {
                    out.push(tr.t_args(
                        "event-draw_note",
                        [
                            ("round", round.round.into()),
                            ("note", tr.msg(&n.msg_with(&name)).into()),
                        ],
                    ));
                }
            }
            crate::tournament::DrawNotes::Rotating(report) => {
                out.extend(super::super::rotation::report_lines(report, lang, &name))
            }
        }
    }
    out
}

pub fn standings_views(view: &EventView, lang: Lang) -> Vec<StandingsView> {
    view.standings()
        .into_iter()
        .map(|table| StandingsView {
            title: table.title.message(lang),
            columns: table
                .rows
                .first()
                .map(|r| {
                    r.tie_breaks
                        .iter()
                        .map(|(t, _)| t.name(lang).to_string())
                        .collect()
                })
                .unwrap_or_default(),
            rows: table
                .rows
                .iter()
                .map(|r| StandingLine {
                    position: r.position,
                    number: r.entrant.0,
                    name: view.data.entrant_name(r.entrant),
                    players: player_links::of_entrant(&view.data, r.entrant),
                    played: r.played,
                    wins: r.wins,
                    losses: r.losses,
                    byes: r.byes,
                    score: r.score,
                    eliminated: r.eliminated,
                    withdrawn: view
                        .data
                        .entrant(r.entrant)
                        .is_some_and(|e| e.withdrawn_round.is_some()),
                    tie_breaks: r.tie_breaks.iter().map(|(_, v)| *v).collect(),
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_titles_and_results_read_as_the_pages_always_wrote_them() {
        let [it, en] = crate::web::i18n::in_both(|tr| tr);
        let knockout_final =
            Msg::new("event-round_knockout").arg("title", Msg::new("event-round_final"));
        assert_eq!(it.msg(&knockout_final), "Eliminazione · Finale");
        assert_eq!(en.msg(&knockout_final), "Knockout · Final");
        let group = Msg::new("event-round_group")
            .arg("group", 2)
            .arg("round", 3);
        assert_eq!(it.msg(&group), "Girone 2 · turno 3");
        assert_eq!(en.msg(&group), "Group 2 · round 3");
        let played = |tr: Tr| {
            tr.t_args(
                "event-result_played",
                [
                    ("games_a", 2.into()),
                    ("games_b", 1.into()),
                    ("points_a", 1234.into()),
                    ("points_b", 987.into()),
                ],
            )
        };
        assert_eq!(played(it), "partite 2–1 · punti 1234–987");
        assert_eq!(played(en), "games 2–1 · points 1234–987");
    }
}
