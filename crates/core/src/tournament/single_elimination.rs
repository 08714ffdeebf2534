//! Single elimination: the standard seeding order, byes for any entrant count (they go to
//! the top seeds), and an optional match for third place between the semifinal losers.
//!
//! Keys: `W R{r} M{m}` (the final is the last round's `M1`) and `3rd`.

use serde::{Deserialize, Serialize};

use super::bracket::{Def, Feed, bracket_size, push_winners_bracket};
use super::{MatchKey, Results, Schedule, Stage, Tournament, TournamentError};

/// Single-elimination options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    /// Play a match for third place between the semifinal losers.
    pub third_place: bool,
}

/// The bracket definitions for `n` entrants (`n >= 2`).
pub(crate) fn defs(n: usize, options: &Options, prefix: &str) -> Vec<Def> {
    let mut defs = Vec::new();
    let rounds = push_winners_bracket(
        &mut defs,
        bracket_size(n),
        &format!("{prefix}W "),
        Stage::Winners,
    );
    if options.third_place && rounds.len() >= 2 {
        let semis = &rounds[rounds.len() - 2];
        defs.push(Def {
            key: MatchKey(format!("{prefix}3rd")),
            stage: Stage::ThirdPlace,
            round: rounds.len() as u32,
            feeds: [Feed::Loser(semis[0]), Feed::Loser(semis[1])],
        });
    }
    defs
}

/// Every match of the bracket now.
pub fn schedule(
    tournament: &Tournament,
    options: &Options,
    results: &Results,
) -> Result<Schedule, TournamentError> {
    let n = tournament.require_entrants(2)?;
    let matches = tournament.bracket_matches(&defs(n, options, ""), results);
    Ok(Schedule::of(matches, Vec::new()))
}
