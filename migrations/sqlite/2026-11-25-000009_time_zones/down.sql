ALTER TABLE events DROP COLUMN time_zone;
ALTER TABLE clubs DROP COLUMN time_zone;
