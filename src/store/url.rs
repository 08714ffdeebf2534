//! Which database a URL names. The backend is chosen by the scheme alone: diesel's
//! `MultiConnection::establish` would try each backend in turn, and SQLite accepts
//! any string as a file name, so a mistyped URL could silently create a new file.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite { path: PathBuf },
    Postgres { url: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseUrlError {
    #[error(
        "unsupported database URL scheme in {shown:?}: use sqlite://PATH (e.g. sqlite://segnapunti.db) \
         or postgres://USER@HOST:PORT/DATABASE (postgresql:// also works)"
    )]
    UnsupportedScheme { shown: String },
    #[error(
        "the SQLite URL {shown:?} names no file: use sqlite://PATH, e.g. sqlite://segnapunti.db"
    )]
    MissingSqlitePath { shown: String },
}

impl DatabaseUrl {
    pub const DEFAULT: &'static str = "sqlite://segnapunti.db";

    pub fn parse(raw: &str) -> Result<DatabaseUrl, DatabaseUrlError> {
        let raw = raw.trim();
        let (scheme, rest) = raw
            .split_once("://")
            .ok_or_else(|| DatabaseUrlError::UnsupportedScheme { shown: redact(raw) })?;
        match scheme.to_ascii_lowercase().as_str() {
            "sqlite" => {
                let path = rest.split('?').next().unwrap_or_default();
                if path.is_empty() {
                    return Err(DatabaseUrlError::MissingSqlitePath {
                        shown: raw.to_string(),
                    });
                }
                Ok(DatabaseUrl::Sqlite {
                    path: PathBuf::from(path),
                })
            }
            "postgres" | "postgresql" => Ok(DatabaseUrl::Postgres {
                url: raw.to_string(),
            }),
            _ => Err(DatabaseUrlError::UnsupportedScheme { shown: redact(raw) }),
        }
    }

    /// Host and port of a PostgreSQL URL, for error messages (defaults as libpq has them).
    pub fn postgres_host_port(&self) -> Option<(String, u16)> {
        let DatabaseUrl::Postgres { url } = self else {
            return None;
        };
        let after_scheme = url.split_once("://")?.1;
        let authority = after_scheme.split(['/', '?']).next().unwrap_or_default();
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
        let (host, port) = match host_port.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
                (host.to_string(), port.parse().unwrap_or(5432))
            }
            _ => (host_port.to_string(), 5432),
        };
        let host = if host.is_empty() {
            "localhost".to_string()
        } else {
            host
        };
        Some((host, port))
    }
}

impl fmt::Display for DatabaseUrl {
    /// Never shows a password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseUrl::Sqlite { path } => write!(f, "sqlite://{}", path.display()),
            DatabaseUrl::Postgres { url } => f.write_str(&redact(url)),
        }
    }
}

/// Replaces the password of `scheme://user:password@host` with `***`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) if user_info.contains(':') => {
            let user = user_info.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths() {
        assert_eq!(
            DatabaseUrl::parse("sqlite://segnapunti.db"),
            Ok(DatabaseUrl::Sqlite {
                path: "segnapunti.db".into()
            })
        );
        assert_eq!(
            DatabaseUrl::parse("sqlite:///var/lib/x.db"),
            Ok(DatabaseUrl::Sqlite {
                path: "/var/lib/x.db".into()
            })
        );
        assert!(matches!(
            DatabaseUrl::parse("sqlite://"),
            Err(DatabaseUrlError::MissingSqlitePath { .. })
        ));
    }

    #[test]
    fn other_schemes_are_refused_naming_the_accepted_forms() {
        for raw in [
            "mysql://root@localhost/x",
            "segnapunti.db",
            "postgre://x",
            "",
        ] {
            let error = DatabaseUrl::parse(raw).unwrap_err();
            let message = error.to_string();
            assert!(message.contains("sqlite://"), "{message}");
            assert!(message.contains("postgres://"), "{message}");
        }
    }

    #[test]
    fn postgres_host_and_port_and_redaction() {
        let url = DatabaseUrl::parse("postgresql://app:s3cret@db.example:6543/segna").unwrap();
        assert_eq!(
            url.postgres_host_port(),
            Some(("db.example".to_string(), 6543))
        );
        assert!(!url.to_string().contains("s3cret"));
        let url = DatabaseUrl::parse("postgres://localhost/segna").unwrap();
        assert_eq!(
            url.postgres_host_port(),
            Some(("localhost".to_string(), 5432))
        );
        let error = DatabaseUrl::parse("mysql://root:hunter2@h/x").unwrap_err();
        assert!(!error.to_string().contains("hunter2"));
    }
}
