### The look of the pages (issue 24): card faces, the projector's views, confirmations.
replay-order = Ordine delle carte, dalla più bassa
projector-tables = Tavoli in gioco
projector-standings = Classifica
projector-plan = Prossimi tavoli: dove sedersi
projector-place = Schermata
