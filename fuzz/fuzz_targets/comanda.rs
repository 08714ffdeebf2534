//! The comanda language: arbitrary text as a comanda, as an explicit ranking and as a
//! club's nicknames file. Nothing may panic; every refusal has a message in both
//! languages.
//!
//! The input is split at the first NUL: before it the comanda, after it a nicknames
//! file that the comanda is then read with (when the file is accepted).

#![no_main]

use libfuzzer_sys::fuzz_target;

use segnapunti::lang::Lang;
use segnapunti::rules::comanda::{self, Nicknames};

fn check_message(message: impl Fn(Lang) -> String) {
    for lang in Lang::ALL {
        assert!(!message(lang).trim().is_empty(), "empty message in {lang}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (said, file) = text.split_once('\0').unwrap_or((text, text));
    let builtin = Nicknames::new();

    match comanda::parse(said, &builtin) {
        Ok(ranking) => {
            // A ranking read from a comanda covers the deck and renders in both languages.
            let levels: usize = ranking.levels().iter().map(Vec::len).sum();
            assert_eq!(levels, 52, "{said:?}");
            for lang in Lang::ALL {
                let _ = ranking.render_line(lang);
            }
        }
        Err(error) => check_message(|lang| error.message(lang)),
    }
    if let Err(error) = comanda::parse_explicit(said) {
        check_message(|lang| error.message(lang));
    }
    match Nicknames::parse_file(file) {
        Ok(nicknames) => {
            // The file writes back to a file that reads the same.
            let again = Nicknames::parse_file(&nicknames.to_file_text())
                .expect("a dictionary's own file text is readable");
            assert!(
                again.iter().eq(nicknames.iter()),
                "the file text reads back the same"
            );
            match comanda::parse(said, &nicknames) {
                Ok(_) => {}
                Err(error) => check_message(|lang| error.message(lang)),
            }
        }
        Err(error) => check_message(|lang| error.message(lang)),
    }
});
