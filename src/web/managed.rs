//! What an organizer's action on one thing named by the path starts from (a club, an
//! event, a match, a player): the page, the application, the account, and the thing once
//! the visitor is found to manage it. A handler takes such an extractor instead of
//! loading and checking the thing itself: a wrong role is refused first, then a key
//! nothing has (404), then a visitor who does not manage it (403).
//!
//! Put the extractor after a form in a handler's arguments, so that an unreadable form
//! is refused before anything is read.

use std::future::Future;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use super::AppState;
use super::context::PageContext;
use super::error::AppError;

/// A thing an organizer manages, found by a segment of the path.
pub trait Managed: Sized + 'static {
    /// The name of the path's segment that names it (`{id}`, `{slug}`).
    const SEGMENT: &'static str;

    /// The thing named `key`, with the page and the application, if the visitor may
    /// manage it.
    fn find(
        ctx: PageContext,
        state: web::Data<AppState>,
        key: String,
    ) -> impl Future<Output = Result<Self, AppError>>;
}

/// The extraction every [`Managed`] shares: the page context, the application and the
/// path's segment, handed to [`Managed::find`].
pub fn extract<T: Managed>(
    request: &HttpRequest,
    payload: &mut Payload,
) -> LocalBoxFuture<'static, Result<T, AppError>> {
    let context = PageContext::from_request(request, payload);
    let state = request.app_data::<web::Data<AppState>>().cloned();
    let key = request.match_info().get(T::SEGMENT).map(str::to_string);
    Box::pin(async move {
        let ctx = context.await?;
        let state = state.ok_or_else(|| AppError::Internal("no application state".to_string()))?;
        let key = key.ok_or(AppError::NotFound)?;
        T::find(ctx, state, key).await
    })
}

/// Makes a [`Managed`] type an extractor (a foreign trait cannot be given to every
/// `T: Managed` at once).
macro_rules! managed_extractor {
    ($type:ty) => {
        impl actix_web::FromRequest for $type {
            type Error = $crate::web::error::AppError;
            type Future = futures_util::future::LocalBoxFuture<'static, Result<$type, Self::Error>>;

            fn from_request(
                request: &actix_web::HttpRequest,
                payload: &mut actix_web::dev::Payload,
            ) -> Self::Future {
                $crate::web::managed::extract(request, payload)
            }
        }
    };
}
pub(crate) use managed_extractor;
