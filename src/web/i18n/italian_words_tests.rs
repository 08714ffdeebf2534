//! Every Italian message with arguments, worded with sample seats, teams, cards and
//! numbers: the preposition before a name joins its article ("al posto 2", never "a il
//! posto 2") and a count of one reads singular ("1 mano", never "1 mani").

use super::{Catalogue, Tr};
use crate::lang::{Arg, Lang, Msg};

/// What a message's arguments may be: a seat, a team, a side and cards of each article.
fn named_samples() -> Vec<Msg> {
    let card = |rank: i64, suit: &'static str| {
        let name = Msg::new("rules-card_name")
            .arg("rank", rank)
            .arg("suit", suit);
        Msg::new("rules-card").arg("rank", rank).arg("name", name)
    };
    vec![
        Msg::new("rules-seat").arg("seat", 1).arg("number", 2),
        Msg::new("play-team").arg("team", "A"),
        Msg::new("play-side").arg("team", "B"),
        card(1, "bastoni"),
        card(4, "spade"),
        card(12, "coppe"),
    ]
}

/// A preposition written before an article instead of joined to it, if the text has one.
fn unjoined(text: &str) -> Option<String> {
    // Case kept: "la squadra A l'ha vinta" is a team's letter, not a preposition.
    let lower = text;
    for preposition in ["a", "di", "da", "su", "in"] {
        for article in ["il ", "lo ", "la ", "l'"] {
            let pair = format!("{preposition} {article}");
            let found = lower.match_indices(&pair).any(|(at, _)| {
                lower[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|before| !before.is_alphanumeric())
            });
            if found {
                return Some(pair);
            }
        }
    }
    None
}

/// The arguments that are counts or bare names, never a name with its article: "in {
/// $players } giocatori", "una partita di { $game }", "re e cavallo di { $suit }".
const COUNTS: &[&str] = &[
    "bid", "count", "first", "last", "length", "lost", "matches", "most", "pages", "parts",
    "players", "rounds", "size", "target", "trick", "game", "expected", "found", "suit", "match",
    "trumps", "why",
];

/// Plural words a count of one must not stand before.
const PLURALS: &[&str] = &[
    "mani",
    "punti",
    "prese",
    "partite",
    "turni",
    "giocatori",
    "carte",
    "volte",
    "smazzate",
    "squadre",
    "posti",
    "vittorie",
    "elementi",
    "nomi",
    "caratteri",
    "incontri",
    "coppie",
    "compagni",
    "avversari",
    "riposi",
    "giri",
    "minuti",
    "ore",
    "giorni",
    "serate",
    "iscritti",
    "tavoli",
    "partecipanti",
    "registrazioni",
    "accusi",
    "sconfitte",
    "pareggi",
    "giornate",
    "tappe",
    "valutazioni",
    "voti",
    "righe",
];

/// "1 mani": a count of one before a plural, if the text has one.
fn one_plural(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    lower.match_indices("1 ").find_map(|(at, _)| {
        let alone = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|before| !before.is_alphanumeric() && !",.-".contains(before));
        let word: String = lower[at + 2..]
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        (alone && PLURALS.contains(&word.as_str())).then(|| format!("1 {word}"))
    })
}

#[test]
fn the_joiners_find_what_they_look_for() {
    assert_eq!(unjoined("tocca a il posto 0"), Some("a il ".into()));
    assert_eq!(unjoined("(di l'asso di bastoni)"), Some("di l'".into()));
    assert_eq!(unjoined("la squadra A l'ha vinta"), None);
    assert_eq!(unjoined("la squadra la vince"), None);
    assert_eq!(unjoined("tocca al posto 1"), None);
    assert_eq!(one_plural("già giocate 1 mani"), Some("1 mani".into()));
    assert_eq!(one_plural("vale 21 punti, 1 punto"), None);
}

#[test]
fn every_italian_message_joins_its_prepositions_to_the_article_of_a_name() {
    let tr = Tr::new(Lang::It);
    let mut wrong = Vec::new();
    for (id, names) in Catalogue::built_in().ids(Lang::It).unwrap() {
        // One argument at a time is a name, the others are counts of one.
        let worded = |name: &str, sample: &Msg| {
            let args: Vec<(&str, Arg)> = names
                .iter()
                .map(|other| match other == name {
                    true => (other.as_str(), Arg::Msg(sample.clone())),
                    false => (other.as_str(), Arg::Number(1)),
                })
                .collect();
            tr.t_args(id, &args)
        };
        for name in names.iter().filter(|name| !COUNTS.contains(&name.as_str())) {
            for sample in named_samples() {
                let text = worded(name, &sample);
                if let Some(pair) = unjoined(&text) {
                    wrong.push(format!("{id} ${name}: {pair:?} in {text:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_italian_message_counts_one_in_the_singular() {
    let tr = Tr::new(Lang::It);
    let mut wrong = Vec::new();
    for (id, names) in Catalogue::built_in().ids(Lang::It).unwrap() {
        let args: Vec<(&str, Arg)> = names
            .iter()
            .map(|name| (name.as_str(), Arg::Number(1)))
            .collect();
        let text = tr.t_args(id, &args);
        if let Some(plural) = one_plural(&text) {
            wrong.push(format!("{id}: {plural:?} in {text:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// How a referee reads a few of them now, word for word.
#[test]
fn a_referee_reads_joined_prepositions_and_singular_counts() {
    let tr = Tr::new(Lang::It);
    let [seat, team, _, ace, four, _] = named_samples().try_into().unwrap();
    let team = Arg::Msg(team);
    assert_eq!(
        tr.t_args("vitou-won_by", [("team", team.clone())]),
        "vinta dalla squadra A"
    );
    assert_eq!(
        tr.t_args("picker-turn", [("player", Arg::Msg(seat))]),
        "Tocca al posto 2"
    );
    assert_eq!(
        tr.t_args(
            "madrasso-must_trump",
            [
                ("deal", Arg::from("Partita 1, smazzata 2")),
                ("trick", Arg::from(3)),
                ("seat", Arg::from("Nane")),
                ("led", Arg::Msg(ace)),
                ("card", Arg::Msg(four)),
                ("proof", Arg::from("aveva briscola")),
                ("trumps", Arg::from("coppe")),
            ]
        ),
        "Partita 1, smazzata 2: nella presa 3 Nane non aveva il seme dell'asso di bastoni e \
         doveva giocare briscola, cioè una carta di coppe, ma ha giocato il quattro di spade e \
         aveva briscola: è cassone e va registrato come tale."
    );
    let setup = |played: i64| {
        tr.t_args(
            "trionfetti-setup_after_hands",
            [
                ("deal", Arg::from("Smazzata 2")),
                ("played", Arg::from(played)),
            ],
        )
    };
    assert!(
        setup(1).ends_with("ma è già stata giocata 1 mano."),
        "{}",
        setup(1)
    );
    assert!(
        setup(3).ends_with("ma sono già state giocate 3 mani."),
        "{}",
        setup(3)
    );
    let stake = tr.t_args(
        "vitou-stake_mismatch",
        [
            ("round", Arg::from("Mano 4")),
            ("why", Arg::from("senza puntate")),
            ("expected", Arg::from(1)),
            ("recorded", Arg::from(2)),
        ],
    );
    assert_eq!(
        stake,
        "Mano 4: senza puntate la mano vale 1 punto, ma ne sono registrati 2."
    );
}
