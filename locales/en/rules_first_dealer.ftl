### Who deals first: the draw of a card each, and when the first dealer may be recorded.

first_dealer-after_start = Who deals first is settled before the first hand, and play has already begun in this match. To change it, void the hands recorded first.
first_dealer-after_comanda = Who deals first is settled before play begins: this match has no hand yet, but the comanda of the first smazzata is already recorded. To change it, void the comanda first; the player who cuts for the new dealer then calls it again.
first_dealer-seat_not_at_table = { $seat } does not sit at this table of { $players } players.
first_dealer-round_size = Draw, round { $round }: { $found } cards for { $players } players (one a seat, empty for a seat that does not draw).
first_dealer-must_draw = Draw, round { $round }: the card of { $seat } is missing.
first_dealer-not_tied = Draw, round { $round }: { $seat } was not among the tied and does not draw again.
first_dealer-not_in_deck = Draw, round { $round }: { $card } of { $seat } is not in this game's deck.
first_dealer-card_twice = Draw, round { $round }: { $card } was drawn twice.
first_dealer-undecided = A tie: { $seats } drew cards of the same rank and must draw again.
first_dealer-contradicts = The draw gives the deal to { $drawn } ({ $card }), not to { $recorded }.
first_dealer-no_round = The draw has no round.
first_dealer-extra_round = Draw, round { $round }: the dealer was already decided in the round before.
first_dealer-seats = { $count ->
        [1] { $a }
        [2] { $a } and { $b }
        [3] { $a }, { $b } and { $c }
       *[other] { $a }, { $b }, { $c } and { $d }
    }
