-- The version of an event: the database moves it on every change to the event, its
-- entrants or its matches, and every transaction that holds the event moves it too
-- (`store::events::hold_event`). An instance keeps what advancement derived of an event
-- only while the version is the one it derived it at (`events::Advancement`).
ALTER TABLE events ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE TRIGGER events_version_on_update AFTER UPDATE ON events
WHEN NEW.version = OLD.version
BEGIN
    UPDATE events SET version = version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER entrants_version_on_insert AFTER INSERT ON entrants
BEGIN
    UPDATE events SET version = version + 1 WHERE id = NEW.event_id;
END;
CREATE TRIGGER entrants_version_on_update AFTER UPDATE ON entrants
BEGIN
    UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id);
END;
CREATE TRIGGER entrants_version_on_delete AFTER DELETE ON entrants
BEGIN
    UPDATE events SET version = version + 1 WHERE id = OLD.event_id;
END;

CREATE TRIGGER matches_version_on_insert AFTER INSERT ON matches
WHEN NEW.event_id IS NOT NULL
BEGIN
    UPDATE events SET version = version + 1 WHERE id = NEW.event_id;
END;
CREATE TRIGGER matches_version_on_update AFTER UPDATE ON matches
WHEN OLD.event_id IS NOT NULL OR NEW.event_id IS NOT NULL
BEGIN
    UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id);
END;
CREATE TRIGGER matches_version_on_delete AFTER DELETE ON matches
WHEN OLD.event_id IS NOT NULL
BEGIN
    UPDATE events SET version = version + 1 WHERE id = OLD.event_id;
END;
