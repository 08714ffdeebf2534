//! A game's options as an event takes them: checked as a record of the game would check
//! them, within the ranges an event allows.

use serde_json::Value;

use super::players_per_match;
use crate::lang::Msg;
use crate::rules::any::AnyRecord;
use crate::rules::game::Message;
use crate::rules::kind::GameKind;
use crate::rules::record::FORMAT_VERSION;

/// Why a game's options are refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionsError {
    /// Refused by the game's own rules, as they say it.
    Refused(Msg),
    /// A number outside what an event allows. The option is kept as its field name:
    /// only the web layer has its label in the catalog.
    OutOfRange { option: String, min: u64, max: u64 },
}

impl OptionsError {
    /// As a message for the shell to word; `label` names an option from its field name.
    pub fn msg(&self, label: impl Fn(&str) -> String) -> Msg {
        match self {
            OptionsError::Refused(message) => message.clone(),
            OptionsError::OutOfRange { option, min, max } => Msg::new("event-option_out_of_range")
                .arg("option", label(option))
                .arg("min", *min as i64)
                .arg("max", *max as i64),
        }
    }
}

/// Checks a game's options as the record of one of its matches would (the game's own
/// `Options` type: known fields, their types, a player count the game is played with),
/// plus the ranges an event allows. Gives the options with every field filled.
pub fn check_options(game: GameKind, options: &Value) -> Result<Value, OptionsError> {
    let players = players_per_match(game, options);
    let names: Vec<String> = (1..=players.clamp(1, 8)).map(|i| format!("p{i}")).collect();
    let document = serde_json::json!({
        "format_version": FORMAT_VERSION,
        "game": game.name(),
        "options": options,
        "players": names,
        "first_dealer": 0,
        "entries": [],
    });
    let record = AnyRecord::from_json(&document.to_string())
        .map_err(|error| OptionsError::Refused(error.msg()))?;
    let filled = record.options_json();
    if let Value::Object(fields) = &filled {
        for (name, value) in fields {
            let Some(number) = value.as_u64() else {
                continue;
            };
            let range = match name.as_str() {
                "games_to_win" => 1..=9,
                "players" => 2..=4,
                "min_deals" => 0..=100,
                _ => 1..=10_000,
            };
            if !range.contains(&number) {
                return Err(OptionsError::OutOfRange {
                    option: name.clone(),
                    min: *range.start(),
                    max: *range.end(),
                });
            }
        }
    }
    Ok(filled)
}
