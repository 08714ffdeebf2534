//! Nicknames: a name that stands, word for word, for an expansion in the comanda
//! vocabulary. Two are built in (componogara, bomba); each club may add its own.

use std::collections::{BTreeMap, BTreeSet};

use super::error::{ComandaError, ErrorKind};
use super::lexer::{is_vocabulary, pieces};

/// The nicknames every club knows, with their expansions.
pub const BUILTIN_NICKNAMES: [(&str, &str); 2] = [
    (
        "componogara",
        "più ponto, denari al tredici, coppe all'otto, spade al dieci",
    ),
    ("bomba", "più ponto, 1, 2, 4, 3, più figure di spade"),
];

pub(crate) fn builtin(folded: &str) -> Option<&'static str> {
    BUILTIN_NICKNAMES
        .iter()
        .find(|(name, _)| *name == folded)
        .map(|(_, expansion)| *expansion)
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    /// The name as the club wrote it.
    name: String,
    expansion: String,
    /// Line in the nicknames file, when read from one.
    line: Option<usize>,
}

/// A club's dictionary: name -> expansion text in the comanda vocabulary.
///
/// Names are single words compared like vocabulary words (case, accents and
/// apostrophes do not matter). An expansion may use the vocabulary, the built-in
/// nicknames and the club's other nicknames, in any order of definition, but never
/// loop back to itself. An expansion need not be a whole comanda: "brisca = 3 1" is a
/// valid nickname to be used as "più brisca".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Nicknames {
    /// Keyed by folded name.
    entries: BTreeMap<String, Entry>,
}

impl Nicknames {
    pub fn new() -> Self {
        Nicknames::default()
    }

    /// Adds (or redefines) a nickname. Refuses a name that is not one word, a name that
    /// is a vocabulary word or a built-in nickname, an empty expansion, an expansion
    /// with unknown words, and any loop, direct or through other nicknames.
    pub fn insert(&mut self, name: &str, expansion: &str) -> Result<(), ComandaError> {
        let key = check_name(name)?;
        let mut entries = self.entries.clone();
        entries.insert(
            key,
            Entry {
                name: name.trim().to_string(),
                expansion: expansion.trim().to_string(),
                line: None,
            },
        );
        validate(&entries)?;
        self.entries = entries;
        Ok(())
    }

    /// Removes a nickname; returns false when there was none. Refuses to remove a
    /// nickname that another one still uses.
    pub fn remove(&mut self, name: &str) -> Result<bool, ComandaError> {
        let key = crate::rules::card::fold_word(name.trim());
        let mut entries = self.entries.clone();
        if entries.remove(&key).is_none() {
            return Ok(false);
        }
        validate(&entries)?;
        self.entries = entries;
        Ok(true)
    }

    /// Reads a nicknames file: one `name = expansion` per line; `#` starts a comment;
    /// blank lines are ignored. Names may be used before the line that defines them.
    pub fn parse_file(text: &str) -> Result<Nicknames, ComandaError> {
        let mut entries = BTreeMap::new();
        for (line_index, line) in text.lines().enumerate() {
            let line_number = line_index + 1;
            let with_line = |error: ComandaError| ComandaError {
                line: Some(line_number),
                ..error
            };
            let content = line.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let Some((name, expansion)) = content.split_once('=') else {
                return Err(with_line(ComandaError::new(ErrorKind::NicknameSyntax)));
            };
            let key = check_name(name).map_err(with_line)?;
            let entry = Entry {
                name: name.trim().to_string(),
                expansion: expansion.trim().to_string(),
                line: Some(line_number),
            };
            if entries.insert(key, entry).is_some() {
                return Err(with_line(ComandaError::named(
                    ErrorKind::NicknameDuplicate,
                    name.trim(),
                )));
            }
        }
        validate(&entries)?;
        Ok(Nicknames { entries })
    }

    /// Writes the dictionary back in the file format `parse_file` reads.
    pub fn to_file_text(&self) -> String {
        self.iter()
            .map(|(name, expansion)| format!("{name} = {expansion}\n"))
            .collect()
    }

    /// The club's nicknames (not the built-in ones), as (name, expansion).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries
            .values()
            .map(|entry| (entry.name.as_str(), entry.expansion.as_str()))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The expansion of a folded word: a club nickname or a built-in one.
    pub(crate) fn expansion(&self, folded: &str) -> Option<&str> {
        self.entries
            .get(folded)
            .map(|entry| entry.expansion.as_str())
            .or_else(|| builtin(folded))
    }
}

/// Checks a name and returns its folded form.
fn check_name(name: &str) -> Result<String, ComandaError> {
    let name = name.trim();
    let key = crate::rules::card::fold_word(name);
    let one_word = pieces(name).len() == 1 && !name.chars().any(char::is_whitespace);
    if key.is_empty() || !one_word || !key.chars().all(char::is_alphanumeric) {
        return Err(ComandaError::named(ErrorKind::NicknameName, name));
    }
    if is_vocabulary(&key) {
        return Err(ComandaError::named(ErrorKind::NicknameClash, name));
    }
    Ok(key)
}

/// Every expansion uses known words only, and no nickname reaches itself.
fn validate(entries: &BTreeMap<String, Entry>) -> Result<(), ComandaError> {
    let mut references: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (key, entry) in entries {
        let in_entry = |error: ComandaError| ComandaError {
            nickname: Some(entry.name.clone()),
            line: entry.line,
            ..error
        };
        let words = pieces(&entry.expansion);
        if words.iter().all(|piece| piece.separator) {
            return Err(in_entry(ComandaError::named(
                ErrorKind::NicknameEmpty,
                &entry.name,
            )));
        }
        let mut used = BTreeSet::new();
        for piece in words.iter().filter(|piece| !piece.separator) {
            if let Some((other_key, _)) = entries.get_key_value(piece.folded.as_str()) {
                used.insert(other_key.as_str());
            } else if !is_vocabulary(&piece.folded) {
                return Err(in_entry(ComandaError::at(
                    ErrorKind::UnknownWord,
                    piece.text,
                    piece.position,
                )));
            }
        }
        references.insert(key.as_str(), used);
    }
    // Depth-first search for a cycle: 1 = on the current path, 2 = done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in references.keys() {
        if let Some(looping) = find_loop(start, &references, &mut state) {
            let entry = &entries[looping];
            return Err(ComandaError {
                line: entry.line,
                ..ComandaError::named(ErrorKind::NicknameLoop, &entry.name)
            });
        }
    }
    Ok(())
}

fn find_loop<'a>(
    key: &'a str,
    references: &BTreeMap<&'a str, BTreeSet<&'a str>>,
    state: &mut BTreeMap<&'a str, u8>,
) -> Option<&'a str> {
    match state.get(key) {
        Some(1) => return Some(key),
        Some(_) => return None,
        None => {}
    }
    state.insert(key, 1);
    for next in references.get(key).into_iter().flatten() {
        if let Some(looping) = find_loop(next, references, state) {
            return Some(looping);
        }
    }
    state.insert(key, 2);
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_direct_and_indirect_loops() {
        let mut nicknames = Nicknames::new();
        let error = nicknames.insert("giro", "più giro").unwrap_err();
        assert_eq!(error.kind, ErrorKind::NicknameLoop);
        nicknames.insert("primo", "più ponto").unwrap();
        nicknames.insert("secondo", "primo e figure").unwrap();
        let error = nicknames.insert("primo", "secondo").unwrap_err();
        assert_eq!(error.kind, ErrorKind::NicknameLoop);
        // The failed redefinition left the dictionary as it was.
        assert_eq!(nicknames.expansion("primo"), Some("più ponto"));
    }

    #[test]
    fn rejects_vocabulary_words_and_bad_names() {
        let mut nicknames = Nicknames::new();
        for clash in [
            "Più",
            "re",
            "E",
            "Bomba",
            "componogara",
            "mancoprimiera",
            "13",
            "col",
        ] {
            let error = nicknames.insert(clash, "più ponto").unwrap_err();
            assert_eq!(error.kind, ErrorKind::NicknameClash, "{clash}");
        }
        for bad in ["", "due parole", "a,b", "sì!", "l'altra"] {
            let error = nicknames.insert(bad, "più ponto").unwrap_err();
            assert_eq!(error.kind, ErrorKind::NicknameName, "{bad:?}");
        }
        let error = nicknames.insert("vuoto", " , ").unwrap_err();
        assert_eq!(error.kind, ErrorKind::NicknameEmpty);
        let error = nicknames.insert("strano", "più zucchero").unwrap_err();
        assert_eq!(error.kind, ErrorKind::UnknownWord);
        assert_eq!(error.word.as_deref(), Some("zucchero"));
        assert!(nicknames.is_empty());
    }

    #[test]
    fn file_allows_any_order_and_reports_lines() {
        let text = "# club di Fossò\n\ndoppia = brisca e brisca  # ripetuta\nbrisca = 3, 1\n";
        let nicknames = Nicknames::parse_file(text).unwrap();
        assert_eq!(nicknames.len(), 2);
        assert_eq!(nicknames.expansion("brisca"), Some("3, 1"));
        let again = Nicknames::parse_file(&nicknames.to_file_text()).unwrap();
        assert!(again.iter().eq(nicknames.iter()));

        let error = Nicknames::parse_file("a1 = più\nsenza uguale\n").unwrap_err();
        assert_eq!(
            (error.kind, error.line),
            (ErrorKind::NicknameSyntax, Some(2))
        );
        let error = Nicknames::parse_file("x = più\nX = manco\n").unwrap_err();
        assert_eq!(
            (error.kind, error.line),
            (ErrorKind::NicknameDuplicate, Some(2))
        );
        let error = Nicknames::parse_file("uno1 = due2\ndue2 = uno1\n").unwrap_err();
        assert_eq!(error.kind, ErrorKind::NicknameLoop);
        assert!(error.line.is_some());
        let error = Nicknames::parse_file("ok = più\nbad = più pasta\n").unwrap_err();
        assert_eq!((error.kind, error.line), (ErrorKind::UnknownWord, Some(2)));
    }

    #[test]
    fn remove_refuses_to_break_other_nicknames() {
        let mut nicknames = Nicknames::new();
        nicknames.insert("base", "più ponto").unwrap();
        nicknames.insert("sopra", "base e figure").unwrap();
        assert_eq!(
            nicknames.remove("base").unwrap_err().kind,
            ErrorKind::UnknownWord
        );
        assert_eq!(nicknames.remove("SOPRA"), Ok(true));
        assert_eq!(nicknames.remove("sopra"), Ok(false));
        assert_eq!(nicknames.remove("base"), Ok(true));
    }
}
