### Words of the JSON API's refusals (each answer carries them in Italian and English).

api-unreadable = richiesta non leggibile: { $message }
api-unreadable_at = richiesta non leggibile (riga { $line }, colonna { $column }): { $message }
api-reason_required = serve il motivo della correzione
api-bad_window = after deve essere un numero di sequenza (da 0) e limit un numero tra 1 e { $limit }
api-stale = La partita è cambiata: nulla è stato registrato.
api-closed = la partita è { $status }: accetta solo correzioni esplicite
