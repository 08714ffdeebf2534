//! The state every game keeps alike: options, dealers, the game being played, its
//! points, the games won, the winner, the score sheet and the games decided.
//!
//! Each game embeds one [`MatchProgress`] and keeps beside it only what is its own (the
//! deal counter, the cards in play). [`progress_accessors!`] gives a game the public
//! accessors over it, [`MatchProgress::common`] builds the common [`Summary`], and
//! `summary_type!` and `summary_of!` declare and fill the fields every game's summary
//! has. The seats that lead, cut and deal next follow from the dealer and the game's
//! [`Seating`]; a game won counts towards the options' [`MatchLength`], and a deal
//! ends alike in the games that count their deals game by game, and alike in those
//! that count them over the match.

use super::game::{Seat, Seating, Summary, Team, seat_after};
use super::play_error::PlayError;

/// A match's progress, generic over the game's options, points (signed where a
/// penalty can take a total below zero), sheet rows and decided games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MatchProgress<Options, Points, Row, Won> {
    pub(crate) options: Options,
    pub(crate) first_dealer: Seat,
    /// Who deals the next hand.
    pub(crate) dealer: Seat,
    /// The game being played, 1-based (the last one once the match is over).
    pub(crate) game: u32,
    /// Points of team A and team B in the game being played.
    pub(crate) points: [Points; 2],
    pub(crate) games_won: [u32; 2],
    pub(crate) winner: Option<Team>,
    /// One row per deal (or round, or hand) of the match, oldest first.
    pub(crate) sheet: Vec<Row>,
    pub(crate) games: Vec<Won>,
}

/// A game's points: added up without overflowing, and shown in a summary with a total
/// below zero as 0.
pub(crate) trait Points: Copy {
    fn shown(self) -> u32;

    fn saturating_add(self, other: Self) -> Self;
}

impl Points for u32 {
    fn shown(self) -> u32 {
        self
    }

    fn saturating_add(self, other: u32) -> u32 {
        u32::saturating_add(self, other)
    }
}

impl Points for i32 {
    fn shown(self) -> u32 {
        self.max(0) as u32
    }

    fn saturating_add(self, other: i32) -> i32 {
        i32::saturating_add(self, other)
    }
}

impl<Options, P: Default + Points, Row, Won> MatchProgress<Options, P, Row, Won> {
    /// A match about to start: game 1, no points, `first_dealer` to deal.
    pub(crate) fn new(options: Options, first_dealer: Seat) -> Self {
        MatchProgress {
            options,
            first_dealer,
            dealer: first_dealer,
            game: 1,
            points: [P::default(); 2],
            games_won: [0, 0],
            winner: None,
            sheet: Vec::new(),
            games: Vec::new(),
        }
    }

    pub(crate) fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Refuses any entry once the match is decided.
    pub(crate) fn check_open<D>(&self) -> Result<(), PlayError<D>> {
        match self.winner {
            Some(winner) => Err(PlayError::MatchOver {
                winner,
                games_won: self.games_won,
            }),
            None => Ok(()),
        }
    }

    /// Adds a deal's points of team A and team B to the game's.
    pub(crate) fn add_points(&mut self, points: [P; 2]) {
        let [a, b] = self.points;
        self.points = [a.saturating_add(points[0]), b.saturating_add(points[1])];
    }

    /// Records a game won by `team`, counting `games` games (a sweep counts several):
    /// the team wins the match once it has the options' games to win, otherwise the
    /// next game begins. Returns whether the match goes on; the game's own counters and
    /// points are the caller's to reset.
    pub(crate) fn record_game_won(&mut self, team: Team, games: u32, won: Won) -> bool
    where
        Options: MatchLength,
    {
        self.games.push(won);
        self.games_won[team.index()] += games;
        if self.games_won[team.index()] >= self.options.games_to_win() {
            self.winner = Some(team);
            false
        } else {
            self.game += 1;
            true
        }
    }

    /// The common summary: the points of the game being played (0-0 once the match is
    /// over, none below 0), and the dealer and `leader` only while the match goes on.
    pub(crate) fn common(&self, game: &'static str, leader: Seat) -> Summary {
        let open = !self.is_over();
        Summary {
            game,
            scores: if open {
                self.points.map(Points::shown)
            } else {
                [0, 0]
            },
            games_won: self.games_won,
            over: !open,
            winner: self.winner,
            dealer: open.then_some(self.dealer),
            leader: open.then_some(leader),
        }
    }
}

impl<Options: Seating, P, Row, Won> MatchProgress<Options, P, Row, Won> {
    /// Who leads the first trick: the seat after the dealer in the order of play.
    pub(crate) fn leader(&self) -> Seat {
        seat_after(self.dealer, 1, self.options.players())
    }

    /// Who cuts: the seat before the dealer in the order of play.
    pub(crate) fn cutter(&self) -> Seat {
        let players = self.options.players();
        seat_after(self.dealer, players as usize - 1, players)
    }

    /// The deal passes to the next seat in the order of play: the one that led.
    pub(crate) fn pass_deal(&mut self) {
        self.dealer = self.leader();
    }
}

/// What a game's options say of the match's length: the games that win it.
pub(crate) trait MatchLength {
    fn games_to_win(&self) -> u32;
}

/// The end of a deal, in the two ways games count their deals.
impl<Options: Seating + MatchLength, P: Default + Points, Row, Won>
    MatchProgress<Options, P, Row, Won>
{
    /// Ends a deal of a game that counts its deals game by game (Madrasso, Tressette):
    /// the deal passes on and `deal` becomes the next of the game or, once `decided`
    /// gives the game to a team (counting some games, with its record), deal 1 of the
    /// next game from 0-0. The final totals stay on show once the match is won.
    pub(crate) fn end_deal_in_game(&mut self, deal: &mut u32, decided: Option<(Team, u32, Won)>) {
        self.pass_deal();
        match decided {
            None => *deal += 1,
            Some((team, games, won)) => {
                if self.record_game_won(team, games, won) {
                    *deal = 1;
                    self.points = [P::default(); 2];
                }
            }
        }
    }

    /// Ends a deal (a round in Vitou) of a game that counts its deals over the whole
    /// match (Trijumf, Vitou): once `decided` gives the game to a team (with its
    /// record) the points start again from 0-0, also when that wins the match; `deal`
    /// becomes the next and the deal passes on.
    pub(crate) fn end_deal_in_match(&mut self, deal: &mut u32, decided: Option<(Team, Won)>) {
        if let Some((team, won)) = decided {
            self.record_game_won(team, 1, won);
            self.points = [P::default(); 2];
        }
        *deal += 1;
        self.pass_deal();
    }
}

/// The `Options` of a game that has no others than its target and the games that win
/// the match (Tressette, Trionfetti), with their defaults:
/// `target_options!(/// docs  target_points: 21, games_to_win: 1)`.
macro_rules! target_options {
    ($(#[$doc:meta])* target_points: $target:literal, games_to_win: $games:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct Options {
            /// Points that win a game.
            pub target_points: u32,
            /// Games that win the match.
            pub games_to_win: u32,
        }

        impl $crate::rules::game::Seating for Options {}

        impl $crate::rules::progress::MatchLength for Options {
            fn games_to_win(&self) -> u32 {
                self.games_to_win
            }
        }

        impl Default for Options {
            fn default() -> Options {
                Options {
                    target_points: $target,
                    games_to_win: $games,
                }
            }
        }
    };
}
pub(crate) use target_options;

/// The team the totals `[a, b]` give the game to, at the end of a deal, and how in the
/// game's own `[reached, higher]` words: the only team at or over `target` (reached),
/// or the higher of two such totals; equal totals over it play on.
pub(crate) fn decide_by_totals<P: Ord, E>(
    [a, b]: [P; 2],
    target: P,
    [reached, higher]: [E; 2],
) -> Option<(Team, E)> {
    match (a >= target, b >= target) {
        (true, false) => Some((Team::A, reached)),
        (false, true) => Some((Team::B, reached)),
        (true, true) if a > b => Some((Team::A, higher)),
        (true, true) if b > a => Some((Team::B, higher)),
        _ => None,
    }
}

/// The public accessors of a game over its `progress` field, written once for all
/// games: `progress_accessors!(Options, totals: [i32; 2], DealRow, GameWon)` names the
/// game's options type, the name and type of its points, its sheet row and game won.
macro_rules! progress_accessors {
    ($options:ty, $points_name:ident: $points:ty, $row:ty, $won:ty) => {
        pub fn options(&self) -> $options {
            self.progress.options
        }

        pub fn first_dealer(&self) -> Seat {
            self.progress.first_dealer
        }

        /// Who deals the next hand.
        pub fn dealer(&self) -> Seat {
            self.progress.dealer
        }

        /// Who leads the first trick: the seat after the dealer in the order of play
        /// (the dealer's right where play goes anticlockwise, its left in Trijumf and
        /// Vitou).
        pub fn leader(&self) -> Seat {
            self.progress.leader()
        }

        /// Points of team A and team B in the game being played.
        pub fn $points_name(&self) -> $points {
            self.progress.points
        }

        pub fn games_won(&self) -> [u32; 2] {
            self.progress.games_won
        }

        pub fn winner(&self) -> Option<Team> {
            self.progress.winner
        }

        pub fn is_over(&self) -> bool {
            self.progress.is_over()
        }

        /// The score sheet, oldest row first.
        pub fn sheet(&self) -> &[$row] {
            &self.progress.sheet
        }

        pub fn games(&self) -> &[$won] {
            &self.progress.games
        }
    };
}
pub(crate) use progress_accessors;

/// The lines of a game's `Game` impl that every game writes alike: its kind and types,
/// `new` through its own `new`, and `common` through its `progress` and `leader()`.
/// `game_basics!(Madrasso, MadrassoSummary; Deal => apply_deal)` names the game's kind
/// and summary type, and may name for each variant of its entry the method applying it.
macro_rules! game_basics {
    ($kind:ident, $summary:ty $(; $($variant:ident => $apply:ident),+)?) => {
        const KIND: $crate::rules::kind::GameKind = $crate::rules::kind::GameKind::$kind;
        type Options = Options;
        type Entry = Entry;
        type Error = RuleError;
        type Summary = $summary;

        fn new(options: Options, first_dealer: Seat) -> Self {
            Self::new(options, first_dealer)
        }

        fn common(&self) -> Summary {
            self.progress.common(Self::NAME, self.leader())
        }

        fn restarted(&self, first_dealer: Seat) -> Option<Self> {
            let options = self.progress.options;
            let fresh = Self::new(options, self.progress.first_dealer);
            (*self == fresh).then(|| Self::new(options, first_dealer))
        }

        $(
            fn apply_in_place(&mut self, entry: &Entry) -> Result<(), RuleError> {
                match entry {
                    $(Entry::$variant(inner) => self.$apply(inner),)+
                }
            }
        )?
    };
}
pub(crate) use game_basics;

/// A game's summary type with the fields every game's summary has, which
/// [`summary_of!`] fills: the common summary (flattened), the options and the game's
/// number, then the game's own fields, then the sheet of `$row`s and the games won.
/// `summary_type! { MadrassoSummary, sheet: DealRow { pub deal: u32, … } }`, with docs.
macro_rules! summary_type {
    ($(#[$doc:meta])* $summary:ident, sheet: $row:ty {
        $($(#[$field_doc:meta])* pub $field:ident: $type:ty,)*
    }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
        pub struct $summary {
            #[serde(flatten)]
            pub common: Summary,
            pub options: Options,
            /// The game being played, 1-based (the last one once the match is over).
            pub game_number: u32,
            $($(#[$field_doc])* pub $field: $type,)*
            /// The score sheet, oldest row first (in Trionfetti the smazzata being
            /// played is the last).
            pub sheet: Vec<$row>,
            /// The games won so far, in order.
            pub games: Vec<GameWon>,
        }
    };
}
pub(crate) use summary_type;

/// A game's summary with the fields every game's summary has (the common summary, the
/// options, the game's number, the sheet and the games won) filled from its `progress`:
/// `summary_of!(self, MadrassoSummary { deal: self.deal, … })` gives the game's own.
macro_rules! summary_of {
    ($game:expr, $summary:ident { $($field:ident: $value:expr),* $(,)? }) => {
        $summary {
            common: $game.common(),
            options: $game.progress.options,
            game_number: $game.progress.game,
            sheet: $game.progress.sheet.clone(),
            games: $game.progress.games.clone(),
            $($field: $value,)*
        }
    };
}
pub(crate) use summary_of;
