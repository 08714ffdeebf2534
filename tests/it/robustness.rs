//! Bad input, as property tests: the proptest side of the fuzz targets in `fuzz/`.
//!
//! Arbitrary and mutated text goes into the comanda parser, the explicit-ranking reader
//! and the nicknames reader; arbitrary JSON and mutated valid records of every game into
//! the record reader and replay; random entry sequences into the Trionfetti engine and
//! mutated entries into the other four. Nothing may panic; every refusal is an `Err`
//! whose message is non-empty in Italian and in English; a refused entry leaves the
//! state exactly as it was.

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::Value;

use segnapunti::lang::Lang;
use segnapunti::rules::any::AnyRecord;
use segnapunti::rules::card::{Card, CardSet};
use segnapunti::rules::comanda::{self, Nicknames};
use segnapunti::rules::game::{Game, Seat, Team};
use segnapunti::rules::kind::GameKind;
use segnapunti::rules::ranking::Ranking;
use segnapunti::rules::record::{GameRecord, LogEntry, MatchRecord, RecordGame};
use segnapunti::rules::trick::{Trick, winning_position};
use segnapunti::rules::trionfetti::{self, Answer, Entry, Hand, Setup, Trionfetti, Vagaresto};
use segnapunti::rules::{madrasso, tressette, trijumf, vitou};
use segnapunti::web::i18n::{Tr, Worded};

fn assert_messages(what: &str, message: impl Fn(Lang) -> String) {
    for lang in Lang::ALL {
        let text = message(lang);
        assert!(!text.trim().is_empty(), "{what}: empty message in {lang}");
    }
}

// ---- Text: comande, explicit rankings, nicknames ------------------------------------

/// Words of the comanda language and near misses, so random phrases go deep into the
/// parser rather than stopping at the first unknown word.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "più", "piu'", "manco", "meno", "ponto", "figure", "scartine", "tutto", "al", "a",
    "al'otto", "fino", "e", "de", "di", "col", "coppe", "denari", "spade", "bastoni",
    "asso", "due", "tre", "cinque", "sette", "otto", "dieci", "tredici", "re", "cavallo",
    "fante", "fanti", "1", "2", "5", "7", "10", "11", "13", "0", "-1", "F", "C", "R",
    "componogara", "bomba", "napoli", "meneghello", "trevisana", "brisca", ",", ";", "<",
    "=", "#", "'", "\"", "'", "ì", "É", "\u{301}", "\u{0}", "\n", "\t", " ", "  ", "zucchero",
    "Più", "MANCO", "al'", "d'", "tuto", "7d", "Rc", "1b", "10s", "Fx",
];

fn phrase() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..14).prop_map(|words| {
        let mut text = String::new();
        for (i, word) in words.iter().enumerate() {
            if i % 3 != 2 {
                text.push(' ');
            }
            text.push_str(word);
        }
        text
    })
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => phrase(),
        1 => any::<String>(),
        1 => "[ -~àèéìòùÀÈÌÒÙ'’,<=#\n]{0,60}",
    ]
}

/// A club dictionary as a file: lines of `name = expansion`, comments and noise.
fn nickname_file() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        3 => (prop::sample::select(WORDS), phrase())
            .prop_map(|(name, expansion)| format!("{name} = {expansion}")),
        2 => ("[a-z]{1,8}", phrase()).prop_map(|(name, expansion)| format!("{name} ={expansion}")),
        1 => phrase().prop_map(|text| format!("# {text}")),
        1 => any_text(),
    ];
    prop::collection::vec(line, 0..6).prop_map(|lines| lines.join("\n"))
}

fn club() -> Nicknames {
    Nicknames::parse_file("trevisana = manco e manco scartine\nbrisca = figure\n")
        .expect("the test dictionary is valid")
}

fn check_comanda(text: &str, nicknames: &Nicknames) {
    match comanda::parse(text, nicknames) {
        Ok(ranking) => {
            let cards: usize = ranking.levels().iter().map(Vec::len).sum();
            assert_eq!(cards, 52, "{text:?} ranks the whole deck");
            for lang in Lang::ALL {
                assert!(!Tr::new(lang).ranking_line(&ranking).is_empty());
            }
        }
        Err(error) => assert_messages(text, |lang| error.message(lang)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn comanda_parser_refuses_with_messages(text in any_text()) {
        check_comanda(&text, &Nicknames::new());
        check_comanda(&text, &club());
    }

    #[test]
    fn explicit_ranking_reader_refuses_with_messages(text in any_text()) {
        match comanda::parse_explicit(&text) {
            Ok(ranking) => {
                let cards: usize = ranking.levels().iter().map(Vec::len).sum();
                prop_assert_eq!(cards, 52);
            }
            Err(error) => assert_messages(&text, |lang| error.message(lang)),
        }
    }

    #[test]
    fn nicknames_reader_refuses_with_messages(file in nickname_file(), said in phrase()) {
        match Nicknames::parse_file(&file) {
            Ok(nicknames) => {
                let again = Nicknames::parse_file(&nicknames.to_file_text())
                    .expect("a dictionary's own file text reads");
                prop_assert!(again.iter().eq(nicknames.iter()));
                check_comanda(&said, &nicknames);
            }
            Err(error) => assert_messages(&file, |lang| error.message(lang)),
        }
        let mut nicknames = Nicknames::new();
        for line in file.lines() {
            if let Some((name, expansion)) = line.split_once('=') {
                let before = nicknames.clone();
                if let Err(error) = nicknames.insert(name, expansion) {
                    prop_assert_eq!(&nicknames, &before);
                    assert_messages(line, |lang| error.message(lang));
                }
            }
        }
    }
}

// ---- Records: arbitrary JSON and mutated valid records -----------------------------

fn check_record(text: &str) {
    let nicknames = club();
    match AnyRecord::from_json(text) {
        Ok(record) => {
            let last = record.replay(&nicknames);
            let steps = record.replay_steps(&nicknames);
            match (&last, &steps.error) {
                (Ok(state), None) => {
                    let end = steps
                        .steps
                        .last()
                        .map_or(&steps.initial, |step| &step.state);
                    assert_eq!(end, state);
                    let _ = state.summary_json();
                }
                (Err(error), Some(same)) => {
                    assert_eq!(error, same);
                    assert_messages(text, |lang| error.message(lang));
                }
                _ => panic!("replay and replay_steps disagree on {text}"),
            }
            let again = AnyRecord::from_json(&record.to_json()).expect("a record's own JSON reads");
            assert_eq!(again, record);
        }
        Err(error) => assert_messages(text, |lang| error.message(lang)),
    }
    if let Ok(record) = MatchRecord::from_json(text)
        && let Err(error) = segnapunti::rules::replay::replay(&record, &nicknames)
    {
        assert_messages(text, |lang| error.message(lang));
    }
}

/// Scalars that break assumptions: out-of-range seats and indices, huge numbers,
/// card codes, team letters, empty things.
fn interesting() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        Value::Null,
        Value::Bool(true),
        Value::Bool(false),
        serde_json::json!(-1),
        serde_json::json!(0),
        serde_json::json!(1),
        serde_json::json!(2),
        serde_json::json!(3),
        serde_json::json!(4),
        serde_json::json!(5),
        serde_json::json!(13),
        serde_json::json!(40),
        serde_json::json!(255),
        serde_json::json!(256),
        serde_json::json!(u32::MAX),
        serde_json::json!(u64::MAX),
        serde_json::json!(1.5),
        serde_json::json!(1e300),
        serde_json::json!(""),
        serde_json::json!("x"),
        serde_json::json!("7d"),
        serde_json::json!("1b"),
        serde_json::json!("Rc"),
        serde_json::json!("A"),
        serde_json::json!("B"),
        serde_json::json!("hand"),
        serde_json::json!("deal"),
        serde_json::json!("round"),
        serde_json::json!("void"),
        serde_json::json!("replace"),
        serde_json::json!("baraque"),
        serde_json::json!("più ponto"),
        serde_json::json!([]),
        serde_json::json!({}),
    ])
}

/// Field names of the records, so random objects sometimes look like entries.
#[rustfmt::skip]
const KEYS: &[&str] = &[
    "type", "winner", "tricks", "leader", "cards", "cut", "comanda", "ranking",
    "vagaresto", "caller", "answer", "trick", "stake", "target", "reason", "entry",
    "players", "first_dealer", "options", "entries", "format_version", "game", "dealer",
    "points", "bid", "claim",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        3 => interesting(),
        1 => any::<i64>().prop_map(Value::from),
        1 => "[a-z0-9 _]{0,10}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), inner, 0..6,)
                .prop_map(|map| Value::Object(
                    map.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                )),
        ]
    })
}

/// How to change one node of a JSON document.
#[derive(Debug, Clone)]
enum Mutation {
    Replace(Value),
    /// Replace with a copy of another node of the same document.
    Splice(usize),
    Remove,
    Duplicate,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => interesting().prop_map(Mutation::Replace),
        1 => json_value().prop_map(Mutation::Replace),
        2 => any::<usize>().prop_map(Mutation::Splice),
        2 => Just(Mutation::Remove),
        1 => Just(Mutation::Duplicate),
    ]
}

/// Paths to every node (the root is the empty path).
fn paths(value: &Value, prefix: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(prefix.clone());
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                prefix.push(PathStep::Index(i));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                prefix.push(PathStep::Key(key.clone()));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum PathStep {
    Index(usize),
    Key(String),
}

fn node_mut<'a>(value: &'a mut Value, path: &[PathStep]) -> &'a mut Value {
    path.iter().fold(value, |value, step| match step {
        PathStep::Index(i) => &mut value[*i],
        PathStep::Key(k) => &mut value[k.as_str()],
    })
}

fn node<'a>(value: &'a Value, path: &[PathStep]) -> &'a Value {
    path.iter().fold(value, |value, step| match step {
        PathStep::Index(i) => &value[*i],
        PathStep::Key(k) => &value[k.as_str()],
    })
}

/// Applies `mutation` at the node `pick` (modulo the node count).
fn mutate(document: &mut Value, pick: usize, mutation: &Mutation) {
    let mut all = Vec::new();
    paths(document, &mut Vec::new(), &mut all);
    let path = all[pick % all.len()].clone();
    match mutation {
        Mutation::Replace(value) => *node_mut(document, &path) = value.clone(),
        Mutation::Splice(other) => {
            let copy = node(document, &all[other % all.len()]).clone();
            *node_mut(document, &path) = copy;
        }
        Mutation::Remove | Mutation::Duplicate => {
            let Some((last, parent)) = path.split_last() else {
                return;
            };
            let parent = node_mut(document, parent);
            match (last, parent, mutation) {
                (PathStep::Index(i), Value::Array(items), Mutation::Remove) => {
                    items.remove(*i);
                }
                (PathStep::Index(i), Value::Array(items), _) => {
                    let copy = items[*i].clone();
                    items.insert(*i, copy);
                }
                (PathStep::Key(k), Value::Object(map), Mutation::Remove) => {
                    map.remove(k);
                }
                (PathStep::Key(k), Value::Object(map), _) => {
                    let copy = map[k].clone();
                    map.insert(format!("{k}_"), copy);
                }
                _ => {}
            }
        }
    }
}

fn players(n: usize) -> Vec<String> {
    ["Bepi", "Toni", "Nane", "Gigio"][..n]
        .iter()
        .map(|name| name.to_string())
        .collect()
}

fn logged<G: RecordGame<RecordEntry = LogEntry<<G as Game>::Entry>, Players = Vec<String>>>(
    options: G::Options,
    first_dealer: Seat,
    entries: Vec<<G as Game>::Entry>,
) -> String {
    let seats = G::seats(&options);
    let mut record = GameRecord::<G>::new(options, players(seats), first_dealer);
    record.entries = entries.into_iter().map(LogEntry::Play).collect();
    record.to_json()
}

fn short_trionfetti() -> trionfetti::Options {
    trionfetti::Options {
        target_points: 7,
        games_to_win: 1,
    }
}

fn short_madrasso() -> madrasso::Options {
    madrasso::Options {
        min_deals: 2,
        target_points: 200,
        ..madrasso::Options::default()
    }
}

fn short_trijumf(players: u8) -> trijumf::Options {
    trijumf::Options {
        players,
        target_points: 151,
        ..trijumf::Options::default()
    }
}

fn short_vitou(players: u8) -> vitou::Options {
    vitou::Options {
        players,
        target_points: 11,
        ..vitou::Options::default()
    }
}

/// A match record of the core's data-driven cases (`crates/core/tests/records/`).
macro_rules! core_record {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/core/tests/records/",
            $name
        ))
    };
}

/// Valid records of every game: the committed Trionfetti examples and a simulated match
/// (short options) of each game.
fn valid_records() -> &'static [String] {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut records: Vec<String> = [
            core_record!("valid_card_level.json"),
            core_record!("valid_corrections.json"),
            core_record!("valid_explicit_ranking.json"),
            core_record!("valid_outcome_match.json"),
            core_record!("valid_outcome_match_over.json"),
            core_record!("valid_replace_comanda.json"),
        ]
        .map(str::to_string)
        .to_vec();
        let sim = trionfetti::simulate::simulate(7, short_trionfetti(), &Nicknames::new());
        records.push(sim.record.to_json());
        let sim = madrasso::simulate::simulate(7, short_madrasso());
        records.push(logged::<madrasso::Madrasso>(
            sim.options,
            sim.first_dealer,
            sim.entries,
        ));
        let sim = tressette::simulate::simulate(7, tressette::Options::default());
        records.push(logged::<tressette::Tressette>(
            sim.options,
            sim.first_dealer,
            sim.entries,
        ));
        for players in [2, 4] {
            let sim = trijumf::simulate::simulate(7, short_trijumf(players));
            records.push(logged::<trijumf::Trijumf>(
                sim.options,
                sim.first_dealer,
                sim.entries,
            ));
            let sim = vitou::simulate::simulate(7, short_vitou(players));
            records.push(logged::<vitou::Vitou>(
                sim.options,
                sim.first_dealer,
                sim.entries,
            ));
        }
        for record in &records {
            let read = AnyRecord::from_json(record).expect("a seed record reads");
            read.replay(&club()).expect("a seed record replays");
        }
        records
    })
}

/// Every number of every seed record, one at a time, at the largest value a `u32`
/// holds and at the smallest an `i32` holds: points, options and seats are summed and
/// compared, and a sum that overflowed panicked (a mutation found a Trijumf
/// last-trick bonus of 4,294,967,295).
#[test]
fn every_number_at_an_extreme_replays_or_is_refused() {
    for record in valid_records() {
        let mut document: Value = serde_json::from_str(record).unwrap();
        // Every option written out, the defaults a record may leave out included.
        document["options"] = AnyRecord::from_json(record).unwrap().options_json();
        let mut all = Vec::new();
        paths(&document, &mut Vec::new(), &mut all);
        let numbers: Vec<_> = all
            .into_iter()
            .filter(|path| node(&document, path).is_number())
            .collect();
        assert!(!numbers.is_empty(), "a seed record has numbers");
        for path in &numbers {
            for extreme in [Value::from(u32::MAX), Value::from(i32::MIN)] {
                let mut changed = document.clone();
                *node_mut(&mut changed, path) = extreme;
                check_record(&changed.to_string());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn record_reader_refuses_arbitrary_json(value in json_value()) {
        check_record(&value.to_string());
    }

    #[test]
    fn record_reader_refuses_arbitrary_entries(
        game in prop::sample::select(GameKind::ALL.map(GameKind::name).to_vec()),
        players in 2usize..5,
        entries in prop::collection::vec(json_value(), 0..4),
    ) {
        let record = serde_json::json!({
            "format_version": 1,
            "game": game,
            "players": players_value(players),
            "first_dealer": 0,
            "entries": entries,
        });
        check_record(&record.to_string());
    }

    #[test]
    fn mutated_records_replay_or_refuse(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec((any::<usize>(), mutation()), 1..4),
    ) {
        let records = valid_records();
        let mut document: Value = serde_json::from_str(which.get::<String>(records)).unwrap();
        for (pick, mutation) in &mutations {
            mutate(&mut document, *pick, mutation);
        }
        check_record(&document.to_string());
    }

    #[test]
    fn damaged_record_text_is_refused_with_messages(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        cut in 0usize..40,
        insert in "[ -~]{0,3}",
    ) {
        let text: &String = which.get(valid_records());
        let mut chars: Vec<char> = text.chars().collect();
        let start = at.index(chars.len());
        let end = (start + cut).min(chars.len());
        chars.splice(start..end, insert.chars());
        check_record(&chars.into_iter().collect::<String>());
    }
}

fn players_value(n: usize) -> Value {
    Value::Array((0..n).map(|i| Value::from(format!("player {i}"))).collect())
}

// ---- Entries: Trionfetti by strategy, the other games by mutation ------------------

/// Comande the setups pick from.
const COMANDE: &[&str] = &[
    "più ponto",
    "manco ponto",
    "più ponto e più figure",
    "manco 5 e 4 più figure de coppe a asso",
    "tutto al tredici e denari al tredici",
    "componogara",
];

#[derive(Debug, Clone)]
enum Ranked {
    Comanda(usize),
    Levels(Vec<Vec<u8>>),
    Default,
}

#[derive(Debug, Clone)]
struct RandomVagaresto {
    caller: u8,
    accepted: bool,
    trick: Option<u8>,
    stake: Option<u32>,
}

#[derive(Debug, Clone)]
enum RandomEntry {
    Setup {
        ranking: Ranked,
        cut: u8,
    },
    Outcome {
        winner: Option<bool>,
        vagaresto: Option<RandomVagaresto>,
    },
    /// Tricks as (leader, card choices): a choice below 200 picks among the cards not
    /// yet played in the smazzata, otherwise any card.
    Cards {
        winner: Option<bool>,
        tricks: Vec<(u8, Vec<u8>)>,
        vagaresto: Option<RandomVagaresto>,
    },
}

fn random_vagaresto() -> impl Strategy<Value = Option<RandomVagaresto>> {
    prop::option::weighted(
        0.3,
        (
            any::<u8>(),
            any::<bool>(),
            prop::option::of(0u8..5),
            prop::option::of(0u32..25),
        )
            .prop_map(|(caller, accepted, trick, stake)| RandomVagaresto {
                caller,
                accepted,
                trick,
                stake,
            }),
    )
}

fn random_entry() -> impl Strategy<Value = RandomEntry> {
    let ranked = prop_oneof![
        4 => (0..COMANDE.len()).prop_map(Ranked::Comanda),
        1 => prop::collection::vec(prop::collection::vec(any::<u8>(), 0..6), 0..16)
            .prop_map(Ranked::Levels),
        1 => Just(Ranked::Default),
    ];
    let trick = (
        any::<u8>(),
        prop_oneof![6 => Just(4usize), 1 => 0usize..6].prop_flat_map(|size| {
            prop::collection::vec(prop_oneof![9 => 0u8..200, 1 => any::<u8>()], size)
        }),
    );
    prop_oneof![
        2 => (ranked, any::<u8>()).prop_map(|(ranking, cut)| RandomEntry::Setup { ranking, cut }),
        2 => (prop::option::of(any::<bool>()), random_vagaresto())
            .prop_map(|(winner, vagaresto)| RandomEntry::Outcome { winner, vagaresto }),
        5 => (
            prop::option::weighted(0.3, any::<bool>()),
            prop_oneof![4 => 2usize..4, 1 => 0usize..5]
                .prop_flat_map(move |count| prop::collection::vec(trick.clone(), count)),
            random_vagaresto(),
        )
            .prop_map(|(winner, tricks, vagaresto)| RandomEntry::Cards { winner, tricks, vagaresto }),
    ]
}

fn seat(byte: u8) -> Seat {
    Seat::ALL[usize::from(byte % 4)]
}

fn team(a: bool) -> Team {
    if a { Team::A } else { Team::B }
}

fn card(byte: u8) -> Card {
    Card::from_index(usize::from(byte) % 52).unwrap()
}

fn vagaresto(v: &RandomVagaresto) -> Vagaresto {
    Vagaresto {
        caller: seat(v.caller),
        answer: if v.accepted {
            Answer::Accepted
        } else {
            Answer::Conceded
        },
        trick: v.trick,
        stake: v.stake,
    }
}

/// Applies `entry` in place and checks a refusal leaves `state` unchanged, agrees with
/// `Game::apply` and has messages. Returns whether it was accepted.
fn apply_checked<G: Game + PartialEq + std::fmt::Debug>(state: &mut G, entry: &G::Entry) -> bool
where
    G::Error: PartialEq + std::fmt::Debug,
{
    let before = state.clone();
    let through_trait = before.apply(entry);
    match state.apply_in_place(entry) {
        Ok(()) => {
            assert_eq!(through_trait.as_ref().ok(), Some(&*state));
            let _ = state.summary();
            true
        }
        Err(error) => {
            assert_eq!(
                state, &before,
                "a refused entry changed the state: {error:?}"
            );
            assert_eq!(through_trait.err().as_ref(), Some(&error));
            assert_messages(&format!("{error:?}"), |lang| error.message(lang));
            false
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn trionfetti_random_entries_never_corrupt_the_state(
        target_points in 0u32..25,
        games_to_win in 0u32..3,
        first_dealer in any::<u8>(),
        entries in prop::collection::vec(random_entry(), 0..24),
    ) {
        let nicknames = Nicknames::new();
        let options = trionfetti::Options { target_points, games_to_win };
        let mut state = Trionfetti::new(options, seat(first_dealer));
        let mut played = CardSet::EMPTY;
        let mut cut = None;
        for random in &entries {
            let entry = match random {
                RandomEntry::Setup { ranking, cut: cut_byte } => {
                    let ranking = match ranking {
                        Ranked::Comanda(i) => comanda::parse(COMANDE[*i], &nicknames).unwrap(),
                        Ranked::Levels(levels) => {
                            let levels = levels.iter().map(|l| l.iter().map(|&c| card(c)).collect()).collect();
                            match Ranking::from_levels(levels) {
                                Ok(ranking) => ranking,
                                Err(error) => {
                                    assert_messages("ranking", |lang| error.message(lang));
                                    continue;
                                }
                            }
                        }
                        Ranked::Default => Ranking::default_order(),
                    };
                    Entry::Smazzata(Setup { ranking, cut: card(*cut_byte), comanda: None })
                }
                RandomEntry::Outcome { winner, vagaresto: v } => Entry::Hand(Hand {
                    winner: winner.map(team),
                    tricks: None,
                    vagaresto: v.as_ref().map(vagaresto),
                }),
                RandomEntry::Cards { winner, tricks, vagaresto: v } => {
                    let mut seen = played;
                    let mut next_leader = state.leader();
                    let tricks = tricks
                        .iter()
                        .map(|(leader, choices)| {
                            // Mostly the seat that should lead, so hands get decided.
                            let leader = if *leader < 192 { next_leader } else { seat(*leader) };
                            let cards: Vec<Card> = choices
                                .iter()
                                .map(|&choice| {
                                    let unplayed: Vec<Card> = (0..52u8)
                                        .map(card)
                                        .filter(|c| !seen.contains(*c) && Some(*c) != cut)
                                        .collect();
                                    let chosen = if choice < 200 && !unplayed.is_empty() {
                                        unplayed[usize::from(choice) % unplayed.len()]
                                    } else {
                                        card(choice)
                                    };
                                    seen.insert(chosen);
                                    chosen
                                })
                                .collect();
                            if let Some(position) =
                                state.ranking().and_then(|r| winning_position(&cards, r))
                            {
                                next_leader = leader.after(position);
                            }
                            Trick { leader, cards }
                        })
                        .collect();
                    Entry::Hand(Hand {
                        winner: winner.map(team),
                        tricks: Some(tricks),
                        vagaresto: v.as_ref().map(vagaresto),
                    })
                }
            };
            if apply_checked(&mut state, &entry) {
                match &entry {
                    Entry::Smazzata(setup) => {
                        played = CardSet::EMPTY;
                        cut = Some(setup.cut);
                    }
                    Entry::Hand(hand) => {
                        for trick in hand.tricks.iter().flatten() {
                            for c in &trick.cards {
                                played.insert(*c);
                            }
                        }
                        if state.ranking().is_none() {
                            played = CardSet::EMPTY;
                            cut = None;
                        }
                    }
                }
            }
        }
    }
}

/// Replays `entries[..at]`, then applies `entries[at]` mutated through JSON (read back
/// into the game's entry type when it still reads), then the rest as recorded.
fn mutated_entry<G: Game + PartialEq + std::fmt::Debug>(
    options: G::Options,
    first_dealer: Seat,
    entries: &[G::Entry],
    at: prop::sample::Index,
    mutations: &[(usize, Mutation)],
) where
    G::Entry: serde::Serialize + serde::de::DeserializeOwned,
    G::Error: PartialEq + std::fmt::Debug,
{
    let mut state = G::new(options, first_dealer);
    let at = at.index(entries.len());
    for entry in &entries[..at] {
        assert!(apply_checked(&mut state, entry));
    }
    let mut document = serde_json::to_value(&entries[at]).unwrap();
    for (pick, mutation) in mutations {
        mutate(&mut document, *pick, mutation);
    }
    if let Ok(entry) = serde_json::from_value::<G::Entry>(document) {
        apply_checked(&mut state, &entry);
    }
    for entry in &entries[at + 1..] {
        apply_checked(&mut state, entry);
    }
}

fn mutations() -> impl Strategy<Value = Vec<(usize, Mutation)>> {
    prop::collection::vec((any::<usize>(), mutation()), 1..3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn madrasso_mutated_entries_refuse_cleanly(seed in 0u64..6, at: prop::sample::Index, m in mutations()) {
        let sim = madrasso::simulate::simulate(seed, short_madrasso());
        mutated_entry::<madrasso::Madrasso>(sim.options, sim.first_dealer, &sim.entries, at, &m);
    }

    #[test]
    fn tressette_mutated_entries_refuse_cleanly(seed in 0u64..6, at: prop::sample::Index, m in mutations()) {
        let sim = tressette::simulate::simulate(seed, tressette::Options::default());
        mutated_entry::<tressette::Tressette>(sim.options, sim.first_dealer, &sim.entries, at, &m);
    }

    #[test]
    fn trijumf_mutated_entries_refuse_cleanly(seed in 0u64..6, four: bool, at: prop::sample::Index, m in mutations()) {
        let sim = trijumf::simulate::simulate(seed, short_trijumf(if four { 4 } else { 2 }));
        mutated_entry::<trijumf::Trijumf>(sim.options, sim.first_dealer, &sim.entries, at, &m);
    }

    #[test]
    fn vitou_mutated_entries_refuse_cleanly(seed in 0u64..6, four: bool, at: prop::sample::Index, m in mutations()) {
        let sim = vitou::simulate::simulate(seed, short_vitou(if four { 4 } else { 2 }));
        mutated_entry::<vitou::Vitou>(sim.options, sim.first_dealer, &sim.entries, at, &m);
    }

    #[test]
    fn trionfetti_mutated_entries_refuse_cleanly(seed in 0u64..6, at: prop::sample::Index, m in mutations()) {
        // The engine's own entries, read from the simulated record's hands.
        let sim = trionfetti::simulate::simulate(seed, short_trionfetti(), &Nicknames::new());
        let record = MatchRecord::from_json(&sim.record.to_json()).unwrap();
        let nicknames = Nicknames::new();
        let mut state = Trionfetti::new(record.options, record.first_dealer);
        let hands: Vec<usize> = record
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, segnapunti::rules::record::RecordEntry::Hand(_)))
            .map(|(i, _)| i)
            .collect();
        let target = hands[at.index(hands.len())];
        for (i, entry) in record.entries.iter().enumerate() {
            match entry {
                segnapunti::rules::record::RecordEntry::Smazzata(s) => {
                    let setup = segnapunti::rules::replay::setup(s, &nicknames).unwrap();
                    apply_checked(&mut state, &Entry::Smazzata(setup));
                }
                segnapunti::rules::record::RecordEntry::Hand(h) => {
                    let mut document = serde_json::to_value(h).unwrap();
                    if i == target {
                        for (pick, mutation) in &m {
                            mutate(&mut document, *pick, mutation);
                        }
                    }
                    if let Ok(hand) = serde_json::from_value::<Hand>(document) {
                        apply_checked(&mut state, &Entry::Hand(hand));
                    }
                }
                _ => {}
            }
        }
    }
}
