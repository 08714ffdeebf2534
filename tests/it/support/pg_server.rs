//! A PostgreSQL server of the test's own, so that it may be restarted or stopped:
//! `initdb` and `pg_ctl` from the newest `/usr/lib/postgresql/*/bin`, a data
//! folder in a temporary directory, a free loopback port. initdb refuses to run as
//! root, so as root (CI) the server runs as the `postgres` account through
//! `runuser`. When none of that is possible the caller skips with the reason.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use diesel::Connection;

pub struct PgServer {
    bin: PathBuf,
    data: PathBuf,
    log: PathBuf,
    pub port: u16,
    /// The account the server runs as, when it is not ours.
    run_as: Option<String>,
    _folder: tempfile::TempDir,
    extra: Vec<String>,
}

fn newest_bin() -> Result<PathBuf, String> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|error| format!("no /usr/lib/postgresql: {error}"))?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| "no initdb under /usr/lib/postgresql/*/bin".to_string())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")
}

impl PgServer {
    /// Initializes and starts a server; `Err` says why it cannot be done here.
    /// `settings` are extra `-c name=value` settings of the server.
    pub fn start(settings: &[&str]) -> Result<PgServer, String> {
        let bin = newest_bin()?;
        let folder = tempfile::tempdir().map_err(|error| error.to_string())?;
        let run_as = if is_root() {
            let known = Command::new("id")
                .args(["-u", "postgres"])
                .output()
                .is_ok_and(|output| output.status.success());
            if !known {
                return Err("running as root and there is no postgres account".into());
            }
            Some("postgres".to_string())
        } else {
            None
        };
        if let Some(account) = &run_as {
            let status = Command::new("chown")
                .args(["-R", account])
                .arg(folder.path())
                .status()
                .map_err(|error| error.to_string())?;
            if !status.success() {
                return Err("cannot hand the data folder to postgres".into());
            }
        }
        let data = folder.path().join("data");
        let log = folder.path().join("server.log");
        let server = PgServer {
            bin,
            data,
            log,
            port: super::process::free_port(),
            run_as,
            _folder: folder,
            extra: settings.iter().map(|setting| setting.to_string()).collect(),
        };
        let initdb = server.bin.join("initdb");
        let output = server
            .command(&initdb)
            .args([
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
                "-E",
                "UTF8",
                "-D",
            ])
            .arg(&server.data)
            .output()
            .map_err(|error| format!("initdb: {error}"))?;
        if !output.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        server.ctl(&["start", "-w", "-t", "30"])?;
        server.wait_until_answering(Duration::from_secs(30));
        Ok(server)
    }

    fn command(&self, program: &Path) -> Command {
        match &self.run_as {
            Some(account) => {
                let mut command = Command::new("runuser");
                command.args(["-u", account, "--"]).arg(program);
                command
            }
            None => Command::new(program),
        }
    }

    fn ctl(&self, args: &[&str]) -> Result<(), String> {
        let mut options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -k {} -c fsync=off -c synchronous_commit=off",
            self.port,
            self.data.parent().unwrap().display()
        );
        for setting in &self.extra {
            options.push_str(&format!(" -c {setting}"));
        }
        let output = self
            .command(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(&self.log)
            .args(["-o", &options])
            .args(args)
            .output()
            .map_err(|error| format!("pg_ctl: {error}"))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(format!(
                "pg_ctl {args:?} failed: {}{}\n{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr),
                std::fs::read_to_string(&self.log).unwrap_or_default()
            ))
        }
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Whether a new connection gets in now.
    pub fn answers(&self) -> bool {
        diesel::PgConnection::establish(&self.url()).is_ok()
    }

    pub fn wait_until_answering(&self, limit: Duration) {
        let started = Instant::now();
        while !self.answers() {
            assert!(started.elapsed() < limit, "PostgreSQL did not come up");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops the server as an operator's restart does (`-m fast`: every session is
    /// ended) and waits until it is down.
    pub fn stop(&self) {
        self.ctl(&["stop", "-w", "-m", "fast", "-t", "30"])
            .expect("PostgreSQL stops");
    }

    pub fn start_again(&self) {
        self.ctl(&["start", "-w", "-t", "30"])
            .expect("PostgreSQL starts again");
        self.wait_until_answering(Duration::from_secs(30));
    }

    pub fn restart(&self) {
        self.stop();
        self.start_again();
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let _ = self.ctl(&["stop", "-w", "-m", "immediate", "-t", "30"]);
    }
}

/// The server, or `None` after printing why these tests are skipped here. In CI
/// (`CI` set, as `.ci/run` runs) they may not be skipped: the test fails instead.
pub fn own_server(test: &str, settings: &[&str]) -> Option<PgServer> {
    match PgServer::start(settings) {
        Ok(server) => Some(server),
        Err(reason) if std::env::var_os("CI").is_some_and(|ci| !ci.is_empty()) => {
            panic!(
                "{test} must run in CI, but cannot start a PostgreSQL server of its own: {reason}"
            )
        }
        Err(reason) => {
            eprintln!(
                "SKIPPED {test}: it restarts a PostgreSQL server of its own, which cannot be started here: {reason}"
            );
            None
        }
    }
}
