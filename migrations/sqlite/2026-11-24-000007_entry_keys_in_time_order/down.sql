DROP TRIGGER match_entries_are_never_updated;
DROP TRIGGER match_entries_are_never_deleted;

CREATE TABLE match_entries_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
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
INSERT INTO match_entries_rebuilt
    (id, match_id, seq, entry_json, author_user_id, author_link_id, author_label, submission_key, created_at)
SELECT id, match_id, seq, entry_json, author_user_id, author_link_id, author_label, submission_key, created_at
FROM match_entries ORDER BY id;
DROP TABLE match_entries;
ALTER TABLE match_entries_rebuilt RENAME TO match_entries;

CREATE TRIGGER match_entries_are_never_updated BEFORE UPDATE ON match_entries
BEGIN
    SELECT RAISE(ABORT, 'match entries are append-only');
END;
CREATE TRIGGER match_entries_are_never_deleted BEFORE DELETE ON match_entries
BEGIN
    SELECT RAISE(ABORT, 'match entries are append-only');
END;
