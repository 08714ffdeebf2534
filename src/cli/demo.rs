//! `segnapunti demo` (an empty database filled with a club's seasons, `crate::demo`) and
//! `segnapunti check [EVENT…]` (whole events verified from their logs, `crate::check`).
//!
//! Exit codes. demo: 0 filled, 1 the database is not empty (nothing written) or a write
//! failed, 2 the database cannot be opened. check: 0 every event agrees, 1 the first
//! disagreement (event, match, entry) or an event of no such id, 2 the database cannot
//! be read.

use super::comanda::CommandOutput;
use crate::check::{self, CheckError};
use crate::demo::{self, DemoError, DemoReport};
use crate::store::{DatabaseUrl, Db};

fn failure(stderr: String, exit_code: u8) -> CommandOutput {
    CommandOutput {
        stdout: String::new(),
        stderr,
        exit_code,
    }
}

/// `address`: where the server will answer (`--public-url`, or http://BIND:PORT);
/// `federation`: the demo club and more (`demo --clubs N --seasons S`).
pub fn demo(
    database_url: &DatabaseUrl,
    address: &str,
    federation: Option<demo::Size>,
) -> CommandOutput {
    let db = match Db::open(database_url) {
        Ok(db) => db,
        Err(error) => return failure(format!("error: {error}\n"), 2),
    };
    // The demo club keeps the default zone: its nights are dated on that clock, not
    // on the server's (often UTC).
    let now = crate::zone::to_local(chrono::Utc::now().naive_utc(), crate::zone::DEFAULT);
    let started = std::time::Instant::now();
    let made = match federation {
        None => demo::fill(&db, now).map(|report| (report, None)),
        Some(size) => demo::fill_federation(&db, now, size, progress_line(started))
            .map(|(report, totals)| (report, Some(totals))),
    };
    match made {
        Ok((report, totals)) => {
            let mut stdout = String::new();
            if let Some(totals) = totals {
                stdout.push_str(&format!(
                    "federation written in {:.0} s: {} clubs, {} events, {} matches, {} entries\n",
                    started.elapsed().as_secs_f64(),
                    totals.clubs,
                    totals.events + report.events.len(),
                    totals.matches,
                    totals.entries,
                ));
            }
            stdout.push_str(&describe(
                &report,
                database_url,
                address.trim_end_matches('/'),
            ));
            CommandOutput {
                stdout,
                stderr: String::new(),
                exit_code: 0,
            }
        }
        Err(error @ DemoError::NotEmpty(_)) => failure(format!("refused: {error}\n"), 1),
        Err(error) => failure(format!("error: {error}\n"), 1),
    }
}

/// A line rewritten after every week on a terminal; elsewhere a line every tenth of the
/// way, so a log is not flooded.
fn progress_line(started: std::time::Instant) -> impl FnMut(&demo::Totals, usize, usize) {
    use std::io::{IsTerminal, Write};
    let terminal = std::io::stderr().is_terminal();
    move |totals, done, all| {
        let line = format!(
            "week {done}/{all}: {} events, {} matches, {} entries, {:.0} s",
            totals.events,
            totals.matches,
            totals.entries,
            started.elapsed().as_secs_f64()
        );
        let mut stderr = std::io::stderr().lock();
        if terminal {
            let end = if done == all { "\n" } else { "" };
            let _ = write!(stderr, "\r{line}{end}");
        } else if done == all || done * 10 / all != (done - 1) * 10 / all {
            let _ = writeln!(stderr, "{line}");
        }
        let _ = stderr.flush();
    }
}

fn describe(report: &DemoReport, database_url: &DatabaseUrl, address: &str) -> String {
    let mut out = format!(
        "demo written to {database_url}: the club \"Scuola di Trionfetti\", {} seasons, {} events\n\n",
        report.seasons.len(),
        report.events.len()
    );
    // The server must open the database the demo wrote: named unless it is the default.
    let shown = database_url.to_string();
    if shown == DatabaseUrl::DEFAULT {
        out.push_str("Start the server (`segnapunti`, or `cargo run --release`) and open:\n");
    } else {
        out.push_str(&format!(
            "Start the server on that database (`segnapunti --database-url {shown}`, or\n\
             `cargo run --release -- --database-url {shown}`) and open:\n"
        ));
        if shown.contains(":***@") {
            out.push_str("(with the password where *** stands)\n");
        }
    }
    out.push_str(&format!("  {address}/\n"));
    out.push_str(&format!(
        "  {address}/e/{}   the night in progress\n",
        report.live_event
    ));
    out.push_str(&format!(
        "  {address}/clubs/{}/seasons\n\n",
        demo::CLUB_SLUG
    ));
    out.push_str(
        "The demo accounts have no password yet. Each link below works once, within 30 days:\n\
         open it to choose the account's name and password.\n",
    );
    for account in &report.accounts {
        out.push_str(&format!(
            "  {:<10} {:<15} {address}/invite/{}\n",
            account.role.as_str(),
            account.username,
            account.token
        ));
    }
    out
}

pub fn check(database_url: &DatabaseUrl, events: &[String]) -> CommandOutput {
    // A missing SQLite file would be made empty by opening it: say it is not there.
    if let DatabaseUrl::Sqlite { path } = database_url
        && !path.exists()
    {
        return failure(format!("error: no database at {}\n", path.display()), 2);
    }
    let db = match Db::open(database_url) {
        Ok(db) => db,
        Err(error) => return failure(format!("error: cannot read the database: {error}\n"), 2),
    };
    let mut checking = super::progress::on_terminal("events checked");
    let mut recomputing = super::progress::on_terminal("events recomputed for the ratings");
    match check::check_telling(&db, events, &mut *checking, &mut *recomputing) {
        Ok(totals) => CommandOutput {
            stdout: format!(
                "all agree: {} events, {} matches, {} log entries, {} correction notices\n",
                totals.events, totals.matches, totals.entries, totals.notices
            ),
            stderr: String::new(),
            exit_code: 0,
        },
        Err(CheckError::Unreadable(error)) => {
            failure(format!("error: cannot read the database: {error}\n"), 2)
        }
        Err(error) => failure(format!("disagreement: {error}\n"), 1),
    }
}
