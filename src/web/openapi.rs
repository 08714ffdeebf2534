//! The OpenAPI 3.1 document of the JSON API (`/api/v1/openapi.json`), kept by hand.
//!
//! It says every status and body each operation answers, and the entries of each
//! game as schemas (`oneOf` by `type`, one list per game). The schemas follow what
//! serde reads (`crates/core/src/rules/*/`, `docs/match-record.md`): a body they refuse is
//! answered 400, one they accept that the rules refuse 422. Kept honest by the
//! HTTP tests, which check every API answer they receive against this document
//! (`tests/it/support/openapi.rs`), and by schemathesis in `.ci/run`.

use serde_json::{Value, json};

use crate::rules::kind::GameKind;

/// The largest value of a signed 64-bit integer, the range of sequence numbers.
const INT64_MAX: i64 = i64::MAX;

fn schema(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn json_body(description: &str, schema: Value) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": schema } } })
}

fn error(description: &str) -> Value {
    json_body(description, schema("Error"))
}

/// A sequence number or an entry's index: 0 up to the int64 range.
fn sequence(description: &str) -> Value {
    json!({ "type": "integer", "format": "int64", "minimum": 0, "maximum": INT64_MAX, "description": description })
}

/// An object that refuses fields it does not list, as every entry does.
fn closed(required: &[&str], properties: Value) -> Value {
    json!({ "type": "object", "required": required, "additionalProperties": false, "properties": properties })
}

/// A game's entry: its `type` word, its own fields, and the `author` and `time`
/// every entry may carry.
fn entry(kind: &str, description: &str, required: &[&str], fields: Value) -> Value {
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

/// The list of a game's entries, told apart by `type`.
fn one_of_by_type(description: &str, kinds: &[(&str, &str)]) -> Value {
    let mapping: serde_json::Map<String, Value> = kinds
        .iter()
        .map(|(kind, name)| {
            (
                kind.to_string(),
                json!(format!("#/components/schemas/{name}")),
            )
        })
        .collect();
    json!({
        "description": description,
        "oneOf": kinds.iter().map(|(_, name)| schema(name)).collect::<Vec<_>>(),
        "discriminator": { "propertyName": "type", "mapping": mapping },
    })
}

fn replace(play: &str) -> Value {
    entry(
        "replace",
        "Puts `entry` in the place of the earlier play entry `target`",
        &["target", "reason", "entry"],
        json!({
            "target": sequence("Index of the entry replaced"),
            "reason": { "type": "string" },
            "entry": schema(play),
        }),
    )
}

/// Each game's list of entries: `<Label>Entry`, in the order of [`GameKind::ALL`].
fn game_entries() -> Vec<Value> {
    GameKind::ALL
        .iter()
        .map(|game| schema(&format!("{}Entry", game.label())))
        .collect()
}

fn entry_schemas() -> Vec<(&'static str, Value)> {
    let seat = schema("Seat");
    let team = schema("Team");
    let card = schema("Card");
    let tricks = json!({ "type": "array", "items": schema("Trick") });
    let trick_number = json!({ "type": "integer", "minimum": 0, "maximum": 255, "description": "A trick, counted from 1" });
    let points = schema("Points");
    vec![
        (
            "Seat",
            json!({ "type": "integer", "minimum": 0, "maximum": 3, "description": "A seat, in the order of play (0 and 1 only in a two-player match)" }),
        ),
        (
            "Team",
            json!({ "type": "string", "enum": ["A", "B"], "description": "Team A holds seats 0 and 2, team B seats 1 and 3" }),
        ),
        (
            "Card",
            json!({ "type": "string", "minLength": 1, "description": "A card's code: rank (1-10, F, C, R) and suit letter (s, b, c, d), e.g. `7d`, `Cc`, `10b`. On input the words `sette di denari` are read too; the log answers codes." }),
        ),
        (
            "Suit",
            json!({ "type": "string", "enum": ["s", "b", "c", "d"] }),
        ),
        (
            "Points",
            json!({ "type": "integer", "minimum": 0, "maximum": u32::MAX }),
        ),
        (
            "Trick",
            closed(
                &["leader", "cards"],
                json!({ "leader": seat, "cards": { "type": "array", "items": card } }),
            ),
        ),
        (
            "Void",
            entry(
                "void",
                "Takes the earlier play entry `target` out of the match",
                &["target", "reason"],
                json!({
                    "target": sequence("Index of the entry voided"),
                    "reason": { "type": "string" },
                }),
            ),
        ),
        // Trionfetti
        ("TrionfettiSmazzata", {
            let mut smazzata = entry(
                "smazzata",
                "The comanda (or explicit ranking) and the cut card of a smazzata recorded card by card",
                &["cut"],
                json!({
                    "comanda": { "type": "string" },
                    "ranking": { "type": "array", "items": { "type": "array", "items": card }, "description": "Levels of equal cards, lowest first" },
                    "cut": card,
                }),
            );
            smazzata["anyOf"] = json!([{ "required": ["comanda"] }, { "required": ["ranking"] }]);
            smazzata
        }),
        (
            "TrionfettiHand",
            entry(
                "hand",
                "A hand, by outcome (`winner`) or card by card (`tricks`)",
                &[],
                json!({
                    "winner": team,
                    "tricks": tricks,
                    "vagaresto": closed(&["caller", "answer"], json!({
                        "caller": seat,
                        "answer": { "type": "string", "enum": ["accepted", "conceded"] },
                        "trick": trick_number,
                        "stake": points,
                    })),
                }),
            ),
        ),
        (
            "TrionfettiPlay",
            one_of_by_type(
                "A Trionfetti play entry",
                &[
                    ("smazzata", "TrionfettiSmazzata"),
                    ("hand", "TrionfettiHand"),
                ],
            ),
        ),
        ("TrionfettiReplace", replace("TrionfettiPlay")),
        (
            "TrionfettiEntry",
            one_of_by_type(
                "An entry of a Trionfetti match",
                &[
                    ("smazzata", "TrionfettiSmazzata"),
                    ("hand", "TrionfettiHand"),
                    ("void", "Void"),
                    ("replace", "TrionfettiReplace"),
                ],
            ),
        ),
        // Madrasso
        (
            "MadrassoDeal",
            entry(
                "deal",
                "A Madrasso deal, by outcome or card by card",
                &[],
                json!({
                    "team": team,
                    "points": points,
                    "cappotto": team,
                    "cassone": closed(&["seat"], json!({ "seat": seat, "trick": trick_number })),
                    "declared": seat,
                    "face_up": card,
                    "exchange": seat,
                    "tricks": tricks,
                }),
            ),
        ),
        ("MadrassoReplace", replace("MadrassoDeal")),
        (
            "MadrassoEntry",
            one_of_by_type(
                "An entry of a Madrasso match",
                &[
                    ("deal", "MadrassoDeal"),
                    ("void", "Void"),
                    ("replace", "MadrassoReplace"),
                ],
            ),
        ),
        // Tressette
        ("TressetteDeclaration", {
            let rank = json!({ "type": "string", "enum": ["3", "2", "1"] });
            json!({
                "description": "A declaration: four of a rank, three of a rank missing a suit, or a napoletana",
                "oneOf": [
                    closed(&["combo", "seat", "rank"], json!({ "combo": { "const": "four" }, "seat": seat, "rank": rank })),
                    closed(&["combo", "seat", "rank", "missing"], json!({ "combo": { "const": "three" }, "seat": seat, "rank": rank, "missing": schema("Suit") })),
                    closed(&["combo", "seat", "suit"], json!({ "combo": { "const": "napoletana" }, "seat": seat, "suit": schema("Suit") })),
                ],
            })
        }),
        (
            "TressetteDeal",
            entry(
                "deal",
                "A Tressette deal, by outcome or card by card",
                &[],
                json!({
                    "team": team,
                    "points": points,
                    "declarations": { "type": "array", "items": schema("TressetteDeclaration") },
                    "sweep": { "type": "string", "enum": ["cappotto", "stramazzo", "cappottone", "stramazzone"] },
                    "claim": seat,
                    "tricks": tricks,
                }),
            ),
        ),
        ("TressetteReplace", replace("TressetteDeal")),
        (
            "TressetteEntry",
            one_of_by_type(
                "An entry of a Tressette match",
                &[
                    ("deal", "TressetteDeal"),
                    ("void", "Void"),
                    ("replace", "TressetteReplace"),
                ],
            ),
        ),
        // Trijumf
        (
            "TrijumfDeal",
            entry(
                "deal",
                "A Trijumf deal, by outcome or card by card",
                &["cut"],
                json!({
                    "cut": { "type": "string", "enum": ["normal", "knock", "flip"] },
                    "trump_card": card,
                    "declarations": { "type": "array", "items": closed(&["seat", "suit"], json!({ "seat": seat, "suit": schema("Suit"), "points": points })) },
                    "points": { "type": "array", "items": points, "minItems": 2, "maxItems": 2, "description": "Card points of side A and side B" },
                    "tricks": tricks,
                    "stock": { "type": "array", "items": card },
                    "claim": closed(&["seat"], json!({ "seat": seat, "correct": { "type": "boolean" } })),
                    "revoke": closed(&["seat"], json!({ "seat": seat, "trick": trick_number, "held": card })),
                }),
            ),
        ),
        ("TrijumfReplace", replace("TrijumfDeal")),
        (
            "TrijumfEntry",
            one_of_by_type(
                "An entry of a Trijumf match",
                &[
                    ("deal", "TrijumfDeal"),
                    ("void", "Void"),
                    ("replace", "TrijumfReplace"),
                ],
            ),
        ),
        // Vitou
        (
            "VitouRound",
            entry(
                "round",
                "A Vitou round, by outcome or card by card",
                &[],
                json!({
                    "winner": team,
                    "tied": { "type": "boolean" },
                    "tricks": tricks,
                    "bids": { "type": "array", "items": closed(&["seat", "bid"], json!({ "seat": seat, "bid": { "enum": [3, 6, 12, "baraque"] }, "trick": trick_number })) },
                    "refusal": closed(&["seat"], json!({ "seat": seat, "trick": trick_number })),
                    "declined": { "type": "boolean" },
                    "all_passed": { "type": "boolean" },
                    "points": points,
                }),
            ),
        ),
        ("VitouReplace", replace("VitouRound")),
        (
            "VitouEntry",
            one_of_by_type(
                "An entry of a Vitou match",
                &[
                    ("round", "VitouRound"),
                    ("void", "Void"),
                    ("replace", "VitouReplace"),
                ],
            ),
        ),
        (
            "Entry",
            json!({
                "description": "An entry of the match's game, as a match record holds it (docs/match-record.md, docs/games-trijumf-vitou.md). The match's game decides which list applies: an entry of another game's list is refused as unreadable (400).",
                "anyOf": game_entries(),
            }),
        ),
    ]
}

fn answer_schemas() -> Vec<(&'static str, Value)> {
    let text = json!({ "type": "string" });
    let int64 = json!({ "type": "integer", "format": "int64" });
    let nullable = |name: &str| json!({ "oneOf": [schema(name), { "type": "null" }] });
    let pair =
        json!({ "type": "array", "items": { "type": "integer" }, "minItems": 2, "maxItems": 2 });
    vec![
        (
            "Error",
            closed(
                &["error", "message_it", "message_en"],
                json!({
                    "error": { "type": "string", "description": "A word for programs: not_found, unauthorized, forbidden, unreadable, …" },
                    "message_it": text,
                    "message_en": text,
                    "reference": { "type": ["string", "null"], "description": "The request's reference in the server's log (server errors only)" },
                }),
            ),
        ),
        (
            "Summary",
            json!({
                "type": "object",
                "description": "The game's summary: these fields in every game, then the game's own (docs/match-record.md).",
                "required": ["game", "scores", "games_won", "over", "winner", "dealer", "leader"],
                "properties": {
                    "game": schema("Game"),
                    "scores": pair,
                    "games_won": pair,
                    "over": { "type": "boolean" },
                    "winner": nullable("Team"),
                    "dealer": nullable("Seat"),
                    "leader": nullable("Seat"),
                },
            }),
        ),
        (
            "Game",
            json!({ "type": "string", "enum": GameKind::ALL.map(GameKind::name) }),
        ),
        (
            "Match",
            closed(
                &[
                    "id", "title", "game", "status", "players", "next_seq", "summary",
                ],
                json!({
                    "id": text,
                    "title": text,
                    "game": schema("Game"),
                    "status": { "type": "string", "enum": ["scheduled", "in_progress", "finished", "forfeit"] },
                    "players": { "type": "array", "items": text },
                    "next_seq": sequence("The expected_seq the next write must carry"),
                    "summary": schema("Summary"),
                }),
            ),
        ),
        (
            "Appended",
            closed(
                &["seq", "match"],
                json!({
                    "seq": sequence("The entry's sequence number"),
                    "match": schema("Match"),
                }),
            ),
        ),
        (
            "AlreadyRecorded",
            closed(
                &["seq", "already_recorded", "match"],
                json!({
                    "seq": sequence("The sequence number the submission was recorded at"),
                    "already_recorded": { "const": true },
                    "match": schema("Match"),
                }),
            ),
        ),
        (
            "Stale",
            closed(
                &[
                    "error",
                    "expected_seq",
                    "current_seq",
                    "message_it",
                    "message_en",
                    "match",
                ],
                json!({
                    "error": { "const": "stale" },
                    "expected_seq": int64,
                    "current_seq": int64,
                    "message_it": text,
                    "message_en": text,
                    "match": schema("Match"),
                }),
            ),
        ),
        (
            "Closed",
            closed(
                &["error", "message_it", "message_en"],
                json!({
                    "error": { "const": "closed" },
                    "message_it": text,
                    "message_en": text,
                }),
            ),
        ),
        (
            "Refused",
            closed(
                &["error", "index", "failing", "message_it", "message_en"],
                json!({
                    "error": { "const": "refused" },
                    "index": sequence("The entry that made the match impossible"),
                    "failing": sequence("The earlier entry it made impossible, when it is a correction; else the same"),
                    "message_it": text,
                    "message_en": text,
                }),
            ),
        ),
        (
            "ReasonRequired",
            closed(
                &["error", "message_it", "message_en"],
                json!({
                    "error": { "const": "reason_required" },
                    "message_it": text,
                    "message_en": text,
                }),
            ),
        ),
        (
            "LoggedEntry",
            closed(
                &["seq", "entry", "voided", "replaced"],
                json!({
                    "seq": sequence("The entry's sequence number, its index in the match record"),
                    "entry": schema("Entry"),
                    "voided": { "type": "boolean" },
                    "replaced": { "type": "boolean" },
                }),
            ),
        ),
        (
            "EntryList",
            closed(
                &["entries"],
                json!({
                    "entries": { "type": "array", "items": schema("LoggedEntry") },
                }),
            ),
        ),
    ]
}

/// The answers every write may give, whatever it writes.
fn write_answers(refused: Value) -> Value {
    json!({
        "201": json_body("Recorded", schema("Appended")),
        "200": json_body("Already recorded under this submission key; nothing new", schema("AlreadyRecorded")),
        "400": error("The body cannot be read: not JSON, a field missing, unknown or of the wrong shape, an entry of another game (error `unreadable`)"),
        "401": error("No credentials, or a token that is not (or no longer) valid"),
        "403": error("Not allowed to score this match, or a session without its X-CSRF-Token header"),
        "404": error("No such match (or, for a void, a sequence number that is not one)"),
        "409": json_body("Nothing recorded: the expected_seq is not the match's next (`stale`, with the match as it is), or the match is finished or forfeited (`closed`)", json!({
            "oneOf": [schema("Stale"), schema("Closed")],
            "discriminator": { "propertyName": "error", "mapping": { "stale": "#/components/schemas/Stale", "closed": "#/components/schemas/Closed" } },
        })),
        "413": error("The body is over 256 KiB"),
        "422": refused,
        "503": error("The database cannot be reached or takes no writes now; nothing recorded"),
    })
}

/// The document, with `server` as the address clients use.
pub fn document(server: &str) -> Value {
    let id = json!({ "name": "id", "in": "path", "required": true, "schema": { "type": "string" }, "description": "The match's public id" });
    let seq = json!({ "name": "seq", "in": "path", "required": true, "schema": sequence("The sequence number of the entry to void") });
    let submission_key = json!({ "type": "string", "description": "Repeating a request with the same key records it once (the answer is then 200). At most 100 characters: an empty or longer key is replaced by one the server makes." });
    let unavailable = error("The database cannot be reached now");
    let schemas: serde_json::Map<String, Value> = entry_schemas()
        .into_iter()
        .chain(answer_schemas())
        .map(|(name, schema)| (name.to_string(), schema))
        .collect();
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "segnapunti API",
            "version": "1",
            "description": "Read and score matches. Writes follow the same rules as the referee page: the entry is validated by the rules engine, must be based on the current sequence number, and is recorded once per submission key. Authenticate with a session (writes then need the X-CSRF-Token header) or a bearer token: a personal API token or a match's private scoring link."
        },
        "servers": [{ "url": server }],
        "components": {
            "securitySchemes": {
                "bearer": { "type": "http", "scheme": "bearer", "description": "A personal API token, or the token of a match's private scoring link" },
                "session": { "type": "apiKey", "in": "cookie", "name": super::SESSION_COOKIE }
            },
            "schemas": schemas,
        },
        "security": [{ "bearer": [] }, { "session": [] }],
        "paths": {
            "/api/v1/matches/{id}": {
                "get": {
                    "operationId": "getMatch",
                    "summary": "The match's current state (the engine's replay of its log)",
                    "security": [],
                    "parameters": [id],
                    "responses": {
                        "200": json_body("The state", schema("Match")),
                        "404": error("No such match"),
                        "503": unavailable,
                    }
                }
            },
            "/api/v1/matches/{id}/entries": {
                "get": {
                    "operationId": "listEntries",
                    "summary": "The match's log, oldest first, with voided and replaced entries marked",
                    "security": [],
                    "parameters": [id],
                    "responses": {
                        "200": json_body("The log", schema("EntryList")),
                        "404": error("No such match"),
                        "503": unavailable,
                    }
                },
                "post": {
                    "operationId": "appendEntry",
                    "summary": "Append an entry",
                    "parameters": [id],
                    "requestBody": { "required": true, "content": { "application/json": { "schema": closed(&["expected_seq", "entry"], json!({
                        "expected_seq": sequence("The match's next_seq as the client last read it"),
                        "submission_key": submission_key,
                        "entry": schema("Entry"),
                    })) } } },
                    "responses": write_answers(json_body("The rules refuse the entry; nothing recorded", schema("Refused"))),
                }
            },
            "/api/v1/matches/{id}/entries/{seq}/void": {
                "post": {
                    "operationId": "voidEntry",
                    "summary": "Void an earlier entry, giving a reason",
                    "parameters": [id, seq],
                    "requestBody": { "required": true, "content": { "application/json": { "schema": closed(&["expected_seq", "reason"], json!({
                        "expected_seq": sequence("The match's next_seq as the client last read it"),
                        "reason": { "type": "string", "minLength": 1, "pattern": "\\S", "description": "Why; at most 300 characters are kept" },
                        "submission_key": submission_key,
                    })) } } },
                    "responses": write_answers(json_body("Nothing recorded: the rules refuse the void (`refused`), or the reason is blank (`reason_required`)", json!({
                        "oneOf": [schema("Refused"), schema("ReasonRequired")],
                        "discriminator": { "propertyName": "error", "mapping": { "refused": "#/components/schemas/Refused", "reason_required": "#/components/schemas/ReasonRequired" } },
                    }))),
                }
            },
            "/api/v1/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "summary": "This document",
                    "security": [],
                    "responses": { "200": json_body("OpenAPI 3.1", json!({ "type": "object", "required": ["openapi", "paths"] })) }
                }
            }
        }
    })
}
