-- A club's season: the nights (events) that add up to a season table, and how.
-- `scale` is `players_beaten` (a point per player finishing below) or `table` (the
-- points per place in `points_table`, numbers separated by spaces). Dates are
-- `YYYY-MM-DD` text, as the club wrote them. `closed`: the table is final and names
-- the champion.
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    name TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    ends_on TEXT NOT NULL,
    scale TEXT NOT NULL,
    points_table TEXT NOT NULL,
    best_nights INTEGER,
    min_nights INTEGER NOT NULL,
    closed BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX seasons_club ON seasons (club_id, starts_on);

CREATE TABLE season_events (
    season_id BIGINT NOT NULL REFERENCES seasons (id),
    event_id BIGINT NOT NULL REFERENCES events (id),
    PRIMARY KEY (season_id, event_id)
);
CREATE INDEX season_events_event ON season_events (event_id);
