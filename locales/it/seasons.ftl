# A club's seasons (issue 25)
season-seasons = Stagioni
season-new = Nuova stagione
season-edit = Modifica la stagione
season-none = Nessuna stagione per ora.
season-none_on_page = Nessuna stagione su questa pagina: le stagioni del circolo sono nelle pagine prima.
season-pages = Pagine delle stagioni
season-public_page = Pagina pubblica
season-closed = Chiusa
season-open = In corso
season-name = Nome della stagione
season-starts_on = Inizia il
season-ends_on = Finisce il
season-scale = Punti per piazzamento
season-scale_players_beaten = Un punto per ogni giocatore che finisce dietro (predefinito)
season-scale_table = Una tabella di punti per piazzamento
season-points_table = Tabella dei punti
season-points_table_hint = I punti del 1º, 2º, 3º posto e così via, separati da spazi (per esempio 10 8 6 5 4 3 2 1). I posti oltre la tabella non prendono punti.
season-best_nights = Serate che contano
season-best_nights_hint = Contano solo le migliori N serate di ciascuno; vuoto: contano tutte.
season-min_nights = Serate minime per entrare in classifica
season-events = Eventi della stagione
season-events_hint = Sono offerti gli eventi del circolo tra l'inizio e la fine della stagione, e quelli che già ne fanno parte.
season-events_hint_no_days = Sono offerti gli eventi del circolo tra l'inizio e la fine della stagione: scrivi le date e salva, poi scegli gli eventi.
season-no_events_in_days = Nessun evento del circolo in queste date.
season-events_more = Sono offerti i primi { $count } eventi di queste date: per gli altri, accorcia la stagione o aggiungili dal modulo dell'evento.
season-close = Stagione chiusa: la classifica è definitiva
season-close_hint = Una stagione chiusa proclama il campione sulla pagina pubblica.
season-save = Salva la stagione
season-saved = Stagione salvata.
season-choose = Stagione
season-choose_none = Nessuna stagione
season-error_name = Scrivi il nome della stagione (al massimo 80 caratteri).
season-error_dates = Scrivi le date come AAAA-MM-GG; la fine non può venire prima dell'inizio.
season-error_scale = Scegli come si danno i punti.
season-error_points = Scrivi la tabella dei punti: da 1 a 100 numeri interi, da 0 a 10000, separati da spazi.
season-error_best_nights = Le serate che contano sono un numero da 1 a 1000, oppure vuoto per contarle tutte.
season-error_min_nights = Le serate minime sono un numero da 0 a 1000.
season-error_events = Uno degli eventi scelti non è di questo circolo.
season-error_unknown = La stagione scelta non è di questo circolo.
season-champion = Campione della stagione
season-rules_players_beaten = Ogni serata dà un punto per ogni giocatore che finisce dietro.
season-rules_table = Punti per piazzamento: { $points }.
season-rules_best = Contano le migliori { $count } { $count ->
        [one] serata
       *[other] serate
    }.
season-rules_minimum = Servono almeno { $count } { $count ->
        [one] serata
       *[other] serate
    } per entrare in classifica.
season-rules_ties = A parità di punti decidono le serate vinte, poi gli scontri diretti.
season-table = Classifica
season-player = Giocatore
season-points = Punti
season-points_short = punti
season-nights_played = Serate
season-wins = Serate vinte
season-wins_explained = Le serate chiuse al primo posto (in coppia, il posto della coppia).
season-head_to_head = Scontri diretti
season-head_to_head_explained = Tra i giocatori pari per punti e serate vinte: le serate giocate insieme chiuse davanti agli altri. Chi resta pari divide il posto.
season-unranked_explained = Non ancora in classifica: meno serate del minimo.
season-no_results = Nessuna serata conclusa per ora.
season-players_nights = Le serate di ciascuno
season-not_counted = non conta
season-nights = Serate
season-no_nights = Nessun evento in questa stagione per ora.
season-night_not_finished = non ancora conclusa
season-downloads = Scarica
season-wins_short = Vinte
season-head_to_head_short = SD
season-night_line = { $place }º posto · { $points } { $points ->
        [one] punto
       *[other] punti
    }
