//! Logging in and out, changing a password, and the one-time links that create
//! accounts: the first administrator's setup link and invitations.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::context::{self, Account, PageContext, Visit, safe_local_path};
use super::error::AppError;
use super::{AppState, client_address, redirect, refuse, render_with_status};
use crate::accounts::{self, AccountError, Role};
use crate::store::{DbConnection, StoreError, invitations, sessions, settings, throttle, users};

// ---------------------------------------------------------------- login

#[derive(Template, WebTemplate)]
#[template(path = "auth/login.html")]
pub struct LoginPage {
    pub ctx: PageContext,
    pub username: String,
    pub next: String,
    pub error_key: Option<&'static str>,
    pub notice_key: Option<&'static str>,
}

#[derive(Deserialize)]
pub struct LoginQuery {
    next: Option<String>,
    #[serde(default)]
    logged_out: bool,
}

pub async fn login_form(ctx: PageContext, query: web::Query<LoginQuery>) -> LoginPage {
    LoginPage {
        ctx,
        username: String::new(),
        next: safe_local_path(query.next.as_deref()),
        error_key: None,
        notice_key: query.logged_out.then_some("logout-done"),
    }
}

#[derive(Deserialize)]
pub struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

pub async fn login(
    request: HttpRequest,
    Visit { ctx, state }: Visit,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let LoginForm {
        username,
        password,
        next,
    } = form.into_inner();
    let next = safe_local_path(next.as_deref());
    let address = client_address::throttle_key(&request, &state.trusted_proxies);
    // An unreadable name is treated like a wrong password: the answer must not
    // tell which accounts exist.
    let name =
        accounts::normalize_username(&username).unwrap_or_else(|_| username.trim().to_lowercase());
    let failed_page = |ctx: PageContext, error_key, status| {
        let page = LoginPage {
            ctx,
            username: username.clone(),
            next: next.clone(),
            error_key: Some(error_key),
            notice_key: None,
        };
        render_with_status(&page, status)
    };

    // The attempt is counted (or refused) before the password is checked, in one
    // step: attempts at the same moment cannot all slip past the limit.
    let (pair_name, pair_address) = (name.clone(), address.clone());
    let (admission, user) = state
        .write(move |connection| {
            let admission = throttle::admit(connection, &pair_name, &pair_address)?;
            let user = match admission {
                throttle::Admission::Refused => None,
                throttle::Admission::Admitted { .. } => {
                    users::find_by_username(connection, &pair_name)?
                }
            };
            Ok((admission, user))
        })
        .await?;
    let delay = match admission {
        throttle::Admission::Refused => {
            return failed_page(ctx, "login-throttled", StatusCode::TOO_MANY_REQUESTS);
        }
        throttle::Admission::Admitted { delay } => delay,
    };
    if !delay.is_zero() {
        actix_web::rt::time::sleep(delay).await;
    }

    let verified = web::block(move || match user {
        Some(user) if password.len() <= accounts::MAX_PASSWORD_LEN * 4 => {
            accounts::verify_password(&password, &user.password_hash).then_some(user)
        }
        _ => {
            accounts::verify_against_nothing(&password);
            None
        }
    })
    .await?;

    // A failure stays counted.
    let Some(user) = verified else {
        return failed_page(ctx, "login-failed", StatusCode::UNPROCESSABLE_ENTITY);
    };
    state
        .write(move |connection| throttle::forgive(connection, &name, &address))
        .await?;
    context::begin_session(&state, ctx.session(), user.id).await?;
    tracing::info!(user = %user.username, "logged in");
    Ok(redirect(&next))
}

pub async fn logout(Account { ctx, state, .. }: Account) -> Result<HttpResponse, AppError> {
    context::end_session(&state, ctx.session()).await?;
    let mut response = redirect("/login?logged_out=true");
    // The referee pages a service worker kept on this phone are this account's:
    // the next person at the phone must not open them offline.
    response.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static("clear-site-data"),
        actix_web::http::header::HeaderValue::from_static("\"storage\""),
    );
    Ok(response)
}

// ---------------------------------------------------------------- password

#[derive(Template, WebTemplate)]
#[template(path = "auth/password.html")]
pub struct PasswordPage {
    pub ctx: PageContext,
    pub error_key: Option<&'static str>,
    pub notice_key: Option<&'static str>,
}

#[derive(Deserialize)]
pub struct PasswordQuery {
    #[serde(default)]
    changed: bool,
}

pub async fn password_form(
    ctx: PageContext,
    query: web::Query<PasswordQuery>,
) -> Result<PasswordPage, AppError> {
    ctx.require_login()?;
    Ok(PasswordPage {
        ctx,
        error_key: None,
        notice_key: query.changed.then_some("password-changed"),
    })
}

#[derive(Deserialize)]
pub struct PasswordForm {
    current_password: String,
    new_password: String,
    confirm_password: String,
}

pub async fn change_password(
    form: web::Form<PasswordForm>,
    Account { ctx, state, user }: Account,
) -> Result<HttpResponse, AppError> {
    let user_id = user.id;
    let form = form.into_inner();
    let show_error = |ctx, error_key| {
        refuse(&PasswordPage {
            ctx,
            error_key: Some(error_key),
            notice_key: None,
        })
    };
    if let Err(key) = check_new_password(&form.new_password, &form.confirm_password) {
        return show_error(ctx, key);
    }
    let stored = state
        .read(move |connection| users::find_by_id(connection, user_id))
        .await?
        .ok_or(AppError::Forbidden)?;
    let PasswordForm {
        current_password,
        new_password,
        ..
    } = form;
    let new_hash = web::block(move || {
        if accounts::verify_password(&current_password, &stored.password_hash) {
            accounts::hash_password(&new_password).map(Some)
        } else {
            Ok(None)
        }
    })
    .await?
    .map_err(|error| AppError::internal("password hashing", error))?;
    let Some(new_hash) = new_hash else {
        return show_error(ctx, "password-wrong_current");
    };
    // This session stays; every other one of the account ends, and so do its personal
    // API tokens: a password changed because it leaked leaves nothing made with it.
    let kept = context::session_id_hash(ctx.session())?;
    state
        .write(move |connection| {
            users::set_password(connection, user_id, &new_hash)?;
            crate::store::api_tokens::revoke_all(connection, user_id)?;
            sessions::end_others(connection, user_id, kept.as_deref())
        })
        .await?;
    Ok(redirect("/account/password?changed=true"))
}

/// The translation key of what is wrong with a new password, if anything.
pub(super) fn check_new_password(password: &str, confirmation: &str) -> Result<(), &'static str> {
    if password != confirmation {
        return Err("error-password_mismatch");
    }
    accounts::check_password_strength(password).map_err(account_error_key)
}

pub(super) fn account_error_key(error: AccountError) -> &'static str {
    match error {
        AccountError::InvalidUsername => "error-username_invalid",
        AccountError::PasswordTooShort => "error-password_short",
        AccountError::PasswordTooLong => "error-password_long",
        AccountError::Hashing => "error-internal",
    }
}

// ---------------------------------------------------------------- new accounts from links

/// The form that creates an account from a setup or invitation link.
#[derive(Template, WebTemplate)]
#[template(path = "auth/new_account.html")]
pub struct NewAccountPage {
    pub ctx: PageContext,
    pub title_key: &'static str,
    pub intro_key: &'static str,
    pub submit_key: &'static str,
    pub role: Role,
    pub action: String,
    pub username: String,
    pub display_name: String,
    pub error_key: Option<&'static str>,
}

impl NewAccountPage {
    /// The form with nothing typed yet: its title, intro and button words (Fluent ids),
    /// the role the account gets and where it posts.
    fn empty(
        ctx: PageContext,
        [title_key, intro_key, submit_key]: [&'static str; 3],
        role: Role,
        action: String,
    ) -> NewAccountPage {
        NewAccountPage {
            ctx,
            title_key,
            intro_key,
            submit_key,
            role,
            action,
            username: String::new(),
            display_name: String::new(),
            error_key: None,
        }
    }

    /// The page again with what was typed and why it was refused (422).
    fn refusing(
        mut self,
        username: &str,
        display_name: &str,
        error_key: &'static str,
    ) -> Result<HttpResponse, AppError> {
        self.username = username.to_string();
        self.display_name = display_name.to_string();
        self.error_key = Some(error_key);
        render_with_status(&self, StatusCode::UNPROCESSABLE_ENTITY)
    }
}

#[derive(Deserialize)]
pub struct NewAccountForm {
    pub username: String,
    pub display_name: String,
    pub password: String,
    pub confirm_password: String,
}

/// A checked account request, ready to be hashed and stored.
pub(super) struct AccountRequest {
    pub username: String,
    pub display_name: String,
    pub password: String,
}

pub(super) fn check_account_form(form: NewAccountForm) -> Result<AccountRequest, &'static str> {
    let username = accounts::normalize_username(&form.username).map_err(account_error_key)?;
    let display_name = form.display_name.trim().to_string();
    if display_name.is_empty() || display_name.chars().count() > 80 {
        return Err("error-display_name");
    }
    check_new_password(&form.password, &form.confirm_password)?;
    Ok(AccountRequest {
        username,
        display_name,
        password: form.password,
    })
}

/// Hashes and stores the account, then runs `claim_link` in the same transaction:
/// when it answers false (the one-time link was used meanwhile) nothing is kept.
/// `Ok(None)` when the username is taken.
pub(super) async fn create_account(
    state: &AppState,
    request: AccountRequest,
    role: Role,
    claim_link: impl FnOnce(&mut DbConnection, &users::User) -> Result<bool, StoreError>
    + Send
    + 'static,
) -> Result<Option<users::User>, AppError> {
    let (username, display_name, hash) = hashed(request).await?;
    let outcome = state
        .write(move |connection| {
            let user = users::insert(
                connection,
                &users::NewUser {
                    username: &username,
                    display_name: &display_name,
                    password_hash: &hash,
                    role,
                },
            )?;
            if claim_link(connection, &user)? {
                Ok(user)
            } else {
                Err(StoreError::Stale)
            }
        })
        .await;
    stored_account(outcome)
}

/// Whether the setup link `token` is still open (no account yet): `NotFound` if not.
async fn open_setup(state: &AppState, token: &str) -> Result<(), AppError> {
    let hash = accounts::token_hash(token);
    let open = state
        .read(move |connection| {
            let no_accounts = users::count(connection)? == 0;
            let stored = settings::get(connection, settings::SETUP_TOKEN_HASH)?;
            Ok(no_accounts && stored.as_deref() == Some(hash.as_str()))
        })
        .await?;
    open.then_some(()).ok_or(AppError::NotFound)
}

fn setup_page(ctx: PageContext, token: &str) -> NewAccountPage {
    let keys = ["setup-title", "setup-intro", "setup-submit"];
    NewAccountPage::empty(ctx, keys, Role::Admin, format!("/setup/{token}"))
}

pub async fn setup_form(
    Visit { ctx, state }: Visit,
    token: web::Path<String>,
) -> Result<NewAccountPage, AppError> {
    open_setup(&state, &token).await?;
    Ok(setup_page(ctx, &token))
}

pub async fn setup(
    Visit { ctx, state }: Visit,
    token: web::Path<String>,
    form: web::Form<NewAccountForm>,
) -> Result<HttpResponse, AppError> {
    open_setup(&state, &token).await?;
    let (username, display_name) = (form.username.clone(), form.display_name.clone());
    let with_error =
        |ctx, error_key| setup_page(ctx, &token).refusing(&username, &display_name, error_key);
    let request = match check_account_form(form.into_inner()) {
        Ok(request) => request,
        Err(key) => return with_error(ctx, key),
    };
    let expected_hash = accounts::token_hash(&token);
    let consume_token = move |connection: &mut DbConnection, _: &users::User| {
        // Checked again inside the transaction: two tabs cannot both create an administrator.
        let stored = settings::get(connection, settings::SETUP_TOKEN_HASH)?;
        if users::count(connection)? != 1 || stored.as_deref() != Some(expected_hash.as_str()) {
            return Ok(false);
        }
        settings::remove(connection, settings::SETUP_TOKEN_HASH)
    };
    match create_account(&state, request, Role::Admin, consume_token).await? {
        Some(user) => {
            tracing::info!(user = %user.username, "first administrator created");
            context::begin_session(&state, ctx.session(), user.id).await?;
            Ok(redirect("/"))
        }
        None => with_error(ctx, "error-username_taken"),
    }
}

/// The invitation of the link `token` while it is open; `InvitationUsed` once it was
/// used (its page says so and where to log in, naming no account: whoever holds the
/// link, perhaps forwarded, learns no username), `NotFound` for any other link.
async fn open_invitation(
    state: &AppState,
    token: &str,
) -> Result<invitations::Invitation, AppError> {
    let hash = accounts::token_hash(token);
    let (open, used) = state
        .read(move |connection| {
            let open = invitations::find_open(connection, &hash)?;
            let used = open.is_none() && invitations::was_used(connection, &hash)?;
            Ok((open, used))
        })
        .await?;
    match open {
        Some(invitation) => Ok(invitation),
        None if used => Err(AppError::InvitationUsed),
        None => Err(AppError::NotFound),
    }
}

/// The invitation's form; `claims`: the invitation names an existing account, which
/// the form completes rather than creating one.
fn invitation_page(ctx: PageContext, token: &str, role: Role, claims: bool) -> NewAccountPage {
    let keys = if claims {
        ["invite-title", "invite-claim_intro", "invite-claim_submit"]
    } else {
        ["invite-title", "invite-intro", "invite-submit"]
    };
    NewAccountPage::empty(ctx, keys, role, format!("/invite/{token}"))
}

/// The account an invitation claims, if it claims one rather than making one.
async fn claimed_account(
    state: &AppState,
    invitation: &invitations::Invitation,
) -> Result<Option<users::User>, AppError> {
    let Some(id) = invitation.account_id else {
        return Ok(None);
    };
    state
        .read_found(move |connection| users::find_by_id(connection, id))
        .await
        .map(Some)
}

pub async fn invitation_form(
    Visit { ctx, state }: Visit,
    token: web::Path<String>,
) -> Result<NewAccountPage, AppError> {
    let invitation = open_invitation(&state, &token).await?;
    let account = claimed_account(&state, &invitation).await?;
    let mut page = invitation_page(ctx, &token, invitation.role(), account.is_some());
    if let Some(account) = account {
        page.username = account.username;
        page.display_name = account.display_name;
    }
    Ok(page)
}

pub async fn accept_invitation(
    Visit { ctx, state }: Visit,
    token: web::Path<String>,
    form: web::Form<NewAccountForm>,
) -> Result<HttpResponse, AppError> {
    let invitation = open_invitation(&state, &token).await?;
    let role = invitation.role();
    let (username, display_name) = (form.username.clone(), form.display_name.clone());
    // `claims`: the form completing the account the invitation names.
    let with_error = |ctx, claims, error_key| {
        invitation_page(ctx, &token, role, claims).refusing(&username, &display_name, error_key)
    };
    let claimed = claimed_account(&state, &invitation).await?;
    let request = match check_account_form(form.into_inner()) {
        Ok(request) => request,
        Err(key) => return with_error(ctx, claimed.is_some(), key),
    };
    let invitation_id = invitation.id;
    if let Some(account) = claimed {
        let Some(user) = claim_account(&state, request, account.id, invitation_id).await? else {
            return with_error(ctx, true, "error-username_taken");
        };
        tracing::info!(user = %user.username, role = %role, "account claimed");
        context::begin_session(&state, ctx.session(), user.id).await?;
        return Ok(redirect("/"));
    }
    let claim = move |connection: &mut DbConnection, user: &users::User| {
        invitations::mark_used(connection, invitation_id, user.id)
    };
    let Some(user) = create_account(&state, request, role, claim).await? else {
        return with_error(ctx, false, "error-username_taken");
    };
    tracing::info!(user = %user.username, role = %role, "invitation accepted");
    context::begin_session(&state, ctx.session(), user.id).await?;
    Ok(redirect("/"))
}

/// An account's write as the forms answer it: `Ok(None)` when the username is taken,
/// `NotFound` when the one-time link was used meanwhile (`Stale`).
fn stored_account(outcome: Result<users::User, AppError>) -> Result<Option<users::User>, AppError> {
    match outcome {
        Ok(user) => Ok(Some(user)),
        Err(AppError::Store(StoreError::Duplicate)) => Ok(None),
        Err(AppError::Store(StoreError::Stale)) => Err(AppError::NotFound),
        Err(other) => Err(other),
    }
}

/// The name and display name asked for, and the password's hash (computed off the
/// async threads).
async fn hashed(request: AccountRequest) -> Result<(String, String, String), AppError> {
    let AccountRequest {
        username,
        display_name,
        password,
    } = request;
    let hash = web::block(move || accounts::hash_password(&password))
        .await?
        .map_err(|error| AppError::internal("password hashing", error))?;
    Ok((username, display_name, hash))
}

/// Gives the account `account_id` the name and password asked for and uses the
/// invitation, in one transaction. `Ok(None)` when the name is another account's.
async fn claim_account(
    state: &AppState,
    request: AccountRequest,
    account_id: i64,
    invitation_id: i64,
) -> Result<Option<users::User>, AppError> {
    let (username, display_name, hash) = hashed(request).await?;
    let outcome = state
        .write(move |connection| {
            let user = users::claim(connection, account_id, &username, &display_name, &hash)?;
            if !invitations::mark_used(connection, invitation_id, account_id)? {
                return Err(StoreError::Stale);
            }
            Ok(user)
        })
        .await;
    stored_account(outcome)
}
