//! Madrasso beyond its rules: its entries in a match record, their JSON Schema, and
//! what the `rules` command says of a match.

use serde_json::json;

use super::Madrasso;
use crate::lang::Msg;
use crate::rules::record::logged_game;
use crate::rules::schema::{
    EntrySchema, EntrySchemas, closed, entry, reference, trick_number, tricks,
};
use crate::rules::standing::{Next, Situation, Standing, yes_no};

logged_game!(Madrasso);

impl Standing for Madrasso {
    fn situation(&self) -> Situation {
        let deal = self.deal();
        let declare = Msg::new("cli-declaring_out").arg("allowed", yes_no(self.can_declare()));
        let next = Next::deal_of_game(deal.game, deal.deal).fact(declare);
        Situation::new(("cli-deals_played", self.sheet().len()), deal.game, next)
    }
}

impl EntrySchema for Madrasso {
    fn entry_schemas() -> EntrySchemas {
        let seat = reference("Seat");
        let team = reference("Team");
        let deal = entry(
            "deal",
            "A Madrasso deal, by outcome or card by card",
            &[],
            json!({
                "team": team,
                "points": reference("Points"),
                "cappotto": team,
                "cassone": closed(&["seat"], json!({ "seat": seat, "trick": trick_number() })),
                "declared": seat,
                "face_up": reference("Card"),
                "exchange": seat,
                "tricks": tricks(),
            }),
        );
        EntrySchemas::plays(vec![("deal", deal)])
    }
}
