//! Trijumf beyond its rules: its entries in a match record, their JSON Schema, and
//! what the `rules` command says of a match.

use serde_json::json;

use super::Trijumf;
use crate::lang::Msg;
use crate::rules::record::logged_game;
use crate::rules::schema::{
    EntrySchema, EntrySchemas, closed, entry, reference, trick_number, tricks,
};
use crate::rules::standing::{Next, Situation, Standing};

logged_game!(Trijumf);

impl Standing for Trijumf {
    fn situation(&self) -> Situation {
        let next = Next::counted(Msg::new("cli-deal").arg("deal", self.deal()));
        let played = ("cli-deals_played", self.sheet().len());
        Situation::new(played, self.progress.game, next.cutter(self.cutter()))
    }
}

impl EntrySchema for Trijumf {
    fn entry_schemas() -> EntrySchemas {
        let seat = reference("Seat");
        let card = reference("Card");
        let points = reference("Points");
        let deal = entry(
            "deal",
            "A Trijumf deal, by outcome or card by card",
            &["cut"],
            json!({
                "cut": { "type": "string", "enum": ["normal", "knock", "flip"] },
                "trump_card": card,
                "declarations": { "type": "array", "items": closed(&["seat", "suit"], json!({ "seat": seat, "suit": reference("Suit"), "points": points })) },
                "points": { "type": "array", "items": points, "minItems": 2, "maxItems": 2, "description": "Card points of side A and side B" },
                "tricks": tricks(),
                "stock": { "type": "array", "items": card },
                "claim": closed(&["seat"], json!({ "seat": seat, "correct": { "type": "boolean" } })),
                "revoke": closed(&["seat"], json!({ "seat": seat, "trick": trick_number(), "held": card })),
            }),
        );
        EntrySchemas::plays(vec![("deal", deal)])
    }
}
