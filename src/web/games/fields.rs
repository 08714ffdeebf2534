//! Reading an outcome form: its fields as typed ([`Fields`], which notes what the
//! entry read), the refusals of what is missing, and of what was typed and would not
//! be used, which name the field in the referee's words.

use std::cell::RefCell;
use std::collections::BTreeSet;

use serde_json::Value;

use super::word;
use crate::lang::Arg;
use crate::rules::card::Card;
use crate::rules::game::{Seat, Team};
use crate::web::i18n::Tr;

/// A submitted form as typed: (name, value) pairs, kept to show the form again. It
/// notes the names read, so that a value the entry never read is refused, not
/// dropped ([`Fields::unread`]).
#[derive(Debug, Clone, Default)]
pub struct Fields {
    pairs: Vec<(String, String)>,
    read: RefCell<BTreeSet<String>>,
}

impl Fields {
    pub fn new(pairs: Vec<(String, String)>) -> Fields {
        Fields {
            pairs,
            read: RefCell::default(),
        }
    }

    /// The value of a field, trimmed; empty when absent.
    pub fn get(&self, name: &str) -> &str {
        self.read.borrow_mut().insert(name.to_string());
        self.pairs
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.trim())
            .unwrap_or("")
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The first field given a value that nothing has read (a field given twice is
    /// read once: its second value too).
    pub fn unread(&self) -> Option<&str> {
        let read = self.read.borrow();
        let mut seen = BTreeSet::new();
        self.pairs
            .iter()
            .find(|(key, value)| {
                let again = !seen.insert(key.as_str());
                !value.trim().is_empty() && (again || !read.contains(key))
            })
            .map(|(key, _)| key.as_str())
    }

    /// The field that leads row `index` of `rows` (`decl1_combo`), `Ok(None)` for an
    /// empty row; a row whose other fields were typed without it is refused.
    pub fn row_lead(&self, rows: &Rows, index: usize, tr: Tr) -> Result<Option<&str>, String> {
        let field = |name: &str| format!("{}{index}_{name}", rows.prefix);
        let lead = self.get(&field(rows.lead));
        if !lead.is_empty() {
            return Ok(Some(lead));
        }
        if rows
            .others
            .iter()
            .any(|name| !self.get(&field(name)).is_empty())
        {
            return Err(row_incomplete(tr, rows.label_key, index, rows.lead_key));
        }
        Ok(None)
    }

    /// The filled rows of `rows` ([`SEAT_ROWS`] of them), in order: an empty row is
    /// skipped, a row without its seat refused with `missing`; `each` makes a filled
    /// row's value from its number, seat and lead field.
    pub fn seated_rows<T>(
        &self,
        rows: &Rows,
        tr: Tr,
        missing: &str,
        mut each: impl FnMut(usize, Seat, &str) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let mut filled = Vec::new();
        for row in 0..SEAT_ROWS {
            let Some(lead) = self.row_lead(rows, row, tr)? else {
                continue;
            };
            let seat = need(
                self.seat(&format!("{}{row}_seat", rows.prefix)),
                tr,
                missing,
            )?;
            filled.push(each(row, seat, lead)?);
        }
        Ok(filled)
    }

    pub fn team(&self, name: &str) -> Option<Team> {
        match self.get(name) {
            "A" => Some(Team::A),
            "B" => Some(Team::B),
            _ => None,
        }
    }

    pub fn seat(&self, name: &str) -> Option<Seat> {
        self.get(name).parse::<u8>().ok().and_then(Seat::new)
    }

    /// A number, `Ok(None)` when left empty.
    pub fn number(&self, name: &str, tr: Tr) -> Result<Option<u32>, String> {
        self.parsed(name, tr, "games-not_a_number")
    }

    /// A number the form must have: left empty, it is refused with `missing`.
    pub fn required_number(&self, name: &str, tr: Tr, missing: &str) -> Result<u32, String> {
        need(self.number(name, tr)?, tr, missing)
    }

    pub fn card(&self, name: &str, tr: Tr) -> Result<Option<Card>, String> {
        self.parsed(name, tr, "games-unknown_card")
    }

    /// A field read as `T`, `Ok(None)` when left empty; what does not read is refused
    /// with message `refusal`, which shows the text typed.
    fn parsed<T: std::str::FromStr>(
        &self,
        name: &str,
        tr: Tr,
        refusal: &str,
    ) -> Result<Option<T>, String> {
        let text = self.get(name);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse::<T>()
            .map(Some)
            .map_err(|_| tr.t_args(refusal, &[("text", Arg::from(format!("{text:?}")))]))
    }
}

/// How many rows of declarations or bids a form offers and reads back (`seat_rows`
/// of `templates/games/shared.html` draws them).
pub const SEAT_ROWS: usize = 4;

/// Rows of a form (`decl0_seat`, `decl0_suit`…): their prefix and the words of a
/// row, the field that leads each (no row without it) and the others.
pub struct Rows {
    pub prefix: &'static str,
    pub label_key: &'static str,
    pub lead: &'static str,
    pub lead_key: &'static str,
    pub others: &'static [&'static str],
}

/// The value, or the message `refusal` when it is missing.
pub(crate) fn need<T>(value: Option<T>, tr: Tr, refusal: &str) -> Result<T, String> {
    value.ok_or_else(|| tr.t(refusal).to_string())
}

pub(crate) fn need_team(fields: &Fields, tr: Tr) -> Result<Team, String> {
    need(fields.team("team"), tr, "games-need_team")
}

pub(crate) fn need_seat(fields: &Fields, tr: Tr) -> Result<Seat, String> {
    need(fields.seat("seat"), tr, "games-need_seat")
}

/// The refusal of an outcome the form does not offer.
pub(crate) fn unknown_outcome(tr: Tr) -> Result<Value, String> {
    Err(tr.t("games-unknown_outcome").to_string())
}

/// A row of the form left incomplete: "Dichiarazione 2: manca «Seme»…".
fn row_incomplete(tr: Tr, row_key: &str, row: usize, missing_key: &str) -> String {
    tr.t_args(
        "games-row_incomplete",
        &[
            ("row", Arg::from(tr.t(row_key).to_string())),
            ("number", Arg::from(row + 1)),
            ("missing", Arg::from(tr.t(missing_key).to_string())),
        ],
    )
}

/// The words of a form field in the refusal of a value it would not use.
fn field_label(name: &str, tr: Tr) -> String {
    let plain = match name {
        "points" => Some("games-field_points"),
        "points_a" => Some("games-field_points_a"),
        "points_b" => Some("games-field_points_b"),
        "seat" => Some("games-player"),
        "sweep" => Some("games-tressette_sweep_kind"),
        "claim_correct" => Some("games-trijumf_claim_correct"),
        "trump_card" => Some("games-trijumf_trump_card"),
        _ => None,
    };
    if let Some(key) = plain {
        return tr.t(key).to_string();
    }
    // Rows: `decl1_suit`, `bid0_seat`.
    let row = |prefix: &str, row_key: &str| {
        let rest = name.strip_prefix(prefix)?;
        let (number, part) = rest.split_once('_')?;
        let number: usize = number.parse().ok()?;
        let part_key = match part {
            "seat" => "games-player",
            "combo" => "games-combination",
            "rank" => "games-rank",
            "suit" => "games-suit",
            "bid" => "games-vitou_bid",
            _ => return None,
        };
        Some(format!(
            "{} {} · {}",
            tr.t(row_key),
            number + 1,
            tr.t(part_key)
        ))
    };
    row("decl", "games-declaration")
        .or_else(|| row("bid", "games-vitou_bid"))
        .unwrap_or_else(|| name.to_string())
}

/// The refusal of a value the entry would not use, naming its field.
pub(super) fn unused(name: &str, tr: Tr) -> String {
    if name == "team" {
        return tr.t("games-team_unused").to_string();
    }
    word(tr, "games-field_unused", "field", field_label(name, tr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_typed_and_never_read_is_named_a_second_one_too() {
        let pairs = [("team", "A"), ("seat", "1"), ("team", "B"), ("points", " ")];
        let fields = Fields::new(
            pairs
                .iter()
                .map(|(key, value)| (key.to_string(), value.to_string()))
                .collect(),
        );
        fields.get("team");
        assert_eq!(fields.unread(), Some("seat"));
        fields.get("seat");
        assert_eq!(
            fields.unread(),
            Some("team"),
            "the second team would be dropped"
        );
        let once = Fields::new(vec![("team".to_string(), "A".to_string())]);
        once.get("team");
        assert_eq!(once.unread(), None, "an empty field is nothing typed");
    }
}
