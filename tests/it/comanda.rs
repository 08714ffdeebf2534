//! The comanda's words and command: rankings and errors as the shell words them, and
//! `segnapunti comanda`. The reader itself is tested in the core
//! (`crates/core/tests/core/comanda.rs`).

use proptest::prelude::*;
use segnapunti::lang::Lang;
use segnapunti::rules::comanda::{self, Nicknames};
use segnapunti::web::i18n::{Tr, Worded};

use crate::support::core_support::comanda_words::WORDS;

#[test]
fn seed_componogara_renders_its_suit_blocks() {
    let ranking = comanda::parse("Componogara", &Nicknames::new()).unwrap();
    assert_eq!(
        Tr::new(Lang::It).ranking_line(&ranking),
        "bastoni, coppe, spade: F C R | bastoni: 1 2 3 4 5 6 7 8 | bastoni, coppe: 9 10 \
         | denari: 1 2 3 4 5 6 7 8 9 10 F C R | coppe: 1 2 3 4 5 6 7 8 \
         | spade: 1 2 3 4 5 6 7 8 9 10"
    );
    assert!(
        Tr::new(Lang::En)
            .ranking_line(&ranking)
            .starts_with("batons, cups, swords: F C R | batons:")
    );
}

#[test]
fn cli_json_is_levels_of_codes() {
    use segnapunti::cli::comanda::run;
    let output = run("Manco e cavalli", true, None);
    assert_eq!(output.exit_code, 0);
    let value: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
    let levels = value["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 13);
    assert_eq!(levels[0], serde_json::json!(["Rb", "Rc", "Rd", "Rs"]));
    assert_eq!(levels[12], serde_json::json!(["Cb", "Cc", "Cd", "Cs"]));

    let output = run("manco e pasta", true, None);
    assert_eq!((output.exit_code, output.stdout.as_str()), (2, ""));
    assert!(output.stderr.contains("\"pasta\" (word 3)"));
}

#[test]
fn cli_reads_a_nicknames_file() {
    use segnapunti::cli::comanda::run;
    let path = std::env::temp_dir().join(format!("comanda-nicknames-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "# club di prova\ntrevisana = manco e manco scartine\n",
    )
    .unwrap();
    let output = run("Trevisana e fanti", false, Some(&path));
    std::fs::write(&path, "trevisana = trevisana\n").unwrap();
    let looping = run("più", false, Some(&path));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.exit_code, 0, "{}", output.stderr);
    assert_eq!(output.stdout, "R C 7 6 5 4 3 2 1 10 9 8 F\n");
    assert_eq!(looping.exit_code, 2);
    assert!(looping.stderr.contains("refers back to itself"));
}

proptest! {
    #[test]
    fn random_vocabulary_errors_name_their_word_in_italian(words in prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..14)) {
        let text = words.join(" ");
        if let Err(error) = comanda::parse(&text, &Nicknames::new()) {
            prop_assert!(error.message(Lang::It).contains(error.word.as_deref().unwrap_or("")));
        }
    }
}
