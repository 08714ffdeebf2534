### Trijumf's own rule errors.

trijumf-deal = Mano { $deal }
trijumf-cut = { $cut ->
        [normal] il taglio normale
        [knock] il bussare sul mazzo
       *[flip] la carta girata
    }
trijumf-trumps = briscola { $suit }
trijumf-no_trumps = senza briscola
trijumf-players_not_supported = Il trijumf si gioca in 2 o in 4, non in { $players }.
trijumf-trump_card_missing = { $deal }: con { $cut } si scopre la carta di briscola, ma non è registrata.
trijumf-trump_card_after_knock = { $deal }: in quattro, dopo il bussare non si scopre briscola, ma è registrato { $card }.
trijumf-card_not_in_deck = { $deal }: { $card } non è nel mazzo da 40 (niente 8, 9 e 10).
trijumf-card_not_in_deck_trick = { $deal }: { $card } nella presa { $trick } non è nel mazzo da 40 (niente 8, 9 e 10).
trijumf-suit_declared_twice = { $deal }: re e cavallo di { $suit } accusati due volte.
trijumf-second_declaration = { $deal }: in due ognuno accusa una sola coppia re-cavallo, ma { $seat } ne accusa un'altra.
trijumf-declared_trump_card_held = { $deal }: { $seat } accusa con { $card }, ma la carta di briscola la tiene { $holder }.
trijumf-declared_trump_card = { $deal }: { $seat } accusa con { $card }, ma è la carta di briscola sotto il tallone.
trijumf-declaration_points = { $deal }: re e cavallo di { $suit } accusati { DAL($seat) } valgono { $expected }, ma ne sono registrati { $recorded }.
trijumf-declaration_order = { $deal }: le accuse vanno nell'ordine della prima presa, ma quella { DEL($seat) } segue l'accusa di chi gioca dopo.
trijumf-declaration_after_play_ended = { $deal }: { $seat } accusa, ma il gioco è finito prima del suo turno nella prima presa.
trijumf-declared_card_played_by_other = { $deal }: { $seat } ha accusato { $card }, ma lo gioca { $by } nella presa { $trick }.
trijumf-declared_card_drawn = { $deal }: { $seat } ha accusato { $card }, ma l'ha pescato dal tallone dopo la prima presa.
trijumf-declared_card_not_played = { $deal }: { $seat } ha accusato { $card }, ma nella mano intera non lo gioca.
trijumf-points_missing = { $deal }: mancano i punti delle carte delle due parti.
trijumf-points_not_conserved = { $deal }: i punti di una mano (carte e ultima) sommano a { $expected }, ma { $a } + { $b } = { $sum }.
trijumf-points_too_many = { $deal }: alla chiamata non si possono avere più di { $most } { $most ->
        [one] punto
       *[other] punti
    } di carte, ma { $a } + { $b } = { $sum }.
trijumf-points_with_revoke = { $deal }: dopo un errore di gioco i punti non si contano: vanno solo quelli del castigo agli avversari.
trijumf-points_contradict_cards = { $deal }: registrati { $recorded_a }-{ $recorded_b } punti, ma le carte danno { $actual_a }-{ $actual_b }.
trijumf-stock_without_tricks = { $deal }: il tallone si registra solo con le carte giocate.
trijumf-stock_with_four_players = { $deal }: in quattro non c'è tallone.
trijumf-stock_size = { $deal }: il tallone ha { $expected } { $expected ->
        [one] carta coperta
       *[other] carte coperte
    }, trovate { $found }.
trijumf-stock_card_twice = { $deal }: { $card } compare due volte tra tallone e carta di briscola.
trijumf-wrong_trick_count = { $deal }: una mano giocata fino in fondo ha { $expected } { $expected ->
        [one] presa
       *[other] prese
    }, trovate { $found } (senza chiamata né errore di gioco).
trijumf-too_many_tricks = { $deal }: una mano ha al più { $most } { $most ->
        [one] presa
       *[other] prese
    }, trovate { $found }.
trijumf-trump_card_played_by_other = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma è la carta di briscola e la tiene { $holder }.
trijumf-card_drawn_by_other = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma dopo la presa { $drawn_after } l'ha pescato { $drawn_by }.
trijumf-card_not_yet_drawn = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma a quel punto era ancora nel tallone.
trijumf-duty_follow = rispondere a { $suit }
trijumf-duty_trump = giocare briscola
trijumf-revoke = { $deal }: { $seat } ha giocato { $card } nella presa { $trick } ({ $trumps }), ma aveva { $held } (giocato nella presa { $held_trick }) e doveva { $duty }: è un errore di gioco da registrare come tale.
trijumf-claim_with_revoke = { $deal }: una mano finisce per chiamata o per errore di gioco, non per entrambi.
trijumf-claim_verdict = { $deal }: la chiamata { DEL($seat) } è registrata come { $verdict ->
        [correct] giusta
       *[wrong] sbagliata
    }, ma la sua parte conta { $total } { $total ->
        [one] punto
       *[other] punti
    } su { $target }.
trijumf-revoke_trick_missing = { $deal }: registrata carta per carta, l'errore di gioco deve dire in quale presa è avvenuto.
trijumf-revoke_not_last = { $deal }: il gioco finisce all'errore nella presa { $trick }, che dev'essere l'ultima registrata, ma le prese registrate sono { $recorded }.
trijumf-revoke_wrong_seat = { $deal }: l'errore è attribuito { AL($recorded) }, ma l'ultima carta della presa { $trick } l'ha giocata { $actual }.
trijumf-revoke_held_card_played = { $deal }: l'errore si prova con { $held }, ma l'aveva già giocato { $seat } nella presa { $trick }.
trijumf-revoke_not_shown = { $deal }: { $seat } nella presa { $trick } ha giocato { $card } { SUL($led) } ({ $trumps }): una giocata lecita, non un errore.
trijumf-revoke_not_shown_holding = { $deal }: { $seat } nella presa { $trick } ha giocato { $card } { SUL($led) } ({ $trumps }): una giocata lecita anche tenendo { $held }, non un errore.
