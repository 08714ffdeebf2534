-- A physical table of an event for the whole night: one link whose QR code always
-- opens the match now at that table, and the referees who look after it.
CREATE TABLE table_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES events (id),
    table_number INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, table_number)
);

CREATE TABLE table_referees (
    event_id BIGINT NOT NULL REFERENCES events (id),
    table_number INTEGER NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    PRIMARY KEY (event_id, table_number, user_id)
);
CREATE INDEX table_referees_user ON table_referees (user_id);
