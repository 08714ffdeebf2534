//! Words of the rotating-partner reports and cards. `{name}` marks a value filled in.

use super::Entry;

pub const ENTRIES: &[Entry] = &[
    ("rotation.round", "Turno {round}", "Round {round}"),
    (
        "rotation.whist_design",
        "schema whist per {players} giocatori: in {length} turni ognuno gioca una volta in coppia con ciascun altro e due volte contro.",
        "whist design for {players} players: over {length} rounds everyone partners each other player once and faces each twice.",
    ),
    (
        "rotation.part_of_design",
        "turni scelti da uno schema whist per {players} giocatori: quelli che ripetono meno avversari.",
        "rounds chosen from a whist design for {players} players: those repeating the fewest opponents.",
    ),
    (
        "rotation.no_repeats",
        "turni senza alcun compagno né avversario ripetuto ({players} giocatori).",
        "rounds with no partner and no opponent repeated ({players} players).",
    ),
    (
        "rotation.round_by_round",
        "turni scelti uno alla volta contro i precedenti ({players} giocatori).",
        "rounds chosen one at a time against the earlier ones ({players} players).",
    ),
    (
        "rotation.no_design",
        "con {players} giocatori non esiste uno schema whist (serve un numero che diviso per 4 dia resto 0 o 1), ne riposano {out} a ogni turno",
        "with {players} players there is no whist design (it needs a number leaving 0 or 1 when divided by 4), {out} sit out each round",
    ),
    (
        "rotation.after_change",
        "da qui cambia chi gioca (iscrizione tardiva o ritiro).",
        "from here on who plays changes (a late entry or a withdrawal).",
    ),
    (
        "rotation.nothing_repeats",
        "nessuna ripetizione",
        "nothing repeats",
    ),
    (
        "rotation.partners_again",
        "di nuovo compagni",
        "partners again",
    ),
    (
        "rotation.opponents_again",
        "di nuovo avversari",
        "opponents again",
    ),
    ("rotation.time", "{times}ª volta", "time {times}"),
    ("rotation.sitting_out", "riposano", "sitting out"),
    ("rotation.unavoidable", "Inevitabile:", "Unavoidable:"),
    (
        "rotation.pairs_partners",
        "in {rounds} turni si formano {meetings} coppie di compagni e le coppie di giocatori diverse sono solo {pairs}.",
        "over {rounds} rounds {meetings} partnerships are formed and there are only {pairs} different pairs of players.",
    ),
    (
        "rotation.players_partners",
        "fin qui un giocatore ha avuto {most} compagni e gli altri giocatori sono solo {others}.",
        "so far a player has had {most} partners and there are only {others} other players.",
    ),
    (
        "rotation.pairs_opponents",
        "in {rounds} turni ci sono {meetings} incontri fra avversari e le coppie di giocatori diverse sono solo {pairs}.",
        "over {rounds} rounds there are {meetings} meetings of opponents and only {pairs} different pairs of players.",
    ),
    (
        "rotation.players_opponents",
        "fin qui un giocatore ha avuto {most} avversari e gli altri giocatori sono solo {others}.",
        "so far a player has had {most} opponents and there are only {others} other players.",
    ),
    (
        "rotation.at_least",
        "Il minimo possibile fin qui: {partners} compagni ripetuti, nessuna coppia avversaria più di {most} volte, {opponents} avversari ripetuti; questo piano: {so_far_partners}, {so_far_most}, {so_far_opponents} (il migliore trovato).",
        "The least possible so far: {partners} repeated partners, no pair of opponents more than {most} times, {opponents} repeated opponents; this plan: {so_far_partners}, {so_far_most}, {so_far_opponents} (the best found).",
    ),
    (
        "rotation.fewest",
        "Nessuna coppia si è affrontata più di {most} volte: il minimo possibile.",
        "No pair has faced each other more than {most} times: the least possible.",
    ),
    (
        "rotation.table_cards",
        "Cartellini dei tavoli",
        "Table cards",
    ),
    (
        "rotation.guide_cards",
        "Cartellini dei giocatori",
        "Player guide cards",
    ),
    (
        "rotation.cards_hint",
        "Un cartellino per tavolo, da lasciare sul tavolo tutta la sera, e uno per giocatore, da consegnare: stampa questa pagina.",
        "One card per table, left on the table all evening, and one per player to hand out: print this page.",
    ),
    (
        "rotation.seat_legend",
        "I posti 1 e 3 giocano in coppia contro 2 e 4; il posto 1 dà le carte per primo.",
        "Seats 1 and 3 play together against 2 and 4; seat 1 deals first.",
    ),
    ("rotation.round_short", "Turno", "Round"),
    ("rotation.deals", "dà le carte", "deals"),
    ("rotation.seat", "Posto", "Seat"),
    ("rotation.partner", "Compagno", "Partner"),
    ("rotation.sits_out", "riposa", "sits out"),
];
