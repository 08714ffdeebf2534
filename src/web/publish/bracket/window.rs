//! The window a big bracket is shown through: a few columns from the round asked for
//! (else the round being played) and a slice of their matches (else the highlighted
//! entrant's), with the links that move it.

use super::{BracketQuery, Column, Part};
use crate::web::i18n::Tr;
use crate::web::publish::rounds::MatchView;

/// Beyond this many first-round matches a bracket is shown through a window.
const FULL_ROWS: usize = 32;
/// A window's columns, and matches in its first column.
const WINDOW_COLUMNS: usize = 6;
const WINDOW_ROWS: usize = 16;

/// A link that moves the window.
pub struct WindowLink {
    pub label: String,
    pub href: String,
}

/// What the window left of a bracket, beside its columns.
pub(super) struct Window {
    /// The moves: earlier and later rounds, other slices.
    pub links: Vec<WindowLink>,
    /// Which slice is shown, in words.
    pub note: Option<String>,
    /// The window's last column is the final: the third-place match goes after it.
    pub reaches_final: bool,
}

/// Cuts `parts` down to the window `query` asks for when the first round is too long to
/// draw whole (else leaves them as they are); `public_id`: the event, for the links.
pub(super) fn apply(
    parts: &mut Vec<Part>,
    query: BracketQuery,
    public_id: &str,
    tr: &Tr,
) -> Window {
    let first_rows = parts[0].columns.first().map_or(0, |c| c.matches.len());
    if first_rows <= FULL_ROWS {
        return Window {
            links: Vec::new(),
            note: None,
            reaches_final: true,
        };
    }
    let longest = parts.iter().map(|p| p.columns.len()).max().unwrap_or(0);
    let current = current_column(&parts[0].columns);
    let first = query
        .round
        .map_or(current, |r| r.saturating_sub(1))
        .min(longest.saturating_sub(1));
    let blocks = parts[0]
        .columns
        .get(first)
        .map_or(1, |c| c.matches.len().div_ceil(WINDOW_ROWS).max(1));
    let block = match query.part {
        Some(p) => p.clamp(1, blocks) - 1,
        None => highlighted_block(&parts[0].columns, first, blocks, query.highlight),
    };
    let reaches_final = first + WINDOW_COLUMNS >= parts[0].columns.len();
    for part in parts.iter_mut() {
        let kept: Vec<Column> = part
            .columns
            .drain(..)
            .skip(first)
            .take(WINDOW_COLUMNS)
            .map(|mut c| {
                c.matches = slice(&c.matches, block, blocks).to_vec();
                c
            })
            .collect();
        part.columns = kept;
    }
    parts.retain(|p| !p.columns.is_empty());
    let href = |round: usize, part: usize| {
        let mut href = format!("/e/{public_id}/bracket?round={round}&part={part}");
        if let Some(h) = query.highlight {
            href.push_str(&format!("&highlight={h}"));
        }
        href
    };
    let mut links = Vec::new();
    let mut link = |id: &str, round: usize, part: usize| {
        links.push(WindowLink {
            label: tr.t(id).to_string(),
            href: href(round, part),
        })
    };
    if first > 0 {
        let earlier = first.saturating_sub(WINDOW_COLUMNS - 1);
        // Earlier rounds have more matches: the same stretch of the bracket is more slices.
        let scale = 1 << (first - earlier).min(20);
        link("event-bracket_earlier", earlier + 1, block * scale + 1);
    }
    if block > 0 {
        link("event-bracket_part_previous", first + 1, block);
    }
    if block + 1 < blocks {
        link("event-bracket_part_next", first + 1, block + 2);
    }
    if first + WINDOW_COLUMNS < longest {
        let later = first + WINDOW_COLUMNS - 1;
        let scale = 1 << (later - first).min(20);
        link("event-bracket_later", later + 1, block / scale + 1);
    }
    Window {
        links,
        note: Some(tr.t_args(
            "event-bracket_window",
            [("part", (block + 1).into()), ("parts", blocks.into())],
        )),
        reaches_final,
    }
}

/// The round being played: the first column with a match still to finish.
fn current_column(columns: &[Column]) -> usize {
    columns
        .iter()
        .position(|c| c.matches.iter().any(|m| m.winner.is_none()))
        .unwrap_or(0)
}

/// The slice of a window's first column that holds the highlighted entrant's match.
fn highlighted_block(
    columns: &[Column],
    first: usize,
    blocks: usize,
    highlight: Option<u32>,
) -> usize {
    let Some(column) = columns.get(first) else {
        return 0;
    };
    let found = column.matches.iter().position(|m| m.involves(&highlight));
    found.map_or(0, |i| i * blocks / column.matches.len().max(1))
}

/// Slice `block` of `blocks` of a column: the matches that feed, or are fed by, the same
/// slice of the columns beside it.
fn slice(matches: &[MatchView], block: usize, blocks: usize) -> &[MatchView] {
    let n = matches.len();
    if n >= blocks {
        &matches[block * n / blocks..(block + 1) * n / blocks]
    } else {
        let i = block * n / blocks;
        &matches[i..(i + 1).min(n)]
    }
}
