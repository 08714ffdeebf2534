### Words of the command line's errors (it prints them in Italian and English).

cli-file_unreadable = { $file }: cannot be read: { $error }
cli-not_a_plan = the file is not a readable plan: { $error }
cli-winner_range = "winner" is 0 or 1, not { $winner }
cli-no_table = result { $n }: round { $round } has no table { $table }
cli-table_decided = result { $n }: round { $round }, table { $table } is already decided
cli-table_not_ready = result { $n }: round { $round }, table { $table } is not ready: a side is not known yet
cli-record_unreadable = cannot read the file: { $error }
cli-nicknames_unreadable = cannot read { $file }: { $error }

## Where a match stands, as `rules check` and `rules replay` print it (each game
## gives its own: rules/<game>/record.rs).

cli-hands_played = hands played: { $count }
cli-deals_played = deals played: { $count }
cli-rounds_played = rounds played: { $count }
cli-next_hand = smazzata { $smazzata }, hand { $hand }
cli-step_hand = smazzata { $smazzata } hand { $hand }
cli-next_deal_of_game = deal { $deal } of game { $game }
cli-step_deal_of_game = game { $game } deal { $deal }
cli-deal = deal { $deal }
cli-round = round { $round }
cli-vagaresto_worth = vagaresto worth: { $points }
cli-declaring_out = declaring out: { $allowed ->
    [yes] allowed
   *[no] not yet
}
cli-bidding = bidding: { $open ->
    [yes] open
   *[no] closed
}
