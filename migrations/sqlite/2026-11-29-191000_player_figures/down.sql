DROP TABLE player_meetings;
DROP TABLE player_results;
DROP TABLE player_nights;
DROP INDEX rating_points_player_game;
