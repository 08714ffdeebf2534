//! Live streams (Server-Sent Events) under abuse: capped per client address and in
//! all with a 503 that says when to come back, while `/health` and score entry still
//! answer; a client that goes away frees its stream at once; a stream is never
//! compressed (a compressor per stream grew with every update); a change is told to
//! the streams of its event and of its match only. On both backends.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use segnapunti::web::ServerConfig;
use segnapunti::web::live_streams::StreamLimits;

use crate::support::setup::record_win;
use crate::support::{self, Client, TestApp, club_with_organizer, setup};

/// Two streams per address, three in all, addresses told by the loopback "proxy".
fn lowered(config: &mut ServerConfig) {
    support::trusting_loopback(config);
    config.live_streams = StreamLimits {
        per_client: 2,
        total: 3,
    };
}

/// What the server answered to a stream request on a connection of its own.
struct Opened {
    status: u16,
    head: String,
    /// Open while the stream is (dropping it closes the connection).
    reader: BufReader<TcpStream>,
}

impl Opened {
    /// The value of a header of the answer's head, if it has it.
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }

    /// Reads the stream until a `data:` line equal to `wanted` (at most 10 s).
    fn wait_for_data(&mut self, wanted: &str) {
        let started = Instant::now();
        let mut line = String::new();
        while started.elapsed() < Duration::from_secs(10) {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) => panic!("the stream ended before data {wanted}"),
                Ok(_) if line.trim_end() == format!("data: {wanted}") => return,
                Ok(_) => {}
                Err(error)
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(error) => panic!("reading the stream: {error}"),
            }
        }
        panic!("no data {wanted} within 10 s");
    }

    /// The next `data:` line of the stream (at most 10 s away).
    fn next_data(&mut self) -> String {
        let started = Instant::now();
        let mut line = String::new();
        while started.elapsed() < Duration::from_secs(10) {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) => panic!("the stream ended"),
                Ok(_) => {
                    if let Some(data) = line.trim_end().strip_prefix("data: ") {
                        return data.to_string();
                    }
                }
                Err(error)
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(error) => panic!("reading the stream: {error}"),
            }
        }
        panic!("no data within 10 s");
    }
}

/// The id in the database of the match a table's scoring link opens.
fn match_of_link(app: &TestApp, referee: &Client, link: &str) -> i64 {
    let page = referee.get(link);
    assert_eq!(page.status, 200, "{}", page.body);
    let public_id = page
        .body
        .split("/m/")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    app.database
        .open()
        .read(|connection| segnapunti::store::matches::find_by_public_id(connection, &public_id))
        .unwrap()
        .expect("the link's match")
        .id
}

/// Asks for `path` as a client at `address` (through the trusted proxy), with
/// `extra` header lines, and reads the answer's head (and, for a 200, the stream's
/// first event).
fn open_with(app: &TestApp, path: &str, address: &str, extra: &str) -> Opened {
    let host = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\
         X-Forwarded-For: {address}\r\n{extra}\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let started = Instant::now();
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) if line == "\r\n" => break,
            Ok(_) => head.push_str(&line),
            Err(_) if started.elapsed() < Duration::from_secs(10) => {}
            Err(error) => panic!("no answer to {path} within 10 s: {error}"),
        }
    }
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    Opened {
        status,
        head,
        reader,
    }
}

fn open(app: &TestApp, path: &str, address: &str) -> Opened {
    open_with(app, path, address, "")
}

/// A stream the server took: its first event has come.
fn watching(app: &TestApp, path: &str, address: &str) -> Opened {
    let mut opened = open(app, path, address);
    assert_eq!(opened.status, 200, "{}", opened.head);
    opened.wait_for_data("0");
    opened
}

fn assert_refused(opened: &Opened, why: &str) {
    assert_eq!(opened.status, 503, "{why}: {}", opened.head);
    let retry = opened.header("Retry-After").expect("a Retry-After header");
    assert!(
        retry.parse::<u32>().is_ok_and(|seconds| seconds > 0),
        "{why}: Retry-After {retry}"
    );
}

const A: &str = "198.51.100.1";
const B: &str = "198.51.100.2";
const C: &str = "198.51.100.3";

backend_tests! {
    config: lowered;

    fn streams_are_capped_per_address_and_in_all_while_health_and_score_entry_answer(app) {
        let organizer = app.organizer().speaking_from(A);
        let public_id = setup::create_match(&organizer, &[("title", "Affollata")]);
        let path = format!("/m/{public_id}/events");

        let mut first = watching(&app, &path, A);
        let _second = watching(&app, &path, A);
        assert_refused(&open(&app, &path, A), "a third stream of one address");
        let _other = watching(&app, &path, B);
        assert_refused(&open(&app, &path, C), "a fourth stream in all");

        // At both caps, from the capped address: the health check and score entry answer,
        // and the open streams hear of the entry.
        let health = app.client().speaking_from(A).get("/health");
        assert_eq!((health.status, health.body.as_str()), (200, "ok"));
        setup::record_win(&organizer, &format!("/score/{public_id}"), "A");
        first.wait_for_data("1");
        let page = app
            .client()
            .speaking_from(C)
            .get(&format!("/m/{public_id}"));
        assert_eq!(page.status, 200);
    }

    fn a_client_that_goes_away_frees_its_streams_at_once(app) {
        let organizer = app.organizer();
        let public_id = setup::create_match(&organizer, &[("title", "Schermi spenti")]);
        let path = format!("/m/{public_id}/events");
        let streams = [
            watching(&app, &path, A),
            watching(&app, &path, A),
            watching(&app, &path, B),
        ];
        assert_refused(&open(&app, &path, C), "over the total");
        // The phones lock their screens: the connections close.
        drop(streams);
        let closed = Instant::now();
        // Every place is free again once the server has counted the streams closed: the
        // whole total can be opened anew. Well before the 20 s keep-alive comment, whose
        // failed write was all that told the server before.
        let limit = Duration::from_secs(8);
        let reopened = loop {
            let mut again = Vec::new();
            for address in [A, A, B] {
                let opened = open(&app, &path, address);
                if opened.status != 200 {
                    break;
                }
                again.push(opened);
            }
            if again.len() == 3 {
                break again;
            }
            drop(again);
            assert!(
                closed.elapsed() < limit,
                "closed streams still counted after {limit:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        assert_eq!(reopened.len(), 3);
    }

    /// A compressor per stream kept growing its state with every update (2,000 watchers
    /// went from 227 MB to 696 MB in 80 updates) and held back what it had not flushed;
    /// the events are a few bytes each.
    fn a_stream_is_never_compressed(app) {
        let organizer = app.organizer();
        let public_id = setup::create_match(&organizer, &[("title", "Compressa")]);
        let path = format!("/m/{public_id}/events");
        let mut opened = open_with(&app, &path, A, "Accept-Encoding: gzip\r\n");
        assert_eq!(opened.status, 200, "{}", opened.head);
        let encoding = opened.header("Content-Encoding");
        assert!(
            encoding.is_none() || encoding.as_deref() == Some("identity"),
            "the stream is sent as {encoding:?}"
        );
        opened.wait_for_data("0");
        // Pages are still compressed for those who ask.
        let host = app.base.trim_start_matches("http://");
        let mut page = TcpStream::connect(host).unwrap();
        write!(
            page,
            "GET /m/{public_id} HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = Vec::new();
        page.read_to_end(&mut answer).unwrap();
        let head = String::from_utf8_lossy(&answer[..answer.len().min(2048)]).to_lowercase();
        assert!(head.contains("content-encoding: gzip"), "{head}");
    }

    /// Each change is resolved once for all streams and told only to the streams of
    /// its event and of its match: a stream of one event never hears of another's.
    fn an_event_stream_hears_its_own_matches_and_a_match_stream_its_own_count(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let ours = setup::create_knockout(&organizer);
        setup::import_and_draw(&organizer, &ours, &setup::pairs_csv(4));
        let theirs = setup::create_knockout(&organizer);
        setup::import_and_draw(&organizer, &theirs, &setup::pairs_csv(4));
        let our_links = setup::card_links(&app, &organizer, &ours);
        let their_links = setup::card_links(&app, &organizer, &theirs);
        let referee = app.client();
        let our_match = match_of_link(&app, &referee, &our_links[0]);
        let their_match = match_of_link(&app, &referee, &their_links[0]);
        let our_public = referee.get(&our_links[0]).body;
        let our_public = our_public.split("/m/").nth(1).unwrap().split('/').next().unwrap();

        let mut event = open(&app, &format!("/e/{ours}/events"), A);
        assert_eq!(event.status, 200, "{}", event.head);
        event.wait_for_data("start");
        let mut sheet = watching(&app, &format!("/m/{our_public}/events"), B);

        record_win(&referee, &their_links[0], "A");
        record_win(&referee, &our_links[0], "A");
        // Told in order: anything of their match would come before ours.
        loop {
            let data = event.next_data();
            assert_ne!(data, their_match.to_string(), "the stream of another event heard of it");
            if data == our_match.to_string() || data == "?" {
                break;
            }
        }
        assert_eq!(sheet.next_data(), "1", "the match's stream tells its own count");
    }
}
