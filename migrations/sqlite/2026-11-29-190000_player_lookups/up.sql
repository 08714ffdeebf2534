-- A match page links its players by name (`store::players::named`): without an index
-- on the name every view read the whole players table.
CREATE INDEX players_name ON players (name);
-- A player's page finds the entrants they were part of, as first or second player
-- (`store::events::entrants::entries_of_player`): without these every view read all
-- of events (SQLite, in day order) or all of entrants.
CREATE INDEX entrants_player1 ON entrants (player1_id);
CREATE INDEX entrants_player2 ON entrants (player2_id);
