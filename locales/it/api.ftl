### Words of the JSON API's refusals (each answer carries them in Italian and English).

api-unreadable = richiesta non leggibile: { $message }
api-unreadable_at = richiesta non leggibile (riga { $line }, colonna { $column }): { $message }
api-reason_required = serve il motivo della correzione
