//! The JSON Schema of each game's record entries, for the API document the shell
//! serves (`web/openapi.rs`): a game describes its own entries ([`EntrySchema`]) with
//! the helpers here, and the document adds the corrections and lists every game.

use serde_json::{Value, json};

/// What a game's entries look like.
pub trait EntrySchema {
    fn entry_schemas() -> EntrySchemas;
}

/// A game's entries as JSON Schema.
pub struct EntrySchemas {
    /// Each play entry's `type` word and schema; the document names it after the
    /// game and the word (`MadrassoDeal`).
    pub plays: Vec<(&'static str, Value)>,
    /// Schemas the plays refer to by name ([`reference`]), with those names.
    pub parts: Vec<(&'static str, Value)>,
}

impl EntrySchemas {
    /// The entries of a game whose plays refer to no parts of their own.
    pub fn plays(plays: Vec<(&'static str, Value)>) -> EntrySchemas {
        EntrySchemas {
            plays,
            parts: Vec::new(),
        }
    }
}

/// A reference to the schema `name` of the document.
pub fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// An object that refuses fields it does not list, as every entry does.
pub fn closed(required: &[&str], properties: Value) -> Value {
    json!({ "type": "object", "required": required, "additionalProperties": false, "properties": properties })
}

/// An entry: its `type` word, its own fields, and the `author` and `time` every entry
/// may carry.
pub fn entry(kind: &str, description: &str, required: &[&str], fields: Value) -> Value {
    let mut properties = json!({
        "type": { "const": kind },
        "author": { "type": "string", "description": "Who entered it (set by the server on entries it records)" },
        "time": { "type": "string", "description": "When it was entered (set by the server on entries it records)" },
    });
    let (Some(all), Value::Object(own)) = (properties.as_object_mut(), fields) else {
        unreachable!("entry fields are objects")
    };
    all.extend(own);
    let mut required: Vec<&str> = required.to_vec();
    required.insert(0, "type");
    let mut schema = closed(&required, properties);
    schema["description"] = json!(description);
    schema
}

/// A trick's number, counted from 1.
pub fn trick_number() -> Value {
    json!({ "type": "integer", "minimum": 0, "maximum": 255, "description": "A trick, counted from 1" })
}

/// Tricks played card by card.
pub fn tricks() -> Value {
    json!({ "type": "array", "items": reference("Trick") })
}
