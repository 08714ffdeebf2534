-- The log's second unique key leads with the submission key, which the server
-- makes to begin with the time: a new entry's key lands on the index's last page
-- rather than on a page of its match's own. Same columns, same constraint.
ALTER TABLE match_entries DROP CONSTRAINT match_entries_match_id_submission_key_key;
ALTER TABLE match_entries
    ADD CONSTRAINT match_entries_submission_key_match_id_key UNIQUE (submission_key, match_id);
