//! The words of the pages, from the Fluent files `locales/<language>/<area>.ftl`
//! (embedded by build.rs, so a new language is a new folder). Templates and code ask
//! for a message by its id, with arguments where it has them; a message a language
//! lacks reads Italian. Tests check that every id used exists and that Italian and
//! English have the same ids with the same arguments.

use std::borrow::Borrow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use crate::lang::{Arg, Lang, Msg};
use crate::rules::game::Message;
use crate::tournament::{Points, TieBreak};

mod prepositions;

#[cfg(test)]
mod italian_words_tests;
#[cfg(test)]
mod json_words_tests;
#[cfg(test)]
mod key_label_tests;
#[cfg(test)]
mod rule_words_tests;
#[cfg(test)]
mod syntax_words_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tournament_words_tests;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// What an unknown id shows, so that it is noticed (it is logged too).
pub const UNKNOWN: &str = "??";

/// Every language's messages, Italian first.
pub struct Catalogue {
    locales: Vec<Locale>,
    languages: Vec<Lang>,
}

struct Locale {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    /// This language's own messages and the names of each one's arguments.
    ids: BTreeMap<String, BTreeSet<String>>,
    /// The text of every message without arguments, worded once: this language's or,
    /// where it has none, Italian's.
    plain: HashMap<Box<str>, Box<str>>,
}

/// A language's code and its files (name, text).
pub type Source<'a> = (&'static str, Vec<(&'a str, &'a str)>);

impl Catalogue {
    /// The catalogue of the sources. Italian must be among them; a file that does not
    /// parse, or an id given twice in one language, is an error naming it.
    pub fn new(sources: &[Source]) -> Result<Catalogue, String> {
        let mut locales = Vec::new();
        for (code, files) in sources {
            let language: unic_langid::LanguageIdentifier = code
                .parse()
                .map_err(|error| format!("locales/{code}: {error}"))?;
            let mut bundle = FluentBundle::new_concurrent(vec![language]);
            // Pages are left to right and tests compare text: no isolation marks.
            bundle.set_use_isolating(false);
            for (name, preposition, stem) in prepositions::FUNCTIONS {
                bundle
                    .add_function(name, prepositions::function(preposition, stem))
                    .map_err(|error| format!("locales/{code}: {error:?}"))?;
            }
            let mut ids = BTreeMap::new();
            for (name, text) in files {
                let resource = FluentResource::try_new(text.to_string())
                    .map_err(|(_, errors)| format!("locales/{code}/{name}: {errors:?}"))?;
                for entry in resource.entries() {
                    if let ast::Entry::Message(message) = entry {
                        let mut names = BTreeSet::new();
                        if let Some(pattern) = &message.value {
                            pattern_variables(pattern, &mut names);
                        }
                        ids.insert(message.id.name.to_string(), names);
                    }
                }
                bundle
                    .add_resource(resource)
                    .map_err(|errors| format!("locales/{code}/{name}: {errors:?}"))?;
            }
            locales.push(Locale {
                lang: Lang::from_static(code),
                bundle,
                ids,
                plain: HashMap::new(),
            });
        }
        locales.sort_by_key(|locale| (locale.lang != Lang::It, locale.lang.code()));
        if locales.first().map(|locale| locale.lang) != Some(Lang::It) {
            return Err("locales/it: the Italian messages are missing".to_string());
        }
        let italian = locales[0].plain_texts();
        for locale in &mut locales {
            let mut plain = italian.clone();
            plain.extend(locale.plain_texts());
            locale.plain = plain;
        }
        let languages = locales.iter().map(|locale| locale.lang).collect();
        Ok(Catalogue { locales, languages })
    }

    /// The catalogue built into the binary.
    pub fn built_in() -> &'static Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            let sources: Vec<Source> = LOCALES
                .iter()
                .map(|(code, files)| (*code, files.to_vec()))
                .collect();
            Catalogue::new(&sources).unwrap_or_else(|error| panic!("{error}"))
        })
    }

    /// Every language, Italian first, then by code.
    pub fn languages(&self) -> &[Lang] {
        &self.languages
    }

    /// The language of a tag (`en-GB`, `IT`): the folder named so, or by its first part.
    pub fn lang(&self, tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let primary = tag.split(['-', '_']).next()?.trim();
        let find = |wanted: &str| {
            self.languages
                .iter()
                .copied()
                .find(|lang| lang.code().eq_ignore_ascii_case(wanted))
        };
        find(tag).or_else(|| find(primary))
    }

    pub fn tr(&'static self, lang: Lang) -> Tr {
        Tr {
            lang,
            catalogue: self,
        }
    }

    /// Whether Italian, which every language falls back to, has the message.
    pub fn has(&self, id: &str) -> bool {
        self.locales[0].ids.contains_key(id)
    }

    /// A language's own messages, each with the names of its arguments.
    pub fn ids(&self, lang: Lang) -> Option<&BTreeMap<String, BTreeSet<String>>> {
        self.locales
            .iter()
            .find(|locale| locale.lang == lang)
            .map(|locale| &locale.ids)
    }

    fn locale(&self, lang: Lang) -> &Locale {
        self.locales
            .iter()
            .find(|locale| locale.lang == lang)
            .unwrap_or(&self.locales[0])
    }

    fn word(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        for bundle in [&self.locale(lang).bundle, &self.locales[0].bundle] {
            let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                tracing::warn!(id, %lang, ?errors, "message worded with errors");
            }
            return text.into_owned();
        }
        missing(id, lang).to_string()
    }
}

/// What an unknown id shows, logged so that it is noticed.
fn missing(id: &str, lang: Lang) -> &'static str {
    tracing::warn!(id, %lang, "missing translation");
    UNKNOWN
}

impl Locale {
    /// Its messages that need no arguments, worded.
    fn plain_texts(&self) -> HashMap<Box<str>, Box<str>> {
        let mut plain = HashMap::new();
        for (id, names) in &self.ids {
            let pattern = self
                .bundle
                .get_message(id)
                .and_then(|message| message.value());
            let (Some(pattern), true) = (pattern, names.is_empty()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = self.bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                plain.insert(id.as_str().into(), text.into_owned().into_boxed_str());
            }
        }
        plain
    }
}

/// The names of the variables (`{ $name }`) a pattern uses, selectors included.
fn pattern_variables(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, names);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, names);
            for variant in variants {
                pattern_variables(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, names),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, names);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, names);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, names),
        _ => {}
    }
}

/// Words messages in one language.
#[derive(Clone, Copy)]
pub struct Tr {
    lang: Lang,
    catalogue: &'static Catalogue,
}

impl std::fmt::Debug for Tr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tr").field("lang", &self.lang).finish()
    }
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Catalogue::built_in().tr(lang)
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The text of a message without arguments; an unknown id shows [`UNKNOWN`].
    pub fn t(&self, id: &str) -> &'static str {
        let catalogue: &'static Catalogue = self.catalogue;
        match catalogue.locale(self.lang).plain.get(id) {
            Some(text) => text,
            None => missing(id, self.lang),
        }
    }

    /// A message with its arguments: `tr.t_args("rotation-round", &[("round", 3.into())])`.
    /// Templates call it the same way (askama passes `&[…]` by reference once more).
    pub fn t_args<'a>(&self, id: &str, args: impl AsRef<[(&'a str, Arg)]>) -> String {
        let args = args.as_ref();
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent.set(*name, self.value(value));
        }
        self.catalogue.word(self.lang, id, Some(&fluent))
    }

    /// A score or tie-break value as a decimal in this language ("1,5", "1.5"); a whole
    /// one as before ("2").
    pub fn points(&self, points: &Points) -> String {
        let text = points.to_string();
        match text.split_once('.') {
            None => text,
            Some((int, fraction)) => self.t_args(
                "event-points_decimal",
                [
                    ("int", Arg::from(int.to_string())),
                    ("fraction", Arg::from(fraction.to_string())),
                ],
            ),
        }
    }

    /// A calendar day in this language: "ven 27 nov 2026", "Fri 27 Nov 2026".
    pub fn date(&self, day: impl Borrow<NaiveDate>) -> String {
        let day = *day.borrow();
        let weekday = self.t_args(
            "date-weekday",
            [("n", Arg::from(day.weekday().number_from_monday()))],
        );
        let month = self.t_args("date-month", [("n", Arg::from(day.month()))]);
        self.t_args(
            "date-day",
            [
                ("weekday", Arg::from(weekday)),
                ("day", Arg::from(day.day())),
                ("month", Arg::from(month)),
                // As text: a number argument may one day be grouped ("2.026").
                ("year", Arg::from(day.year().to_string())),
            ],
        )
    }

    /// A day and its wall-clock time: "ven 27 nov 2026, 20:30".
    pub fn date_time(&self, at: impl Borrow<NaiveDateTime>) -> String {
        self.timed("date-day_time", *at.borrow())
    }

    /// The day of an instant the server recorded (UTC) outside any event, on the
    /// default zone's clock.
    pub fn recorded_day(&self, at: impl Borrow<NaiveDateTime>) -> String {
        self.date(crate::zone::to_local(*at.borrow(), crate::zone::DEFAULT).date())
    }

    /// A UTC instant said as such: "ven 27 nov 2026, 20:30 UTC".
    pub fn date_time_utc(&self, at: impl Borrow<NaiveDateTime>) -> String {
        self.timed("date-day_time_utc", *at.borrow())
    }

    fn timed(&self, id: &str, at: NaiveDateTime) -> String {
        let time = at.format("%H:%M").to_string();
        self.t_args(
            id,
            [
                ("date", Arg::from(self.date(at.date()))),
                ("time", Arg::from(time)),
            ],
        )
    }

    /// A card ranking's readable line, its suits named in this language.
    pub fn ranking_line(&self, ranking: &crate::rules::ranking::Ranking) -> String {
        ranking.render_line(|suit| self.msg(&crate::rules::words::suit_msg(suit)))
    }

    /// A message the core gave as data, its nested messages worded in the same language.
    pub fn msg(&self, msg: &Msg) -> String {
        if msg.id == Msg::TEXT {
            return match msg.get("text") {
                Some(Arg::Text(text)) => text.to_string(),
                _ => UNKNOWN.to_string(),
            };
        }
        if msg.args.is_empty() {
            return self.t(msg.id).to_string();
        }
        self.t_args(msg.id, &msg.args)
    }

    fn value(&self, arg: &Arg) -> FluentValue<'static> {
        match arg {
            // Fluent keeps numbers as f64: past 2^53 one would be shown rounded.
            Arg::Number(number) if number.unsigned_abs() > 1 << 53 => {
                FluentValue::from(number.to_string())
            }
            Arg::Number(number) => FluentValue::from(*number),
            Arg::Text(text) => FluentValue::from(text.to_string()),
            Arg::Msg(msg) => FluentValue::from(self.msg(msg)),
        }
    }
}

/// A message of the core worded in the reader's language: `error.message(lang)` for
/// every type that gives its message as data ([`Message`]).
pub trait Worded {
    fn message(&self, lang: Lang) -> String;
}

impl<T: Message + ?Sized> Worded for T {
    fn message(&self, lang: Lang) -> String {
        Tr::new(lang).msg(&self.msg())
    }
}

/// A tie-break's column heading in the reader's language (`tie_break.name(lang)`); the
/// core gives it as data, without arguments, so it reads as a static text.
pub trait TieBreakName {
    fn name(&self, lang: Lang) -> &'static str;
}

impl TieBreakName for TieBreak {
    fn name(&self, lang: Lang) -> &'static str {
        Tr::new(lang).t(self.name_msg().id)
    }
}

/// Whether the built-in Italian messages (every language's fallback) have the id.
pub fn has_key(id: &str) -> bool {
    Catalogue::built_in().has(id)
}

/// Every language of the built-in catalogue, Italian first.
pub fn languages() -> &'static [Lang] {
    Catalogue::built_in().languages()
}

/// The language of a tag (`en-GB`, `IT`), if the catalogue has it.
/// A message in both languages the API and the command line answer in side by side
/// (`message_it` and `message_en`; `errore:` and `error:`), whatever the reader's.
pub fn in_both<T>(words: impl Fn(Tr) -> T) -> [T; 2] {
    [Lang::It, Lang::En].map(|lang| words(Tr::new(lang)))
}

pub fn lang_from_code(tag: &str) -> Option<Lang> {
    Catalogue::built_in().lang(tag)
}

/// Text the server wrote into the log in its writer's language (the undo button's
/// reason), in the reader's; anything else, a referee's own words above all, as it
/// was written.
pub fn stored_text(text: &str, lang: Lang) -> &str {
    let is_undo = |lang: &Lang| Tr::new(*lang).t("scoring-undo_reason") == text;
    if languages().iter().any(is_undo) {
        Tr::new(lang).t("scoring-undo_reason")
    } else {
        text
    }
}
