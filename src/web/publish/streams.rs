//! An event page's live updates: Server-Sent Events that say a match of the event
//! changed, and the fragment of rounds and tables the page's script then swaps in when
//! it differs from what the page shows.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::now::{NowRound, now_rounds};
use super::rounds::{RoundView, rounds};
use super::{HighlightQuery, Rendered, event_view, kept_or_built, tagged_fragment_response};
use crate::events::view::EventView;
use crate::lang::Lang;
use crate::store::events as store_events;
use crate::web::AppState;
use crate::web::client_address::throttle_key;
use crate::web::context::Visit;
use crate::web::error::AppError;
use crate::web::i18n::Tr;
use crate::web::live_streams::{StreamPermit, refusal};

/// How long an event stream stays silent before it sends a comment, which keeps
/// proxies from closing an idle stream.
pub(in crate::web) const KEEP_ALIVE: Duration = Duration::from_secs(20);
/// The comment an idle event stream sends.
pub(in crate::web) const KEEP_ALIVE_COMMENT: &[u8] = b": keep-alive\n\n";
/// An update that names nothing (updates were missed): the page reads everything again.
pub(in crate::web) const UPDATE_ANY: &[u8] = b"event: update\ndata: ?\n\n";

/// A place for one more live stream of the request's client (by the address the
/// login throttle counts); `None` over a cap, to be answered with [`refusal`] before
/// any other work.
pub(in crate::web) fn admit(state: &AppState, request: &HttpRequest) -> Option<StreamPermit> {
    let client = throttle_key(request, &state.trusted_proxies);
    state.live_streams.admit(client)
}

/// The answer carrying an event stream: neither cached nor buffered by a proxy. The
/// stream's place (`permit`) is freed when the body is dropped, i.e. when the stream
/// ends or its client goes away.
pub(in crate::web) fn event_stream_response<S>(stream: S, permit: StreamPermit) -> HttpResponse
where
    S: futures_util::Stream<Item = Result<Bytes, actix_web::Error>> + 'static,
{
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        // Not compressed: a gzip encoder per stream grew its state with every update
        // (2,000 watchers: 227 MB to 696 MB in 80 updates) for events of a few bytes.
        // `Compress` leaves an answer with an encoding alone; `unmark_identity` then
        // takes the mark off.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .streaming(Held {
            stream: Box::pin(stream),
            _permit: permit,
        })
}

/// Takes `Content-Encoding: identity` off an answer: it only told `Compress` to
/// leave the answer (an event stream) as it is, and is not a coding for clients.
pub(in crate::web) async fn unmark_identity(
    request: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if headers
        .get(header::CONTENT_ENCODING)
        .is_some_and(|coding| coding == "identity")
    {
        headers.remove(header::CONTENT_ENCODING);
    }
    Ok(response)
}

/// A stream holding its place among the open live streams.
struct Held<S> {
    stream: Pin<Box<S>>,
    _permit: StreamPermit,
}

impl<S: futures_util::Stream> futures_util::Stream for Held<S> {
    type Item = S::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        self.stream.as_mut().poll_next(cx)
    }
}

/// The event page's rounds being played ([`now_rounds`]).
#[derive(Template)]
#[template(path = "publish/live_fragment.html")]
pub struct LiveFragment {
    pub ctx: Tr,
    pub public_id: String,
    pub now: Vec<NowRound>,
    /// Some table is still to be played (else the fragment shows the last round).
    pub live: bool,
    pub highlight: Option<u32>,
}

impl LiveFragment {
    /// `highlight=N&` for the links to the rounds page, or nothing.
    pub fn highlight_param(&self) -> String {
        self.highlight
            .map_or(String::new(), |h| format!("highlight={h}&"))
    }
}

/// The fragment of the rounds `all` of an event (the event page renders it in place).
pub fn live_fragment_of(
    view: &EventView,
    all: &[RoundView],
    lang: Lang,
    highlight: Option<u32>,
) -> LiveFragment {
    let now = now_rounds(all, highlight);
    LiveFragment {
        ctx: Tr::new(lang),
        public_id: view.data.event.public_id.clone(),
        live: now
            .iter()
            .any(|r| r.matches.iter().any(|m| m.playable || m.conflict)),
        now,
        highlight,
    }
}

/// Just the rounds being played, for the event page's script to swap in. Every open
/// event page asks for it after each change, all at once: it is kept like the page. Its
/// entity tag lets a page that already shows it hear "304 Not Modified" instead (the
/// page carries the tag of what it shows), so a reconnection costs no fragment.
pub async fn live_fragment(
    Visit { ctx, state }: Visit,
    request: HttpRequest,
    public_id: web::Path<String>,
    query: web::Query<HighlightQuery>,
) -> Result<HttpResponse, AppError> {
    let key = query.key("f", public_id.into_inner(), &ctx);
    let page = kept_or_built(&state, key, event_view(), |view, key| {
        let all = rounds(&view, key.lang);
        Rendered::fragment(&live_fragment_of(&view, &all, key.lang, key.highlight))
    })
    .await?;
    Ok(tagged_fragment_response(&request, &page))
}

/// Server-Sent Events: `update` whenever a match of the event changes, with its id
/// (`?` when more than one changed since the last was sent). What changed is resolved
/// once for all streams (`live_updates`): a stream reads nothing per update.
pub async fn event_stream(
    state: web::Data<AppState>,
    request: HttpRequest,
    public_id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let Some(permit) = admit(&state, &request) else {
        return Ok(refusal());
    };
    let public_id = public_id.into_inner();
    // By key, on this thread when it can: a room of watchers connects at once, and a
    // blocking thread for each would grow the pool.
    let event = state
        .read_by_key(move |connection| store_events::find_by_public_id(connection, &public_id))
        .await?
        .ok_or(AppError::NotFound)?;
    // Watched before the first `update`, which has the page read what it shows.
    let mut news = state.live.event(event.id);
    let told = news.borrow_and_update().told;
    let first = Bytes::from_static(b"retry: 3000\nevent: update\ndata: start\n\n");
    let stream = futures_util::stream::unfold(
        (news, Some(first), told),
        move |(mut news, pending, told)| async move {
            if let Some(bytes) = pending {
                return Some((Ok::<_, actix_web::Error>(bytes), (news, None, told)));
            }
            match actix_web::rt::time::timeout(KEEP_ALIVE, news.changed()).await {
                Err(_) => Some((
                    Ok(Bytes::from_static(KEEP_ALIVE_COMMENT)),
                    (news, None, told),
                )),
                // The server is stopping.
                Ok(Err(_)) => None,
                Ok(Ok(())) => {
                    let latest = *news.borrow_and_update();
                    let event = match latest.changed {
                        Some(changed) if latest.told == told + 1 => {
                            Bytes::from(format!("event: update\ndata: {changed}\n\n"))
                        }
                        _ => Bytes::from_static(UPDATE_ANY),
                    };
                    Some((Ok(event), (news, None, latest.told)))
                }
            }
        },
    );
    Ok(event_stream_response(stream, permit))
}
