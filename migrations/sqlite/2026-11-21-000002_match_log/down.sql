DROP TRIGGER match_entries_are_never_deleted;
DROP TRIGGER match_entries_are_never_updated;
DROP TABLE match_entries;
DROP TABLE match_referees;
DROP TABLE scoring_links;
DROP TABLE matches;
