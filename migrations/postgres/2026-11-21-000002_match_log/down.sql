DROP TRIGGER match_entries_are_never_changed ON match_entries;
DROP FUNCTION match_entries_refuse_change();
DROP TABLE match_entries;
DROP TABLE match_referees;
DROP TABLE scoring_links;
DROP TABLE matches;
