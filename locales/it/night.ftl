### A player's own page for the night (`/e/{id}/p/{number}`): where to sit now and in the
### next round, the table's score, the place so far.

night-lead = Dove sedersi adesso e al prossimo turno, il punteggio del tuo tavolo e la tua posizione in classifica.
night-now = Adesso
night-next = Dopo
night-last = Il tuo ultimo turno
night-seat = posto { $seat }
night-partner = Compagno
night-opponents = Avversari
night-against = Contro
night-deals = Dà le carte
night-you_deal = tu, dal posto 1
night-sits_out = In questo turno riposi.
night-no_next = Nessun altro turno in programma per te.
night-not_drawn = Il sorteggio non è ancora fatto: i tuoi tavoli compaiono qui appena ci sono.
night-withdrawn = Ritiro registrato: nessun altro tavolo per te stasera.
night-score = Punteggio del tavolo
night-us = Voi
night-them = Loro
night-games = { $count ->
    [one] 1 partita vinta
   *[other] { $count } partite vinte
}
night-follow = Segui il tavolo
night-place = { $place }º su { $count }
night-points = { $points ->
    [one] 1 punto
   *[other] { $points } punti
}
night-your_page = La tua serata
night-card_qr = La tua pagina della serata, sempre aggiornata
