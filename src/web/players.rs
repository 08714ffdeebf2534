//! Players and their accounts: administrators (every player) and organizers (the players
//! entered in events of their clubs) find a player by name and link it to an account by
//! its username, or unlink it; an account sees its own results through "my results".
//! An account is linked to one player at most (see `store::players`).
//!
//! Paths are spelled from `crate::web` because this module is declared inside
//! `routes.rs` for now (see there).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::accounts::Role;
use crate::store::StoreError;
use crate::store::events::{self as store_events};
use crate::store::players::{
    self, ChangeRow, ChangedBy, LinkRefusal, LinkedAccount, PlayerListing, PlayerRow, Scope,
};
use crate::web::context::{Account, PageContext, SessionUser, Visit};
use crate::web::error::AppError;
use crate::web::managed::{Found, Managed};
use crate::web::paging::{PageLinks, page_and_offset};
use crate::web::{AppState, flash, redirect, refuse, render_with_status};

const STAFF: &[Role] = &[Role::Organizer];
const PAGE_SIZE: i64 = 25;
/// Link changes on one page of a player's staff page.
const HISTORY_PAGE_SIZE: i64 = 20;

/// Events on one page of a player's staff page.
pub const EVENTS_PAGE_SIZE: i64 = 20;
/// Longer searches are cut: no player name is this long.
const MAX_QUERY_CHARS: usize = 80;

impl Found for PlayerRow {
    const SEGMENT: &'static str = "id";

    /// A player an administrator manages, or an organizer of a club in one of whose
    /// events the player was entered.
    async fn find(
        state: &AppState,
        user: &SessionUser,
        player_id: String,
    ) -> Result<PlayerRow, AppError> {
        let player_id: i64 = player_id.parse().map_err(|_| AppError::NotFound)?;
        let (user_id, admin) = (user.id, user.role == Role::Admin);
        let (player, allowed) = state
            .read(move |connection| {
                let Some(player) = players::player(connection, player_id)? else {
                    return Ok((None, false));
                };
                let allowed = admin || players::in_clubs_of(connection, player_id, user_id)?;
                Ok((Some(player), allowed))
            })
            .await?;
        let player = player.ok_or(AppError::NotFound)?;
        if !allowed {
            return Err(AppError::Forbidden);
        }
        Ok(player)
    }
}

// ---------------------------------------------------------------- the list

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    q: String,
    /// Read leniently: a page that is not a number is the first.
    #[serde(default)]
    page: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "players/list.html")]
pub struct PlayerListPage {
    pub ctx: PageContext,
    pub query: String,
    pub rows: Vec<PlayerListing>,
    pub total: i64,
    pub page: i64,
    pub pages: i64,
    pub previous: Option<String>,
    pub next: Option<String>,
    /// An organizer sees the players of their clubs only, and is told so.
    pub organizer_only: bool,
}

/// How many pages a list of `total` players fills (one, even when empty).
fn page_count(total: i64) -> i64 {
    ((total + PAGE_SIZE - 1) / PAGE_SIZE).max(1)
}

fn list_url(query: &str, page: i64) -> String {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    if !query.is_empty() {
        pairs.push(("q", query.to_string()));
    }
    if page > 1 {
        pairs.push(("page", page.to_string()));
    }
    match serde_urlencoded::to_string(&pairs) {
        Ok(encoded) if !encoded.is_empty() => format!("/manage/players?{encoded}"),
        _ => "/manage/players".to_string(),
    }
}

/// Players by name, searchable and paged.
pub async fn list(
    Visit { ctx, state }: Visit,
    query: web::Query<ListQuery>,
) -> Result<PlayerListPage, AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let scope = if user.role == Role::Admin {
        Scope::All
    } else {
        Scope::OrganizerOf(user.id)
    };
    let text: String = query.q.trim().chars().take(MAX_QUERY_CHARS).collect();
    let asked = query.page.trim().parse::<i64>().unwrap_or(1).max(1);
    let search = text.clone();
    let (rows, total, page) = state
        .read(move |connection| {
            let page_of = |connection: &mut _, number: i64| {
                players::search(
                    connection,
                    scope,
                    &search,
                    (number - 1) * PAGE_SIZE,
                    PAGE_SIZE,
                )
            };
            let (rows, total) = page_of(connection, asked)?;
            let last = page_count(total);
            if asked <= last {
                return Ok((rows, total, asked));
            }
            // A page past the end (the list shrank since the link was made): the last one.
            let (rows, total) = page_of(connection, last)?;
            Ok((rows, total, last))
        })
        .await?;
    let pages = page_count(total);
    Ok(PlayerListPage {
        ctx,
        previous: (page > 1).then(|| list_url(&text, page - 1)),
        next: (page < pages).then(|| list_url(&text, page + 1)),
        query: text,
        rows,
        total,
        page,
        pages,
        organizer_only: scope != Scope::All,
    })
}

// ---------------------------------------------------------------- one player

/// An event the player was entered in, as the staff page lists it.
pub struct PlayerEvent {
    pub public_id: String,
    pub name: String,
    pub date: chrono::NaiveDate,
}

#[derive(Template, WebTemplate)]
#[template(path = "players/manage.html")]
pub struct PlayerManagePage {
    pub ctx: PageContext,
    pub player: PlayerRow,
    pub account: Option<LinkedAccount>,
    /// Usernames are shown to administrators only.
    pub show_username: bool,
    /// A page of the events the player was entered in, the newest first.
    pub events: Vec<PlayerEvent>,
    pub links: PageLinks,
    /// A page of the account links made and taken away, the newest first.
    pub changes: Vec<ChangeRow>,
    pub history_links: PageLinks,
    pub notice_key: Option<&'static str>,
    /// What a refusal names: the username typed, an account or a player.
    pub error_key: Option<&'static str>,
    pub error_detail: String,
    /// The other player an account is linked to, for a link to its page.
    pub error_player: Option<i64>,
    /// The username as typed, kept after a refusal.
    pub username: String,
}

async fn manage_page(
    ctx: PageContext,
    state: &AppState,
    user: &SessionUser,
    player: PlayerRow,
    (asked_page, asked_history): (Option<u32>, Option<u32>),
) -> Result<PlayerManagePage, AppError> {
    let (player_id, user_id, admin) = (player.id, user.id, user.role == Role::Admin);
    let (page, offset) = page_and_offset(asked_page, EVENTS_PAGE_SIZE);
    let (history_page, history_offset) = page_and_offset(asked_history, HISTORY_PAGE_SIZE);
    let (account, (events, more), (changes, more_changes)) = state
        .read(move |connection| {
            let account = players::linked_account(connection, player_id)?;
            // An organizer sees the player's events in their own clubs only.
            let organizer = (!admin).then_some(user_id);
            let (rows, more) = store_events::events_of_player(
                connection,
                player_id,
                organizer,
                offset,
                EVENTS_PAGE_SIZE,
            )?;
            let events = rows
                .into_iter()
                .map(|event| PlayerEvent {
                    public_id: event.public_id,
                    name: event.name,
                    date: event.starts_at.date(),
                })
                .collect::<Vec<_>>();
            let changes =
                players::changes_page(connection, player_id, history_offset, HISTORY_PAGE_SIZE)?;
            Ok((account, (events, more), changes))
        })
        .await?;
    let path = format!("/manage/players/{player_id}");
    // Each list's links keep the other list's page.
    let mut links = PageLinks::new(path.clone(), page).named("page", "player-events");
    links.more = more;
    let mut history_links = PageLinks::new(path, history_page).named("history", "player-history");
    history_links.more = more_changes;
    if history_page > 1 {
        links.keep("history", &history_page.to_string());
    }
    if page > 1 {
        history_links.keep("page", &page.to_string());
    }
    Ok(PlayerManagePage {
        ctx,
        player,
        account,
        show_username: admin,
        events,
        links,
        changes,
        history_links,
        notice_key: None,
        error_key: None,
        error_detail: String::new(),
        error_player: None,
        username: String::new(),
    })
}

/// The player's page's query, read leniently: a page that is not a number is the first.
#[derive(Deserialize)]
pub struct EventsQuery {
    #[serde(default)]
    page: String,
    /// The page of the link history.
    #[serde(default)]
    history: String,
}

/// The notices the player's page shows once, after a link or an unlink (see [`flash`]).
const NOTICES: &[&str] = &[
    LINKED,
    "players-unchanged_notice",
    "players-unlinked_notice",
    "players-not_linked_notice",
];

/// The notice of a new link, which names the account linked.
const LINKED: &str = "players-linked_notice";

/// The player's page, with the notice the last link or unlink left.
pub async fn manage(
    query: web::Query<EventsQuery>,
    Managed(ctx, state, user, player): Managed<PlayerRow>,
) -> Result<PlayerManagePage, AppError> {
    let notice = ctx.take_notice(NOTICES);
    let asked = (
        query.page.trim().parse().ok(),
        query.history.trim().parse().ok(),
    );
    let mut page = manage_page(ctx, &state, &user, player, asked).await?;
    // A link taken away meanwhile leaves no account to name.
    page.notice_key = notice.filter(|notice| *notice != LINKED || page.account.is_some());
    Ok(page)
}

/// Back to the player's page, which shows the notice `notice` once.
fn back(ctx: &PageContext, player_id: i64, notice: &'static str) -> HttpResponse {
    flash::redirect_with(
        ctx.session(),
        notice,
        &format!("/manage/players/{player_id}"),
    )
}

#[derive(Deserialize)]
pub struct LinkForm {
    #[serde(default)]
    username: String,
}

fn changed_by(user: &SessionUser) -> ChangedBy {
    ChangedBy {
        user_id: user.id,
        label: user.display_name.clone(),
    }
}

/// Links the player to the account of the typed username.
pub async fn link(
    form: web::Form<LinkForm>,
    Managed(ctx, state, user, player): Managed<PlayerRow>,
) -> Result<HttpResponse, AppError> {
    let player_id = player.id;
    let username: String = form.username.trim().chars().take(80).collect();
    let attempt = || {
        let (username, by) = (username.clone(), changed_by(&user));
        state.write(move |connection| players::link(connection, player_id, &username, &by))
    };
    let outcome = match attempt().await {
        // Another link was written between this one's checks and its write; asked
        // again, the checks see it and say which.
        Err(AppError::Store(StoreError::Duplicate | StoreError::Stale)) => attempt().await?,
        other => other?,
    };
    let (error_key, error_detail, error_player) = match outcome {
        Ok(linked) => {
            if linked.changed {
                tracing::info!(
                    player = player_id,
                    by = user.id,
                    "player linked to an account"
                );
            }
            let notice = if linked.changed {
                LINKED
            } else {
                "players-unchanged_notice"
            };
            return Ok(back(&ctx, player_id, notice));
        }
        Err(LinkRefusal::UnknownPlayer) => return Err(AppError::NotFound),
        Err(LinkRefusal::UnknownAccount) => {
            ("players-error_unknown_account", username.clone(), None)
        }
        Err(LinkRefusal::PlayerLinked(account)) => ("players-error_player_linked", account, None),
        Err(LinkRefusal::AccountTaken {
            player_id,
            player_name,
        }) => ("players-error_account_taken", player_name, Some(player_id)),
    };
    let mut page = manage_page(ctx, &state, &user, player, (None, None)).await?;
    page.error_key = Some(error_key);
    page.error_detail = error_detail;
    page.error_player = error_player;
    page.username = username;
    refuse(&page)
}

/// Takes the player's account link away.
pub async fn unlink(
    Managed(ctx, state, user, player): Managed<PlayerRow>,
) -> Result<HttpResponse, AppError> {
    let player_id = player.id;
    let attempt = || {
        let by = changed_by(&user);
        state.write(move |connection| players::unlink(connection, player_id, &by))
    };
    let had = match attempt().await {
        Err(AppError::Store(StoreError::Stale)) => attempt().await?,
        other => other?,
    };
    let notice = if had.is_some() {
        tracing::info!(
            player = player_id,
            by = user.id,
            "player unlinked from its account"
        );
        "players-unlinked_notice"
    } else {
        "players-not_linked_notice"
    };
    Ok(back(&ctx, player_id, notice))
}

// ---------------------------------------------------------------- my results

#[derive(Template, WebTemplate)]
#[template(path = "players/mine.html")]
pub struct MinePage {
    pub ctx: PageContext,
}

/// The visitor's own player page, or what to do while the account is not linked.
pub async fn mine(Account { ctx, state, user }: Account) -> Result<HttpResponse, AppError> {
    let user_id = user.id;
    let player = state
        .read(move |connection| players::player_of_account(connection, user_id))
        .await?;
    match player {
        Some(player) => Ok(redirect(&format!("/players/{}", player.id))),
        None => render_with_status(&MinePage { ctx }, StatusCode::OK),
    }
}
