DROP TABLE rating_points;
