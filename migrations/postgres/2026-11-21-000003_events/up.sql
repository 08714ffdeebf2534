-- Clubs with their organizers and comanda nicknames; events, entrants, and the
-- matches of an event (linked by event and tournament match key).
CREATE TABLE clubs (
    id BIGSERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE club_organizers (
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    PRIMARY KEY (club_id, user_id)
);

CREATE TABLE club_nicknames (
    id BIGSERIAL PRIMARY KEY,
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    expansion TEXT NOT NULL,
    UNIQUE (club_id, folded)
);

CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    public_id TEXT NOT NULL UNIQUE,
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    name TEXT NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    venue TEXT NOT NULL,
    game TEXT NOT NULL,
    game_options_json TEXT NOT NULL,
    format_json TEXT NOT NULL,
    listed BOOLEAN NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('setup', 'running', 'finished')),
    seeding TEXT,
    seed_order_json TEXT,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX events_club ON events (club_id, starts_at);

CREATE TABLE entrants (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    number INTEGER NOT NULL,
    label TEXT NOT NULL,
    player1_id BIGINT NOT NULL REFERENCES players (id),
    player2_id BIGINT REFERENCES players (id),
    checked_in BOOLEAN NOT NULL,
    late BOOLEAN NOT NULL,
    withdrawn_round INTEGER,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, number)
);

-- What the organizer is told after a correction re-flowed through the event.
CREATE TABLE event_notices (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    notice_json TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX event_notices_event ON event_notices (event_id);

ALTER TABLE matches ADD COLUMN event_id BIGINT REFERENCES events (id);
ALTER TABLE matches ADD COLUMN match_key TEXT;
ALTER TABLE matches ADD COLUMN table_number INTEGER;
ALTER TABLE matches ADD COLUMN sides_json TEXT;
ALTER TABLE matches ADD COLUMN forfeit_winner TEXT;
-- A superseded match keeps its event but loses its key, so the key stays unique.
CREATE UNIQUE INDEX matches_event_key ON matches (event_id, match_key);
