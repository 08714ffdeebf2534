-- The log's second unique key leads with the submission key instead of the match.
-- The server makes submission keys that begin with the time, so a new entry's key
-- lands on the last page of that index, shared by every entry of a commit, instead
-- of a page of its match's own: under score entry from many tables this halved the
-- pages each commit writes to the log file (and later copies into the database).
-- The constraint is the same pair of columns, so nothing it allows changes.
--
-- SQLite cannot change a table's constraints in place: the table is built again,
-- with the same ids. AUTOINCREMENT goes too: it only keeps the ids of deleted rows
-- from being used again, and rows are never deleted here, while it cost a write of
-- sqlite_sequence at every commit.
DROP TRIGGER match_entries_are_never_updated;
DROP TRIGGER match_entries_are_never_deleted;

CREATE TABLE match_entries_rebuilt (
    id INTEGER PRIMARY KEY NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches (id),
    seq BIGINT NOT NULL,
    entry_json TEXT NOT NULL,
    author_user_id BIGINT REFERENCES users (id),
    author_link_id BIGINT REFERENCES scoring_links (id),
    author_label TEXT NOT NULL,
    submission_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (match_id, seq),
    UNIQUE (submission_key, match_id)
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
