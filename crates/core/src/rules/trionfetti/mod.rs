//! Trionfetti scoring as a state machine.
//!
//! A match is a series of games to `target_points`; the first team to win
//! `games_to_win` games wins the match. A smazzata is up to four hands dealt by the
//! same dealer from one deck. Each hand is recorded either by its outcome alone or
//! card by card; both are validated here. See `docs/match-record.md` for the JSON form
//! of the entries.

mod checks;
mod error;
pub(crate) mod record;
pub mod simulate;

use serde::{Deserialize, Serialize};

pub use self::error::{Deal, LeadReason, RuleError};
use super::card::{Card, CardSet, Deck};
use super::game::{Game, Seat, Summary, Team, check_noted};
use super::play_error::{Leads, PlayError};
use super::progress::{
    MatchProgress, game_basics, progress_accessors, summary_of, summary_type, target_options,
};
use super::ranking::Ranking;
use super::trick::{Trick, winning_position};

target_options!(
    /// Match options. The defaults are the rules text's: games to 20, matches to 3 games.
    target_points: 20,
    games_to_win: 3
);

/// The answer to a vagaresto.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The opponents play on: the hand is worth the stake.
    Accepted,
    /// The opponents give up the hand: the caller's team scores 1.
    Conceded,
}

/// A vagaresto as recorded with a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vagaresto {
    /// Who called it. In a card-by-card hand the call is placed at this seat's turn in
    /// `trick`, before its card.
    pub caller: Seat,
    pub answer: Answer,
    /// The trick (1-3) in which it was called; required card by card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u8>,
    /// The stake as the referee noted it; checked against the scores when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stake: Option<u32>,
}

/// A hand as recorded, borrowed: the outcome alone when `tricks` is `None`, card by
/// card otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandView<'a> {
    pub winner: Option<Team>,
    pub tricks: Option<&'a [Trick]>,
    pub vagaresto: Option<&'a Vagaresto>,
}

/// A hand as recorded, owned.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Team>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tricks: Option<Vec<Trick>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vagaresto: Option<Vagaresto>,
}

impl Hand {
    pub fn view(&self) -> HandView<'_> {
        HandView {
            winner: self.winner,
            tricks: self.tricks.as_deref(),
            vagaresto: self.vagaresto.as_ref(),
        }
    }
}

/// The card-level setup of a smazzata: the ranking the cutter announced and the cut card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub ranking: Ranking,
    pub cut: Card,
    /// The comanda as said, kept for the score sheet; not interpreted.
    pub comanda: Option<String>,
}

/// One entry of the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Smazzata(Setup),
    Hand(Hand),
}

/// Why a smazzata ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SmazzataEnd {
    /// All four hands were played.
    FourHands,
    /// A team reached the target and won the game.
    GameWon,
    /// A hand was played under an accepted vagaresto.
    Vagaresto,
}

/// One row of the score sheet: the points of one smazzata.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SheetRow {
    pub smazzata: u32,
    /// The game (1-based) the smazzata belongs to.
    pub game: u32,
    pub dealer: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comanda: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<Card>,
    /// Points of team A and team B in this smazzata.
    pub points: [u32; 2],
    /// Hands played in it.
    pub hands: u8,
    /// The team that won the game in this smazzata, if one did (a blob on the sheet).
    pub game_won: Option<Team>,
    /// `None` while the smazzata is being played.
    pub end: Option<SmazzataEnd>,
    /// The four cards never dealt (the cut card among them), once four hands were
    /// recorded card by card in full.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undealt: Option<Vec<Card>>,
}

/// A game won: one blob on the score sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameWon {
    /// 1-based.
    pub game: u32,
    pub winner: Team,
    pub smazzata: u32,
    pub hand: u8,
    /// The points of both teams when it was won.
    pub scores: [u32; 2],
}

/// What a hand did to the match; kept for replay pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HandResult {
    pub deal: Deal,
    pub winner: Team,
    pub points: u32,
    pub vagaresto: Option<Answer>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct CardLevel {
    ranking: Ranking,
    cut: Card,
    played: Played,
}

/// The cards played so far in a smazzata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Played {
    seen: CardSet,
    /// For each card index: `hand * 4 + trick` where it was played, 0 if not yet.
    at: [u8; 52],
}

/// The state of a Trionfetti match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trionfetti {
    progress: MatchProgress<Options, u32, SheetRow, GameWon>,
    smazzata: u32,
    /// The next hand in the smazzata, 1 to 4.
    hand: u8,
    cards: Option<CardLevel>,
    hands_played: u32,
    last_hand: Option<HandResult>,
}

summary_type! {
    /// Everything a referee page shows about a Trionfetti match.
    TrionfettiSummary, sheet: SheetRow {
        /// The smazzata being played, 1-based.
        pub smazzata: u32,
        /// The next hand inside the smazzata, 1 to 4.
        pub hand: u8,
        /// Who cuts and announces the comanda for the current smazzata: the dealer's left.
        pub cutter: Option<Seat>,
        /// What an accepted vagaresto would be worth in the next hand.
        pub vagaresto_value: Option<u32>,
        /// Whether the current smazzata has a comanda and cut card recorded.
        pub card_level: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub cut: Option<Card>,
        /// Cards played so far in the current smazzata, when recorded card by card.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub played: Vec<Card>,
        pub hands_played: u32,
        pub last_hand: Option<HandResult>,
    }
}

struct Decision {
    team: Team,
    trick: u8,
    seat: Seat,
    card: Card,
}

impl Trionfetti {
    progress_accessors!(Options, scores: [u32; 2], SheetRow, GameWon);

    pub fn new(options: Options, first_dealer: Seat) -> Trionfetti {
        let mut progress = MatchProgress::new(options, first_dealer);
        progress.sheet.push(SheetRow::open(1, 1, first_dealer));
        Trionfetti {
            progress,
            smazzata: 1,
            hand: 1,
            cards: None,
            hands_played: 0,
            last_hand: None,
        }
    }

    /// The dealer's left, who cuts and announces the comanda.
    pub fn cutter(&self) -> Seat {
        self.progress.cutter()
    }

    pub fn deal(&self) -> Deal {
        Deal {
            smazzata: self.smazzata,
            hand: self.hand,
        }
    }

    /// What an accepted vagaresto is worth now: the points the leading team still needs.
    pub fn vagaresto_value(&self) -> u32 {
        let leading = self.progress.points[0].max(self.progress.points[1]);
        self.progress
            .options
            .target_points
            .saturating_sub(leading)
            .max(1)
    }

    /// The current smazzata's ranking, when recorded.
    pub fn ranking(&self) -> Option<&Ranking> {
        self.cards.as_ref().map(|cards| &cards.ranking)
    }

    /// Records the comanda (as a ranking) and the cut card of the current smazzata.
    pub fn apply_setup(&mut self, setup: &Setup) -> Result<(), RuleError> {
        self.progress.check_open::<Deal>()?;
        if self.hand != 1 {
            return Err(RuleError::SetupAfterHands { deal: self.deal() });
        }
        if self.cards.is_some() {
            return Err(RuleError::SetupTwice {
                smazzata: self.smazzata,
            });
        }
        self.cards = Some(CardLevel {
            ranking: setup.ranking.clone(),
            cut: setup.cut,
            played: Played {
                seen: CardSet::EMPTY,
                at: [0; 52],
            },
        });
        let row = self.current_row();
        row.comanda = setup.comanda.clone();
        row.cut = Some(setup.cut);
        Ok(())
    }

    /// Records one hand. On error nothing changes.
    pub fn apply_hand(&mut self, hand: HandView<'_>) -> Result<(), RuleError> {
        self.progress.check_open::<Deal>()?;
        let deal = self.deal();
        let value = self.vagaresto_value();
        if let Some(vagaresto) = hand.vagaresto {
            if let Some(trick) = vagaresto.trick
                && !(1..=3).contains(&trick)
            {
                return Err(RuleError::VagarestoTrickOutOfRange { deal, trick });
            }
            check_noted(vagaresto.stake, &value, |recorded| {
                RuleError::StakeMismatch {
                    deal,
                    recorded,
                    expected: value,
                    scores: self.progress.points,
                }
            })?;
        }
        let conceded = hand
            .vagaresto
            .filter(|vagaresto| vagaresto.answer == Answer::Conceded);
        let (winner, new_cards) = match hand.tricks {
            None => {
                let winner = match conceded {
                    Some(vagaresto) => vagaresto.caller.team(),
                    None => hand.winner.ok_or(RuleError::WinnerMissing { deal })?,
                };
                (winner, None)
            }
            Some(tricks) => {
                let (decision, cards) = self.check_tricks(deal, tricks, hand.vagaresto)?;
                match decision {
                    Some(decision) => {
                        check_noted(hand.winner, &decision.team, |recorded| {
                            RuleError::WinnerContradictsCards {
                                deal,
                                recorded,
                                actual: decision.team,
                                trick: decision.trick,
                                seat: decision.seat,
                                card: decision.card,
                            }
                        })?;
                        (decision.team, Some(cards))
                    }
                    None => (
                        conceded
                            .expect("an undecided hand was conceded")
                            .caller
                            .team(),
                        Some(cards),
                    ),
                }
            }
        };
        if let (Some(vagaresto), Some(recorded)) = (conceded, hand.winner)
            && recorded != vagaresto.caller.team()
        {
            return Err(RuleError::WinnerContradictsConcession {
                deal,
                recorded,
                caller: vagaresto.caller,
            });
        }

        // Everything is checked: from here on the state changes.
        if let (Some(played), Some(level)) = (new_cards, self.cards.as_mut()) {
            level.played = played;
        }
        let answer = hand.vagaresto.map(|vagaresto| vagaresto.answer);
        let points = match answer {
            Some(Answer::Accepted) => value,
            Some(Answer::Conceded) | None => 1,
        };
        self.score(deal, winner, points, answer);
        Ok(())
    }

    fn current_row(&mut self) -> &mut SheetRow {
        self.progress
            .sheet
            .last_mut()
            .expect("the sheet always has the current smazzata")
    }

    fn score(&mut self, deal: Deal, winner: Team, points: u32, answer: Option<Answer>) {
        let team = winner.index();
        self.progress.points[team] = self.progress.points[team].saturating_add(points);
        self.hands_played += 1;
        self.last_hand = Some(HandResult {
            deal,
            winner,
            points,
            vagaresto: answer,
        });
        let row = self.current_row();
        row.points[team] = row.points[team].saturating_add(points);
        row.hands += 1;
        let end = if self.progress.points[team] >= self.progress.options.target_points {
            let won = GameWon {
                game: self.progress.game,
                winner,
                smazzata: deal.smazzata,
                hand: deal.hand,
                scores: self.progress.points,
            };
            self.progress.record_game_won(winner, 1, won);
            self.current_row().game_won = Some(winner);
            self.progress.points = [0, 0];
            Some(SmazzataEnd::GameWon)
        } else if answer == Some(Answer::Accepted) {
            Some(SmazzataEnd::Vagaresto)
        } else if self.hand == 4 {
            Some(SmazzataEnd::FourHands)
        } else {
            None
        };
        match end {
            None => self.hand += 1,
            Some(end) => self.end_smazzata(end),
        }
    }

    fn end_smazzata(&mut self, end: SmazzataEnd) {
        let undealt = match &self.cards {
            Some(cards) if self.hand == 4 && cards.played.seen.len() == 48 => Some(
                Deck::Trevigiane52
                    .cards()
                    .filter(|card| !cards.played.seen.contains(*card))
                    .collect(),
            ),
            _ => None,
        };
        let row = self.current_row();
        row.end = Some(end);
        row.undealt = undealt;
        self.cards = None;
        if self.progress.winner.is_none() {
            self.progress.pass_deal();
            self.smazzata += 1;
            self.hand = 1;
            self.progress.sheet.push(SheetRow::open(
                self.smazzata,
                self.progress.game,
                self.progress.dealer,
            ));
        }
    }
}

impl SheetRow {
    fn open(smazzata: u32, game: u32, dealer: Seat) -> SheetRow {
        SheetRow {
            smazzata,
            game,
            dealer,
            comanda: None,
            cut: None,
            points: [0, 0],
            hands: 0,
            game_won: None,
            end: None,
            undealt: None,
        }
    }
}

impl Game for Trionfetti {
    game_basics!(Trionfetti, TrionfettiSummary);

    fn only_comanda(&self) -> bool {
        self.hands_played == 0 && self.cards.is_some()
    }

    fn apply_in_place(&mut self, entry: &Entry) -> Result<(), RuleError> {
        match entry {
            Entry::Smazzata(setup) => self.apply_setup(setup),
            Entry::Hand(hand) => self.apply_hand(hand.view()),
        }
    }

    fn summary(&self) -> TrionfettiSummary {
        let open = !self.is_over();
        summary_of!(
            self,
            TrionfettiSummary {
                smazzata: self.smazzata,
                hand: self.hand,
                cutter: open.then(|| self.cutter()),
                vagaresto_value: open.then(|| self.vagaresto_value()),
                card_level: self.cards.is_some(),
                cut: self.cards.as_ref().map(|cards| cards.cut),
                played: self
                    .cards
                    .as_ref()
                    .map(|cards| cards.played.seen.iter().collect())
                    .unwrap_or_default(),
                hands_played: self.hands_played,
                last_hand: self.last_hand,
            }
        )
    }
}

#[cfg(test)]
mod tests;
