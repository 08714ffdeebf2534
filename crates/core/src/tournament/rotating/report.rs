//! What each round repeats, and the least any plan could: the figures the organizer's
//! report gives (see `RoundReport`).

use serde::{Deserialize, Serialize};

use super::super::whist::PlanRound;
use super::tally::{Counts, History, opponent_pairs, partner_pairs};

/// Two players who meet again this round, and how often they had met that way before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting<E> {
    pub pair: [E; 2],
    pub times_before: u32,
}

/// The running figures of the evening, after a round: partner repeats, the most times any
/// pair has been opponents, opponent repeats (a pair that met `c` times counts `c − 1`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub partner_repeats: u32,
    pub max_opposed: u32,
    pub opponent_repeats: u32,
}

/// Why at least so much is forced, whatever the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// Nothing is forced.
    Nothing,
    /// `meetings` meetings so far among only `pairs` pairs of players.
    Pairs { meetings: u32, pairs: u32 },
    /// A player has had up to `most` partners (or opponents) so far and there are only
    /// `others` other players.
    Players { most: u32, others: u32 },
}

/// A lower bound: no plan with these players present in these rounds does better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Least {
    pub value: u32,
    pub reason: Reason,
}

impl Least {
    /// The larger of a bound by counting pairs and one by counting players, with its
    /// reason (the pairs' on a tie); nothing is forced when both are 0.
    fn larger(by_pairs: u32, pairs: Reason, by_players: u32, players: Reason) -> Least {
        if by_pairs == 0 && by_players == 0 {
            Least {
                value: 0,
                reason: Reason::Nothing,
            }
        } else if by_pairs >= by_players {
            Least {
                value: by_pairs,
                reason: pairs,
            }
        } else {
            Least {
                value: by_players,
                reason: players,
            }
        }
    }
}

/// The lower bounds of the three figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    pub partner_repeats: Least,
    pub max_opposed: Least,
    pub opponent_repeats: Least,
}

/// Counts what the bounds need: rounds played by each player and meetings so far.
#[derive(Debug, Clone)]
pub(super) struct BoundTally {
    played: Vec<u32>,
    players: u32,
    partner_meetings: u32,
    opponent_meetings: u32,
}

impl BoundTally {
    pub fn new(n: usize) -> BoundTally {
        BoundTally {
            played: vec![0; n],
            players: 0,
            partner_meetings: 0,
            opponent_meetings: 0,
        }
    }

    pub fn add(&mut self, round: &PlanRound) {
        for &p in round.tables.iter().flatten() {
            if self.played[p] == 0 {
                self.players += 1;
            }
            self.played[p] += 1;
        }
        self.partner_meetings += 2 * round.tables.len() as u32;
        self.opponent_meetings += 4 * round.tables.len() as u32;
    }

    pub fn bounds(&self) -> Bounds {
        let others = self.players.saturating_sub(1);
        let pairs = self.players * others / 2;
        let most = self.played.iter().copied().max().unwrap_or(0);
        // A bound by counting pairs, and one by counting each player's others; the larger.
        let best = |meetings: u32, per_player: u32| {
            let excess: u32 = self
                .played
                .iter()
                .map(|&g| (per_player * g).saturating_sub(others))
                .sum();
            Least::larger(
                meetings.saturating_sub(pairs),
                Reason::Pairs { meetings, pairs },
                excess.div_ceil(2),
                Reason::Players {
                    most: per_player * most,
                    others,
                },
            )
        };
        let max_opposed = Least::larger(
            if pairs == 0 {
                0
            } else {
                self.opponent_meetings.div_ceil(pairs)
            },
            Reason::Pairs {
                meetings: self.opponent_meetings,
                pairs,
            },
            if others == 0 {
                0
            } else {
                (2 * most).div_ceil(others)
            },
            Reason::Players {
                most: 2 * most,
                others,
            },
        );
        Bounds {
            partner_repeats: best(self.partner_meetings, 1),
            max_opposed,
            opponent_repeats: best(self.opponent_meetings, 2),
        }
    }
}

/// The partner and opponent meetings of `round` that had happened before it.
pub(super) fn repeats_in(
    round: &PlanRound,
    history: &History,
) -> (Vec<Meeting<usize>>, Vec<Meeting<usize>>) {
    fn again(pairs: impl Iterator<Item = (usize, usize)>, before: &Counts) -> Vec<Meeting<usize>> {
        pairs
            .map(|(a, b)| Meeting {
                pair: [a, b],
                times_before: u32::from(before.get(a, b)),
            })
            .filter(|m| m.times_before > 0)
            .collect()
    }
    let tables = || round.tables.iter();
    (
        again(tables().flat_map(partner_pairs), &history.partners),
        again(tables().flat_map(opponent_pairs), &history.opponents),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_players_over_seven_rounds_must_meet_twice() {
        let mut tally = BoundTally::new(8);
        let round = PlanRound {
            tables: vec![[0, 1, 2, 3], [4, 5, 6, 7]],
            sitting_out: Vec::new(),
        };
        for _ in 0..7 {
            tally.add(&round);
        }
        let bounds = tally.bounds();
        assert_eq!(bounds.partner_repeats.value, 0);
        assert_eq!(bounds.max_opposed.value, 2);
        // 56 meetings among 28 pairs.
        assert_eq!(
            bounds.opponent_repeats,
            Least {
                value: 28,
                reason: Reason::Pairs {
                    meetings: 56,
                    pairs: 28
                }
            }
        );
        tally.add(&round);
        // An eighth partner for each of 8 players, with 7 others: 4 repeats.
        assert_eq!(bounds_partner(&tally), 4);
    }

    fn bounds_partner(tally: &BoundTally) -> u32 {
        tally.bounds().partner_repeats.value
    }
}
