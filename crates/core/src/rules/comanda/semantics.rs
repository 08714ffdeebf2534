//! From tokens to clauses, and from clauses to the levels of a ranking.

use super::error::{ComandaError, ErrorKind};
use super::lexer::{Direction, SetName, Token, Word};
use crate::rules::card::{Card, CardSet, Rank, Suit};
use crate::rules::ranking::Ranking;

/// One set said inside a clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    /// Ranks in "più" order, and the suit the set carries by itself (meneghello…).
    Ranks {
        ranks: Vec<Rank>,
        own_suit: Option<Suit>,
    },
    /// "al x": ranks from the bottom of the clause's direction up to x.
    UpTo(Rank),
}

impl Item {
    fn set(name: SetName) -> Item {
        let (values, own_suit) = name.ranks();
        Item::Ranks {
            ranks: values.into_iter().filter_map(Rank::new).collect(),
            own_suit,
        }
    }

    fn rank(rank: Rank) -> Item {
        Item::Ranks {
            ranks: vec![rank],
            own_suit: None,
        }
    }

    fn all() -> Item {
        Item::Ranks {
            ranks: Rank::all().collect(),
            own_suit: None,
        }
    }

    /// The ranks, lowest first, as the clause's direction orders them.
    fn ordered(&self, direction: Direction) -> Vec<Rank> {
        match (self, direction) {
            (Item::Ranks { ranks, .. }, Direction::Piu) => ranks.clone(),
            (Item::Ranks { ranks, .. }, Direction::Manco) => ranks.iter().rev().copied().collect(),
            (Item::UpTo(last), Direction::Piu) => Rank::all().take_while(|r| r <= last).collect(),
            (Item::UpTo(last), Direction::Manco) => {
                Rank::all().rev().take_while(|r| r >= last).collect()
            }
        }
    }

    fn own_suit(&self) -> Option<Suit> {
        match self {
            Item::Ranks { own_suit, .. } => *own_suit,
            Item::UpTo(_) => None,
        }
    }
}

/// A clause: optional direction, the sets in the order said, optional suit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Clause {
    pub direction: Option<Direction>,
    pub items: Vec<Item>,
    pub suit: Option<Suit>,
    /// The token that named the suit, for error messages.
    suit_token: Option<Token>,
    /// Tokens that carry their own suit, paired with it, for error messages.
    suited_tokens: Vec<(Token, Suit)>,
}

impl Clause {
    fn is_empty(&self) -> bool {
        self.direction.is_none() && self.items.is_empty() && self.suit.is_none()
    }
}

/// Groups the tokens into clauses.
pub(crate) fn clauses(tokens: &[Token]) -> Result<Vec<Clause>, ComandaError> {
    let mut clauses = Vec::new();
    let mut current = Clause::default();
    let mut index = 0;
    while index < tokens.len() {
        let token = &tokens[index];
        let next = tokens.get(index + 1);
        match token.word {
            Word::Separator => finish(&mut current, &mut clauses)?,
            Word::Direction(direction) => {
                if current.direction.is_some() && current.items.is_empty() && current.suit.is_none()
                {
                    return Err(token.error(ErrorKind::DirectionTwice));
                }
                // A direction word inside a clause starts a new one: "4 più figure".
                finish(&mut current, &mut clauses)?;
                current.direction = Some(direction);
            }
            Word::Rank(rank) => current.items.push(Item::rank(rank)),
            Word::Set(name) => push_set(&mut current, name, token),
            Word::Suit(suit) => set_suit(&mut current, suit, token)?,
            Word::Preposition => match next.map(|next| next.word) {
                Some(Word::Suit(suit)) => {
                    set_suit(&mut current, suit, &tokens[index + 1])?;
                    index += 1;
                }
                _ => return Err(expected_after(token, next, true)),
            },
            Word::A => match next.map(|next| next.word) {
                Some(Word::Suit(suit)) => {
                    set_suit(&mut current, suit, &tokens[index + 1])?;
                    index += 1;
                }
                // "a asso": one more set of the same clause (and of its suit).
                Some(Word::Rank(rank)) => {
                    current.items.push(Item::rank(rank));
                    index += 1;
                }
                Some(Word::Set(name)) => {
                    push_set(&mut current, name, &tokens[index + 1]);
                    index += 1;
                }
                _ => return Err(misplaced_after(token, next)),
            },
            Word::Al => {
                current.items.push(Item::UpTo(rank_after(token, next)?));
                index += 1;
            }
            Word::Fino => {
                let (rank, used) = up_to_after(tokens, index)?;
                current.items.push(Item::UpTo(rank));
                index += used;
            }
            Word::Tutto => {
                let follows_up_to = match next.map(|next| next.word) {
                    Some(Word::Al | Word::Fino) => true,
                    Some(Word::A) => {
                        matches!(tokens.get(index + 2).map(|t| t.word), Some(Word::Rank(_)))
                    }
                    _ => false,
                };
                if follows_up_to {
                    let (rank, used) = up_to_after(tokens, index)?;
                    // "tutto al tredici" is all thirteen ranks, whatever the direction.
                    current.items.push(if rank == Rank::RE {
                        Item::all()
                    } else {
                        Item::UpTo(rank)
                    });
                    index += used;
                } else {
                    current.items.push(Item::all());
                }
            }
            Word::Article => {}
            Word::PhrasePart => return Err(token.error(ErrorKind::Misplaced)),
        }
        index += 1;
    }
    finish(&mut current, &mut clauses)?;
    Ok(clauses)
}

fn push_set(clause: &mut Clause, name: SetName, token: &Token) {
    let item = Item::set(name);
    if let Some(suit) = item.own_suit() {
        clause.suited_tokens.push((token.clone(), suit));
    }
    clause.items.push(item);
}

fn set_suit(clause: &mut Clause, suit: Suit, token: &Token) -> Result<(), ComandaError> {
    match clause.suit {
        Some(existing) if existing != suit => Err(token.error(ErrorKind::TwoSuits)),
        Some(_) => Ok(()),
        None => {
            clause.suit = Some(suit);
            clause.suit_token = Some(token.clone());
            Ok(())
        }
    }
}

/// Closes the current clause, checks it and starts a new one.
fn finish(current: &mut Clause, clauses: &mut Vec<Clause>) -> Result<(), ComandaError> {
    let mut clause = std::mem::take(current);
    if clause.is_empty() {
        return Ok(());
    }
    if clause.items.is_empty() {
        match (clause.direction, &clause.suit_token) {
            // A direction word alone stands for "ponto".
            (Some(_), _) => clause.items.push(Item::set(SetName::Ponto)),
            (None, Some(token)) => return Err(token.error(ErrorKind::SuitWithoutCards)),
            (None, None) => return Ok(()),
        }
    }
    if let (Some(suit), Some(suit_token)) = (clause.suit, &clause.suit_token)
        && let Some((token, _)) = clause.suited_tokens.iter().find(|(_, own)| *own != suit)
    {
        // Name whichever of the two came later.
        let later = if token.position.byte_offset > suit_token.position.byte_offset {
            token
        } else {
            suit_token
        };
        return Err(later.error(ErrorKind::SuitClash));
    }
    clauses.push(clause);
    Ok(())
}

fn expected_after(token: &Token, next: Option<&Token>, suit: bool) -> ComandaError {
    let after = token.text.clone();
    let kind = if suit {
        ErrorKind::SuitExpected { after }
    } else {
        ErrorKind::RankExpected { after }
    };
    match next {
        Some(next) if next.word != Word::Separator => next.error(kind),
        _ => token.error(kind),
    }
}

fn misplaced_after(token: &Token, next: Option<&Token>) -> ComandaError {
    match next {
        Some(next) if next.word != Word::Separator => next.error(ErrorKind::Misplaced),
        _ => token.error(ErrorKind::Misplaced),
    }
}

fn rank_after(token: &Token, next: Option<&Token>) -> Result<Rank, ComandaError> {
    match next.map(|next| next.word) {
        Some(Word::Rank(rank)) => Ok(rank),
        _ => Err(expected_after(token, next, false)),
    }
}

/// Reads "[tutto] fino al x", "[tutto] fino a x", "tutto al x", "tutto a x" starting at
/// `index`; returns the rank and how many tokens after `index` were used.
fn up_to_after(tokens: &[Token], index: usize) -> Result<(Rank, usize), ComandaError> {
    let mut at = index;
    if tokens[at].word == Word::Tutto {
        at += 1;
    }
    if tokens.get(at).map(|t| t.word) == Some(Word::Fino) {
        match tokens.get(at + 1).map(|t| t.word) {
            Some(Word::Al | Word::A) => at += 1,
            _ => return Err(expected_after(&tokens[at], tokens.get(at + 1), false)),
        }
    }
    let rank = rank_after(&tokens[at], tokens.get(at + 1))?;
    Ok((rank, at + 1 - index))
}

/// Builds the levels of the clauses, lowest first, and checks them as a ranking.
pub(crate) fn rank(clauses: &[Clause]) -> Result<Ranking, ComandaError> {
    let Some(first) = clauses.first() else {
        return Err(ComandaError::new(ErrorKind::Empty));
    };
    let all_suits: Vec<Suit> = Suit::ALL.to_vec();
    let mut levels: Vec<CardSet> = Vec::new();
    for clause in clauses {
        let direction = clause.direction.unwrap_or(Direction::Piu);
        for item in &clause.items {
            let suits = match (item.own_suit(), clause.suit) {
                (Some(own), _) => vec![own],
                (None, Some(suit)) => vec![suit],
                (None, None) => all_suits.clone(),
            };
            for rank in item.ordered(direction) {
                let group: CardSet = suits.iter().map(|&suit| Card::new(rank, suit)).collect();
                for level in &mut levels {
                    for card in group.iter() {
                        level.remove(card);
                    }
                }
                levels.retain(|level| !level.is_empty());
                levels.push(group);
            }
        }
    }
    // Cards never mentioned go below, by rank, in the first clause's direction.
    let mentioned: CardSet = levels.iter().flat_map(|level| level.iter()).collect();
    let first_direction = first.direction.unwrap_or(Direction::Piu);
    let mut bottom: Vec<CardSet> = Item::all()
        .ordered(first_direction)
        .into_iter()
        .map(|rank| {
            Suit::ALL
                .into_iter()
                .map(|suit| Card::new(rank, suit))
                .filter(|card| !mentioned.contains(*card))
                .collect::<CardSet>()
        })
        .filter(|level| !level.is_empty())
        .collect();
    bottom.extend(levels);
    let levels = bottom
        .into_iter()
        .map(|level| level.iter().collect())
        .collect();
    Ranking::from_levels(levels).map_err(|error| ComandaError::new(ErrorKind::Ranking(error)))
}
