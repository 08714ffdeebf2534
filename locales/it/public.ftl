### Words of the public pages: the home page's list of clubs, descriptions for search engines.

meta-description = Segnapunti dei tornei di carte venete e italiane: risultati dal vivo, classifiche e tabelloni degli eventi dei circoli.
error-link_revoked = Collegamento revocato
error-link_revoked_detail = L'organizzatore ha revocato questo collegamento del tavolo: i punti già registrati restano. Chiedi all'organizzatore il collegamento nuovo o la sua tessera col codice QR.
revoke-confirm_title = Revocare il collegamento del tavolo?
revoke-line = Chi lo usa non potrà più registrare punti; quelli già registrati restano. Potrai generarne uno nuovo in qualsiasi momento.
revoke-confirm_submit = Revoca il collegamento
club-none_hint = Un circolo si crea e ti si affida solo da un amministratore del servizio: chiedigli di crearne uno e di aggiungerti tra i suoi organizzatori.
event-highlight_player = Evidenzia un giocatore

# The home page's list of clubs and their events.
home-clubs_title = Circoli e tornei
home-club_no_events = Nessun torneo pubblicato per ora.
home-events_live = In corso
home-events_upcoming = In programma
home-events_recent = Conclusi di recente

# The event page of an event of any size, and the full pages behind it.
event-now = In gioco adesso
event-now_last = L'ultimo turno
event-up_next = Prossimo turno: dove sedersi
event-round_all_matches = { $count ->
        [one] L'unica partita del turno
       *[other] Tutte le { $count } partite del turno
    }
event-all_rounds = Tutti i turni
event-full_standings = Classifica completa
event-full_standings_count = Classifica completa ({ $count })
event-all_entrants = Iscritti ({ $count })
event-more_pages = Le pagine del torneo
event-search_submit = Cerca
event-search_name = Cerca un nome
event-search_none = Nessun nome trovato per «{ $search }».
event-found = { $count ->
    [one] Un iscritto trovato.
   *[other] { $count } iscritti trovati.
}
event-highlighted = Evidenziato
event-highlight_clear = Togli l'evidenziazione
event-row_details = Dettagli
event-page_of = Pagina { $page } di { $pages }
event-page_previous = Pagina precedente
event-page_next = Pagina successiva

error-invitation_used = Invito già usato
error-invitation_used_detail = Questo link d'invito è già stato usato per creare un account. Se l'hai usato tu, accedi con il nome utente e la password che hai scelto; altrimenti chiedi un nuovo invito all'amministratore.
home-season_current = Stagione in corso
home-season_last = Ultima stagione

# The archive of events (/events) and the home page's bounded lists (issue 39).
archive-title = Archivio dei tornei
archive-link = Tutti i tornei, nell'archivio
archive-clubs_link = Tutti i circoli e i loro tornei
archive-filter_club = Circolo
archive-filter_season = Stagione del circolo
archive-filter_game = Gioco
archive-filter_from = Dal giorno
archive-filter_to = Al giorno
archive-filter_any = Tutti
archive-filter_apply = Filtra
archive-filter_clear = Togli i filtri
archive-pages = Pagine dell'archivio
archive-latest = ⇤ Ai più recenti
archive-earliest = Ai primi tornei ⇥
archive-page_gone = Quella pagina dell'archivio non c'è più: ecco i tornei più recenti.
archive-finished = Concluso
archive-none = Nessun torneo pubblicato per ora.
archive-none_filtered = Nessun torneo con questi filtri.
archive-unknown_club = Nessun circolo ha questo nome: scegline uno dall'elenco.
archive-unknown_game = Nessun gioco ha questo nome: scegline uno dall'elenco.
archive-unknown_season = Questa stagione non c'è (o non è del circolo scelto): scegline una dall'elenco.
archive-bad_day = Un giorno non si legge: scrivilo come 2026-03-31. Il filtro per giorno non è stato applicato.
home-events_title = I tornei
home-club_events = Tornei del circolo
clubs-title = Circoli
clubs-filter_name = Nome del circolo, o una sua parte
clubs-none_found = Nessun circolo con questo nome.
clubs-pages = Pagine dei circoli
