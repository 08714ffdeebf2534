//! Match records of every game over simulated matches: each simulator's match, written
//! as a record, reads back, replays to the state the engine reached entry by entry and
//! passes `rules check`; corrections (`void`, `replace`) behave the same in every game.

use proptest::prelude::*;
use segnapunti::cli::record as cli;
use segnapunti::lang::Lang;
use segnapunti::rules::any::{AnyMatch, AnyRecord};
use segnapunti::rules::comanda::Nicknames;
use segnapunti::rules::game::{Game, Seat};
use segnapunti::rules::record::{
    GameRecord, LogEntry, MatchRecord, RecordEntry, RecordGame, ReplaceEntry, VoidEntry,
};
use segnapunti::rules::replay::{self, CorrectionError, GameEntryError};
use segnapunti::rules::{madrasso, tressette, trijumf, trionfetti, vitou};
use segnapunti::web::i18n::Worded;

const NAMES: [&str; 4] = ["Bepi", "Toni", "Nane", "Gigio"];

/// A file ending in `name`, removed when the returned path is dropped.
fn temp_file(name: &str, text: &str) -> tempfile::TempPath {
    let mut file = tempfile::Builder::new()
        .prefix("segnapunti-record-games-")
        .suffix(name)
        .tempfile()
        .unwrap();
    std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
    file.into_temp_path()
}

/// A record of one of the four games logged as [`LogEntry`]s.
fn record_of<G>(options: G::Options, first_dealer: Seat, entries: &[G::Entry]) -> GameRecord<G>
where
    G: RecordGame<RecordEntry = LogEntry<<G as Game>::Entry>, Players = Vec<String>>,
    G::Entry: Clone,
{
    let seats = G::seats(&options);
    let players = NAMES[..seats].iter().map(|name| name.to_string()).collect();
    let mut record = GameRecord::<G>::new(options, players, first_dealer);
    record.entries = entries.iter().cloned().map(LogEntry::Play).collect();
    record
}

/// The record reads back through the any-game reader, replays to `expected`, and
/// `rules check` agrees; every step is the state after that many entries.
fn check_record<G>(record: &GameRecord<G>, expected: &G, name: &str) -> Result<(), TestCaseError>
where
    G: RecordGame + Into<AnyMatch>,
    GameRecord<G>: Into<AnyRecord>,
{
    let json = record.to_json();
    let typed = GameRecord::<G>::from_json(&json).unwrap();
    prop_assert_eq!(&typed, record);
    let any = AnyRecord::from_json(&json).unwrap();
    prop_assert_eq!(&any, &record.clone().into());
    prop_assert_eq!(any.game(), G::NAME);
    let state = replay::replay(record, &Nicknames::new()).unwrap();
    prop_assert_eq!(&state, expected);
    prop_assert!(state.common().over, "a simulated match ends");
    let any_state = any.replay(&Nicknames::new()).unwrap();
    prop_assert_eq!(&any_state, &expected.clone().into());
    let steps = any.replay_steps(&Nicknames::new());
    prop_assert!(steps.error.is_none());
    prop_assert_eq!(steps.steps.len(), record.entries.len());
    prop_assert_eq!(steps.steps.last().map(|step| &step.state), Some(&any_state));
    let path = temp_file(&format!("{name}.json"), &json);
    let output = cli::check(&path, true);
    prop_assert_eq!(output.exit_code, 0, "{:?}", output);
    let printed: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
    prop_assert_eq!(&printed["summary"], &any_state.summary_json());
    prop_assert_eq!(&printed["summary"]["over"], &serde_json::Value::Bool(true));
    prop_assert_eq!(cli::replay(&path, false).exit_code, 0);
    Ok(())
}

/// Corrections over a valid log of play entries, for any game:
/// - replacing an entry by itself changes nothing;
/// - voiding the last entry gives the state before it;
/// - voiding it twice is refused at the second void, whose steps stop there;
/// - a correction aimed at a correction is refused.
fn check_corrections<G, P>(
    record: &GameRecord<G>,
    wrap: impl Fn(VoidOrReplace<P>) -> G::RecordEntry,
    play: impl Fn(&G::RecordEntry) -> P,
) -> Result<(), TestCaseError>
where
    G: RecordGame,
{
    let nicknames = Nicknames::new();
    let n = record.entries.len();
    let full = replay::replay(record, &nicknames).unwrap();
    let before_last = {
        let mut prefix = record.clone();
        prefix.entries.pop();
        replay::replay(&prefix, &nicknames).unwrap()
    };

    for target in [0, n / 2, n - 1] {
        let mut same = record.clone();
        let entry = play(&record.entries[target]);
        same.entries
            .push(wrap(VoidOrReplace::Replace(target, entry)));
        prop_assert_eq!(&replay::replay(&same, &nicknames).unwrap(), &full);
    }

    let mut voided = record.clone();
    voided.entries.push(wrap(VoidOrReplace::Void(n - 1)));
    prop_assert_eq!(&replay::replay(&voided, &nicknames).unwrap(), &before_last);

    voided.entries.push(wrap(VoidOrReplace::Void(n - 1)));
    let error = replay::replay(&voided, &nicknames).unwrap_err();
    prop_assert_eq!(error.index, n + 1);
    prop_assert_eq!(
        &error.error,
        &G::EntryError::from(CorrectionError::AlreadyVoid { target: n - 1 })
    );
    let steps = replay::replay_steps(&voided, &nicknames);
    prop_assert_eq!(steps.steps.len(), n + 1);
    prop_assert_eq!(&steps.steps[n].state, &before_last);

    let mut aimed = record.clone();
    aimed.entries.push(wrap(VoidOrReplace::Void(n - 1)));
    aimed.entries.push(wrap(VoidOrReplace::Void(n)));
    let error = replay::replay(&aimed, &nicknames).unwrap_err();
    prop_assert_eq!(error.index, n + 1);
    prop_assert_eq!(
        &error.error,
        &G::EntryError::from(CorrectionError::TargetIsCorrection {
            target: n,
            kind: "void"
        })
    );
    Ok(())
}

enum VoidOrReplace<P> {
    Void(usize),
    Replace(usize, P),
}

fn log_correction<E>(correction: VoidOrReplace<E>) -> LogEntry<E> {
    match correction {
        VoidOrReplace::Void(target) => LogEntry::Void(VoidEntry {
            target,
            reason: "test".into(),
            author: None,
            time: None,
        }),
        VoidOrReplace::Replace(target, entry) => LogEntry::Replace(ReplaceEntry {
            target,
            reason: "test".into(),
            entry,
            author: None,
            time: None,
        }),
    }
}

fn log_play<E: Clone>(entry: &LogEntry<E>) -> E {
    match entry {
        LogEntry::Play(entry) => entry.clone(),
        _ => unreachable!("simulated logs hold play entries only"),
    }
}

/// Applies the entries one by one, as the engine alone would.
fn direct<G: Game>(options: G::Options, first_dealer: Seat, entries: &[G::Entry]) -> G {
    let mut state = G::new(options, first_dealer);
    for entry in entries {
        state.apply_in_place(entry).unwrap();
    }
    state
}

/// A simulated match of one of the four games, written as a record: it reads back,
/// replays to the state the engine reached entry by entry, and takes corrections.
fn check_simulated<G>(
    options: G::Options,
    first_dealer: Seat,
    entries: &[G::Entry],
    name: &str,
) -> Result<(), TestCaseError>
where
    G: RecordGame<RecordEntry = LogEntry<<G as Game>::Entry>, Players = Vec<String>>
        + Into<AnyMatch>,
    G::Entry: Clone,
    GameRecord<G>: Into<AnyRecord>,
{
    let state: G = direct(options.clone(), first_dealer, entries);
    let record = record_of(options, first_dealer, entries);
    check_record(&record, &state, name)?;
    check_corrections(&record, log_correction, log_play)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn madrasso_matches_as_records(seed in any::<u64>(), must_trump in any::<bool>()) {
        let options = madrasso::Options { must_trump, ..madrasso::Options::default() };
        let simulated = madrasso::simulate::simulate(seed, options);
        let (first_dealer, entries) = (simulated.first_dealer, &simulated.entries);
        check_simulated::<madrasso::Madrasso>(options, first_dealer, entries, &format!("madrasso-{seed}"))?;
    }

    #[test]
    fn tressette_matches_as_records(seed in any::<u64>(), target in prop::sample::select(vec![21u32, 31, 41])) {
        let options = tressette::Options { target_points: target, ..tressette::Options::default() };
        let simulated = tressette::simulate::simulate(seed, options);
        let (first_dealer, entries) = (simulated.first_dealer, &simulated.entries);
        check_simulated::<tressette::Tressette>(options, first_dealer, entries, &format!("tressette-{seed}"))?;
    }

    #[test]
    fn trijumf_matches_as_records(seed in any::<u64>(), four in any::<bool>()) {
        let options = trijumf::Options { players: if four { 4 } else { 2 }, ..trijumf::Options::default() };
        let simulated = trijumf::simulate::simulate(seed, options);
        let (first_dealer, entries) = (simulated.first_dealer, &simulated.entries);
        check_simulated::<trijumf::Trijumf>(options, first_dealer, entries, &format!("trijumf-{seed}"))?;
    }

    #[test]
    fn vitou_matches_as_records(seed in any::<u64>(), four in any::<bool>()) {
        let options = vitou::Options { players: if four { 4 } else { 2 }, ..vitou::Options::default() };
        let simulated = vitou::simulate::simulate(seed, options);
        let (first_dealer, entries) = (simulated.first_dealer, &simulated.entries);
        check_simulated::<vitou::Vitou>(options, first_dealer, entries, &format!("vitou-{seed}"))?;
    }

    #[test]
    fn trionfetti_matches_as_records(seed in any::<u64>()) {
        let options = trionfetti::Options { target_points: 3, games_to_win: 1 };
        let simulated = trionfetti::simulate::simulate(seed, options, &Nicknames::new());
        let record: MatchRecord = simulated.record;
        let state = replay::replay(&record, &Nicknames::new()).unwrap();
        check_record(&record, &state, &format!("trionfetti-{seed}"))?;
        // Hands only: voiding a smazzata would strand the card-level hands after it.
        let last_hand = record.entries.len() - 1;
        prop_assert!(matches!(record.entries[last_hand], RecordEntry::Hand(_)));
        check_corrections(
            &record,
            |correction| match correction {
                VoidOrReplace::Void(target) => RecordEntry::Void(VoidEntry {
                    target,
                    reason: "test".into(),
                    author: None,
                    time: None,
                }),
                VoidOrReplace::Replace(target, entry) => RecordEntry::Replace(ReplaceEntry {
                    target,
                    reason: "test".into(),
                    entry,
                    author: None,
                    time: None,
                }),
            },
            |entry| match entry {
                RecordEntry::Hand(hand) => segnapunti::rules::record::PlayEntry::Hand(hand.clone()),
                RecordEntry::Smazzata(setup) => {
                    segnapunti::rules::record::PlayEntry::Smazzata(setup.clone())
                }
                _ => unreachable!(),
            },
        )?;
    }
}

/// A replacement with a different outcome moves the scores, in every outcome game; one
/// the rules refuse is reported at the `replace` entry.
#[test]
fn replacements_change_the_match_or_are_refused() {
    let nicknames = Nicknames::new();
    let deal = |team, points| {
        madrasso::Entry::Deal(madrasso::DealEntry {
            team: Some(team),
            points: Some(points),
            ..madrasso::DealEntry::default()
        })
    };
    use segnapunti::rules::game::Team;
    let mut record = record_of::<madrasso::Madrasso>(
        madrasso::Options::default(),
        Seat::new(0).unwrap(),
        &[deal(Team::A, 80), deal(Team::A, 70)],
    );
    record
        .entries
        .push(log_correction(VoidOrReplace::Replace(0, deal(Team::B, 80))));
    let state = replay::replay(&record, &nicknames).unwrap();
    assert_eq!(state.totals(), [50 + 70, 80 + 60]);
    record.entries.push(log_correction(VoidOrReplace::Replace(
        1,
        deal(Team::B, 131),
    )));
    let error = replay::replay(&record, &nicknames).unwrap_err();
    assert_eq!((error.index, error.failing), (3, 1));
    assert!(matches!(error.error, GameEntryError::Rule(_)));
    // The core gives the message as data; the shell words it.
    let words = error.message(Lang::En);
    assert!(
        words.starts_with("entry 3: after this correction entry 1"),
        "{words}"
    );

    let round = |winner| vitou::Entry::Round(vitou::RoundEntry::won_by(winner));
    let mut record = record_of::<vitou::Vitou>(
        vitou::Options {
            players: 2,
            ..vitou::Options::default()
        },
        Seat::new(1).unwrap(),
        &[round(Team::A), round(Team::A)],
    );
    record
        .entries
        .push(log_correction(VoidOrReplace::Replace(1, round(Team::B))));
    let state = replay::replay(&record, &nicknames).unwrap();
    assert_eq!(state.scores(), [1, 1]);
    let any = AnyRecord::from(record.clone());
    assert_eq!(any.players(), ["Bepi", "Toni"]);
    assert_eq!(any.entry_kinds(), ["round", "round", "replace"]);
    let steps = any.replay_steps(&nicknames);
    assert_eq!(steps.steps[2].state.common().scores, [1, 1]);
    assert_eq!(steps.steps[1].state.common().scores, [2, 0]);
}
