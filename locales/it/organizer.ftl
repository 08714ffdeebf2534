### Words of the organizer's confirmations: a change of state backwards, a forfeit, a withdrawal (issue 26).

confirm-cancel = Annulla, non cambiare nulla
confirm-reason = Motivo (resta scritto con il tuo nome)
confirm-error_reason = Scrivi il motivo del cambiamento: resta scritto con il tuo nome.
confirm-nothing_changed = Nessuna modifica: non è cambiato nulla.
confirm-changed_meanwhile = Nel frattempo la partita è cambiata: controlla lo stato attuale e riprova.
state-confirm_title = Confermi il cambio di stato?
state-backwards_warning = Questo cambio torna indietro: la partita perde lo stato raggiunto. Resterà scritto chi l'ha fatto e perché, come per una correzione.
state-confirm_submit = Conferma il cambio di stato
state-changes = Cambi di stato
state-current = Stato attuale
state-goes_on = passa
state-note = Nota
forfeit-choose = Vittoria a tavolino: quale parte passa?
forfeit-submit = Registra la vittoria a tavolino…
forfeit-error_side = Scegli quale parte passa il turno: non è scelta nessuna parte.
forfeit-confirm_title = Confermi la vittoria a tavolino?
forfeit-winner_line = Passa il turno (vince a tavolino)
forfeit-loser_line = Perde a tavolino
forfeit-confirm_submit = Conferma la vittoria a tavolino
forfeit-undo_title = Confermi di annullare la vittoria a tavolino?
forfeit-undo_line = La partita torna in programma, da giocare.
forfeit-undo_submit = Conferma: annulla la vittoria a tavolino
withdraw-confirm_title = Confermi il ritiro?
withdraw-started_line = Perde a tavolino ogni partita non ancora finita e non entra più nei sorteggi.
withdraw-re_form_line = Non viene più sorteggiato: i turni che nessuno ha ancora iniziato si rifanno con chi resta, quelli iniziati restano come sono. Un tavolo già iniziato con lui lo decidi tu: un sostituto, partita annullata o assegnata.
withdraw-error_played_on = Non si può annullare il ritiro: dopo di esso si è già giocato un turno senza di lui.
withdraw-error_no_entrant = Nessun iscritto con quel numero.
withdraw-setup_line = Non entrerà nel sorteggio.
withdraw-confirm_submit = Conferma il ritiro
event-no_referee = nessun arbitro
forfeit-void_choice = Annullata: nessuno segna questa partita
forfeit-void_title = Annullare la partita?
forfeit-void_line = Nessuno dei quattro segna questa partita: conta come non giocata.
forfeit-void_submit = Annulla la partita
state-voided = annullata
substitute-choose = Sostituto: quale posto lascia chi è uscito?
substitute-name = Nome del sostituto
substitute-submit = Metti il sostituto…
substitute-confirm_title = Confermi il sostituto?
substitute-leaves_line = Posto { $seat }: { $leaves } lascia il tavolo.
substitute-plays_line = Al posto { $seat } gioca da ora { $plays }: la pagina dell'arbitro e il registro riportano il suo nome; le mani già scritte restano come sono.
substitute-standings_line = Il sostituto gioca per il posto, non per sé: in classifica il risultato conta per i giocatori sorteggiati a questo tavolo, anche per { $leaves }, e il sostituto non vi compare.
substitute-confirm_submit = Conferma il sostituto
substitute-saved = Sostituto registrato: la partita continua con il suo nome.
substitute-error_finished = La partita è già conclusa o decisa a tavolino: non si può più sostituire nessuno.
substitute-error_out_of_draw = La partita non è più in programma: non c'è posto da sostituire.
substitute-error_no_seat = Scegli il posto da sostituire: nessun posto è scelto.
substitute-error_seat = Il posto «{ $seat }» non c'è a questo tavolo: i posti vanno da 1 a { $last }.
substitute-error_empty = Scrivi il nome del sostituto: il nome è vuoto.
substitute-error_long = Il nome del sostituto è di { $length } { $length ->
        [one] carattere
       *[other] caratteri
    }, al massimo { $max }: «{ $name }». Accorcialo e riprova.
substitute-error_control = Il nome del sostituto contiene un a capo, una tabulazione o un altro carattere di controllo (al carattere { $at }): scrivilo su una riga sola.
substitute-error_at_table = { $name } siede già a questo tavolo, al posto { $seat }: scrivi il nome di chi gioca al posto di chi è uscito.
state-seat = { $name } al posto { $seat }
