DROP TRIGGER matches_version ON matches;
DROP TRIGGER entrants_version ON entrants;
DROP FUNCTION event_version_of_row();
DROP TRIGGER events_version_on_update ON events;
DROP FUNCTION events_version_on_update();
ALTER TABLE events DROP COLUMN version;
