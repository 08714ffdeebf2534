//! The match record reader: arbitrary bytes as a JSON match record of any game, read
//! and then replayed (final state and every step). Nothing may panic; every refusal
//! has a message in both languages.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

use segnapunti::lang::Lang;
use segnapunti::rules::any::AnyRecord;
use segnapunti::rules::comanda::Nicknames;
use segnapunti::rules::record::MatchRecord;
use segnapunti::rules::replay;

fn check_message(message: impl Fn(Lang) -> String) {
    for lang in Lang::ALL {
        assert!(!message(lang).trim().is_empty(), "empty message in {lang}");
    }
}

/// A club dictionary, so records naming nicknames reach the nickname code.
fn nicknames() -> &'static Nicknames {
    static NICKNAMES: OnceLock<Nicknames> = OnceLock::new();
    NICKNAMES.get_or_init(|| {
        Nicknames::parse_file("trevisana = manco e manco scartine\nbrisca = figure\n")
            .expect("the fuzz dictionary is valid")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let nicknames = nicknames();
    match AnyRecord::from_json(text) {
        Ok(record) => {
            let last = record.replay(nicknames);
            let steps = record.replay_steps(nicknames);
            match (&last, &steps.error) {
                (Ok(state), None) => {
                    let end = steps
                        .steps
                        .last()
                        .map_or(&steps.initial, |step| &step.state);
                    assert_eq!(end, state, "replay and replay_steps agree");
                    let _ = state.summary_json();
                }
                (Err(error), Some(same)) => {
                    assert_eq!(error, same, "replay and replay_steps fail alike");
                    check_message(|lang| error.message(lang));
                }
                _ => panic!(
                    "replay and replay_steps disagree: {last:?} / {:?}",
                    steps.error
                ),
            }
            // What is read writes back to a record that reads the same.
            let again = AnyRecord::from_json(&record.to_json()).expect("a record's own JSON reads");
            assert_eq!(again, record);
        }
        Err(error) => check_message(|lang| error.message(lang)),
    }
    // The Trionfetti-only reader agrees on what it accepts.
    if let Ok(record) = MatchRecord::from_json(text) {
        if let Err(error) = replay::replay(&record, nicknames) {
            check_message(|lang| error.message(lang));
        }
    }
});
