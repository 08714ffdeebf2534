### Words of the command line's errors (it prints them in Italian and English).

cli-file_unreadable = { $file }: non si può leggere: { $error }
cli-not_a_plan = il file non è un piano leggibile: { $error }
cli-winner_range = "winner" è 0 o 1, non { $winner }
cli-no_table = risultato { $n }: il turno { $round } non ha un tavolo { $table }
cli-table_decided = risultato { $n }: il turno { $round }, tavolo { $table } è già deciso
cli-table_not_ready = risultato { $n }: il turno { $round }, tavolo { $table } non si gioca ancora: manca una squadra
cli-record_unreadable = impossibile leggere il file: { $error }
cli-nicknames_unreadable = impossibile leggere { $file }: { $error }

## A che punto è una partita, come la stampano `rules check` e `rules replay` (ogni
## gioco dà la sua: rules/<game>/record.rs).

cli-hands_played = mani giocate: { $count }
cli-deals_played = smazzate giocate: { $count }
cli-rounds_played = giri giocati: { $count }
cli-next_hand = smazzata { $smazzata }, mano { $hand }
cli-step_hand = smazzata { $smazzata } mano { $hand }
cli-next_deal_of_game = smazzata { $deal } della partita { $game }
cli-step_deal_of_game = partita { $game } smazzata { $deal }
cli-deal = smazzata { $deal }
cli-round = giro { $round }
cli-vagaresto_worth = il vagaresto vale: { $points }
cli-declaring_out = chiamarsi fuori: { $allowed ->
    [yes] si può
   *[no] non ancora
}
cli-bidding = rilanci: { $open ->
    [yes] aperti
   *[no] chiusi
}
