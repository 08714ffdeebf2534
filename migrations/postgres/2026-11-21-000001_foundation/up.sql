-- Accounts, settings, invitations, login throttling and players.
CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'organizer', 'referee')),
    session_epoch BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE app_settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

CREATE TABLE invitations (
    id BIGSERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'organizer', 'referee')),
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_by BIGINT REFERENCES users (id)
);

CREATE TABLE login_failures (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username, failed_at);
CREATE INDEX login_failures_address ON login_failures (address, failed_at);

CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
