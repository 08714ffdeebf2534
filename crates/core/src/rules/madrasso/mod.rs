//! Madrasso scoring as a state machine.
//!
//! Four players in two fixed partnerships play deals (battute) of ten tricks with a
//! trump suit shown by the dealer's face-up card. A game lasts at least `min_deals`
//! deals and is won by reaching `target_points` (777), by a correct declaration of
//! being out, or at once by cappotto. A deal is recorded either by its outcome (one
//! team's points, or a special end) or card by card; both are validated here. See
//! `docs/match-record.md` for the JSON form of the entries.

mod checks;
mod error;
mod record;
pub mod simulate;

use serde::{Deserialize, Serialize};

pub use self::error::{Deal, LeadReason, RuleError};
use super::card::{Card, Deck, Rank, Suit};
use super::game::{
    Game, Seat, Seating, Summary, Team, check_noted, decide_by_claim, stamped_entry,
};
use super::play_error::{Breach, Leads, PlayError, PlayedCards};
use super::progress::{
    MatchProgress, decide_by_totals, game_basics, progress_accessors, summary_of, summary_type,
};
use super::record::game_entry;
use super::trick::Trick;

/// Points in one deal: 120 in the cards plus 10 for the last trick.
pub const DEAL_POINTS: u32 = 130;
/// The bonus for the last trick.
pub const LAST_TRICK_BONUS: u32 = 10;
/// Tricks in a deal: ten cards each.
pub const TRICKS: usize = 10;

/// What a revoke (cassone) costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevokePenalty {
    /// Venetian tradition: the opponents of the offender score 130, the offenders 0.
    #[default]
    Award,
    /// The variant of some books: 130 is taken off the offenders' total, the opponents
    /// score nothing for the deal.
    Subtract,
}

/// Match options. The defaults are those of the main description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// A player unable to follow suit must play a trump if holding one (the variant
    /// rule); by default such a player may play any card.
    pub must_trump: bool,
    pub revoke_penalty: RevokePenalty,
    /// Deals a game lasts at least; no declaration before they are played.
    pub min_deals: u32,
    /// Points that win a game.
    pub target_points: u32,
    /// Games that win the match.
    pub games_to_win: u32,
}

impl Seating for Options {}

impl super::progress::MatchLength for Options {
    fn games_to_win(&self) -> u32 {
        self.games_to_win
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            must_trump: false,
            revoke_penalty: RevokePenalty::Award,
            min_deals: 10,
            target_points: 777,
            games_to_win: 1,
        }
    }
}

/// A revoke: the seat that failed to follow suit (or, with `must_trump`, to trump).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cassone {
    pub seat: Seat,
    /// The trick (1-10) of the revoke; required card by card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u8>,
}

stamped_entry! {
    /// One deal as recorded: by outcome when `tricks` is absent, card by card otherwise.
    #[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct DealEntry {
        /// With `points`: the team whose points are given. By outcome the other team has
        /// the rest of 130; card by card it is checked against the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub team: Option<Team>,
        /// Points of `team` in this deal, last trick included.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub points: Option<u32>,
        /// The team that took all ten tricks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cappotto: Option<Team>,
        /// A revoke ended the deal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cassone: Option<Cassone>,
        /// The seat that declared its team out, right after winning a trick.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub declared: Option<Seat>,
        /// The dealer's face-up card (the 21st): its suit is trumps. Required card by card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub face_up: Option<Card>,
        /// The seat that exchanged the 7 of trumps for the face-up card in the first trick.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub exchange: Option<Seat>,
        /// The tricks in order, each with its leader and the cards in play order.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tricks: Option<Vec<Trick>>,
    }
}

game_entry!(Deal(DealEntry): "deal");

/// How a deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DealEnd {
    /// All ten tricks were played (or the outcome was recorded).
    Played,
    /// One team took all ten tricks: it wins the game.
    Cappotto { team: Team },
    /// A revoke stopped the play.
    Cassone { seat: Seat },
    /// A player declared the team out; `correct` when the team had the target.
    Declared { seat: Seat, correct: bool },
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// After the minimum deals, the only team at or over the target.
    Target,
    /// Both teams over the target without a declaration: the higher total.
    HigherTotal,
    /// All ten tricks in one deal.
    Cappotto,
    /// A correct declaration.
    Declaration,
    /// The opponents declared wrongly.
    WrongDeclaration,
}

/// One row of the score sheet: one deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DealRow {
    /// The game (1-based) and the deal inside it.
    pub game: u32,
    pub deal: u32,
    pub dealer: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face_up: Option<Card>,
    /// Points of team A and team B in this deal (negative for the offenders of a
    /// cassone under the subtract variant).
    pub points: [i32; 2],
    /// Game totals after the deal.
    pub totals: [i32; 2],
    /// Tricks taken by each team, when recorded card by card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<[u8; 2]>,
    pub end: DealEnd,
    /// The team that won the game with this deal, if any.
    pub game_won: Option<Team>,
}

/// A game won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameWon {
    pub game: u32,
    pub winner: Team,
    /// The deal (inside the game) that decided it.
    pub deal: u32,
    pub how: GameEnd,
    /// Totals when it was decided.
    pub totals: [i32; 2],
}

/// The state of a Madrasso match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Madrasso {
    progress: MatchProgress<Options, i32, DealRow, GameWon>,
    /// The next deal inside the current game, 1-based.
    deal: u32,
}

summary_type! {
    /// Everything a referee page shows about a Madrasso match.
    MadrassoSummary, sheet: DealRow {
        /// The next deal inside the game, 1-based.
        pub deal: u32,
        /// Totals of the current game; unlike `scores` they may be negative (subtract variant).
        pub totals: [i32; 2],
        /// Whether a declaration is allowed in the next deal.
        pub can_declare: bool,
    }
}

/// Rank order in play, strongest first: A 3 R C F 7 6 5 4 2.
const ORDER: [u8; 10] = [1, 3, 13, 12, 11, 7, 6, 5, 4, 2];

/// Strength of a rank in play: higher beats lower.
pub fn rank_strength(rank: Rank) -> u8 {
    rank.strength_in(&ORDER)
}

/// A card's point value: ace 11, three 10, king 4, horse 3, jack 2, others 0.
pub use super::card::briscola_points as card_points;

/// What a trick's cards are worth, with the bonus when it is the `last` of the deal.
pub(crate) fn trick_points(cards: &[Card], last: bool) -> u32 {
    let points: u32 = cards.iter().map(|card| card_points(*card)).sum();
    if last {
        points + LAST_TRICK_BONUS
    } else {
        points
    }
}

/// The position of the card that takes the trick: the highest trump, or without
/// trumps the highest card of the suit led. `None` for no cards.
pub fn trick_winner(cards: &[Card], trumps: Suit) -> Option<usize> {
    let led = cards.first()?.suit;
    let key = |card: &Card| {
        let class = if card.suit == trumps {
            2
        } else if card.suit == led {
            1
        } else {
            0
        };
        (class, rank_strength(card.rank))
    };
    cards
        .iter()
        .enumerate()
        .max_by_key(|(_, card)| key(card))
        .map(|(position, _)| position)
}

/// Whether a team can score exactly `points` in a whole deal (1 and 129 cannot be made).
pub fn achievable(points: u32) -> bool {
    if points > DEAL_POINTS {
        return false;
    }
    // Card points a team can hold: sums of up to four of each of 11, 10, 4, 3, 2.
    let mut sums = [false; 121];
    sums[0] = true;
    for value in [11usize, 10, 4, 3, 2] {
        for _ in 0..4 {
            for total in (value..=120).rev() {
                if sums[total - value] {
                    sums[total] = true;
                }
            }
        }
    }
    let points = points as usize;
    sums.get(points).copied().unwrap_or(false)
        || (points >= 10 && sums.get(points - 10).copied().unwrap_or(false))
}

/// What the cards of one deal say.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CardOutcome {
    points: [u32; 2],
    tricks: [u8; 2],
    end: CardEnd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardEnd {
    Played,
    Cappotto(Team),
    Cassone(Seat),
    Declared(Seat),
}

impl Madrasso {
    progress_accessors!(Options, totals: [i32; 2], DealRow, GameWon);

    pub fn new(options: Options, first_dealer: Seat) -> Madrasso {
        Madrasso {
            progress: MatchProgress::new(options, first_dealer),
            deal: 1,
        }
    }

    /// Where the next deal stands.
    pub fn deal(&self) -> Deal {
        Deal {
            game: self.progress.game,
            deal: self.deal,
        }
    }

    /// A declaration is allowed once the minimum number of deals has been played.
    pub fn can_declare(&self) -> bool {
        !self.is_over() && self.deal > self.progress.options.min_deals
    }

    /// Records one deal. On error nothing changes.
    pub fn apply_deal(&mut self, entry: &DealEntry) -> Result<(), RuleError> {
        self.progress.check_open::<Deal>()?;
        let deal = self.deal();
        let specials = [
            entry.cappotto.is_some(),
            entry.cassone.is_some(),
            entry.declared.is_some(),
        ];
        if specials.iter().filter(|set| **set).count() > 1 {
            return Err(RuleError::SpecialEndsConflict { deal });
        }
        if entry.team.is_some() != entry.points.is_some() && entry.declared.is_none() {
            return Err(RuleError::TeamAndPointsGoTogether { deal });
        }
        if let Some(seat) = entry.declared
            && !self.can_declare()
        {
            return Err(RuleError::DeclarationTooEarly {
                deal,
                seat,
                min_deals: self.progress.options.min_deals,
            });
        }
        if let Some(points) = entry.points
            && !achievable(points)
        {
            return Err(RuleError::PointsImpossible { deal, points });
        }
        let (outcome, card_level) = match &entry.tricks {
            Some(tricks) => (self.check_cards(deal, entry, tricks)?, true),
            None => (self.outcome_only(deal, entry)?, false),
        };
        // Points for the sheet.
        let points: [i32; 2] = match outcome.end {
            CardEnd::Cassone(seat) => {
                let offenders = seat.team();
                let mut points = [0, 0];
                match self.progress.options.revoke_penalty {
                    RevokePenalty::Award => points[offenders.other().index()] = 130,
                    RevokePenalty::Subtract => points[offenders.index()] = -130,
                }
                points
            }
            _ => outcome.points.map(|points| points as i32),
        };
        if let (Some(team), Some(recorded)) = (entry.team, entry.points) {
            let actual = points[team.index()];
            if actual != recorded as i32 {
                return Err(RuleError::PointsContradict {
                    deal,
                    team,
                    recorded,
                    actual,
                });
            }
        }
        if let Some(recorded) = entry.cappotto
            && outcome.end != CardEnd::Cappotto(recorded)
        {
            return Err(RuleError::CappottoContradictsCards {
                deal,
                recorded,
                tricks: outcome.tricks,
            });
        }

        // Everything is checked: from here on the state changes.
        self.progress.add_points(points);
        let target = self.progress.options.target_points as i32;
        let (end, decided) = match outcome.end {
            CardEnd::Played => (DealEnd::Played, self.decide_by_totals()),
            CardEnd::Cassone(seat) => (DealEnd::Cassone { seat }, self.decide_by_totals()),
            CardEnd::Cappotto(team) => {
                (DealEnd::Cappotto { team }, Some((team, GameEnd::Cappotto)))
            }
            CardEnd::Declared(seat) => {
                let team = seat.team();
                let correct = self.progress.points[team.index()] >= target;
                let ends = [GameEnd::Declaration, GameEnd::WrongDeclaration];
                let decided = decide_by_claim(team, correct, ends);
                (DealEnd::Declared { seat, correct }, Some(decided))
            }
        };
        self.progress.sheet.push(DealRow {
            game: self.progress.game,
            deal: self.deal,
            dealer: self.progress.dealer,
            face_up: entry.face_up,
            points,
            totals: self.progress.points,
            tricks: card_level.then_some(outcome.tricks),
            end,
            game_won: decided.map(|(team, _)| team),
        });
        let decided = decided.map(|(team, how)| {
            let won = GameWon {
                game: self.progress.game,
                winner: team,
                deal: self.deal,
                how,
                totals: self.progress.points,
            };
            (team, 1, won)
        });
        self.progress.end_deal_in_game(&mut self.deal, decided);
        Ok(())
    }

    /// After a deal played out (or a cassone): once the minimum deals are played, the
    /// only team at the target wins, or the higher of two such totals. Equal totals
    /// over the target play on.
    fn decide_by_totals(&self) -> Option<(Team, GameEnd)> {
        if self.deal < self.progress.options.min_deals {
            return None;
        }
        let target = self.progress.options.target_points as i32;
        let ends = [GameEnd::Target, GameEnd::HigherTotal];
        decide_by_totals(self.progress.points, target, ends)
    }
}

impl Game for Madrasso {
    game_basics!(Madrasso, MadrassoSummary; Deal => apply_deal);

    fn summary(&self) -> MadrassoSummary {
        summary_of!(
            self,
            MadrassoSummary {
                deal: self.deal,
                totals: self.progress.points,
                can_declare: self.can_declare(),
            }
        )
    }
}

#[cfg(test)]
mod tests;
