### The card picker of a hand entered card by card (referee page, Trionfetti).

picker-hint = Tocca le carte nell'ordine in cui vengono giocate. In ogni seme vanno dalla più bassa alla più alta secondo la comanda; quelle già uscite non si toccano.
picker-turn = Tocca { AL($player) }
picker-trick_won = Presa vinta { DAL($player) }
picker-hand_to = Mano alla squadra { $team } ({ $names })
picker-done = Tutte le carte della mano sono segnate.
picker-back = Togli l'ultima carta
