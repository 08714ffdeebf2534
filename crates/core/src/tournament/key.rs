//! Match keys: the stable names results are filed under (`W R2 M3`, `Swiss R4 T7`, …),
//! and how pages read them.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Stage;
use super::spoken::Knockout;
use crate::lang::Msg;

/// The stable identity of a match across recomputation, e.g. `W R2 M3`, `L R1 M2`, `GF`,
/// `GF reset`, `3rd`, `RR R3 T2`, `G2 R1 T1`, `KO W R1 M1`, `Swiss R4 T7`, `Swiss R4 bye`,
/// `Rot R2 T3`. Rounds, matches and tables are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MatchKey(pub String);

impl MatchKey {
    pub fn new(key: impl Into<String>) -> MatchKey {
        MatchKey(key.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The table a round-based key names (`Rot R2 T3` is table 3), if any.
    pub fn table(&self) -> Option<u32> {
        self.round_and_table().map(|(_, table)| table)
    }

    /// The round and the table of a key that names both (`… R{r} T{t}`).
    pub fn round_and_table(&self) -> Option<(u32, u32)> {
        let mut tokens = self.0.rsplit(' ');
        let table = tokens.next()?.strip_prefix('T')?.parse().ok()?;
        let round = tokens.next()?.strip_prefix('R')?.parse().ok()?;
        Some((round, table))
    }

    /// The key as pages show it, for the shell to word. Results are filed under the key,
    /// so it never changes; only its reading does. Anything that is not a key reads as itself.
    pub fn label(&self) -> Msg {
        self.label_in(None)
    }

    /// The key as pages show it, a bracket's rounds named as people say them when the
    /// event's [`Knockout`] shape is known ("Quarti, partita 1" rather than "Turno 1, …").
    pub fn label_in(&self, knockout: Option<Knockout>) -> Msg {
        key_label_in(&self.0, knockout).unwrap_or_else(|| Msg::text(self.0.clone()))
    }
}

/// The reading of `text` as a match key, or `None` when it is not one: a message per
/// kind of place (`W R1 M2`, `Swiss R4 T7`, …), inside its stage's when it has one. Its
/// numbers are carried as written, so a key reads back exactly as it was filed.
pub fn key_label(text: &str) -> Option<Msg> {
    key_label_in(text, None)
}

/// [`key_label`] with the bracket's shape, which names its rounds as people say them.
pub fn key_label_in(text: &str, knockout: Option<Knockout>) -> Option<Msg> {
    fn digits(text: &str) -> Option<String> {
        (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.to_string())
    }
    fn number(token: &str, letter: char) -> Option<String> {
        token.strip_prefix(letter).and_then(digits)
    }
    let tokens: Vec<&str> = text.split(' ').collect();
    let (stage, rest) = match tokens.as_slice() {
        ["KO", rest @ ..] => (Some(Msg::new("tournament-key_stage_knockout")), rest),
        ["RR", rest @ ..] => (Some(Msg::new("tournament-key_stage_round_robin")), rest),
        ["Swiss", rest @ ..] => (Some(Msg::new("tournament-key_stage_swiss")), rest),
        ["Rot", rest @ ..] => (Some(Msg::new("tournament-key_stage_rotating")), rest),
        [group, rest @ ..] if number(group, 'G').is_some() => (
            number(group, 'G').map(|g| Msg::new("tournament-key_stage_group").arg("group", g)),
            rest,
        ),
        rest => (None, rest),
    };
    // A bracket's match by its round's spoken name, when the shape is known.
    let spoken = |k: Knockout| match rest {
        [bracket @ ("W" | "L"), round, game] => {
            let stage = if *bracket == "W" {
                Stage::Winners
            } else {
                Stage::Losers
            };
            let round = number(round, 'R')?.parse().ok()?;
            k.match_name(stage, round, number(game, 'M')?.parse().ok()?)
        }
        _ => None,
    };
    let place = if let Some(place) = knockout.and_then(spoken) {
        place
    } else {
        match rest {
            ["GF"] => Msg::new("tournament-key_grand_final"),
            ["GF", "reset"] => Msg::new("tournament-key_grand_final_reset"),
            ["3rd"] => Msg::new("tournament-key_third_place"),
            [bracket @ ("W" | "L"), round, game] => {
                let id = if *bracket == "W" {
                    "tournament-key_winners_match"
                } else {
                    "tournament-key_losers_match"
                };
                Msg::new(id)
                    .arg("round", number(round, 'R')?)
                    .arg("match", number(game, 'M')?)
            }
            [round, "bye"] => Msg::new("tournament-key_bye").arg("round", number(round, 'R')?),
            [round, "out", seat] => Msg::new("tournament-key_sit_out")
                .arg("round", number(round, 'R')?)
                .arg("seat", digits(seat)?),
            [round, table] => Msg::new("tournament-key_table")
                .arg("round", number(round, 'R')?)
                .arg("table", number(table, 'T')?),
            _ => return None,
        }
    };
    Some(match stage {
        Some(stage) => Msg::new("tournament-key_in_stage")
            .arg("stage", stage)
            .arg("place", place),
        None => place,
    })
}

impl fmt::Display for MatchKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_based_keys_name_their_table() {
        assert_eq!(MatchKey::new("Rot R2 T3").table(), Some(3));
        assert_eq!(MatchKey::new("Swiss R4 T17").table(), Some(17));
        assert_eq!(MatchKey::new("Rot R2 out 1").table(), None);
        assert_eq!(MatchKey::new("W R1 M2").table(), None);
        assert_eq!(MatchKey::new("GF").table(), None);
    }
}
