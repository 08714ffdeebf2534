//! The API's answer after an entry carries the match's summary as JSON text, written
//! here without building a tree of values first: Trionfetti's score sheet grows with
//! the match, so its rows are written field by field (byte for byte what serde writes,
//! which the tests check); every other game's summary is serde's.

use crate::rules::any::AnyMatch;
use crate::rules::game::{Game, Team};
use crate::rules::trionfetti::{SheetRow, SmazzataEnd, TrionfettiSummary};

/// The summary of `state`, as `serde_json::to_string` writes it.
pub fn summary_text(state: &AnyMatch) -> String {
    match state {
        AnyMatch::Trionfetti(game) => trionfetti_summary(game.summary()),
        other => other.summary_text(),
    }
}

/// A Trionfetti summary as `serde_json::to_string` writes it.
fn trionfetti_summary(mut summary: TrionfettiSummary) -> String {
    let rows = std::mem::take(&mut summary.sheet);
    let mut text = serde_json::to_string(&summary).expect("a summary always serializes");
    // The summary's own key (inside a JSON string every quote is escaped, so
    // this cannot be part of a value), near the end: only the games follow.
    const EMPTY_SHEET: &str = "\"sheet\":[]";
    let at = text.rfind(EMPTY_SHEET).expect("the summary has a sheet") + EMPTY_SHEET.len() - 1;
    let mut sheet = String::with_capacity(rows.len() * 100);
    for (index, row) in rows.iter().enumerate() {
        if index > 0 {
            sheet.push(',');
        }
        write_row(row, &mut sheet);
    }
    text.insert_str(at, &sheet);
    text
}

/// A row field by field as the derived `Serialize` writes them, in their order.
fn write_row(row: &SheetRow, out: &mut String) {
    out.push_str("{\"smazzata\":");
    push_number(out, row.smazzata);
    out.push_str(",\"game\":");
    push_number(out, row.game);
    out.push_str(",\"dealer\":");
    push_number(out, u8::from(row.dealer).into());
    // Rare, and strings and cards have their own rules: serde writes them.
    if let Some(comanda) = &row.comanda {
        out.push_str(",\"comanda\":");
        push_serialized(out, comanda);
    }
    if let Some(cut) = &row.cut {
        out.push_str(",\"cut\":");
        push_serialized(out, cut);
    }
    out.push_str(",\"points\":[");
    push_number(out, row.points[0]);
    out.push(',');
    push_number(out, row.points[1]);
    out.push_str("],\"hands\":");
    push_number(out, row.hands.into());
    out.push_str(",\"game_won\":");
    out.push_str(match row.game_won {
        None => "null",
        Some(Team::A) => "\"A\"",
        Some(Team::B) => "\"B\"",
    });
    out.push_str(",\"end\":");
    out.push_str(match row.end {
        None => "null",
        Some(SmazzataEnd::FourHands) => "\"four_hands\"",
        Some(SmazzataEnd::GameWon) => "\"game_won\"",
        Some(SmazzataEnd::Vagaresto) => "\"vagaresto\"",
    });
    if let Some(undealt) = &row.undealt {
        out.push_str(",\"undealt\":");
        push_serialized(out, undealt);
    }
    out.push('}');
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
    use crate::rules::game::Seat;
    use crate::rules::trionfetti::{Options, Trionfetti, simulate};

    fn same_as_serde(summary: TrionfettiSummary) -> String {
        let expected = serde_json::to_string(&summary).unwrap();
        assert_eq!(trionfetti_summary(summary), expected);
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
