//! A club's seasons (issue 25): organizers create and edit them and choose the events
//! that count ([`manage`]); anyone reads the season table and downloads it ([`public`]).

pub mod manage;
pub mod public;

use super::AppState;
use super::context::SessionUser;
use super::error::AppError;
use super::managed::Found;
use crate::accounts::Role;
use crate::store::clubs::{self, Club};
use crate::store::seasons::{self, SeasonRow};

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
