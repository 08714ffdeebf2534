//! Trionfetti beyond its rules: its entries' JSON Schema, and what the `rules` command
//! says of a match.

use serde_json::json;

use super::Trionfetti;
use crate::lang::Msg;
use crate::rules::schema::{
    EntrySchema, EntrySchemas, closed, entry, reference, trick_number, tricks,
};
use crate::rules::standing::{Next, Standing};

impl Standing for Trionfetti {
    fn played(&self) -> Msg {
        Msg::new("cli-hands_played").arg("count", self.hands_played)
    }

    fn game_number(&self) -> u32 {
        self.progress.game
    }

    fn next(&self) -> Next {
        let hand = |id| {
            Msg::new(id)
                .arg("smazzata", self.smazzata)
                .arg("hand", self.hand)
        };
        Next {
            deal: hand("cli-next_hand"),
            step: hand("cli-step_hand"),
            cutter: Some(self.cutter()),
            facts: vec![Msg::new("cli-vagaresto_worth").arg("points", self.vagaresto_value())],
        }
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
        EntrySchemas {
            plays: vec![("smazzata", smazzata), ("hand", hand)],
            parts: Vec::new(),
        }
    }
}
