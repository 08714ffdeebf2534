-- Personal tokens for the JSON API; only their hash is kept.
CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    label TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);
