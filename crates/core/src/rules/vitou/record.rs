//! Vitou beyond its rules: its entries in a match record, their JSON Schema, and what
//! the `rules` command says of a match.

use serde_json::json;

use super::Vitou;
use crate::lang::Msg;
use crate::rules::game::Game;
use crate::rules::record::logged_game;
use crate::rules::schema::{
    EntrySchema, EntrySchemas, closed, entry, reference, trick_number, tricks,
};
use crate::rules::standing::{Next, Situation, Standing, yes_no};

logged_game!(Vitou);

impl Standing for Vitou {
    fn situation(&self) -> Situation {
        let summary = self.summary();
        let bidding = Msg::new("cli-bidding").arg("open", yes_no(summary.bidding));
        let next = Next::counted(Msg::new("cli-round").arg("round", summary.round)).fact(bidding);
        Situation::new(
            ("cli-rounds_played", self.sheet().len()),
            self.progress.game,
            next,
        )
    }
}

impl EntrySchema for Vitou {
    fn entry_schemas() -> EntrySchemas {
        let seat = reference("Seat");
        let round = entry(
            "round",
            "A Vitou round, by outcome or card by card",
            &[],
            json!({
                "winner": reference("Team"),
                "tied": { "type": "boolean" },
                "tricks": tricks(),
                "bids": { "type": "array", "items": closed(&["seat", "bid"], json!({ "seat": seat, "bid": { "enum": [3, 6, 12, "baraque"] }, "trick": trick_number() })) },
                "refusal": closed(&["seat"], json!({ "seat": seat, "trick": trick_number() })),
                "declined": { "type": "boolean" },
                "all_passed": { "type": "boolean" },
                "points": reference("Points"),
            }),
        );
        EntrySchemas::plays(vec![("round", round)])
    }
}
