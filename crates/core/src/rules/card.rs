//! Suits, ranks, cards and the decks the five games use.
//!
//! Cards are small `Copy` values. Every card of the 52-card Trevigiane deck has
//! an index in `0..52`, which lets sets of cards be a single `u64`.

use std::fmt;
use std::str::FromStr;

/// The four Italian suits. Their letters are the canonical codes of COMANDA.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Swords, also called "strette".
    Spade,
    Bastoni,
    Coppe,
    /// Coins, also called "ori".
    Denari,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spade, Suit::Bastoni, Suit::Coppe, Suit::Denari];

    pub const fn letter(self) -> char {
        match self {
            Suit::Spade => 's',
            Suit::Bastoni => 'b',
            Suit::Coppe => 'c',
            Suit::Denari => 'd',
        }
    }

    pub fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|suit| suit.letter() == letter)
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Italian name, plural as players say it ("di spade").
    pub const fn italian_name(self) -> &'static str {
        match self {
            Suit::Spade => "spade",
            Suit::Bastoni => "bastoni",
            Suit::Coppe => "coppe",
            Suit::Denari => "denari",
        }
    }

    pub const fn english_name(self) -> &'static str {
        match self {
            Suit::Spade => "swords",
            Suit::Bastoni => "batons",
            Suit::Coppe => "cups",
            Suit::Denari => "coins",
        }
    }
}

/// A rank by its default strength: 1 (ace) to 10, then 11 fante, 12 cavallo, 13 re.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const FANTE: Rank = Rank(11);
    pub const CAVALLO: Rank = Rank(12);
    pub const RE: Rank = Rank(13);

    /// All 13 ranks in the default ascending order.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + Clone {
        (1..=13).map(Rank)
    }

    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    pub const fn is_figure(self) -> bool {
        self.0 > 10
    }

    /// The rank part of a canonical card code: `1`..`10`, `F`, `C`, `R`.
    pub const fn code(self) -> &'static str {
        const CODES: [&str; 13] = [
            "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "F", "C", "R",
        ];
        CODES[(self.0 - 1) as usize]
    }

    pub fn from_code(code: &str) -> Option<Rank> {
        Rank::all().find(|rank| rank.code() == code)
    }

    pub const fn italian_name(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "asso", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
            "fante", "cavallo", "re",
        ];
        NAMES[(self.0 - 1) as usize]
    }

    pub const fn english_name(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "horse", "king",
        ];
        NAMES[(self.0 - 1) as usize]
    }

    /// The rank's strength where the ranks in play are `order`, strongest first: higher
    /// beats lower, and a rank the order leaves out is 0.
    pub fn strength_in(self, order: &[u8]) -> u8 {
        let position = order
            .iter()
            .position(|value| *value == self.value())
            .unwrap_or(order.len());
        (order.len() - position) as u8
    }
}

/// One card. Ordering is by suit then rank, which is only a storage order:
/// strength in play always comes from a ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { suit, rank }
    }

    /// Index in `0..52`, suit-major.
    pub const fn index(self) -> usize {
        self.suit.index() * 13 + (self.rank.0 as usize - 1)
    }

    pub fn from_index(index: usize) -> Option<Card> {
        if index >= 52 {
            return None;
        }
        Some(Card::new(
            Rank((index % 13) as u8 + 1),
            Suit::ALL[index / 13],
        ))
    }

    /// Canonical code: rank code followed by the suit letter, e.g. `10b`, `Cc`.
    pub fn code(self) -> String {
        format!("{}{}", self.rank.code(), self.suit.letter())
    }

    pub fn italian_name(self) -> String {
        format!(
            "{} di {}",
            self.rank.italian_name(),
            self.suit.italian_name()
        )
    }

    pub fn english_name(self) -> String {
        format!(
            "{} of {}",
            self.rank.english_name(),
            self.suit.english_name()
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.code(), self.suit.letter())
    }
}

/// Why a card could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a card: {input:?}")]
pub struct ParseCardError {
    pub input: String,
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads a canonical code (`7d`, `Cc`) exactly; anything else is an error.
    fn from_str(input: &str) -> Result<Card, ParseCardError> {
        let error = || ParseCardError {
            input: input.to_string(),
        };
        let suit_letter = input.chars().last().ok_or_else(error)?;
        let suit = Suit::from_letter(suit_letter).ok_or_else(error)?;
        let rank_code = &input[..input.len() - suit_letter.len_utf8()];
        let rank = Rank::from_code(rank_code).ok_or_else(error)?;
        Ok(Card::new(rank, suit))
    }
}

/// Folds a word the way the comanda vocabulary compares words: lower case, accents
/// dropped (`più` -> `piu`), apostrophes removed (`piu'` -> `piu`).
pub fn fold_word(word: &str) -> String {
    let mut folded = String::with_capacity(word.len());
    for ch in word.chars().flat_map(char::to_lowercase) {
        let plain = match ch {
            'à' | 'á' | 'â' | 'ä' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            '\'' | '’' | '‘' | '`' | '´' | 'ʼ' => continue,
            other => other,
        };
        folded.push(plain);
    }
    folded
}

impl Rank {
    /// Reads a rank said as a word or a numeral, singular or plural: `asso`/`assi`/`1`,
    /// `sette`/`siete`/`7`, `fante`/`fanti`/`undici`/`11`, `re`/`tredici`/`13`, …
    /// The word is folded first (case, accents, apostrophes).
    pub fn from_word(word: &str) -> Option<Rank> {
        let value = match fold_word(word).as_str() {
            "asso" | "assi" | "uno" | "1" => 1,
            "due" | "2" => 2,
            "tre" | "3" => 3,
            "quattro" | "4" => 4,
            "cinque" | "5" => 5,
            "sei" | "6" => 6,
            "sette" | "siete" | "7" => 7,
            "otto" | "8" => 8,
            "nove" | "9" => 9,
            "dieci" | "10" => 10,
            "fante" | "fanti" | "undici" | "11" => 11,
            "cavallo" | "cavalli" | "dodici" | "12" => 12,
            "re" | "tredici" | "13" => 13,
            _ => return None,
        };
        Rank::new(value)
    }
}

impl Suit {
    /// Reads a suit name, plural or singular: `spade`/`spada`/`strette`, `bastoni`/`bastone`,
    /// `coppe`/`coppa`, `denari`/`denaro`/`ori`/`oro`. The word is folded first.
    pub fn from_word(word: &str) -> Option<Suit> {
        match fold_word(word).as_str() {
            "spade" | "spada" | "strette" => Some(Suit::Spade),
            "bastoni" | "bastone" => Some(Suit::Bastoni),
            "coppe" | "coppa" => Some(Suit::Coppe),
            "denari" | "denaro" | "ori" | "oro" => Some(Suit::Denari),
            _ => None,
        }
    }
}

/// The words that may stand between a rank and its suit: "sette di denari", "re de coppe".
pub(crate) fn is_suit_preposition(folded: &str) -> bool {
    matches!(folded, "di" | "de" | "del" | "dei" | "delle" | "in" | "a")
}

impl Card {
    /// Reads a canonical code in any letter case (`7d`, `Cc`, `cc`, `10B`): the last
    /// character is the suit letter, the rest the rank code.
    pub fn from_code_any_case(code: &str) -> Option<Card> {
        let folded = code.to_lowercase();
        let suit_letter = folded.chars().last()?;
        let suit = Suit::from_letter(suit_letter)?;
        let rank_code = folded[..folded.len() - suit_letter.len_utf8()].to_uppercase();
        Some(Card::new(Rank::from_code(&rank_code)?, suit))
    }

    /// Reads one card said in words or written as a code: "sette di denari", "re de coppe",
    /// "asso di spade", "7 di denari", "7 denari", "7d". Case, accents and apostrophes
    /// do not matter.
    pub fn from_words(text: &str) -> Result<Card, ParseCardError> {
        let error = || ParseCardError {
            input: text.to_string(),
        };
        let words: Vec<String> = text
            .split(|ch: char| ch.is_whitespace() || ch == '\'' || ch == '’')
            .filter(|word| !word.is_empty())
            .map(fold_word)
            .collect();
        match words.as_slice() {
            [code] => Card::from_code_any_case(code).ok_or_else(error),
            [rank, suit] => Ok(Card::new(
                Rank::from_word(rank).ok_or_else(error)?,
                Suit::from_word(suit).ok_or_else(error)?,
            )),
            [rank, preposition, suit] if is_suit_preposition(preposition) => Ok(Card::new(
                Rank::from_word(rank).ok_or_else(error)?,
                Suit::from_word(suit).ok_or_else(error)?,
            )),
            _ => Err(error()),
        }
    }
}

/// A suit is written as its letter in JSON: `"s"`, `"b"`, `"c"` or `"d"`.
impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Suit, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!(
                "not a suit: {text:?} (suits are \"s\", \"b\", \"c\", \"d\")"
            ))),
        }
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards of the 52-card deck, one bit per card index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds the card; returns false when it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let was_absent = !self.contains(card);
        self.0 |= 1 << card.index();
        was_absent
    }

    pub fn remove(&mut self, card: Card) -> bool {
        let was_present = self.contains(card);
        self.0 &= !(1 << card.index());
        was_present
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Card> {
        (0..52).filter_map(move |index| {
            (self.0 & (1 << index) != 0)
                .then(|| Card::from_index(index))
                .flatten()
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

/// The decks of the five games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Deck {
    /// 52 cards, Trevigiane pattern: ranks 1-10 and F C R in four Italian suits (Trionfetti).
    Trevigiane52,
    /// 40 cards: ranks 1-7 and F C R (Madrasso, Tressette, Trijumf).
    Italian40,
    /// 32 cards: 7 8 9 10 J Q K A (Vitou). The four suit slots stand for the French
    /// suits; the games played with it read only the rank.
    French32,
}

impl Deck {
    pub fn contains_rank(self, rank: Rank) -> bool {
        match self {
            Deck::Trevigiane52 => true,
            Deck::Italian40 => !(8..=10).contains(&rank.0),
            Deck::French32 => rank.0 == 1 || rank.0 >= 7,
        }
    }

    pub fn contains(self, card: Card) -> bool {
        self.contains_rank(card.rank)
    }

    pub fn size(self) -> usize {
        match self {
            Deck::Trevigiane52 => 52,
            Deck::Italian40 => 40,
            Deck::French32 => 32,
        }
    }

    /// Every card of the deck, suit by suit in default rank order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |suit| {
            Rank::all()
                .filter(move |rank| self.contains_rank(*rank))
                .map(move |rank| Card::new(rank, suit))
        })
    }
}

/// A card's points in the games of the briscola family (Madrasso, Trijumf): ace 11,
/// three 10, king 4, horse 3, jack 2, the others 0.
pub fn briscola_points(card: Card) -> u32 {
    match card.rank.value() {
        1 => 11,
        3 => 10,
        13 => 4,
        12 => 3,
        11 => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn briscola_points_make_30_a_suit() {
        for suit in Suit::ALL {
            let total: u32 = Deck::Italian40
                .cards()
                .filter(|card| card.suit == suit)
                .map(briscola_points)
                .sum();
            assert_eq!(total, 30);
        }
    }

    #[test]
    fn suits_are_their_letters_in_json() {
        for suit in Suit::ALL {
            let json = serde_json::to_string(&suit).unwrap();
            assert_eq!(json, format!("\"{}\"", suit.letter()));
            assert_eq!(serde_json::from_str::<Suit>(&json).unwrap(), suit);
        }
        assert!(serde_json::from_str::<Suit>("\"x\"").is_err());
        assert!(serde_json::from_str::<Suit>("\"sb\"").is_err());
    }

    #[test]
    fn codes_round_trip_for_every_card() {
        for card in Deck::Trevigiane52.cards() {
            assert_eq!(card.code().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
    }

    #[test]
    fn horse_of_cups_is_not_ambiguous() {
        let card: Card = "Cc".parse().unwrap();
        assert_eq!(card, Card::new(Rank::CAVALLO, Suit::Coppe));
        assert!("cc".parse::<Card>().is_err());
        assert!("CC".parse::<Card>().is_err());
        assert!("11d".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn deck_sizes() {
        assert_eq!(Deck::Trevigiane52.cards().count(), 52);
        assert_eq!(Deck::Italian40.cards().count(), 40);
        assert_eq!(Deck::French32.cards().count(), 32);
        for deck in [Deck::Trevigiane52, Deck::Italian40, Deck::French32] {
            assert_eq!(deck.cards().count(), deck.size());
        }
    }

    #[test]
    fn card_set_counts_and_rejects_duplicates() {
        let mut set = CardSet::EMPTY;
        let seven_of_coins: Card = "7d".parse().unwrap();
        assert!(set.insert(seven_of_coins));
        assert!(!set.insert(seven_of_coins));
        assert_eq!(set.len(), 1);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![seven_of_coins]);
        let all: CardSet = Deck::Trevigiane52.cards().collect();
        assert_eq!(all.len(), 52);
    }

    #[test]
    fn folds_case_accents_and_apostrophes() {
        assert_eq!(fold_word("PIÙ"), "piu");
        assert_eq!(fold_word("piu'"), "piu");
        assert_eq!(fold_word("Più"), "piu");
        assert_eq!(fold_word("all’"), "all");
    }

    #[test]
    fn reads_rank_and_suit_words() {
        assert_eq!(Rank::from_word("Siete"), Rank::new(7));
        assert_eq!(Rank::from_word("assi"), Some(Rank::ACE));
        assert_eq!(Rank::from_word("tredici"), Some(Rank::RE));
        assert_eq!(Rank::from_word("13"), Some(Rank::RE));
        assert_eq!(Rank::from_word("14"), None);
        assert_eq!(Rank::from_word("cavalli"), Some(Rank::CAVALLO));
        assert_eq!(Suit::from_word("Ori"), Some(Suit::Denari));
        assert_eq!(Suit::from_word("strette"), Some(Suit::Spade));
        assert_eq!(Suit::from_word("cuori"), None);
    }

    #[test]
    fn reads_cards_in_words_and_codes() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        assert_eq!(Card::from_words("sette di denari"), Ok(card("7d")));
        assert_eq!(Card::from_words("re de coppe"), Ok(card("Rc")));
        assert_eq!(Card::from_words("Asso di Spade"), Ok(card("1s")));
        assert_eq!(Card::from_words("7 di denari"), Ok(card("7d")));
        assert_eq!(Card::from_words("cavallo bastoni"), Ok(card("Cb")));
        assert_eq!(Card::from_words("Cc"), Ok(card("Cc")));
        assert_eq!(Card::from_words("cc"), Ok(card("Cc")));
        assert_eq!(Card::from_words("10B"), Ok(card("10b")));
        assert!(Card::from_words("sette").is_err());
        assert!(Card::from_words("sette di cuori").is_err());
        assert!(Card::from_words("sette per denari").is_err());
        assert!(Card::from_words("").is_err());
    }
}
