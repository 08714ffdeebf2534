//! A captured statement made explainable: diesel shows it as `SQL -- binds: [..]`, the
//! binds in Rust's `Debug` form; they are read back and written into the SQL as
//! literals, so the planner sees the values the page used.

/// A bind value as diesel's `Debug` showed it.
#[derive(Debug, Clone, PartialEq)]
pub enum Bind {
    Null,
    Number(String),
    Text(String),
    Bool(bool),
    /// Anything else unquoted (a timestamp): written as text.
    Other(String),
    List(Vec<Bind>),
}

/// The SQL and its binds.
pub fn split(shown: &str) -> (String, Vec<Bind>) {
    match shown.split_once(" -- binds: ") {
        Some((sql, binds)) => {
            let mut reader = Reader {
                chars: binds.chars().collect(),
                at: 0,
            };
            match reader.value() {
                Bind::List(binds) => (sql.to_string(), binds),
                other => panic!("binds are a list: {other:?} in {shown}"),
            }
        }
        None => (shown.to_string(), Vec::new()),
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn starts_with(&self, text: &str) -> bool {
        let wanted: Vec<char> = text.chars().collect();
        self.chars[self.at..].starts_with(&wanted)
    }

    fn value(&mut self) -> Bind {
        self.skip_spaces();
        match self.peek() {
            Some('"') => Bind::Text(self.string()),
            Some('[') => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_spaces();
                    match self.peek() {
                        Some(']') => {
                            self.at += 1;
                            return Bind::List(items);
                        }
                        Some(',') => self.at += 1,
                        Some(_) => items.push(self.value()),
                        None => panic!("an unfinished list of binds"),
                    }
                }
            }
            _ if self.starts_with("Some(") => {
                self.at += "Some(".len();
                let inner = self.value();
                self.skip_spaces();
                assert_eq!(self.peek(), Some(')'), "Some( closes");
                self.at += 1;
                inner
            }
            _ => {
                let start = self.at;
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    match c {
                        '(' | '{' | '[' => depth += 1,
                        ')' | '}' | ']' if depth == 0 => break,
                        ')' | '}' | ']' => depth -= 1,
                        ',' if depth == 0 => break,
                        _ => {}
                    }
                    self.at += 1;
                }
                let word: String = self.chars[start..self.at].iter().collect();
                let word = word.trim();
                match word {
                    "None" => Bind::Null,
                    "true" => Bind::Bool(true),
                    "false" => Bind::Bool(false),
                    _ if word.parse::<f64>().is_ok() => Bind::Number(word.to_string()),
                    _ => Bind::Other(word.to_string()),
                }
            }
        }
    }

    /// A Rust string literal in `Debug` form, unescaped.
    fn string(&mut self) -> String {
        self.at += 1;
        let mut text = String::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            match c {
                '"' => return text,
                '\\' => {
                    let escaped = self.peek().expect("an escape");
                    self.at += 1;
                    match escaped {
                        'n' => text.push('\n'),
                        'r' => text.push('\r'),
                        't' => text.push('\t'),
                        '0' => text.push('\0'),
                        'u' => {
                            // \u{XXXX}
                            self.at += 1;
                            let start = self.at;
                            while self.peek() != Some('}') {
                                self.at += 1;
                            }
                            let hex: String = self.chars[start..self.at].iter().collect();
                            self.at += 1;
                            text.push(
                                char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap(),
                            );
                        }
                        other => text.push(other),
                    }
                }
                other => text.push(other),
            }
        }
        panic!("an unfinished string among the binds")
    }
}

/// Which SQL the literals are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// An array's element type on PostgreSQL, when its values do not say (all null).
pub const UNSAID_ELEMENT_TYPES: [&str; 3] = ["bigint", "text", "timestamp"];

fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `2026-11-29T20:30:00` (chrono's `Debug`) as the text a column holds.
fn looks_like_time(text: &str) -> bool {
    text.len() >= 19 && text.as_bytes()[4] == b'-' && text.as_bytes()[10] == b'T'
}

fn scalar(bind: &Bind, dialect: Dialect) -> String {
    match bind {
        Bind::Null => "NULL".to_string(),
        Bind::Number(number) => number.clone(),
        Bind::Text(text) => quoted(text),
        Bind::Bool(value) => match (dialect, value) {
            (Dialect::Sqlite, true) => "1".to_string(),
            (Dialect::Sqlite, false) => "0".to_string(),
            (Dialect::Postgres, value) => value.to_string(),
        },
        Bind::Other(text) if looks_like_time(text) => quoted(&text.replacen('T', " ", 1)),
        Bind::Other(text) => quoted(text),
        Bind::List(_) => panic!("a list inside a list of binds"),
    }
}

/// A list bound as one PostgreSQL array: typed, since `unnest` cannot guess. `None`
/// when no element says its type.
fn element_type(items: &[Bind]) -> Option<&'static str> {
    items.iter().find_map(|item| match item {
        Bind::Null => None,
        Bind::Number(number) if number.contains('.') => Some("double precision"),
        Bind::Number(_) => Some("bigint"),
        Bind::Text(_) => Some("text"),
        Bind::Bool(_) => Some("boolean"),
        Bind::Other(text) if looks_like_time(text) => Some("timestamp"),
        Bind::Other(_) => Some("text"),
        Bind::List(_) => panic!("nested lists of binds"),
    })
}

/// How many of the binds are arrays whose type must be guessed.
pub fn unsaid_arrays(binds: &[Bind]) -> usize {
    binds
        .iter()
        .filter(|bind| matches!(bind, Bind::List(items) if element_type(items).is_none()))
        .count()
}

fn literal(
    bind: &Bind,
    dialect: Dialect,
    guesses: &mut impl Iterator<Item = &'static str>,
) -> String {
    match bind {
        Bind::List(items) => {
            let element = element_type(items)
                .or_else(|| guesses.next())
                .expect("a guess for every array of nulls");
            let values: Vec<String> = items.iter().map(|item| scalar(item, dialect)).collect();
            format!("ARRAY[{}]::{element}[]", values.join(", "))
        }
        other => scalar(other, dialect),
    }
}

/// The SQL with each placeholder (`?` on SQLite, `$n` on PostgreSQL) outside quotes
/// replaced by its bind's literal; `guesses` types the arrays of nulls in turn.
pub fn inline(sql: &str, binds: &[Bind], dialect: Dialect, guesses: &[&'static str]) -> String {
    let mut guesses = guesses.iter().copied();
    let literals: Vec<String> = binds
        .iter()
        .map(|bind| literal(bind, dialect, &mut guesses))
        .collect();
    let chars: Vec<char> = sql.chars().collect();
    let mut out = String::with_capacity(sql.len());
    let mut quote: Option<char> = None;
    let mut next = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            Some(open) => {
                out.push(c);
                if c == open {
                    quote = None;
                }
                i += 1;
            }
            None if c == '\'' || c == '"' || c == '`' => {
                quote = Some(c);
                out.push(c);
                i += 1;
            }
            None if c == '?' && dialect == Dialect::Sqlite => {
                out.push_str(&literals[next]);
                next += 1;
                i += 1;
            }
            None if c == '$'
                && dialect == Dialect::Postgres
                && chars.get(i + 1).is_some_and(char::is_ascii_digit) =>
            {
                let start = i + 1;
                let mut end = start;
                while chars.get(end).is_some_and(char::is_ascii_digit) {
                    end += 1;
                }
                let number: usize = chars[start..end]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .unwrap();
                out.push_str(&literals[number - 1]);
                i = end;
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binds_read_back_as_they_were_shown() {
        let (sql, binds) = split(
            r#"SELECT 1 FROM t WHERE a = $1 AND b = $2 -- binds: [5, "it's \"x\"", Some(None), 2026-11-29T20:30:00, [Some("a"), None], true]"#,
        );
        assert_eq!(sql, "SELECT 1 FROM t WHERE a = $1 AND b = $2");
        assert_eq!(
            binds,
            vec![
                Bind::Number("5".into()),
                Bind::Text("it's \"x\"".into()),
                Bind::Null,
                Bind::Other("2026-11-29T20:30:00".into()),
                Bind::List(vec![Bind::Text("a".into()), Bind::Null]),
                Bind::Bool(true),
            ]
        );
    }

    #[test]
    fn placeholders_in_quotes_stay() {
        let binds = [Bind::Text("o'k".into()), Bind::Number("3".into())];
        assert_eq!(
            inline(
                "SELECT '?' FROM t WHERE a = ? AND b = ?",
                &binds,
                Dialect::Sqlite,
                &[]
            ),
            "SELECT '?' FROM t WHERE a = 'o''k' AND b = 3"
        );
        assert_eq!(
            inline(
                "SELECT $2 + $1 FROM unnest($1)",
                &binds,
                Dialect::Postgres,
                &[]
            ),
            "SELECT 3 + 'o''k' FROM unnest('o''k')"
        );
        let nulls = [Bind::List(vec![Bind::Null])];
        assert_eq!(
            inline("SELECT unnest($1)", &nulls, Dialect::Postgres, &["bigint"]),
            "SELECT unnest(ARRAY[NULL]::bigint[])"
        );
    }
}
