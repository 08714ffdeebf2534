### Words of the tournament core: why an event cannot be drawn, the standings' titles and
### tie-breaks, and the notes of a Swiss pairing. `{ $entrant }` is an entrant's name (or
### number, "#3").

tournament-too_few_entrants = this format needs at least { $needed }, entrants present { $got }
tournament-duplicate_entrant = entrant { $entrant } is listed twice
tournament-unknown_entrant = entrant { $entrant } is not in this event
tournament-seeding_mismatch = a manual seeding must list every entrant exactly once
tournament-invalid_option = invalid option: { $what }
tournament-late_entry_refused = this format takes no entrants after the draw

tournament-standings_overall = Standings
tournament-standings_group = Group { $group }
tournament-standings_knockout = Knockout

tournament-tie_break_buchholz = Buchholz
tournament-tie_break_median_buchholz = Median-Buchholz
tournament-tie_break_sonneborn_berger = Sonneborn-Berger
tournament-tie_break_head_to_head = Head-to-head
tournament-tie_break_games_difference = Games difference
tournament-tie_break_points_difference = Points difference
tournament-tie_break_buchholz_explained = sum of the scores of every opponent met; a bye counts as an opponent with the entrant's own score
tournament-tie_break_median_buchholz_explained = Buchholz without the best and the worst opponent (with at least three opponents)
tournament-tie_break_sonneborn_berger_explained = sum of the scores of the opponents beaten
tournament-tie_break_head_to_head_explained = wins against the entrants still tied
tournament-tie_break_games_difference_explained = games won minus games lost
tournament-tie_break_points_difference_explained = points scored minus points conceded

tournament-swiss_bye_lowest_without = bye to { $entrant }: lowest ranked without a bye
tournament-swiss_bye_everyone_had_one = bye to { $entrant }: everyone has had a bye, so the lowest ranked
tournament-swiss_float_odd_group = { $entrant } floated down from score group { $from } to { $to } because the group had an odd number
tournament-swiss_float_smallest_gaps = { $entrant } floated down from score group { $from } to { $to }: no pairing of the round has smaller score gaps
tournament-swiss_float_avoid_rematch = { $entrant } floated down from score group { $from } to { $to } to avoid a rematch with { $with }
tournament-swiss_transposed = { $entrant } paired with { $opponent } instead of { $instead_of } to avoid a rematch
tournament-swiss_rearranged = { $entrant } paired with { $opponent } across score groups to avoid a rematch
tournament-swiss_rematch = { $a } and { $b } meet again: no pairing avoided it

## A match key as pages show it (`W R1 M2`, `Swiss R4 T7`): its place, inside its
## stage's when it has one. Numbers come as the key writes them.
tournament-key_in_stage = { $stage } · { $place }
tournament-key_stage_knockout = Knockout
tournament-key_stage_round_robin = Round robin
tournament-key_stage_swiss = Swiss
tournament-key_stage_rotating = Rotation
tournament-key_stage_group = Group { $group }
tournament-key_winners_match = Round { $round }, match { $match }
tournament-key_losers_match = Losers' bracket, round { $round }, match { $match }
tournament-key_round_match = { $round }, match { $match }
tournament-key_grand_final = Grand final
tournament-key_grand_final_reset = Grand final (reset)
tournament-key_third_place = Third-place final
tournament-key_table = Round { $round }, table { $table }
tournament-key_bye = Round { $round }, bye
tournament-key_sit_out = Round { $round }, sits out { $seat }
## An event's match, titled with the event's name and the match's key.
tournament-event_match_title = { $event } · { $match }
tournament-sit_out = Sitting out
tournament-sit_out_nothing_explained = a round sat out scores nothing
tournament-sit_out_win_explained = a round sat out scores a win
tournament-sit_out_round_average_explained = a round sat out scores the round's average: the share of wins of those who played it (usually 0.5), nothing until a table of the round is finished
