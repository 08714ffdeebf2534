DROP TABLE player_changes;
DROP INDEX players_user;
