//! The pure core of segnapunti: the rules of the five games (cards, the comanda
//! language, tricks, match records and replay) and the tournament formats.
//!
//! Nothing here reads a clock, a file, a database or a random source: callers pass
//! times, seeds and data in, so every result can be replayed and tested.

pub mod lang;
pub mod rng;
pub mod rules;
pub mod tournament;
