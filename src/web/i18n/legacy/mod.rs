//! The catalogue before Fluent, kept for one test that compares every text.

mod core;
mod events;
mod games;
mod organizer;
mod players;
mod rotation;

/// (key, Italian, English)
pub type Entry = (&'static str, &'static str, &'static str);

pub const PARTS: &[&[Entry]] = &[
    core::ENTRIES,
    events::ENTRIES,
    games::ENTRIES,
    organizer::ENTRIES,
    players::ENTRIES,
    rotation::ENTRIES,
];
