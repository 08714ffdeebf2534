DROP TRIGGER matches_version_on_delete;
DROP TRIGGER matches_version_on_update;
DROP TRIGGER matches_version_on_insert;
DROP TRIGGER entrants_version_on_delete;
DROP TRIGGER entrants_version_on_update;
DROP TRIGGER entrants_version_on_insert;
DROP TRIGGER events_version_on_update;
ALTER TABLE events DROP COLUMN version;
