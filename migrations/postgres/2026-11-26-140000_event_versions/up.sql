-- The version of an event: the database moves it on every change to the event, its
-- entrants or its matches, and every transaction that holds the event moves it too
-- (`store::events::hold_event`). An instance keeps what advancement derived of an event
-- only while the version is the one it derived it at (`events::Advancement`).
ALTER TABLE events ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

-- A change of the row itself (a bump sets the version already).
CREATE FUNCTION events_version_on_update() RETURNS trigger AS $$
BEGIN
    IF NEW.version = OLD.version THEN
        NEW.version := OLD.version + 1;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER events_version_on_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION events_version_on_update();

-- A change of one of its entrants or matches.
CREATE FUNCTION event_version_of_row() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.event_id IS NOT NULL THEN
        UPDATE events SET version = version + 1 WHERE id = OLD.event_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.event_id IS NOT NULL
        AND (TG_OP = 'INSERT' OR NEW.event_id IS DISTINCT FROM OLD.event_id) THEN
        UPDATE events SET version = version + 1 WHERE id = NEW.event_id;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER entrants_version AFTER INSERT OR UPDATE OR DELETE ON entrants
    FOR EACH ROW EXECUTE FUNCTION event_version_of_row();
CREATE TRIGGER matches_version AFTER INSERT OR UPDATE OR DELETE ON matches
    FOR EACH ROW EXECUTE FUNCTION event_version_of_row();
