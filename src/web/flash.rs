//! Flash notices: a form's handler that saved something sets one (a message id) in the
//! visitor's signed session cookie before redirecting, and the page the redirect leads
//! to takes it out and shows it once, in the reader's language. No JavaScript and no
//! query string: reloading the page or following a bookmark shows no stale notice.

use actix_session::Session;
use actix_web::HttpResponse;

use super::i18n;

const FLASH: &str = "flash";

/// Leaves the notice `id` for the next page this visitor opens.
pub fn set(session: &Session, id: &'static str) {
    if let Err(error) = session.insert(FLASH, id) {
        // The action is done; only its notice is lost.
        tracing::error!(%error, "cannot store the notice in the session");
    }
}

/// Leaves the notice `id` for the page at `location` and sends the visitor there: what
/// a form's handler answers once it saved what the form asked.
pub fn redirect_with(session: &Session, id: &'static str, location: &str) -> HttpResponse {
    set(session, id);
    super::redirect(location)
}

/// The notice left for this page, taken out so that it shows once; an id the
/// messages do not have (an older build's) is dropped.
pub fn take(session: &Session) -> Option<String> {
    let id = session.remove_as::<String>(FLASH)?.ok()?;
    i18n::has_key(&id).then_some(id)
}

/// The notice left for this page if it is one of `shown`, the notices this page words;
/// taken out either way, so that it shows once.
pub fn take_one_of(session: &Session, shown: &[&'static str]) -> Option<&'static str> {
    let id = take(session)?;
    shown.iter().copied().find(|notice| *notice == id)
}
