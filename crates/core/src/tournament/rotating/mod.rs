//! Rotating partners (an individual night): each round seats tables of four, two
//! partnerships a table, so that, in this order, partners repeat least, no pair of
//! players faces each other more often than needed, and opponents repeat least.
//! Standings are individual: each player scores their table's result.
//!
//! How the plan is made (pure, from [`Options::seed`]):
//!
//! - The rounds are planned in segments: a new segment starts whenever the players present
//!   change (a late entry, a withdrawal). Each segment is planned for every round left, as
//!   if nobody came or went after it, and played until the next change: so a withdrawal or
//!   a late entry never changes the rounds before it.
//! - The first segment starts from nothing. Its players are shuffled from the seed onto
//!   the points of a plan that depends only on their count and the rounds
//!   ([`fresh::plan`]): a whist design ([`super::whist`]) where one is stored, so that over
//!   `n − 1` rounds (`n` with one sitting out, for `n ≡ 1 mod 4`) every pair partners once
//!   and faces each other twice; for shorter evenings the design's rounds that repeat the
//!   fewest opponents, or rounds without any repeat when a search finds them. Otherwise,
//!   and for every later segment, rounds are drawn one by one against the meetings before
//!   them ([`greedy`]).
//! - If the count present is not a multiple of 4, the remainder sits out: those who sat
//!   out least, so nobody sits out twice while avoidable. A sit-out scores as
//!   [`Options::sit_out`] says: nothing, a win, or the average of its round.
//! - Each round's [`RoundReport`] lists what repeats and the least any plan allows by then
//!   (a counting bound), so the organizer sees whether a repeat could have been avoided.
//!
//! Keys: `Rot R{r} T{t}` (tables 1 to ⌊present/4⌋ in every round) and `Rot R{r} out {k}`
//! for the k-th player sitting out.

mod fresh;
mod greedy;
mod improve;
mod less_one;
mod report;
mod tally;
#[cfg(test)]
mod tests;

use std::sync::{LazyLock, Mutex};

use serde::{Deserialize, Serialize};

pub use fresh::Method;
pub use report::{Bounds, Figures, Least, Meeting, Reason};

use super::standings::{ByeScore, TieBreak};
use super::whist::PlanRound;
use super::{
    DrawNotes, EntrantId, LateEntry, Match, MatchKey, Results, Schedule, Slot, Stage, Tournament,
    TournamentError, Withdrawal, settle,
};
use crate::rng::SplitMix;
use fresh::MAX_SEARCHED;
use improve::{Before, improve};
use report::{BoundTally, repeats_in};
use tally::History;

/// Swaps the local search may try on a segment re-planned after a change: it runs at every
/// derivation of the event, so it is kept small (a tenth of a fresh plan's single run;
/// its time for 40 players is still to be measured by hand).
const SEGMENT_STEPS: u64 = 40_000;

/// The number of rounds of a full evening for `players`: `n − 1` when everyone plays
/// every round (`n ≡ 0 mod 4`), otherwise `n`, so that everyone sits out equally often.
pub fn full_evening(players: u32) -> u32 {
    if players.is_multiple_of(4) {
        players - 1
    } else {
        players
    }
}

/// How the rounds of a segment are planned (the draw's own, or the greedy draw alone in
/// tests that compare against it).
type Planner = fn(&[usize], u32, &Options, &History) -> (Method, Vec<PlanRound>);

/// Rotating-partners options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredOptions")]
pub struct Options {
    pub rounds: u32,
    /// The recorded seed of the draw.
    pub seed: u64,
    pub tie_breaks: Vec<TieBreak>,
    /// What a player sitting out a round scores.
    pub sit_out: ByeScore,
}

/// Options as stored: events saved before [`Options::sit_out`] hold the boolean
/// `sit_out_is_win` instead, which must keep scoring as it did.
#[derive(Deserialize)]
struct StoredOptions {
    rounds: u32,
    seed: u64,
    tie_breaks: Vec<TieBreak>,
    #[serde(default)]
    sit_out: Option<ByeScore>,
    #[serde(default)]
    sit_out_is_win: bool,
}

impl From<StoredOptions> for Options {
    fn from(o: StoredOptions) -> Options {
        Options {
            rounds: o.rounds,
            seed: o.seed,
            tie_breaks: o.tie_breaks,
            sit_out: o.sit_out.unwrap_or(ByeScore::from_win(o.sit_out_is_win)),
        }
    }
}

/// What a round's draw repeats, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    pub round: u32,
    pub sitting_out: Vec<EntrantId>,
    /// Players present this round (seated or sitting out).
    pub present: u32,
    /// How the plan of this round was made.
    pub method: Method,
    /// The first round of a plan: the evening's first, or the first after a late entry or
    /// a withdrawal changed who is present.
    pub starts_plan: bool,
    /// Partnerships of this round that had played together before.
    pub partner_repeats: u32,
    /// Pairs of opponents at this round's tables who had faced each other before.
    pub opponent_repeats: u32,
    pub repeated_partners: Vec<Meeting<EntrantId>>,
    pub repeated_opponents: Vec<Meeting<EntrantId>>,
    /// The evening's figures up to and including this round.
    pub so_far: Figures,
    /// The least any plan with the same players present allows up to this round.
    pub least: Bounds,
}

impl RoundReport {
    /// Whether every figure so far is the least possible: nothing could have been avoided.
    pub fn at_least_possible(&self) -> bool {
        self.so_far.partner_repeats == self.least.partner_repeats.value
            && self.so_far.max_opposed <= self.least.max_opposed.value.max(1)
            && self.so_far.opponent_repeats == self.least.opponent_repeats.value
    }
}

/// One round's draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundDraw {
    pub round: u32,
    /// Each table: two partnerships. Seats go A1, B1, A2, B2 around the table (see
    /// [`seat_order`]).
    pub tables: Vec<[[EntrantId; 2]; 2]>,
    pub report: RoundReport,
}

/// The four players of a table in seat order (seat 1 to 4 around it): the first of
/// partnership A, the first of B, the second of A, the second of B; partners sit
/// opposite. Seat 1 deals first.
pub fn seat_order(table: &[[EntrantId; 2]; 2]) -> [EntrantId; 4] {
    let [a, b] = table;
    [a[0], b[0], a[1], b[1]]
}

/// Draws every round. Draws do not depend on results, only on who is present.
pub fn draw(
    entrants: &[EntrantId],
    withdrawals: &[Withdrawal],
    options: &Options,
) -> Result<Vec<RoundDraw>, TournamentError> {
    draw_late(entrants, withdrawals, &[], options)
}

/// [`draw`] with late entrants, each present from its `from_round` on. A newcomer counts
/// the rounds missed as sat out, so they are not the first to sit out.
pub fn draw_late(
    entrants: &[EntrantId],
    withdrawals: &[Withdrawal],
    late: &[LateEntry],
    options: &Options,
) -> Result<Vec<RoundDraw>, TournamentError> {
    // A night re-planned after a change searches its later segments for tens of
    // milliseconds, and every page and every finished match derives the event again:
    // the last draws are kept, keyed by everything a draw depends on.
    type Key = (Vec<EntrantId>, Vec<Withdrawal>, Vec<LateEntry>, u32, u64);
    type Kept = std::collections::VecDeque<(Key, Vec<RoundDraw>)>;
    static KEPT: LazyLock<Mutex<Kept>> = LazyLock::new(|| Mutex::new(Kept::new()));
    const KEEP: usize = 32;
    let key: Key = (
        entrants.to_vec(),
        withdrawals.to_vec(),
        late.to_vec(),
        options.rounds,
        options.seed,
    );
    if let Some(draws) = KEPT
        .lock()
        .ok()
        .and_then(|kept| kept.iter().find(|(k, _)| *k == key).map(|(_, d)| d.clone()))
    {
        return Ok(draws);
    }
    let draws = draw_planned(entrants, withdrawals, late, options, plan_segment)?;
    if let Ok(mut kept) = KEPT.lock() {
        if kept.len() >= KEEP {
            kept.pop_front();
        }
        kept.push_back((key, draws.clone()));
    }
    Ok(draws)
}

fn draw_planned(
    entrants: &[EntrantId],
    withdrawals: &[Withdrawal],
    late: &[LateEntry],
    options: &Options,
    planner: Planner,
) -> Result<Vec<RoundDraw>, TournamentError> {
    let join_of = |e: &EntrantId| {
        late.iter()
            .find(|l| l.entrant == *e)
            .map_or(1, |l| l.from_round.max(1))
    };
    // Entrants of the draw first (in seed order), then newcomers by the round they join.
    let mut ordered: Vec<(u32, usize, EntrantId)> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (join_of(e), i, *e))
        .collect();
    ordered.sort_by_key(|&(join, i, _)| (join > 1, join, i));
    let joins: Vec<u32> = ordered.iter().map(|&(join, _, _)| join).collect();
    let ordered: Vec<EntrantId> = ordered.into_iter().map(|(_, _, e)| e).collect();
    let base = joins.iter().filter(|&&j| j <= 1).count();
    if base < 4 {
        return Err(TournamentError::TooFewEntrants {
            needed: 4,
            got: base,
        });
    }
    if options.rounds == 0 {
        return Err(TournamentError::InvalidOption(
            "rotating partners needs at least one round",
        ));
    }
    let gone_by = |i: usize, round: u32| {
        withdrawals
            .iter()
            .any(|w| w.entrant == ordered[i] && w.from_round <= round)
    };
    let roster_of = |round: u32| -> Vec<usize> {
        (0..ordered.len())
            .filter(|&i| joins[i] <= round && !gone_by(i, round))
            .collect()
    };
    let n = ordered.len();
    let mut history = History::new(n);
    let mut bounds = BoundTally::new(n);
    let mut draws = Vec::with_capacity(options.rounds as usize);
    let mut round = 1;
    while round <= options.rounds {
        let roster = roster_of(round);
        // A newcomer counts the rounds missed as sat out.
        for &i in &roster {
            if joins[i] == round && round > 1 {
                history.sat_out[i] = history.sat_out[i].max(round - 1);
            }
        }
        let mut end = round;
        while end < options.rounds && roster_of(end + 1) == roster {
            end += 1;
        }
        let (method, plan) = planner(&roster, round, options, &history);
        for (offset, planned) in plan
            .into_iter()
            .take((end - round + 1) as usize)
            .enumerate()
        {
            let number = round + offset as u32;
            let (partners, opponents) = repeats_in(&planned, &history);
            history.add(&planned);
            bounds.add(&planned);
            let name = |m: Meeting<usize>| Meeting {
                pair: m.pair.map(|i| ordered[i]),
                times_before: m.times_before,
            };
            draws.push(RoundDraw {
                round: number,
                tables: planned
                    .tables
                    .iter()
                    .map(|t| {
                        [
                            [ordered[t[0]], ordered[t[2]]],
                            [ordered[t[1]], ordered[t[3]]],
                        ]
                    })
                    .collect(),
                report: RoundReport {
                    round: number,
                    sitting_out: planned.sitting_out.iter().map(|&i| ordered[i]).collect(),
                    present: roster.len() as u32,
                    method,
                    starts_plan: offset == 0,
                    partner_repeats: partners.len() as u32,
                    opponent_repeats: opponents.len() as u32,
                    repeated_partners: partners.into_iter().map(name).collect(),
                    repeated_opponents: opponents.into_iter().map(name).collect(),
                    so_far: Figures {
                        partner_repeats: history.cost.partner_repeats,
                        max_opposed: history.cost.max_opposed,
                        opponent_repeats: history.cost.opponent_repeats,
                    },
                    least: bounds.bounds(),
                },
            });
        }
        round = end + 1;
    }
    Ok(draws)
}

/// The rounds from `first` to the last of the evening for `roster` (entrant indices),
/// after `history`.
fn plan_segment(
    roster: &[usize],
    first: u32,
    options: &Options,
    history: &History,
) -> (Method, Vec<PlanRound>) {
    let count = options.rounds - first + 1;
    if roster.len() < 4 {
        return idle(roster, count);
    }
    let seed = segment_seed(options, first);
    let p = roster.len();
    let designed = (first == 1)
        .then(|| fresh::plan(p, count as usize))
        .flatten();
    if let Some(made) = designed {
        let (method, plan) = &*made;
        let mut shuffled = roster.to_vec();
        SplitMix::new(seed).shuffle(&mut shuffled);
        let mapped = relabel(plan, &shuffled);
        let whole = matches!(method, Method::WhistDesign | Method::NoRepeats)
            || (*method == Method::DesignLessOne && count as usize >= p);
        if whole {
            return (*method, mapped);
        }
        // The round-by-round draw from this seed sometimes does better still.
        let (_, drawn) = greedy::draw(roster, first, count, history, seed);
        if fresh::key_of(p, &to_local(roster, &drawn)) < fresh::key_of(p, plan) {
            return (Method::RoundByRound, drawn);
        }
        return (*method, mapped);
    }
    let (_, mut drawn) = greedy::draw(roster, first, count, history, seed);
    if first == 1 || p > MAX_SEARCHED {
        return (Method::RoundByRound, drawn);
    }
    // After a change: the round-by-round draw, improved against the rounds before.
    let mut local = to_local(roster, &drawn);
    let before = Before {
        partners: pair_counts(roster, |a, b| history.partners.get(a, b)),
        opponents: pair_counts(roster, |a, b| history.opponents.get(a, b)),
    };
    let (given, found) = improve(p, &mut local, &before, SEGMENT_STEPS, seed);
    if found < given {
        drawn = relabel(&local, roster);
        return (Method::LocalSearch, drawn);
    }
    (Method::RoundByRound, drawn)
}

/// The greedy draw alone for every segment: what the tests compare the draw against.
#[cfg(test)]
fn greedy_segment(
    roster: &[usize],
    first: u32,
    options: &Options,
    history: &History,
) -> (Method, Vec<PlanRound>) {
    let count = options.rounds - first + 1;
    if roster.len() < 4 {
        return idle(roster, count);
    }
    let seed = segment_seed(options, first);
    let (_, drawn) = greedy::draw(roster, first, count, history, seed);
    (Method::RoundByRound, drawn)
}

/// Nobody can play: everyone sits out.
fn idle(roster: &[usize], count: u32) -> (Method, Vec<PlanRound>) {
    let idle = PlanRound {
        tables: Vec::new(),
        sitting_out: roster.to_vec(),
    };
    (Method::RoundByRound, vec![idle; count as usize])
}

/// Each segment has a seed of its own, from the recorded one and where it starts.
fn segment_seed(options: &Options, first: u32) -> u64 {
    options.seed ^ u64::from(first - 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// `plan` with point `x` renamed `names[x]`.
fn relabel(plan: &[PlanRound], names: &[usize]) -> Vec<PlanRound> {
    plan.iter()
        .map(|r| PlanRound {
            tables: r.tables.iter().map(|t| t.map(|x| names[x])).collect(),
            sitting_out: r.sitting_out.iter().map(|&x| names[x]).collect(),
        })
        .collect()
}

/// `plan` (entrant indices) on points `0..roster.len()`, by place in `roster`.
fn to_local(roster: &[usize], plan: &[PlanRound]) -> Vec<PlanRound> {
    let most = roster.iter().copied().max().unwrap_or(0);
    let mut place = vec![usize::MAX; most + 1];
    for (l, &e) in roster.iter().enumerate() {
        place[e] = l;
    }
    relabel(plan, &place)
}

/// A dense matrix of `count` over the roster's pairs, on local points.
fn pair_counts(roster: &[usize], count: impl Fn(usize, usize) -> u16) -> Vec<u16> {
    let p = roster.len();
    let mut counts = vec![0; p * p];
    for a in 0..p {
        for b in a + 1..p {
            counts[a * p + b] = count(roster[a], roster[b]);
        }
    }
    counts
}

/// Every round's tables (and sit-outs, as byes).
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    let draws = draw_late(
        &tournament.entrants,
        &tournament.withdrawals,
        &tournament.late_entries,
        options,
    )?;
    // A withdrawal is not drawn again from its round on; a table of an earlier round
    // with the player who left is the organizer's decision (finish it with a substitute,
    // void it or award it), never a forfeit against the partner who stayed.
    let nobody = std::collections::BTreeSet::new();
    let mut matches = Vec::new();
    let mut notes = Vec::new();
    for d in draws {
        let mut push = |key: MatchKey, sides: [Slot; 2]| {
            let sides = settle(&key, sides, results);
            let m = Match::resolved(key, Stage::Rotating, d.round, sides, results, &nobody);
            matches.push(m);
        };
        for (t, [a, b]) in d.tables.iter().enumerate() {
            push(
                MatchKey(format!("Rot R{} T{}", d.round, t + 1)),
                [Slot::Partnership(*a), Slot::Partnership(*b)],
            );
        }
        for (k, e) in d.report.sitting_out.iter().enumerate() {
            push(
                MatchKey(format!("Rot R{} out {}", d.round, k + 1)),
                [Slot::Entrant(*e), Slot::Bye],
            );
        }
        notes.push(DrawNotes::Rotating(d.report));
    }
    Ok(Schedule::of(matches, notes))
}
