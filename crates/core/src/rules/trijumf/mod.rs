//! Trijumf (Croatian triumph) scoring as a state machine.
//!
//! Two players, or four in two partnerships, with the 40-card Italian deck. Play goes
//! clockwise, and seats are numbered in the order of play, so in this game the next
//! seat (`seat + 1`) sits on a player's *left*: the dealer's left is `dealer + 1`, the
//! cutter (the dealer's right, the previous dealer) is `dealer - 1`, and the deal
//! passes to `dealer + 1`. With four players team A is seats 0 and 2, team B seats 1
//! and 3; with two players only seats 0 (side A) and 1 (side B) exist.
//!
//! A deal is recorded by its outcome (card points per side) or card by card; both are
//! validated. Games go to 401 points; a correct claim wins at once, a wrong one loses.
//! See `docs/games-trijumf-vitou.md` for the JSON form of the entries.

mod checks;
mod error;
mod record;
pub mod simulate;

use serde::{Deserialize, Serialize};

pub use self::error::{DealNumber, LeadReason, RuleError};
use super::card::{Card, CardSet, Deck, Rank, Suit};
use super::game::{
    Game, Seat, Seating, Summary, Team, check_noted, decide_by_claim, stamped_entry,
};
use super::play_error::table::TableError;
use super::progress::{
    MatchProgress, decide_by_totals, game_basics, progress_accessors, summary_of, summary_type,
};
use super::record::game_entry;
use super::trick::Trick;

/// Match options. The defaults are the rules text's: four players, games to 401,
/// 130 points for a revoke, 10 for the last trick, one game per match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// 2 or 4.
    pub players: u8,
    /// Points that win a game.
    pub target_points: u32,
    /// Games that win the match.
    pub games_to_win: u32,
    /// What the opponents of a side that breaks the rules of play score.
    pub revoke_points: u32,
    /// The bonus for the last trick (ultima).
    pub last_trick_points: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 4,
            target_points: 401,
            games_to_win: 1,
            revoke_points: 130,
            last_trick_points: 10,
        }
    }
}

impl Seating for Options {
    fn players(&self) -> u8 {
        self.players
    }
}

impl super::progress::MatchLength for Options {
    fn games_to_win(&self) -> u32 {
        self.games_to_win
    }
}

impl Options {
    /// Tricks in a deal: 40 cards shared by the players.
    pub fn tricks_per_deal(self) -> usize {
        40 / self.players.max(1) as usize
    }

    /// Card points in a whole deal: the 120 of the pack and the last trick.
    pub fn deal_points(self) -> u32 {
        self.last_trick_points.saturating_add(120)
    }
}

/// What the cutter chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cut {
    /// A normal cut: packets of 5, a card turned for trumps.
    Normal,
    /// A knock: packets of 10; with four players no trump card at all.
    Knock,
    /// The top card turned for trumps, packets of 5.
    Flip,
}

/// A king-horse pair shown before the declarer's first card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    pub seat: Seat,
    pub suit: Suit,
    /// The value the referee noted (40 or 20); checked when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// A claim to have reached the target, made between tricks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The player who stopped the play; the claim is for that player's side.
    pub seat: Seat,
    /// The verdict the referee noted; checked when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
}

/// A breach of the rules of play (failing to follow suit or to trump).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Revoke {
    /// The player who broke the rules.
    pub seat: Seat,
    /// The trick (1-based) of the offending card; required card by card, where that
    /// card is the last one recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u8>,
    /// A card the offender held that shows the breach (of the suit led, or a trump);
    /// checked when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<Card>,
}

stamped_entry! {
    /// One deal as recorded: by outcome (`points`) or card by card (`tricks`).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct DealEntry {
        pub cut: Cut,
        /// The face-up trump card. Required except after a knock with four players, where
        /// there is none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub trump_card: Option<Card>,
        /// King-horse declarations, in the order they were made.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub declarations: Vec<Declaration>,
        /// Card points of side A and side B, the last trick included, declarations not.
        /// Required by outcome (except after a revoke); checked card by card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub points: Option<[u32; 2]>,
        /// Present means card by card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tricks: Option<Vec<Trick>>,
        /// Two players, card by card: the 19 face-down cards of the stock, top first. The
        /// trump card is drawn after them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub stock: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub claim: Option<Claim>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub revoke: Option<Revoke>,
    }
}

impl DealEntry {
    /// A deal by outcome with no declarations.
    pub fn outcome(cut: Cut, trump_card: Option<Card>, points: [u32; 2]) -> DealEntry {
        DealEntry {
            cut,
            trump_card,
            declarations: Vec::new(),
            points: Some(points),
            tricks: None,
            stock: None,
            claim: None,
            revoke: None,
            author: None,
            time: None,
        }
    }
}

game_entry!(Deal(DealEntry): "deal");

/// How a deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DealEnd {
    /// All tricks were played (or the outcome was recorded).
    Played,
    /// A player claimed the target.
    Claim { seat: Seat, correct: bool },
    /// A player broke the rules of play.
    Revoke { seat: Seat },
}

/// One row of the score sheet: one deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetRow {
    pub deal: u32,
    /// The game (1-based) the deal belongs to.
    pub game: u32,
    pub dealer: Seat,
    pub cut: Cut,
    pub trump: Option<Suit>,
    /// Card points of side A and B (last trick included; the revoke award after a revoke).
    pub card_points: [u32; 2],
    /// Declaration points of side A and B.
    pub declarations: [u32; 2],
    /// What the deal added to each side's score.
    pub points: [u32; 2],
    /// The scores after the deal (before a reset for a won game).
    pub scores: [u32; 2],
    pub end: DealEnd,
    /// The side that won the game with this deal.
    pub game_won: Option<Team>,
}

/// A game won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameWon {
    pub game: u32,
    pub winner: Team,
    pub deal: u32,
    pub scores: [u32; 2],
}

/// The state of a Trijumf match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trijumf {
    progress: MatchProgress<Options, u32, SheetRow, GameWon>,
    deal: u32,
}

summary_type! {
    /// Everything a referee page shows about a Trijumf match.
    TrijumfSummary, sheet: SheetRow {
        /// The next deal, 1-based over the whole match.
        pub deal: u32,
        /// Who cuts the next deal: the dealer's right, the previous dealer.
        pub cutter: Option<Seat>,
    }
}

/// Card points: ace 11, three 10, king 4, horse 3, jack 2.
pub use super::card::briscola_points as card_points;

/// Strength inside a suit: 2 4 5 6 7 jack horse king 3 ace.
pub fn strength(card: Card) -> u8 {
    match card.rank.value() {
        1 => 10,
        3 => 9,
        13 => 8,
        12 => 7,
        11 => 6,
        7 => 5,
        6 => 4,
        5 => 3,
        4 => 2,
        _ => 1,
    }
}

/// The position of the card that takes a trick: the highest trump, or else the
/// highest card of the suit led.
pub fn winning_position(cards: &[Card], trump: Option<Suit>) -> Option<usize> {
    let led = cards.first()?.suit;
    let key = |card: Card| {
        let class = if Some(card.suit) == trump {
            2
        } else if card.suit == led {
            1
        } else {
            0
        };
        (class, strength(card))
    };
    (0..cards.len()).max_by_key(|&position| key(cards[position]))
}

pub(crate) use super::game::seat_after;

const KING: Rank = Rank::RE;
const HORSE: Rank = Rank::CAVALLO;

/// What the cards of a deal gave: card points, who won the tricks.
struct Counted {
    card_points: [u32; 2],
}

/// The knowledge a card-by-card deal gives.
struct Play {
    /// For every card played: (trick 1-based, seat).
    at: [Option<(u8, Seat)>; 52],
    /// Cards each seat played, with the trick.
    by_seat: [Vec<(u8, Card)>; 4],
    /// For every card: the trick after which it came into its holder's hand
    /// (0 = dealt); `None` when not known.
    arrival: [Option<u8>; 52],
}

impl Play {
    /// Whether `seat` is known to have held `card` when it played to trick `trick`.
    fn held_at(&self, seat: Seat, card: Card, trick: u8) -> bool {
        match self.at[card.index()] {
            Some((played, by)) => {
                by == seat
                    && played > trick
                    && self.arrival[card.index()].is_some_and(|arrival| arrival < trick)
            }
            None => false,
        }
    }
}

impl Trijumf {
    progress_accessors!(Options, scores: [u32; 2], SheetRow, GameWon);

    pub fn new(options: Options, first_dealer: Seat) -> Trijumf {
        Trijumf {
            progress: MatchProgress::new(options, first_dealer),
            deal: 1,
        }
    }

    /// The dealer's right (the previous seat and previous dealer), who cuts.
    pub fn cutter(&self) -> Seat {
        self.progress.cutter()
    }

    /// The next deal, 1-based.
    pub fn deal(&self) -> u32 {
        self.deal
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        let players = self.progress.options.players;
        TableError::check_seat(DealNumber { deal: self.deal }, seat, players)
    }

    /// Records one deal. On error nothing changes.
    pub fn apply_deal(&mut self, entry: &DealEntry) -> Result<(), RuleError> {
        TableError::check_open(&self.progress)?;
        let players = self.progress.options.players;
        let deal = self.deal;
        let four = players == 4;
        let knock_without_trump = four && entry.cut == Cut::Knock;
        // The trump card and the trump suit.
        match (knock_without_trump, entry.trump_card) {
            (true, Some(card)) => return Err(RuleError::TrumpCardAfterKnock { deal, card }),
            (false, None) => {
                return Err(RuleError::TrumpCardMissing {
                    deal,
                    cut: entry.cut,
                });
            }
            _ => {}
        }
        if let Some(card) = entry.trump_card
            && !Deck::Italian40.contains(card)
        {
            return Err(RuleError::CardNotInDeck {
                deal,
                trick: None,
                card,
            });
        }
        let declared = self.check_declarations(entry)?;
        // Trumps from the second trick on (also of the first unless knocked with four).
        let trump = match entry.trump_card {
            Some(card) => Some(card.suit),
            None => entry
                .declarations
                .first()
                .map(|declaration| declaration.suit),
        };
        if let Some(claim) = &entry.claim {
            self.check_seat(claim.seat)?;
            if entry.revoke.is_some() {
                return Err(RuleError::ClaimWithRevoke { deal });
            }
        }
        if let Some(revoke) = &entry.revoke {
            self.check_seat(revoke.seat)?;
        }

        let counted = match &entry.tricks {
            Some(tricks) => {
                if entry.revoke.is_some() && entry.points.is_some() {
                    return Err(RuleError::PointsWithRevoke { deal });
                }
                let counted = self.check_tricks(entry, tricks, trump)?;
                check_noted(entry.points, &counted.card_points, |recorded| {
                    RuleError::PointsContradictCards {
                        deal,
                        recorded,
                        actual: counted.card_points,
                    }
                })?;
                counted
            }
            None => {
                if entry.stock.is_some() {
                    return Err(RuleError::StockWithoutTricks { deal });
                }
                let card_points = match (entry.revoke, entry.points) {
                    (Some(_), None) => [0, 0],
                    (Some(_), Some(_)) => return Err(RuleError::PointsWithRevoke { deal }),
                    (None, None) => return Err(RuleError::PointsMissing { deal }),
                    (None, Some(points)) => points,
                };
                let total = card_points[0].saturating_add(card_points[1]);
                let full = self.progress.options.deal_points();
                if entry.revoke.is_none() {
                    if entry.claim.is_none() && total != full {
                        return Err(RuleError::PointsNotConserved {
                            deal,
                            points: card_points,
                            expected: full,
                        });
                    }
                    if entry.claim.is_some() && total > full {
                        return Err(RuleError::PointsTooMany {
                            deal,
                            points: card_points,
                            most: full,
                        });
                    }
                }
                Counted { card_points }
            }
        };

        // Scoring.
        let (card_points, declarations, end) = match entry.revoke {
            Some(revoke) => {
                let mut award = [0, 0];
                award[revoke.seat.team().other().index()] = self.progress.options.revoke_points;
                (award, [0, 0], DealEnd::Revoke { seat: revoke.seat })
            }
            None => {
                let end = match entry.claim {
                    Some(claim) => {
                        let team = claim.seat.team().index();
                        let total = self.progress.points[team]
                            .saturating_add(counted.card_points[team])
                            .saturating_add(declared[team]);
                        let correct = total >= self.progress.options.target_points;
                        check_noted(claim.correct, &correct, |recorded| {
                            RuleError::ClaimVerdict {
                                deal,
                                seat: claim.seat,
                                recorded,
                                total,
                                target: self.progress.options.target_points,
                            }
                        })?;
                        DealEnd::Claim {
                            seat: claim.seat,
                            correct,
                        }
                    }
                    None => DealEnd::Played,
                };
                (counted.card_points, declared, end)
            }
        };

        // Everything is checked: from here on the state changes.
        let points = [
            card_points[0].saturating_add(declarations[0]),
            card_points[1].saturating_add(declarations[1]),
        ];
        self.progress.add_points(points);
        let target = self.progress.options.target_points;
        let game_won = match end {
            DealEnd::Claim { seat, correct } => {
                Some(decide_by_claim(seat.team(), correct, [(), ()]).0)
            }
            _ => decide_by_totals(self.progress.points, target, [(), ()]).map(|(team, ())| team),
        };
        self.progress.sheet.push(SheetRow {
            deal,
            game: self.progress.game,
            dealer: self.progress.dealer,
            cut: entry.cut,
            trump,
            card_points,
            declarations,
            points,
            scores: self.progress.points,
            end,
            game_won,
        });
        let decided = game_won.map(|team| {
            let won = GameWon {
                game: self.progress.game,
                winner: team,
                deal,
                scores: self.progress.points,
            };
            (team, won)
        });
        self.progress.end_deal_in_match(&mut self.deal, decided);
        Ok(())
    }
}

impl Game for Trijumf {
    game_basics!(Trijumf, TrijumfSummary; Deal => apply_deal);

    fn summary(&self) -> TrijumfSummary {
        let open = !self.is_over();
        summary_of!(
            self,
            TrijumfSummary {
                deal: self.deal,
                cutter: open.then(|| self.cutter()),
            }
        )
    }
}

#[cfg(test)]
mod tests;
