//! A club's seasons (issue 25): organizers create and edit them and choose the events
//! that count ([`manage`]); anyone reads the season table and downloads it ([`public`]).

pub mod manage;
pub mod public;

use super::AppState;
use super::context::{PageContext, SessionUser};
use super::error::AppError;
use super::managed::Found;
use crate::accounts::Role;
use crate::store::clubs::{self, Club};
use crate::store::seasons::{self, SeasonRow, SeasonSettings};

/// A season's days, "gio 12 nov 2026 – ven 12 mar 2027" (as stored if they do not read
/// as dates), for the season pages.
pub fn days_line(ctx: &PageContext, settings: &SeasonSettings) -> String {
    match settings.days() {
        Some((first, last)) => format!("{} – {}", ctx.date(first), ctx.date(last)),
        None => format!("{} – {}", settings.starts_on, settings.ends_on),
    }
}

/// A season with its club, found for one of the club's organizers.
pub struct ClubSeason {
    pub season: SeasonRow,
    pub club: Club,
}

impl Found for ClubSeason {
    const SEGMENT: &'static str = "id";

    async fn find(state: &AppState, user: &SessionUser, key: String) -> Result<Self, AppError> {
        let id: i64 = key.parse().map_err(|_| AppError::NotFound)?;
        let user_id = user.id;
        let (season, club, member) = state
            .read_found(move |connection| {
                let Some(season) = seasons::find(connection, id)? else {
                    return Ok(None);
                };
                let Some(club) = clubs::find(connection, season.club_id)? else {
                    return Ok(None);
                };
                let member = clubs::is_organizer(connection, club.id, user_id)?;
                Ok(Some((season, club, member)))
            })
            .await?;
        if user.role != Role::Admin && !member {
            return Err(AppError::Forbidden);
        }
        Ok(ClubSeason { season, club })
    }
}
