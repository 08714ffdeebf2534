//! Administration of accounts: create organizers and referees, or invite them.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::auth::{NewAccountForm, check_account_form, create_account};
use super::context::{Account, PageContext};
use super::error::AppError;
use super::paging::{PageLinks, page_and_offset};
use super::{AppState, redirect, refuse, render_with_status};
use crate::accounts::{self, Role};
use crate::store::{invitations, users};

/// The roles an administrator hands out from the web; further administrators
/// are made from the shell (`segnapunti user add --role admin`).
const ASSIGNABLE_ROLES: [Role; 2] = [Role::Organizer, Role::Referee];
const INVITATION_DAYS: i64 = 7;

/// The role a form names, if an administrator may hand it out from the web.
fn assignable(role: &str) -> Option<Role> {
    Role::parse(role).filter(|role| ASSIGNABLE_ROLES.contains(role))
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/users.html")]
pub struct UsersPage {
    pub ctx: PageContext,
    /// A page of the accounts, by username.
    pub users: Vec<users::User>,
    pub links: PageLinks,
    /// The filter as searched: a part of a username or name, and a role.
    pub filter_text: String,
    pub filter_role: Option<Role>,
    /// Every role, to filter by.
    pub all_roles: [Role; 3],
    pub open_invitations: Vec<invitations::Invitation>,
    pub roles: [Role; 2],
    pub created: Option<String>,
    pub invitation_link: Option<String>,
    pub form_username: String,
    pub form_display_name: String,
    pub form_role: Role,
    pub error_key: Option<&'static str>,
}

/// Accounts on one page of the administrators' list.
pub const PAGE_SIZE: i64 = 30;

impl UsersPage {
    /// Whether the list is filtered by `role`.
    pub fn role_chosen(&self, role: &Role) -> bool {
        self.filter_role == Some(*role)
    }

    async fn load(ctx: PageContext, state: &AppState) -> Result<UsersPage, AppError> {
        UsersPage::load_page(ctx, state, &UsersQuery::default()).await
    }

    /// The page of accounts `query` asks for, with the open invitations.
    async fn load_page(
        ctx: PageContext,
        state: &AppState,
        query: &UsersQuery,
    ) -> Result<UsersPage, AppError> {
        let filter = users::UserFilter {
            text: query.q.trim().chars().take(80).collect(),
            role: Role::parse(query.role.trim()),
        };
        let (page, offset) = page_and_offset(query.page.trim().parse().ok(), PAGE_SIZE);
        let read = filter.clone();
        let ((users, more), open_invitations) = state
            .read(move |connection| {
                Ok((
                    users::page(connection, &read, offset, PAGE_SIZE)?,
                    invitations::list_open(connection)?,
                ))
            })
            .await?;
        let mut links = PageLinks::new("/admin/users", page);
        links.more = more;
        if !filter.text.is_empty() {
            links.keep("q", &filter.text);
        }
        if let Some(role) = filter.role {
            links.keep("role", role.as_str());
        }
        Ok(UsersPage {
            ctx,
            users,
            links,
            filter_text: filter.text,
            filter_role: filter.role,
            all_roles: Role::ALL,
            open_invitations,
            roles: ASSIGNABLE_ROLES,
            created: None,
            invitation_link: None,
            form_username: String::new(),
            form_display_name: String::new(),
            form_role: Role::Referee,
            error_key: None,
        })
    }
}

/// The list's query, read leniently: a page that is not a number is the first, a role
/// that is none is no filter.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct UsersQuery {
    created: Option<String>,
    #[serde(default)]
    page: String,
    #[serde(default)]
    q: String,
    #[serde(default)]
    role: String,
}

pub async fn users(
    query: web::Query<UsersQuery>,
    Account { ctx, state, .. }: Account,
) -> Result<UsersPage, AppError> {
    ctx.require_role(&[Role::Admin])?;
    let query = query.into_inner();
    let mut page = UsersPage::load_page(ctx, &state, &query).await?;
    page.created = query.created;
    Ok(page)
}

#[derive(Deserialize)]
pub struct CreateUserForm {
    username: String,
    display_name: String,
    role: String,
    password: String,
    confirm_password: String,
}

pub async fn create_user(
    form: web::Form<CreateUserForm>,
    Account { ctx, state, .. }: Account,
) -> Result<HttpResponse, AppError> {
    ctx.require_role(&[Role::Admin])?;
    let CreateUserForm {
        username,
        display_name,
        role,
        password,
        confirm_password,
    } = form.into_inner();
    let role = assignable(&role);
    let checked = role.ok_or("error-role_invalid").and_then(|role| {
        check_account_form(NewAccountForm {
            username: username.clone(),
            display_name: display_name.clone(),
            password,
            confirm_password,
        })
        .map(|request| (role, request))
    });
    let error_key = match checked {
        Ok((role, request)) => {
            match create_account(&state, request, role, |_, _| Ok(true)).await? {
                Some(user) => {
                    tracing::info!(user = %user.username, %role, "account created by an administrator");
                    let query = serde_urlencoded::to_string([("created", &user.username)])
                        .unwrap_or_default();
                    return Ok(redirect(&format!("/admin/users?{query}")));
                }
                None => "error-username_taken",
            }
        }
        Err(key) => key,
    };
    let mut page = UsersPage::load(ctx, &state).await?;
    page.form_username = username;
    page.form_display_name = display_name;
    page.form_role = role.unwrap_or(Role::Referee);
    page.error_key = Some(error_key);
    refuse(&page)
}

#[derive(Deserialize)]
pub struct InviteForm {
    role: String,
}

/// Creates a one-time link and shows it once; only its hash is kept.
pub async fn invite(
    form: web::Form<InviteForm>,
    Account { ctx, state, .. }: Account,
) -> Result<HttpResponse, AppError> {
    let admin_id = ctx.require_role(&[Role::Admin])?.id;
    let Some(role) = assignable(&form.role) else {
        let mut page = UsersPage::load(ctx, &state).await?;
        page.error_key = Some("error-role_invalid");
        return refuse(&page);
    };
    let token = accounts::random_token();
    let token_hash = accounts::token_hash(&token);
    let expires_at = chrono::Utc::now().naive_utc() + chrono::Duration::days(INVITATION_DAYS);
    state
        .write(move |connection| {
            invitations::insert(connection, &token_hash, role, admin_id, expires_at)
        })
        .await?;
    let mut page = UsersPage::load(ctx, &state).await?;
    page.invitation_link = Some(state.link(&format!("/invite/{token}")));
    render_with_status(&page, StatusCode::OK)
}
