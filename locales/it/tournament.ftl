### Words of the tournament core: why an event cannot be drawn, the standings' titles and
### tie-breaks, and the notes of a Swiss pairing. `{ $entrant }` is an entrant's name (or
### number, "#3").

tournament-too_few_entrants = questa formula richiede almeno { $needed }, iscritti presenti { $got }
tournament-duplicate_entrant = l'iscritto { $entrant } compare due volte
tournament-unknown_entrant = l'iscritto { $entrant } non partecipa a questo torneo
tournament-seeding_mismatch = il tabellone manuale deve elencare ogni iscritto una volta sola
tournament-invalid_option = opzione non valida: { $what }
tournament-late_entry_refused = questa formula non accetta iscritti dopo il sorteggio

tournament-standings_overall = Classifica
tournament-standings_group = Girone { $group }
tournament-standings_knockout = Eliminazione diretta

tournament-tie_break_buchholz = Buchholz
tournament-tie_break_median_buchholz = Buchholz mediano
tournament-tie_break_sonneborn_berger = Sonneborn-Berger
tournament-tie_break_head_to_head = Scontri diretti
tournament-tie_break_games_difference = Differenza partite
tournament-tie_break_points_difference = Differenza punti
tournament-tie_break_buchholz_explained = somma dei punteggi di tutti gli avversari incontrati; un riposo conta come un avversario con il punteggio dell'iscritto stesso
tournament-tie_break_median_buchholz_explained = Buchholz senza l'avversario migliore e quello peggiore (con almeno tre avversari)
tournament-tie_break_sonneborn_berger_explained = somma dei punteggi degli avversari battuti
tournament-tie_break_head_to_head_explained = vittorie contro gli iscritti ancora a pari merito
tournament-tie_break_games_difference_explained = partite vinte meno partite perse
tournament-tie_break_points_difference_explained = punti fatti meno punti subiti

tournament-swiss_bye_lowest_without = riposo { AL($entrant) }: il più basso in classifica senza riposi
tournament-swiss_bye_everyone_had_one = riposo { AL($entrant) }: tutti hanno già riposato, tocca al più basso in classifica
tournament-swiss_float_odd_group = { $entrant } scende dal gruppo di punteggio { $from } al { $to }: il gruppo era dispari
tournament-swiss_float_smallest_gaps = { $entrant } scende dal gruppo di punteggio { $from } al { $to }: nessun abbinamento del turno ha differenze di punteggio minori
tournament-swiss_float_avoid_rematch = { $entrant } scende dal gruppo di punteggio { $from } al { $to } per evitare di incontrare di nuovo { $with }
tournament-swiss_transposed = { $entrant } contro { $opponent } invece { DEL($instead_of) } (già incontrato)
tournament-swiss_rearranged = { $entrant } contro { $opponent } fuori dal proprio gruppo di punteggio per evitare una rivincita
tournament-swiss_rematch = { $a } e { $b } si incontrano di nuovo: nessun abbinamento lo evitava

## A match key as pages show it (`W R1 M2`, `Swiss R4 T7`): its place, inside its
## stage's when it has one. Numbers come as the key writes them.
tournament-key_in_stage = { $stage } · { $place }
tournament-key_stage_knockout = Eliminazione
tournament-key_stage_round_robin = Italiana
tournament-key_stage_swiss = Svizzero
tournament-key_stage_rotating = Rotazione
tournament-key_stage_group = Girone { $group }
tournament-key_winners_match = Turno { $round }, partita { $match }
tournament-key_losers_match = Perdenti, turno { $round }, partita { $match }
tournament-key_round_match = { $round }, partita { $match }
tournament-key_grand_final = Finale assoluta
tournament-key_grand_final_reset = Finale assoluta (spareggio)
tournament-key_third_place = Finale 3° posto
tournament-key_table = Turno { $round }, tavolo { $table }
tournament-key_bye = Turno { $round }, riposo
tournament-key_sit_out = Turno { $round }, riposo { $seat }
## An event's match, titled with the event's name and the match's key.
tournament-event_match_title = { $event } · { $match }
tournament-sit_out = Turno di riposo
tournament-sit_out_nothing_explained = un turno di riposo non dà punti
tournament-sit_out_win_explained = un turno di riposo vale una vittoria
tournament-sit_out_round_average_explained = un turno di riposo vale la media del turno: la quota di vittorie di chi l'ha giocato (di solito 0,5), niente finché nessun tavolo del turno è finito
