DROP TABLE login_attempts;
CREATE TABLE login_failures (
    id BIGSERIAL PRIMARY KEY,
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username, failed_at);
CREATE INDEX login_failures_address ON login_failures (address, failed_at);
ALTER TABLE users ADD COLUMN session_epoch BIGINT NOT NULL DEFAULT 0;
DROP TABLE sessions;
