//! The core's integration tests, one binary: games played through their public API,
//! property tests, the comanda examples and the data-driven match records
//! (`tests/records/`, `tests/comanda_examples.txt`). None needs the shell, so none
//! builds actix or diesel; the shell's `tests/it` checks the words and commands.

mod support;

mod comanda;
mod madrasso_matches;
mod records;
mod tournament_brackets;
mod tournament_formats;
mod tournament_props;
mod tournament_rotation;
mod tournament_swiss;
mod tressette_matches;
mod trijumf_props;
mod trionfetti_props;
mod vitou_props;
