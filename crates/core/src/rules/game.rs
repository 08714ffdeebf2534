//! The shape every game shares: seats, teams and how many sit ([`Seating`]), the
//! [`Game`] trait and the common summary.
//!
//! Each game has options, an entry type (what a referee records), a state and a
//! summary. Applying an entry either gives the next state or a rule error, and the
//! state it was applied to is never changed by a refused entry.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::lang::Msg;

/// A seat at the table, `0..4`, numbered in the order of play (play is anticlockwise).
///
/// The player to a seat's right plays next: that is `seat.next()`. Partners sit
/// opposite: seats 0 and 2 form team A, seats 1 and 3 team B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "u8")]
pub struct Seat(u8);

impl Seat {
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    pub const fn new(index: u8) -> Option<Seat> {
        if index < 4 { Some(Seat(index)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places later in the order of play.
    pub const fn after(self, steps: usize) -> Seat {
        Seat(((self.0 as usize + steps) % 4) as u8)
    }

    /// The next seat in the order of play: this seat's right-hand neighbour.
    pub const fn right(self) -> Seat {
        self.after(1)
    }

    /// The previous seat in the order of play: this seat's left-hand neighbour.
    pub const fn left(self) -> Seat {
        self.after(3)
    }

    pub const fn partner(self) -> Seat {
        self.after(2)
    }

    pub const fn team(self) -> Team {
        if self.0.is_multiple_of(2) {
            Team::A
        } else {
            Team::B
        }
    }

    /// How many turns after `from` this seat plays (0 when it is `from`).
    pub const fn turns_after(self, from: Seat) -> usize {
        (self.0 as usize + 4 - from.0 as usize) % 4
    }
}

/// The seat `steps` turns after `seat` at a table of `players` (Trijumf and Vitou are
/// also played by two).
pub(crate) fn seat_after(seat: Seat, steps: usize, players: u8) -> Seat {
    let players = players.max(1) as usize;
    Seat::new(((seat.index() + steps) % players) as u8).expect("a seat of the table")
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seat, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Seat::new(index).ok_or_else(|| {
            serde::de::Error::custom(format!("seat {index} does not exist (seats are 0 to 3)"))
        })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One of the two partnerships.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    /// Seats 0 and 2.
    A,
    /// Seats 1 and 3.
    B,
}

impl Team {
    pub const BOTH: [Team; 2] = [Team::A, Team::B];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }

    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::A => [Seat(0), Seat(2)],
            Team::B => [Seat(1), Seat(3)],
        }
    }

    pub const fn letter(self) -> &'static str {
        match self {
            Team::A => "A",
            Team::B => "B",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// What a game's options say of its table: how many play, each at a seat of its own,
/// numbered in the order of play.
pub trait Seating {
    /// Four, unless the options say otherwise (Trijumf and Vitou are also played by two).
    fn players(&self) -> u8 {
        4
    }
}

/// A message a referee can read: the core gives it as data (an id and its arguments),
/// the shell words it in the reader's language (`web::i18n::Worded`).
pub trait Message {
    /// The message as data, the same for every reader.
    fn msg(&self) -> Msg;
}

/// A message's id and arguments as plain text (`madrasso-points_missing(deal:
/// madrasso-deal(game: 1, deal: 3))`): what `Display` shows of an error whose words
/// only the shell has, for logs and debugging.
pub fn describe(msg: &Msg) -> String {
    use crate::lang::Arg;
    if msg.id == Msg::TEXT
        && let Some(Arg::Text(text)) = msg.get("text")
    {
        return text.to_string();
    }
    let args: Vec<String> = msg
        .args
        .iter()
        .map(|(name, value)| match value {
            Arg::Number(number) => format!("{name}: {number}"),
            Arg::Text(text) => format!("{name}: {text}"),
            Arg::Msg(inner) => format!("{name}: {}", describe(inner)),
        })
        .collect();
    format!("{}({})", msg.id, args.join(", "))
}

/// `Display` (the message as plain text, for logs) and `std::error::Error` for an error
/// that is a [`Message`] (`impl<D: Bound> for Error<D>` for a generic one); with
/// `Variant(Nested)`, also its `From<Nested>` (a nested error the game shares with
/// others, such as `Play(PlayError<Deal>)`).
macro_rules! message_error {
    (impl$(<$param:ident: $bound:path>)? for $error:ty) => {
        impl$(<$param: $bound>)? std::fmt::Display for $error {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let msg = $crate::rules::game::Message::msg(self);
                f.write_str(&$crate::rules::game::describe(&msg))
            }
        }

        impl$(<$param: $bound + std::fmt::Debug>)? std::error::Error for $error {}
    };
    ($error:ty, $variant:ident($nested:ty)) => {
        $crate::rules::game::message_error!($error);

        impl From<$nested> for $error {
            fn from(error: $nested) -> $error {
                <$error>::$variant(error)
            }
        }
    };
    ($error:ty) => {
        $crate::rules::game::message_error!(impl for $error);
    };
}
pub(crate) use message_error;

/// Refuses what the referee noted beside an entry (a stake, a winner, a verdict),
/// checked only when noted, unless it is `actual`: `refuse(noted)` says why.
pub(crate) fn check_noted<T: PartialEq, E>(
    noted: Option<T>,
    actual: &T,
    refuse: impl FnOnce(T) -> E,
) -> Result<(), E> {
    match noted {
        Some(noted) if noted != *actual => Err(refuse(noted)),
        _ => Ok(()),
    }
}

/// The team a claim to have reached the target (a declaration of being out) gives the
/// game to, and how in the game's own `[claimed, wrongly]` words: the claimer's team
/// when the claim is `correct`, otherwise the opponents.
pub(crate) fn decide_by_claim<E>(
    claimer: Team,
    correct: bool,
    [claimed, wrongly]: [E; 2],
) -> (Team, E) {
    if correct {
        (claimer, claimed)
    } else {
        (claimer.other(), wrongly)
    }
}

/// A record entry's struct with, after its own fields, the `author` and `time` every
/// entry may carry (`docs/match-record.md`), declared once so they read and write alike
/// in every game: `stamped_entry! { /// docs #[derive(…)] pub struct DealEntry { … } }`.
macro_rules! stamped_entry {
    ($(#[$meta:meta])* pub struct $name:ident $(<$param:ident>)? { $($fields:tt)* }) => {
        $(#[$meta])*
        pub struct $name $(<$param>)? {
            $($fields)*
            /// Who entered it (set by the server on entries it records); free text for
            /// people, never read by the engine.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub author: Option<String>,
            /// When it was entered (set by the server on entries it records).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub time: Option<String>,
        }
    };
}
pub(crate) use stamped_entry;

/// What every game's summary says, whatever the game: enough for a scoreboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The game's record name, e.g. `"trionfetti"`.
    pub game: &'static str,
    /// Points of team A and team B in the game being played (0-0 once the match is over).
    pub scores: [u32; 2],
    /// Games won by team A and team B.
    pub games_won: [u32; 2],
    /// True once the match is decided; no entry is accepted after that.
    pub over: bool,
    /// The team that won the match, once it is over.
    pub winner: Option<Team>,
    /// Who deals the next hand (`None` once the match is over).
    pub dealer: Option<Seat>,
    /// Who leads the next hand (`None` once the match is over).
    pub leader: Option<Seat>,
}

/// A game as a state machine over referee entries.
pub trait Game: Clone + Sized {
    /// Which game this is.
    const KIND: super::kind::GameKind;
    /// The name used in match records.
    const NAME: &'static str = Self::KIND.name();
    type Options: Clone + Default + Seating;
    type Entry;
    type Error: Message + std::error::Error;
    type Summary: Serialize;

    /// A match about to start, with the given first dealer.
    fn new(options: Self::Options, first_dealer: Seat) -> Self;

    /// Applies an entry in place. On error `self` is exactly as it was.
    fn apply_in_place(&mut self, entry: &Self::Entry) -> Result<(), Self::Error>;

    /// The state after `entry`; `self` is left untouched either way.
    fn apply(&self, entry: &Self::Entry) -> Result<Self, Self::Error> {
        let mut next = self.clone();
        next.apply_in_place(entry)?;
        Ok(next)
    }

    /// The match about to start again with `first_dealer` to deal, while nothing has
    /// been played; `None` once anything has (who deals first is settled before the
    /// first hand).
    fn restarted(&self, first_dealer: Seat) -> Option<Self>;

    /// Whether all that has been played is a comanda, no hand yet (Trionfetti's first
    /// smazzata): a late first dealer then points the referee at the comanda.
    fn only_comanda(&self) -> bool {
        false
    }

    /// The common part of the summary.
    fn common(&self) -> Summary;

    /// Everything a referee page shows.
    fn summary(&self) -> Self::Summary;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_turn_anticlockwise_and_partners_sit_opposite() {
        let dealer = Seat::new(3).unwrap();
        assert_eq!(dealer.right(), Seat::new(0).unwrap());
        assert_eq!(dealer.left(), Seat::new(2).unwrap());
        assert_eq!(dealer.partner().team(), dealer.team());
        assert_eq!(dealer.right().team(), Team::A);
        assert_eq!(Seat::new(2).unwrap().turns_after(dealer), 3);
        assert!(Seat::new(4).is_none());
    }

    #[test]
    fn seats_read_only_0_to_3() {
        assert_eq!(serde_json::from_str::<Seat>("2").unwrap(), Seat(2));
        assert!(serde_json::from_str::<Seat>("4").is_err());
        assert_eq!(serde_json::to_string(&Seat(1)).unwrap(), "1");
    }
}
