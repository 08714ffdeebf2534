//! The draw form: how to seed the present entrants (by hand, at random with a recorded
//! seed, by an earlier event's results or by current ratings), read from the request and handed to
//! `crate::events::draw`.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::{ManagedEvent, back, failure, refused};
use crate::events::draw;
use crate::store::events::{self as store_events, EventStatus};
use crate::tournament::{EntrantId, Seeding};
use crate::web::error::AppError;
use crate::web::i18n::Worded;
use crate::web::managed::Managed;

#[derive(Deserialize)]
pub struct DrawForm {
    #[serde(default)]
    method: String,
    /// Random: the seed (blank: a new one, recorded).
    #[serde(default)]
    seed: String,
    /// Manual: entrant numbers in seed order, separated by spaces, commas or lines.
    #[serde(default)]
    order: String,
    /// By results: the earlier event whose standings give the order.
    #[serde(default)]
    earlier: String,
}

/// Seeds the checked-in entrants and makes the draw: the first matches are created.
pub async fn draw(
    form: web::Form<DrawForm>,
    Managed(ctx, state, _, (event, club)): ManagedEvent,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang();
    if event.status() != EventStatus::Setup {
        return refused(ctx, &state, &event.public_id, "event-error_drawn").await;
    }
    let event_id = event.id;
    let entrants = state
        .read(move |connection| store_events::entrants(connection, event_id))
        .await?;
    let present = draw::present(&entrants);
    let (seeding, description) = match form.method.as_str() {
        "manual" => {
            let order: Vec<EntrantId> = form
                .order
                .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|s| !s.is_empty())
                .filter_map(|s| s.trim_start_matches('#').parse::<u32>().ok())
                .map(EntrantId)
                .collect();
            (Seeding::Manual(order), "manual".to_string())
        }
        "ranking" => {
            let earlier = form.earlier.clone();
            let current = entrants.clone();
            let club_id = club.id;
            let ranking = state
                .read(move |connection| {
                    draw::earlier_ranking(connection, club_id, &earlier, &current)
                })
                .await?;
            match ranking {
                Some((name, order)) => (Seeding::Ranking(order), format!("ranking {name}")),
                None => {
                    return refused(ctx, &state, &event.public_id, "event-error_earlier").await;
                }
            }
        }
        "rating" => {
            let (current, stored_event) = (entrants.clone(), event.clone());
            let order = state
                .read(move |connection| draw::rating_ranking(connection, &stored_event, &current))
                .await?;
            (Seeding::Ranking(order), "rating".to_string())
        }
        _ => {
            let seed = match form.seed.trim() {
                "" => u64::from(rand::random::<u32>()),
                text => match text.parse::<u64>() {
                    Ok(seed) => seed,
                    Err(_) => {
                        return refused(ctx, &state, &event.public_id, "event-error_seed").await;
                    }
                },
            };
            (Seeding::Random { seed }, format!("random {seed}"))
        }
    };
    let order = match draw::seed_order(&event, &present, &seeding)? {
        Ok(order) => order,
        Err(error) => return failure(ctx, &state, &event.public_id, error.message(lang)).await,
    };
    state
        .write(move |connection| draw::start(connection, event_id, &description, &order))
        .await?;
    Ok(back(&ctx, &event, "event-drawn"))
}
