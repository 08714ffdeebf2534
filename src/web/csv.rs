//! CSV for entrant imports and exports, through the `csv` crate (RFC 4180 quoting,
//! a quoted field may hold line breaks); comma or semicolon separated, as spreadsheets
//! in Italy often write, chosen once for the whole file.

use csv::{ReaderBuilder, StringRecord, Trim};

/// Why a record of an import was rejected: a translation key and the offending text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// 1-based line number, in the pasted or uploaded text, where the record starts.
    pub line: usize,
    pub reason_key: &'static str,
    pub detail: String,
}

/// An accepted record: one or two player names and an optional team name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedEntrant {
    pub line: usize,
    pub players: Vec<String>,
    pub label: Option<String>,
}

pub const MAX_NAME: usize = 60;

/// Closes the text so that a quote left open swallows it: what the last record holds
/// then tells an open quote from a closed one. A NUL byte never belongs to a name.
const SENTINEL: &str = "\u{0}";

/// The file's delimiter, from its first line that has one: a semicolon when that line
/// has semicolons and no comma, a comma otherwise.
fn delimiter(text: &str) -> u8 {
    text.lines()
        .find(|line| line.contains([',', ';']))
        .filter(|line| line.contains(';') && !line.contains(','))
        .map_or(b',', |_| b';')
}

/// One record read: its fields (trimmed, line breaks inside a field made spaces),
/// the line it starts on, and its text as written.
struct Record<'a> {
    line: usize,
    fields: Vec<String>,
    raw: &'a str,
}

/// Reads every record of `text`. A quote never closed makes its record's starting
/// line an `Err` (with that line's text), and reading goes on at the next line.
fn records(text: &str, delimiter: u8) -> Vec<Result<Record<'_>, (usize, &str)>> {
    let mut out = Vec::new();
    // Lines are counted from byte offsets: the reader's own count includes the blank
    // lines it skips before a record.
    let mut lines = LineCounter::default();
    let mut from = 0;
    while from < text.len() {
        let rest = &text[from..];
        let mut closed = rest.to_string();
        if !closed.ends_with('\n') {
            closed.push('\n');
        }
        closed.push_str(SENTINEL);
        let mut reader = ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(delimiter)
            .trim(Trim::All)
            .from_reader(closed.as_bytes());
        let mut record = StringRecord::new();
        let mut unclosed = None;
        loop {
            let start = reader.position().byte() as usize;
            match reader.read_record(&mut record) {
                Ok(true) => {}
                // Only invalid UTF-8 fails, and the text is a `str`.
                Ok(false) | Err(_) => break,
            }
            let begin = start + closed[start..].len()
                - closed[start..].trim_start_matches(['\r', '\n']).len();
            if begin >= rest.len() {
                break; // the sentinel's own record: every quote was closed
            }
            let line = lines.line_at(text, from + begin);
            if record
                .iter()
                .next_back()
                .is_some_and(|field| field.ends_with(SENTINEL))
            {
                unclosed = Some((begin, line));
                break;
            }
            let end = (reader.position().byte() as usize).min(rest.len());
            out.push(Ok(Record {
                line,
                fields: record.iter().map(one_line).collect(),
                raw: rest[begin..end].trim_end_matches(['\r', '\n']),
            }));
        }
        let Some((begin, line)) = unclosed else {
            break;
        };
        let after = rest[begin..]
            .find('\n')
            .map_or(rest.len(), |at| begin + at + 1);
        out.push(Err((
            line,
            rest[begin..after].trim_end_matches(['\r', '\n']),
        )));
        from += after;
    }
    out
}

/// 1-based line numbers of byte offsets asked in increasing order.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    breaks: usize,
}

impl LineCounter {
    fn line_at(&mut self, text: &str, offset: usize) -> usize {
        if offset >= self.offset {
            self.breaks += text[self.offset..offset].matches('\n').count();
            self.offset = offset;
        }
        self.breaks + 1
    }
}

/// A field as a name: the line breaks of a spreadsheet cell become spaces.
fn one_line(field: &str) -> String {
    field.replace("\r\n", " ").replace(['\r', '\n'], " ")
}

/// Splits one line into fields. `None`: a quote is never closed.
pub fn split_line(line: &str) -> Option<Vec<String>> {
    match records(line, delimiter(line)).into_iter().next() {
        Some(Ok(record)) => Some(record.fields),
        Some(Err(_)) => None,
        None => Some(vec![String::new()]),
    }
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

/// Reads an import: one entrant per record, `player1,player2[,team name]` for pairs or
/// `player` for individuals. A header on the first line is skipped; blank lines are
/// ignored. Every other record is accepted or rejected with its line and reason.
pub fn parse_entrants(text: &str, individual: bool) -> (Vec<ImportedEntrant>, Vec<Rejected>) {
    let text = text
        .strip_prefix('\u{feff}')
        .unwrap_or(text)
        .replace('\u{0}', "");
    let mut accepted = Vec::new();
    let mut rejected = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let wanted = if individual { 1 } else { 2 };
    for read in records(&text, delimiter(&text)) {
        let record = match read {
            Ok(record) => record,
            Err((line, raw)) => {
                rejected.push(Rejected {
                    line,
                    reason_key: "import-unclosed_quote",
                    detail: raw.chars().take(120).collect(),
                });
                continue;
            }
        };
        let (line, fields) = (record.line, &record.fields);
        if fields.len() == 1 && fields[0].is_empty() {
            continue;
        }
        let reject = |key: &'static str| Rejected {
            line,
            reason_key: key,
            detail: record.raw.chars().take(120).collect(),
        };
        if line == 1 && is_header(fields) {
            continue;
        }
        // Names in one spelling, as the forms keep them (a break inside quotes is a space).
        let Ok(names) = fields
            .iter()
            .map(|field| crate::text::name(&field.replace(['\r', '\n'], " ")))
            .collect::<Result<Vec<_>, _>>()
        else {
            rejected.push(reject("import-not_a_name"));
            continue;
        };
        let fields = &names;
        let players: Vec<String> = fields.iter().take(wanted).cloned().collect();
        let label = fields
            .get(wanted)
            .filter(|label| !label.is_empty())
            .cloned();
        if fields.len() > wanted + 1 {
            rejected.push(reject("import-too_many_fields"));
        } else if players.len() < wanted || players.iter().any(|p| p.is_empty()) {
            rejected.push(reject(if individual {
                "import-missing_player"
            } else {
                "import-missing_partner"
            }));
        } else if players
            .iter()
            .chain(label.iter())
            .any(|name| name.chars().count() > MAX_NAME)
        {
            rejected.push(reject("import-too_long"));
        } else if !individual && players[0].to_lowercase() == players[1].to_lowercase() {
            rejected.push(reject("import-same_player"));
        } else if players.iter().any(|p| seen.contains(&p.to_lowercase())) {
            rejected.push(reject("import-duplicate"));
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

/// One CSV field, quoted when it needs to be (and when it holds a semicolon, for
/// spreadsheets that split on those). A leading `=`, `+`, `-` or `@` is prefixed with
/// a quote mark so spreadsheets do not run it as a formula.
pub fn field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) && value.parse::<f64>().is_err() {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.is_empty() {
        return value; // as a record of its own the crate would write `""`
    }
    let style = if value.contains(';') {
        csv::QuoteStyle::Always
    } else {
        csv::QuoteStyle::Necessary
    };
    let mut writer = csv::WriterBuilder::new()
        .quote_style(style)
        .terminator(csv::Terminator::Any(b'\n'))
        .buffer_capacity(value.len() * 2 + 3)
        .from_writer(Vec::with_capacity(value.len() + 3));
    // Writing to memory cannot fail, and what is written is the UTF-8 it was given;
    // the record is the one field and its terminator.
    let written = writer
        .write_record([&value])
        .ok()
        .and_then(|()| writer.into_inner().ok())
        .and_then(|bytes| String::from_utf8(bytes).ok());
    let mut written = written.unwrap_or_default();
    written.pop();
    written
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
                (4, "import-missing_partner"),
                (5, "import-same_player"),
                (6, "import-too_many_fields"),
                (7, "import-unclosed_quote"),
                (8, "import-duplicate"),
            ]
        );
    }

    #[test]
    fn a_quoted_field_may_hold_a_line_break() {
        // A spreadsheet cell with a line break in it, saved with semicolons.
        let text = "giocatore1;giocatore2;squadra\r\nBepi;Toni;\"I Veci\r\nde Mestre\"\r\n\"Nane\nMoro\";Gigio\r\nBepi;Marco\r\nLuca\r\n";
        let (accepted, rejected) = parse_entrants(text, false);
        assert_eq!(accepted.len(), 2, "{rejected:?}");
        assert_eq!(accepted[0].line, 2);
        assert_eq!(accepted[0].players, vec!["Bepi", "Toni"]);
        assert_eq!(accepted[0].label.as_deref(), Some("I Veci de Mestre"));
        assert_eq!(accepted[1].line, 4);
        assert_eq!(accepted[1].players, vec!["Nane Moro", "Gigio"]);
        // Refusals name the line where their record starts, after the longer ones.
        let reasons: Vec<(usize, &str)> = rejected.iter().map(|r| (r.line, r.reason_key)).collect();
        assert_eq!(
            reasons,
            vec![(6, "import-duplicate"), (7, "import-missing_partner")]
        );
        // The delimiter is the file's: a comma in a later line is part of a name.
        let (accepted, rejected) = parse_entrants("Bepi;Toni\nRossi, Mario;Nane\n", false);
        assert!(rejected.is_empty(), "{rejected:?}");
        assert_eq!(accepted[1].players, vec!["Rossi, Mario", "Nane"]);
    }

    #[test]
    fn individuals_and_long_names() {
        let long = "x".repeat(61);
        let (accepted, rejected) = parse_entrants(&format!("Bepi\n{long}\n"), true);
        assert_eq!(accepted.len(), 1);
        assert_eq!(rejected[0].reason_key, "import-too_long");
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
