DROP TABLE table_referees;
DROP TABLE table_links;
