//! Words of the players' pages: the staff's list, linking a player to an account, and
//! "my results".

use super::Entry;

pub const ENTRIES: &[Entry] = &[
    ("nav.players", "Giocatori", "Players"),
    ("nav.my_results", "I miei risultati", "My results"),
    ("players.title", "Giocatori", "Players"),
    (
        "players.intro",
        "I giocatori sono i nomi scritti negli eventi. Collegane uno a un account perché chi gioca trovi i suoi risultati.",
        "Players are the names entered in events. Link one to an account so that its holder finds their results.",
    ),
    (
        "players.intro_organizer",
        "Qui trovi i giocatori iscritti agli eventi dei tuoi circoli.",
        "These are the players entered in the events of your clubs.",
    ),
    ("players.search", "Cerca per nome", "Search by name"),
    ("players.search_submit", "Cerca", "Search"),
    ("players.clear_search", "Tutti", "All"),
    ("players.none", "Nessun giocatore.", "No players."),
    (
        "players.none_found",
        "Nessun giocatore ha questo nome.",
        "No player has this name.",
    ),
    ("players.count", "Giocatori trovati:", "Players found:"),
    ("players.page", "Pagina", "Page"),
    ("players.of", "di", "of"),
    ("players.previous", "← Precedenti", "← Previous"),
    ("players.next", "Successivi →", "Next →"),
    (
        "players.linked_to",
        "Collegato all'account",
        "Linked to the account",
    ),
    ("players.not_linked", "Non collegato", "Not linked"),
    ("players.manage", "Gestisci", "Manage"),
    ("players.back", "← Tutti i giocatori", "← All players"),
    ("players.public_page", "Pagina pubblica", "Public page"),
    ("players.account", "Account", "Account"),
    (
        "players.no_account",
        "Questo giocatore non è collegato a nessun account.",
        "This player is not linked to any account.",
    ),
    (
        "players.link_title",
        "Collega a un account",
        "Link to an account",
    ),
    (
        "players.link_hint",
        "Scrivi il nome utente dell'account (quello con cui entra). Un account può essere collegato a un solo giocatore.",
        "Type the account's username (the one it logs in with). An account can be linked to one player only.",
    ),
    ("players.username", "Nome utente", "Username"),
    ("players.link_submit", "Collega", "Link"),
    ("players.unlink_submit", "Scollega", "Unlink"),
    (
        "players.unlink_hint",
        "Scollegando, il giocatore e i suoi risultati restano; l'account non li vede più come suoi.",
        "Unlinking keeps the player and their results; the account no longer sees them as its own.",
    ),
    (
        "players.linked_notice",
        "Fatto: il giocatore ora è collegato all'account",
        "Done: the player is now linked to the account",
    ),
    (
        "players.unchanged_notice",
        "Il giocatore era già collegato a questo account.",
        "The player was already linked to this account.",
    ),
    (
        "players.unlinked_notice",
        "Collegamento tolto.",
        "Link removed.",
    ),
    (
        "players.not_linked_notice",
        "Il giocatore non era collegato a nessun account.",
        "The player was not linked to any account.",
    ),
    (
        "players.error_unknown_account",
        "Nessun account ha questo nome utente:",
        "No account has this username:",
    ),
    (
        "players.error_player_linked",
        "Il giocatore è già collegato a un altro account; scollegalo prima. Account:",
        "The player is already linked to another account; unlink it first. Account:",
    ),
    (
        "players.error_account_taken",
        "Questo account è già collegato a un altro giocatore:",
        "This account is already linked to another player:",
    ),
    ("players.events", "Eventi", "Events"),
    (
        "players.no_events",
        "Nessun evento dei tuoi circoli.",
        "No event of your clubs.",
    ),
    ("players.history", "Modifiche", "Changes"),
    ("players.no_history", "Nessuna modifica.", "No changes."),
    ("players.history_link", "collegato a", "linked to"),
    ("players.history_unlink", "scollegato da", "unlinked from"),
    ("players.history_by", "fatto da", "by"),
    ("players.mine_title", "I miei risultati", "My results"),
    (
        "players.mine_not_linked",
        "Il tuo account non è ancora collegato a un giocatore.",
        "Your account is not linked to a player yet.",
    ),
    (
        "players.mine_ask",
        "Chiedi all'organizzatore del tuo circolo o a un amministratore di collegarlo: gli basta il tuo nome utente.",
        "Ask an organizer of your club or an administrator to link it: your username is all they need.",
    ),
    (
        "player.linked_account",
        "Giocatore con account:",
        "Player with an account:",
    ),
];
