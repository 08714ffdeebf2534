//! A game's options on the event form: the fields of every game (filled from the
//! defaults or what was posted), reading them back from the posted form, and the game
//! with its options in words for the organizer's and the public pages.

use crate::events::game_label;
use crate::rules::descriptor::OptionValues;
use crate::rules::kind::GameKind;
use crate::store::events::EventRow;
use crate::web::context::PageContext;
use crate::web::i18n::Tr;

/// One option of a game on the event form.
pub struct OptionField {
    /// The form field: `opt.{game}.{option}`.
    pub name: String,
    pub id: String,
    pub label_key: &'static str,
    /// `number`, `check` or `choice`.
    pub kind: &'static str,
    pub value: String,
    pub checked: bool,
    /// (value, label) of a choice.
    pub choices: Vec<(String, String)>,
}

/// A game with its options on the event form.
pub struct GameFieldset {
    pub game: GameKind,
    pub label: &'static str,
    pub selected: bool,
    pub fields: Vec<OptionField>,
}

/// An option's label, for messages: an unknown name (a form can post anything) is shown
/// as posted, since "Option" alone would not say which field is wrong.
pub(super) fn option_label(tr: Tr, name: &str) -> String {
    match option_label_key(name) {
        "option-other" => name.to_string(),
        key => tr.t(key).to_string(),
    }
}

fn option_label_key(name: &str) -> &'static str {
    match name {
        "target_points" => "option-target_points",
        "games_to_win" => "option-games_to_win",
        "must_trump" => "option-must_trump",
        "revoke_penalty" => "option-revoke_penalty",
        "min_deals" => "option-min_deals",
        "players" => "option-players",
        "revoke_points" => "option-revoke_points",
        "last_trick_points" => "option-last_trick_points",
        "twenty_rules" => "option-twenty_rules",
        _ => "option-other",
    }
}

/// The game a new event or match starts with; its option fields keep the bare ids
/// (`target_points`) that scripts and older forms fill in.
pub const DEFAULT_GAME: GameKind = GameKind::Trionfetti;

/// The values an option offers, with their labels, when it is a choice: the seats of a
/// game played by two or four, or the words of one of the game's options.
fn choices_of(ctx: &PageContext, game: GameKind, name: &str) -> Option<Vec<(String, String)>> {
    let descriptor = game.descriptor();
    if name == "players" && descriptor.seats_vary() {
        let seats = descriptor.seat_counts.iter().map(|seats| seats.to_string());
        return Some(seats.map(|seats| (seats.clone(), seats)).collect());
    }
    let field = descriptor.options.iter().find(|field| field.name == name)?;
    let OptionValues::OneOf(words) = field.values else {
        return None;
    };
    let label =
        |word: &str| choice_label_key(word).map_or(word.to_string(), |key| ctx.t(key).to_string());
    Some(
        words
            .iter()
            .map(|(word, _)| (word.to_string(), label(word)))
            .collect(),
    )
}

/// The event pages' words for an option's chosen value, where it has some.
fn choice_label_key(word: &str) -> Option<&'static str> {
    match word {
        "award" => Some("option-revoke_award"),
        "subtract" => Some("option-revoke_subtract"),
        _ => None,
    }
}

/// The option fields of every game, filled from `options` for the chosen game and from
/// the defaults for the others.
pub(super) fn game_fieldsets(
    ctx: &PageContext,
    chosen: Option<GameKind>,
    options: &serde_json::Value,
) -> Vec<GameFieldset> {
    use serde_json::Value;
    GameKind::ALL
        .into_iter()
        .map(|game| {
            let mut values = crate::events::default_options(game);
            if Some(game) == chosen
                && let (Value::Object(all), Value::Object(given)) = (&mut values, options)
            {
                for (key, value) in given {
                    all.insert(key.clone(), value.clone());
                }
            }
            let fields = match &values {
                Value::Object(all) => all
                    .iter()
                    .map(|(name, value)| {
                        let id = if game == DEFAULT_GAME {
                            name.clone()
                        } else {
                            format!("{game}-{name}")
                        };
                        let (kind, choices) = match (choices_of(ctx, game, name), value) {
                            (Some(choices), _) => ("choice", choices),
                            (None, Value::Bool(_)) => ("check", Vec::new()),
                            (None, _) => ("number", Vec::new()),
                        };
                        OptionField {
                            name: format!("opt.{game}.{name}"),
                            id,
                            label_key: option_label_key(name),
                            kind,
                            value: match value {
                                Value::String(text) => text.clone(),
                                other => other.to_string(),
                            },
                            checked: value.as_bool().unwrap_or(false),
                            choices,
                        }
                    })
                    .collect(),
                _ => Vec::new(),
            };
            GameFieldset {
                game,
                label: game_label(game),
                selected: Some(game) == chosen,
                fields,
            }
        })
        .collect()
}

/// The stylesheet's rule that shows the chosen game's options on the event form (see
/// `templates/events/form.html`), a selector a game: CSS cannot match an option's value
/// with a fieldset's id, so the list is written from [`GameKind::ALL`] and served at the
/// end of `style.css`.
pub fn game_options_css() -> String {
    let selectors: Vec<String> = GameKind::ALL
        .iter()
        .map(|game| {
            format!("#event-form:has(#game option[value=\"{game}\"]:checked) #options-{game}")
        })
        .collect();
    format!("{} {{ display: block; }}\n", selectors.join(",\n"))
}

/// A game's options read from the posted fields: the defaults, then unprefixed fields
/// the game has (`target_points`, as older forms sent them), then `opt.{game}.{option}`
/// (the last value of a field wins, so a hidden `false` before a checkbox reads as
/// unchecked). Values take the type of the option's default.
pub(super) fn posted_options(
    game: GameKind,
    pairs: &[(String, String)],
) -> Result<serde_json::Value, String> {
    use serde_json::Value;
    let defaults = crate::events::default_options(game);
    let Value::Object(defaults) = defaults else {
        return Ok(Value::Object(Default::default()));
    };
    let prefix = format!("opt.{game}.");
    let mut given = serde_json::Map::new();
    let unprefixed = pairs
        .iter()
        .filter(|(k, _)| defaults.contains_key(k.as_str()));
    let prefixed = pairs
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|k| (k.to_string(), v)));
    for (name, text) in unprefixed.map(|(k, v)| (k.clone(), v)).chain(prefixed) {
        let Some(default) = defaults.get(&name) else {
            return Err(name);
        };
        let text = text.trim();
        let value = match default {
            Value::Bool(_) => Value::Bool(matches!(text, "true" | "on" | "1")),
            Value::Number(_) => match text.parse::<u64>() {
                Ok(number) => Value::from(number),
                Err(_) => return Err(name),
            },
            _ => Value::String(text.to_string()),
        };
        given.insert(name, value);
    }
    Ok(Value::Object(given))
}

/// The game and its options in words, for the organizer's and the public pages.
pub fn game_line(ctx: &PageContext, event: &EventRow) -> String {
    let mut parts = vec![game_label(event.game).to_string()];
    if let serde_json::Value::Object(options) = crate::events::game_options_of(event) {
        for (name, value) in options {
            let value = match (value.as_str().and_then(choice_label_key), value) {
                (Some(key), _) => ctx.t(key).to_string(),
                (None, serde_json::Value::Bool(true)) => ctx.t("option-yes").to_string(),
                (None, serde_json::Value::Bool(false)) => ctx.t("option-no").to_string(),
                (None, other) => other.to_string().trim_matches('"').to_string(),
            };
            parts.push(format!("{} {value}", ctx.t(option_label_key(&name))));
        }
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_every_game_has_a_label() {
        for game in GameKind::ALL {
            let defaults = crate::events::default_options(game);
            for name in defaults.as_object().unwrap().keys() {
                assert_ne!(option_label_key(name), "option-other", "{game}: {name}");
            }
        }
    }

    #[test]
    fn option_messages_name_the_option_by_its_label() {
        let [it, en] = crate::web::i18n::in_both(|tr| tr);
        assert_eq!(
            option_label(it, "target_points"),
            "Punti per vincere una partita"
        );
        assert_eq!(option_label(en, "games_to_win"), "Games to win the match");
        assert_eq!(option_label(it, "posted_by_hand"), "posted_by_hand");
        let error = crate::events::check_options(
            GameKind::Trionfetti,
            &serde_json::json!({"target_points": 20000}),
        )
        .unwrap_err();
        assert_eq!(
            it.msg(&error.msg(|name| option_label(it, name))),
            "opzione \"Punti per vincere una partita\": valori ammessi 1–10000"
        );
    }
}
