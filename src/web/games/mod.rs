//! The pages of the five games' matches: the referee page with a score entry fitted
//! to each game (`referee`; Trionfetti's forms and their handlers are
//! `super::scoring`'s), and the live and replay pages with each game's score sheet
//! (`sheets`).
//!
//! One file per game builds its outcome entry from the form (`entry`), words its log
//! entries (`describe`) and draws its score sheet (`sheet`), in the Fluent words of
//! `locales/*/games.ftl`; `game_pages!` makes them, with the game's outcome form
//! (`templates/games/form_<game>.html`), its [`GamePages`], which [`pages`] finds
//! from the game through the core's list of games (`for_each_game!`). A new game is one
//! more file here, declared below.

pub mod ahead;
mod fields;
pub mod first_dealer;
pub mod madrasso;
pub mod referee;
pub mod sheets;
pub mod tressette;
pub mod trijumf;
pub mod trionfetti;
pub mod vitou;

use serde_json::{Value, json};

pub use self::fields::Fields;
pub(crate) use self::fields::{Rows, need_seat, need_team, unknown_outcome};
use self::referee::GameRefereePage;
use self::sheets::{GameSheet, ReplayDetail};
use super::i18n::{Tr, stored_text};
use super::scoring::CorrectionWords;
use crate::lang::{Arg, Lang, Msg, Written};
use crate::rules::any::AnyMatch;
use crate::rules::card::{Card, Suit};
use crate::rules::game::{Seat, Team};
use crate::rules::kind::GameKind;

/// What a game is on the pages: its outcome form, how the form reads into an entry, the
/// wording of its log lines and its score sheet. One implementation per game's file.
pub trait GamePages: Sync {
    /// The entry the outcome form describes, as the game's record JSON.
    fn entry(&self, fields: &Fields, tr: Tr) -> Result<Value, String>;

    /// A play entry (neither a correction nor card by card) in a line, naming the
    /// match's `players` where it names a seat or a team.
    fn describe(&self, entry: &Value, players: &[String], tr: Tr) -> String;

    /// The score sheet of a match of this game (any other state gets the common one).
    fn sheet(&self, state: &AnyMatch, players: &[String], tr: Tr) -> GameSheet;

    /// The entry forms of the referee page (with the facts beside the scoreboard),
    /// rendered.
    fn outcome_form(&self, page: &GameRefereePage) -> askama::Result<String>;

    /// Whether the game is scored through Trionfetti's forms (`…/hand`, `…/smazzata`,
    /// `…/tricks` of `super::scoring`).
    fn has_hand_forms(&self) -> bool {
        false
    }

    /// A log line on the referee page, when the game words it its own way there
    /// (else [`describe`]).
    fn log_line(&self, _entry: &Value, _players: &[String], _lang: Lang) -> Option<String> {
        None
    }

    /// Whether an entry of this kind may be corrected from the log, and the teams a
    /// correction may give it to instead (none: it can only be voided).
    fn correction_choices(&self, kind: &str) -> Option<Vec<Team>> {
        (kind != "void" && kind != "replace").then(Vec::new)
    }

    /// The words of the log's correction form.
    fn correction_words(&self) -> CorrectionWords {
        CorrectionWords {
            summary_key: "games-void_title",
            hint_key: Some("games-replace_hint"),
            choose_winner: false,
            button_key: "scoring-void_it",
        }
    }

    /// What the replay shows of `entry` (the entry played at the step, `state` the
    /// match after it): by default the tricks of a card-by-card entry.
    fn replay_detail(
        &self,
        _state: &AnyMatch,
        entry: &Value,
        players: &[String],
        lang: Lang,
    ) -> ReplayDetail {
        ReplayDetail {
            tricks: sheets::trick_lines(entry, players, lang),
            ..ReplayDetail::default()
        }
    }
}

/// [`pages`] from the core's list of games: each game's module here has its `PAGES`.
macro_rules! pages_table {
    (() $($kind:ident($module:ident, $descriptor:ident),)*) => {
        /// The pages of a game: the one place a game's pages are chosen.
        pub fn pages(game: GameKind) -> &'static dyn GamePages {
            match game {
                $(GameKind::$kind => $module::PAGES,)*
            }
        }
    };
}

segnapunti_core::for_each_game!(pages_table);

/// The catalogue key of a game's name.
pub fn game_key(game: GameKind) -> &'static str {
    game.descriptor().name_key
}

/// The entry a game's outcome form gives, as the game's record JSON, wrapped in a
/// `replace` when the form names an entry to correct. A value typed that the entry
/// would not use is refused, naming its field: nothing is dropped unseen.
pub fn outcome_entry(game: GameKind, fields: &Fields, tr: Tr) -> Result<Value, String> {
    let entry = pages(game).entry(fields, tr)?;
    let target = fields.get("replace_target");
    let reason = fields.get("replace_reason");
    if let Some(name) = fields.unread() {
        return Err(fields::unused(name, tr));
    }
    if target.is_empty() {
        if !reason.is_empty() {
            return Err(tr.t("games-replace_need_target").to_string());
        }
        return Ok(entry);
    }
    let target: usize = target
        .parse()
        .map_err(|_| tr.t("games-bad_correction").to_string())?;
    let reason: String = reason.chars().take(300).collect();
    if reason.is_empty() {
        return Err(tr.t("games-need_reason").to_string());
    }
    Ok(json!({"type": "replace", "target": target, "reason": reason, "entry": entry}))
}

/// One log entry in a line, in the reader's language, naming the match's `players`
/// where it names a seat or a team.
pub fn describe(game: GameKind, entry: &Value, players: &[String], tr: Tr) -> String {
    let kind = entry.get("type").and_then(Value::as_str).unwrap_or("");
    let target = entry.get("target").and_then(Value::as_u64).unwrap_or(0);
    let reason = stored_text(
        entry.get("reason").and_then(Value::as_str).unwrap_or(""),
        tr.lang(),
    );
    let correction = |id: &str, more: Option<String>| {
        let mut args = vec![
            ("target", Arg::Number(target as i64 + 1)),
            ("reason", reason.to_string().into()),
        ];
        args.extend(more.map(|entry| ("entry", Arg::from(entry))));
        tr.t_args(id, args)
    };
    match kind {
        "first_dealer" => first_dealer::describe(entry, players, tr),
        "void" => correction("games-log_void", None),
        "replace" => correction(
            "games-log_replace",
            Some(describe(game, &entry["entry"], players, tr)),
        ),
        _ => {
            if let Some(tricks) = entry.get("tricks").and_then(Value::as_array) {
                return tr.t_args("games-log_card_by_card", &[("tricks", tricks.len().into())]);
            }
            pages(game).describe(entry, players, tr)
        }
    }
}

/// An entry's line in a match's log: the game's own wording on the referee page where
/// it has one, else [`describe`]; who deals first reads alike in every game (with
/// the draw's rounds).
pub fn log_line(game: GameKind, entry: &Value, players: &[String], tr: Tr) -> String {
    if entry.get("type").and_then(Value::as_str) == Some("first_dealer") {
        return first_dealer::describe(entry, players, tr);
    }
    pages(game)
        .log_line(entry, players, tr.lang())
        .unwrap_or_else(|| describe(game, entry, players, tr))
}

/// A value of a stored entry as a message's argument: a number where it is one (so
/// that plurals select on it), else its JSON text.
pub(crate) fn json_arg(value: &Value) -> Arg {
    match value.as_i64() {
        Some(number) => Arg::from(number),
        None => Arg::from(value.to_string()),
    }
}

/// A message with one argument.
pub(crate) fn word(tr: Tr, id: &str, name: &'static str, value: impl Into<Arg>) -> String {
    tr.t_args(id, &[(name, value.into())])
}

/// "chiamata di Toni": what the seat of an entry's JSON did (`id` takes it as
/// `who`, [`seat_who`]).
pub(crate) fn by_seat(tr: Tr, id: &str, seat: &Value, players: &[String]) -> String {
    word(tr, id, "who", seat_who(seat, players, tr))
}

/// "3 punti", "1 game": a count with its noun, in the plural its number takes.
pub(crate) fn count(tr: Tr, id: &str, count: impl Into<Arg>) -> String {
    word(tr, id, "count", count)
}

/// The team of an entry's JSON: "squadra A (Bepi · Nane)" where the match names its
/// players, else "squadra A".
pub(crate) fn team_word(value: &Value, players: &[String], tr: Tr) -> String {
    let letter = value.as_str().unwrap_or("?").to_string();
    let team = match letter.as_str() {
        "A" => Some(Team::A),
        "B" => Some(Team::B),
        _ => None,
    };
    let names = team
        .map(|team| side_names(players, team))
        .unwrap_or_default();
    if names.is_empty() {
        return word(tr, "games-team_word", "team", letter);
    }
    tr.t_args(
        "games-team_named",
        &[("team", Arg::from(letter)), ("names", Arg::from(names))],
    )
}

/// "posto 3": a seat no name is known for, counted from 1 as people count them (the
/// record's seats count from 0).
pub(crate) fn seat_word(value: &Value, tr: Tr) -> String {
    let shown = value
        .as_u64()
        .map_or_else(|| value.to_string(), |seat| (seat + 1).to_string());
    word(tr, "games-seat_word", "seat", shown)
}

/// The seat of an entry's JSON as the score sheet names it ("Toni",
/// [`seat_name`]), or "posto 2" where the match has no name for it.
pub(crate) fn seat_who(value: &Value, players: &[String], tr: Tr) -> String {
    let seat = value
        .as_u64()
        .and_then(|seat| u8::try_from(seat).ok())
        .and_then(Seat::new);
    match seat {
        Some(seat) => named_seat(players, seat, tr),
        None => seat_word(value, tr),
    }
}

/// `seat` as the score sheet names it ("Toni"), or "posto 2" where the match has
/// no name for it.
pub(crate) fn named_seat(players: &[String], seat: Seat, tr: Tr) -> String {
    if players
        .get(seat.index())
        .is_some_and(|name| !name.is_empty())
    {
        return seat_name(players, seat);
    }
    seat_word(&json!(u8::from(seat)), tr)
}

/// "(giusta)" / "(wrong)": whether a claim or declaration was right, as a selector.
pub(crate) fn judged(tr: Tr, id: &str, who: String, correct: bool) -> String {
    let correct = if correct { "yes" } else { "no" };
    tr.t_args(id, &[("who", Arg::from(who)), ("correct", correct.into())])
}

/// A score sheet's note of a claim: who claimed, and whether rightly.
pub(crate) fn claim_judged(tr: Tr, players: &[String], seat: Seat, correct: bool) -> String {
    judged(tr, "games-claim_judged", seat_name(players, seat), correct)
}

/// A number pair ("carte 6–5").
pub(crate) fn pair(tr: Tr, id: &str, [a, b]: [impl Into<Arg>; 2]) -> String {
    tr.t_args(id, &[("a", a.into()), ("b", b.into())])
}

/// "Mano: 12 · partita 2": where a match stands, beside the sheet (`label` names the
/// deal or the round).
pub(crate) fn position(tr: Tr, label: &str, number: u32, game: u32) -> (String, String) {
    let args = [("number", number.into()), ("game", game.into())];
    fact(tr, label, tr.t_args("games-fact_number", args))
}

/// A fact beside the sheet, its label from the catalogue.
pub(crate) fn fact(tr: Tr, label: &str, value: String) -> (String, String) {
    (tr.t(label).to_string(), value)
}

pub(crate) fn yes_no(tr: Tr, yes: bool) -> String {
    tr.t(if yes { "games-yes" } else { "games-no" }).to_string()
}

// Cards' and suits' names are the core's, in its two written languages.
pub(crate) fn card_name(card: Card, lang: Lang) -> String {
    match lang.written() {
        Written::It => card.italian_name(),
        Written::En => card.english_name(),
    }
}

pub(crate) fn suit_name(suit: Suit, lang: Lang) -> &'static str {
    match lang.written() {
        Written::It => suit.italian_name(),
        Written::En => suit.english_name(),
    }
}

/// The sides of a match: the names of each team (one name in a two-player game).
pub fn side_names(players: &[String], team: Team) -> String {
    team.seats()
        .iter()
        .filter_map(|seat| players.get(seat.index()))
        .filter(|name| !name.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The player at `seat`, by name alone: people know each other by name, and the
/// record's seats count from 0. A seat without a name shows its number from 1.
pub fn seat_name(players: &[String], seat: Seat) -> String {
    match players.get(seat.index()) {
        Some(name) if !name.is_empty() => name.clone(),
        _ => (u8::from(seat) + 1).to_string(),
    }
}

/// `msg` with every seat it names ("il posto 2") given as the player's name ("Toni"),
/// where the seat has one.
pub fn with_player_names(msg: Msg, players: &[String]) -> Msg {
    let named = (msg.id == "rules-seat")
        .then(|| match msg.get("seat") {
            Some(Arg::Number(seat)) => usize::try_from(*seat).ok(),
            _ => None,
        })
        .flatten()
        .and_then(|seat| players.get(seat))
        .filter(|name| !name.is_empty());
    if let Some(name) = named {
        return Msg::text(name.clone());
    }
    Msg {
        id: msg.id,
        args: msg
            .args
            .into_iter()
            .map(|(name, value)| match value {
                Arg::Msg(inner) => (name, Arg::Msg(with_player_names(inner, players))),
                other => (name, other),
            })
            .collect(),
    }
}

/// The seats of the match (2 or 4).
pub fn seats(players: &[String]) -> Vec<Seat> {
    Seat::ALL.into_iter().take(players.len()).collect()
}

/// A game's pages from its file's `entry`, `describe` and `sheet` functions and its
/// outcome form's template, which reads the referee page it is part of (the typed
/// values, the seats, the sides) as though it were that page.
macro_rules! game_pages {
    ($pages:ident, $variant:ident, $form:ident, $path:tt) => {
        pub struct $pages;

        /// The game's pages, as [`pages`](crate::web::games::pages) finds them.
        pub const PAGES: &dyn $crate::web::games::GamePages = &$pages;

        #[derive(askama::Template)]
        #[template(path = $path)]
        pub struct $form<'a> {
            pub page: &'a $crate::web::games::referee::GameRefereePage,
        }

        impl std::ops::Deref for $form<'_> {
            type Target = $crate::web::games::referee::GameRefereePage;

            fn deref(&self) -> &Self::Target {
                self.page
            }
        }

        impl $crate::web::games::GamePages for $pages {
            fn entry(
                &self,
                fields: &$crate::web::games::Fields,
                tr: $crate::web::i18n::Tr,
            ) -> Result<serde_json::Value, String> {
                entry(fields, tr)
            }

            fn describe(
                &self,
                entry: &serde_json::Value,
                players: &[String],
                tr: $crate::web::i18n::Tr,
            ) -> String {
                describe(entry, players, tr)
            }

            fn sheet(
                &self,
                state: &$crate::rules::any::AnyMatch,
                players: &[String],
                tr: $crate::web::i18n::Tr,
            ) -> $crate::web::games::sheets::GameSheet {
                match state {
                    $crate::rules::any::AnyMatch::$variant(game) => sheet(game, players, tr),
                    _ => $crate::web::games::sheets::GameSheet::common(state, players),
                }
            }

            fn outcome_form(
                &self,
                page: &$crate::web::games::referee::GameRefereePage,
            ) -> askama::Result<String> {
                let form = askama::Template::render(&$form { page })?;
                askama::Template::render(&$crate::web::games::referee::OutcomeSection {
                    page,
                    form,
                })
            }
        }
    };
}
pub(crate) use game_pages;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_trionfetti_is_scored_through_the_hand_forms() {
        for game in GameKind::ALL {
            assert_eq!(
                pages(game).has_hand_forms(),
                game == GameKind::Trionfetti,
                "{game}"
            );
        }
        let refused = outcome_entry(GameKind::Trionfetti, &Fields::default(), Tr::new(Lang::En));
        assert_eq!(
            refused,
            Err("Trionfetti is scored on its own referee page.".to_string())
        );
    }

    /// Counted words take the plural of their number: once "1 prese", "1 tricks".
    #[test]
    fn log_lines_count_in_the_plural_of_their_number() {
        let one = json!({"type": "deal", "tricks": [{"leader": 0, "cards": []}]});
        let two = json!({"type": "deal", "tricks": [{}, {}]});
        let declared = json!({"type": "deal", "team": "A", "points": 1, "declarations": [{}]});
        let void = json!({"type": "void", "target": 3, "reason": "tavolo sbagliato"});
        let replace = json!({"type": "replace", "target": 0, "reason": "x",
            "entry": {"type": "deal", "cappotto": "B"}});
        let cases = [
            (GameKind::Madrasso, &one, "it", "carta per carta · 1 presa"),
            (GameKind::Madrasso, &one, "en", "card by card · 1 trick"),
            (GameKind::Vitou, &two, "it", "carta per carta · 2 prese"),
            (
                GameKind::Tressette,
                &declared,
                "it",
                "squadra A · 1 punto · 1 accuso",
            ),
            (
                GameKind::Tressette,
                &declared,
                "en",
                "team A · 1 point · 1 declaration",
            ),
            (
                GameKind::Trijumf,
                &void,
                "it",
                "annulla #4: tavolo sbagliato",
            ),
            (
                GameKind::Madrasso,
                &replace,
                "en",
                "replaces #1 (x): cappotto · team B",
            ),
        ];
        for (game, entry, code, words) in cases {
            let tr = Tr::new(super::super::i18n::lang_from_code(code).unwrap());
            assert_eq!(describe(game, entry, &[], tr), words, "{game} {entry}");
        }
    }

    /// A log line names the players as the score sheet does ("Toni"), a team by
    /// its letter and its players; a seat or a team without names by its number or
    /// letter. A correction names them in the entry it carries.
    #[test]
    fn log_lines_name_the_players() {
        let four = ["Bepi", "Toni", "Nane", "Gigio"].map(String::from);
        let two = ["Bepi", "Toni"].map(String::from);
        let unnamed = ["", "", "", ""].map(String::from);
        let cassone = json!({"type": "deal", "cassone": {"seat": 1}});
        let cappotto = json!({"type": "deal", "cappotto": "B"});
        let declared = json!({"type": "deal", "declared": 2, "points": 41});
        let claim = json!({"type": "deal", "claim": 3, "points": 6});
        let sweep = json!({"type": "deal", "sweep": "stramazzo", "team": "A"});
        let played = json!({"type": "deal", "team": "A", "points": 7});
        let refusal =
            json!({"type": "round", "refusal": {"seat": 0}, "bids": [{"seat": 1, "bid": 6}]});
        let won = json!({"type": "round", "winner": "B"});
        let replace = json!({"type": "replace", "target": 2, "reason": "x", "entry": cassone});
        let first = json!({"type": "first_dealer", "seat": 2});
        let drawn = json!({"type": "first_dealer", "seat": 2,
            "draw": [["Rd", "5s", "Rc", "2b"], ["7d", null, "Cs", null]]});
        let cases: [(GameKind, &Value, &[String], &str, &str); 15] = [
            (GameKind::Madrasso, &cassone, &four, "it", "cassone · Toni"),
            (
                GameKind::Madrasso,
                &cassone,
                &unnamed,
                "en",
                "cassone · seat 2",
            ),
            (
                GameKind::Madrasso,
                &cappotto,
                &four,
                "it",
                "cappotto · squadra B (Toni · Gigio)",
            ),
            (
                GameKind::Madrasso,
                &cappotto,
                &two,
                "en",
                "cappotto · team B (Toni)",
            ),
            (
                GameKind::Madrasso,
                &cappotto,
                &[],
                "it",
                "cappotto · squadra B",
            ),
            (
                GameKind::Madrasso,
                &declared,
                &four,
                "it",
                "Nane dichiara fuori · 41 punti",
            ),
            (
                GameKind::Madrasso,
                &declared,
                &four,
                "en",
                "declared out by Nane · 41 points",
            ),
            (
                GameKind::Tressette,
                &claim,
                &four,
                "it",
                "chiamata di Gigio · 6 punti",
            ),
            (
                GameKind::Tressette,
                &sweep,
                &two,
                "en",
                "stramazzo · team A (Bepi)",
            ),
            (
                GameKind::Tressette,
                &played,
                &unnamed,
                "it",
                "squadra A · 7 punti",
            ),
            (
                GameKind::Vitou,
                &refusal,
                &four,
                "it",
                "rifiuto di Bepi · rilancio 6",
            ),
            (
                GameKind::Vitou,
                &won,
                &four,
                "en",
                "won by team B (Toni · Gigio)",
            ),
            (
                GameKind::Madrasso,
                &replace,
                &four,
                "en",
                "replaces #3 (x): cassone · Toni",
            ),
            (
                GameKind::Tressette,
                &first,
                &four,
                "it",
                "Primo mazziere: Nane",
            ),
            (
                GameKind::Trionfetti,
                &drawn,
                &four,
                "it",
                "Primo mazziere: Nane · pesca in 2 giri",
            ),
        ];
        for (game, entry, players, code, words) in cases {
            let tr = Tr::new(super::super::i18n::lang_from_code(code).unwrap());
            assert_eq!(describe(game, entry, players, tr), words, "{game} {entry}");
            assert_eq!(log_line(game, entry, players, tr), words, "{game} {entry}");
        }
        // Trionfetti's own line on the referee page names the vagaresto's caller.
        let hand = json!({"type": "hand", "winner": "A",
            "vagaresto": {"caller": 1, "answer": "accepted"}});
        let [italian, english] = crate::web::i18n::in_both(|tr| tr);
        assert_eq!(
            log_line(GameKind::Trionfetti, &hand, &four, italian),
            "mano vinta da Bepi · Nane (squadra A) · vagaresto di Toni accettato"
        );
        assert_eq!(
            log_line(GameKind::Trionfetti, &hand, &unnamed, english),
            "hand won by A · vagaresto by seat 2 accepted"
        );
    }

    #[test]
    fn a_form_value_that_does_not_read_is_refused_with_what_was_typed() {
        let fields = Fields::new(vec![("points".to_string(), "tre".to_string())]);
        assert_eq!(
            fields.number("points", Tr::new(Lang::It)),
            Err("Non è un numero intero: \"tre\"".to_string())
        );
        assert_eq!(fields.number("missing", Tr::new(Lang::En)), Ok(None));
    }
}
