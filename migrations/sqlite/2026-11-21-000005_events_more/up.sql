-- Issue 5, continued: late entrants of Swiss and rotating-partners events join from a
-- round; the organizer may keep a flagged match's result as played.
ALTER TABLE entrants ADD COLUMN joined_round INTEGER;
ALTER TABLE matches ADD COLUMN kept_as_played BOOLEAN NOT NULL DEFAULT 0;
