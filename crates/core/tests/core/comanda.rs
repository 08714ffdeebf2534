//! Data-driven tests of the comanda reader (cases in tests/comanda_examples.txt) and
//! property tests: any text gives a valid ranking or an error, never a panic. The
//! rankings' and errors' words, and `segnapunti comanda`, are the shell's
//! (`tests/it/comanda.rs`).

use proptest::prelude::*;
use segnapunti_core::rules::card::{Card, Deck, Rank, Suit};
use segnapunti_core::rules::comanda::{self, ComandaError, Nicknames};
use segnapunti_core::rules::ranking::Ranking;

use crate::support::comanda_words::WORDS;

const EXAMPLES: &str = include_str!("../comanda_examples.txt");

/// The examples of the rules text's "Card Ranking Commands", as said there.
const SEEDS: &[&str] = &[
    "Manco ponto",
    "Più ponto",
    "Più ponto e più figure",
    "Tutto al tredici",
    "Manco e cavalli",
    "Più figure, assi e due",
    "Manco e manco scartine",
    "Manco 7 e 8",
    "al'otto",
    "al 5",
    "meno al'otto",
    "Napoli",
    "Pari",
    "Dispari",
    "Primiera",
    "Più e Napoli",
    "Più figure e Napoli",
    "Manco Primiera",
    "Primiera e fanti",
    "Tutto al tredici e denari al tredici",
    "Manco ponto, re, figure di bastoni",
    "Primiera e mancoprimiera a spade",
    "Manco siete e otto e coppe al'otto",
    "Più dispari e meno pari",
    "Più fino al cinque e meno fino al sei",
    "Manco 5 e 4 più figure de coppe a asso",
    "Componogara",
    "più ponto, denari al tredici, coppe all'otto, spade al dieci",
    "Bomba",
    "più ponto, 1, 2, 4, 3, più figure di spade",
];

#[derive(Debug)]
enum Expected {
    Order(Vec<Vec<Card>>),
    Error {
        code: String,
        word: Option<String>,
        word_index: Option<usize>,
    },
}

#[derive(Debug)]
struct Case {
    line: usize,
    comanda: String,
    nicknames: Vec<(String, String)>,
    expected: Expected,
    source: Option<String>,
}

/// A level in the data notation: rank code, then suit letters (none = all four).
fn level(notation: &str) -> Vec<Card> {
    let split = notation
        .find(|ch: char| Suit::from_letter(ch).is_some())
        .unwrap_or(notation.len());
    let (rank_code, suits) = notation.split_at(split);
    let rank = Rank::from_code(rank_code).unwrap_or_else(|| panic!("bad level {notation:?}"));
    let suits: Vec<Suit> = if suits.is_empty() {
        Suit::ALL.to_vec()
    } else {
        suits
            .chars()
            .map(|letter| {
                Suit::from_letter(letter).unwrap_or_else(|| panic!("bad level {notation:?}"))
            })
            .collect()
    };
    suits
        .into_iter()
        .map(|suit| Card::new(rank, suit))
        .collect()
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut current: Option<Case> = None;
    for (index, raw) in EXAMPLES.lines().enumerate() {
        let line = raw.trim_end();
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            cases.extend(current.take());
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("line {}: no key", index + 1));
        let value = value.trim();
        if key == "comanda" {
            assert!(
                current.is_none(),
                "line {}: case without blank line",
                index + 1
            );
            current = Some(Case {
                line: index + 1,
                comanda: value.to_string(),
                nicknames: Vec::new(),
                expected: Expected::Order(Vec::new()),
                source: None,
            });
            continue;
        }
        let case = current
            .as_mut()
            .unwrap_or_else(|| panic!("line {}: {key} before comanda", index + 1));
        match key {
            "nickname" => {
                let (name, expansion) = value.split_once('=').expect("nickname: name = expansion");
                case.nicknames
                    .push((name.trim().into(), expansion.trim().into()));
            }
            "order" => {
                case.expected = Expected::Order(
                    value
                        .split_whitespace()
                        .filter(|w| *w != "|")
                        .map(level)
                        .collect(),
                )
            }
            "error" => {
                let mut parts = value.split_whitespace();
                case.expected = Expected::Error {
                    code: parts.next().expect("error code").to_string(),
                    word: parts.next().map(str::to_string),
                    word_index: parts.next().map(|n| n.parse().expect("word index")),
                };
            }
            "source" => case.source = Some(value.to_string()),
            other => panic!("line {}: unknown key {other}", index + 1),
        }
    }
    cases.extend(current);
    cases
}

fn same_levels(ranking: &Ranking, expected: &[Vec<Card>]) -> bool {
    let sorted = |level: &[Card]| {
        let mut level = level.to_vec();
        level.sort();
        level
    };
    ranking.levels().len() == expected.len()
        && ranking
            .levels()
            .iter()
            .zip(expected)
            .all(|(got, want)| sorted(got) == sorted(want))
}

#[test]
fn examples_file_cases() {
    let cases = cases();
    // Every example of "Card Ranking Commands" in the rules text has its case.
    for seed in SEEDS {
        assert!(
            cases.iter().any(|case| case.comanda == *seed
                && case
                    .source
                    .as_deref()
                    .is_some_and(|s| s.starts_with("rules"))
                && matches!(case.expected, Expected::Order(_))),
            "no case for the seed example {seed:?}"
        );
    }
    let mut failures = Vec::new();
    for case in &cases {
        let mut nicknames = Nicknames::new();
        // Nicknames of a case may refer to each other in any order: use the file form.
        if !case.nicknames.is_empty() {
            let file: String = case
                .nicknames
                .iter()
                .map(|(name, expansion)| format!("{name} = {expansion}\n"))
                .collect();
            nicknames = Nicknames::parse_file(&file).expect("case nicknames");
        }
        let result = comanda::parse(&case.comanda, &nicknames);
        let ok = match (&case.expected, &result) {
            (Expected::Order(levels), Ok(ranking)) => same_levels(ranking, levels),
            (
                Expected::Error {
                    code,
                    word,
                    word_index,
                },
                Err(error),
            ) => {
                error.kind.code() == code
                    && error.word.as_deref() == word.as_deref()
                    && error.position.map(|p| p.word_index) == *word_index
            }
            _ => false,
        };
        if !ok {
            let got = match &result {
                Ok(ranking) => format!("{:?}", ranking.level_codes()),
                Err(error) => format!("{} {:?}: {error}", error.kind.code(), error.word),
            };
            failures.push(format!(
                "line {}: {:?}\n  got {got}",
                case.line, case.comanda
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---- Properties ----------------------------------------------------------------

/// Checks what every ranking must satisfy, independently of Ranking::from_levels.
fn assert_valid(ranking: &Ranking) {
    let mut seen = Vec::new();
    for level in ranking.levels() {
        assert!(!level.is_empty());
        assert!(
            level.iter().all(|card| card.rank == level[0].rank),
            "restriction 1"
        );
        seen.extend(level.iter().copied());
    }
    seen.sort();
    let mut deck: Vec<Card> = Deck::Trevigiane52.cards().collect();
    deck.sort();
    assert_eq!(seen, deck, "restriction 2");
}

const SETS: &[&str] = &[
    "ponto",
    "figure",
    "scartine",
    "assi",
    "due",
    "sette",
    "siete",
    "re",
    "7",
    "12",
    "al tredici",
    "all'otto",
    "al'otto",
    "fino al sei",
    "fino a cinque",
    "tutto al tredici",
    "Napoli",
    "pari",
    "dispari",
    "primiera",
    "strette col palo",
    "donne veneziane",
    "meneghello",
    "cavalli",
];

fn clause() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", "più ", "manco ", "meno "]),
        prop::sample::select(SETS.to_vec()),
        prop::sample::select(vec!["", " di spade", " de coppe", " a spade", " in denari"]),
    )
        .prop_map(|(direction, set, suit)| {
            // Built-in suited sets only take their own suit.
            let suited = ["strette col palo", "donne veneziane", "meneghello"].contains(&set);
            let suit = if suited && !suit.is_empty() {
                " di spade"
            } else {
                suit
            };
            format!("{direction}{set}{suit}")
        })
}

proptest! {
    #[test]
    fn random_vocabulary_never_panics(words in prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..14)) {
        let text = words.join(" ");
        match comanda::parse(&text, &Nicknames::new()) {
            Ok(ranking) => assert_valid(&ranking),
            Err(error) => {
                // Outside nicknames, the position points at the word named.
                if let (None, Some(position), Some(word)) = (&error.nickname, error.position, &error.word) {
                    prop_assert!(text[position.byte_offset..].starts_with(word.as_str()));
                    let index = text[..position.byte_offset]
                        .split(|ch: char| ch.is_whitespace() || ch == ',')
                        .filter(|w| !w.is_empty())
                        .count();
                    let starts_word = position.byte_offset == 0
                        || text[..position.byte_offset].ends_with([' ', ',']);
                    prop_assert_eq!(position.word_index, if starts_word { index + 1 } else { index });
                }
                prop_assert!(error.to_string().contains(error.word.as_deref().unwrap_or("")));
            }
        }
    }

    #[test]
    fn well_formed_clauses_always_give_a_ranking(
        clauses in prop::collection::vec(clause(), 1..6),
        last in prop::sample::select(vec!["assi", "fanti", "cinque", "10"]),
    ) {
        let text = format!("{} e {last}", clauses.join(", "));
        let ranking = comanda::parse(&text, &Nicknames::new())
            .unwrap_or_else(|error: ComandaError| panic!("{text}: {error}"));
        assert_valid(&ranking);
        // The last clause names one rank in every suit: it is the top level, alone.
        let top = ranking.levels().last().unwrap();
        prop_assert_eq!(top.len(), 4);
        prop_assert_eq!(Some(top[0].rank), Rank::from_word(last));
        // Case and accents do not matter.
        let shouted = comanda::parse(&text.to_uppercase(), &Nicknames::new()).unwrap();
        prop_assert_eq!(shouted, ranking);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,60}") {
        if let Ok(ranking) = comanda::parse(&text, &Nicknames::new()) {
            assert_valid(&ranking);
        }
        if let Ok(ranking) = comanda::parse_explicit(&text) {
            assert_valid(&ranking);
        }
        let _ = Nicknames::parse_file(&text);
        let mut nicknames = Nicknames::new();
        if nicknames.insert(&text, "più").is_ok() {
            prop_assert!(comanda::parse(&text, &nicknames).is_ok());
        }
        let _ = Card::from_words(&text);
    }

    #[test]
    fn explicit_form_round_trips(clauses in prop::collection::vec(clause(), 1..5)) {
        let ranking = comanda::parse(&clauses.join(" e "), &Nicknames::new()).unwrap();
        let typed: Vec<String> = ranking.level_codes().iter().map(|level| level.join(" ")).collect();
        prop_assert_eq!(comanda::parse_explicit(&typed.join(" < ")), Ok(ranking.clone()));
        prop_assert_eq!(comanda::parse_explicit(&typed.join("\n")), Ok(ranking));
    }
}
