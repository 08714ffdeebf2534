ALTER TABLE match_entries DROP CONSTRAINT match_entries_submission_key_match_id_key;
ALTER TABLE match_entries
    ADD CONSTRAINT match_entries_match_id_submission_key_key UNIQUE (match_id, submission_key);
