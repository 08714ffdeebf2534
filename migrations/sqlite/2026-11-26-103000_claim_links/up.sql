-- An invitation may claim an existing account (the demo's accounts) instead of making one.
ALTER TABLE invitations ADD COLUMN account_id BIGINT REFERENCES users (id);
