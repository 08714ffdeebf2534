//! Each captured statement's plan, read on a connection of the test's own, and the
//! lines of it that read a whole table of those a page must never read whole.

use std::collections::HashMap;

use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::binds::{self, Dialect, UNSAID_ELEMENT_TYPES};
use super::capture::Statement;

/// The tables that grow with a federation's years.
pub const WATCHED_TABLES: [&str; 4] = ["matches", "match_entries", "events", "players"];

/// Statements that read a whole watched table by design: (a part of the SQL, why).
/// None should be on the public pages or the score-entry path; an entry here says why.
const WHOLE_TABLE_BY_DESIGN: &[(&str, &str)] = &[];

/// A plan line reading a whole watched table.
#[derive(Debug)]
pub struct Scan {
    pub page: String,
    pub sql: String,
    pub line: String,
}

impl std::fmt::Display for Scan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "page {}: `{}`\n    plan: {}",
            self.page, self.sql, self.line
        )
    }
}

#[derive(QueryableByName)]
struct SqlitePlanLine {
    #[diesel(sql_type = Text)]
    detail: String,
}

#[derive(QueryableByName)]
struct PgPlanLine {
    #[diesel(sql_type = Text, column_name = "QUERY PLAN")]
    line: String,
}

/// Whether the statement is one a plan can be asked of (not BEGIN, PRAGMA, SET …).
fn explainable(sql: &str) -> bool {
    let first = sql
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase();
    matches!(
        first.as_str(),
        "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "WITH"
    ) && sql.trim() != "SELECT 1"
}

/// A connection whose own statements nobody records.
fn unrecorded<C: Connection>(mut connection: C) -> C {
    connection.set_instrumentation(Quiet);
    connection
}

struct Quiet;

impl Instrumentation for Quiet {
    fn on_connection_event(&mut self, _: InstrumentationEvent<'_>) {}
}

/// Every plan line of `statements` reading a whole watched table; a statement whose
/// plan cannot be read is a failure too (said in the line).
pub fn whole_table_reads(database_url: &str, statements: &[Statement]) -> Vec<Scan> {
    let mut explainer = Explainer::open(database_url);
    let mut seen = std::collections::HashSet::new();
    let mut scans = Vec::new();
    for statement in statements {
        let (sql, binds) = binds::split(&statement.shown);
        if !explainable(&sql) || !seen.insert(statement.shown.clone()) {
            continue;
        }
        if let Some((_, why)) = WHOLE_TABLE_BY_DESIGN
            .iter()
            .find(|(part, _)| sql.contains(part))
        {
            eprintln!("allowed ({why}): {sql}");
            continue;
        }
        let lines = match explainer.plan(&sql, &binds) {
            Ok(lines) => lines,
            Err(error) => {
                scans.push(Scan {
                    page: statement.page.clone(),
                    sql: statement.shown.clone(),
                    line: format!("no plan: {error}"),
                });
                continue;
            }
        };
        let aliases = table_aliases(&sql);
        // SEGNAPUNTI_TEST_PLANS=1 shows every plan read, to see what the test saw.
        if std::env::var_os("SEGNAPUNTI_TEST_PLANS").is_some() {
            eprintln!(
                "{}: {}\n  {}",
                statement.page,
                statement.shown,
                lines.join("\n  ")
            );
        }
        let limited = sql.contains(" LIMIT ")
            || lines
                .iter()
                .any(|l| l.trim_start_matches([' ', '-', '>']).starts_with("Limit"));
        for line in explainer.whole_table_reads(&lines, &aliases, limited) {
            scans.push(Scan {
                page: statement.page.clone(),
                sql: statement.shown.clone(),
                line,
            });
        }
    }
    scans
}

enum Explainer {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl Explainer {
    fn open(database_url: &str) -> Explainer {
        match database_url.strip_prefix("sqlite://") {
            Some(path) => Explainer::Sqlite(unrecorded(SqliteConnection::establish(path).unwrap())),
            None => {
                let mut connection = unrecorded(PgConnection::establish(database_url).unwrap());
                // A small test table is cheaper to read whole than through an index:
                // with sequential scans priced out, one that remains has no index to
                // take its place.
                connection
                    .batch_execute("SET enable_seqscan = off")
                    .unwrap();
                Explainer::Postgres(connection)
            }
        }
    }

    /// The plan's lines, with the binds written in as literals. An array of nulls on
    /// PostgreSQL is tried as each type in turn until one is accepted.
    fn plan(&mut self, sql: &str, binds: &[binds::Bind]) -> Result<Vec<String>, String> {
        match self {
            Explainer::Sqlite(connection) => {
                let text = binds::inline(sql, binds, Dialect::Sqlite, &[]);
                diesel::sql_query(format!("EXPLAIN QUERY PLAN {text}"))
                    .load::<SqlitePlanLine>(connection)
                    .map(|lines| lines.into_iter().map(|line| line.detail).collect())
                    .map_err(|error| error.to_string())
            }
            Explainer::Postgres(connection) => {
                let mut last_error = String::new();
                for guesses in guesses(binds::unsaid_arrays(binds)) {
                    let text = binds::inline(sql, binds, Dialect::Postgres, &guesses);
                    match diesel::sql_query(format!("EXPLAIN {text}"))
                        .load::<PgPlanLine>(connection)
                    {
                        Ok(lines) => return Ok(lines.into_iter().map(|line| line.line).collect()),
                        Err(error) => last_error = error.to_string(),
                    }
                }
                Err(last_error)
            }
        }
    }

    /// The plan lines reading a whole watched table. PostgreSQL: a `Seq Scan`, or an
    /// index scan with no `Index Cond` (the whole index in its order) outside a `Limit`.
    /// SQLite: a `SCAN` without an index, a `SCAN … USING INDEX` (the whole index in
    /// its order) outside a `LIMIT`, or an automatic index (built by reading the whole
    /// table, at every execution).
    fn whole_table_reads(
        &self,
        lines: &[String],
        aliases: &HashMap<String, String>,
        limited: bool,
    ) -> Vec<String> {
        let mut found = Vec::new();
        match self {
            Explainer::Postgres(_) => {
                for (i, line) in lines.iter().enumerate() {
                    let node = line.trim_start_matches([' ', '-', '>']);
                    let Some((kind, rest)) = node.split_once(" on ") else {
                        continue;
                    };
                    let table = rest.split_whitespace().next().unwrap_or("");
                    if !WATCHED_TABLES.contains(&table) {
                        continue;
                    }
                    let sequential = kind.ends_with("Seq Scan");
                    let whole_index = kind.starts_with("Index") && kind.contains("Scan") && {
                        // The node's details: the lines after it up to the next node.
                        let details = lines[i + 1..]
                            .iter()
                            .take_while(|detail| !detail.contains("->"));
                        !details
                            .into_iter()
                            .any(|detail| detail.contains("Index Cond:"))
                    };
                    if sequential || (whole_index && !limited) {
                        found.push(line.trim().to_string());
                    }
                }
            }
            Explainer::Sqlite(_) => {
                for line in lines {
                    let line = line.trim();
                    let Some(rest) = line
                        .strip_prefix("SCAN ")
                        .or_else(|| line.strip_prefix("SEARCH "))
                    else {
                        continue;
                    };
                    let rest = rest.strip_prefix("TABLE ").unwrap_or(rest);
                    let name = rest.split_whitespace().next().unwrap_or("");
                    let table = aliases.get(name).map(String::as_str).unwrap_or(name);
                    if !WATCHED_TABLES.contains(&table) {
                        continue;
                    }
                    let scan = line.starts_with("SCAN ");
                    let through_index = line.contains(" INDEX ");
                    if (scan && (!through_index || !limited)) || line.contains("AUTOMATIC") {
                        found.push(line.to_string());
                    }
                }
            }
        }
        found
    }
}

/// Every way of typing `count` arrays of nulls.
fn guesses(count: usize) -> Vec<Vec<&'static str>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|partial: Vec<&'static str>| {
                UNSAID_ELEMENT_TYPES.iter().map(move |guess| {
                    let mut next = partial.clone();
                    next.push(*guess);
                    next
                })
            })
            .collect();
    }
    all
}

/// The SQL's names for its tables: `FROM matches m`, `JOIN "events" AS "e"`, each table
/// also by its own name. SQLite's plan names a table by its alias.
fn table_aliases(sql: &str) -> HashMap<String, String> {
    const NOT_ALIASES: &[&str] = &[
        "ON",
        "WHERE",
        "INNER",
        "LEFT",
        "RIGHT",
        "FULL",
        "OUTER",
        "JOIN",
        "ORDER",
        "GROUP",
        "LIMIT",
        "USING",
        "CROSS",
        "NATURAL",
        "UNION",
        "EXCEPT",
        "INTERSECT",
        "HAVING",
        "OFFSET",
        "SET",
        "VALUES",
        "SELECT",
        "RETURNING",
        "WINDOW",
    ];
    let tokens: Vec<String> = sql
        .replace(['(', ')', ',', ';'], " ")
        .split_whitespace()
        .map(|token| token.trim_matches(['"', '`']).to_string())
        .collect();
    let mut aliases = HashMap::new();
    for (i, token) in tokens.iter().enumerate() {
        if !matches!(
            token.to_ascii_uppercase().as_str(),
            "FROM" | "JOIN" | "INTO" | "UPDATE"
        ) {
            continue;
        }
        let Some(table) = tokens.get(i + 1) else {
            continue;
        };
        aliases.insert(table.clone(), table.clone());
        let mut next = i + 2;
        if tokens
            .get(next)
            .is_some_and(|t| t.eq_ignore_ascii_case("AS"))
        {
            next += 1;
        }
        if let Some(alias) = tokens.get(next)
            && !NOT_ALIASES.contains(&alias.to_ascii_uppercase().as_str())
        {
            aliases.insert(alias.clone(), table.clone());
        }
    }
    aliases
}

#[cfg(test)]
mod tests {
    use super::table_aliases;

    #[test]
    fn aliases_name_their_tables() {
        let aliases = table_aliases(
            r#"SELECT 1 FROM "matches" AS "m" INNER JOIN events e ON e.id = m.event_id WHERE x"#,
        );
        assert_eq!(aliases["m"], "matches");
        assert_eq!(aliases["e"], "events");
        assert_eq!(aliases["events"], "events");
        assert!(!aliases.contains_key("ON"));
    }
}
