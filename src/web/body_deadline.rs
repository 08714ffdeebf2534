//! A request body must arrive in time. The server's own timeout covers the request
//! head only: a body sent a byte a second, or shorter than its `Content-Length`,
//! held its connection (and the handler reading it) open for as long as the client
//! liked. Here the body's stream ends in an error once the deadline has passed
//! and the client is answered 408, on a connection that is then closed.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{ConnectionType, header};
use actix_web::middleware::{ErrorHandlerResponse, Next};
use actix_web::rt::time::{Instant, Sleep, sleep_until};
use actix_web::web::Bytes;
use actix_web::{HttpMessage, ResponseError};
use futures_util::Stream;

use super::error::{AppError, render_error_page};

/// Wraps the body of a request that has one. Runs outside the error pages, so that
/// it can render the 408 page itself and mark the connection to be closed: the
/// rest of the body is never read.
pub async fn enforce<B: MessageBody + 'static>(
    timeout: Duration,
    mut request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    if !has_body(&request) {
        return Ok(next.call(request).await?.map_into_left_body());
    }
    let expired = Rc::new(Cell::new(false));
    let body = Deadline {
        inner: request.take_payload(),
        deadline: Instant::now() + timeout,
        timer: None,
        expired: expired.clone(),
    };
    request.set_payload(Payload::Stream {
        payload: Box::pin(body),
    });
    let answered = next.call(request).await?;
    if !expired.get() {
        return Ok(answered.map_into_left_body());
    }
    tracing::info!("request body not received in time");
    // Whatever the reader of the body made of its error, the answer is this one.
    let (http_request, _) = answered.into_parts();
    let refusal = ServiceResponse::new(http_request, AppError::SlowBody.error_response());
    let ErrorHandlerResponse::Response(mut page) = render_error_page(refusal)? else {
        unreachable!("error pages are rendered at once")
    };
    page.response_mut()
        .head_mut()
        .set_connection_type(ConnectionType::Close);
    Ok(page.map_into_boxed_body().map_into_right_body())
}

/// Whether the request announces a body (a length above zero, or chunks).
fn has_body(request: &ServiceRequest) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length.as_bytes() != b"0")
}

/// The request body, ending in an error once `deadline` has passed.
struct Deadline {
    inner: Payload,
    deadline: Instant,
    /// Made the first time the body keeps the reader waiting.
    timer: Option<Pin<Box<Sleep>>>,
    expired: Rc<Cell<bool>>,
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.expired.get() {
            return Poll::Ready(None);
        }
        if let ready @ Poll::Ready(_) = Pin::new(&mut this.inner).poll_next(context) {
            return ready;
        }
        let deadline = this.deadline;
        let timer = this
            .timer
            .get_or_insert_with(|| Box::pin(sleep_until(deadline)));
        match timer.as_mut().poll(context) {
            Poll::Ready(()) => {
                this.expired.set(true);
                Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "request body not received in time",
                )))))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}
