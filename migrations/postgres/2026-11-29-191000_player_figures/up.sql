-- A player's figures as the player page shows them (issue 39), kept in the write that
-- changes an event's matches (as `rating_points` is) so that the page reads a page of
-- rows, not every event the player entered. Derived from the events' logs:
-- `segnapunti ratings rebuild` rewrites every row (run it once after this migration).
-- `starts_at` and `listed` are the event's, copied so that a page is one index range.

-- One row per player per drawn event: the entrant played as, the place in the event's
-- last standings table, and the matches won and lost.
CREATE TABLE player_nights (
    player_id BIGINT NOT NULL REFERENCES players (id),
    event_id BIGINT NOT NULL REFERENCES events (id),
    entrant_label TEXT NOT NULL,
    position INTEGER,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    listed BOOLEAN NOT NULL,
    PRIMARY KEY (player_id, event_id)
);
CREATE INDEX player_nights_newest ON player_nights (player_id, listed, starts_at, event_id);
CREATE INDEX player_nights_event ON player_nights (event_id);

-- One row per player per finished match: the match's key and the opposing side's names.
CREATE TABLE player_results (
    player_id BIGINT NOT NULL REFERENCES players (id),
    match_id BIGINT NOT NULL REFERENCES matches (id),
    event_id BIGINT NOT NULL REFERENCES events (id),
    match_key TEXT NOT NULL,
    opponent TEXT NOT NULL,
    won BOOLEAN NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    listed BOOLEAN NOT NULL,
    PRIMARY KEY (player_id, match_id)
);
CREATE INDEX player_results_newest ON player_results (player_id, listed, starts_at, match_id);
CREATE INDEX player_results_event ON player_results (event_id);

-- One row per player per opposing player per finished match: head to head is a GROUP BY
-- over one player's rows. `won` is 1 when the player's side won, else 0, to be summed.
CREATE TABLE player_meetings (
    player_id BIGINT NOT NULL REFERENCES players (id),
    opponent_id BIGINT NOT NULL REFERENCES players (id),
    match_id BIGINT NOT NULL REFERENCES matches (id),
    event_id BIGINT NOT NULL REFERENCES events (id),
    won INTEGER NOT NULL,
    listed BOOLEAN NOT NULL,
    PRIMARY KEY (player_id, opponent_id, match_id)
);
CREATE INDEX player_meetings_event ON player_meetings (event_id);

-- A player's ratings in one game, newest first, a bounded number at a time.
CREATE INDEX rating_points_player_game ON rating_points (player_id, game, match_id);
