//! A bid or raise, and how it reads and writes in JSON: `3`, `6`, `12` or `"baraque"`.

use serde::{Deserialize, Serialize};

/// A bid or raise. In JSON `3`, `6`, `12` or `"baraque"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bid {
    Three,
    Six,
    Twelve,
    /// The game.
    Baraque,
}

impl Bid {
    /// The bids in the only order they can be made.
    pub const ORDER: [Bid; 4] = [Bid::Three, Bid::Six, Bid::Twelve, Bid::Baraque];

    /// Points at stake once this bid stands (baraque: the game, shown as 24).
    pub const fn points(self) -> u32 {
        match self {
            Bid::Three => 3,
            Bid::Six => 6,
            Bid::Twelve => 12,
            Bid::Baraque => 24,
        }
    }

    /// What a refusal of this bid gives the bidder's side: the stake before it.
    pub const fn refused_points(self) -> u32 {
        match self {
            Bid::Three => 1,
            Bid::Six => 3,
            Bid::Twelve => 6,
            Bid::Baraque => 12,
        }
    }

    pub fn word(self) -> String {
        match self {
            Bid::Baraque => "baraque".to_string(),
            other => other.points().to_string(),
        }
    }
}

impl Serialize for Bid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Bid::Baraque => serializer.serialize_str("baraque"),
            other => serializer.serialize_u32(other.points()),
        }
    }
}

impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bid, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u32),
            Word(String),
            // Any other shape gets the message below, not serde's "did not match".
            Other(serde::de::IgnoredAny),
        }
        match Raw::deserialize(deserializer)? {
            Raw::Number(3) => Ok(Bid::Three),
            Raw::Number(6) => Ok(Bid::Six),
            Raw::Number(12) => Ok(Bid::Twelve),
            Raw::Word(word) if word == "baraque" => Ok(Bid::Baraque),
            _ => Err(serde::de::Error::custom("a bid is 3, 6, 12 or \"baraque\"")),
        }
    }
}
