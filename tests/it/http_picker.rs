//! The card picker of a hand entered card by card (issue 22) through real HTTP, as a
//! phone without JavaScript uses it: the deck by suit in the order of the comanda,
//! the cut card and the cards played out of reach, each tap a submit that comes back
//! with the hand kept in the form and nothing stored, the trick's winner and the next
//! player named, the last card taken back; refusals that name the player, the trick
//! and the card in Italian and English, the same from "Controlla" and from saving; and
//! the comanda field taking explicit rankings.

use crate::support;
use support::setup::{self, envelope};

use support::{Client, TestApp, form_value};

/// Bepi, Toni, Nane and Gigio at seats 0 to 3; Toni, on the dealer's right, leads.
/// A whole hand: Nane takes the first trick, Gigio the second, Bepi the third.
const HAND: [&str; 12] = [
    "2d", "Rd", "3d", "4d", // Toni, Nane, Gigio, Bepi: the king, Nane's
    "7d", "Cd", "5d", "6d", // Nane, Gigio, Bepi, Toni: the horse, Gigio's
    "8d", "Fd", "9d", "10d", // Gigio, Bepi, Toni, Nane: the jack, Bepi's
];

/// The error shown, its apostrophes unescaped.
fn error_text(body: &str) -> String {
    let marker = "id=\"entry-error\">";
    let start = body.find(marker).expect("an error is shown") + marker.len();
    body[start..start + body[start..].find('<').unwrap()].replace("&#39;", "'")
}

/// The faces drawn beside the error, as (rank, suit letter).
fn error_faces(body: &str) -> Vec<(String, char)> {
    let start = body.find("id=\"entry-error\">").expect("an error is shown");
    let paragraph = &body[start..start + body[start..].find("</p>").unwrap()];
    paragraph
        .split("class=\"card-face suit-")
        .skip(1)
        .map(|face| {
            let suit = face.chars().next().unwrap();
            let rank = face.split("<span class=\"card-rank\">").nth(1).unwrap();
            (rank[..rank.find('<').unwrap()].to_string(), suit)
        })
        .collect()
}

fn text_of(body: &str, id: &str) -> String {
    let marker = format!("id=\"{id}\"");
    let start = body
        .find(&marker)
        .unwrap_or_else(|| panic!("#{id} in {body}"));
    let start = start + body[start..].find('>').unwrap() + 1;
    body[start..start + body[start..].find('<').unwrap()].to_string()
}

/// The cards the form keeps, in order.
fn kept(body: &str) -> Vec<String> {
    body.split("<input type=\"hidden\" name=\"card\" value=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

/// The entries stored in the match's record.
fn stored(app: &TestApp, base: &str) -> usize {
    let public_id = base.rsplit('/').next().unwrap();
    let record = app.client().get(&format!("/m/{public_id}/record.json"));
    let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
    json["entries"].as_array().unwrap().len()
}

/// A Trionfetti match of Bepi, Toni, Nane and Gigio for `org` in Italian, and the
/// same page through its table link, read in English.
fn table(app: &TestApp) -> (Client, String, Client, String) {
    let admin = app.admin();
    let organizer = app.user(&admin, "org", "organizer");
    let public_id = setup::create_match(&organizer, &[("title", "Carte")]);
    assert_eq!(
        organizer
            .post_form(&format!("/manage/matches/{public_id}/link"), &[])
            .status,
        303
    );
    let manage = organizer.get(&format!("/manage/matches/{public_id}"));
    let start = manage.body.find(&format!("{}/s/", app.base)).unwrap() + app.base.len();
    let rest = &manage.body[start..];
    let link = rest[..rest.find('"').unwrap()].to_string();
    (
        organizer,
        format!("/score/{public_id}"),
        app.client_in("en"),
        link,
    )
}

/// Records the smazzata's comanda and cut card; answers the response.
fn setup_smazzata(client: &Client, base: &str, comanda: &str, cut: &str) -> support::Response {
    let (seq, key) = envelope(client, base);
    client.post_form(
        &format!("{base}/smazzata"),
        &[
            ("expected_seq", &seq),
            ("submission_key", &key),
            ("comanda", comanda),
            ("cut", cut),
        ],
    )
}

/// Posts the picker's form: the cards so far, then what was tapped (a card's button
/// adds a `card`, the others an `action`).
fn tap(client: &Client, base: &str, cards: &[&str], action: Option<&str>) -> support::Response {
    let (seq, key) = envelope(client, base);
    let mut form = vec![
        ("expected_seq", seq.as_str()),
        ("submission_key", key.as_str()),
    ];
    form.extend(cards.iter().map(|card| ("card", *card)));
    if let Some(action) = action {
        form.push(("action", action));
    }
    client.post_form(&format!("{base}/tricks"), &form)
}

/// The card buttons of the suit `letter`, in the page's order.
fn suit_row(body: &str, letter: char) -> Vec<(String, bool)> {
    let start = body
        .find(&format!("picker-suit suit-{letter}"))
        .expect("the suit's row");
    let row = &body[start..start + body[start..].find("</fieldset>").unwrap()];
    row.split("<button type=\"submit\" name=\"card\" value=\"")
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find('>').unwrap()];
            (
                tag[..tag.find('"').unwrap()].to_string(),
                tag.contains(" disabled"),
            )
        })
        .collect()
}

backend_tests! {
    fn a_card_by_card_save_comes_back_to_the_cards_with_its_confirmation(app) {
        let (organizer, base, _, _) = table(&app);
        // Even when the page's script asks to keep its scroll: the grid it kept is gone.
        let (seq, key) = envelope(&organizer, &base);
        let setup = organizer.post_form(
            &format!("{base}/smazzata"),
            &[
                ("expected_seq", seq.as_str()),
                ("submission_key", key.as_str()),
                ("comanda", "più ponto e più figure"),
                ("cut", "1s"),
                ("keep_scroll", "1"),
            ],
        );
        assert_eq!(setup.location.as_deref(), Some(format!("{base}?recorded=0&at=cards#cards").as_str()));
        let page = organizer.get(setup.location.as_deref().unwrap());
        // The confirmation with its undo inside the cards' section, above whose turn it is.
        let cards = page.body.find("id=\"cards\"").expect("the cards' section");
        let recorded = page.body.find("id=\"recorded\"").expect("the confirmation");
        let undo = page.body.find("id=\"undo-last\"").expect("its undo");
        let turn = page.body.find("id=\"picker-turn\"").expect("whose turn");
        assert!(cards < recorded && recorded < undo && undo < turn, "{}", page.body);
        assert_eq!(page.body.matches("id=\"recorded\"").count(), 1);

        // The smazzata's last hand: back at the cards, whose section, open, asks the next comanda.
        for hand in 0..4 {
            let suit = ['d', 'c', 's', 'b'][hand];
            let cards: Vec<String> = HAND.iter().map(|card| format!("{}{suit}", &card[..card.len() - 1])).collect();
            let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
            let saved = tap(&organizer, &base, &cards, Some("save"));
            assert_eq!(saved.status, 303, "hand {hand}: {}", saved.body);
            assert!(saved.location.as_deref().unwrap().ends_with("&at=cards#cards"));
        }
        let after = organizer.get(&format!("{base}?recorded=4&at=cards"));
        let section = after.body.find("id=\"cards\"").expect("the cards' section");
        let open = section + after.body[section..].find("<details").unwrap();
        assert!(after.body[open..].starts_with("<details open>"), "the cards' section open");
        let recorded = after.body.find("id=\"recorded\"").unwrap();
        let comanda = after.body.find("id=\"comanda\"").expect("the next comanda");
        assert!(open < recorded && recorded < comanda, "{}", after.body);
        // An outcome saved by its buttons still comes back to the buttons.
        let (seq, key) = envelope(&organizer, &base);
        let quick = organizer.post_form(
            &format!("{base}/hand"),
            &[("expected_seq", seq.as_str()), ("submission_key", key.as_str()), ("winner", "A")],
        );
        assert_eq!(quick.location.as_deref(), Some(format!("{base}?recorded=5#entry").as_str()));
    }

    fn a_hand_tapped_card_by_card_without_javascript(app) {
        let (organizer, base, _, _) = table(&app);
        let setup = setup_smazzata(&organizer, &base, "più ponto e più figure", "1s");
        assert_eq!(setup.status, 303, "{}", setup.body);
        let page = organizer.get(&base);
        // The deck by suit, in the comanda's order (an order no default gives: in
        // `the_comanda_field_takes_explicit_rankings`); the cut card out of reach;
        // Toni, on the dealer's right, to lead.
        let coins: Vec<String> = suit_row(&page.body, 'd').into_iter().map(|(code, _)| code).collect();
        assert_eq!(coins, ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "Fd", "Cd", "Rd"]);
        let swords = suit_row(&page.body, 's');
        assert_eq!(swords.len(), 13);
        assert_eq!(swords.iter().filter(|(_, disabled)| *disabled).map(|(code, _)| code.as_str()).collect::<Vec<_>>(), ["1s"]);
        assert_eq!(text_of(&page.body, "picker-turn"), "Tocca a Toni");
        assert!(page.body.contains("id=\"picker-back\" disabled"), "nothing to take back yet");

        // Each tap comes back with the hand so far in the form and the next player.
        let mut cards: Vec<&str> = Vec::new();
        let turns = ["Nane", "Gigio", "Bepi", "Nane"];
        for (card, next) in HAND[..4].iter().zip(turns) {
            let mut form = cards.clone();
            form.push(card);
            let response = tap(&organizer, &base, &form, None);
            assert_eq!(response.status, 200, "{card}: {}", response.body);
            cards.push(card);
            assert_eq!(kept(&response.body), cards);
            assert_eq!(text_of(&response.body, "picker-turn"), format!("Tocca a {next}"));
            // A card of the hand can be tapped only once.
            let row = suit_row(&response.body, 'd');
            assert!(row.iter().any(|(code, disabled)| code == card && *disabled), "{card}");
        }
        // The trick's winner at once, named with the card that took it.
        let after_trick = tap(&organizer, &base, &cards, Some("check"));
        assert!(after_trick.body.contains("<p class=\"trick-winner\">Presa vinta da Nane (re di denari)</p>"), "{}", after_trick.body);
        assert_eq!(stored(&app, &base), 1, "nothing is stored before the save");

        // The last card taken back: it is out of the form and tappable again.
        let mut five = cards.clone();
        five.push("7d");
        let back = tap(&organizer, &base, &five, Some("back"));
        assert_eq!(back.status, 200, "{}", back.body);
        assert_eq!(kept(&back.body), cards);
        assert!(suit_row(&back.body, 'd').contains(&("7d".to_string(), false)));

        // The rest of the hand, then the save: the hand goes to Bepi and Nane.
        let whole = tap(&organizer, &base, &HAND, None);
        assert_eq!(whole.status, 200, "{}", whole.body);
        assert_eq!(text_of(&whole.body, "picker-hand"), "Mano alla squadra A (Bepi · Nane)");
        assert_eq!(text_of(&whole.body, "picker-turn"), "Tutte le carte della mano sono segnate.");
        assert!(whole.body.contains("Presa vinta da Gigio (cavallo di denari)"));
        assert!(whole.body.contains("Presa vinta da Bepi (fante di denari)"));
        assert_eq!(stored(&app, &base), 1);
        let saved = tap(&organizer, &base, &HAND, Some("save"));
        assert_eq!(saved.status, 303, "{}", saved.body);
        assert_eq!(stored(&app, &base), 2);
        // The cards of that hand are out of reach in the next.
        let next = organizer.get(&base);
        assert!(suit_row(&next.body, 'd').iter().all(|(code, disabled)| *disabled == (code != "1d")), "{}", next.body);
    }

    fn a_card_twice_is_refused_naming_player_trick_and_card(app) {
        let (organizer, base, english, link) = table(&app);
        assert_eq!(setup_smazzata(&organizer, &base, "più ponto e più figure", "1s").status, 303);
        // Nane takes the first trick and leads the second; Toni plays the seven again.
        let twice = ["7d", "Rd", "3d", "4d", "2d", "5d", "6d", "7d"];
        let cases = [
            (&organizer, &base, "Smazzata 1, mano 1: Toni ha giocato il sette di denari nella seconda presa, ma era già uscito nella prima presa."),
            (&english, &link, "Smazzata 1, hand 1: Toni played the 7 of coins in the second trick, but it was already played in the first trick."),
        ];
        for (client, path, message) in cases {
            // A tap, "Controlla" and the save all say the same, and keep the cards.
            for action in [None, Some("check"), Some("save")] {
                let response = tap(client, path, &twice, action);
                assert_eq!(response.status, 422, "{action:?}: {}", response.body);
                assert_eq!(error_text(&response.body), message, "{action:?}");
                // The card named is drawn beside the words.
                assert_eq!(error_faces(&response.body), [("7".to_string(), 'd')], "{action:?}");
                assert_eq!(kept(&response.body), twice, "{action:?}");
                // Said by the picker, where the cards were tapped.
                let picker = response.body.find("id=\"picker\"").unwrap();
                assert!(response.body.find("id=\"entry-error\"").unwrap() > picker, "{action:?}");
            }
            // The cut card is never dealt.
            let cut = tap(client, path, &["1s", "Rd", "3d", "4d"], None);
            assert_eq!(cut.status, 422, "{}", cut.body);
            assert!(error_text(&cut.body).contains("Toni"), "{}", error_text(&cut.body));
            assert_eq!(error_faces(&cut.body), [("1".to_string(), 's')]);
        }
        assert_eq!(
            error_text(&tap(&organizer, &base, &["1s", "Rd", "3d", "4d"], Some("check")).body),
            "Smazzata 1, mano 1: Toni ha giocato l'asso di spade nella prima presa, ma è la carta del taglio e non viene mai data."
        );
        assert_eq!(
            error_text(&tap(&english, &link, &["1s", "Rd", "3d", "4d"], Some("check")).body),
            "Smazzata 1, hand 1: Toni played the ace of swords in the first trick, but it is the cut card and is never dealt."
        );
        assert_eq!(stored(&app, &base), 1);

        // A card of an earlier hand names that hand.
        assert_eq!(tap(&organizer, &base, &HAND, Some("save")).status, 303);
        let page = organizer.get(&base);
        let leader = text_of(&page.body, "picker-turn").trim_start_matches("Tocca a ").to_string();
        let again = tap(&organizer, &base, &["Cd", "1d", "1c", "1b"], Some("check"));
        assert_eq!(
            error_text(&again.body),
            format!("Smazzata 1, mano 2: {leader} ha giocato il cavallo di denari nella prima presa, ma era già uscito nella seconda presa della prima mano.")
        );
        let again = tap(&english, &link, &["Cd", "1d", "1c", "1b"], Some("save"));
        assert_eq!(
            error_text(&again.body),
            format!("Smazzata 1, hand 2: {leader} played the horse of coins in the first trick, but it was already played in the second trick of the first hand.")
        );
        assert_eq!(stored(&app, &base), 2);
    }

    fn the_comanda_field_takes_explicit_rankings(app) {
        let (organizer, base, english, link) = table(&app);
        let public_id = base.rsplit('/').next().unwrap().to_string();
        let explicit = "F < C < R < 1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10";
        // The live preview reads it.
        let preview = organizer.get(&format!("/m/{public_id}/comanda?text=F%20%3C%20C%20%3C%20R%20%3C%201%20%3C%202%20%3C%203%20%3C%204%20%3C%205%20%3C%206%20%3C%207%20%3C%208%20%3C%209%20%3C%2010"));
        let json: serde_json::Value = serde_json::from_str(&preview.body).unwrap();
        assert_eq!(json["line"], "F C R 1 2 3 4 5 6 7 8 9 10", "{}", preview.body);

        // Refused, naming the smazzata, the level, the cards in words and the
        // restriction, what was typed kept.
        let broken = "1 2 < 3 4 5 6 7 8 9 10 F C R";
        for (client, path, level, cards, restriction, missing_card) in [
            (
                &organizer,
                &base,
                "Smazzata 1, ordine esplicito delle carte: livello 1: ",
                "l'asso di spade e il due di spade hanno ranghi diversi",
                "regola 1",
                "Smazzata 1, ordine esplicito delle carte: manca il re di spade (regola 2",
            ),
            (
                &english,
                &link,
                "Smazzata 1, explicit ranking: level 1: ",
                "the ace of swords and the 2 of swords have different ranks",
                "restriction 1",
                "Smazzata 1, explicit ranking: the king of swords is missing (restriction 2",
            ),
        ] {
            let refused = setup_smazzata(client, path, broken, "1s");
            assert_eq!(refused.status, 422, "{}", refused.body);
            let message = error_text(&refused.body);
            assert!(message.starts_with(level) && message.contains(restriction), "{message}");
            assert!(message.contains(cards), "{message}");
            // As typed, HTML-escaped in the field.
            assert_eq!(form_value(&refused.body, "comanda").as_deref(), Some(broken.replace('<', "&#60;").as_str()));
            let missing = setup_smazzata(client, path, "1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < F < C", "1s");
            assert_eq!(missing.status, 422, "{}", missing.body);
            let message = error_text(&missing.body);
            assert!(message.starts_with(missing_card), "{message}");
        }
        assert_eq!(stored(&app, &base), 0);

        // Saved: the record keeps the ranking beside the text as said, and the
        // picker orders the deck by it.
        let saved = setup_smazzata(&organizer, &base, explicit, "1s");
        assert_eq!(saved.status, 303, "{}", saved.body);
        let record = app.client().get(&format!("/m/{public_id}/record.json"));
        let json: serde_json::Value = serde_json::from_str(&record.body).unwrap();
        assert_eq!(json["entries"][0]["comanda"], explicit);
        assert_eq!(json["entries"][0]["ranking"][0], serde_json::json!(["Fb", "Fc", "Fd", "Fs"]));
        let page = organizer.get(&base);
        let coins: Vec<String> = suit_row(&page.body, 'd').into_iter().map(|(code, _)| code).collect();
        assert_eq!(coins, ["Fd", "Cd", "Rd", "1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d"]);
    }

    fn cards_show_as_faces_on_the_picker_the_replay_and_the_comanda_preview(app) {
        let (organizer, base, _, _) = table(&app);
        assert_eq!(setup_smazzata(&organizer, &base, "più ponto e più figure", "1s").status, 303);
        // The picker's 52 buttons are faces: the rank, the suit's symbol from the sprite,
        // and the card's name for screen readers.
        let page = organizer.get(&base);
        let sprite = page.body.split("<use href=\"").nth(1).expect("a suit symbol");
        let sprite = sprite[..sprite.find('#').unwrap()].to_string();
        assert!(sprite.starts_with("/static/suits.") && sprite.ends_with(".svg"), "{sprite}");
        for suit in ['d', 'c', 's', 'b'] {
            let symbols = page.body.matches(&format!("{sprite}#suit-{suit}\"")).count();
            assert_eq!(symbols, 13, "the suit {suit}'s buttons");
        }
        assert!(page.body.contains("<span class=\"card-rank\">C</span>"), "{}", page.body);
        assert!(page.body.contains("<span class=\"visually-hidden\">cavallo di denari</span>"));
        // The sprite is served, with its four symbols.
        let served = app.client().get(&sprite);
        assert_eq!(served.status, 200);
        assert_eq!(served.header("content-type"), Some("image/svg+xml"));
        for suit in ['d', 'c', 's', 'b'] {
            assert!(served.body.contains(&format!("<symbol id=\"suit-{suit}\"")));
        }
        // The plays of a trick show the face beside the card's name.
        let tapped = tap(&organizer, &base, &HAND[..4], Some("check"));
        assert!(tapped.body.contains("<li>Toni: <span class=\"card-face suit-d\" aria-hidden=\"true\"><span class=\"card-rank\">2</span>"), "{}", tapped.body);
        assert!(tapped.body.contains("</span> due di denari</li>"), "{}", tapped.body);
        assert_eq!(tap(&organizer, &base, &HAND, Some("save")).status, 303);

        // The replay: the comanda's order as faces named in full, the tricks' plays with faces.
        let public_id = base.rsplit('/').next().unwrap();
        let smazzata = app.client().get(&format!("/m/{public_id}/replay?step=1"));
        assert!(smazzata.body.contains("class=\"ranking-levels\""), "{}", smazzata.body);
        assert!(smazzata.body.contains("title=\"re di denari\""), "{}", smazzata.body);
        let hand = app.client().get(&format!("/m/{public_id}/replay?step=2"));
        assert!(hand.body.contains("<span class=\"card-face suit-d\" aria-hidden=\"true\"><span class=\"card-rank\">R</span>"), "{}", hand.body);
        assert!(hand.body.contains("re di denari ★"), "{}", hand.body);

        // The referee's comanda preview names each card of each level, for its faces.
        let preview = app.client().get("/rules/comanda?text=pi%C3%B9%20ponto");
        let json: serde_json::Value = serde_json::from_str(&preview.body).unwrap();
        let levels = json["levels"].as_array().unwrap();
        let names = json["names"].as_array().unwrap();
        assert_eq!(levels.len(), names.len());
        assert_eq!(levels[0].as_array().unwrap().len(), names[0].as_array().unwrap().len());
        assert!(names.iter().flat_map(|level| level.as_array().unwrap()).any(|name| name == "sette di denari"), "{json}");
    }
}
