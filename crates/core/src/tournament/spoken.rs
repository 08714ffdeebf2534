//! Knockout rounds and matches named as people say them ("Quarti, partita 1", "Finale",
//! "Perdenti · Semifinale"): a key alone does not say how far from the final its round
//! is, so these names need the bracket's [`Knockout`] shape.

use super::bracket::bracket_size;
use super::{Format, Stage, groups};
use crate::lang::Msg;

/// The shape of an event's elimination bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Knockout {
    /// Rounds of the winners' bracket: round `rounds` is its final.
    pub rounds: u32,
    /// A double elimination (a losers' bracket and a grand final).
    pub double: bool,
}

impl Knockout {
    /// The bracket of `format` drawn for `entrants`, if it has one.
    pub fn of(format: &Format, entrants: usize) -> Option<Knockout> {
        let (lines, double) = match format {
            Format::SingleElimination(_) => (entrants, false),
            Format::DoubleElimination(_) => (entrants, true),
            Format::GroupsThenKnockout(o) => {
                let per_group = o.qualifiers_per_group as usize;
                let qualifiers = groups::assign_groups(entrants, o.group_size as usize)
                    .iter()
                    .map(|g| g.len().min(per_group))
                    .sum();
                (qualifiers, false)
            }
            _ => return None,
        };
        let rounds = bracket_size(lines).trailing_zeros();
        Some(Knockout { rounds, double })
    }

    /// Rounds of the losers' bracket.
    fn losers_rounds(self) -> u32 {
        2 * self.rounds.saturating_sub(1)
    }

    /// How many matches a round of `stage` holds.
    pub fn matches_in(self, stage: Stage, round: u32) -> u32 {
        let halvings = match stage {
            Stage::Winners => self.rounds.saturating_sub(round),
            // Losers' round l holds 2^(k-1-ceil(l/2)) matches: rounds pair off by two.
            Stage::Losers => self.rounds.saturating_sub(1 + round.div_ceil(2)),
            _ => 0,
        };
        1 << halvings.min(31)
    }

    /// A winners' round by its distance from the final.
    fn winners_round(self, round: u32) -> Msg {
        match self.rounds.checked_sub(round) {
            Some(0) => Msg::new("event-round_final"),
            Some(1) => Msg::new("event-round_semifinals"),
            Some(2) => Msg::new("event-round_quarterfinals"),
            Some(3) => Msg::new("event-round_of_16"),
            Some(4) => Msg::new("event-round_of_32"),
            _ => Msg::new("event-round").arg("round", round),
        }
    }

    /// A round of `stage` as people say it; `None` for stages outside a bracket.
    pub fn round_name(self, stage: Stage, round: u32) -> Option<Msg> {
        Some(match stage {
            Stage::Winners if self.double => {
                Msg::new("event-round_winners_named").arg("title", self.winners_round(round))
            }
            Stage::Winners => self.winners_round(round),
            Stage::Losers => {
                let last = self.losers_rounds();
                let title = if round == last {
                    Msg::new("event-round_final")
                } else if round + 1 == last {
                    Msg::new("event-round_semifinal")
                } else {
                    return Some(Msg::new("event-round_losers").arg("round", round));
                };
                Msg::new("event-round_losers_named").arg("title", title)
            }
            Stage::GrandFinal => Msg::new("event-round_grand_final"),
            Stage::GrandFinalReset => Msg::new("event-round_grand_final_reset"),
            Stage::ThirdPlace => Msg::new("event-round_third_place"),
            _ => return None,
        })
    }

    /// A bracket match: its round's name, and its number when the round has more than one.
    pub fn match_name(self, stage: Stage, round: u32, number: u32) -> Option<Msg> {
        let name = self.round_name(stage, round)?;
        Some(if self.matches_in(stage, round) > 1 {
            Msg::new("tournament-key_round_match")
                .arg("round", name)
                .arg("match", number.to_string())
        } else {
            name
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{double_elimination, single_elimination};

    #[test]
    fn shapes_follow_the_entrants() {
        let single = Format::SingleElimination(single_elimination::Options::default());
        let double = Format::DoubleElimination(double_elimination::Options::default());
        assert_eq!(Knockout::of(&single, 8).map(|k| k.rounds), Some(3));
        assert_eq!(Knockout::of(&single, 9).map(|k| k.rounds), Some(4));
        assert_eq!(Knockout::of(&single, 1024).map(|k| k.rounds), Some(10));
        assert_eq!(Knockout::of(&double, 16).map(|k| k.double), Some(true));
    }

    #[test]
    fn losers_rounds_hold_the_matches_the_bracket_draws() {
        let k = Knockout {
            rounds: 4,
            double: true,
        };
        // 16 entrants: losers' rounds of 4, 4, 2, 2, 1, 1 matches.
        let counts: Vec<u32> = (1..=6).map(|l| k.matches_in(Stage::Losers, l)).collect();
        assert_eq!(counts, vec![4, 4, 2, 2, 1, 1]);
        let counts: Vec<u32> = (1..=4).map(|r| k.matches_in(Stage::Winners, r)).collect();
        assert_eq!(counts, vec![8, 4, 2, 1]);
    }

    #[test]
    fn the_final_has_no_number_and_earlier_rounds_do() {
        let k = Knockout {
            rounds: 3,
            double: false,
        };
        assert_eq!(
            k.match_name(Stage::Winners, 3, 1),
            Some(Msg::new("event-round_final"))
        );
        assert_eq!(
            k.match_name(Stage::Winners, 1, 2),
            Some(
                Msg::new("tournament-key_round_match")
                    .arg("round", Msg::new("event-round_quarterfinals"))
                    .arg("match", "2")
            )
        );
        assert_eq!(k.match_name(Stage::Swiss, 1, 1), None);
    }
}
