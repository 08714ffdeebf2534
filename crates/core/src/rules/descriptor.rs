//! What each game is, as data: its names, how many sit at its table, its options with
//! their defaults and the values a new match may give them. Pages, events and records
//! ask a game's [`GameDescriptor`] (through [`GameKind::descriptor`]) instead of
//! matching on the game; a new game is one more descriptor here.

use serde::Serialize;
use serde_json::Value;

use super::card::Deck;
use super::first_dealer::{DrawRule, DrawWins};
use super::kind::GameKind;
use super::words::card_msg;
use super::{madrasso, tressette, trijumf, trionfetti, vitou};

/// The facts of one game that need no page and no database.
pub struct GameDescriptor {
    pub kind: GameKind,
    /// The record name: what records, forms and the database hold.
    pub name: &'static str,
    /// The game's proper name, the same in every language.
    pub label: &'static str,
    /// The Fluent id of its name on the pages.
    pub name_key: &'static str,
    /// The players a table may seat, the usual first.
    pub seat_counts: &'static [usize],
    /// The values a new match may give the points that win a game and the games that
    /// win the match, which every game has.
    pub target_points: (u32, u32),
    pub games_to_win: (u32, u32),
    /// The game's own options a new match may set, with the values each takes.
    pub options: &'static [OptionField],
    /// The Fluent id of a hint the new-match form shows under the options.
    pub options_hint: Option<&'static str>,
    /// How the players draw a card each for the first deal.
    pub first_deal: DrawRule,
    default_options: fn() -> Value,
}

/// An option of a game that the new-match form offers.
pub struct OptionField {
    /// Its field name in the game's options (and on the form).
    pub name: &'static str,
    /// The Fluent id of its label on the form.
    pub label_key: &'static str,
    pub values: OptionValues,
}

/// The values an option takes.
pub enum OptionValues {
    /// A whole number in a range.
    Number { min: u32, max: u32 },
    /// Yes or no (`yes`/`on`/`true`, `no`/`off`/`false`); anything else leaves the default.
    YesNo,
    /// One of these words, each with the Fluent id of its label; the first is the default.
    OneOf(&'static [(&'static str, &'static str)]),
}

impl GameDescriptor {
    /// Every option with its default, as the game's record writes them.
    pub fn default_options(&self) -> Value {
        (self.default_options)()
    }

    /// Whether the game may also be played by another number of players.
    pub fn seats_vary(&self) -> bool {
        self.seat_counts.len() > 1
    }

    /// Players at a table with these options: the `players` option where the number
    /// varies, else the one number the game has.
    pub fn players(&self, options: &Value) -> usize {
        let usual = self.seat_counts[0];
        if self.seats_vary() {
            options
                .get("players")
                .and_then(Value::as_u64)
                .map_or(usual, |players| players as usize)
        } else {
            usual
        }
    }

    /// The default options with the typed ones over them (`typed` gives a field's text,
    /// empty when left out), or `None` when a typed value is not one its option takes.
    pub fn typed_options<'a>(&self, typed: impl Fn(&str) -> &'a str) -> Option<Value> {
        let mut options = self.default_options();
        let common = [
            number("target_points", "", self.target_points),
            number("games_to_win", "", self.games_to_win),
        ];
        for field in common.iter().chain(self.options) {
            let text = typed(field.name).trim();
            let value = match field.values {
                _ if text.is_empty() => continue,
                OptionValues::Number { min, max } => match text.parse::<u32>() {
                    Ok(number) if (min..=max).contains(&number) => Value::from(number),
                    _ => return None,
                },
                OptionValues::YesNo => match text {
                    "yes" | "on" | "true" => Value::Bool(true),
                    "no" | "off" | "false" => Value::Bool(false),
                    _ => continue,
                },
                OptionValues::OneOf(words) if words.iter().any(|(word, _)| *word == text) => {
                    Value::from(text)
                }
                OptionValues::OneOf(_) => return None,
            };
            options[field.name] = value;
        }
        Some(options)
    }
}

fn options_json(options: impl Serialize) -> Value {
    serde_json::to_value(options).expect("options serialize")
}

const fn number(
    name: &'static str,
    label_key: &'static str,
    (min, max): (u32, u32),
) -> OptionField {
    OptionField {
        name,
        label_key,
        values: OptionValues::Number { min, max },
    }
}

const fn yes_no(name: &'static str, label_key: &'static str) -> OptionField {
    OptionField {
        name,
        label_key,
        values: OptionValues::YesNo,
    }
}

/// Target and games to win, as every game but Trionfetti takes them.
const TARGET_POINTS: (u32, u32) = (1, 10_000);
const GAMES_TO_WIN: (u32, u32) = (1, 99);

/// A game for four, with the usual target and games to win and no options of its own:
/// what each descriptor below starts from. `game!(Vitou, vitou, "Vitou")` names its
/// kind, its module (also its record name; its name's Fluent id is `games-<name>`) and
/// its label.
macro_rules! game {
    ($kind:ident, $module:ident, $label:literal) => {
        GameDescriptor {
            kind: GameKind::$kind,
            name: stringify!($module),
            label: $label,
            name_key: concat!("games-", stringify!($module)),
            seat_counts: &[4],
            target_points: TARGET_POINTS,
            games_to_win: GAMES_TO_WIN,
            options: &[],
            options_hint: None,
            first_deal: BRISCOLA_DRAW,
            default_options: || options_json($module::Options::default()),
        }
    };
}

/// The draw with the 40-card deck where the ace ranks highest, then the three (the
/// briscola family: Madrasso, Trijumf).
const BRISCOLA_DRAW: DrawRule = DrawRule {
    deck: Deck::Italian40,
    order: &[1, 3, 13, 12, 11, 7, 6, 5, 4, 2],
    wins: DrawWins::Highest,
    card_words: card_msg,
};

pub(super) const TRIONFETTI: GameDescriptor = GameDescriptor {
    target_points: (1, 100),
    games_to_win: (1, 9),
    // "Whoever draws the highest card (in the default ranking order) deals first."
    first_deal: DrawRule {
        deck: Deck::Trevigiane52,
        order: &[13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        ..BRISCOLA_DRAW
    },
    ..game!(Trionfetti, trionfetti, "Trionfetti")
};

pub(super) const MADRASSO: GameDescriptor = GameDescriptor {
    options: &[
        number("min_deals", "games-min_deals", (0, 100)),
        yes_no("must_trump", "games-must_trump"),
        OptionField {
            name: "revoke_penalty",
            label_key: "games-revoke_penalty",
            values: OptionValues::OneOf(&[
                ("award", "games-penalty_award"),
                ("subtract", "games-penalty_subtract"),
            ]),
        },
    ],
    ..game!(Madrasso, madrasso, "Madrasso")
};

pub(super) const TRESSETTE: GameDescriptor = GameDescriptor {
    options_hint: Some("games-tressette_targets"),
    first_deal: DrawRule {
        order: &[3, 2, 1, 13, 12, 11, 7, 6, 5, 4],
        ..BRISCOLA_DRAW
    },
    ..game!(Tressette, tressette, "Tressette")
};

pub(super) const TRIJUMF: GameDescriptor = GameDescriptor {
    seat_counts: &[4, 2],
    options: &[
        number("revoke_points", "games-revoke_points", (0, 1_000)),
        number("last_trick_points", "games-last_trick_points", (0, 100)),
    ],
    ..game!(Trijumf, trijumf, "Trijumf")
};

pub(super) const VITOU: GameDescriptor = GameDescriptor {
    seat_counts: &[4, 2],
    options: &[yes_no("twenty_rules", "games-twenty_rules")],
    // "The player with the lowest ranked card is the first to deal."
    first_deal: DrawRule {
        deck: Deck::French32,
        order: &[10, 9, 1, 13, 12, 11, 8, 7],
        wins: DrawWins::Lowest,
        card_words: vitou::card_msg,
    },
    ..game!(Vitou, vitou, "Vitou")
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_descriptor_is_its_own_games() {
        for kind in GameKind::ALL {
            let descriptor = kind.descriptor();
            assert_eq!(descriptor.kind, kind);
            assert_eq!(descriptor.name_key, format!("games-{}", descriptor.name));
            assert_eq!(descriptor.label.to_lowercase(), descriptor.name);
            let defaults = descriptor.default_options();
            for field in descriptor.options {
                assert!(defaults.get(field.name).is_some(), "{}", field.name);
            }
            // The defaults seat the game's usual number of players.
            assert_eq!(descriptor.players(&defaults), descriptor.seat_counts[0]);
        }
    }

    #[test]
    fn typed_options_keep_defaults_and_refuse_what_an_option_does_not_take() {
        let madrasso = GameKind::Madrasso.descriptor();
        let typed = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(field, _)| *field == name)
                    .map_or("", |(_, value)| *value)
            }
        };
        let options = madrasso
            .typed_options(typed(&[("min_deals", " 3 "), ("must_trump", "on")]))
            .unwrap();
        assert_eq!(options["min_deals"], 3);
        assert_eq!(options["must_trump"], true);
        assert_eq!(
            options["target_points"],
            madrasso.default_options()["target_points"]
        );
        assert!(
            madrasso
                .typed_options(typed(&[("min_deals", "101")]))
                .is_none()
        );
        assert!(
            madrasso
                .typed_options(typed(&[("revoke_penalty", "x")]))
                .is_none()
        );
        let kept = madrasso.typed_options(typed(&[("must_trump", "maybe")]));
        assert_eq!(kept, Some(madrasso.default_options()));
        let trionfetti = GameKind::Trionfetti.descriptor();
        assert!(
            trionfetti
                .typed_options(typed(&[("games_to_win", "10")]))
                .is_none()
        );
        let two = serde_json::json!({"players": 2});
        assert_eq!(GameKind::Vitou.descriptor().players(&two), 2);
        assert_eq!(GameKind::Tressette.descriptor().players(&two), 4);
    }
}
