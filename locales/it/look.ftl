### The look of the pages (issue 24): card faces, the projector's views, confirmations.
replay-order = Ordine delle carte, dalla più bassa
projector-tables = Tavoli in gioco
projector-standings = Classifica
projector-plan = Prossimi tavoli: dove sedersi
projector-place = Schermata
match-players = Giocatori
void-confirm_title = Annullare la registrazione #{ $entry }?
void-line = Il punteggio si ricalcola senza questa registrazione. Resta nel registro, segnata come annullata, con il motivo.
void-confirm_submit = Conferma: annulla la registrazione
