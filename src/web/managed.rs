//! What an organizer's action on one thing named by the path starts from (a club, an
//! event with its club, a match, a player): [`Managed`] extracts the page, the
//! application, the account, and the thing once the visitor is found to manage it. A
//! handler names it in its signature instead of loading and checking the thing itself:
//! a visitor who is no organizer is refused first, then a key nothing has (404), then
//! an organizer who does not manage it (403).
//!
//! Put the extractor after a form in a handler's arguments, so that an unreadable form
//! is refused before anything is read.

use std::future::Future;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use super::AppState;
use super::context::{PageContext, SessionUser, Visit, from_visit};
use super::error::AppError;
use crate::accounts::Role;

/// Who manages things: organizers (administrators may do everything).
const STAFF: &[Role] = &[Role::Organizer];

/// A thing an organizer manages, found by a segment of the path.
pub trait Found: Sized + 'static {
    /// The name of the path's segment that names it (`{id}`, `{slug}`).
    const SEGMENT: &'static str;

    /// The thing named `key` if `user` (an organizer or an administrator) manages it:
    /// `NotFound` when nothing has the key, `Forbidden` when it is someone else's.
    fn find(
        state: &AppState,
        user: &SessionUser,
        key: String,
    ) -> impl Future<Output = Result<Self, AppError>>;
}

/// The page, the application, the account and the thing it manages, in this order:
/// `Managed(ctx, state, user, club): Managed<Club>`.
pub struct Managed<T>(
    pub PageContext,
    pub web::Data<AppState>,
    pub SessionUser,
    pub T,
);

/// The thing `key` names, checked against the visitor as the extractor checks it (a page
/// shown again after a refused change reads it afresh).
pub async fn managed<T: Found>(
    ctx: &PageContext,
    state: &AppState,
    key: &str,
) -> Result<(SessionUser, T), AppError> {
    let user = ctx.require_role(STAFF)?.clone();
    let found = T::find(state, &user, key.to_string()).await?;
    Ok((user, found))
}

impl<T: Found> FromRequest for Managed<T> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Managed<T>, AppError>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let key = request.match_info().get(T::SEGMENT).map(str::to_string);
        from_visit(request, payload, |Visit { ctx, state }| async move {
            let key = key.ok_or(AppError::NotFound)?;
            let (user, found) = managed(&ctx, &state, &key).await?;
            Ok(Managed(ctx, state, user, found))
        })
    }
}
