ALTER TABLE matches DROP COLUMN kept_as_played;
ALTER TABLE entrants DROP COLUMN joined_round;
