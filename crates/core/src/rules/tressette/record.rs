//! Tressette beyond its rules: its entries in a match record, their JSON Schema, and
//! what the `rules` command says of a match.

use serde_json::json;

use super::Tressette;
use crate::rules::record::logged_game;
use crate::rules::schema::{EntrySchema, EntrySchemas, closed, entry, reference, tricks};
use crate::rules::standing::{Next, Situation, Standing};

logged_game!(Tressette);

impl Standing for Tressette {
    fn situation(&self) -> Situation {
        let deal = self.deal();
        let next = Next::deal_of_game(deal.game, deal.deal);
        Situation::new(("cli-deals_played", self.sheet().len()), deal.game, next)
    }
}

impl EntrySchema for Tressette {
    fn entry_schemas() -> EntrySchemas {
        let seat = reference("Seat");
        let suit = reference("Suit");
        let rank = json!({ "type": "string", "enum": ["3", "2", "1"] });
        let declaration = json!({
            "description": "A declaration: four of a rank, three of a rank missing a suit, or a napoletana",
            "oneOf": [
                closed(&["combo", "seat", "rank"], json!({ "combo": { "const": "four" }, "seat": seat, "rank": rank })),
                closed(&["combo", "seat", "rank", "missing"], json!({ "combo": { "const": "three" }, "seat": seat, "rank": rank, "missing": suit })),
                closed(&["combo", "seat", "suit"], json!({ "combo": { "const": "napoletana" }, "seat": seat, "suit": suit })),
            ],
        });
        let deal = entry(
            "deal",
            "A Tressette deal, by outcome or card by card",
            &[],
            json!({
                "team": reference("Team"),
                "points": reference("Points"),
                "declarations": { "type": "array", "items": reference("TressetteDeclaration") },
                "sweep": { "type": "string", "enum": ["cappotto", "stramazzo", "cappottone", "stramazzone"] },
                "claim": seat,
                "tricks": tricks(),
            }),
        );
        EntrySchemas {
            plays: vec![("deal", deal)],
            parts: vec![("TressetteDeclaration", declaration)],
        }
    }
}
