//! Player names as links to their player pages (`/players/{id}`), wherever the pages
//! name players: an entrant is its players, a match side its entrants' players.
//! `templates/players/links.html` draws them.

use std::collections::HashMap;

use crate::events::EventData;
use crate::store::players::PlayerRow;
use crate::store::{DbConnection, StoreResult};
use crate::tournament::{EntrantId, Slot};

/// A player's id and name.
pub type PlayerLink = (i64, String);

/// The players of an entrant, in seat order.
pub fn of_entrant(data: &EventData, id: EntrantId) -> Vec<PlayerLink> {
    data.entrant(id)
        .map(|entrant| {
            std::iter::once(entrant.player1_id)
                .chain(entrant.player2_id)
                .map(|player| (player, data.player_name(player)))
                .collect()
        })
        .unwrap_or_default()
}

/// The players of a match's side (none while the side is still to be decided).
pub fn of_slot(data: &EventData, slot: &Slot) -> Vec<PlayerLink> {
    slot.entrants()
        .iter()
        .flat_map(|entrant| of_entrant(data, *entrant))
        .collect()
}

/// Whether a name as shown is just these players' names, so that it can be shown as
/// their links instead (a team's own name stays as it is).
pub fn is_names(shown: &str, players: &[PlayerLink]) -> bool {
    if players.is_empty() {
        return false;
    }
    let names: Vec<&str> = players.iter().map(|(_, name)| name.as_str()).collect();
    [" · ", " / ", " e ", " & ", ", "]
        .iter()
        .any(|separator| shown == names.join(separator))
}

/// The players of these names (a match's seats), by name: the first player of each name,
/// as a match names its players. Names with no player are left out.
pub fn by_names(
    connection: &mut DbConnection,
    names: &[String],
) -> StoreResult<HashMap<String, i64>> {
    let wanted: Vec<&String> = names.iter().filter(|name| !name.is_empty()).collect();
    let mut found = HashMap::new();
    for row in crate::store::players::named(connection, &wanted)? {
        let PlayerRow { id, name, .. } = row;
        found.entry(name).or_insert(id);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_made_of_the_players_names_is_shown_as_their_links() {
        let players = vec![(1, "Nane".to_string()), (2, "Gigio".to_string())];
        assert!(is_names("Nane · Gigio", &players));
        assert!(is_names("Nane / Gigio", &players));
        assert!(!is_names("I Leoni", &players));
        assert!(!is_names("Nane", &[]));
        assert!(is_names("Nane", &players[..1]));
    }
}
