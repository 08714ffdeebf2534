### Trionfetti's own rule errors.

trionfetti-deal = Smazzata { $smazzata }, hand { $hand }
trionfetti-setup_after_hands = { $deal }: the comanda and cut card belong before the first hand, but { $played } hand(s) were already played.
trionfetti-setup_twice = Smazzata { $smazzata }: the comanda and cut card are already recorded; replace that entry to correct them.
trionfetti-cards_without_setup = { $deal }: hand recorded card by card, but the smazzata's comanda and cut card were not recorded.
trionfetti-winner_missing = { $deal }: the team that won the hand is missing.
trionfetti-too_many_tricks = { $deal }: a hand has at most 3 tricks, found { $found }.
trionfetti-cut_card_played = { $deal }: { $seat } played { $card } in the { $trick ->
        [1] first
        [2] second
       *[other] third
    } trick, but it is the cut card and is never dealt.
trionfetti-card_already_played = { $deal }: { $seat } played { $card } in the { $trick ->
        [1] first
        [2] second
       *[other] third
    } trick, but it was already played in the { $first_trick ->
        [1] first
        [2] second
       *[other] third
    } trick of the { $first_hand ->
        [1] first
        [2] second
        [3] third
       *[other] fourth
    } hand.
trionfetti-card_played_twice = { $deal }: { $seat } played { $card } in the { $trick ->
        [1] first
        [2] second
       *[other] third
    } trick, but it was already played in the { $first_trick ->
        [1] first
        [2] second
       *[other] third
    } trick.
trionfetti-hand_undecided = { $deal }: a hand is won by taking two tricks, but the { $tricks } trick(s) recorded give { $won_a } to team A and { $won_b } to team B.
trionfetti-winner_contradicts_cards = { $deal }: recorded as won by { $recorded }, but the cards give it to { $actual }: their second trick was trick { $trick }, taken by { $seat } with { $card }.
trionfetti-winner_contradicts_concession = { $deal }: recorded as won by { $recorded }, but the vagaresto called by { $caller } was conceded, so the hand goes to { $team }.
trionfetti-stake_mismatch = { $deal }: the vagaresto is worth { $expected } points (score { $score_a }-{ $score_b }), but { $recorded } were recorded.
trionfetti-vagaresto_trick_missing = { $deal }: in a hand recorded card by card the vagaresto must say in which trick it was called.
trionfetti-vagaresto_trick_out_of_range = { $deal }: tricks are numbered 1 to 3, but the vagaresto is placed in trick { $trick }.
trionfetti-vagaresto_not_reached = { $deal }: the vagaresto is placed in trick { $trick }, but only { $recorded } trick(s) are recorded.
trionfetti-vagaresto_after_decided = { $deal }: the vagaresto is placed in trick { $trick }, but the hand was already decided in trick { $decided }.
trionfetti-vagaresto_out_of_turn = { $deal }: a vagaresto is called at one's turn; in trick { $trick }, after { $played } card(s), it was the turn of { $expected }, but { $caller } called it.
trionfetti-played_after_concession = { $deal }: nothing is played after a conceded vagaresto, but trick { $trick } is recorded.
