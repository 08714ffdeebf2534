//! What the core's tests share; the shell's tests include this module too
//! (`tests/it/support/mod.rs`), for the words and commands of the same cases.

pub mod comanda_words;
pub mod record_cases;
pub mod tournaments;
pub mod trick_games;
