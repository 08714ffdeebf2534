//! Tressette scoring as a state machine.
//!
//! Four players in two fixed partnerships play deals of ten tricks without trumps.
//! Card points are counted in thirds and rounded down, so a deal is worth 11 plus the
//! declarations (accusi). The first team to `target_points` wins a game; a claim can
//! end a game at any time, and cappotto, stramazzo, cappottone and stramazzone win 2,
//! 3, 6 and 8 games at once. A deal is recorded by outcome or card by card; both are
//! validated here. See `docs/match-record.md` for the JSON form of the entries.

mod checks;
mod error;
mod record;
pub mod simulate;

use serde::{Deserialize, Serialize};

use self::checks::{check_declarations, outcome_only};
pub use self::error::{Deal, LeadReason, RuleError};
use super::card::{Card, CardSet, Deck, Rank, Suit};
use super::game::{Game, Seat, Summary, Team, decide_by_claim, stamped_entry};
use super::play_error::{Leads, PlayedCards};
use super::progress::{
    MatchProgress, decide_by_totals, game_basics, progress_accessors, summary_of, summary_type,
    target_options,
};
use super::record::game_entry;
use super::trick::Trick;

/// Whole points in the cards of a deal (11 and two thirds, the thirds dropped).
pub const DEAL_POINTS: u32 = 11;
/// Tricks in a deal: ten cards each.
pub const TRICKS: usize = 10;
/// Card thirds in the deck: four aces at 3, twenty 3s, 2s and figures at 1.
pub const CARD_THIRDS: u32 = 32;

target_options!(
    /// Match options. The defaults are those of the rules text: games to 21 (31 or 41
    /// where a longer game is played), one game to win the match (a cappotto and the
    /// like count several).
    target_points: 21,
    games_to_win: 1
);

/// The ranks that make declarations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Honour {
    #[serde(rename = "3")]
    Three,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "1")]
    Ace,
}

impl Honour {
    pub fn rank(self) -> Rank {
        let value = match self {
            Honour::Three => 3,
            Honour::Two => 2,
            Honour::Ace => 1,
        };
        Rank::new(value).expect("3, 2 and 1 are ranks")
    }
}

/// A declaration (accuso), made at the end of the first trick by the player holding it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "combo", rename_all = "snake_case", deny_unknown_fields)]
pub enum Declaration {
    /// All four 3s, 2s or aces: 4 points.
    Four { seat: Seat, rank: Honour },
    /// Three of them, naming the suit missing: 3 points.
    Three {
        seat: Seat,
        rank: Honour,
        missing: Suit,
    },
    /// The 3, 2 and ace of one suit: 3 points.
    Napoletana { seat: Seat, suit: Suit },
}

impl Declaration {
    pub fn seat(self) -> Seat {
        match self {
            Declaration::Four { seat, .. }
            | Declaration::Three { seat, .. }
            | Declaration::Napoletana { seat, .. } => seat,
        }
    }

    pub fn points(self) -> u32 {
        match self {
            Declaration::Four { .. } => 4,
            Declaration::Three { .. } | Declaration::Napoletana { .. } => 3,
        }
    }

    /// The cards the declarer must hold.
    pub fn cards(self) -> CardSet {
        match self {
            Declaration::Four { rank, .. } => Suit::ALL
                .into_iter()
                .map(|suit| Card::new(rank.rank(), suit))
                .collect(),
            Declaration::Three { rank, missing, .. } => Suit::ALL
                .into_iter()
                .filter(|suit| *suit != missing)
                .map(|suit| Card::new(rank.rank(), suit))
                .collect(),
            Declaration::Napoletana { suit, .. } => [Honour::Three, Honour::Two, Honour::Ace]
                .into_iter()
                .map(|honour| Card::new(honour.rank(), suit))
                .collect(),
        }
    }

    /// The card the declarer says it does not hold (three of a kind).
    pub fn missing(self) -> Option<Card> {
        match self {
            Declaration::Three { rank, missing, .. } => Some(Card::new(rank.rank(), missing)),
            _ => None,
        }
    }

    fn honour(self) -> Option<Honour> {
        match self {
            Declaration::Four { rank, .. } | Declaration::Three { rank, .. } => Some(rank),
            Declaration::Napoletana { .. } => None,
        }
    }
}

/// The ways of winning games outright, by what the cards show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sweep {
    /// A team took all ten tricks: 2 games.
    Cappotto,
    /// A team took every card point, the opponents some trick: 3 games.
    Stramazzo,
    /// One player took all ten tricks: 6 games.
    Cappottone,
    /// One player took every card point, the opponents some trick: 8 games.
    Stramazzone,
}

impl Sweep {
    /// Games it wins.
    pub fn games(self) -> u32 {
        match self {
            Sweep::Cappotto => 2,
            Sweep::Stramazzo => 3,
            Sweep::Cappottone => 6,
            Sweep::Stramazzone => 8,
        }
    }
}

stamped_entry! {
    /// One deal as recorded: by outcome when `tricks` is absent, card by card otherwise.
    #[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct DealEntry {
        /// The team whose card points are given (`points`), or that made the `sweep`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub team: Option<Team>,
        /// Card points of `team` in this deal, last trick included, declarations not
        /// (0-11). By outcome the other team has the rest of 11, and 11 or 0 needs the
        /// `sweep` that alone gives them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub points: Option<u32>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub declarations: Vec<Declaration>,
        /// A win of several games: by outcome with `team`; card by card it is checked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub sweep: Option<Sweep>,
        /// The seat that stopped play claiming its team had reached the target.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub claim: Option<Seat>,
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
    Played,
    /// A claim stopped the play; `correct` when the team had the target.
    Claim {
        seat: Seat,
        correct: bool,
    },
    /// Several games won at once.
    Sweep {
        sweep: Sweep,
        team: Team,
    },
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// The only team at or over the target at the end of a deal.
    Target,
    /// Both over the target at the end of a deal: the higher total.
    HigherTotal,
    Claim,
    /// The opponents claimed wrongly.
    WrongClaim,
    Cappotto,
    Stramazzo,
    Cappottone,
    Stramazzone,
}

/// One row of the score sheet: one deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DealRow {
    pub game: u32,
    pub deal: u32,
    pub dealer: Seat,
    /// Card points of team A and team B (thirds dropped).
    pub card_points: [u32; 2],
    /// Declaration points of team A and team B.
    pub declared: [u32; 2],
    /// Card points plus declarations.
    pub points: [u32; 2],
    /// Game totals after the deal.
    pub totals: [u32; 2],
    /// Tricks taken by each team, when recorded card by card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<[u8; 2]>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub declarations: Vec<Declaration>,
    pub end: DealEnd,
    /// The team that won the game with this deal, if any, and how many games.
    pub game_won: Option<Team>,
    pub games: u32,
}

/// A game won (a sweep counts several).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameWon {
    pub game: u32,
    pub winner: Team,
    pub deal: u32,
    /// Games it counts for: 1, or 2, 3, 6, 8 for a sweep.
    pub games: u32,
    pub how: GameEnd,
    pub totals: [u32; 2],
}

/// The state of a Tressette match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tressette {
    progress: MatchProgress<Options, u32, DealRow, GameWon>,
    deal: u32,
}

summary_type! {
    /// Everything a referee page shows about a Tressette match.
    TressetteSummary, sheet: DealRow {
        /// The next deal inside the game, 1-based.
        pub deal: u32,
        /// Totals of the current game (the final ones once the match is over).
        pub totals: [u32; 2],
    }
}

/// Rank order in play, strongest first: 3 2 A R C F 7 6 5 4.
const ORDER: [u8; 10] = [3, 2, 1, 13, 12, 11, 7, 6, 5, 4];

/// Strength of a rank in play: higher beats lower.
pub fn rank_strength(rank: Rank) -> u8 {
    rank.strength_in(&ORDER)
}

/// A card's value in thirds of a point: an ace 3, a 3, 2 or figure 1, the rest 0.
pub fn card_thirds(card: Card) -> u32 {
    match card.rank.value() {
        1 => 3,
        2 | 3 | 11..=13 => 1,
        _ => 0,
    }
}

/// The position of the card that takes the trick: the highest of the suit led.
pub fn trick_winner(cards: &[Card]) -> Option<usize> {
    let led = cards.first()?.suit;
    cards
        .iter()
        .enumerate()
        .filter(|(_, card)| card.suit == led)
        .max_by_key(|(_, card)| rank_strength(card.rank))
        .map(|(position, _)| position)
}

/// What the cards of one deal say.
struct CardOutcome {
    card_points: [u32; 2],
    tricks: [u8; 2],
    sweep: Option<(Sweep, Team)>,
}

impl Tressette {
    progress_accessors!(Options, totals: [u32; 2], DealRow, GameWon);

    pub fn new(options: Options, first_dealer: Seat) -> Tressette {
        Tressette {
            progress: MatchProgress::new(options, first_dealer),
            deal: 1,
        }
    }

    pub fn deal(&self) -> Deal {
        Deal {
            game: self.progress.game,
            deal: self.deal,
        }
    }

    /// Records one deal. On error nothing changes.
    pub fn apply_deal(&mut self, entry: &DealEntry) -> Result<(), RuleError> {
        self.progress.check_open::<Deal>()?;
        let deal = self.deal();
        if entry.sweep.is_some() && entry.claim.is_some() {
            return Err(RuleError::SweepAndClaim { deal });
        }
        if let Some(points) = entry.points
            && points > DEAL_POINTS
        {
            return Err(RuleError::PointsOutOfRange { deal, points });
        }
        if let (Some(seat), Some(recorded)) = (entry.claim, entry.team)
            && seat.team() != recorded
        {
            return Err(RuleError::ClaimTeamMismatch {
                deal,
                seat,
                recorded,
            });
        }
        let declared = check_declarations(deal, &entry.declarations)?;
        let (outcome, card_level) = match &entry.tricks {
            Some(tricks) => (self.check_cards(deal, entry, tricks)?, true),
            None => (outcome_only(deal, entry)?, false),
        };
        if let (Some(team), Some(recorded)) = (entry.team, entry.points) {
            let actual = outcome.card_points[team.index()];
            if actual != recorded {
                return Err(RuleError::PointsContradict {
                    deal,
                    team,
                    recorded,
                    actual,
                });
            }
        }
        if let Some(recorded) = entry.sweep {
            let team = entry.team.ok_or(RuleError::SweepTeamMissing { deal })?;
            if outcome.sweep != Some((recorded, team)) {
                return Err(RuleError::SweepContradictsCards {
                    deal,
                    recorded,
                    team,
                    actual: outcome.sweep,
                });
            }
        }

        // Everything is checked: from here on the state changes.
        let points = [0, 1].map(|team| outcome.card_points[team].saturating_add(declared[team]));
        self.progress.add_points(points);
        let (end, decided) = match (outcome.sweep, entry.claim) {
            (Some((sweep, team)), _) => {
                let how = match sweep {
                    Sweep::Cappotto => GameEnd::Cappotto,
                    Sweep::Stramazzo => GameEnd::Stramazzo,
                    Sweep::Cappottone => GameEnd::Cappottone,
                    Sweep::Stramazzone => GameEnd::Stramazzone,
                };
                (
                    DealEnd::Sweep { sweep, team },
                    Some((team, how, sweep.games())),
                )
            }
            (None, Some(seat)) => {
                let team = seat.team();
                let correct =
                    self.progress.points[team.index()] >= self.progress.options.target_points;
                let (team, how) =
                    decide_by_claim(team, correct, [GameEnd::Claim, GameEnd::WrongClaim]);
                (DealEnd::Claim { seat, correct }, Some((team, how, 1)))
            }
            (None, None) => (DealEnd::Played, self.decide_by_totals()),
        };
        self.progress.sheet.push(DealRow {
            game: self.progress.game,
            deal: self.deal,
            dealer: self.progress.dealer,
            card_points: outcome.card_points,
            declared,
            points,
            totals: self.progress.points,
            tricks: card_level.then_some(outcome.tricks),
            declarations: entry.declarations.clone(),
            end,
            game_won: decided.map(|(team, _, _)| team),
            games: decided.map_or(0, |(_, _, games)| games),
        });
        let decided = decided.map(|(team, how, games)| {
            let won = GameWon {
                game: self.progress.game,
                winner: team,
                deal: self.deal,
                games,
                how,
                totals: self.progress.points,
            };
            (team, games, won)
        });
        self.progress.end_deal_in_game(&mut self.deal, decided);
        Ok(())
    }

    /// At the end of a deal: the only team at the target wins, or the higher of two;
    /// equal totals over the target play on.
    fn decide_by_totals(&self) -> Option<(Team, GameEnd, u32)> {
        let target = self.progress.options.target_points;
        let ends = [GameEnd::Target, GameEnd::HigherTotal];
        let (team, how) = decide_by_totals(self.progress.points, target, ends)?;
        Some((team, how, 1))
    }
}

impl Game for Tressette {
    game_basics!(Tressette, TressetteSummary; Deal => apply_deal);

    fn summary(&self) -> TressetteSummary {
        summary_of!(
            self,
            TressetteSummary {
                deal: self.deal,
                totals: self.progress.points,
            }
        )
    }
}

#[cfg(test)]
mod tests;
