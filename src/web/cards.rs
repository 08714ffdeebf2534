//! A card as the pages draw it: a small face with its rank and its suit's symbol (from
//! `static/suits.svg`), named in the reader's language for screen readers
//! (`templates/cards.html` draws it).

use std::fmt;

use crate::lang::{Arg, Lang, Msg};
use crate::rules::card::{Card, Rank, Suit};
use crate::rules::ranking::Ranking;
use crate::web::games::card_name;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// The card as typed (`7d`).
    pub code: String,
    /// The rank as printed on the card (`7`, `F`).
    pub rank: String,
    /// The suit's letter, which names its symbol (`#suit-d`) and its colour.
    pub suit: char,
    /// "sette di denari": the face's accessible name.
    pub name: String,
}

impl Face {
    pub fn of(card: Card, lang: Lang) -> Face {
        Face {
            code: card.code(),
            rank: card.rank.code().to_string(),
            suit: card.suit.letter(),
            name: card_name(card, lang),
        }
    }

    /// The face of a typed card; `None` for text that is no card.
    pub fn parse(code: &str, lang: Lang) -> Option<Face> {
        code.parse::<Card>().ok().map(|card| Face::of(card, lang))
    }

    /// Where the suit's symbol is drawn: the sprite's content-hashed URL and the symbol.
    pub fn symbol(&self) -> String {
        format!("{}#suit-{}", super::assets::url("suits.svg"), self.suit)
    }
}

/// Each level of a ranking, in the order of `Ranking::level_codes`, its codes as `each`
/// makes them (`None`: left out).
fn levels<T>(ranking: &Ranking, each: impl Fn(&String) -> Option<T>) -> Vec<Vec<T>> {
    ranking
        .level_codes()
        .iter()
        .map(|level| level.iter().filter_map(&each).collect())
        .collect()
}

/// The names of a ranking's levels: what the comanda preview's faces are called (a code
/// that is no card keeps its text).
pub fn level_names(ranking: &Ranking, lang: Lang) -> Vec<Vec<String>> {
    levels(ranking, |code| {
        Some(Face::parse(code, lang).map_or_else(|| code.clone(), |face| face.name))
    })
}

/// The faces of a ranking's levels (a code that is no card is left out).
pub fn level_faces(ranking: &Ranking, lang: Lang) -> Vec<Vec<Face>> {
    levels(ranking, |code| Face::parse(code, lang))
}

/// The Italian-deck cards a message names, in the order it names them, each once: the
/// faces a refusal shows beside its words ("Toni played the 7 of coins …").
pub fn cards_named(msg: &Msg) -> Vec<Card> {
    fn walk(msg: &Msg, found: &mut Vec<Card>) {
        if msg.id == "rules-card_name"
            && let Some(card) = card_of(msg)
            && !found.contains(&card)
        {
            found.push(card);
        }
        for (_, arg) in &msg.args {
            if let Arg::Msg(inner) = arg {
                walk(inner, found);
            }
        }
    }
    let mut found = Vec::new();
    walk(msg, &mut found);
    found
}

/// The card of a `rules-card_name` message: its rank's value and its suit's name.
fn card_of(msg: &Msg) -> Option<Card> {
    let arg = |name: &str| {
        msg.args
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, arg)| arg)
    };
    let Some(Arg::Number(value)) = arg("rank") else {
        return None;
    };
    let Some(Arg::Text(suit)) = arg("suit") else {
        return None;
    };
    let rank = Rank::new(u8::try_from(*value).ok()?)?;
    let suit = Suit::ALL
        .into_iter()
        .find(|each| each.italian_name() == suit)?;
    Some(Card::new(rank, suit))
}

/// A face in plain text is its name: a page without faces still names the card.
impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_has_rank_suit_and_name_in_the_readers_language() {
        let seven = Face::parse("7d", Lang::It).unwrap();
        assert_eq!((seven.rank.as_str(), seven.suit), ("7", 'd'));
        assert_eq!(seven.name, "sette di denari");
        assert_eq!(seven.to_string(), "sette di denari");
        assert!(
            seven.symbol().ends_with(".svg#suit-d"),
            "{}",
            seven.symbol()
        );
        let knave = Face::parse("Fs", Lang::En).unwrap();
        assert_eq!((knave.rank.as_str(), knave.suit), ("F", 's'));
        assert!(Face::parse("zz", Lang::It).is_none());
    }
}
