//! Clubs: administrators create them and name their organizers; a club's organizers keep
//! its comanda nicknames (the dictionary the referee pages use for the club's events).
//! The public list of a club's events lives here too.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::assignment::{AssignmentForm, Candidates, Change, UNKNOWN_USERNAME, assign, candidates};
use super::club_directory::DirectoryQuery;
use super::context::{PageContext, SessionUser, Visit};
use super::error::AppError;
use super::managed::{Found, Managed};
use super::paging::{PageLinks, page_and_offset};
use super::{AppState, flash, redirect, refuse, render_with_status};
use crate::accounts::Role;
use crate::rules::comanda::{self, Nicknames};
use crate::store::clubs::{self, Club, ClubFilter, NicknameRow};
use crate::store::events::{self, EventRow, EventStatus};
use crate::store::{DbConnection, StoreError, StoreResult};
use crate::web::i18n::{Tr, Worded};

const STAFF: &[Role] = &[Role::Organizer];

impl Found for Club {
    const SEGMENT: &'static str = "slug";

    /// A club its organizers manage.
    async fn find(state: &AppState, user: &SessionUser, slug: String) -> Result<Club, AppError> {
        let user_id = user.id;
        let (club, member) = state
            .read(move |connection| {
                let Some(club) = clubs::find_by_slug(connection, &slug)? else {
                    return Ok((None, false));
                };
                let member = clubs::is_organizer(connection, club.id, user_id)?;
                Ok((Some(club), member))
            })
            .await?;
        let club = club.ok_or(AppError::NotFound)?;
        if user.role != Role::Admin && !member {
            return Err(AppError::Forbidden);
        }
        Ok(club)
    }
}

/// A slug from a name: lower-case letters, digits and dashes, every letter written
/// in ASCII ("Štandrež" gives "standrez").
pub fn slugify(name: &str) -> String {
    let mut slug = String::new();
    for c in deunicode::deunicode(name.trim())
        .to_ascii_lowercase()
        .chars()
    {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').chars().take(40).collect()
}

// ---------------------------------------------------------------- list and create

#[derive(Template, WebTemplate)]
#[template(path = "clubs/list.html")]
pub struct ClubListPage {
    pub ctx: PageContext,
    /// A page of the clubs the account manages (every club for an administrator).
    pub clubs: Vec<Club>,
    pub links: PageLinks,
    /// The name filter as searched.
    pub filter: String,
    pub error_key: Option<&'static str>,
    pub name: String,
}

/// Clubs on one page of the organizers' list.
pub const LIST_PAGE_SIZE: i64 = 30;

async fn list_page(
    ctx: PageContext,
    state: &AppState,
    query: &DirectoryQuery,
) -> Result<ClubListPage, AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let filter = ClubFilter {
        name: query.name(),
        organizer: (user.role != Role::Admin).then_some(user.id),
    };
    let (page, offset) = page_and_offset(query.page.trim().parse().ok(), LIST_PAGE_SIZE);
    let read = filter.clone();
    let (clubs, more) = state
        .read(move |connection| clubs::page(connection, &read, offset, LIST_PAGE_SIZE))
        .await?;
    let mut links = PageLinks::new("/manage/clubs", page);
    links.more = more;
    if !filter.name.is_empty() {
        links.keep("name", &filter.name);
    }
    Ok(ClubListPage {
        ctx,
        clubs,
        links,
        filter: filter.name,
        error_key: None,
        name: String::new(),
    })
}

/// The clubs the account manages, by name, a page at a time (the directory's query).
pub async fn list(
    ctx: PageContext,
    state: web::Data<AppState>,
    query: web::Query<DirectoryQuery>,
) -> Result<ClubListPage, AppError> {
    list_page(ctx, &state, &query).await
}

/// The list again with the new club's name as typed and why it was refused.
async fn refused_name(
    ctx: PageContext,
    state: &AppState,
    name: String,
    error_key: &'static str,
) -> Result<HttpResponse, AppError> {
    let mut page = list_page(ctx, state, &DirectoryQuery::default()).await?;
    page.error_key = Some(error_key);
    page.name = name;
    refuse(&page)
}

#[derive(Deserialize)]
pub struct NewClubForm {
    #[serde(default)]
    name: String,
}

pub async fn create(
    Visit { ctx, state }: Visit,
    form: web::Form<NewClubForm>,
) -> Result<HttpResponse, AppError> {
    ctx.require_role(&[Role::Admin])?;
    let name = form.name.trim().to_string();
    let slug = slugify(&name);
    if name.is_empty() || name.chars().count() > 80 || slug.len() < 2 {
        return refused_name(ctx, &state, name, "club-error_name").await;
    }
    let (name_copy, slug_copy) = (name.clone(), slug.clone());
    let created = state
        .write(move |connection| clubs::create(connection, &slug_copy, &name_copy))
        .await;
    match created {
        Ok(club) => Ok(redirect(&format!("/manage/clubs/{}", club.slug))),
        Err(AppError::Store(StoreError::Duplicate)) => {
            refused_name(ctx, &state, name, "club-error_taken").await
        }
        Err(other) => Err(other),
    }
}

// ---------------------------------------------------------------- one club

/// A nickname with what it expands to.
pub struct NicknameView {
    pub name: String,
    pub expansion: String,
    /// The order the nickname alone gives, or why it is only part of a comanda.
    pub preview: String,
    pub complete: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "clubs/manage.html")]
pub struct ClubPage {
    pub ctx: PageContext,
    pub club: Club,
    pub organizers: Vec<(i64, String)>,
    pub candidates: Candidates,
    pub nicknames: Vec<NicknameView>,
    /// A page of the club's events, the latest first.
    pub events: Vec<EventRow>,
    pub event_links: PageLinks,
    /// The nickname form as typed (previous name, name, expansion).
    pub draft: NicknameForm,
    pub draft_preview: Option<(bool, String)>,
    pub notice_key: Option<&'static str>,
    pub error: Option<String>,
}

impl ClubPage {
    /// The time zones a club may choose.
    pub fn zones(&self) -> Vec<&'static str> {
        crate::zone::choices()
    }
}

fn nickname_views(
    rows: &[NicknameRow],
    dictionary: &Nicknames,
    lang: crate::lang::Lang,
) -> Vec<NicknameView> {
    rows.iter()
        .map(|row| {
            let (complete, preview) = preview_line(&row.name, dictionary, lang);
            NicknameView {
                name: row.name.clone(),
                expansion: row.expansion.clone(),
                preview,
                complete,
            }
        })
        .collect()
}

/// The order `text` gives with the dictionary, or the reason it does not give one.
fn preview_line(text: &str, dictionary: &Nicknames, lang: crate::lang::Lang) -> (bool, String) {
    match comanda::parse(text, dictionary) {
        Ok(ranking) => (true, Tr::new(lang).ranking_line(&ranking)),
        Err(error) => (false, error.message(lang)),
    }
}

/// Events on one page of a club's organizer page.
pub const EVENTS_PAGE_SIZE: i64 = 30;

async fn club_page(ctx: PageContext, state: &AppState, club: Club) -> Result<ClubPage, AppError> {
    club_page_at(ctx, state, club, None).await
}

/// The club's page showing the page `asked` of its events.
async fn club_page_at(
    ctx: PageContext,
    state: &AppState,
    club: Club,
    asked: Option<u32>,
) -> Result<ClubPage, AppError> {
    let club_id = club.id;
    let (page, offset) = page_and_offset(asked, EVENTS_PAGE_SIZE);
    let (organizers, candidates, rows, dictionary, (events, more)) = state
        .read(move |connection| {
            let organizers = clubs::organizers(connection, club_id)?;
            let candidates = candidates(connection, Role::Organizer, &organizers)?;
            let rows = clubs::nickname_rows(connection, club_id)?;
            let dictionary = clubs::dictionary(connection, club_id)?;
            let events = events::page_of_club(connection, club_id, offset, EVENTS_PAGE_SIZE)?;
            Ok((organizers, candidates, rows, dictionary, events))
        })
        .await?;
    let nicknames = nickname_views(&rows, &dictionary, ctx.lang());
    let mut event_links = PageLinks::new(format!("/manage/clubs/{}", club.slug), page);
    event_links.more = more;
    Ok(ClubPage {
        ctx,
        club,
        organizers,
        candidates,
        nicknames,
        events,
        event_links,
        draft: NicknameForm::default(),
        draft_preview: None,
        notice_key: None,
        error: None,
    })
}

/// The notices the club's page shows once, after a saved form (see [`flash`]).
const NOTICES: &[&str] = &[
    "club-organizers_saved",
    "club-nickname_saved",
    "club-nickname_removed",
    "club-time_zone_saved",
    UNKNOWN_USERNAME,
];

/// The club's page, with the notice the last saved form left.
pub async fn manage(
    query: web::Query<DirectoryQuery>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<ClubPage, AppError> {
    let notice = ctx.take_notice(NOTICES);
    let asked = query.page.trim().parse().ok();
    let mut page = club_page_at(ctx, &state, club, asked).await?;
    page.notice_key = notice;
    Ok(page)
}

/// The club's page refusing a form: `message` says why; `draft` keeps the nickname
/// form as typed (empty for the other forms).
async fn refused(
    ctx: PageContext,
    state: &AppState,
    club: Club,
    message: String,
    draft: NicknameForm,
) -> Result<HttpResponse, AppError> {
    let mut page = club_page(ctx, state, club).await?;
    page.error = Some(message);
    page.draft = draft;
    refuse(&page)
}

/// Back to the club's page, which shows the notice `notice` once.
fn back(ctx: &PageContext, club: &Club, notice: &'static str) -> HttpResponse {
    flash::redirect_with(
        ctx.session(),
        notice,
        &format!("/manage/clubs/{}", club.slug),
    )
}

/// Administrators name a club's organizers.
pub async fn organizers(
    form: web::Form<AssignmentForm>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    ctx.require_role(&[Role::Admin])?;
    let changes = (
        clubs::add_organizer as Change,
        clubs::remove_organizer as Change,
    );
    let notice = match assign(&state, &form, Role::Organizer, club.id, changes).await? {
        true => "club-organizers_saved",
        false => UNKNOWN_USERNAME,
    };
    Ok(back(&ctx, &club, notice))
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct NicknameForm {
    /// The name before an edit; empty for a new nickname.
    #[serde(default)]
    pub previous: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub expansion: String,
    /// `preview` shows what the expansion gives without saving.
    #[serde(default)]
    pub action: String,
}

/// Adds or edits a nickname (or previews it: `action=preview`).
pub async fn save_nickname(
    form: web::Form<NicknameForm>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let lang = ctx.lang();
    let too_long = form.name.chars().count() > 40 || form.expansion.chars().count() > 300;
    if form.action == "preview" || too_long {
        let club_id = club.id;
        let mut page = club_page(ctx, &state, club).await?;
        let mut dictionary = state
            .read(move |connection| clubs::dictionary(connection, club_id))
            .await?;
        let preview = match dictionary.insert(&form.name, &form.expansion) {
            Ok(()) => preview_line(&form.name, &dictionary, lang),
            Err(error) => (false, error.message(lang)),
        };
        if too_long {
            page.error = Some(page.ctx.t("club-error_nickname_long").to_string());
        }
        page.draft_preview = Some(preview);
        page.draft = form;
        let status = if too_long {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        };
        return render_with_status(&page, status);
    }
    let club_id = club.id;
    let (previous, name, expansion) = (
        form.previous.trim().to_string(),
        form.name.clone(),
        form.expansion.clone(),
    );
    let outcome = state
        .write(move |connection| {
            clubs::save_nickname(
                connection,
                club_id,
                (!previous.is_empty()).then_some(previous.as_str()),
                &name,
                &expansion,
            )
        })
        .await?;
    match outcome {
        Ok(()) => Ok(back(&ctx, &club, "club-nickname_saved")),
        Err(error) => refused(ctx, &state, club, error.message(lang), form).await,
    }
}

#[derive(Deserialize)]
pub struct TimeZoneForm {
    #[serde(default)]
    time_zone: String,
}

/// Sets the time zone of the club's events (each may still have one of its own).
pub async fn time_zone(
    form: web::Form<TimeZoneForm>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    let Some(zone) = crate::zone::parse(form.time_zone.trim()) else {
        let message = ctx.t("event-error_time_zone").to_string();
        return refused(ctx, &state, club, message, NicknameForm::default()).await;
    };
    let club_id = club.id;
    state
        .write(move |connection| clubs::set_time_zone(connection, club_id, zone.name()))
        .await?;
    Ok(back(&ctx, &club, "club-time_zone_saved"))
}

#[derive(Deserialize)]
pub struct RemoveNicknameForm {
    name: String,
}

pub async fn remove_nickname(
    form: web::Form<RemoveNicknameForm>,
    Managed(ctx, state, _, club): Managed<Club>,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang();
    let club_id = club.id;
    let name = form.name.clone();
    let outcome = state
        .write(move |connection| clubs::remove_nickname(connection, club_id, &name))
        .await?;
    match outcome {
        Ok(()) => Ok(back(&ctx, &club, "club-nickname_removed")),
        Err(error) => {
            let message = error.message(lang);
            refused(ctx, &state, club, message, NicknameForm::default()).await
        }
    }
}

/// Reads the club `slug` names and, through `then`, what a public page shows of it:
/// `NotFound` when there is no such club, or when `then` finds nothing.
pub(super) async fn read_club<T: Send + 'static>(
    state: &AppState,
    slug: String,
    mut then: impl FnMut(&mut DbConnection, Club) -> StoreResult<Option<T>> + Send + 'static,
) -> Result<T, AppError> {
    state
        .read_found(
            move |connection| match clubs::find_by_slug(connection, &slug)? {
                Some(club) => then(connection, club),
                None => Ok(None),
            },
        )
        .await
}

#[derive(Deserialize)]
pub struct ComandaQuery {
    #[serde(default)]
    pub text: String,
}

/// The order a comanda gives with the club's nicknames (the nickname form's live preview):
/// `{"line": …}` or `{"error": …}`.
pub async fn comanda_preview(
    Visit { ctx, state }: Visit,
    slug: web::Path<String>,
    query: web::Query<ComandaQuery>,
) -> Result<HttpResponse, AppError> {
    let dictionary = read_club(&state, slug.into_inner(), |connection, club| {
        Ok(Some(clubs::dictionary(connection, club.id)?))
    })
    .await?;
    Ok(preview_json(&ctx, &query.text, &dictionary))
}

pub(super) fn preview_json(ctx: &PageContext, text: &str, dictionary: &Nicknames) -> HttpResponse {
    let lang = ctx.lang();
    let text: String = text.chars().take(500).collect();
    // A referee's field also takes explicit rankings; a nickname's never holds one.
    let body = match comanda::read(&text, dictionary).map(|(ranking, _)| ranking) {
        Ok(ranking) => serde_json::json!({
            "line": ctx.tr.ranking_line(&ranking),
            "levels": ranking.level_codes(),
            "names": crate::web::cards::level_names(&ranking, lang),
        }),
        Err(error) => serde_json::json!({ "error": error.message(lang) }),
    };
    HttpResponse::Ok()
        .content_type("application/json")
        .body(body.to_string())
}

// ---------------------------------------------------------------- public list

#[derive(Template, WebTemplate)]
#[template(path = "clubs/public.html")]
pub struct ClubEventsPage {
    pub ctx: PageContext,
    pub club: Club,
    /// The whole address of the club's calendar, for a calendar app to subscribe to.
    pub calendar_url: String,
    pub events: ClubEvents,
}

/// A club's listed events (unlisted ones left out) by state, each list capped: the
/// archive (`/events?club=…`) has the rest.
pub struct ClubEvents {
    /// Not drawn yet, the soonest first.
    pub upcoming: Vec<EventRow>,
    pub live: Vec<EventRow>,
    /// The latest first.
    pub past: Vec<EventRow>,
    /// Some list was cut at its cap.
    pub more: bool,
}

/// Events of each state a club's page shows at most.
pub const CLUB_EVENTS_SHOWN: i64 = 20;

impl ClubEvents {
    /// Each list read as a bounded slice, one row more than shown to tell whether more
    /// follow.
    pub fn read(connection: &mut DbConnection, club_id: i64) -> StoreResult<ClubEvents> {
        let mut more = false;
        let mut read = |status| -> StoreResult<Vec<EventRow>> {
            let rows =
                events::of_club_in_status(connection, club_id, status, CLUB_EVENTS_SHOWN + 1)?;
            let (rows, cut) = crate::store::page_of(rows, CLUB_EVENTS_SHOWN);
            more |= cut;
            Ok(rows)
        };
        let upcoming = read(EventStatus::Setup)?;
        let live = read(EventStatus::Running)?;
        let past = read(EventStatus::Finished)?;
        Ok(ClubEvents {
            upcoming,
            live,
            past,
            more,
        })
    }
}

/// The club's public events: live, upcoming (not drawn yet) and the latest finished,
/// with a link to the archive for the rest. Unlisted events are left out.
pub async fn public_list(
    Visit { ctx, state }: Visit,
    slug: web::Path<String>,
) -> Result<ClubEventsPage, AppError> {
    let (club, events) = read_club(&state, slug.into_inner(), |connection, club| {
        let events = ClubEvents::read(connection, club.id)?;
        Ok(Some((club, events)))
    })
    .await?;
    Ok(ClubEventsPage {
        ctx,
        calendar_url: state.link(&format!("/clubs/{}/calendar.ics", club.slug)),
        club,
        events,
    })
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs_are_plain() {
        assert_eq!(slugify("Scuola di Trionfetti"), "scuola-di-trionfetti");
        assert_eq!(slugify("  Circolo «Bepi» è qui!  "), "circolo-bepi-e-qui");
        assert_eq!(slugify("!!"), "");
        // Letters beyond Italian's keep their sound, not a gap.
        assert_eq!(slugify("Circolo Štandrež"), "circolo-standrez");
        assert_eq!(slugify("Città di Gorizia / Görz"), "citta-di-gorizia-gorz");
        assert_eq!(slugify("Ñandú Œuvre"), "nandu-oeuvre");
    }
}
