//! Words of the organizer's confirmations: a change of state backwards, a forfeit, a
//! withdrawal (issue 26).

use super::Entry;

pub const ENTRIES: &[Entry] = &[
    (
        "confirm.cancel",
        "Annulla, non cambiare nulla",
        "Cancel, change nothing",
    ),
    (
        "confirm.reason",
        "Motivo (resta scritto con il tuo nome)",
        "Reason (kept with your name)",
    ),
    (
        "confirm.error_reason",
        "Scrivi il motivo del cambiamento: resta scritto con il tuo nome.",
        "Give the reason for the change: it is kept with your name.",
    ),
    (
        "confirm.nothing_changed",
        "Nessuna modifica: non è cambiato nulla.",
        "No changes: nothing was changed.",
    ),
    (
        "confirm.changed_meanwhile",
        "Nel frattempo la partita è cambiata: controlla lo stato attuale e riprova.",
        "The match changed meanwhile: check its state now and try again.",
    ),
    (
        "state.confirm_title",
        "Confermi il cambio di stato?",
        "Confirm the change of state?",
    ),
    (
        "state.backwards_warning",
        "Questo cambio torna indietro: la partita perde lo stato raggiunto. Resterà scritto chi l'ha fatto e perché, come per una correzione.",
        "This change goes backwards: the match loses the state it had reached. Who made it and why is kept, as for a correction.",
    ),
    (
        "state.confirm_submit",
        "Conferma il cambio di stato",
        "Confirm the change of state",
    ),
    ("state.changes", "Cambi di stato", "Changes of state"),
    ("state.current", "Stato attuale", "Current state"),
    ("state.goes_on", "passa", "goes on"),
    ("state.note", "Nota", "Note"),
    (
        "forfeit.choose",
        "Vittoria a tavolino: quale parte passa?",
        "Forfeit: which side goes on?",
    ),
    (
        "forfeit.submit",
        "Registra la vittoria a tavolino…",
        "Record the forfeit…",
    ),
    (
        "forfeit.error_side",
        "Scegli quale parte passa il turno: non è scelta nessuna parte.",
        "Choose which side goes on: no side is chosen.",
    ),
    (
        "forfeit.confirm_title",
        "Confermi la vittoria a tavolino?",
        "Confirm the forfeit?",
    ),
    (
        "forfeit.winner_line",
        "Passa il turno (vince a tavolino)",
        "Goes on (wins by forfeit)",
    ),
    ("forfeit.loser_line", "Perde a tavolino", "Loses by forfeit"),
    (
        "forfeit.confirm_submit",
        "Conferma la vittoria a tavolino",
        "Confirm the forfeit",
    ),
    (
        "forfeit.undo_title",
        "Confermi di annullare la vittoria a tavolino?",
        "Confirm taking the forfeit back?",
    ),
    (
        "forfeit.undo_line",
        "La partita torna in programma, da giocare.",
        "The match goes back to scheduled, to be played.",
    ),
    (
        "forfeit.undo_submit",
        "Conferma: annulla la vittoria a tavolino",
        "Confirm: take the forfeit back",
    ),
    (
        "withdraw.confirm_title",
        "Confermi il ritiro?",
        "Confirm the withdrawal?",
    ),
    (
        "withdraw.started_line",
        "Perde a tavolino ogni partita non ancora finita e non entra più nei sorteggi.",
        "It forfeits every match not yet finished and is not drawn again.",
    ),
    (
        "withdraw.setup_line",
        "Non entrerà nel sorteggio.",
        "It will not be in the draw.",
    ),
    (
        "withdraw.confirm_submit",
        "Conferma il ritiro",
        "Confirm the withdrawal",
    ),
    ("event.no_referee", "nessun arbitro", "no referee"),
];
