//! The bracket drawn as a bracket: elimination rounds as columns joined by lines (the
//! winners' and the losers' brackets apart), its own page at `/e/{id}/bracket`, and the
//! window a big bracket is shown through (a few rounds, a slice of their matches).
//! On a phone the columns are tabs: `#anchor` links and `:target`, no script needed.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::EventVisit;
use super::rounds::{MatchView, RoundView, rounds};
use crate::events::view::EventView;
use crate::lang::Lang;
use crate::store::events::EventRow;
use crate::tournament::{EntrantId, Stage};
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::i18n::Tr;

mod window;
pub use window::WindowLink;

/// How a column's matches lead into the next column's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// Two matches feed one: a line from each meets halfway.
    Pairs,
    /// One match feeds one.
    Straight,
    None,
}

/// A round of the bracket, or its champion.
#[derive(Debug, Clone)]
pub struct Column {
    pub title: String,
    /// The HTML id the phone's tabs link to.
    pub anchor: String,
    pub matches: Vec<MatchView>,
    pub join: Join,
    /// Lines come in from the column before.
    pub fed: bool,
    /// The column a phone shows before a tab is chosen: the round being played.
    pub current: bool,
    pub champion: Option<String>,
}

impl Column {
    fn of(round: &RoundView, anchor: String) -> Column {
        Column {
            title: round.title.clone(),
            anchor,
            matches: round.matches.clone(),
            join: Join::None,
            fed: false,
            current: false,
            champion: None,
        }
    }

    /// The rounds as columns, their anchors numbered after `anchor` (`round-w1`, …).
    fn numbered<'a>(rounds: impl IntoIterator<Item = &'a RoundView>, anchor: &str) -> Vec<Column> {
        rounds
            .into_iter()
            .enumerate()
            .map(|(i, r)| Column::of(r, format!("{anchor}{}", i + 1)))
            .collect()
    }

    /// The column after the final that names the champion.
    fn champion(title: String, name: String) -> Column {
        Column {
            title,
            anchor: "champion".into(),
            matches: Vec::new(),
            join: Join::None,
            fed: false,
            current: false,
            champion: Some(name),
        }
    }

    /// The slot classes of match `index`: which way its line goes and whether one comes in.
    pub fn slot_class(&self, index: &usize) -> String {
        let mut class = String::from("bracket-slot");
        match self.join {
            Join::Pairs if index.is_multiple_of(2) => class.push_str(" join-down"),
            Join::Pairs => class.push_str(" join-up"),
            Join::Straight => class.push_str(" join-straight"),
            Join::None => {}
        }
        if self.fed {
            class.push_str(" fed");
        }
        class
    }
}

/// The winners' (or only) bracket, or the losers'.
#[derive(Debug, Clone)]
pub struct Part {
    /// Named only when there are two.
    pub title: Option<String>,
    pub columns: Vec<Column>,
}

/// Where a window is: its first column (from 1) and its slice of their matches (from 1).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub struct BracketQuery {
    pub highlight: Option<u32>,
    pub round: Option<usize>,
    pub part: Option<usize>,
}

/// The bracket as pages draw it (see `templates/publish/bracket.html`).
pub struct Bracket {
    /// The elimination rounds in play order (pages that only ask whether there is a
    /// bracket read these).
    pub columns: Vec<RoundView>,
    pub parts: Vec<Part>,
    pub highlight: Option<u32>,
    pub champion: Option<String>,
    pub champion_label: String,
    pub table_label: String,
    pub follow_label: String,
    /// Names the scrolling region and the tabs for screen readers.
    pub region_label: String,
    pub tabs_label: String,
    /// The moves of a window (earlier and later rounds, other slices), if shown through one.
    pub window: Vec<WindowLink>,
    pub window_note: Option<String>,
    /// The full bracket's page, shown where the bracket is part of another page.
    pub page_link: Option<String>,
    pub page_link_label: String,
    pub tr: Tr,
}

impl Bracket {
    /// The phone's tabs: every column shown, by anchor and title, and whether it is the
    /// one shown first.
    pub fn tabs(&self) -> Vec<(&str, &str, bool)> {
        self.parts
            .iter()
            .flat_map(|p| &p.columns)
            .map(|c| (c.anchor.as_str(), c.title.as_str(), c.current))
            .collect()
    }

    /// A decided match's result in words (a walkover has no score: its status).
    pub fn result_of(&self, m: &MatchView) -> String {
        if m.result.is_empty() {
            self.tr.t(m.status_key).to_string()
        } else {
            m.result.clone()
        }
    }

    /// The points so far of a match being played.
    pub fn points_of(&self, m: &MatchView) -> Option<String> {
        m.live_points().map(|points| {
            self.tr
                .t_args("event-bracket_points", [("points", points.into())])
        })
    }
}

/// The bracket of the event's elimination rounds (`rounds` as [`rounds`] built them),
/// through the window `query` asks for; `page`: drawn on its own page rather than as
/// part of another.
pub fn bracket_in(
    view: &EventView,
    rounds: &[RoundView],
    lang: Lang,
    query: BracketQuery,
    page: bool,
) -> Bracket {
    let tr = Tr::new(lang);
    let elimination: Vec<RoundView> = rounds
        .iter()
        .filter(|r| r.matches.iter().all(|m| m.stage_elimination))
        .cloned()
        .collect();
    let champion = view.champion();
    let stage_of = |r: &RoundView| r.matches.first().map(|m| m.stage);
    let in_stages = |stages: &[Stage]| -> Vec<&RoundView> {
        elimination
            .iter()
            .filter(|r| stage_of(r).is_some_and(|s| stages.contains(&s)))
            .collect()
    };
    let mut winners = Column::numbered(
        in_stages(&[Stage::Winners, Stage::GrandFinal, Stage::GrandFinalReset]),
        "round-w",
    );
    let losers = Column::numbered(in_stages(&[Stage::Losers]), "round-l");
    if let Some(name) = &champion {
        winners.push(Column::champion(
            tr.t("event-bracket_champions").to_string(),
            name.clone(),
        ));
    }
    // The third-place match stands apart, after the final: no line leads to it.
    let third: Vec<Column> = in_stages(&[Stage::ThirdPlace])
        .into_iter()
        .map(|r| Column::of(r, "round-3rd".into()))
        .collect();
    let mut parts = vec![Part {
        title: None,
        columns: winners,
    }];
    if !losers.is_empty() {
        parts[0].title = Some(tr.t("event-bracket_winners_part").to_string());
        parts.push(Part {
            title: Some(tr.t("event-bracket_losers_part").to_string()),
            columns: losers,
        });
    }
    let window = window::apply(&mut parts, query, &view.data.event.public_id, &tr);
    if window.reaches_final
        && let Some(part) = parts.first_mut()
    {
        part.columns.extend(third);
    }
    for part in &mut parts {
        join_columns(&mut part.columns);
    }
    mark_current(&mut parts);
    Bracket {
        columns: elimination,
        parts,
        highlight: query.highlight,
        champion,
        champion_label: tr.t("event-bracket_champions").to_string(),
        table_label: tr.t("event-table").to_string(),
        follow_label: tr.t("event-follow").to_string(),
        region_label: tr.t("event-bracket").to_string(),
        tabs_label: tr.t("event-bracket_tabs").to_string(),
        window: window.links,
        window_note: window.note,
        page_link: (!page).then(|| {
            let mut href = format!("/e/{}/bracket", view.data.event.public_id);
            if let Some(h) = query.highlight {
                href.push_str(&format!("?highlight={h}"));
            }
            href
        }),
        page_link_label: tr.t("event-bracket_page").to_string(),
        tr,
    }
}

/// The bracket as part of another page (the event page, the embed): drawn whole, or
/// through the window on the round being played when it is big.
pub fn bracket_of(
    view: &EventView,
    rounds: &[RoundView],
    lang: Lang,
    highlight: Option<u32>,
) -> Bracket {
    let query = BracketQuery {
        highlight,
        ..BracketQuery::default()
    };
    bracket_in(view, rounds, lang, query, false)
}

/// The lines between columns: two matches into one, or one into one.
fn join_columns(columns: &mut [Column]) {
    for i in 0..columns.len() {
        let next = columns.get(i + 1);
        let into_third =
            next.is_some_and(|n| n.matches.iter().any(|m| m.stage == Stage::ThirdPlace));
        let here = columns[i].matches.len().max(1);
        columns[i].join = match next {
            _ if into_third => Join::None,
            Some(n) if n.matches.len().max(1) == here => Join::Straight,
            Some(n) if n.matches.len() * 2 == here => Join::Pairs,
            _ => Join::None,
        };
        if i > 0 {
            columns[i].fed = columns[i - 1].join != Join::None;
        }
    }
}

/// The one column a phone shows first, across both brackets.
fn mark_current(parts: &mut [Part]) {
    let playing = parts.iter().flat_map(|p| &p.columns).position(|c| {
        c.matches
            .iter()
            .any(|m| m.winner.is_none() && (m.playable || m.is_live()))
    });
    let chosen = playing.or_else(|| {
        // Nothing being played: the last round with a decided match, the final once there
        // is one (not the champion's column, nor the third place played beside the final),
        // the winners' bracket before the losers'.
        let columns: Vec<&Column> = parts.iter().flat_map(|p| &p.columns).collect();
        let decided = |c: &&Column| {
            c.matches.iter().any(|m| m.winner.is_some())
                && c.matches.iter().all(|m| m.stage != Stage::ThirdPlace)
        };
        let winners = parts.first().map_or(0, |p| p.columns.len());
        columns[..winners]
            .iter()
            .rposition(decided)
            .or_else(|| columns.iter().rposition(decided))
    });
    let chosen = chosen.unwrap_or(0);
    if let Some(column) = parts.iter_mut().flat_map(|p| &mut p.columns).nth(chosen) {
        column.current = true;
    }
}

/// The bracket on a page of its own, wide enough for every column.
#[derive(Template, WebTemplate)]
#[template(path = "publish/bracket_page.html")]
pub struct BracketPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub bracket: Bracket,
    /// The highlight picker's choices (number and name), when the entrants are few
    /// enough to list; the event page's picker reaches every event.
    pub entrants: Vec<(u32, String)>,
    /// Entrants are single players, not teams.
    pub solo: bool,
}

/// Beyond this many entrants the bracket page lists none to pick from.
const PICKER_ENTRANTS: usize = 128;

impl BracketPage {
    /// The highlight picker's label: a team, or a player on an individual night.
    pub fn highlight_label(&self) -> &'static str {
        super::entrant_pick_label(&self.ctx.tr, self.solo)
    }

    pub fn is_highlighted(&self, number: &u32) -> bool {
        self.bracket.highlight == Some(*number)
    }
}

pub async fn bracket_page(
    EventVisit { ctx, view, .. }: EventVisit,
    query: web::Query<BracketQuery>,
) -> Result<BracketPage, AppError> {
    let lang = ctx.lang();
    let rounds = rounds(&view, lang);
    let bracket = bracket_in(&view, &rounds, lang, query.into_inner(), true);
    if bracket.columns.is_empty() {
        return Err(AppError::NotFound);
    }
    let solo = super::solo(&view);
    let entrants = if view.data.entrants.len() <= PICKER_ENTRANTS {
        view.data
            .entrants
            .iter()
            .map(|e| {
                (
                    e.number as u32,
                    view.data.entrant_name(EntrantId(e.number as u32)),
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(BracketPage {
        event: view.data.event,
        bracket,
        entrants,
        solo,
        ctx,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    /// A bracket of `rounds` (one part), drawn as `bracket_in` draws it.
    fn drawn(rounds: Vec<RoundView>, highlight: Option<u32>, champion: Option<String>) -> Bracket {
        let tr = Tr::new(Lang::It);
        let mut columns = Column::numbered(&rounds, "round-w");
        if let Some(name) = &champion {
            columns.push(Column::champion("Campioni".into(), name.clone()));
        }
        join_columns(&mut columns);
        Bracket {
            columns: rounds,
            parts: vec![Part {
                title: None,
                columns,
            }],
            highlight,
            champion,
            champion_label: "Campioni".into(),
            table_label: "Tavolo".into(),
            follow_label: "Segui".into(),
            region_label: "Tabellone".into(),
            tabs_label: "Turni del tabellone".into(),
            window: Vec::new(),
            window_note: None,
            page_link: None,
            page_link_label: String::new(),
            tr,
        }
    }

    #[derive(Template)]
    #[template(source = "{% include \"publish/bracket.html\" %}", ext = "html")]
    struct BracketOnly {
        bracket: Bracket,
    }

    fn view(key: &str, sides: [&str; 2], entrants: [u32; 2], winner: Option<usize>) -> MatchView {
        MatchView {
            round: 1,
            key: key.into(),
            label: Tr::new(Lang::It).msg(&crate::tournament::MatchKey::new(key).label()),
            sides: [sides[0].into(), sides[1].into()],
            entrants: [vec![entrants[0]], vec![entrants[1]]],
            players: [vec![], vec![]],
            status_key: "event-status_finished",
            winner,
            result: "1–0".into(),
            table: Some(1),
            public_id: Some("abc".into()),
            match_id: Some(1),
            live: None,
            conflict: false,
            playable: false,
            forfeit: false,
            stage_elimination: true,
            stage: Stage::Winners,
            games: None,
        }
    }

    #[test]
    fn the_bracket_renders_columns_winners_highlight_and_escapes_names() {
        let bracket = drawn(
            vec![
                RoundView {
                    title: "Semifinali".into(),
                    matches: vec![
                        view("W R1 M1", ["<b>Bepi</b>", "Toni"], [1, 4], Some(0)),
                        view("W R1 M2", ["Nane", "Gigio"], [2, 3], Some(1)),
                    ],
                },
                RoundView {
                    title: "Finale".into(),
                    matches: vec![view("W R2 M1", ["<b>Bepi</b>", "Gigio"], [1, 3], Some(1))],
                },
            ],
            Some(3),
            Some("Gigio".into()),
        );
        let html = BracketOnly { bracket }.render().unwrap();
        assert_eq!(html.matches("class=\"bracket-column\"").count(), 2);
        assert!(html.contains("&#60;b&#62;Bepi&#60;/b&#62;") || html.contains("&lt;b&gt;Bepi"));
        assert!(!html.contains("<b>Bepi"));
        assert_eq!(html.matches("side winner").count(), 3);
        assert_eq!(html.matches("highlighted").count(), 2, "{html}");
        assert!(html.contains("Campioni"));
        assert!(html.contains("aria-label=\"Tabellone\""));
        assert!(html.contains("Gigio"));
    }

    #[test]
    fn lines_join_two_semifinals_into_the_final_and_the_final_into_the_champion() {
        let semis = RoundView {
            title: "Semifinali".into(),
            matches: vec![
                view("W R1 M1", ["Bepi", "Toni"], [1, 4], Some(0)),
                view("W R1 M2", ["Nane", "Gigio"], [2, 3], Some(1)),
            ],
        };
        let last = RoundView {
            title: "Finale".into(),
            matches: vec![view("W R2 M1", ["Bepi", "Gigio"], [1, 3], Some(1))],
        };
        let bracket = drawn(vec![semis, last], None, Some("Gigio".into()));
        let columns = &bracket.parts[0].columns;
        assert_eq!(columns[0].join, Join::Pairs);
        assert_eq!(columns[1].join, Join::Straight);
        assert!(columns[1].fed && columns[2].fed && !columns[0].fed);
        let html = BracketOnly { bracket }.render().unwrap();
        assert_eq!(
            html.matches("bracket-slot join-down\"").count(),
            1,
            "{html}"
        );
        assert_eq!(html.matches("bracket-slot join-up\"").count(), 1, "{html}");
        assert_eq!(
            html.matches("bracket-slot join-straight fed\"").count(),
            1,
            "{html}"
        );
        assert_eq!(
            html.matches("href=\"#round-w").count(),
            2,
            "a tab per round"
        );
    }
}
