//! The pages of Madrasso, Tressette, Trijumf and Vitou matches: the referee page
//! with a score entry fitted to each game (`referee`), and the live and replay pages
//! with each game's score sheet (`sheets`). Trionfetti keeps its own pages
//! (`super::scoring`, `super::public`); the handlers there hand a match of another
//! game over to this module.
//!
//! One file per game builds its outcome entry from the form (`entry`), describes
//! its log entries (`describe`) and draws its score sheet (`sheet`).

pub mod madrasso;
pub mod referee;
pub mod sheets;
pub mod tressette;
pub mod trijumf;
pub mod vitou;

use serde_json::{Value, json};

use super::i18n::stored_text;
use crate::lang::{Lang, Written};
use crate::rules::any::AnyMatch;
use crate::rules::card::Card;
use crate::rules::game::{Seat, Team};
use crate::rules::kind::GameKind;

/// The catalogue key of a game's name.
pub fn game_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Trionfetti => "games-trionfetti",
        GameKind::Madrasso => "games-madrasso",
        GameKind::Tressette => "games-tressette",
        GameKind::Trijumf => "games-trijumf",
        GameKind::Vitou => "games-vitou",
    }
}

/// A submitted form as typed: (name, value) pairs, kept to show the form again.
#[derive(Debug, Clone, Default)]
pub struct Fields(pub Vec<(String, String)>);

impl Fields {
    /// The value of a field, trimmed; empty when absent.
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.trim())
            .unwrap_or("")
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
    pub fn number(&self, name: &str, lang: Lang) -> Result<Option<u32>, String> {
        let text = self.get(name);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse::<u32>().map(Some).map_err(|_| {
            format!(
                "{} {text:?}",
                lang.pick("Non è un numero intero:", "Not a whole number:")
            )
        })
    }

    pub fn card(&self, name: &str, lang: Lang) -> Result<Option<Card>, String> {
        let text = self.get(name);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse::<Card>().map(Some).map_err(|_| {
            format!(
                "{} {text:?}",
                lang.pick("Carta sconosciuta:", "Unknown card:")
            )
        })
    }
}

pub(crate) fn need<T>(
    value: Option<T>,
    italian: &str,
    english: &str,
    lang: Lang,
) -> Result<T, String> {
    value.ok_or_else(|| lang.pick(italian, english).to_string())
}

pub(crate) fn need_team(fields: &Fields, lang: Lang) -> Result<Team, String> {
    need(
        fields.team("team"),
        "Scegli la squadra.",
        "Choose the team.",
        lang,
    )
}

pub(crate) fn need_seat(fields: &Fields, lang: Lang) -> Result<Seat, String> {
    need(
        fields.seat("seat"),
        "Scegli il giocatore.",
        "Choose the player.",
        lang,
    )
}

/// The entry a game's outcome form gives, as the game's record JSON, wrapped in a
/// `replace` when the form names an entry to correct.
pub fn outcome_entry(game: GameKind, fields: &Fields, lang: Lang) -> Result<Value, String> {
    let entry = match game {
        GameKind::Madrasso => madrasso::entry(fields, lang)?,
        GameKind::Tressette => tressette::entry(fields, lang)?,
        GameKind::Trijumf => trijumf::entry(fields, lang)?,
        GameKind::Vitou => vitou::entry(fields, lang)?,
        // Trionfetti's referee page is its own, with forms of its own.
        GameKind::Trionfetti => {
            return Err(lang
                .pick(
                    "Per il Trionfetti si usa la sua pagina del segnapunti.",
                    "Trionfetti is scored on its own referee page.",
                )
                .to_string());
        }
    };
    let target = fields.get("replace_target");
    if target.is_empty() {
        return Ok(entry);
    }
    let target: usize = target.parse().map_err(|_| {
        lang.pick("Correzione non valida.", "Invalid correction.")
            .to_string()
    })?;
    let reason: String = fields.get("replace_reason").chars().take(300).collect();
    if reason.is_empty() {
        return Err(lang
            .pick(
                "Scrivi il motivo della correzione.",
                "Give the reason for the correction.",
            )
            .to_string());
    }
    Ok(json!({"type": "replace", "target": target, "reason": reason, "entry": entry}))
}

/// One log entry in a line, in the reader's language.
pub fn describe(game: GameKind, entry: &Value, lang: Lang) -> String {
    let kind = entry.get("type").and_then(Value::as_str).unwrap_or("");
    let target = entry.get("target").and_then(Value::as_u64).unwrap_or(0);
    let reason = stored_text(
        entry.get("reason").and_then(Value::as_str).unwrap_or(""),
        lang,
    );
    match kind {
        "void" => format!("{} #{target}: {reason}", lang.pick("annulla", "voids")),
        "replace" => format!(
            "{} #{target} ({reason}): {}",
            lang.pick("sostituisce", "replaces"),
            describe(game, &entry["entry"], lang)
        ),
        _ => {
            if let Some(tricks) = entry.get("tricks").and_then(Value::as_array) {
                return format!(
                    "{} · {} {}",
                    lang.pick("carta per carta", "card by card"),
                    tricks.len(),
                    lang.pick("prese", "tricks")
                );
            }
            match game {
                GameKind::Madrasso => madrasso::describe(entry, lang),
                GameKind::Tressette => tressette::describe(entry, lang),
                GameKind::Trijumf => trijumf::describe(entry, lang),
                GameKind::Vitou => vitou::describe(entry, lang),
                // Trionfetti's log is worded by its own page.
                GameKind::Trionfetti => entry.to_string(),
            }
        }
    }
}

/// "team A" / "squadra A".
pub(crate) fn team_word(value: &Value, lang: Lang) -> String {
    format!(
        "{} {}",
        lang.pick("squadra", "team"),
        value.as_str().unwrap_or("?")
    )
}

pub(crate) fn seat_word(value: &Value, lang: Lang) -> String {
    format!("{} {}", lang.pick("posto", "seat"), value)
}

pub(crate) fn card_name(card: Card, lang: Lang) -> String {
    match lang.written() {
        Written::It => card.italian_name(),
        Written::En => card.english_name(),
    }
}

/// The sides of a match: the names of each team (one name in a two-player game).
pub fn side_names(players: &[String], team: Team) -> String {
    team.seats()
        .iter()
        .filter_map(|seat| players.get(seat.index()))
        .filter(|name| !name.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" · ")
}

pub fn seat_name(players: &[String], seat: Seat) -> String {
    format!(
        "{} ({seat})",
        players.get(seat.index()).cloned().unwrap_or_default()
    )
}

/// The seats of the match (2 or 4).
pub fn seats(players: &[String]) -> Vec<Seat> {
    Seat::ALL.into_iter().take(players.len()).collect()
}

/// Whether `state` is one of the games of this module.
pub fn handles(state: &AnyMatch) -> bool {
    !matches!(state, AnyMatch::Trionfetti(_))
}
