//! The tournament formats' errors and Swiss notes as the shell words them; the formats
//! themselves are tested in the core (`crates/core/tests/core/tournament_formats.rs`).

use segnapunti::lang::Lang;
use segnapunti::tournament::{
    DrawNotes, EntrantId, Format, LateEntry, Results, Tournament, TournamentError,
    single_elimination, swiss,
};
use segnapunti::web::i18n::Worded;

use crate::support::core_support::tournaments::{better_seed_wins, ids, play_out};

#[test]
fn swiss_notes_are_worded_in_both_languages() {
    let t = Tournament::new(ids(9), Format::Swiss(swiss::Options::new(4)));
    let mut results = Results::new();
    play_out(&t, &mut results, better_seed_wins);
    let s = t.schedule(&results).unwrap();
    assert_eq!(s.notes.len(), 4);
    for n in &s.notes {
        let DrawNotes::Swiss(notes) = n else {
            panic!("Swiss notes expected")
        };
        for note in &notes.notes {
            assert!(!note.message(Lang::It).is_empty());
            assert_ne!(note.message(Lang::It), note.message(Lang::En));
        }
    }
}

#[test]
fn errors_have_messages_in_both_languages() {
    let single = |n| {
        Tournament::new(
            ids(n),
            Format::SingleElimination(single_elimination::Options { third_place: false }),
        )
    };
    let e = single(1).schedule(&Results::new()).unwrap_err();
    assert!(e.message(Lang::It).contains("almeno"));
    assert!(e.message(Lang::En).contains("at least"));
    // A late entry is refused by the fixed formats.
    let mut t = single(4);
    t.entrants.push(EntrantId(5));
    t.late_entries.push(LateEntry {
        entrant: EntrantId(5),
        from_round: 2,
    });
    assert_eq!(
        t.schedule(&Results::new()).unwrap_err(),
        TournamentError::LateEntryRefused
    );
    assert_ne!(
        TournamentError::LateEntryRefused.message(Lang::It),
        TournamentError::LateEntryRefused.message(Lang::En)
    );
}
