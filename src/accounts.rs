//! Accounts: roles, password hashing and the random tokens behind one-time links.
//!
//! Hashing is deliberately slow; callers on the async executor must run it in a
//! blocking task.

use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};
use rand::RngCore;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Referee,
    Organizer,
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Organizer, Role::Referee];

    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organizer => "organizer",
            Role::Referee => "referee",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| role.as_str().eq_ignore_ascii_case(text.trim()))
    }

    /// A role as the database stores it: one no longer known is the least
    /// privileged.
    pub fn stored(text: &str) -> Role {
        Role::parse(text).unwrap_or(Role::Referee)
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

pub const MIN_PASSWORD_LEN: usize = 10;
pub const MAX_PASSWORD_LEN: usize = 256;
pub const MAX_USERNAME_LEN: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    #[error("the username must be 1 to 40 letters, digits, dots, dashes or underscores")]
    InvalidUsername,
    #[error("the password must be at least 10 characters long")]
    PasswordTooShort,
    #[error("the password must be at most 256 characters long")]
    PasswordTooLong,
    #[error("the password could not be hashed")]
    Hashing,
}

/// Usernames are ASCII so that look-alike accounts cannot be created.
pub fn normalize_username(raw: &str) -> Result<String, AccountError> {
    let name = raw.trim().to_ascii_lowercase();
    let valid = !name.is_empty()
        && name.len() <= MAX_USERNAME_LEN
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if valid {
        Ok(name)
    } else {
        Err(AccountError::InvalidUsername)
    }
}

pub fn check_password_strength(password: &str) -> Result<(), AccountError> {
    let length = password.chars().count();
    if length < MIN_PASSWORD_LEN {
        Err(AccountError::PasswordTooShort)
    } else if length > MAX_PASSWORD_LEN {
        Err(AccountError::PasswordTooLong)
    } else {
        Ok(())
    }
}

/// argon2id with the OWASP-recommended minimum: 19 MiB of memory, 2 passes, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_password(password: &str) -> Result<String, AccountError> {
    hasher()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|_| AccountError::Hashing)
}

pub fn verify_password(password: &str, stored_hash: &str) -> bool {
    hasher()
        .verify_password(password.as_bytes(), stored_hash)
        .is_ok()
}

/// Spends the same time as a real verification, so that a login for an unknown
/// account cannot be told apart by its speed.
pub fn verify_against_nothing(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash_password("not a real password").unwrap_or_default());
    let _ = verify_password(password, dummy);
}

/// A random URL-safe token of 256 bits.
pub fn random_token() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// A new submission key: the time in microseconds as 14 hex digits, then 128
/// random bits. Keys that begin with the time land at the end of the log's
/// (submission key, match) index, the page every entry of a commit shares, rather
/// than on a page of their match's own: half the pages a busy commit writes.
pub fn submission_key(now: chrono::DateTime<chrono::Utc>) -> String {
    use base64::Engine;
    let micros = u64::try_from(now.timestamp_micros()).unwrap_or(0);
    let mut random = [0u8; 16];
    rand::rng().fill_bytes(&mut random);
    let mut key = format!("{micros:014x}");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode_string(random, &mut key);
    key
}

/// Tokens are stored hashed, so a copy of the database does not hand out live links.
/// Every API request hashes its bearer token: the digits are looked up rather
/// than formatted, which cost three times the hash itself.
pub fn token_hash(token: &str) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(token.as_bytes());
    let mut hex = String::with_capacity(2 * digest.len());
    for byte in digest {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let hash = hash_password("correct horse battery").unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse battery", &hash));
        assert!(!verify_password("wrong horse battery", &hash));
        assert_ne!(hash, hash_password("correct horse battery").unwrap());
    }

    #[test]
    fn usernames_are_normalized_and_checked() {
        assert_eq!(normalize_username("  Mario.Rossi ").unwrap(), "mario.rossi");
        assert!(normalize_username("").is_err());
        assert!(normalize_username("mario rossi").is_err());
        assert!(normalize_username("màrio").is_err());
        assert!(normalize_username(&"a".repeat(41)).is_err());
    }

    #[test]
    fn passwords_have_a_minimum_length() {
        assert_eq!(
            check_password_strength("short"),
            Err(AccountError::PasswordTooShort)
        );
        assert!(check_password_strength("long enough pw").is_ok());
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let token = random_token();
        assert_eq!(token.len(), 43);
        assert_ne!(token, random_token());
        assert_eq!(token_hash(&token).len(), 64);
        assert_eq!(token_hash(&token), token_hash(&token));
        // SHA-256 of "abc", in lowercase hexadecimal as stored.
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn submission_keys_sort_by_time_and_differ() {
        let at = |micros| chrono::DateTime::from_timestamp_micros(micros).unwrap();
        let earlier = submission_key(at(1_764_000_000_000_000));
        let later = submission_key(at(1_764_000_000_000_001));
        assert!(earlier < later, "{earlier} then {later}");
        assert_eq!(earlier.len(), 36);
        assert!(earlier.starts_with("06445941624000"), "{earlier}");
        assert_ne!(submission_key(at(5)), submission_key(at(5)));
        assert!(
            submission_key(at(5)) < submission_key(at(16)),
            "hex digits, not text order of numbers"
        );
    }
}
