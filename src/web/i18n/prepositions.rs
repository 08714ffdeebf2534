//! Italian's articulated prepositions: a message writes `{ AL($seat) }` and reads "al
//! posto 1", "alla squadra A", "all'asso di spade" or "a Nane", because the article is
//! in the words of the name it is given (a seat, a team, a card), not in the message.

use fluent_bundle::{FluentArgs, FluentValue};

/// The Fluent functions and the preposition each joins to an article: the stem is what
/// "il" is joined to ("a" + "l" is "al"; "di" is "de" + "l").
pub(super) const FUNCTIONS: [(&str, &str, &str); 5] = [
    ("AL", "a", "a"),
    ("DAL", "da", "da"),
    ("DEL", "di", "de"),
    ("SUL", "su", "su"),
    ("NEL", "in", "ne"),
];

/// `preposition` before `words`, joined to their article where they start with one.
pub(super) fn join(preposition: &str, stem: &str, words: &str) -> String {
    const ARTICLES: [(&str, &str); 7] = [
        ("il ", "l "),
        ("lo ", "llo "),
        ("la ", "lla "),
        ("l'", "ll'"),
        ("i ", "i "),
        ("gli ", "gli "),
        ("le ", "lle "),
    ];
    for (article, ending) in ARTICLES {
        if let Some(rest) = words.strip_prefix(article) {
            return format!("{stem}{ending}{rest}");
        }
    }
    format!("{preposition} {words}")
}

/// The Fluent function for one preposition: its one argument, worded, after it.
pub(super) fn function(
    preposition: &'static str,
    stem: &'static str,
) -> impl for<'a> Fn(&[FluentValue<'a>], &FluentArgs) -> FluentValue<'a> + Send + Sync + 'static {
    move |positional, _named| match positional {
        [FluentValue::String(words)] => join(preposition, stem, words).into(),
        [FluentValue::Number(number)] => format!("{preposition} {}", number.as_string()).into(),
        _ => FluentValue::Error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_article_joins_its_preposition() {
        let cases = [
            ("AL", "il posto 1", "al posto 1"),
            ("DAL", "la squadra B", "dalla squadra B"),
            ("DEL", "l'asso di bastoni", "dell'asso di bastoni"),
            ("SUL", "il quattro di spade", "sul quattro di spade"),
            ("NEL", "lo sbaglio", "nello sbaglio"),
            ("AL", "i posti", "ai posti"),
            ("DEL", "gli avversari", "degli avversari"),
            ("SUL", "le carte", "sulle carte"),
            ("AL", "Nane Bortolato", "a Nane Bortolato"),
            ("DEL", "Marieta", "di Marieta"),
        ];
        for (name, words, joined) in cases {
            let (_, preposition, stem) = FUNCTIONS.iter().find(|f| f.0 == name).unwrap();
            assert_eq!(join(preposition, stem, words), joined);
        }
    }
}
