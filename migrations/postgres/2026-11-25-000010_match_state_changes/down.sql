DROP TRIGGER match_state_changes_are_never_changed ON match_state_changes;
DROP FUNCTION match_state_changes_refuse_change();
DROP TABLE match_state_changes;
