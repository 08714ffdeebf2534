//! The command line as an operator uses it.

use crate::support;

use std::process::{Command, Stdio};

use support::{Backend, TestApp, TestDatabase};

fn segnapunti() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_segnapunti"));
    command.env_remove("DATABASE_URL").env("RUST_LOG", "error");
    command
}

fn run_with_stdin(command: &mut Command, input: &str) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    support::process::feed_stdin(&mut child, input);
    child.wait_with_output().unwrap()
}

/// `segnapunti user add` on the database at `url` with `args`, `password` typed in.
fn user_add(url: &str, args: &[&str], password: &str) -> std::process::Output {
    run_with_stdin(
        segnapunti()
            .args(["--database-url", url, "user", "add"])
            .args(args),
        password,
    )
}

fn user_add_creates_an_account_that_logs_in(backend: Backend) {
    let database = TestDatabase::new(backend);
    let output = user_add(
        &database.url,
        &["--role", "organizer", "--display-name", "Anna Neri", "Anna"],
        "password-di-anna\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("organizer anna"));

    let duplicate = user_add(
        &database.url,
        &["--role", "referee", "anna"],
        "altra-password-lunga\n",
    );
    assert!(!duplicate.status.success());
    assert!(String::from_utf8_lossy(&duplicate.stderr).contains("already taken"));

    let app = TestApp::spawn_on(backend, database);
    assert!(
        app.setup_link.is_none(),
        "an account exists, so no setup link"
    );
    let client = app.client();
    client.login("anna", "password-di-anna");
    let home = client.get("/");
    assert!(home.body.contains("Anna Neri"));
    assert!(home.body.contains("organizzatore"));
}

#[test]
fn user_add_on_sqlite() {
    user_add_creates_an_account_that_logs_in(Backend::Sqlite);
}

#[cfg(postgres_tests)]
#[test]
fn user_add_on_postgres() {
    user_add_creates_an_account_that_logs_in(Backend::Postgres);
}

#[test]
fn user_add_refuses_a_short_password_and_a_bad_role() {
    let database = TestDatabase::new(Backend::Sqlite);
    let short = user_add(&database.url, &["--role", "referee", "bea"], "corta\n");
    assert!(!short.status.success());
    assert!(String::from_utf8_lossy(&short.stderr).contains("at least 10"));
    let role = user_add(
        &database.url,
        &["--role", "boss", "bea"],
        "password-lunga\n",
    );
    assert!(!role.status.success());
    assert!(String::from_utf8_lossy(&role.stderr).contains("admin, organizer or referee"));
}

#[test]
fn unsupported_database_urls_are_refused_with_the_accepted_forms() {
    let folder = tempfile::tempdir().unwrap();
    for url in [
        "mysql://root@localhost/segna",
        "segnapunti.db",
        "sqlite:/x.db",
    ] {
        let output = segnapunti()
            .current_dir(folder.path())
            .args(["--database-url", url, "migrate"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{url}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains("sqlite://") && message.contains("postgres://"),
            "{message}"
        );
    }
    // Never a silent fallback to a new SQLite file.
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 0);
}

#[test]
fn an_unreachable_postgres_is_named_with_host_and_port() {
    let output = segnapunti()
        .args([
            "--database-url",
            "postgres://nobody:secret-pw@127.0.0.1:1/segna",
            "migrate",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("cannot reach PostgreSQL at 127.0.0.1:1"),
        "{message}"
    );
    assert!(!message.contains("secret-pw"), "{message}");
}

#[test]
fn serve_prints_the_setup_link_once_on_an_empty_database() {
    let folder = tempfile::tempdir().unwrap();
    let mut child = segnapunti()
        .current_dir(folder.path())
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut link = String::new();
    for _ in 0..10 {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
        if line.contains("/setup/") {
            link = line.trim().to_string();
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(link.starts_with("http://127.0.0.1:"), "{link}");
    // The default database is segnapunti.db in the working directory.
    assert!(folder.path().join("segnapunti.db").exists());
}

#[test]
fn help_lists_the_subcommands() {
    let output = segnapunti().arg("--help").output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    for subcommand in ["serve", "migrate", "export", "import", "user", "rules"] {
        assert!(text.contains(subcommand), "{text}");
    }
}

/// `segnapunti backup` of the database at `url` into the file `to`.
fn backup(url: &str, to: &std::path::Path) -> std::process::Output {
    segnapunti()
        .args(["--database-url", url, "backup"])
        .arg(to)
        .output()
        .unwrap()
}

#[test]
fn backup_copies_a_live_sqlite_database() {
    let app = TestApp::spawn(Backend::Sqlite);
    let admin = app.admin();
    assert_eq!(admin.get("/admin/users").status, 200);
    let folder = tempfile::tempdir().unwrap();
    let copy = folder.path().join("copy.db");
    let output = backup(&app.database.url, &copy);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The running server goes on; the copy opens on its own with the account in it.
    assert_eq!(admin.get("/admin/users").status, 200);
    let again = backup(&app.database.url, &copy);
    assert!(
        !again.status.success(),
        "an existing file is never overwritten"
    );
    let restored = TestApp::spawn_on(
        Backend::Sqlite,
        TestDatabase::at_url(&format!("sqlite://{}", copy.display())),
    );
    assert!(restored.setup_link.is_none());
    restored.client().login("capo", support::ADMIN_PASSWORD);
}

#[test]
fn backup_onto_an_existing_file_says_the_file_exists() {
    let database = TestDatabase::new(Backend::Sqlite);
    let migrated = segnapunti()
        .args(["--database-url", &database.url, "migrate"])
        .output()
        .unwrap();
    assert!(migrated.status.success());
    let folder = tempfile::tempdir().unwrap();
    let taken = folder.path().join("già-qui.db");
    std::fs::write(&taken, "something of value").unwrap();
    let output = backup(&database.url, &taken);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&taken.display().to_string()), "{stderr}");
    assert!(stderr.contains("exists already"), "{stderr}");
    assert!(!stderr.contains("damaged"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&taken).unwrap(),
        "something of value",
        "the file is left as it was"
    );
}

#[test]
fn backup_of_a_postgres_database_points_to_pg_dump() {
    let output = segnapunti()
        .args([
            "--database-url",
            "postgres://nobody@127.0.0.1:1/none",
            "backup",
            "copy.db",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("pg_dump"), "{stderr}");
    assert!(!stderr.contains("damaged"), "{stderr}");
}
