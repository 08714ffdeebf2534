ALTER TABLE player_nights DROP COLUMN final_place;
