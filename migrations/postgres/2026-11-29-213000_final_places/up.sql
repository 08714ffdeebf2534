-- Each night's final place (the core's `final_places`: knockout order first, then the
-- other tables), so that a season's table is read from its nights' rows rather than by
-- replaying every night's log. Rows written before this column exist say NULL; a season
-- then reads those nights from their logs until `segnapunti ratings rebuild` fills it.
ALTER TABLE player_nights ADD COLUMN final_place INTEGER;
