### Words of the command line's errors (it prints them in Italian and English).

cli-file_unreadable = { $file }: cannot be read: { $error }
cli-not_a_plan = the file is not a readable plan: { $error }
cli-winner_range = "winner" is 0 or 1, not { $winner }
cli-no_table = result { $n }: round { $round } has no table { $table }
cli-table_decided = result { $n }: round { $round }, table { $table } is already decided
cli-table_not_ready = result { $n }: round { $round }, table { $table } is not ready: a side is not known yet
cli-record_unreadable = cannot read the file: { $error }
cli-nicknames_unreadable = cannot read { $file }: { $error }
