### Words of Trionfetti's own referee and public pages.

## the referee page's log

trionfetti-comanda_cut = comanda { $comanda } · cut { $cut }
trionfetti-explicit = (explicit)
trionfetti-card_by_card = hand card by card ({ $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    })
trionfetti-won_by = hand won by { $team }
trionfetti-won_by_named = hand won by { $players } (team { $team })
# A hand whose winner follows from the vagaresto rather than being named.
trionfetti-hand_recorded = hand recorded
trionfetti-vagaresto = vagaresto by { $who } { $answer ->
        [accepted] accepted
       *[conceded] conceded
    }
trionfetti-voids_entry = voids entry { $target }: { $reason }
trionfetti-replaces_entry = replaces entry { $target }: { $reason }

## the replay page's log

trionfetti-comanda = comanda: { $comanda }
trionfetti-explicit_ranking = explicit ranking
trionfetti-card_by_card_tricks = hand card by card · { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }
trionfetti-hand_to = hand to team { $team }
trionfetti-hand_conceded = hand (vagaresto conceded)
trionfetti-replaces = replaces #{ $target }: { $reason }

## the referee page's forms

trionfetti-need_caller = Choose who called the vagaresto.
trionfetti-need_answer = Say whether the vagaresto was accepted or conceded.
trionfetti-need_winner = Choose the team that won the hand.
trionfetti-conceded_but_accepted = The vagaresto is marked as accepted: choose the team that won the hand, or mark it as conceded.
trionfetti-need_comanda = Write the comanda (500 characters at most).
trionfetti-need_cut = Choose the cut card.
trionfetti-previous_trick = Complete the previous trick before this one.
trionfetti-unknown_card = unknown card { $text }
trionfetti-need_first_trick = Choose the cards of the first trick.
