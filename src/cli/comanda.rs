//! `segnapunti rules comanda [--json] [--nicknames FILE] TEXT`: reads a comanda and
//! prints the ranking it gives, lowest to highest.
//!
//! Without `--json` the output is the readable line of [`Ranking::render_line`] in
//! Italian. With `--json` it is `{"levels": [["Fb","Fc","Fd","Fs"], …]}`: levels lowest
//! first, the cards of a level as canonical codes sorted by suit letter (b c d s).
//! Text that cannot be read exits with code 2 and the error on stderr, in Italian then
//! in English.

use std::path::Path;

use super::{in_both, worded_in_both};
use crate::lang::Lang;
use crate::rules::comanda::{self, Nicknames};
use crate::rules::ranking::Ranking;
use crate::web::i18n::Tr;

/// What the command prints and its exit code; the binary prints and exits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandOutput {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: u8,
}

impl CommandOutput {
    fn success(stdout: String) -> CommandOutput {
        CommandOutput {
            stdout,
            stderr: String::new(),
            exit_code: 0,
        }
    }

    fn failure(italian: &str, english: &str) -> CommandOutput {
        CommandOutput {
            stdout: String::new(),
            stderr: format!("errore: {italian}\nerror: {english}\n"),
            exit_code: 2,
        }
    }
}

pub fn run(text: &str, json: bool, nicknames_file: Option<&Path>) -> CommandOutput {
    let nicknames = match nicknames_file {
        None => Nicknames::new(),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(content) => match Nicknames::parse_file(&content) {
                Ok(nicknames) => nicknames,
                Err(error) => {
                    let [italian, english] = worded_in_both(&error)
                        .map(|message| format!("{}: {message}", path.display()));
                    return CommandOutput::failure(&italian, &english);
                }
            },
            Err(error) => {
                let place = [
                    ("file", path.display().to_string()),
                    ("error", error.to_string()),
                ];
                let [italian, english] = in_both("cli-nicknames_unreadable", &place);
                return CommandOutput::failure(&italian, &english);
            }
        },
    };
    match comanda::parse(text, &nicknames) {
        Ok(ranking) if json => CommandOutput::success(json_levels(&ranking) + "\n"),
        // The command line's own output reads in the base language.
        Ok(ranking) => {
            CommandOutput::success(Tr::new(Lang::default()).ranking_line(&ranking) + "\n")
        }
        Err(error) => {
            let [italian, english] = worded_in_both(&error);
            CommandOutput::failure(&italian, &english)
        }
    }
}

/// `{"levels": [["Fb","Fc","Fd","Fs"], ["Cb",…], …]}`.
pub fn json_levels(ranking: &Ranking) -> String {
    let levels: Vec<String> = ranking
        .level_codes()
        .iter()
        .map(|level| serde_json::to_string(level).expect("strings always serialise"))
        .collect();
    format!("{{\"levels\": [{}]}}", levels.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_line_and_exits_zero() {
        let output = run("Più ponto", false, None);
        assert_eq!(output.exit_code, 0);
        assert_eq!(output.stdout, "F C R 1 2 3 4 5 6 7 8 9 10\n");
        assert_eq!(output.stderr, "");
    }

    #[test]
    fn prints_json_levels() {
        let output = run("più", true, None);
        assert_eq!(output.exit_code, 0);
        assert!(output.stdout.starts_with(
            "{\"levels\": [[\"Fb\",\"Fc\",\"Fd\",\"Fs\"], [\"Cb\",\"Cc\",\"Cd\",\"Cs\"], "
        ));
        assert!(
            output
                .stdout
                .ends_with("[\"10b\",\"10c\",\"10d\",\"10s\"]]}\n")
        );
        let value: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
        assert_eq!(value["levels"].as_array().unwrap().len(), 13);
    }

    #[test]
    fn unreadable_text_exits_two_with_both_languages() {
        let output = run("più zucchero", false, None);
        assert_eq!(output.exit_code, 2);
        assert_eq!(output.stdout, "");
        assert_eq!(
            output.stderr,
            "errore: parola sconosciuta «zucchero» (parola 2)\n\
             error: unknown word \"zucchero\" (word 2)\n"
        );
    }

    #[test]
    fn missing_nicknames_file_exits_two() {
        let output = run("più", false, Some(Path::new("/nonexistent/soprannomi.txt")));
        assert_eq!(output.exit_code, 2);
        assert!(
            output
                .stderr
                .contains("cannot read /nonexistent/soprannomi.txt")
        );
    }
}
