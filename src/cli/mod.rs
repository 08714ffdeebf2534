//! The `segnapunti` command line: `serve` (the default) and the tools beside it.

/// Asserts that a command's output holds `part`, showing the whole output when not.
#[cfg(test)]
macro_rules! assert_holds {
    ($text:expr, $part:expr) => {{
        let text: &str = &$text;
        assert!(text.contains($part), "{}", text);
    }};
}

pub mod comanda;
pub mod demo;
pub mod plan;
pub mod progress;
pub mod ratings;
pub mod record;
pub mod transfer;
pub mod user;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::lang::Arg;
use crate::store::DatabaseUrl;
use crate::web::i18n::{self, Worded};

#[derive(Debug, Parser)]
#[command(
    name = "segnapunti",
    version,
    about = "Scores and records tournaments of Venetian and Italian card games",
    long_about = "Scores and records tournaments of Venetian and Italian card games.\n\
                  Without a subcommand it serves the web application (see `segnapunti serve --help`)."
)]
pub struct Cli {
    /// Database: sqlite://PATH (the default, created if missing) or postgres://USER@HOST:PORT/DB.
    #[arg(long, env = "DATABASE_URL", default_value = DatabaseUrl::DEFAULT, global = true, hide_env_values = true)]
    pub database_url: String,

    #[command(flatten)]
    pub serve: ServeArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web application (the default).
    Serve(ServeArgs),
    /// Apply pending database migrations and exit (serve also does this at start).
    Migrate,
    /// Write a consistent snapshot of a live SQLite database to FILE (the server may keep
    /// running; exit 1: the copy failed; 2: FILE exists already, or the database is not SQLite).
    Backup {
        /// Where to write the copy; it must not exist yet.
        file: PathBuf,
    },
    /// Write an event with its club reference, entrants, matches and their logs as one
    /// JSON document (exit 1: no such event; 2: the output file cannot be written).
    Export {
        /// The event's public id, as in its address /e/ID (the address itself also works).
        // Ids made before they were letters and digits only may begin with `-`.
        #[arg(allow_hyphen_values = true)]
        event: String,
        /// Write to this file (it must not exist yet) instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Create an event from a document written by `export`, in one transaction (exit 1:
    /// refused, nothing written; 2: the file cannot be read as an event document).
    Import {
        /// The account the event and its matches are credited to (an administrator or an
        /// organizer); by default the oldest administrator.
        #[arg(long = "as", value_name = "USERNAME")]
        credit_to: Option<String>,
        file: PathBuf,
    },
    /// Fill an empty database with a demo club: a closed season of six Trionfetti nights,
    /// an open one with a night in progress, an event of each other game; prints the
    /// address to open and the demo accounts' one-time links (exit 1: the database is not
    /// empty, nothing written; 2: it cannot be opened). With `--clubs`, a federation's
    /// years: the demo club and more clubs, each with its seasons of weekly nights.
    Demo {
        /// Clubs in all, the demo's among them: each other club plays a season of eight
        /// weekly nights and a tournament of another game, season after season.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        clubs: Option<u16>,
        /// The seasons each club of `--clubs` has played, this one included (default 3).
        #[arg(long, value_name = "S", requires = "clubs", value_parser = clap::value_parser!(u16).range(1..=20))]
        seasons: Option<u16>,
    },
    /// Verify whole events from their stored logs: every log replays under the event's
    /// options, results, schedule and standings recompute to what the pages show, every
    /// correction notice matches its diff (exit 0: all agree; 1: the first event, match
    /// and entry that does not; 2: the database cannot be read).
    Check {
        /// Events' public ids or addresses; none: every event.
        #[arg(allow_hyphen_values = true)]
        events: Vec<String>,
    },
    /// Manage accounts from the shell.
    #[command(subcommand)]
    User(user::UserCommand),
    /// The rules engine: read a comanda, check or replay a match record.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Players' ratings.
    #[command(subcommand)]
    Ratings(RatingsCommand),
    /// Print the schedule a format gives for a planning file, as JSON, without a
    /// database (exit 1: a result names no table of the schedule; 2: the file cannot be
    /// read). See docs/tournament.md.
    Plan {
        /// Print JSON (the only output there is).
        #[arg(long)]
        json: bool,
        file: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Print the ranking a comanda gives, lowest to highest (exit 2 on text it cannot read).
    Comanda {
        /// Print {"levels": [[card codes], …]}, lowest level first.
        #[arg(long)]
        json: bool,
        /// A club's nicknames: one `name = expansion` per line.
        #[arg(long, value_name = "FILE")]
        nicknames: Option<PathBuf>,
        /// The comanda as said, e.g. "più ponto e denari al tredici".
        #[arg(required = true, num_args = 1.., value_name = "TEXT")]
        text: Vec<String>,
    },
    /// Validate a match record: exit 0 with the final summary, 1 naming the first
    /// invalid entry, 2 when the file cannot be read.
    Check {
        #[arg(long)]
        json: bool,
        file: PathBuf,
    },
    /// Print the state after every entry of a match record.
    Replay {
        #[arg(long)]
        json: bool,
        file: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Recompute every player's ratings from the stored match logs alone and store them
    /// (exit 0, saying whether the stored ratings differed; 1: the database failed).
    Rebuild,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SEGNAPUNTI_BIND", default_value = "127.0.0.1")]
    pub bind: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, env = "SEGNAPUNTI_PORT", default_value_t = 8080)]
    pub port: u16,
    /// The address people use to reach the server, for printed links
    /// (e.g. https://punti.example.org). Defaults to http://BIND:PORT.
    #[arg(long, env = "SEGNAPUNTI_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Mark cookies Secure; set this when the server is reached over https.
    #[arg(long, env = "SEGNAPUNTI_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// Session signing key: base64 of at least 64 bytes. When unset, a key is
    /// generated once and kept in the database, so restarts keep people logged in.
    #[arg(long, env = "SEGNAPUNTI_SESSION_KEY", hide_env_values = true)]
    pub session_key: Option<String>,
    /// Log level when RUST_LOG is unset (error, warn, info, debug, trace).
    #[arg(long, env = "SEGNAPUNTI_LOG", default_value = "info")]
    pub log_level: String,
    /// Worker threads (default: one per core).
    #[arg(long, env = "SEGNAPUNTI_WORKERS")]
    pub workers: Option<usize>,
    /// The address of a reverse proxy in front of the server (several: comma-separated).
    /// Only for connections from it is the client's address read from
    /// X-Forwarded-For or Forwarded, for the login throttle.
    #[arg(
        long,
        env = "SEGNAPUNTI_TRUSTED_PROXY",
        value_name = "ADDR",
        value_delimiter = ','
    )]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// PostgreSQL: the most pooled connections this instance opens, as it needs them
    /// (it also keeps up to 4 of its own; see the README's PostgreSQL section).
    #[arg(long, env = "SEGNAPUNTI_DB_POOL_SIZE", default_value_t = crate::store::DbOptions::DEFAULT_POOL_SIZE, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_pool_size: u32,
    /// The most live streams (open live pages) at once; over it a page is answered
    /// 503 and asks again later. Default: derived from the open-files limit, leaving
    /// room for referees and page readers (see the README's configuration).
    #[arg(long, env = "SEGNAPUNTI_MAX_STREAMS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_streams: Option<u32>,
    /// The most live streams one client address (IPv6: its /64) may hold.
    /// Default: half of --max-streams.
    #[arg(long, env = "SEGNAPUNTI_MAX_STREAMS_PER_CLIENT", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_streams_per_client: Option<u32>,
}

impl ServeArgs {
    /// The caps of live streams: those given, the rest derived from `open_files`.
    pub fn stream_limits(&self, open_files: u64) -> crate::web::live_streams::StreamLimits {
        let derived = crate::web::live_streams::StreamLimits::for_open_files(open_files);
        let total = self.max_streams.map_or(derived.total, |n| n as usize);
        let per_client = self
            .max_streams_per_client
            .map_or((total / 2).max(1), |n| n as usize);
        crate::web::live_streams::StreamLimits { per_client, total }
    }
}

/// Runs the command line; the exit code follows the conventions of each subcommand.
pub fn run(cli: Cli) -> ExitCode {
    if let Some(Command::Rules(command)) = cli.command {
        return run_rules(command);
    }
    if let Some(Command::Plan { file, .. }) = &cli.command {
        return print_output(plan::run(file));
    }
    let database_url = match DatabaseUrl::parse(&cli.database_url) {
        Ok(url) => url,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        None => serve(database_url, cli.serve),
        Some(Command::Serve(args)) => serve(database_url, args),
        Some(Command::Backup { file }) => {
            match crate::store::sqlite::backup::snapshot(&database_url, &file) {
                Ok(()) => {
                    println!("backup of {database_url} written to {}", file.display());
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("error: {error}");
                    ExitCode::from(if error.is_refusal() { 2 } else { 1 })
                }
            }
        }
        Some(Command::Migrate) => match crate::store::Db::open(&database_url) {
            Ok(_) => {
                println!("migrations applied to {database_url}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        },
        Some(Command::User(command)) => user::run(&database_url, command),
        Some(Command::Demo { clubs, seasons }) => {
            let address = cli
                .serve
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{}:{}", cli.serve.bind, cli.serve.port));
            let size = clubs.map(|clubs| crate::demo::Size {
                clubs: usize::from(clubs),
                seasons: usize::from(seasons.unwrap_or(3)),
            });
            print_output(demo::demo(&database_url, &address, size))
        }
        Some(Command::Check { events }) => print_output(demo::check(&database_url, &events)),
        Some(Command::Export { event, output }) => {
            print_output(transfer::export(&database_url, &event, output.as_deref()))
        }
        Some(Command::Import { credit_to, file }) => {
            print_output(transfer::import(&database_url, &file, credit_to.as_deref()))
        }
        Some(Command::Ratings(RatingsCommand::Rebuild)) => {
            print_output(ratings::rebuild(&database_url))
        }
        Some(Command::Rules(_) | Command::Plan { .. }) => {
            unreachable!("handled before the database URL is read")
        }
    }
}

/// The rules tools need no database.
fn run_rules(command: RulesCommand) -> ExitCode {
    let output = match command {
        RulesCommand::Comanda {
            json,
            nicknames,
            text,
        } => comanda::run(&text.join(" "), json, nicknames.as_deref()),
        RulesCommand::Check { json, file } => record::check(&file, json),
        RulesCommand::Replay { json, file } => record::replay(&file, json),
    };
    print_output(output)
}

/// A message of the command line's words (`locales/*/cli.ftl`) in Italian and in English,
/// as its errors print both; the arguments are shown as they are.
pub(crate) fn in_both(id: &str, args: &[(&'static str, String)]) -> [String; 2] {
    i18n::in_both(|tr| {
        let args: Vec<(&str, Arg)> = args
            .iter()
            .map(|(name, value)| (*name, Arg::from(value.clone())))
            .collect();
        tr.t_args(id, args)
    })
}

/// An error of the core in Italian and in English, as the command line prints both.
pub(crate) fn worded_in_both(error: &impl Worded) -> [String; 2] {
    i18n::in_both(|tr| error.message(tr.lang()))
}

fn print_output(output: comanda::CommandOutput) -> ExitCode {
    print!("{}", output.stdout);
    eprint!("{}", output.stderr);
    ExitCode::from(output.exit_code)
}

fn serve(database_url: DatabaseUrl, args: ServeArgs) -> ExitCode {
    crate::web::telemetry::init(&args.log_level);
    // Each connection holds a descriptor: the common soft limit of 1,024 let a few
    // hundred live streams starve everything else.
    let open_files = match crate::web::live_streams::raise_open_files_limit() {
        Ok(Some(limit)) => {
            tracing::info!(limit, "open files limit");
            limit
        }
        Ok(None) => 1024,
        Err(error) => {
            let limit = crate::web::live_streams::open_files_limit().unwrap_or(1024);
            tracing::warn!(%error, limit, "the open files limit could not be raised");
            limit
        }
    };
    let live_streams = args.stream_limits(open_files);
    tracing::info!(
        total = live_streams.total,
        per_client = live_streams.per_client,
        "live streams capped"
    );
    let outcome = actix_web::rt::System::new().block_on(async move {
        let options = crate::store::DbOptions {
            pool_size: args.db_pool_size,
        };
        let db = crate::store::Db::open_with(&database_url, &options)
            .map_err(|error| error.to_string())?;
        tracing::info!(database = %database_url, "database ready");
        let listener = std::net::TcpListener::bind((args.bind.as_str(), args.port))
            .map_err(|error| format!("cannot listen on {}:{}: {error}", args.bind, args.port))?;
        let config = crate::web::ServerConfig {
            public_url: args.public_url,
            secure_cookies: args.secure_cookies,
            session_key: args.session_key,
            workers: args.workers,
            trusted_proxies: args.trusted_proxy,
            body_timeout: crate::web::ServerConfig::BODY_TIMEOUT,
            live_streams,
        };
        let running =
            crate::web::start(listener, db, &config).map_err(|error| error.to_string())?;
        tracing::info!(address = %running.address, "listening on {}", running.public_url);
        if let Some(link) = &running.setup_link {
            // A secret meant for the operator's eyes only: printed, never logged.
            println!();
            println!(
                "  No account exists yet. Open this link once to create the first administrator:"
            );
            println!("  {link}");
            println!();
        }
        running.server.await.map_err(|error| error.to_string())
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_proxies_are_addresses_separated_by_commas() {
        let cli =
            Cli::try_parse_from(["segnapunti", "--trusted-proxy", "10.0.0.1,::1"]).expect("parses");
        assert_eq!(
            cli.serve.trusted_proxy,
            vec![
                "10.0.0.1".parse::<std::net::IpAddr>().unwrap(),
                "::1".parse().unwrap()
            ]
        );
        assert!(Cli::try_parse_from(["segnapunti", "--trusted-proxy", "proxy.example"]).is_err());
        let cli = Cli::try_parse_from(["segnapunti"]).expect("parses");
        assert!(cli.serve.trusted_proxy.is_empty());
    }

    #[test]
    fn stream_caps_are_given_or_derived_from_the_open_files_limit() {
        let cli = Cli::try_parse_from(["segnapunti"]).expect("parses");
        let derived = cli.serve.stream_limits(1024);
        assert_eq!((derived.total, derived.per_client), (384, 192));
        let cli = Cli::try_parse_from(["segnapunti", "--max-streams", "10"]).expect("parses");
        let given = cli.serve.stream_limits(1024);
        assert_eq!((given.total, given.per_client), (10, 5));
        let cli = Cli::try_parse_from([
            "segnapunti",
            "--max-streams",
            "10",
            "--max-streams-per-client",
            "3",
        ])
        .expect("parses");
        let both = cli.serve.stream_limits(1024);
        assert_eq!((both.total, both.per_client), (10, 3));
        assert!(Cli::try_parse_from(["segnapunti", "--max-streams", "0"]).is_err());
    }

    #[test]
    fn an_event_id_that_begins_with_a_hyphen_is_read_as_the_event() {
        let cli =
            Cli::try_parse_from(["segnapunti", "export", "-nY3kq2Lw_Z", "--output", "e.json"])
                .expect("parses");
        match cli.command {
            Some(Command::Export { event, output }) => {
                assert_eq!(event, "-nY3kq2Lw_Z");
                assert_eq!(output, Some(PathBuf::from("e.json")));
            }
            other => panic!("read as {other:?}"),
        }
    }
}
