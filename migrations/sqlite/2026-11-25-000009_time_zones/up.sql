-- The time zone of a club's events (their times are wall-clock times there), and an
-- event's own when it is played elsewhere.
ALTER TABLE clubs ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Rome';
ALTER TABLE events ADD COLUMN time_zone TEXT;
