-- A change of a match's state that undoes progress (back to scheduled, out of
-- finished or forfeit, a forfeit's side changed), confirmed by an organizer with a
-- reason. Like the log's corrections it is kept, never changed: who, when and why
-- (`by_user_id` is empty for a change imported from another database, as the log's
-- authors are; `by_label` keeps the name).
-- `from_state` and `to_state` are a match status, or `forfeit:A` / `forfeit:B` for
-- an event's forfeit with the side that went on.
CREATE TABLE match_state_changes (
    id BIGSERIAL PRIMARY KEY,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    from_state TEXT NOT NULL,
    to_state TEXT NOT NULL,
    reason TEXT NOT NULL,
    by_user_id BIGINT REFERENCES users (id),
    by_label TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX match_state_changes_match ON match_state_changes (match_id, id);

CREATE FUNCTION match_state_changes_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'match state changes are append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER match_state_changes_are_never_changed BEFORE UPDATE OR DELETE ON match_state_changes
    FOR EACH ROW EXECUTE FUNCTION match_state_changes_refuse_change();
