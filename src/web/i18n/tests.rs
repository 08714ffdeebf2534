use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::*;

include!("locale_files.rs");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The sources of the folders under `dirs`, read as build.rs reads them.
fn sources_in(dirs: &[&Path]) -> Vec<Source<'static>> {
    let mut sources = Vec::new();
    for dir in dirs {
        for (code, files) in locale_files(dir) {
            let code: &'static str = Box::leak(code.into_boxed_str());
            let files = files
                .into_iter()
                .map(|(name, path)| {
                    let text = std::fs::read_to_string(path).unwrap();
                    (
                        &*Box::leak(name.into_boxed_str()),
                        &*Box::leak(text.into_boxed_str()),
                    )
                })
                .collect();
            sources.push((code, files));
        }
    }
    sources
}

#[test]
fn the_servers_own_log_text_reads_in_the_readers_language() {
    let italian = Tr::new(Lang::It).t("scoring-undo_reason");
    let english = Tr::new(Lang::En).t("scoring-undo_reason");
    assert_ne!(italian, english);
    assert_eq!(stored_text(italian, Lang::En), english);
    assert_eq!(stored_text(english, Lang::It), italian);
    assert_eq!(stored_text(italian, Lang::It), italian);
    assert_eq!(
        stored_text("segnata due volte", Lang::En),
        "segnata due volte"
    );
}

#[test]
fn reads_language_tags() {
    assert_eq!(lang_from_code("en-GB"), Some(Lang::En));
    assert_eq!(lang_from_code("IT"), Some(Lang::It));
    assert_eq!(lang_from_code("de"), None);
    assert_eq!(languages(), [Lang::It, Lang::En]);
}

#[test]
fn every_message_has_words_in_both_languages() {
    for lang in [Lang::It, Lang::En] {
        let tr = Tr::new(lang);
        for (id, names) in Catalogue::built_in().ids(lang).unwrap() {
            let text = if names.is_empty() {
                tr.t(id).to_string()
            } else {
                let args: Vec<(&str, Arg)> = names
                    .iter()
                    .map(|name| (name.as_str(), Arg::Number(1)))
                    .collect();
                tr.t_args(id, &args)
            };
            assert!(!text.trim().is_empty() && text != UNKNOWN, "{lang} {id}");
        }
    }
}

#[test]
fn an_id_given_twice_in_one_language_is_refused() {
    let sources = vec![(
        "it",
        vec![
            ("a.ftl", "nav-home = Inizio\n"),
            ("b.ftl", "nav-home = Casa\n"),
        ],
    )];
    let error = Catalogue::new(&sources)
        .err()
        .expect("a duplicate id is refused");
    assert!(error.contains("locales/it/b.ftl"), "{error}");
    let broken = vec![("it", vec![("a.ftl", "nav-home = { $x\n")])];
    assert!(Catalogue::new(&broken).is_err());
}

/// (b) Italian and English have the same ids, and each message the same arguments.
#[test]
fn italian_and_english_have_the_same_ids_and_arguments() {
    let catalogue = Catalogue::built_in();
    let italian = catalogue.ids(Lang::It).unwrap();
    let english = catalogue.ids(Lang::En).unwrap();
    let only_italian: Vec<_> = italian
        .keys()
        .filter(|id| !english.contains_key(*id))
        .collect();
    let only_english: Vec<_> = english
        .keys()
        .filter(|id| !italian.contains_key(*id))
        .collect();
    assert!(only_italian.is_empty(), "only in Italian: {only_italian:?}");
    assert!(only_english.is_empty(), "only in English: {only_english:?}");
    let differing: Vec<_> = italian
        .iter()
        .filter(|(id, names)| english[*id] != **names)
        .map(|(id, names)| format!("{id}: {names:?} / {:?}", english[id]))
        .collect();
    assert!(differing.is_empty(), "arguments differ: {differing:?}");
}

/// (c) A third language is a folder of `.ftl` files: found like the others, its own
/// words where it has them, Italian's where it has none.
#[test]
fn a_partial_third_language_reads_italian_where_it_has_no_words() {
    let fixtures = root().join("tests/fixtures/locales");
    let sources = sources_in(&[&root().join("locales"), &fixtures]);
    let catalogue: &'static Catalogue = Box::leak(Box::new(Catalogue::new(&sources).unwrap()));
    let xx = catalogue
        .lang("xx-XX")
        .expect("the folder's language is found");
    assert_eq!(xx.code(), "xx");
    assert_eq!(catalogue.languages(), [Lang::It, Lang::En, xx]);
    let tr = catalogue.tr(xx);
    assert_eq!(tr.t("nav-home"), "Xome");
    assert_eq!(
        tr.t_args("rotation-round", &[("round", Arg::Number(4))]),
        "Xound 4"
    );
    let italian = catalogue.tr(Lang::It);
    assert_eq!(tr.t("nav-login"), italian.t("nav-login"));
    assert_eq!(tr.t("nav-login"), "Accedi");
    assert_eq!(
        tr.t_args("rotation-time", &[("times", Arg::Number(2))]),
        "2ª volta"
    );
    // The inline words of the core read Italian too.
    assert_eq!(xx.pick("sì", "yes"), "sì");
}

/// (d) An unknown id shows "??" (as the catalogue always did) and is logged.
#[test]
fn an_unknown_id_shows_question_marks_and_is_logged() {
    #[derive(Clone, Default)]
    struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Buffer::default();
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    tracing::subscriber::with_default(subscriber, || {
        let tr = Tr::new(Lang::En);
        assert_eq!(tr.t("nav-nowhere"), UNKNOWN);
        assert_eq!(
            tr.t_args("nav-nowhere_else", &[("n", Arg::Number(1))]),
            UNKNOWN
        );
        assert_eq!(tr.msg(&Msg::new("nav-nor_here")), UNKNOWN);
    });
    let log = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    for id in ["nav-nowhere", "nav-nowhere_else", "nav-nor_here"] {
        assert!(
            log.contains("missing translation") && log.contains(id),
            "{log}"
        );
    }
}

#[test]
fn messages_as_data_are_worded_with_their_nested_messages() {
    let tr = Tr::new(Lang::En);
    let round = Msg::new("rotation-round").arg("round", 3u32);
    assert_eq!(tr.msg(&round), "Round 3");
    assert_eq!(tr.msg(&Msg::new("nav-home")), "Home");
    assert_eq!(tr.msg(&Msg::text("as it was written")), "as it was written");
    let nested = Msg::new("rotation-round").arg("round", Msg::new("nav-home"));
    assert_eq!(tr.msg(&nested), "Round Home");
    assert_eq!(Tr::new(Lang::It).msg(&nested), "Turno Inizio");
}

/// The Fluent ids an area's messages start with (`nav`, `event`, …).
fn areas() -> BTreeSet<String> {
    Catalogue::built_in()
        .ids(Lang::It)
        .unwrap()
        .keys()
        .map(|id| id.split('-').next().unwrap().to_string())
        .collect()
}

/// The ids named in a file: in templates, those given to `t(…)`/`t_args(…)`; in Rust,
/// those and every string literal of the form `area-name` of an area the catalogue has
/// (ids that functions return, such as a status's).
fn ids_named(path: &Path, text: &str, areas: &BTreeSet<String>) -> Vec<String> {
    let mut ids = Vec::new();
    for call in ["t(\"", "t_args(\"", "Msg::new(\""] {
        for (index, _) in text.match_indices(call) {
            // `t("` but not `format("` or `expect("`.
            let before = text[..index].chars().next_back();
            if before.is_some_and(|ch| ch.is_alphanumeric() || ch == '_') {
                continue;
            }
            let rest = &text[index + call.len()..];
            ids.push(rest[..rest.find('"').unwrap()].to_string());
        }
    }
    if path.extension().is_some_and(|ext| ext == "rs") {
        for literal in text.split('"').skip(1).step_by(2) {
            let is_id_shaped = literal.split_once('-').is_some_and(|(area, name)| {
                areas.contains(area)
                    && !name.is_empty()
                    && name.chars().all(|ch| {
                        ch.is_ascii_lowercase() || ch.is_ascii_digit() || "_-".contains(ch)
                    })
            });
            if is_id_shaped && !NOT_IDS.contains(&literal) {
                ids.push(literal.to_string());
            }
        }
    }
    ids
}

/// Strings of the code shaped like ids that are something else.
const NOT_IDS: &[&str] = &[
    // a tie-break's name in the standings' JSON
    "games-difference",
    // the link history's element on a player's staff page, where its pages land
    "player-history",
];

/// (a) Every id named in the templates or the code is in the Italian files (which every
/// language falls back to).
#[test]
fn every_id_used_is_in_the_italian_files() {
    let areas = areas();
    let mut files = Vec::new();
    for dir in ["templates", "src", "crates/core/src"] {
        collect_files(&root().join(dir), &mut files);
    }
    let mut missing = Vec::new();
    let mut named = 0;
    for file in files {
        if file.starts_with(root().join("src/web/i18n")) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for id in ids_named(&file, &text, &areas) {
            named += 1;
            if !has_key(&id) {
                missing.push(format!("{}: {id}", file.display()));
            }
        }
    }
    assert!(named > 600, "the scan found {named} ids");
    assert!(missing.is_empty(), "ids no Italian file has: {missing:?}");
}

#[test]
fn the_scan_finds_ids_in_calls_and_in_rust_literals() {
    let areas = areas();
    let template = Path::new("page.html");
    assert_eq!(
        ids_named(
            template,
            r#"{{ ctx.t("nav-home") }} class="nav-bar""#,
            &areas
        ),
        ["nav-home"]
    );
    let rust = Path::new("page.rs");
    assert_eq!(
        ids_named(
            rust,
            r#"Status::Ready => "event-status_ready", x => "text/html""#,
            &areas
        ),
        ["event-status_ready"]
    );
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// "1 partita a 0", "2 partite a 1": the games a match was won by take the plural of
/// their number (CLDR's, in each language), where the words once read "1 partite a 0".
#[test]
fn games_won_take_the_plural_of_their_number() {
    use crate::rules::game::{Message, Team};
    use crate::rules::madrasso::RuleError;
    use crate::rules::play_error::PlayError;
    let over = |won: u32, lost: u32| {
        RuleError::from(PlayError::MatchOver {
            winner: Team::A,
            games_won: [won, lost],
        })
    };
    let worded = |lang: Lang, won: u32, lost: u32| Tr::new(lang).msg(&over(won, lost).msg());
    let italian = |games: &str| {
        format!("L'incontro è finito: ha vinto la squadra A ({games}); non si registra altro.")
    };
    let english = |games: &str| {
        format!("The match is over: team A won ({games}); nothing more can be recorded.")
    };
    assert_eq!(worded(Lang::It, 1, 0), italian("1 partita a 0"));
    assert_eq!(worded(Lang::It, 2, 1), italian("2 partite a 1"));
    assert_eq!(worded(Lang::It, 0, 0), italian("0 partite a 0"));
    assert_eq!(worded(Lang::En, 1, 0), english("1 game to 0"));
    assert_eq!(worded(Lang::En, 2, 1), english("2 games to 1"));
    assert_eq!(worded(Lang::En, 0, 0), english("0 games to 0"));
}

/// A refusal of a replayed log, worded through the Fluent files end to end: the entry
/// at fault around the rule's own message.
#[test]
fn a_replay_refusal_is_worded_with_the_rules_message_inside() {
    use crate::rules::game::Team;
    use crate::rules::play_error::table::TableError;
    use crate::rules::replay::{GameEntryError, ReplayError};
    use crate::rules::trijumf::RuleError;
    let error = ReplayError {
        index: 7,
        failing: 7,
        error: GameEntryError::Rule(RuleError::from(TableError::MatchOver {
            winner: Team::B,
            games_won: [1, 0],
        })),
    };
    assert_eq!(
        Tr::new(Lang::En).msg(&error.msg()),
        "entry 7: The match is over: side B won (1 game to 0); nothing more can be recorded."
    );
    let invalidated = ReplayError {
        failing: 3,
        ..error
    };
    assert_eq!(
        Tr::new(Lang::It).msg(&invalidated.msg()),
        "registrazione 7: con questa correzione la registrazione 3 non è più valida: \
         L'incontro è finito: ha vinto la parte B (1 partita a 0); non si registra altro."
    );
}

/// The call shapes templates use: a plain message, and one with arguments.
#[test]
fn templates_word_messages_with_arguments() {
    use askama::Template;
    #[derive(Template)]
    #[template(
        source = r#"{{ tr.t("nav-home") }}: {{ tr.t_args("rotation-round", &[("round", crate::lang::Arg::from(round))]) }}"#,
        ext = "txt"
    )]
    struct Page {
        tr: Tr,
        round: u32,
    }
    let page = Page {
        tr: Tr::new(Lang::It),
        round: 2,
    };
    assert_eq!(page.render().unwrap(), "Inizio: Turno 2");
}

/// Days read as each language writes them, each month and weekday with a short name of
/// its own; a stored UTC time says so.
#[test]
fn dates_read_in_the_readers_language() {
    use chrono::NaiveDate;
    let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    let at = day.and_hms_opt(20, 30, 0).unwrap();
    assert_eq!(Tr::new(Lang::It).date(day), "ven 27 nov 2026");
    assert_eq!(Tr::new(Lang::En).date(day), "Fri 27 Nov 2026");
    assert_eq!(Tr::new(Lang::It).date_time(at), "ven 27 nov 2026, 20:30");
    assert_eq!(
        Tr::new(Lang::En).date_time_utc(at),
        "Fri 27 Nov 2026, 20:30 UTC"
    );
    // Recorded at 23:30 UTC on the 26th: already the 27th in Italy.
    let late = NaiveDate::from_ymd_opt(2026, 11, 26)
        .unwrap()
        .and_hms_opt(23, 30, 0)
        .unwrap();
    assert_eq!(Tr::new(Lang::It).recorded_day(late), "ven 27 nov 2026");
    for lang in languages() {
        let tr = Tr::new(*lang);
        let word = |day: NaiveDate, at: usize| tr.date(day).split(' ').nth(at).unwrap().to_string();
        let months: BTreeSet<String> = (1..=12)
            .map(|month| word(NaiveDate::from_ymd_opt(2027, month, 1).unwrap(), 2))
            .collect();
        assert_eq!(months.len(), 12, "{lang:?}: {months:?}");
        // 22 to 28 November 2027: Monday to Sunday.
        let weekdays: BTreeSet<String> = (22..=28)
            .map(|d| word(NaiveDate::from_ymd_opt(2027, 11, d).unwrap(), 0))
            .collect();
        assert_eq!(weekdays.len(), 7, "{lang:?}: {weekdays:?}");
        assert!(!months.iter().chain(&weekdays).any(|w| w.contains(UNKNOWN)));
    }
}
