ALTER TABLE invitations DROP COLUMN account_id;
