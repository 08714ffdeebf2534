### Words of the JSON API's refusals (each answer carries them in Italian and English).

api-unreadable = cannot read the request: { $message }
api-unreadable_at = cannot read the request (line { $line }, column { $column }): { $message }
api-reason_required = a correction needs a reason
