### Trionfetti's own rule errors.

trionfetti-deal = Smazzata { $smazzata }, mano { $hand }
trionfetti-setup_after_hands = { $deal }: la comanda e la carta del taglio vanno registrate prima della prima mano, ma { $played ->
        [one] è già stata giocata { $played } mano
       *[other] sono già state giocate { $played } mani
    }.
trionfetti-setup_twice = Smazzata { $smazzata }: la comanda e il taglio sono già registrati; per correggerli sostituire quella registrazione.
trionfetti-cards_without_setup = { $deal }: mano registrata carta per carta, ma mancano la comanda e la carta del taglio della smazzata.
trionfetti-winner_missing = { $deal }: manca la squadra che ha vinto la mano.
trionfetti-too_many_tricks = { $deal }: una mano ha al più 3 prese, trovate { $found }.
trionfetti-cut_card_played = { $deal }: { $seat } ha giocato { $card } nella { $trick ->
        [1] prima
        [2] seconda
       *[other] terza
    } presa, ma è la carta del taglio e non viene mai data.
trionfetti-card_already_played = { $deal }: { $seat } ha giocato { $card } nella { $trick ->
        [1] prima
        [2] seconda
       *[other] terza
    } presa, ma era già uscito nella { $first_trick ->
        [1] prima
        [2] seconda
       *[other] terza
    } presa della { $first_hand ->
        [1] prima
        [2] seconda
        [3] terza
       *[other] quarta
    } mano.
trionfetti-card_played_twice = { $deal }: { $seat } ha giocato { $card } nella { $trick ->
        [1] prima
        [2] seconda
       *[other] terza
    } presa, ma era già uscito nella { $first_trick ->
        [1] prima
        [2] seconda
       *[other] terza
    } presa.
trionfetti-hand_undecided = { $deal }: la mano la vince chi fa due prese, ma le { $tricks } { $tricks ->
        [one] presa registrata
       *[other] prese registrate
    } danno { $won_a } alla squadra A e { $won_b } alla squadra B.
trionfetti-winner_contradicts_cards = { $deal }: registrata come vinta { DAL($recorded) }, ma le carte la danno { AL($actual) }: la seconda presa l'ha fatta alla presa { $trick } { $seat } con { $card }.
trionfetti-winner_contradicts_concession = { $deal }: registrata come vinta { DAL($recorded) }, ma il vagaresto { DEL($caller) } non è stato accettato e la mano va { AL($team) }.
trionfetti-stake_mismatch = { $deal }: il vagaresto vale { $expected } { $expected ->
        [one] punto
       *[other] punti
    } (punteggio { $score_a }-{ $score_b }), ma ne sono stati registrati { $recorded }.
trionfetti-vagaresto_trick_missing = { $deal }: in una mano registrata carta per carta il vagaresto deve dire in quale presa è stato chiamato.
trionfetti-vagaresto_trick_out_of_range = { $deal }: le prese vanno da 1 a 3, ma il vagaresto è nella presa { $trick }.
trionfetti-vagaresto_not_reached = { $deal }: il vagaresto è nella presa { $trick }, ma { $recorded ->
        [one] è registrata solo { $recorded } presa
       *[other] sono registrate solo { $recorded } prese
    }.
trionfetti-vagaresto_after_decided = { $deal }: il vagaresto è nella presa { $trick }, ma la mano era già decisa alla presa { $decided }.
trionfetti-vagaresto_out_of_turn = { $deal }: il vagaresto si chiama al proprio turno; nella presa { $trick }, dopo { $played } { $played ->
        [one] carta
       *[other] carte
    }, era di turno { $expected }, ma l'ha chiamato { $caller }.
trionfetti-played_after_concession = { $deal }: dopo un vagaresto non accettato non si gioca più, ma è registrata la presa { $trick }.
