//! The words of the pages, in Italian and English. Templates ask for a key;
//! a test checks that every key they use is here.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::lang::Lang;

mod core;
mod events;
mod games;
mod organizer;
mod players;
mod rotation;

/// (key, Italian, English)
pub type Entry = (&'static str, &'static str, &'static str);

/// The catalogue, one part per area of the site.
const PARTS: &[&[Entry]] = &[
    core::ENTRIES,
    events::ENTRIES,
    games::ENTRIES,
    organizer::ENTRIES,
    players::ENTRIES,
    rotation::ENTRIES,
];

fn catalog() -> &'static HashMap<&'static str, (&'static str, &'static str)> {
    static MAP: OnceLock<HashMap<&'static str, (&'static str, &'static str)>> = OnceLock::new();
    MAP.get_or_init(|| {
        PARTS
            .iter()
            .flat_map(|part| part.iter())
            .map(|(key, italian, english)| (*key, (*italian, *english)))
            .collect()
    })
}

/// Translates keys into one language.
#[derive(Debug, Clone, Copy)]
pub struct Tr {
    lang: Lang,
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The text for the key; an unknown key shows itself, so that it is noticed.
    pub fn t(&self, key: &str) -> &'static str {
        match catalog().get(key) {
            Some((italian, english)) => self.lang.pick(italian, english),
            None => {
                tracing::warn!(key, "missing translation");
                "??"
            }
        }
    }
}

pub fn has_key(key: &str) -> bool {
    catalog().contains_key(key)
}

/// Text the server wrote into the log in its writer's language (the undo button's
/// reason), in the reader's; anything else, a referee's own words above all, as it
/// was written.
pub fn stored_text(text: &str, lang: Lang) -> &str {
    match catalog().get("scoring.undo_reason") {
        Some((italian, english)) if text == *italian || text == *english => {
            lang.pick(italian, english)
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_own_log_text_reads_in_the_readers_language() {
        let italian = Tr::new(Lang::It).t("scoring.undo_reason");
        let english = Tr::new(Lang::En).t("scoring.undo_reason");
        assert_ne!(italian, english);
        assert_eq!(stored_text(italian, Lang::En), english);
        assert_eq!(stored_text(english, Lang::It), italian);
        assert_eq!(stored_text(italian, Lang::It), italian);
        assert_eq!(
            stored_text("segnata due volte", Lang::En),
            "segnata due volte"
        );
    }

    #[test]
    fn keys_are_unique_and_both_languages_are_filled() {
        let entries: Vec<&Entry> = PARTS.iter().flat_map(|part| part.iter()).collect();
        assert_eq!(catalog().len(), entries.len(), "a key appears twice");
        for (key, italian, english) in entries {
            assert!(!italian.is_empty() && !english.is_empty(), "{key}");
        }
    }

    /// Every `t("…")` in the templates and the web code names a key of the catalog.
    #[test]
    fn every_key_used_is_translated() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut missing = Vec::new();
        let mut files = Vec::new();
        for dir in ["templates", "src/web"] {
            collect_files(&root.join(dir), &mut files);
        }
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (index, _) in text.match_indices("t(\"") {
                let rest = &text[index + 3..];
                let key = &rest[..rest.find('"').unwrap()];
                if key.contains('.') && !has_key(key) {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
        assert!(missing.is_empty(), "untranslated keys: {missing:?}");
    }

    fn collect_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect_files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
}
