//! Issue 37: a live page whose stream the server refused (full: 503) asks again later
//! by itself, and follows the match once a place is free, without a reload.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use segnapunti::web::live_streams::StreamLimits;

use crate::support::browser::{Browser, Driver};
use crate::support::{Backend, TestApp, setup};

/// One live stream in all: a second watcher is refused.
fn one_stream(config: &mut segnapunti::web::ServerConfig) {
    config.live_streams = StreamLimits {
        per_client: 1,
        total: 1,
    };
}

/// A stream of `path` held open by another watcher (closed when dropped).
fn held_stream(app: &TestApp, path: &str) -> BufReader<TcpStream> {
    let host = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(
        status.contains(" 200 "),
        "the first watcher is taken: {status}"
    );
    reader
}

pub fn refused_stream_retry_flow(_driver: &Driver, browser: &Browser<'_>) {
    let app = TestApp::spawn_configured(Backend::Sqlite, one_stream);
    let organizer = app.organizer();
    let public_id = setup::create_match(
        &organizer,
        &[
            ("title", "Semifinale"),
            ("target_points", "20"),
            ("games_to_win", "3"),
        ],
    );
    organizer.post_form(&format!("/manage/matches/{public_id}/link"), &[]);
    let page = organizer.get(&format!("/manage/matches/{public_id}"));
    let start = page.body.find("/s/").unwrap();
    let link = page.body[start..start + page.body[start..].find('"').unwrap()].to_string();

    // The only place is taken: the page's stream is refused.
    let other = held_stream(&app, &format!("/m/{public_id}/events"));
    browser.goto(&app.url(&format!("/m/{public_id}")));
    assert_eq!(browser.text("#sheet-total-A"), "0");
    browser.execute("window.marker = 'no reload';");
    // The other watcher leaves; a hand is recorded. The page, asking again at a moment
    // of its own (15 to 30 s after the refusal), shows it without a reload.
    drop(other);
    setup::record_win(&app.client(), &link, "A");
    let started = Instant::now();
    while browser.text_in_page("#sheet-total-A").as_deref() != Some("1") {
        assert!(
            started.elapsed() < Duration::from_secs(45),
            "the live page did not come back after the refusal"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(
        browser.execute("return window.marker;").as_str(),
        Some("no reload"),
        "the page updated in place"
    );
}
