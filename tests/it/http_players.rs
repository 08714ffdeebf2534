//! Players linked to accounts through real HTTP on SQLite and (when configured)
//! PostgreSQL: the staff's searchable, paged list; linking and unlinking with the change
//! noted; the refusals (unknown account, a player or an account linked elsewhere,
//! anonymous visitors, referees, organizers of another club, a missing form token); the
//! public player page naming the account; and the account's "my results".

use crate::support;

use support::{Client, TestApp, club_with_organizer, option_value, setup};

/// An event of the club with the pairs of `csv` (player 1, player 2, label per line).
fn event_with_entrants(organizer: &Client, club: &str, csv: &str) -> String {
    let fields = [
        ("name", "Serata dei giocatori"),
        ("venue", "Osteria"),
        ("game", "trionfetti"),
        ("target_points", "1"),
        ("games_to_win", "1"),
        ("format", "single_elimination"),
    ];
    let event = setup::create_event(organizer, &format!("/manage/clubs/{club}/events"), &fields);
    let imported = organizer.post_form(&format!("/manage/events/{event}/import"), &[("csv", csv)]);
    assert_eq!(imported.status, 200, "{}", imported.body);
    event
}

/// An account with a display name unlike its username, and a client logged in as it.
fn account(app: &TestApp, admin: &Client, username: &str, display_name: &str) -> Client {
    app.user_named(admin, username, display_name, "referee")
}

/// The id of the player named `name`, from the staff's list searched for it.
fn player_id(staff: &Client, name: &str) -> String {
    let query = serde_urlencoded::to_string([("q", name)]).unwrap();
    let list = staff.get(&format!("/manage/players?{query}"));
    assert_eq!(list.status, 200, "{}", list.body);
    let marker = format!("\"><strong>{}</strong>", escaped(name));
    let end = list
        .body
        .find(&marker)
        .unwrap_or_else(|| panic!("{name} is not listed: {}", list.body));
    let start = list.body[..end].rfind("/manage/players/").unwrap() + "/manage/players/".len();
    list.body[start..end].to_string()
}

/// Text as the pages escape it.
fn escaped(text: &str) -> String {
    // `&` first, so that the entities written after it stay as they are.
    let entities = [
        ('&', "&#38;"),
        ('<', "&#60;"),
        ('>', "&#62;"),
        ('"', "&#34;"),
        ('\'', "&#39;"),
    ];
    entities
        .iter()
        .fold(text.to_string(), |text, (character, entity)| {
            text.replace(*character, entity)
        })
}

fn link(staff: &Client, player: &str, username: &str) -> support::Response {
    staff.post_form(
        &format!("/manage/players/{player}/link"),
        &[("username", username)],
    )
}

/// The display name the public player page shows as linked, if any.
fn public_account(app: &TestApp, player: &str) -> Option<String> {
    let page = app.client().get(&format!("/players/{player}"));
    assert_eq!(page.status, 200, "{}", page.body);
    let rest = page.body.split("id=\"linked-account\"").nth(1)?;
    let start = rest.find("<strong>")? + "<strong>".len();
    Some(rest[start..start + rest[start..].find('<')?].to_string())
}

backend_tests! {
    fn an_organizer_links_and_unlinks_a_player_of_their_club(app) {
        let (admin, organizer) = club_with_organizer(&app);
        event_with_entrants(&organizer, "scuola-di-trionfetti", "Bepi,Nane,Coppia 1\nToni,Gigio,Coppia 2\n");
        let bepi_account = account(&app, &admin, "bepi.f", "Bepi Fornasier");
        let bepi = player_id(&organizer, "Bepi");
        assert_eq!(public_account(&app, &bepi), None);

        let linked = link(&organizer, &bepi, "  Bepi.F ");
        assert_eq!(linked.status, 303, "{}", linked.body);
        let location = linked.location.unwrap();
        assert_eq!(location, format!("/manage/players/{bepi}"));
        let page = organizer.get(&location);
        assert!(page.body.contains("id=\"player-notice\""), "{}", page.body);
        assert!(page.body.contains("Fatto: il giocatore ora è collegato"), "{}", page.body);
        assert!(page.body.contains("<strong>Bepi Fornasier</strong>."), "{}", page.body);
        // The notice shows once: the page opened again has none.
        let again = organizer.get(&location);
        assert!(!again.body.contains("id=\"player-notice\""), "{}", again.body);
        // Organizers see the display name; only administrators see usernames.
        assert!(!page.body.contains("@bepi.f"), "{}", page.body);
        assert!(admin.get(&location).body.contains("@bepi.f"));
        let history = page.body.split("id=\"player-history\"").nth(1).unwrap();
        assert!(history.contains("collegato a <strong>Bepi Fornasier</strong> · fatto da org"), "{history}");
        // The list says it too.
        let list = organizer.get("/manage/players");
        assert!(list.body.contains("Bepi Fornasier"), "{}", list.body);

        // The public page names the account by its display name, never its username.
        assert_eq!(public_account(&app, &bepi).as_deref(), Some("Bepi Fornasier"));
        assert!(!app.client().get(&format!("/players/{bepi}")).body.contains("bepi.f"));

        // The account finds its results from the header.
        let header = bepi_account.get("/");
        assert!(
            header.body.contains(&format!("href=\"/players/{bepi}\" id=\"my-results\"")),
            "{}",
            header.body
        );
        let mine = bepi_account.get("/account/player");
        assert_eq!(mine.status, 303);
        assert_eq!(mine.location, Some(format!("/players/{bepi}")));

        // Unlinked: the player keeps its page, the account no longer leads there.
        let unlinked = organizer.post_form(&format!("/manage/players/{bepi}/unlink"), &[]);
        assert_eq!(unlinked.status, 303);
        assert_eq!(unlinked.location, Some(format!("/manage/players/{bepi}")));
        let page = organizer.get(&unlinked.location.unwrap());
        assert!(page.body.contains("Collegamento tolto."), "{}", page.body);
        assert!(!organizer.get(&format!("/manage/players/{bepi}")).body.contains("Collegamento tolto."));
        assert!(page.body.contains("id=\"link-form\""));
        let history = page.body.split("id=\"player-history\"").nth(1).unwrap();
        let unlink_at = history.find("scollegato da <strong>Bepi Fornasier</strong> · fatto da org").expect(history);
        let link_at = history.find("collegato a <strong>Bepi Fornasier</strong>").unwrap();
        assert!(unlink_at < link_at, "newest first: {history}");
        assert_eq!(public_account(&app, &bepi), None);
        let mine = bepi_account.get("/account/player");
        assert_eq!(mine.status, 200);
        assert!(mine.body.contains("id=\"not-linked\""), "{}", mine.body);
        // An account without a player is not offered results it does not have.
        let header = bepi_account.get("/");
        assert!(header.body.contains("/logout"), "still logged in: {}", header.body);
        assert!(!header.body.contains("id=\"my-results\""), "{}", header.body);
        // Unlinking again changes nothing and notes nothing.
        let again = organizer.post_form(&format!("/manage/players/{bepi}/unlink"), &[]);
        assert_eq!(again.location, Some(format!("/manage/players/{bepi}")));
        let page = organizer.get(&again.location.unwrap());
        assert!(page.body.contains("Il giocatore non era collegato a nessun account."), "{}", page.body);
        assert_eq!(page.body.split("id=\"player-history\"").nth(1).unwrap().matches("<li>").count(), 2);

        // Linked again, by an administrator this time; the same link twice is no change.
        assert_eq!(link(&admin, &bepi, "bepi.f").status, 303);
        let same = link(&admin, &bepi, "bepi.f");
        assert_eq!(same.location, Some(format!("/manage/players/{bepi}")));
        let page = admin.get(&same.location.unwrap());
        assert!(page.body.contains("Il giocatore era già collegato a questo account."), "{}", page.body);
        let history = page.body.split("id=\"player-history\"").nth(1).unwrap();
        assert_eq!(history.matches("<li>").count(), 3, "{history}");
        assert!(history.contains("fatto da Capo Arbitro"), "{history}");
        assert_eq!(bepi_account.get("/account/player").location, Some(format!("/players/{bepi}")));
    }

    fn links_are_refused_with_a_clear_reason(app) {
        let (admin, organizer) = club_with_organizer(&app);
        event_with_entrants(&organizer, "scuola-di-trionfetti", "Bepi,Nane,Coppia 1\n");
        account(&app, &admin, "bepi.f", "Bepi Fornasier");
        account(&app, &admin, "nane.z", "Nane Zanon");
        let bepi = player_id(&organizer, "Bepi");
        let nane = player_id(&organizer, "Nane");

        // No such account: said so, with what was typed kept in the field.
        let unknown = link(&organizer, &bepi, "nessuno<b>");
        assert_eq!(unknown.status, 422, "{}", unknown.body);
        let typed = escaped("nessuno<b>");
        assert!(unknown.body.contains(&format!("Nessun account ha questo nome utente: <strong>{typed}</strong>")), "{}", unknown.body);
        assert!(unknown.body.contains(&format!("value=\"{typed}\"")), "{}", unknown.body);
        let english = app.client_in("en");
        english.login("org", "org-password");
        let unknown = link(&english, &bepi, "nessuno");
        assert!(unknown.body.contains("No account has this username:"), "{}", unknown.body);
        assert_eq!(public_account(&app, &bepi), None);

        assert_eq!(link(&organizer, &bepi, "bepi.f").status, 303);
        // One account, one player.
        let taken = link(&organizer, &nane, "bepi.f");
        assert_eq!(taken.status, 422, "{}", taken.body);
        assert!(taken.body.contains("già collegato a un altro giocatore:"), "{}", taken.body);
        assert!(taken.body.contains(&format!("<a href=\"/players/{bepi}\"><strong>Bepi</strong></a>")), "{}", taken.body);
        assert_eq!(public_account(&app, &nane), None);
        // One player, one account: the link must be taken away first.
        let linked = link(&organizer, &bepi, "nane.z");
        assert_eq!(linked.status, 422);
        assert!(linked.body.contains("scollegalo prima. Account: <strong>Bepi Fornasier</strong>"), "{}", linked.body);
        assert_eq!(public_account(&app, &bepi).as_deref(), Some("Bepi Fornasier"));
        // Nothing refused was noted.
        let page = organizer.get(&format!("/manage/players/{bepi}"));
        assert_eq!(page.body.split("id=\"player-history\"").nth(1).unwrap().matches("<li>").count(), 1);
        let page = organizer.get(&format!("/manage/players/{nane}"));
        assert!(page.body.contains("Nessuna modifica."));
    }

    fn only_the_staff_of_the_players_club_may_link(app) {
        let (admin, organizer) = club_with_organizer(&app);
        event_with_entrants(&organizer, "scuola-di-trionfetti", "Bepi,Nane,Coppia 1\n");
        account(&app, &admin, "bepi.f", "Bepi Fornasier");
        let bepi = player_id(&organizer, "Bepi");
        let referee = app.user(&admin, "arbitro", "referee");
        // An organizer of another club, with an event and a player of their own.
        let other = app.user(&admin, "org2", "organizer");
        admin.post_form("/manage/clubs", &[("name", "Circolo di Dolo")]);
        let page = admin.get("/manage/clubs/circolo-di-dolo");
        let id = option_value(&page.body, "org2");
        admin.post_form("/manage/clubs/circolo-di-dolo/organizers", &[("user_id", &id)]);
        event_with_entrants(&other, "circolo-di-dolo", "Momi,Bortolo,Coppia 1\n");

        let anonymous = app.client();
        for path in ["/manage/players".to_string(), format!("/manage/players/{bepi}"), "/account/player".to_string()] {
            let response = anonymous.get(&path);
            assert_eq!(response.status, 303, "{path}");
            assert!(response.location.unwrap().starts_with("/login?next="), "{path}");
        }
        let response = link(&anonymous, &bepi, "bepi.f");
        assert!(response.location.unwrap().starts_with("/login?next="));
        assert_eq!(referee.get("/manage/players").status, 403);
        assert_eq!(referee.get(&format!("/manage/players/{bepi}")).status, 403);
        assert_eq!(link(&referee, &bepi, "bepi.f").status, 403);

        // The other club's organizer lists their own players only and may not touch Bepi.
        let list = other.get("/manage/players");
        assert!(list.body.contains("<strong>Momi</strong>"), "{}", list.body);
        assert!(!list.body.contains("<strong>Bepi</strong>"), "{}", list.body);
        assert!(!other.get("/manage/players?q=bepi").body.contains("<strong>Bepi</strong>"));
        assert_eq!(other.get(&format!("/manage/players/{bepi}")).status, 403);
        assert_eq!(link(&other, &bepi, "bepi.f").status, 403);
        assert_eq!(other.post_form(&format!("/manage/players/{bepi}/unlink"), &[]).status, 403);
        assert_eq!(organizer.get("/manage/players/999999").status, 404);

        // A form without the session's token is refused and changes nothing.
        let forged = organizer.post_raw(&format!("/manage/players/{bepi}/link"), &[("username", "bepi.f")]);
        assert_eq!(forged.status, 403);
        assert_eq!(public_account(&app, &bepi), None);
        assert_eq!(link(&organizer, &bepi, "bepi.f").status, 303);
        let forged = organizer.post_raw(&format!("/manage/players/{bepi}/unlink"), &[]);
        assert_eq!(forged.status, 403);
        assert_eq!(public_account(&app, &bepi).as_deref(), Some("Bepi Fornasier"));

        // The administrator sees every club's players.
        let list = admin.get("/manage/players");
        assert!(list.body.contains("<strong>Momi</strong>") && list.body.contains("<strong>Bepi</strong>"));
        let momi = player_id(&admin, "Momi");
        assert_eq!(organizer.get(&format!("/manage/players/{momi}")).status, 403);
        assert_eq!(link(&admin, &momi, "arbitro").status, 303);
        assert_eq!(referee.get("/account/player").location, Some(format!("/players/{momi}")));
    }

    fn the_list_is_searched_and_paged_and_escapes_names(app) {
        let (_admin, organizer) = club_with_organizer(&app);
        let mut csv: String = (1..=30)
            .map(|i| format!("Giocatore {i:02}a,Giocatore {i:02}b,Coppia {i}\n"))
            .collect();
        csv.push_str("<i>Toni</i>,50% Nane,Coppia 31\n");
        event_with_entrants(&organizer, "scuola-di-trionfetti", &csv);

        let first = organizer.get("/manage/players");
        assert!(first.body.contains("Giocatori trovati: 62 · Pagina 1 di 3"), "{}", first.body);
        assert_eq!(first.body.split("id=\"players\"").nth(1).unwrap().split("</ul>").next().unwrap().matches("<li>").count(), 25);
        assert!(first.body.contains("href=\"/manage/players?page=2\""), "{}", first.body);
        assert!(!first.body.contains("rel=\"prev\""));
        let last = organizer.get("/manage/players?page=3");
        assert!(last.body.contains("Pagina 3 di 3"));
        assert_eq!(last.body.split("id=\"players\"").nth(1).unwrap().split("</ul>").next().unwrap().matches("<li>").count(), 12);
        assert!(last.body.contains("href=\"/manage/players?page=2\""));
        assert!(!last.body.contains("rel=\"next\""));
        // Past the end, or not a number: the nearest page that exists.
        assert!(organizer.get("/manage/players?page=99").body.contains("Pagina 3 di 3"));
        assert!(organizer.get("/manage/players?page=due").body.contains("Pagina 1 di 3"));

        // Searched without case, across pages, the search kept in the links.
        let found = organizer.get("/manage/players?q=GIOCATORE+1");
        assert!(found.body.contains("Giocatori trovati: 20"), "{}", found.body);
        assert!(!found.body.contains("Pagina"), "one page: {}", found.body);
        let found = organizer.get("/manage/players?q=giocatore");
        assert!(found.body.contains("Giocatori trovati: 60"));
        assert!(found.body.contains("href=\"/manage/players?q=giocatore&#38;page=2\""), "{}", found.body);
        assert!(found.body.contains("value=\"giocatore\""));
        // LIKE's wildcards are letters like any other.
        let percent = organizer.get("/manage/players?q=50%25");
        assert!(percent.body.contains("Giocatori trovati: 1"), "{}", percent.body);
        assert!(organizer.get("/manage/players?q=%25%25").body.contains("Nessun giocatore ha questo nome."));
        assert!(organizer.get("/manage/players?q=_").body.contains("Nessun giocatore ha questo nome."));

        // A name is text, never markup.
        let toni = organizer.get("/manage/players?q=toni");
        assert!(toni.body.contains(&escaped("<i>Toni</i>")), "{}", toni.body);
        assert!(!toni.body.contains("<i>Toni"));
        let id = player_id(&organizer, "<i>Toni</i>");
        let page = organizer.get(&format!("/manage/players/{id}"));
        assert!(page.body.contains(&format!("<h1>{}</h1>", escaped("<i>Toni</i>"))), "{}", page.body);
    }

    fn the_database_holds_one_player_per_account(app) {
        let (admin, organizer) = club_with_organizer(&app);
        event_with_entrants(&organizer, "scuola-di-trionfetti", "Bepi,Nane,Coppia 1\n");
        account(&app, &admin, "bepi.f", "Bepi Fornasier");
        let bepi = player_id(&organizer, "Bepi");
        let nane = player_id(&organizer, "Nane");
        assert_eq!(link(&organizer, &bepi, "bepi.f").status, 303);
        // Past the store's checks, the unique index refuses a second player for the account.
        let sql = format!(
            "UPDATE players SET user_id = (SELECT user_id FROM players WHERE id = {bepi}) WHERE id = {nane}"
        );
        let database = &app.database;
        let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| database.execute(&sql)));
        assert!(refused.is_err(), "a second player was linked to the same account");
        assert_eq!(public_account(&app, &nane), None);
    }
}
