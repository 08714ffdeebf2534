DROP INDEX entrants_player2;
DROP INDEX entrants_player1;
DROP INDEX players_name;
