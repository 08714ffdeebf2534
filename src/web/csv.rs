//! Small CSV reading and writing for entrant imports and exports (RFC 4180 quoting;
//! comma or semicolon separated, as spreadsheets in Italy often write).

/// Why a line of an import was rejected: a translation key and the offending text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// 1-based line number in the pasted or uploaded text.
    pub line: usize,
    pub reason_key: &'static str,
    pub detail: String,
}

/// An accepted line: one or two player names and an optional team name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedEntrant {
    pub line: usize,
    pub players: Vec<String>,
    pub label: Option<String>,
}

pub const MAX_NAME: usize = 60;

/// Splits one line into fields. `None`: a quote is never closed.
pub fn split_line(line: &str) -> Option<Vec<String>> {
    let separator = if line.contains(';') && !line.contains(',') {
        ';'
    } else {
        ','
    };
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && at_start {
            quoted = true;
            at_start = false;
        } else if c == separator {
            fields.push(field.trim().to_string());
            field.clear();
            at_start = true;
        } else {
            if !c.is_whitespace() {
                at_start = false;
            }
            field.push(c);
        }
    }
    if quoted {
        return None;
    }
    fields.push(field.trim().to_string());
    Some(fields)
}

fn is_header(fields: &[String]) -> bool {
    let first = fields.first().map(|f| f.to_lowercase()).unwrap_or_default();
    matches!(
        first.as_str(),
        "player"
            | "player1"
            | "player 1"
            | "giocatore"
            | "giocatore1"
            | "giocatore 1"
            | "nome"
            | "name"
    )
}

/// Reads an import: one entrant per line, `player1,player2[,team name]` for pairs or
/// `player` for individuals. A header line is skipped; blank lines are ignored. Every
/// other line is accepted or rejected with its number and reason.
pub fn parse_entrants(text: &str, individual: bool) -> (Vec<ImportedEntrant>, Vec<Rejected>) {
    let mut accepted = Vec::new();
    let mut rejected = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let wanted = if individual { 1 } else { 2 };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim_start_matches('\u{feff}');
        if raw.trim().is_empty() {
            continue;
        }
        let reject = |key: &'static str| Rejected {
            line,
            reason_key: key,
            detail: raw.chars().take(120).collect(),
        };
        let Some(fields) = split_line(raw) else {
            rejected.push(reject("import.unclosed_quote"));
            continue;
        };
        if index == 0 && is_header(&fields) {
            continue;
        }
        let players: Vec<String> = fields.iter().take(wanted).cloned().collect();
        let label = fields
            .get(wanted)
            .filter(|label| !label.is_empty())
            .cloned();
        if fields.len() > wanted + 1 {
            rejected.push(reject("import.too_many_fields"));
        } else if players.len() < wanted || players.iter().any(|p| p.is_empty()) {
            rejected.push(reject(if individual {
                "import.missing_player"
            } else {
                "import.missing_partner"
            }));
        } else if players
            .iter()
            .chain(label.iter())
            .any(|name| name.chars().count() > MAX_NAME)
        {
            rejected.push(reject("import.too_long"));
        } else if !individual && players[0].to_lowercase() == players[1].to_lowercase() {
            rejected.push(reject("import.same_player"));
        } else if players.iter().any(|p| seen.contains(&p.to_lowercase())) {
            rejected.push(reject("import.duplicate"));
        } else {
            seen.extend(players.iter().map(|p| p.to_lowercase()));
            accepted.push(ImportedEntrant {
                line,
                players,
                label,
            });
        }
    }
    (accepted, rejected)
}

/// One CSV field, quoted when it needs to be. A leading `=`, `+`, `-` or `@` is prefixed
/// with a quote mark so spreadsheets do not run it as a formula.
pub fn field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) && value.parse::<f64>().is_err() {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// A CSV line (CRLF-terminated, as RFC 4180 says).
pub fn line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut out = fields
        .iter()
        .map(|f| field(f.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_quotes_and_semicolons() {
        assert_eq!(split_line("a, b ,c").unwrap(), vec!["a", "b", "c"]);
        assert_eq!(split_line("Bepi;Toni").unwrap(), vec!["Bepi", "Toni"]);
        assert_eq!(
            split_line("\"Rossi, Mario\",\"Detto \"\"Bepi\"\"\"").unwrap(),
            vec!["Rossi, Mario", "Detto \"Bepi\""]
        );
        assert_eq!(split_line("\"open"), None);
    }

    #[test]
    fn pairs_with_a_report_of_rejected_lines() {
        let text = "giocatore1,giocatore2,squadra\nBepi,Toni,I Veci\n\nNane\nGigio,Gigio\nA,B,C,D\n\"x\nBepi,Marco\nLuca,Piero\n";
        let (accepted, rejected) = parse_entrants(text, false);
        assert_eq!(accepted.len(), 2);
        assert_eq!(accepted[0].players, vec!["Bepi", "Toni"]);
        assert_eq!(accepted[0].label.as_deref(), Some("I Veci"));
        assert_eq!(accepted[1].line, 9);
        let reasons: Vec<(usize, &str)> = rejected.iter().map(|r| (r.line, r.reason_key)).collect();
        assert_eq!(
            reasons,
            vec![
                (4, "import.missing_partner"),
                (5, "import.same_player"),
                (6, "import.too_many_fields"),
                (7, "import.unclosed_quote"),
                (8, "import.duplicate"),
            ]
        );
    }

    #[test]
    fn individuals_and_long_names() {
        let long = "x".repeat(61);
        let (accepted, rejected) = parse_entrants(&format!("Bepi\n{long}\n"), true);
        assert_eq!(accepted.len(), 1);
        assert_eq!(rejected[0].reason_key, "import.too_long");
    }

    #[test]
    fn writes_fields_safely() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("-3"), "-3");
        assert_eq!(line(&["a", "b c"]), "a,b c\r\n");
    }
}
