//! The pure rules engine: cards, rankings, the comanda language and the games.
//!
//! Nothing here touches IO, the web, the database, the clock or randomness.

pub mod any;
pub mod card;
pub mod comanda;
pub mod descriptor;
mod entry_error;
pub mod first_dealer;
pub mod game;
pub mod json_text;
pub mod kind;
pub mod madrasso;
pub mod play_error;
mod progress;
pub mod ranking;
pub mod record;
pub mod replay;
pub mod schema;
pub mod simulate;
pub mod standing;
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;
pub mod tressette;
pub mod trick;
pub mod trijumf;
pub mod trionfetti;
pub mod vitou;
pub mod words;
