//! The integration tests, one binary: each module was a test binary of its own, and
//! every one of them linked actix, diesel and SQLite; as modules they build and link
//! once. `support` spawns the application and talks to it; fixtures stay in
//! `tests/fixtures/`. The core's own tests, and the match records the shell's tests
//! read as well, are in `crates/core/tests/`. `browser` is built only with
//! SEGNAPUNTI_TEST_BROWSER set, `pg_restart` only with SEGNAPUNTI_TEST_POSTGRES_URL
//! (build.rs sets the cfgs).

// First, so that `backend_tests!` is in scope in every module below.
#[macro_use]
mod support;

mod authz_matrix;
mod browser;
mod cli;
mod cli_demo;
mod cli_federation;
mod cli_plan;
mod comanda;
mod crash;
mod full_disk;
mod http_advancement;
mod http_api;
mod http_archive;
mod http_bounded_choices;
mod http_bracket;
mod http_event_form;
mod http_event_pages;
mod http_events;
mod http_first_dealer;
mod http_foundation;
mod http_games;
mod http_lists;
mod http_login;
mod http_look;
mod http_match_list;
mod http_night;
mod http_night_changes;
mod http_offline;
mod http_organizer_forms;
mod http_picker;
mod http_player_figures;
mod http_players;
mod http_public;
mod http_ratings;
mod http_referee;
mod http_referee_forms;
mod http_rotation;
mod http_scoring;
mod http_seasons;
mod http_streams;
mod http_substitutes;
mod http_text;
mod pg_restart;
mod query_plans;
mod record_games;
mod records;
mod reliability;
mod robustness;
mod season_tables;
mod tournament_words;
mod transfer;
