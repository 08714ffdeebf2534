-- Sessions live in the database: the cookie carries only a random id, kept here as
-- its SHA-256, so that a logout or a password change ends every copy of the cookie
-- on every instance. Sessions used to carry the account's epoch instead.
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
ALTER TABLE users DROP COLUMN session_epoch;

-- Failed logins are counted in one row per account and address pair, so that an
-- attempt is counted, or refused past the pair's limit, by one atomic update
-- before its password is checked.
DROP TABLE login_failures;
CREATE TABLE login_attempts (
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    window_started_at TIMESTAMP NOT NULL,
    failures INTEGER NOT NULL,
    PRIMARY KEY (username, address)
);
CREATE INDEX login_attempts_address ON login_attempts (address);
CREATE INDEX login_attempts_window ON login_attempts (window_started_at);
