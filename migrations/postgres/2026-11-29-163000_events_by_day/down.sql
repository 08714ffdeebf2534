DROP INDEX events_day;
DROP INDEX events_status_day;
