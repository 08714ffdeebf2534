//! segnapunti: scores and records tournaments of Venetian and Italian card games.

pub mod accounts;
pub mod cli;
pub mod events;
pub mod lang;
pub mod rules;
pub mod scoring;
pub mod store;
pub mod tournament;
pub mod transfer;
pub mod web;
pub mod zone;
