-- The home page's few events of each state and the archive's pages, read in day order
-- a bounded slice at a time across every club.
CREATE INDEX events_status_day ON events (status, starts_at);
CREATE INDEX events_day ON events (starts_at);
