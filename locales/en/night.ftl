### A player's own page for the night (`/e/{id}/p/{number}`): where to sit now and in the
### next round, the table's score, the place so far.

night-lead = Where to sit now and in the next round, your table's score and your place in the standings.
night-now = Now
night-next = Next
night-last = Your last round
night-seat = seat { $seat }
night-partner = Partner
night-opponents = Opponents
night-against = Against
night-deals = Deals first
night-you_deal = you, from seat 1
night-sits_out = You sit out this round.
night-no_next = No further round for you.
night-not_drawn = Not drawn yet: your tables appear here as soon as they are.
night-withdrawn = You have withdrawn: no more tables for you tonight.
night-score = Table score
night-us = You
night-them = Them
night-games = { $count ->
    [one] 1 game won
   *[other] { $count } games won
}
night-follow = Follow the table
night-place = Place { $place } of { $count }
night-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}
night-your_page = Your night
night-card_qr = Your page for the night, always up to date
