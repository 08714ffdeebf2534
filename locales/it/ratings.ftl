# La pagina di un giocatore: valutazioni, serate, stagioni (issue 25).
player-ratings = Valutazione
player-ratings_none = Nessuna partita finita da valutare, per ora.
player-ratings_explained = La valutazione sale vincendo e giocando: è l'abilità stimata meno tre volte l'incertezza, e parte da 0. Ogni gioco ha la sua; in coppia si muovono entrambi i giocatori.
player-rating_now = Valutazione attuale
player-rating_skill = abilità { $mu } ± { $sigma }
player-rating_matches = { $matches ->
    [one] { $matches } partita
   *[other] { $matches } partite
}, { $wins ->
    [one] { $wins } vinta
   *[other] { $wins } vinte
}
player-rating_chart_title = Andamento della valutazione a { $game }
player-rating_chart_description = Valutazione a { $game } dopo ciascuna di { $matches ->
    [one] { $matches } partita
   *[other] { $matches } partite
}: ora { $now }, al massimo { $high }, al minimo { $low }.
player-rating_steps = La valutazione partita per partita
player-rating_match = Partita
player-rating_date = Data
player-rating_event = Evento
player-rating_result = Esito
player-rating_value = Valutazione
player-rating_unlisted = evento non pubblico
player-seasons = Stagioni
player-seasons_none = Nessuna stagione con le sue serate.
player-season_place = Posto { $place }
player-season_unranked = Non in classifica
player-season_closed = chiusa
player-head_to_head_explained = Gli avversari incontrati più spesso.
player-season_points_count = { $points ->
    [one] { $points } punto
   *[other] { $points } punti
}
player-season_nights_count = { $nights ->
    [one] { $nights } serata
   *[other] { $nights } serate
}
event-seeding_by_rating = secondo la valutazione attuale dei giocatori in questo gioco
event-seeding_rating = per valutazione dei giocatori
# A night on the player's page: the matches won and lost there.
player-night_record = { $wins ->
    [one] { $wins } vittoria
   *[other] { $wins } vittorie
} · { $losses ->
    [one] { $losses } sconfitta
   *[other] { $losses } sconfitte
}
# Una storia lunga: il grafico e la tabella mostrano le ultime partite (issue 39).
player-rating_chart_description_latest = Valutazione a { $game } { $last ->
    [one] nell'ultima partita
   *[other] nelle ultime { $last } partite
}, su { $matches ->
    [one] { $matches } giocata
   *[other] { $matches } giocate
}, disegnata con { $points ->
    [one] { $points } punto
   *[other] { $points } punti
}: ora { $now }, al massimo { $high }, al minimo { $low }.
player-rating_steps_latest = { $last ->
    [one] L'ultima partita
   *[other] Le ultime { $last } partite
}, su { $matches ->
    [one] { $matches } giocata
   *[other] { $matches } giocate
}.
player-nights_pages = Pagine delle serate
player-results_pages = Pagine dei risultati
player-page_past_last = Niente in questa pagina: è oltre l'ultima.
