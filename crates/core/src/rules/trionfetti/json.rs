//! The summary as JSON text, the score sheet written by hand.
//!
//! Every answer of the scoring API carries the summary, and with it the whole
//! score sheet: a row per smazzata, a few hundred over a long match. Through
//! serde a row cost about 1,900 instructions (each key escaped and each piece
//! copied on its own); written here it is a few pieces per row. The text is the
//! same as serde_json's, byte for byte (tests below, over simulated matches).

use super::{SheetRow, SmazzataEnd, TrionfettiSummary};
use crate::rules::game::Team;

impl TrionfettiSummary {
    /// The summary as `serde_json::to_string` writes it.
    pub fn to_json(mut self) -> String {
        let rows = std::mem::take(&mut self.sheet);
        let mut text = serde_json::to_string(&self).expect("a summary always serializes");
        // The summary's own key (inside a JSON string every quote is escaped, so
        // this cannot be part of a value), near the end: only the games follow.
        const EMPTY_SHEET: &str = "\"sheet\":[]";
        let at = text.rfind(EMPTY_SHEET).expect("the summary has a sheet") + EMPTY_SHEET.len() - 1;
        let mut sheet = String::with_capacity(rows.len() * 100);
        for (index, row) in rows.iter().enumerate() {
            if index > 0 {
                sheet.push(',');
            }
            row.write_json(&mut sheet);
        }
        text.insert_str(at, &sheet);
        text
    }
}

impl SheetRow {
    /// Field by field as the derived `Serialize` writes them, in their order.
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"smazzata\":");
        push_number(out, self.smazzata);
        out.push_str(",\"game\":");
        push_number(out, self.game);
        out.push_str(",\"dealer\":");
        push_number(out, u8::from(self.dealer).into());
        // Rare, and strings and cards have their own rules: serde writes them.
        if let Some(comanda) = &self.comanda {
            out.push_str(",\"comanda\":");
            push_serialized(out, comanda);
        }
        if let Some(cut) = &self.cut {
            out.push_str(",\"cut\":");
            push_serialized(out, cut);
        }
        out.push_str(",\"points\":[");
        push_number(out, self.points[0]);
        out.push(',');
        push_number(out, self.points[1]);
        out.push_str("],\"hands\":");
        push_number(out, self.hands.into());
        out.push_str(",\"game_won\":");
        out.push_str(match self.game_won {
            None => "null",
            Some(Team::A) => "\"A\"",
            Some(Team::B) => "\"B\"",
        });
        out.push_str(",\"end\":");
        out.push_str(match self.end {
            None => "null",
            Some(SmazzataEnd::FourHands) => "\"four_hands\"",
            Some(SmazzataEnd::GameWon) => "\"game_won\"",
            Some(SmazzataEnd::Vagaresto) => "\"vagaresto\"",
        });
        if let Some(undealt) = &self.undealt {
            out.push_str(",\"undealt\":");
            push_serialized(out, undealt);
        }
        out.push('}');
    }
}

/// Most numbers on a sheet have a digit or two.
fn push_number(out: &mut String, number: u32) {
    if number >= 10 {
        push_number(out, number / 10);
    }
    out.push(char::from(b'0' + (number % 10) as u8));
}

fn push_serialized(out: &mut String, value: &impl serde::Serialize) {
    out.push_str(&serde_json::to_string(value).expect("sheet values serialize"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::Card;
    use crate::rules::comanda::Nicknames;
    use crate::rules::game::{Game, Seat};
    use crate::rules::trionfetti::{Options, Trionfetti, simulate};

    fn same_as_serde(summary: TrionfettiSummary) -> String {
        let expected = serde_json::to_string(&summary).unwrap();
        assert_eq!(summary.to_json(), expected);
        expected
    }

    #[test]
    fn simulated_matches_read_the_same_after_every_entry() {
        let nicknames = Nicknames::new();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let options = Options {
                target_points: 10 + (seed as u32 % 3) * 10,
                games_to_win: 1 + seed as u32 % 3,
            };
            let simulated = simulate::simulate(seed, options, &nicknames);
            let mut record = simulated.record.clone();
            let entries = std::mem::take(&mut record.entries);
            for count in 0..=entries.len() {
                record.entries = entries[..count].to_vec();
                let state: Trionfetti = crate::rules::replay::replay(&record, &nicknames).unwrap();
                let text = same_as_serde(state.summary());
                for field in ["\"comanda\":", "\"cut\":", "\"undealt\":", "\"vagaresto\""] {
                    if text.contains(field) {
                        seen.insert(field);
                    }
                }
            }
        }
        assert_eq!(
            seen.len(),
            4,
            "the simulations reach every kind of row: {seen:?}"
        );
    }

    #[test]
    fn every_field_of_a_row_reads_the_same() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        let summary = Trionfetti::new(Options::default(), Seat::ALL[0]).summary();
        let rows = [
            SheetRow {
                smazzata: 4_294_967_295,
                game: 0,
                dealer: Seat::ALL[3],
                comanda: Some("più \"ponto\"\\ e\tfigure\u{1}\u{7f}/é".into()),
                cut: Some(card("7d")),
                points: [0, 1_000_000],
                hands: 255,
                game_won: Some(Team::B),
                end: Some(SmazzataEnd::Vagaresto),
                undealt: Some(vec![card("7d"), card("Cc"), card("10b")]),
            },
            SheetRow {
                smazzata: 1,
                game: 1,
                dealer: Seat::ALL[1],
                comanda: Some(String::new()),
                cut: None,
                points: [9, 10],
                hands: 4,
                game_won: Some(Team::A),
                end: Some(SmazzataEnd::GameWon),
                undealt: Some(Vec::new()),
            },
            SheetRow {
                smazzata: 2,
                game: 1,
                dealer: Seat::ALL[2],
                comanda: None,
                cut: None,
                points: [0, 0],
                hands: 0,
                game_won: None,
                end: Some(SmazzataEnd::FourHands),
                undealt: None,
            },
        ];
        for count in 0..=rows.len() {
            same_as_serde(TrionfettiSummary {
                sheet: rows[..count].to_vec(),
                ..summary.clone()
            });
        }
    }
}
