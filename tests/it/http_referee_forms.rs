//! Issue 22 for Madrasso, Tressette, Trijumf and Vitou through real HTTP: nothing a
//! referee submits on the outcome form is dropped unseen. A value the entry would not
//! use, a row left half typed or a correction's reason without its entry is refused,
//! naming the field, in Italian and English, keeping everything typed and storing
//! nothing; the combinations the form offers are stored whole.

use serde_json::Value;

use crate::support;
use support::{Client, TestApp};

/// A form's fields as typed.
type Fields<'a> = &'a [(&'a str, &'a str)];

/// A match of `game` (Bepi, Toni, Nane, Gigio) made by `organizer`, its page in
/// Italian, and its table link for a referee reading English.
fn match_in_both_languages(
    app: &TestApp,
    organizer: Client,
    game: &str,
    extra: Fields,
) -> (Client, String, Client, String) {
    let mut fields = vec![("title", game)];
    fields.extend_from_slice(extra);
    let public_id = support::setup::create_game_match(&organizer, game, &fields);
    let link = support::setup::table_link(app, &organizer, &public_id);
    (
        organizer,
        format!("/score/{public_id}"),
        app.client_in("en"),
        link,
    )
}

fn error_text(body: &str) -> String {
    let marker = "id=\"entry-error\">";
    let start = body.find(marker).expect("an error is shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()]
        .replace("&#39;", "'")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
}

fn points(body: &str, team: &str) -> String {
    let marker = format!("id=\"points-{team}\">");
    let start = body.find(&marker).expect("points shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// Whether the page shows `value` again in the control named `name`: an input's
/// value, a radio checked, a select's option selected.
fn kept(body: &str, name: &str, value: &str) -> bool {
    let attribute = format!("name=\"{name}\"");
    body.match_indices(&attribute).any(|(at, _)| {
        let tag = &body[at..at + body[at..].find('>').unwrap()];
        if tag.contains("value=\"") {
            let radio = body[..at]
                .rfind('<')
                .is_some_and(|open| body[open..at].contains("type=\"radio\""))
                || tag.contains("type=\"radio\"");
            tag.contains(&format!("value=\"{value}\"")) && (!radio || tag.contains(" checked"))
        } else {
            let select = &body[at..at + body[at..].find("</select>").unwrap_or(0)];
            select.contains(&format!("value=\"{value}\" selected"))
        }
    })
}

/// Posts the outcome form with `fields`: refused (422) with exactly `words`, the
/// score untouched, every value typed shown again (a team is a button, not kept).
fn refused(client: &Client, base: &str, fields: Fields, words: &str) {
    let response = support::setup::post_entry(client, base, "outcome", fields);
    assert_eq!(response.status, 422, "{fields:?}: {}", response.body);
    assert_eq!(error_text(&response.body), words, "{fields:?}");
    assert_eq!(
        points(&response.body, "A"),
        "0",
        "{fields:?}: nothing stored"
    );
    assert_eq!(
        points(&response.body, "B"),
        "0",
        "{fields:?}: nothing stored"
    );
    assert!(!response.body.contains("id=\"recorded\""), "{fields:?}");
    for (name, value) in fields.iter().filter(|(name, _)| *name != "team") {
        assert!(
            kept(&response.body, name, value),
            "{fields:?}: {name}={value} kept"
        );
    }
}

/// Every case refused in both languages: (fields, Italian words, English words).
fn all_refused(app: &TestApp, game: &str, cases: &[(Fields, &str, &str)]) -> (Client, String) {
    let (organizer, base, english, link) = match_in_both_languages(app, app.organizer(), game, &[]);
    for (fields, italian, english_words) in cases {
        refused(&organizer, &base, fields, italian);
        refused(&english, &link, fields, english_words);
    }
    (organizer, base)
}

/// The entries stored in the match at `base`.
fn entries(app: &TestApp, base: &str) -> Vec<Value> {
    let record = app.client().get(&format!("/m/{}/record.json", &base[7..]));
    let json: Value = serde_json::from_str(&record.body).unwrap();
    json["entries"].as_array().unwrap().clone()
}

fn stored(client: &Client, base: &str, fields: Fields) {
    let response = support::setup::post_entry(client, base, "outcome", fields);
    assert_eq!(response.status, 303, "{fields:?}: {}", response.body);
}

const UNUSED_PLAYER: (&str, &str) = (
    "Il campo «Giocatore» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
    "The field “Player” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
);
const UNUSED_POINTS: (&str, &str) = (
    "Il campo «Punti» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
    "The field “Points” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
);
const UNUSED_TEAM: (&str, &str) = (
    "Per l'esito scelto non si tocca una squadra: usa «Registra», oppure scegli l'esito giusto.",
    "The outcome chosen takes no team: use “Record”, or choose the right outcome.",
);
const REASON_ALONE: (&str, &str) = (
    "Hai scritto il motivo di una correzione: scegli anche la registrazione da sostituire, oppure svuota il motivo.",
    "You wrote the reason for a correction: choose the entry it replaces too, or clear the reason.",
);

backend_tests! {
    fn madrasso_refuses_what_its_outcome_would_not_use(app) {
        let (organizer, _) = all_refused(&app, "madrasso", &[
            (&[("outcome", "played"), ("points", "75"), ("seat", "1"), ("team", "A")], UNUSED_PLAYER.0, UNUSED_PLAYER.1),
            (&[("outcome", "cappotto"), ("points", "40"), ("team", "A")], UNUSED_POINTS.0, UNUSED_POINTS.1),
            (&[("outcome", "cassone"), ("seat", "1"), ("team", "B")], UNUSED_TEAM.0, UNUSED_TEAM.1),
            (&[("outcome", "cassone"), ("seat", "1"), ("points", "30")], UNUSED_POINTS.0, UNUSED_POINTS.1),
            (&[("outcome", "played"), ("points", "75")], "Scegli la squadra.", "Choose the team."),
        ]);
        // A team tapped with a declaration goes to the rules, which check it against
        // the declarer, by name (declarations open after the one deal played).
        let (organizer, base, english, link) = match_in_both_languages(&app, organizer, "madrasso", &[("min_deals", "1")]);
        stored(&organizer, &base, &[("outcome", "played"), ("points", "75"), ("team", "A")]);
        // A correction's reason without the entry it replaces would be a new entry
        // with the reason lost: refused, the reason kept.
        let fields = [("outcome", "played"), ("points", "70"), ("team", "A"), ("replace_reason", "punti scambiati")];
        for (client, path, words) in [(&organizer, &base, REASON_ALONE.0), (&english, &link, REASON_ALONE.1)] {
            let response = support::setup::post_entry(client, path, "outcome", &fields);
            assert_eq!(response.status, 422, "{}", response.body);
            assert_eq!(error_text(&response.body), words);
            assert!(kept(&response.body, "replace_reason", "punti scambiati"), "{}", response.body);
            assert!(kept(&response.body, "points", "70"));
        }
        assert_eq!(entries(&app, &base).len(), 1, "nothing stored");
        let wrong = [("outcome", "declared"), ("seat", "1"), ("points", "70"), ("team", "A")];
        let response = support::setup::post_entry(&organizer, &base, "outcome", &wrong);
        assert_eq!(response.status, 422, "{}", response.body);
        let text = error_text(&response.body);
        assert!(text.contains("si è chiamato fuori Toni"), "{text}");
        assert!(!text.contains("posto"), "{text}");
        let response = support::setup::post_entry(&english, &link, "outcome", &wrong);
        assert!(error_text(&response.body).contains("Toni declared out"), "{}", response.body);
        // The combinations the form offers are stored whole.
        stored(&organizer, &base, &[("outcome", "declared"), ("seat", "1"), ("points", "70"), ("team", "B")]);
        let saved = entries(&app, &base);
        assert_eq!(saved[0]["points"], 75);
        assert_eq!(saved[1]["declared"], 1);
        assert_eq!(saved[1]["team"], "B", "the team tapped is kept in the entry");
    }

    fn tressette_refuses_what_its_outcome_would_not_use(app) {
        let row = |it: &'static str, en: &'static str| (it, en);
        let combo = row(
            "Dichiarazione 1: manca «Combinazione». Completa la riga o svuotala.",
            "Declaration 1: “Combination” is missing. Complete the row or clear it.",
        );
        let suit_of_four = row(
            "Il campo «Dichiarazione 2 · Seme» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
            "The field “Declaration 2 · Suit” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
        );
        let rank_of_napoletana = row(
            "Il campo «Dichiarazione 1 · Carta» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
            "The field “Declaration 1 · Rank” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
        );
        let sweep = row(
            "Il campo «Tipo di cappotto» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
            "The field “Kind of sweep” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
        );
        let (organizer, _) = all_refused(&app, "tressette", &[
            // The rules take a claim's points for the claimer's team: a team tapped would be lost.
            (&[("outcome", "claim"), ("seat", "1"), ("points", "6"), ("team", "A")], UNUSED_TEAM.0, UNUSED_TEAM.1),
            (&[("outcome", "sweep"), ("sweep", "cappotto"), ("points", "6"), ("team", "B")], UNUSED_POINTS.0, UNUSED_POINTS.1),
            (&[("outcome", "played"), ("points", "6"), ("sweep", "cappotto"), ("team", "A")], sweep.0, sweep.1),
            (&[("outcome", "played"), ("points", "6"), ("seat", "2"), ("team", "A")], UNUSED_PLAYER.0, UNUSED_PLAYER.1),
            (&[("points", "6"), ("team", "A"), ("decl0_seat", "1")], combo.0, combo.1),
            (&[("points", "6"), ("team", "A"), ("decl1_seat", "1"), ("decl1_combo", "four"), ("decl1_rank", "3"), ("decl1_suit", "c")], suit_of_four.0, suit_of_four.1),
            (&[("points", "6"), ("team", "A"), ("decl0_seat", "1"), ("decl0_combo", "napoletana"), ("decl0_rank", "2"), ("decl0_suit", "c")], rank_of_napoletana.0, rank_of_napoletana.1),
            (&[("points", "6"), ("team", "A"), ("decl0_seat", "1"), ("decl0_combo", "three"), ("decl0_suit", "c")],
                "Scegli la carta dell'accuso (assi, due o tre).", "Choose the card of the declaration (aces, twos or threes)."),
        ]);
        let (organizer, base, ..) = match_in_both_languages(&app, organizer, "tressette", &[]);
        stored(&organizer, &base, &[("outcome", "claim"), ("seat", "1"), ("points", "6")]);
        let saved = entries(&app, &base);
        assert_eq!(saved[0]["claim"], 1);
        assert_eq!(saved[0]["points"], 6);
    }

    fn trijumf_refuses_what_its_outcome_would_not_use(app) {
        let points_a = (
            "Il campo «Punti in carte A» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
            "The field “Card points A” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
        );
        let verdict = (
            "Il campo «Chiamata giusta?» non vale per ciò che hai scelto: svuotalo, oppure scegli l'esito a cui serve.",
            "The field “Was the claim correct?” does not apply to what you chose: clear it, or choose the outcome it belongs to.",
        );
        let suit = (
            "Dichiarazione 2: manca «Seme». Completa la riga o svuotala.",
            "Declaration 2: “Suit” is missing. Complete the row or clear it.",
        );
        let deal = [("cut", "normal"), ("trump_card", "7d")];
        let with = |more: &[(&'static str, &'static str)]| -> Vec<(&'static str, &'static str)> {
            deal.iter().chain(more).copied().collect()
        };
        let revoke = with(&[("outcome", "revoke"), ("seat", "1"), ("points_a", "80"), ("points_b", "50")]);
        let seat = with(&[("outcome", "played"), ("points_a", "80"), ("points_b", "50"), ("seat", "1")]);
        let claim_verdict = with(&[("outcome", "played"), ("points_a", "80"), ("points_b", "50"), ("claim_correct", "yes")]);
        let half_row = with(&[("points_a", "80"), ("points_b", "50"), ("decl1_seat", "1")]);
        let (organizer, _) = all_refused(&app, "trijumf", &[
            (&revoke, points_a.0, points_a.1),
            (&seat, UNUSED_PLAYER.0, UNUSED_PLAYER.1),
            (&claim_verdict, verdict.0, verdict.1),
            (&half_row, suit.0, suit.1),
        ]);
        let (organizer, base, ..) = match_in_both_languages(&app, organizer, "trijumf", &[]);
        stored(&organizer, &base, &with(&[("outcome", "claim"), ("seat", "1"), ("points_a", "60"), ("points_b", "70"), ("claim_correct", "no")]));
        let saved = entries(&app, &base);
        assert_eq!(saved[0]["claim"]["correct"], false, "{}", saved[0]);
    }

    fn vitou_refuses_what_its_outcome_would_not_use(app) {
        let bid = (
            "Rilancio 1: manca «Rilancio». Completa la riga o svuotala.",
            "Bid 1: “Bid” is missing. Complete the row or clear it.",
        );
        let (organizer, _) = all_refused(&app, "vitou", &[
            (&[("outcome", "tied"), ("team", "A")], UNUSED_TEAM.0, UNUSED_TEAM.1),
            (&[("outcome", "won"), ("seat", "2"), ("team", "A")], UNUSED_PLAYER.0, UNUSED_PLAYER.1),
            (&[("outcome", "won"), ("team", "B"), ("bid0_seat", "2")], bid.0, bid.1),
            (&[("outcome", "won")], "Scegli la squadra.", "Choose the team."),
        ]);
        let (organizer, base, ..) = match_in_both_languages(&app, organizer, "vitou", &[]);
        stored(&organizer, &base, &[("outcome", "won"), ("team", "B"), ("bid0_seat", "1"), ("bid0_bid", "3")]);
        let saved = entries(&app, &base);
        assert_eq!(saved[0]["bids"][0]["seat"], 1, "{}", saved[0]);
    }
}
