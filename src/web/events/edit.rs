//! An event's settings edited: the form filled from the stored event, and the save,
//! which refuses what may no longer change (the game once a match has started, the
//! format after the draw), saying why.

use actix_web::{HttpResponse, web};

use super::form::{NewEventPage, basic_error, read_posted, rotating_needs_four};
use super::options::game_fieldsets;
use super::prefill::form_of;
use super::{ManagedEvent, back, refused};
use crate::events::solo_entrants;
use crate::store::events::{self as store_events, EventStatus};
use crate::tournament::Format;
use crate::web::error::AppError;
use crate::web::managed::Managed;

/// The event's form, filled in, with what may no longer change shown as fixed.
pub async fn edit_form(
    Managed(ctx, state, _, (event, club)): ManagedEvent,
) -> Result<NewEventPage, AppError> {
    let event_id = event.id;
    let started = state
        .read(move |connection| store_events::any_match_started(connection, event_id))
        .await?;
    let format = crate::events::format_of(&event)?;
    let form = form_of(&event, &format);
    let games = game_fieldsets(
        &ctx,
        Some(event.game),
        &crate::events::game_options_of(&event),
    );
    let editing = Some(event.public_id.clone());
    let locked = (event.status() != EventStatus::Setup, started);
    Ok(NewEventPage::shown(ctx, club, form, games, editing, locked))
}

/// Saves an event's settings. Name, date and time, venue and public/unlisted may always
/// change; the game and its options while no match has started; the format and its
/// options only before the draw. A change no longer allowed is refused, saying why.
pub async fn edit(
    form: web::Form<Vec<(String, String)>>,
    Managed(ctx, state, _, (event, club)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let event_id = event.id;
    let (started, entrants) = state
        .read(move |connection| {
            Ok((
                store_events::any_match_started(connection, event_id)?,
                store_events::entrants(connection, event_id)?.len(),
            ))
        })
        .await?;
    let stored_format = crate::events::format_of(&event)?;
    let stored_options = crate::events::game_options_of(&event);
    let format_locked = event.status() != EventStatus::Setup;
    let mut posted = read_posted(&ctx, &form);
    if !posted.game_posted {
        posted.form.game = event.game.name().to_string();
        posted.game = Some(event.game);
        posted.options = Ok(stored_options.clone());
    }
    if !posted.format_posted {
        posted.format = Some(stored_format.clone());
    }
    if !posted.time_zone_posted {
        posted.time_zone = Ok(event.time_zone.clone());
    }
    // A rotating-partners draw keeps its recorded seed.
    if let (Some(Format::RotatingPartners(new)), Format::RotatingPartners(old)) =
        (&mut posted.format, &stored_format)
    {
        new.seed = old.seed;
    }
    let mut error_key = basic_error(&posted);
    let mut error = None;
    if error_key.is_none() {
        let format = posted.format.clone().unwrap_or(stored_format.clone());
        match (&posted.options, posted.game) {
            (Err(message), _) => error = Some(message.clone()),
            (_, None) => {}
            (Ok(options), Some(game)) => {
                let game_changed = game != event.game || *options != stored_options;
                let old_solo = solo_entrants(&event, &stored_format);
                let new_solo = crate::events::individual(&format)
                    || crate::events::players_per_match(game, options) == 2;
                if format_locked && format != stored_format {
                    error_key = Some("event-error_format_locked");
                } else if started && game_changed {
                    error_key = Some("event-error_game_locked");
                } else if rotating_needs_four(&format, game, options) {
                    error_key = Some("event-error_rotating_two");
                } else if entrants > 0 && old_solo != new_solo {
                    error_key = Some("event-error_entrants_kind");
                }
            }
        }
    }
    let Some(valid) = posted.valid(error_key, &error)? else {
        let editing = Some(event.public_id.clone());
        let locked = (format_locked, started);
        let page = posted.refused(ctx, club, (error_key, error), editing, locked);
        return crate::web::refuse(&page);
    };
    let running = format_locked;
    let (stored_options_json, stored_game) = (event.game_options_json.clone(), event.game);
    let saved = state
        .write(move |connection| {
            // Checked again in the write: a match may have started meanwhile.
            if (valid.options_json != stored_options_json || valid.game != stored_game)
                && store_events::any_match_started(connection, event_id)?
            {
                return Ok(false);
            }
            store_events::update_settings(
                connection,
                event_id,
                &store_events::EventSettings {
                    name: &valid.name,
                    starts_at: valid.starts_at,
                    venue: &valid.venue,
                    listed: valid.listed,
                    game: valid.game,
                    game_options_json: &valid.options_json,
                    format_json: &valid.format_json,
                    time_zone: valid.time_zone.as_deref(),
                },
            )?;
            if running {
                crate::events::sync(connection, event_id)?;
            }
            Ok(true)
        })
        .await?;
    if !saved {
        return refused(ctx, &state, &event.public_id, "event-error_game_locked").await;
    }
    Ok(back(&ctx, &event, "event-edited"))
}
