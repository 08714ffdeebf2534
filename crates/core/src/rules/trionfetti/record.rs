//! Trionfetti beyond its rules: its entries in a match record, their JSON Schema, and
//! what the `rules` command says of a match.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{Setup, Trionfetti, Vagaresto};
use crate::lang::Msg;
use crate::rules::card::Card;
use crate::rules::comanda::{self, Nicknames};
use crate::rules::entry_error::EntryError;
use crate::rules::first_dealer::FirstDealerEntry;
use crate::rules::game::{Seating, Team, stamped_entry};
use crate::rules::ranking::Ranking;
use crate::rules::record::{
    Correction, GameRecord, RecordGame, ReplaceEntry, VoidEntry, apply_first_dealer,
};
use crate::rules::schema::{
    EntrySchema, EntrySchemas, closed, entry, reference, trick_number, tricks,
};
use crate::rules::standing::{Next, Situation, Standing};
use crate::rules::trick::Trick;

/// A whole Trionfetti match.
pub type MatchRecord = GameRecord<Trionfetti>;

/// One entry of a Trionfetti log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordEntry {
    /// The comanda and cut card of a smazzata (card-level recording).
    Smazzata(SmazzataEntry),
    /// A hand, by outcome or card by card.
    Hand(HandEntry),
    /// Cancels an earlier hand or smazzata entry.
    Void(VoidEntry),
    /// Puts a new hand or smazzata entry in the place of an earlier one.
    Replace(ReplaceEntry<PlayEntry>),
    /// Who deals first, before the first hand (last: older messages list the others
    /// in their order).
    FirstDealer(FirstDealerEntry),
}

/// What a Trionfetti replacement may put in place: a hand or a smazzata entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayEntry {
    Smazzata(SmazzataEntry),
    Hand(HandEntry),
}

stamped_entry! {
    /// The card-level setup of a smazzata. At least one of `comanda` and `ranking`; when
    /// both are present the ranking is what was played and the comanda is kept as said.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct SmazzataEntry {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub comanda: Option<String>,
        /// Levels of equal cards, lowest first, as card codes.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ranking: Option<Vec<Vec<Card>>>,
        pub cut: Card,
    }
}

impl SmazzataEntry {
    /// Reads the entry into the engine's setup: its explicit ranking, or its
    /// comanda read with the club's nicknames.
    pub fn setup(&self, nicknames: &Nicknames) -> Result<Setup, EntryError> {
        self.setup_in(None, nicknames)
    }

    /// [`Self::setup`] for the smazzata `smazzata`, which a refused ranking names.
    fn setup_in(&self, smazzata: Option<u32>, nicknames: &Nicknames) -> Result<Setup, EntryError> {
        let ranking = match (&self.ranking, &self.comanda) {
            (Some(levels), _) => Ranking::from_levels(levels.clone())
                .map_err(|error| EntryError::Ranking { smazzata, error })?,
            (None, Some(text)) => {
                comanda::parse(text, nicknames).map_err(|error| EntryError::Comanda {
                    text: text.clone(),
                    error: Box::new(error),
                })?
            }
            (None, None) => return Err(EntryError::NoRanking),
        };
        Ok(Setup {
            ranking,
            cut: self.cut,
            comanda: self.comanda.clone(),
        })
    }
}

stamped_entry! {
    /// A hand: by outcome (`winner`, optional `vagaresto`) or card by card (`tricks`).
    #[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct HandEntry {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub winner: Option<Team>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tricks: Option<Vec<Trick>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub vagaresto: Option<Vagaresto>,
    }
}

impl HandEntry {
    pub fn view(&self) -> super::HandView<'_> {
        super::HandView {
            winner: self.winner,
            tricks: self.tricks.as_deref(),
            vagaresto: self.vagaresto.as_ref(),
        }
    }
}

impl RecordEntry {
    /// The `type` word of the entry.
    pub fn kind(&self) -> &'static str {
        match self {
            RecordEntry::Smazzata(_) => "smazzata",
            RecordEntry::Hand(_) => "hand",
            RecordEntry::FirstDealer(_) => "first_dealer",
            RecordEntry::Void(_) => "void",
            RecordEntry::Replace(_) => "replace",
        }
    }
}

impl RecordGame for Trionfetti {
    type Players = [String; 4];
    type RecordEntry = RecordEntry;
    type EntryError = EntryError;

    fn entry_kind(entry: &RecordEntry) -> &'static str {
        entry.kind()
    }

    fn correction(entry: &RecordEntry) -> Option<Correction> {
        match entry {
            RecordEntry::Void(void) => Some(Correction::Void {
                target: void.target,
            }),
            RecordEntry::Replace(replace) => Some(Correction::Replace {
                target: replace.target,
            }),
            RecordEntry::Smazzata(_) | RecordEntry::Hand(_) | RecordEntry::FirstDealer(_) => None,
        }
    }

    fn apply_entry(
        &mut self,
        entry: &RecordEntry,
        nicknames: &Nicknames,
    ) -> Result<(), EntryError> {
        if let RecordEntry::FirstDealer(first) = entry {
            let players = self.progress.options.players();
            return apply_first_dealer(self, first, players).map_err(EntryError::FirstDealer);
        }
        let (smazzata, hand) = match entry {
            RecordEntry::Smazzata(setup) => (Some(setup), None),
            RecordEntry::Hand(hand) => (None, Some(hand)),
            RecordEntry::Replace(replace) => match &replace.entry {
                PlayEntry::Smazzata(setup) => (Some(setup), None),
                PlayEntry::Hand(hand) => (None, Some(hand)),
            },
            RecordEntry::Void(_) | RecordEntry::FirstDealer(_) => (None, None),
        };
        if let Some(setup) = smazzata {
            self.apply_setup(&setup.setup_in(Some(self.smazzata), nicknames)?)
                .map_err(EntryError::Rule)?;
        }
        if let Some(hand) = hand {
            self.apply_hand(hand.view()).map_err(EntryError::Rule)?;
        }
        Ok(())
    }
}

impl Standing for Trionfetti {
    fn situation(&self) -> Situation {
        let hand = |id| {
            Msg::new(id)
                .arg("smazzata", self.smazzata)
                .arg("hand", self.hand)
        };
        let next = Next {
            deal: hand("cli-next_hand"),
            step: hand("cli-step_hand"),
            cutter: Some(self.cutter()),
            facts: vec![Msg::new("cli-vagaresto_worth").arg("points", self.vagaresto_value())],
        };
        let played = ("cli-hands_played", self.hands_played as usize);
        Situation::new(played, self.progress.game, next)
    }
}

impl EntrySchema for Trionfetti {
    fn entry_schemas() -> EntrySchemas {
        let seat = reference("Seat");
        let card = reference("Card");
        let mut smazzata = entry(
            "smazzata",
            "The comanda (or explicit ranking) and the cut card of a smazzata recorded card by card",
            &["cut"],
            json!({
                "comanda": { "type": "string" },
                "ranking": { "type": "array", "items": { "type": "array", "items": card }, "description": "Levels of equal cards, lowest first" },
                "cut": card,
            }),
        );
        smazzata["anyOf"] = json!([{ "required": ["comanda"] }, { "required": ["ranking"] }]);
        let hand = entry(
            "hand",
            "A hand, by outcome (`winner`) or card by card (`tricks`)",
            &[],
            json!({
                "winner": reference("Team"),
                "tricks": tricks(),
                "vagaresto": closed(&["caller", "answer"], json!({
                    "caller": seat,
                    "answer": { "type": "string", "enum": ["accepted", "conceded"] },
                    "trick": trick_number(),
                    "stake": reference("Points"),
                })),
            }),
        );
        EntrySchemas::plays(vec![("smazzata", smazzata), ("hand", hand)])
    }
}
