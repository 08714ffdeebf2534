DROP TABLE players;
DROP TABLE login_failures;
DROP TABLE invitations;
DROP TABLE app_settings;
DROP TABLE users;
