-- Players' ratings (issue 25): one row per player of every finished match of an event,
-- with the rating it left them (`mu`, `sigma`) in that game. Derived from the match logs,
-- never the other way: `segnapunti ratings rebuild` recomputes every row from them.
-- `side` is 0 (A) or 1 (B); `won` whether that side won.
CREATE TABLE rating_points (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    event_id BIGINT NOT NULL REFERENCES events (id),
    game TEXT NOT NULL,
    side INTEGER NOT NULL,
    won BOOLEAN NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_points_game ON rating_points (game, match_id);
CREATE INDEX rating_points_player ON rating_points (player_id, match_id);
CREATE INDEX rating_points_event ON rating_points (event_id);
