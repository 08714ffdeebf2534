//! Words of the pages of Madrasso, Tressette, Trijumf and Vitou.

use super::Entry;

pub const ENTRIES: &[Entry] = &[
    // the games
    ("games.trionfetti", "Trionfetti", "Trionfetti"),
    ("games.madrasso", "Madrasso", "Madrasso"),
    ("games.tressette", "Tressette", "Tressette"),
    ("games.trijumf", "Trijumf", "Trijumf"),
    ("games.vitou", "Vitou", "Vitou"),
    ("games.choose", "Gioco", "Game"),
    // creating a match
    ("games.options", "Regole", "Rules"),
    (
        "games.player_count",
        "Giocatori al tavolo",
        "Players at the table",
    ),
    (
        "games.two_players_hint",
        "In due giocano solo i posti 0 e 1.",
        "With two players only seats 0 and 1 play.",
    ),
    (
        "games.min_deals",
        "Mani minime per partita",
        "Minimum deals per game",
    ),
    (
        "games.must_trump",
        "Obbligo di briscola se non si risponde al seme",
        "Must trump when unable to follow suit",
    ),
    ("games.revoke_penalty", "Cassone", "Cassone (revoke)"),
    (
        "games.penalty_award",
        "130 punti agli avversari",
        "130 points to the opponents",
    ),
    (
        "games.penalty_subtract",
        "130 punti tolti a chi ha sbagliato",
        "130 points off the offenders",
    ),
    (
        "games.revoke_points",
        "Punti agli avversari per una rinuncia",
        "Points to the opponents for a revoke",
    ),
    (
        "games.last_trick_points",
        "Punti dell'ultima presa",
        "Points for the last trick",
    ),
    (
        "games.twenty_rules",
        "Regole speciali a 20",
        "Special rules on 20",
    ),
    (
        "games.tressette_targets",
        "Di solito si gioca a 21, 31 o 41.",
        "Games are usually to 21, 31 or 41.",
    ),
    ("games.yes", "sì", "yes"),
    ("games.no", "no", "no"),
    // the referee page
    ("games.side", "Squadra", "Side"),
    ("games.team", "Squadra", "Team"),
    ("games.player", "Giocatore", "Player"),
    (
        "games.outcome_title",
        "Registra l'esito",
        "Record the outcome",
    ),
    ("games.outcome", "Com'è finita", "How it ended"),
    ("games.save", "Registra", "Record"),
    (
        "games.replace_title",
        "Correggi una registrazione con questa",
        "Correct an entry with this one",
    ),
    (
        "games.replace_target",
        "Sostituisce la registrazione",
        "Replaces entry",
    ),
    (
        "games.replace_none",
        "— nessuna (nuova) —",
        "— none (new) —",
    ),
    ("games.void_title", "Annulla", "Void"),
    (
        "games.replace_hint",
        "Per sostituirla, usa il modulo dell'esito e scegli questa registrazione.",
        "To replace it, use the outcome form and choose this entry.",
    ),
    (
        "games.json_title",
        "Avanzato: registrazione in JSON",
        "Advanced: entry as JSON",
    ),
    (
        "games.json_hint",
        "Per le mani carta per carta o le correzioni: una registrazione come nel file della partita (docs/match-record.md).",
        "For deals card by card or corrections: one entry as in the match record (docs/match-record.md).",
    ),
    ("games.json_label", "Registrazione", "Entry"),
    (
        "games.save_json",
        "Controlla e registra",
        "Check and record",
    ),
    // Madrasso
    (
        "games.madrasso_played",
        "Mano giocata: punti di una squadra",
        "Deal played: one team's points",
    ),
    (
        "games.madrasso_cappotto",
        "Cappotto (tutte le prese)",
        "Cappotto (all ten tricks)",
    ),
    (
        "games.madrasso_cassone",
        "Cassone (rinuncia) del giocatore",
        "Cassone (revoke) by the player",
    ),
    (
        "games.madrasso_declared",
        "Il giocatore dichiara fuori",
        "The player declared out",
    ),
    (
        "games.madrasso_points",
        "Punti della squadra (0-130; l'altra ha il resto)",
        "The team's points (0-130; the other has the rest)",
    ),
    (
        "games.madrasso_hint",
        "Punti e squadra per una mano giocata; squadra per il cappotto; giocatore per cassone; giocatore e punti della sua squadra nella mano per la dichiarazione.",
        "Team and points for a deal played; the team for a cappotto; the player for a cassone; the player and the team's points in the deal for a declaration.",
    ),
    // Tressette
    (
        "games.tressette_played",
        "Mano giocata: punti in carte di una squadra",
        "Deal played: one team's card points",
    ),
    (
        "games.tressette_claim",
        "Il giocatore chiama la vittoria",
        "The player claimed the game",
    ),
    (
        "games.tressette_sweep",
        "Cappotto e simili",
        "A sweep (cappotto and the like)",
    ),
    (
        "games.tressette_points",
        "Punti in carte (0-11, accusi esclusi)",
        "Card points (0-11, declarations apart)",
    ),
    (
        "games.tressette_sweep_kind",
        "Tipo di cappotto",
        "Kind of sweep",
    ),
    ("games.tressette_declarations", "Accusi", "Declarations"),
    ("games.declaration", "Dichiarazione", "Declaration"),
    (
        "games.tressette_four",
        "quattro (4 punti)",
        "four of a kind (4 points)",
    ),
    (
        "games.tressette_three",
        "tre (3 punti)",
        "three of a kind (3 points)",
    ),
    ("games.rank", "Carta", "Rank"),
    ("games.aces", "assi", "aces"),
    (
        "games.suit_hint",
        "Seme (napoletana) o seme mancante (tre)",
        "Suit (napoletana) or missing suit (three)",
    ),
    (
        "games.tressette_hint",
        "Squadra e punti in carte per una mano giocata; giocatore e punti della sua squadra per una chiamata; squadra e tipo per un cappotto.",
        "Team and card points for a deal played; the player and the team's points for a claim; team and kind for a sweep.",
    ),
    // Trijumf
    ("games.trijumf_cut", "Taglio", "Cut"),
    ("games.trijumf_normal", "normale", "normal"),
    ("games.trijumf_knock", "bussata", "knock"),
    ("games.trijumf_flip", "carta girata", "flip"),
    (
        "games.trijumf_trump_card",
        "Carta di briscola",
        "Trump card",
    ),
    (
        "games.trijumf_played",
        "Mano giocata fino in fondo",
        "Deal played out",
    ),
    (
        "games.trijumf_claim",
        "Il giocatore chiama la vittoria",
        "The player claimed the game",
    ),
    (
        "games.trijumf_revoke",
        "Rinuncia del giocatore",
        "Revoke by the player",
    ),
    ("games.card_points", "Punti in carte", "Card points"),
    (
        "games.trijumf_claim_correct",
        "Chiamata giusta?",
        "Was the claim correct?",
    ),
    (
        "games.trijumf_declarations",
        "Re e cavallo dichiarati",
        "King-horse declarations",
    ),
    ("games.suit", "Seme", "Suit"),
    (
        "games.trijumf_hint",
        "Senza carta di briscola solo dopo una bussata in quattro. I punti in carte delle due parti fanno 130 (meno con una chiamata).",
        "No trump card only after a knock with four players. The two sides' card points add up to 130 (less with a claim).",
    ),
    // Vitou
    (
        "games.vitou_won",
        "Giro vinto da una squadra",
        "Round won by a side",
    ),
    (
        "games.vitou_refused",
        "Il giocatore rifiuta l'ultimo rilancio",
        "The player refused the last raise",
    ),
    ("games.vitou_tied", "Tre prese pari", "Three tied tricks"),
    (
        "games.vitou_declined",
        "La squadra a 20 non gioca",
        "The side on 20 declined",
    ),
    (
        "games.vitou_all_passed",
        "A 20-20 passano tutti",
        "At 20-20 everybody passed",
    ),
    ("games.vitou_bids", "Rilanci, in ordine", "Bids, in order"),
    ("games.vitou_bid", "Rilancio", "Bid"),
    (
        "games.vitou_points",
        "Punti segnati (facoltativo, controllati)",
        "Points scored (optional, checked)",
    ),
    (
        "games.vitou_hint",
        "La squadra vincente per un giro giocato; il giocatore che rifiuta per un rifiuto.",
        "The winning side for a round played; the refusing player for a refusal.",
    ),
    // the score sheets
    ("games.sheet_rows", "Punti per mano", "Points per deal"),
    ("games.col_deal", "Mano", "Deal"),
    ("games.col_round", "Giro", "Round"),
    ("games.col_totals", "Totale", "Total"),
    ("games.col_detail", "Note", "Notes"),
    ("games.game", "Partita", "Game"),
    ("games.first_to", "vince chi arriva a", "first to"),
];
