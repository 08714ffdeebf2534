-- Players linked to accounts: an account is at most one player (unlinked players,
-- NULL, are never equal to each other), and every link and unlink is noted with who
-- made it. The labels keep the names as they were at the time of the change.
CREATE UNIQUE INDEX players_user ON players (user_id);

CREATE TABLE player_changes (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    action TEXT NOT NULL CHECK (action IN ('link', 'unlink')),
    account_id BIGINT NOT NULL REFERENCES users (id),
    account_label TEXT NOT NULL,
    by_user_id BIGINT NOT NULL REFERENCES users (id),
    by_label TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX player_changes_player ON player_changes (player_id, id);
