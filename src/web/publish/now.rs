//! What the event page shows of an event however big: the rounds being played now
//! (a few of their tables, the viewer's own always), the top of the standings, and the
//! pagination of the full pages (`full.rs`) that show the rest.

use std::borrow::Borrow;
use std::collections::HashSet;

use super::rounds::{MatchView, RoundView, StandingsView};

/// Tables the event page lists of the rounds being played; the rounds page lists all.
pub const NOW_TABLES: usize = 24;
/// Standings rows the event page shows, over all tables.
pub const TOP_ROWS: usize = 10;
/// Rows per page of the full standings and of the entrants.
pub const PAGE_ROWS: usize = 100;

/// A round being played, as the event page shows it.
pub struct NowRound {
    /// 1-based place among the event's rounds: the rounds page's `round`.
    pub number: usize,
    pub title: String,
    pub matches: Vec<MatchView>,
    /// Matches in the round, shown or not.
    pub total: usize,
    /// Nothing begun in it, and some of its players still seated at a table of an
    /// earlier round: where they sit next, shown under a heading of its own.
    pub next: bool,
    /// The first such round: the heading goes before it.
    pub first_next: bool,
}

impl NowRound {
    /// Matches of the round the event page leaves to the rounds page.
    pub fn hidden(&self) -> usize {
        self.total - self.matches.len()
    }
}

fn live(round: &RoundView) -> bool {
    round.matches.iter().any(|m| m.playable || m.conflict)
}

/// A round has begun once a referee wrote on one of its tables or one is decided (as
/// the projector tells the tables being played from the plan).
fn begun(round: &RoundView) -> bool {
    round
        .matches
        .iter()
        .any(|m| m.winner.is_some() || m.live.as_ref().is_some_and(|live| live.entries > 0))
}

/// A table its players sit at now: to be played or being played, not yet decided.
fn seated(m: &MatchView) -> bool {
    m.winner.is_none() && (m.playable || m.conflict)
}

/// Which rounds are "now" (indices): those with a table ready or in progress (several at
/// once in a double elimination), else the last one with a result (a finished event).
pub fn current_rounds(rounds: &[RoundView]) -> Vec<usize> {
    let playing: Vec<usize> = (0..rounds.len()).filter(|&i| live(&rounds[i])).collect();
    if !playing.is_empty() {
        return playing;
    }
    rounds
        .iter()
        .rposition(|r| r.matches.iter().any(|m| m.winner.is_some()))
        .into_iter()
        .collect()
}

/// The rounds being played with at most [`NOW_TABLES`] of their tables (those still to
/// play, and the byes), and first the highlighted entrant's match wherever it is.
pub fn now_rounds(rounds: &[RoundView], highlight: Option<u32>) -> Vec<NowRound> {
    let mut left = NOW_TABLES;
    // Entrants seated at a table of an earlier round: a later round that seats them too
    // comes next (a rotating night's rounds), one that does not is playable now (a
    // double elimination's losers' round).
    let mut busy: HashSet<u32> = HashSet::new();
    let mut next_seen = false;
    current_rounds(rounds)
        .into_iter()
        .map(|index| {
            let round = &rounds[index];
            let playing = live(round);
            let mut matches = Vec::new();
            for m in &round.matches {
                let mine = m.has(0, &highlight) || m.has(1, &highlight);
                let bye = m.status_key == "event-status_bye";
                let wanted = !playing || m.playable || m.conflict || bye;
                if mine {
                    // The viewer's own table first: found without scrolling.
                    matches.insert(0, m.clone());
                } else if wanted && left > 0 {
                    left -= 1;
                    matches.push(m.clone());
                }
            }
            let seats_busy = round
                .matches
                .iter()
                .flat_map(|m| m.entrants.iter().flatten())
                .any(|entrant| busy.contains(entrant));
            let next = seats_busy && !begun(round);
            busy.extend(
                round
                    .matches
                    .iter()
                    .filter(|m| seated(m))
                    .flat_map(|m| m.entrants.iter().flatten().copied()),
            );
            let first_next = next && !next_seen;
            next_seen |= next;
            NowRound {
                number: index + 1,
                title: round.title.clone(),
                total: round.matches.len(),
                matches,
                next,
                first_next,
            }
        })
        .collect()
}

/// The top of the standings: the first rows of each table within [`TOP_ROWS`] in all,
/// the highlighted entrant's row kept wherever it is.
pub fn top_of(tables: Vec<StandingsView>, highlight: Option<u32>) -> Vec<StandingsView> {
    let per_table = if tables.len() > 1 { 4 } else { TOP_ROWS };
    let mut left = TOP_ROWS;
    tables
        .into_iter()
        .filter_map(|mut table| {
            let take = per_table.min(left);
            left -= take;
            let mut index = 0;
            table.rows.retain(|row| {
                index += 1;
                index <= take || highlight == Some(row.number)
            });
            (!table.rows.is_empty()).then_some(table)
        })
        .collect()
}

/// Whether `number` is the highlighted entrant (templates hand either by reference).
pub fn marks(highlight: impl Borrow<Option<u32>>, number: impl Borrow<u32>) -> bool {
    *highlight.borrow() == Some(*number.borrow())
}

/// Whether a name is found by a search: every word of it, whatever the case.
pub fn found(name: &str, search: &str) -> bool {
    let name = name.to_lowercase();
    search
        .to_lowercase()
        .split_whitespace()
        .all(|word| name.contains(word))
}

/// One page of a list too long for one: which page, how many, and the address of any
/// other page (`base` carries the other parameters and ends in `?` or `&`).
pub struct Pager {
    pub page: usize,
    pub pages: usize,
    pub base: String,
}

impl Pager {
    /// The page `asked` (1-based, clamped) of `total` items, and the range it shows.
    pub fn new(asked: Option<u32>, total: usize, base: String) -> (Pager, std::ops::Range<usize>) {
        let pages = total.div_ceil(PAGE_ROWS).max(1);
        let page = (asked.unwrap_or(1) as usize).clamp(1, pages);
        let start = (page - 1) * PAGE_ROWS;
        let pager = Pager { page, pages, base };
        (pager, start..(start + PAGE_ROWS).min(total))
    }

    pub fn href(&self, page: usize) -> String {
        format!("{}page={page}", self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::publish::rounds::StandingLine;

    fn pairing(number: u32, playable: bool, winner: Option<usize>) -> MatchView {
        MatchView {
            key: format!("W R1 M{number}"),
            round: 1,
            label: String::new(),
            sides: [format!("A{number}"), format!("B{number}")],
            entrants: [vec![number * 2 - 1], vec![number * 2]],
            players: [vec![], vec![]],
            status_key: "event-status_ready",
            winner,
            result: String::new(),
            table: Some(number as i32),
            public_id: None,
            match_id: None,
            live: None,
            conflict: false,
            playable,
            forfeit: false,
            stage_elimination: true,
            stage: crate::tournament::Stage::Winners,
            games: None,
        }
    }

    fn round(title: &str, matches: Vec<MatchView>) -> RoundView {
        RoundView {
            title: title.into(),
            matches,
        }
    }

    #[test]
    fn a_big_round_shows_a_few_tables_and_always_the_highlighted_one() {
        let first = round(
            "Turno 1",
            (1..=512).map(|n| pairing(n, true, None)).collect(),
        );
        let waiting = round("Turno 2", vec![pairing(1, false, None)]);
        let rounds = [first, waiting];
        let now = now_rounds(&rounds, Some(1000));
        assert_eq!(now.len(), 1, "the waiting round is not now");
        assert_eq!(now[0].number, 1);
        assert_eq!(now[0].total, 512);
        assert_eq!(now[0].matches.len(), NOW_TABLES + 1);
        assert_eq!(now[0].hidden(), 512 - NOW_TABLES - 1);
        assert_eq!(
            now[0].matches[0].table,
            Some(500),
            "table of entrant 1000, first"
        );
        let plain = now_rounds(&rounds, None);
        assert_eq!(plain[0].matches.len(), NOW_TABLES);
    }

    #[test]
    fn tables_still_to_play_come_first_and_a_finished_event_shows_its_last_round() {
        let mut matches: Vec<MatchView> = (1..=30).map(|n| pairing(n, false, Some(0))).collect();
        matches.push(pairing(31, true, None));
        let rounds = [round("Turno 1", matches)];
        let now = now_rounds(&rounds, None);
        assert_eq!(now[0].matches.len(), 1, "only the table still playing");
        assert_eq!(now[0].matches[0].table, Some(31));

        let done = [
            round(
                "Semifinali",
                vec![pairing(1, false, Some(0)), pairing(2, false, Some(1))],
            ),
            round("Finale", vec![pairing(1, false, Some(1))]),
        ];
        let now = now_rounds(&done, None);
        assert_eq!(now.len(), 1);
        assert_eq!(now[0].title, "Finale");
        assert!(now_rounds(&[], None).is_empty());
    }

    #[test]
    fn a_round_not_begun_that_seats_players_still_at_an_earlier_table_is_the_next() {
        let entries = |count: usize| {
            let mut m = pairing(1, true, None);
            m.live = (count > 0).then_some(crate::events::view::LiveState {
                games: [0, 0],
                scores: [0, 0],
                entries: count,
            });
            m
        };
        // Both drawn with the same players, nothing written: the second comes next.
        let fresh = [
            round("Turno 1", vec![entries(0)]),
            round("Turno 2", vec![entries(0)]),
        ];
        let flags: Vec<bool> = now_rounds(&fresh, None).iter().map(|r| r.next).collect();
        assert_eq!(flags, [false, true]);
        // The first being played: the second is next, and opens the heading.
        let playing = [
            round("Turno 1", vec![entries(2)]),
            round("Turno 2", vec![entries(0)]),
            round("Turno 3", vec![entries(0)]),
        ];
        let now = now_rounds(&playing, None);
        let flags: Vec<(bool, bool)> = now.iter().map(|r| (r.next, r.first_next)).collect();
        assert_eq!(flags, [(false, false), (true, true), (true, false)]);
        // A round whose players are not at a table being played is playable now, as a
        // double elimination's losers' round beside the winners'.
        let mut elsewhere = entries(0);
        elsewhere.entrants = [vec![7], vec![8]];
        let beside = [
            round("Vincenti", vec![entries(2)]),
            round("Perdenti", vec![elsewhere]),
        ];
        assert!(now_rounds(&beside, None).iter().all(|r| !r.next));
        // A decided table frees its players; a begun round is now whoever it seats.
        let mut done = entries(0);
        done.winner = Some(0);
        let mut other = entries(0);
        other.entrants = [vec![3], vec![4]];
        let decided = [
            round("Turno 1", vec![done, other]),
            round("Turno 2", vec![entries(0)]),
        ];
        assert!(now_rounds(&decided, None).iter().all(|r| !r.next));
        let begun = [
            round("Turno 1", vec![entries(1)]),
            round("Turno 2", vec![entries(1)]),
        ];
        assert!(now_rounds(&begun, None).iter().all(|r| !r.next));
    }

    fn table(rows: u32) -> StandingsView {
        StandingsView {
            title: "Classifica".into(),
            columns: vec![],
            rows: (1..=rows)
                .map(|n| StandingLine {
                    position: n,
                    number: n,
                    name: format!("Coppia {n}"),
                    played: 0,
                    wins: 0,
                    losses: 0,
                    byes: 0,
                    score: Default::default(),
                    eliminated: false,
                    withdrawn: false,
                    tie_breaks: vec![],
                    players: vec![],
                })
                .collect(),
        }
    }

    #[test]
    fn the_top_of_the_standings_keeps_the_highlighted_row() {
        let top = top_of(vec![table(1024)], Some(700));
        assert_eq!(top[0].rows.len(), TOP_ROWS + 1);
        assert_eq!(top[0].rows.last().unwrap().number, 700);
        let groups = top_of((0..5).map(|_| table(4)).collect(), None);
        assert_eq!(groups.iter().map(|t| t.rows.len()).sum::<usize>(), TOP_ROWS);
    }

    #[test]
    fn searches_and_pages() {
        assert!(found("Nane Pegoraro · Gigio Tonello", "gigio nane"));
        assert!(!found("Nane Pegoraro", "bepi"));
        let (pager, range) = Pager::new(Some(11), 1024, "/e/x/standings?".into());
        assert_eq!((pager.page, pager.pages, range), (11, 11, 1000..1024));
        let (pager, range) = Pager::new(Some(0), 0, "?".into());
        assert_eq!((pager.page, pager.pages, range), (1, 1, 0..0));
        assert_eq!(pager.href(2), "?page=2");
    }
}
