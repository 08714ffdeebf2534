# A player's page: ratings, nights, seasons (issue 25).
player-ratings = Rating
player-ratings_none = No finished match to rate yet.
player-ratings_explained = The rating rises with wins and games played: it is the estimated skill less three times its uncertainty, and starts at 0. Each game has its own; in a pair both players move.
player-rating_now = Current rating
player-rating_skill = skill { $mu } ± { $sigma }
player-rating_matches = { $matches ->
    [one] { $matches } match
   *[other] { $matches } matches
}, { $wins } won
player-rating_chart_title = Rating in { $game } over time
player-rating_chart_description = Rating in { $game } after each of { $matches ->
    [one] { $matches } match
   *[other] { $matches } matches
}: now { $now }, highest { $high }, lowest { $low }.
player-rating_steps = The rating match by match
player-rating_match = Match
player-rating_date = Date
player-rating_event = Event
player-rating_result = Result
player-rating_value = Rating
player-rating_unlisted = unlisted event
player-seasons = Seasons
player-seasons_none = No season with their nights.
player-season_place = Place { $place }
player-season_unranked = Not ranked
player-season_closed = closed
player-head_to_head_explained = The opponents met most often.
player-season_points_count = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
player-season_nights_count = { $nights ->
    [one] { $nights } night
   *[other] { $nights } nights
}
event-seeding_by_rating = by the players' current rating in this game
event-seeding_rating = by the players' rating
# A night on the player's page: the matches won and lost there.
player-night_record = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} · { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}
# A long history: the chart and the table show the latest matches (issue 39).
player-rating_chart_description_latest = Rating in { $game } over the latest { $last ->
    [one] match
   *[other] { $last } matches
} of { $matches }, drawn as { $points ->
    [one] { $points } point
   *[other] { $points } points
}: now { $now }, highest { $high }, lowest { $low }.
player-rating_steps_latest = The latest { $last ->
    [one] match
   *[other] { $last } matches
} of { $matches }.
player-nights_pages = Pages of nights
player-results_pages = Pages of results
player-page_past_last = Nothing on this page: it is past the last.
