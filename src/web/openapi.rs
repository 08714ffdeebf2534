//! The OpenAPI 3.1 document of the JSON API (`/api/v1/openapi.json`), kept by hand.
//!
//! It says every status and body each operation answers, and the entries of each
//! game as schemas (`oneOf` by `type`, one list per game): each game describes its
//! play entries (`rules/<game>/record.rs`), this document adds the corrections and
//! the lists. The schemas follow what serde reads (`docs/match-record.md`): a body
//! they refuse is answered 400, one they accept that the rules refuse 422. Kept honest by the
//! HTTP tests, which check every API answer they receive against this document
//! (`tests/it/support/openapi.rs`), and by schemathesis in `.ci/run`.

use serde_json::{Value, json};

use crate::rules::kind::GameKind;
use crate::rules::schema::{EntrySchemas, closed, entry, reference as schema};
use crate::web::api::ENTRIES_LIMIT;

/// The largest value of a signed 64-bit integer, the range of sequence numbers.
const INT64_MAX: i64 = i64::MAX;

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

/// The list of a game's entries, told apart by `type`.
fn one_of_by_type(description: &str, kinds: &[(&str, String)]) -> Value {
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

fn replace_schema(play: &str) -> Value {
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

/// Each game's own schemas: its play entries (`<Label><Type>`) and the parts they
/// name, its replacement and its list of entries (`<Label>Entry`).
fn game_schemas(game: GameKind) -> Vec<(String, Value)> {
    let label = game.label();
    let EntrySchemas { plays, parts } = game.entry_schemas();
    let kinds: Vec<(&str, String)> = plays
        .iter()
        .map(|(kind, _)| (*kind, format!("{label}{}", capitalized(kind))))
        .collect();
    let mut schemas: Vec<(String, Value)> = parts
        .into_iter()
        .map(|(name, schema)| (name.to_string(), schema))
        .collect();
    schemas.extend(
        kinds
            .iter()
            .zip(plays)
            .map(|((_, name), (_, schema))| (name.clone(), schema)),
    );
    // A replacement carries the one play entry, or any of them when there are several.
    let replaced = match kinds.as_slice() {
        [(_, name)] => name.clone(),
        _ => {
            let play = format!("{label}Play");
            let description = format!("A {label} play entry");
            schemas.push((play.clone(), one_of_by_type(&description, &kinds)));
            play
        }
    };
    let replace = format!("{label}Replace");
    schemas.push((replace.clone(), replace_schema(&replaced)));
    let mut every = kinds;
    every.push(("first_dealer", "FirstDealer".to_string()));
    every.push(("void", "Void".to_string()));
    every.push(("replace", replace));
    let description = format!("An entry of a {label} match");
    schemas.push((
        format!("{label}Entry"),
        one_of_by_type(&description, &every),
    ));
    schemas
}

/// A `type` word with its first letter in capitals, as schema names have it.
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn entry_schemas() -> Vec<(String, Value)> {
    let seat = schema("Seat");
    let card = schema("Card");
    let shared = vec![
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
        (
            "FirstDealer",
            entry(
                "first_dealer",
                "Who deals first, before the first hand (without it seat 0, or the match's first dealer, deals first). `draw` optionally records the draw: one list per round, each seat's card by seat (`null` for a seat that did not draw again); the game's best card deals and the tied draw again. It must agree with `seat`",
                &["seat"],
                json!({
                    "seat": seat,
                    "draw": { "type": "array", "items": { "type": "array", "items": { "anyOf": [card, { "type": "null" }] } } },
                }),
            ),
        ),
        (
            "Entry",
            json!({
                "description": "An entry of the match's game, as a match record holds it (docs/match-record.md, docs/games-trijumf-vitou.md). The match's game decides which list applies: an entry of another game's list is refused as unreadable (400).",
                "anyOf": game_entries(),
            }),
        ),
    ];
    shared
        .into_iter()
        .map(|(name, schema)| (name.to_string(), schema))
        .chain(GameKind::ALL.into_iter().flat_map(game_schemas))
        .collect()
}

fn answer_schemas() -> Vec<(&'static str, Value)> {
    let text = json!({ "type": "string" });
    let int64 = json!({ "type": "integer", "format": "int64" });
    let nullable = |name: &str| json!({ "oneOf": [schema(name), { "type": "null" }] });
    let pair =
        json!({ "type": "array", "items": { "type": "integer" }, "minItems": 2, "maxItems": 2 });
    // A refusal that says nothing but its word for programs and its message.
    let worded = |error: &str| {
        closed(
            &["error", "message_it", "message_en"],
            json!({
                "error": { "const": error },
                "message_it": text,
                "message_en": text,
            }),
        )
    };
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
        ("Closed", worded("closed")),
        ("OutOfDraw", worded("out_of_draw")),
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
        ("ReasonRequired", worded("reason_required")),
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
        "400": error("The body cannot be read: not JSON, a field missing, unknown or of the wrong shape, an entry of another game (error `unreadable`); or a string of it holds a control character (NUL among them), or a line break where one line is due (error `bad_request`, the message naming the field)"),
        "401": error("No credentials, or a token that is not (or no longer) valid"),
        "403": error("Not allowed to score this match, or a session without its X-CSRF-Token header"),
        "404": error("No such match (or, for a void, a sequence number that is not one)"),
        "409": json_body("Nothing recorded: the expected_seq is not the match's next (`stale`, with the match as it is), the match is finished or forfeited (`closed`), or it was taken out of its event's draw (`out_of_draw`, the message naming the match now at its table)", json!({
            "oneOf": [schema("Stale"), schema("Closed"), schema("OutOfDraw")],
            "discriminator": { "propertyName": "error", "mapping": { "stale": "#/components/schemas/Stale", "closed": "#/components/schemas/Closed", "out_of_draw": "#/components/schemas/OutOfDraw" } },
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
        .chain(
            answer_schemas()
                .into_iter()
                .map(|(name, schema)| (name.to_string(), schema)),
        )
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
                    "description": format!("A window of the log at a time: the entries after `after`, at most `limit` ({ENTRIES_LIMIT} when not given, {ENTRIES_LIMIT} at most). When more follow, the answer has a `Link` header (RFC 8288) with `rel=\"next\"` whose address gives the next window; the last window has none."),
                    "security": [],
                    "parameters": [
                        id,
                        { "name": "after", "in": "query", "required": false, "schema": sequence("Give only the entries after this sequence number (the last `seq` of the previous window)") },
                        { "name": "limit", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 1, "maximum": ENTRIES_LIMIT, "default": ENTRIES_LIMIT, "description": "How many entries at most" } },
                    ],
                    "responses": {
                        "200": {
                            "description": "A window of the log, oldest first",
                            "headers": { "Link": { "description": "`<…>; rel=\"next\"`: the address of the next window, when more entries follow", "schema": { "type": "string" } } },
                            "content": { "application/json": { "schema": schema("EntryList") } },
                        },
                        "400": error("`after` or `limit` is not a number in its range"),
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
