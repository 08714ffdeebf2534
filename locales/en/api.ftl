### Words of the JSON API's refusals (each answer carries them in Italian and English).

api-unreadable = cannot read the request: { $message }
api-unreadable_at = cannot read the request (line { $line }, column { $column }): { $message }
api-reason_required = a correction needs a reason
api-bad_window = after must be a sequence number (from 0) and limit a number between 1 and { $limit }
api-stale = This match changed: nothing was recorded.
api-closed = the match is { $status }: it accepts only explicit corrections
