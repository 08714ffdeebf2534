//! The server binary run as a process of its own, for tests that kill it or
//! change its limits from outside.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::Text;

/// A SQLite database file in a temporary folder of its own, which lives as long as this.
pub struct SqliteFile {
    pub folder: tempfile::TempDir,
    pub path: PathBuf,
    pub url: String,
}

impl SqliteFile {
    /// The file `name` (not made yet) in a new temporary folder.
    pub fn new(name: &str) -> SqliteFile {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(name);
        let url = format!("sqlite://{}", path.display());
        SqliteFile { folder, path, url }
    }

    /// A connection of the test's own to the file.
    pub fn connect(&self) -> SqliteConnection {
        SqliteConnection::establish(self.path.to_str().unwrap()).unwrap()
    }
}

#[derive(QueryableByName)]
struct Integrity {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

/// SQLite's integrity check of the database on `connection` says it is sound.
pub fn assert_integrity(connection: &mut SqliteConnection) {
    let check: Vec<Integrity> = diesel::sql_query("PRAGMA integrity_check")
        .load(connection)
        .unwrap();
    assert_eq!(check[0].integrity_check, "ok");
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Writes `input` to the child's standard input and closes it. A command that refuses
/// its arguments exits before reading, so a broken pipe is not an error here: the
/// caller's assertions on the exit code and output say what happened.
pub fn feed_stdin(child: &mut std::process::Child, input: &str) {
    let mut stdin = child.stdin.take().expect("stdin is piped");
    match stdin.write_all(input.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            panic!("writing to the command's input: {error}")
        }
        _ => {}
    }
}

/// The `segnapunti` binary on this database, whatever DATABASE_URL says.
pub fn segnapunti(database_url: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_segnapunti"));
    command
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "error")
        .args(["--database-url", database_url]);
    command
}

/// Creates an organizer from the shell and returns a personal API token of theirs.
pub fn organizer_with_token(database_url: &str, username: &str, password: &str) -> String {
    let mut add = segnapunti(database_url)
        .args(["user", "add", "--role", "organizer", username])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    feed_stdin(&mut add, &format!("{password}\n"));
    assert!(add.wait().unwrap().success(), "user add {username}");
    let output = segnapunti(database_url)
        .args(["user", "token", username])
        .output()
        .unwrap();
    assert!(output.status.success(), "user token {username}");
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

/// Waits until the server at `base` answers its health route.
pub fn wait_until_up(base: &str) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let started = Instant::now();
    while agent.get(format!("{base}/health")).call().is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
