//! `segnapunti user add`: accounts from the shell.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use clap::Subcommand;

use crate::accounts::{self, Role};
use crate::store::{DatabaseUrl, Db, StoreError, users};

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create an account. The password is read from standard input (first line)
    /// or, on a terminal, asked for twice.
    Add {
        /// admin, organizer or referee.
        #[arg(long, value_parser = parse_role)]
        role: Role,
        /// The name shown on pages (defaults to the username).
        #[arg(long)]
        display_name: Option<String>,
        /// Login name: letters, digits, dots, dashes, underscores.
        username: String,
    },
    /// Create a personal API token for an account and print it (shown once).
    Token {
        /// What the token is for, e.g. "scoreboard".
        #[arg(long, default_value = "cli")]
        label: String,
        username: String,
    },
}

fn parse_role(text: &str) -> Result<Role, String> {
    Role::parse(text).ok_or_else(|| "expected admin, organizer or referee".to_string())
}

pub fn run(database_url: &DatabaseUrl, command: UserCommand) -> ExitCode {
    match command {
        UserCommand::Token { label, username } => match token(database_url, &label, &username) {
            Ok(token) => {
                println!("{token}");
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        UserCommand::Add {
            role,
            display_name,
            username,
        } => match add(database_url, role, display_name, &username) {
            Ok(message) => {
                println!("{message}");
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
    }
}

fn add(
    database_url: &DatabaseUrl,
    role: Role,
    display_name: Option<String>,
    raw_username: &str,
) -> Result<String, String> {
    let username = accounts::normalize_username(raw_username).map_err(|e| e.to_string())?;
    let display_name = display_name
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| username.clone());
    let password = read_password()?;
    accounts::check_password_strength(&password).map_err(|e| e.to_string())?;
    let hash = accounts::hash_password(&password).map_err(|e| e.to_string())?;
    let db = Db::open(database_url).map_err(|e| e.to_string())?;
    let (name, shown) = (username.clone(), display_name.clone());
    let outcome = db.write(move |connection| {
        users::insert(
            connection,
            &users::NewUser {
                username: &name,
                display_name: &shown,
                password_hash: &hash,
                role,
            },
        )
    });
    match outcome {
        Ok(user) => Ok(format!(
            "created {} {} ({})",
            user.role(),
            user.username,
            user.display_name
        )),
        Err(StoreError::Duplicate) => Err(format!("the username {username} is already taken")),
        Err(error) => Err(error.to_string()),
    }
}

fn read_password() -> Result<String, String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ").map_err(|e| e.to_string())?;
        let second =
            rpassword::prompt_password("Repeat the password: ").map_err(|e| e.to_string())?;
        if first != second {
            return Err("the two passwords do not match".to_string());
        }
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    }
}

fn token(database_url: &DatabaseUrl, label: &str, raw_username: &str) -> Result<String, String> {
    let username = accounts::normalize_username(raw_username).map_err(|e| e.to_string())?;
    let db = Db::open(database_url).map_err(|e| e.to_string())?;
    let token = accounts::random_token();
    let hash = accounts::token_hash(&token);
    let label: String = label.trim().chars().take(80).collect();
    let name = username.clone();
    db.write(move |connection| {
        let user = users::find_by_username(connection, &name)?.ok_or(StoreError::Stale)?;
        crate::store::api_tokens::insert(connection, user.id, &label, &hash)
    })
    .map_err(|error| match error {
        StoreError::Stale => format!("no account is called {username}"),
        other => other.to_string(),
    })?;
    Ok(token)
}
