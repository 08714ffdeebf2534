-- Matches, their append-only log, private scoring links and assigned referees.
CREATE TABLE matches (
    id BIGSERIAL PRIMARY KEY,
    public_id TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    game TEXT NOT NULL,
    options_json TEXT NOT NULL,
    players_json TEXT NOT NULL,
    first_dealer INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 3),
    status TEXT NOT NULL CHECK (status IN ('scheduled', 'in_progress', 'finished', 'forfeit')),
    status_note TEXT,
    status_by TEXT NOT NULL,
    status_at TIMESTAMP NOT NULL,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE scoring_links (
    id BIGSERIAL PRIMARY KEY,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    token TEXT NOT NULL UNIQUE,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX scoring_links_match ON scoring_links (match_id);

CREATE TABLE match_referees (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    PRIMARY KEY (match_id, user_id)
);

CREATE TABLE match_entries (
    id BIGSERIAL PRIMARY KEY,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    seq BIGINT NOT NULL,
    entry_json TEXT NOT NULL,
    author_user_id BIGINT REFERENCES users (id),
    author_link_id BIGINT REFERENCES scoring_links (id),
    author_label TEXT NOT NULL,
    submission_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (match_id, seq),
    UNIQUE (match_id, submission_key)
);

-- The log is the truth: a row, once written, never changes.
CREATE FUNCTION match_entries_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'match entries are append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER match_entries_are_never_changed BEFORE UPDATE OR DELETE ON match_entries
    FOR EACH ROW EXECUTE FUNCTION match_entries_refuse_change();
