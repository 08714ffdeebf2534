//! Printable table cards: for every match to be played its table, sides and the QR code
//! of its private scoring link; a rotating night prints one card per physical table
//! and one guide card per player instead.

use askama::Template;
use askama_web::WebTemplate;

use super::ManagedEvent;
use crate::accounts;
use crate::events::view::EventView;
use crate::store::events::{self as store_events, EventRow};
use crate::store::matches;
use crate::tournament::Format;
use crate::web::context::PageContext;
use crate::web::error::AppError;
use crate::web::managed::Managed;
use crate::web::publish::MatchView;
use crate::web::publish::rounds::rounds;
use crate::web::rotation;

pub struct TableCard {
    pub table: Option<i32>,
    /// The match's key as the reader reads it.
    pub label: String,
    pub sides: [String; 2],
    /// The players of side A and side B, by name.
    pub players: [String; 2],
    pub link: String,
    pub qr_svg: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "events/cards.html")]
pub struct CardsPage {
    pub ctx: PageContext,
    pub event: EventRow,
    pub cards: Vec<TableCard>,
    /// A rotating night: one card per physical table and one per player instead.
    pub rotation: Option<rotation::RotationCards>,
}

/// Printable table cards for every match to be played: table number, teams and the QR
/// code of the private scoring link. A match without a link gets one here.
pub async fn cards(
    Managed(ctx, state, user, (event, _)): ManagedEvent,
) -> Result<CardsPage, AppError> {
    let lang = ctx.lang();
    let view = state
        .read(move |connection| EventView::load(connection, event.clone()))
        .await?;
    let playable: Vec<MatchView> = rounds(&view, lang)
        .into_iter()
        .flat_map(|r| r.matches)
        .filter(|m| m.playable && m.match_id.is_some())
        .collect();
    let ids: Vec<i64> = playable.iter().filter_map(|m| m.match_id).collect();
    let user_id = user.id;
    // A rotating night's physical tables, each with its one link for the whole night.
    let physical: Vec<i32> = match view.derived.as_ref().map(|d| &d.tournament.format) {
        Some(Format::RotatingPartners(_)) => {
            crate::events::tables::physical_tables(&view.data.matches)
        }
        _ => Vec::new(),
    };
    let event_id = view.data.event.id;
    let (tokens, table_tokens) = state
        .write(move |connection| {
            let mut table_tokens = Vec::new();
            for table in physical {
                let link = store_events::ensure_table_link(
                    connection,
                    event_id,
                    table,
                    &accounts::random_token(),
                    user_id,
                )?;
                table_tokens.push((table as u32, link.token));
            }
            let mut tokens = Vec::new();
            for id in ids {
                let link = match matches::active_link(connection, id)? {
                    Some(link) => link,
                    None => {
                        matches::issue_link(connection, id, &accounts::random_token(), user_id)?
                    }
                };
                tokens.push((id, link.token));
            }
            Ok((tokens, table_tokens))
        })
        .await?;
    let keyed = view.data.keyed();
    let mut cards: Vec<TableCard> = playable
        .into_iter()
        .filter_map(|m| {
            let token = tokens.iter().find(|(id, _)| Some(*id) == m.match_id)?;
            let link = state.link(&format!("/s/{}", token.1));
            let seats = keyed
                .get(&crate::tournament::MatchKey::new(m.key.clone()))
                .map(|r| r.players())
                .unwrap_or_default();
            let side = |first: usize| {
                seats
                    .iter()
                    .skip(first)
                    .step_by(2)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" · ")
            };
            let players = [side(0), side(1)];
            Some(TableCard {
                table: m.table,
                qr_svg: crate::web::matches::qr_svg(&link),
                link,
                label: m.label,
                sides: m.sides,
                players,
            })
        })
        .collect();
    cards.sort_by_key(|c| c.table);
    let rotation = view
        .derived
        .as_ref()
        .filter(|d| matches!(d.tournament.format, Format::RotatingPartners(_)))
        .map(|derived| {
            let link = |m: &crate::tournament::Match| {
                let id = keyed.get(&m.key)?.id;
                let (_, token) = tokens.iter().find(|(match_id, _)| *match_id == id)?;
                Some(state.link(&format!("/s/{token}")))
            };
            let mut cards = rotation::cards(&view.data, &derived.schedule.matches, &link);
            for card in &mut cards.tables {
                if let Some((_, token)) = table_tokens.iter().find(|(t, _)| *t == card.number) {
                    let link = state.link(&format!("/t/{token}"));
                    card.table_link = Some((link.clone(), crate::web::matches::qr_svg(&link)));
                }
            }
            for card in &mut cards.players {
                let page = state.link(&format!(
                    "/e/{}/p/{}",
                    view.data.event.public_id, card.number
                ));
                card.page = Some((page.clone(), crate::web::matches::qr_svg(&page)));
            }
            cards
        });
    Ok(CardsPage {
        ctx,
        event: view.data.event,
        cards,
        rotation,
    })
}
