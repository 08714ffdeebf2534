//! `segnapunti export EVENT [--output FILE]` and `segnapunti import [--as USERNAME] FILE`:
//! an event with its matches and logs as one JSON document (`crate::transfer`).
//!
//! Exit codes. export: 0 written, 1 no such event or the database failed, 2 the output
//! file cannot be written (it is never overwritten). import: 0 imported, 1 the content
//! is refused or the database failed (nothing was written), 2 the file cannot be read as
//! an event document of a version this build reads (the database is not even opened).

use std::io::Write;
use std::path::Path;

use super::comanda::CommandOutput;
use crate::store::{DatabaseUrl, Db};
use crate::transfer::{self, ClubOutcome, ImportReport, TransferError};

fn failure(stderr: String, exit_code: u8) -> CommandOutput {
    CommandOutput {
        stdout: String::new(),
        stderr,
        exit_code,
    }
}

/// The public id in an argument that may also be the event's address
/// (`https://host/e/ID`, `/e/ID/standings`, `/manage/events/ID`).
pub fn event_public_id(argument: &str) -> &str {
    let trimmed = argument.trim();
    for marker in ["/manage/events/", "/e/"] {
        if let Some((_, rest)) = trimmed.split_once(marker) {
            return rest.split(['/', '?', '#']).next().unwrap_or(rest);
        }
    }
    trimmed
}

pub fn export(database_url: &DatabaseUrl, event: &str, output: Option<&Path>) -> CommandOutput {
    let public_id = event_public_id(event);
    let exported = Db::open(database_url)
        .map_err(TransferError::Store)
        .and_then(|db| transfer::export(&db, public_id));
    let document = match exported {
        Ok(document) => document,
        Err(error) => return failure(format!("error: {error}\n"), 1),
    };
    let text = document.to_json();
    let Some(path) = output else {
        return CommandOutput {
            stdout: text,
            stderr: String::new(),
            exit_code: 0,
        };
    };
    match write_new_file(path, &text) {
        Ok(()) => CommandOutput {
            stdout: format!(
                "event {} ({}) written to {}: {} entrants, {} matches, {} log entries, {} notices\n",
                document.event.public_id,
                document.event.name,
                path.display(),
                document.entrants.len(),
                document.matches.len(),
                document.entry_count(),
                document.notices.len()
            ),
            stderr: String::new(),
            exit_code: 0,
        },
        Err(message) => failure(format!("error: {}: {message}\n", path.display()), 2),
    }
}

/// Writes a file that must not exist yet; a partial file is removed.
fn write_new_file(path: &Path, text: &str) -> Result<(), String> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::AlreadyExists => {
                "the file exists already; it is never overwritten".to_string()
            }
            _ => format!("cannot create the file: {error}"),
        })?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    if let Err(error) = written {
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(format!("cannot write the file: {error}"));
    }
    Ok(())
}

pub fn import(database_url: &DatabaseUrl, file: &Path, credit_to: Option<&str>) -> CommandOutput {
    let unreadable = |message: String| failure(format!("{}: {message}\n", file.display()), 2);
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => return unreadable(format!("cannot read the file: {error}")),
    };
    let document = match transfer::read_document(&text) {
        Ok(document) => document,
        Err(error) => return unreadable(error.to_string()),
    };
    // The content is checked before the database is opened (opening it may migrate it).
    let checked = match transfer::check(&document) {
        Ok(checked) => checked,
        Err(error) => return refused(file, &error),
    };
    let imported = Db::open(database_url)
        .map_err(TransferError::Store)
        .and_then(|db| transfer::import_checked(&db, &document, checked, credit_to));
    match imported {
        Ok(report) => CommandOutput {
            stdout: describe(&report, database_url),
            stderr: String::new(),
            exit_code: 0,
        },
        Err(TransferError::Unreadable(message)) => unreadable(message),
        Err(error) => refused(file, &error),
    }
}

fn refused(file: &Path, error: &TransferError) -> CommandOutput {
    let stderr = match error {
        TransferError::Refused(problems) => {
            let mut text = format!("{}: refused, nothing was imported:\n", file.display());
            for line in problems.lines() {
                text.push_str("  ");
                text.push_str(line);
                text.push('\n');
            }
            text
        }
        other => format!("error: {other}; nothing was imported\n"),
    };
    failure(stderr, 1)
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn describe(report: &ImportReport, database_url: &DatabaseUrl) -> String {
    let club = match report.club {
        ClubOutcome::Created => "created".to_string(),
        ClubOutcome::Reused { nicknames_added } => format!(
            "reused (a club of that name was there; {} added)",
            plural(nicknames_added, "nickname", "nicknames")
        ),
    };
    let mut out = format!(
        "imported event \"{}\" into {database_url}: /e/{}\n",
        report.event_name, report.event_public_id
    );
    out.push_str(&format!(
        "  club \"{}\" (/clubs/{}): {club}\n",
        report.club_name, report.club_slug
    ));
    out.push_str(&format!(
        "  {}, {} with {}, {}\n",
        plural(report.entrants, "entrant", "entrants"),
        plural(report.matches, "match", "matches"),
        plural(report.entries, "log entry", "log entries"),
        plural(report.notices, "correction notice", "correction notices"),
    ));
    out.push_str(&format!(
        "  credited to {} ({}){}; log authors kept as exported\n",
        report.credited_to,
        report.credited_role,
        if report.organizer_added {
            ", now an organizer of the club"
        } else {
            ""
        }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::event_public_id;

    #[test]
    fn an_event_is_named_by_its_id_or_its_address() {
        assert_eq!(event_public_id("Ab3_x-9"), "Ab3_x-9");
        assert_eq!(
            event_public_id(" https://punti.example.org/e/Ab3?x=1 "),
            "Ab3"
        );
        assert_eq!(event_public_id("/e/Ab3/standings"), "Ab3");
        assert_eq!(
            event_public_id("http://127.0.0.1:8080/manage/events/Ab3"),
            "Ab3"
        );
    }
}
