//! The comanda language (Trionfetti ranking commands), read as docs/comanda.md describes.
//!
//! Reading goes in three steps: [`lexer`] splits and folds the words and expands
//! nicknames, [`semantics`] groups them into clauses and builds the levels, and
//! [`Ranking::from_levels`] checks the two restrictions. [`explicit`] reads a ranking a
//! referee types level by level.

mod error;
mod explicit;
mod lexer;
mod nicknames;
mod semantics;

pub use error::{ComandaError, ErrorKind, Position};
pub use explicit::{ExplicitError, ExplicitErrorKind, parse_explicit, ranking_from_codes};
pub use nicknames::{BUILTIN_NICKNAMES, Nicknames};

use crate::lang::Msg;
use crate::rules::game::Message;
use crate::rules::ranking::Ranking;

/// Reads a comanda into a checked ranking, using the club's nicknames (the built-in
/// ones, componogara and bomba, are always known).
pub fn parse(text: &str, nicknames: &Nicknames) -> Result<Ranking, ComandaError> {
    let tokens = lexer::lex(text, nicknames)?;
    let clauses = semantics::clauses(&tokens)?;
    semantics::rank(&clauses)
}

/// How the text of a comanda field was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    /// Comanda words (with the club's nicknames).
    Words,
    /// An explicit ranking, levels lowest first.
    Explicit,
}

/// Whether a comanda field holds an explicit ranking rather than words: comanda words
/// never use `<` nor span lines, and every ranking has more than one level.
pub fn is_explicit(text: &str) -> bool {
    let text = text.trim();
    text.contains('<') || text.contains('\n')
}

/// What a referee types in a comanda field (docs/comanda.md): the comanda's words,
/// or an explicit ranking ("F < C < R < 1 …").
pub fn read(text: &str, nicknames: &Nicknames) -> Result<(Ranking, Said), ReadError> {
    if is_explicit(text) {
        return parse_explicit(text)
            .map(|ranking| (ranking, Said::Explicit))
            .map_err(ReadError::Explicit);
    }
    parse(text, nicknames)
        .map(|ranking| (ranking, Said::Words))
        .map_err(ReadError::Words)
}

/// Why a comanda field's text gives no ranking, as its reading went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    Words(ComandaError),
    Explicit(ExplicitError),
}

impl Message for ReadError {
    fn msg(&self) -> Msg {
        match self {
            ReadError::Words(error) => error.msg(),
            ReadError::Explicit(error) => error.msg(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::game::Message;
    use crate::rules::test_support::card;

    fn order(text: &str) -> String {
        parse(text, &Nicknames::new())
            .unwrap_or_else(|error| panic!("{text}: {error}"))
            .render_line(|suit| suit.italian_name().to_string())
    }

    fn error(text: &str) -> ComandaError {
        parse(text, &Nicknames::new()).unwrap_err()
    }

    #[test]
    fn direction_alone_means_ponto() {
        assert_eq!(order("più"), "F C R 1 2 3 4 5 6 7 8 9 10");
        assert_eq!(order("manco"), "R C F 10 9 8 7 6 5 4 3 2 1");
        assert_eq!(order("Più ponto"), order("piu'"));
    }

    #[test]
    fn later_clauses_rank_higher_and_unmentioned_follow_first_direction() {
        assert_eq!(order("manco 7 e 8"), "R C F 10 9 6 5 4 3 2 1 7 8");
        assert_eq!(order("7, 8"), "1 2 3 4 5 6 9 10 F C R 7 8");
        assert_eq!(order("manco 7 8"), "R C F 10 9 6 5 4 3 2 1 7 8");
    }

    #[test]
    fn al_counts_from_the_bottom_of_the_direction() {
        assert_eq!(order("al cinque"), "6 7 8 9 10 F C R 1 2 3 4 5");
        assert_eq!(order("meno al'otto"), "7 6 5 4 3 2 1 R C F 10 9 8");
        assert_eq!(
            order("manco tutto al tredici"),
            "R C F 10 9 8 7 6 5 4 3 2 1"
        );
        assert_eq!(order("manco al tredici"), "C F 10 9 8 7 6 5 4 3 2 1 R");
        assert_eq!(order("fino a tre"), order("napoli"));
        assert_eq!(order("tutto al tredici"), order("più ponto e più figure"));
    }

    #[test]
    fn suits_split_levels() {
        let ranking = parse("tutto al tredici e denari al tredici", &Nicknames::new()).unwrap();
        assert_eq!(ranking.levels().len(), 26);
        assert!(ranking.strength(card("1d")) > ranking.strength(card("Rs")));
        assert_eq!(ranking.strength(card("Rs")), ranking.strength(card("Rb")));
        assert_eq!(
            order("più ponto e sette di denari"),
            "F C R 1 2 3 4 5 6 | bastoni, coppe, spade: 7 | 8 9 10 | denari: 7"
        );
        assert_eq!(order("re de coppe"), order("Re di Coppe"));
        assert_eq!(order("spade al dieci"), order("al dieci di spade"));
        assert_eq!(order("più meneghello"), order("2 a spade"));
    }

    #[test]
    fn a_joins_a_rank_to_the_clause_and_its_suit() {
        let ranking = parse("più figure de coppe a asso", &Nicknames::new()).unwrap();
        let top: Vec<Vec<String>> = ranking.level_codes().split_off(ranking.levels().len() - 4);
        assert_eq!(top, [["Fc"], ["Cc"], ["Rc"], ["1c"]]);
    }

    #[test]
    fn errors_name_the_word() {
        let e = error("più ponto e zucchero");
        assert_eq!(
            (e.kind, e.word.as_deref()),
            (ErrorKind::UnknownWord, Some("zucchero"))
        );
        assert_eq!(e.position.map(|p| p.word_index), Some(4));
        assert_eq!(error("").kind, ErrorKind::Empty);
        assert_eq!(error(" , e ").kind, ErrorKind::Empty);
        assert_eq!(error("più manco").kind, ErrorKind::DirectionTwice);
        let e = error("più al ponto");
        assert_eq!(e.kind, ErrorKind::RankExpected { after: "al".into() });
        assert_eq!(e.word.as_deref(), Some("ponto"));
        let e = error("figure di");
        assert_eq!(e.kind, ErrorKind::SuitExpected { after: "di".into() });
        assert_eq!(e.word.as_deref(), Some("di"));
        assert_eq!(error("figure di spade di coppe").kind, ErrorKind::TwoSuits);
        assert_eq!(
            error("più ponto e denari").kind,
            ErrorKind::SuitWithoutCards
        );
        assert_eq!(error("meneghello di coppe").kind, ErrorKind::SuitClash);
        assert_eq!(error("più col").kind, ErrorKind::Misplaced);
        assert_eq!(error("più a").kind, ErrorKind::Misplaced);
    }

    #[test]
    fn errors_inside_a_nickname_point_at_the_nickname() {
        let mut nicknames = Nicknames::new();
        nicknames.insert("doppio", "più manco").unwrap();
        let e = parse("figure, doppio", &nicknames).unwrap_err();
        assert_eq!(e.kind, ErrorKind::DirectionTwice);
        assert_eq!(e.nickname.as_deref(), Some("doppio"));
        assert_eq!(e.position.map(|p| p.word_index), Some(2));
        // Worded: `web/i18n/rule_words_tests.rs`.
        assert_eq!(
            e.msg().get("nickname"),
            Some(&crate::lang::Arg::Text("doppio".into()))
        );
    }

    #[test]
    fn a_field_reads_words_or_an_explicit_ranking() {
        let nicknames = Nicknames::new();
        let explicit = "F < C < R < 1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10";
        let (ranking, said) = read(explicit, &nicknames).unwrap();
        assert_eq!(said, Said::Explicit);
        assert_eq!(ranking, parse("più", &nicknames).unwrap());
        let lines = explicit.replace(" < ", "\n");
        assert_eq!(read(&lines, &nicknames).unwrap(), (ranking, Said::Explicit));
        let (_, said) = read("più ponto e più figure", &nicknames).unwrap();
        assert_eq!(said, Said::Words);
        // Each reading keeps its own errors.
        let broken = read("1 2 < 3 4 5 6 7 8 9 10 F C R", &nicknames).unwrap_err();
        assert!(matches!(
            broken,
            ReadError::Explicit(ExplicitError { level: Some(1), .. })
        ));
        assert_eq!(broken.msg().id, "comanda-explicit_at_level");
        let unknown = read("più zucchero", &nicknames).unwrap_err();
        assert!(matches!(
            unknown,
            ReadError::Words(ComandaError {
                kind: ErrorKind::UnknownWord,
                ..
            })
        ));
    }

    #[test]
    fn club_nicknames_are_used() {
        let mut nicknames = Nicknames::new();
        nicknames
            .insert("Trevisana", "manco e manco scartine")
            .unwrap();
        let with = parse("trevisana e fanti", &nicknames).unwrap();
        let without = parse("manco e manco scartine e fanti", &Nicknames::new()).unwrap();
        assert_eq!(with, without);
        assert_eq!(
            parse("trevisana", &Nicknames::new()).unwrap_err().kind,
            ErrorKind::UnknownWord
        );
    }
}
