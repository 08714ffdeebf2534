//! The texts of a document held to the rules of `crate::text`, as the web holds what
//! people type: `import` refuses a document that breaks them, and `check` exports each
//! stored event and refuses it the same way, so that the two never disagree.

use serde_json::Value;

use super::document::EventDocument;
use crate::lang::Msg;
use crate::text::{Shape, refused_in};

/// Every text of the document the rules refuse, each named by where it is.
pub fn problems(document: &EventDocument) -> Vec<Msg> {
    let mut found = Vec::new();
    let mut text = |at: String, value: &str, shape: Shape| {
        if let Some(refused) = refused_in(value, shape) {
            found.push(refused.msg(&at));
        }
    };
    let club = &document.club;
    text("club.name".into(), &club.name, Shape::Name);
    for (index, nickname) in club.nicknames.iter().enumerate() {
        text(
            format!("club.nicknames[{index}].name"),
            &nickname.name,
            Shape::Line,
        );
        text(
            format!("club.nicknames[{index}].expansion"),
            &nickname.expansion,
            Shape::Line,
        );
    }
    let event = &document.event;
    text("generator".into(), &document.generator, Shape::Line);
    text("event.name".into(), &event.name, Shape::Name);
    text("event.venue".into(), &event.venue, Shape::Line);
    if let Some(seeding) = &event.seeding {
        text("event.seeding".into(), seeding, Shape::Line);
    }
    json_strings(
        &event.game_options_json,
        "event.game_options_json",
        &mut text,
    );
    json_strings(&event.format_json, "event.format_json", &mut text);
    for entrant in &document.entrants {
        let at = |field: &str| format!("entrants[{}].{field}", entrant.number);
        text(at("label"), &entrant.label, Shape::Name);
        text(at("player1"), &entrant.player1, Shape::Name);
        if let Some(player2) = &entrant.player2 {
            text(at("player2"), player2, Shape::Name);
        }
    }
    for row in &document.matches {
        let at = |field: &str| format!("matches[{}].{field}", row.public_id);
        text(at("title"), &row.title, Shape::Name);
        if let Ok(players) = serde_json::from_str::<Vec<String>>(&row.players_json) {
            for player in &players {
                text(at("players"), player, Shape::Name);
            }
        }
        if let Some(note) = &row.status_note {
            text(at("status_note"), note, Shape::Lines);
        }
        text(at("status_by"), &row.status_by, Shape::Line);
        json_strings(&row.options_json, &at("options_json"), &mut text);
        if let Some(key) = &row.match_key {
            text(at("match_key"), key, Shape::Line);
        }
        for entry in &row.entries {
            let at =
                |field: &str| format!("matches[{}].entries[{}].{field}", row.public_id, entry.seq);
            text(at("submission_key"), &entry.submission_key, Shape::Line);
            text(at("author_label"), &entry.author_label, Shape::Line);
            json_strings(&entry.entry_json, &at("entry_json"), &mut text);
        }
        for (index, change) in row.state_changes.iter().enumerate() {
            let at =
                |field: &str| format!("matches[{}].state_changes[{index}].{field}", row.public_id);
            text(at("reason"), &change.reason, Shape::Lines);
            text(at("by_label"), &change.by_label, Shape::Line);
        }
    }
    for (index, notice) in document.notices.iter().enumerate() {
        json_strings(&notice.notice_json, &format!("notices[{index}]"), &mut text);
    }
    found
}

/// The strings inside a column that holds JSON: none may carry a control character
/// (a `\u0000` in the JSON text is a NUL once read).
fn json_strings(json: &str, at: &str, text: &mut impl FnMut(String, &str, Shape)) {
    fn walk(value: &Value, at: &str, text: &mut impl FnMut(String, &str, Shape)) {
        match value {
            Value::String(string) => text(at.to_string(), string, Shape::Lines),
            Value::Array(items) => items.iter().for_each(|item| walk(item, at, text)),
            Value::Object(fields) => fields.iter().for_each(|(name, item)| {
                text(at.to_string(), name, Shape::Line);
                walk(item, at, text);
            }),
            _ => {}
        }
    }
    if let Ok(value) = serde_json::from_str::<Value>(json) {
        walk(&value, at, text);
    }
}
