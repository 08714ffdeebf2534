//! Console logs through `tracing`, and a short reference for every request that
//! ties its log lines to what the visitor sees on an error page.

use std::time::Instant;

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use rand::Rng;
use tracing::Instrument;

/// The request's reference, kept in the request's extensions.
#[derive(Debug, Clone)]
pub struct RequestRef(pub String);

/// Installs the console subscriber; `RUST_LOG` sets the level (info by default).
pub fn init(default_level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_level));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .compact()
        .try_init();
}

pub async fn request_span(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let reference = format!("{:012x}", rand::rng().random::<u64>() & 0xffff_ffff_ffff);
    request
        .extensions_mut()
        .insert(RequestRef(reference.clone()));
    let span = tracing::info_span!("request", id = %reference);
    let method = request.method().clone();
    // The query string may carry tokens; only the path is logged.
    let path = request.path().to_string();
    let started = Instant::now();
    async move {
        let outcome = next.call(request).await;
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        match &outcome {
            Ok(response) => tracing::info!(
                %method,
                path = %redact_path(&path),
                status = response.status().as_u16(),
                elapsed_ms = format!("{elapsed_ms:.1}"),
                "handled"
            ),
            Err(error) => tracing::warn!(%method, path = %redact_path(&path), %error, "failed"),
        }
        outcome
    }
    .instrument(span)
    .await
}

/// Paths of one-time links carry their token as the last segment; it stays out of logs.
fn redact_path(path: &str) -> String {
    for prefix in ["/setup/", "/invite/", "/s/"] {
        if path.starts_with(prefix) {
            return format!("{prefix}…");
        }
    }
    path.to_string()
}
