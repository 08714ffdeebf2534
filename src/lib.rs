//! segnapunti: scores and records tournaments of Venetian and Italian card games.

pub mod accounts;
pub mod check;
pub mod cli;
pub mod demo;
pub mod events;
pub mod player_figures;
pub mod ratings;
pub mod scoring;
pub mod seasons;
pub mod store;
pub mod text;
pub mod transfer;
pub mod web;
pub mod zone;

// The pure core lives in its own crate; the shell names it by the same paths.
pub use segnapunti_core::{lang, rng, rules, tournament};
