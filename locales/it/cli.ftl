### Words of the command line's errors (it prints them in Italian and English).

cli-file_unreadable = { $file }: non si può leggere: { $error }
cli-not_a_plan = il file non è un piano leggibile: { $error }
cli-winner_range = "winner" è 0 o 1, non { $winner }
cli-no_table = risultato { $n }: il turno { $round } non ha un tavolo { $table }
cli-table_decided = risultato { $n }: il turno { $round }, tavolo { $table } è già deciso
cli-table_not_ready = risultato { $n }: il turno { $round }, tavolo { $table } non si gioca ancora: manca una squadra
cli-record_unreadable = impossibile leggere il file: { $error }
cli-nicknames_unreadable = impossibile leggere { $file }: { $error }
