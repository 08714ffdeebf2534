### Who deals first: the draw of a card each, and when the first dealer may be recorded.

first_dealer-after_start = Il primo mazziere si sceglie prima della prima mano: in questa partita il gioco è già cominciato. Per cambiarlo annulla prima le mani registrate.
first_dealer-after_comanda = Il primo mazziere si sceglie prima di cominciare: in questa partita non c'è ancora nessuna mano, ma è già registrata la comanda della prima smazzata. Per cambiarlo annulla prima la comanda; poi la ripeterà chi taglia per il nuovo mazziere.
first_dealer-seat_not_at_table = { $seat } non siede a questo tavolo di { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }.
first_dealer-round_size = Pesca, giro { $round }: ci sono { $found } { $found ->
        [one] carta
       *[other] carte
    } per { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    } (una per posto, vuota per chi non pesca).
first_dealer-must_draw = Pesca, giro { $round }: manca la carta { DEL($seat) }.
first_dealer-not_tied = Pesca, giro { $round }: { $seat } non era tra i pari e non pesca di nuovo.
first_dealer-not_in_deck = Pesca, giro { $round }: { $card } { DEL($seat) } non è nel mazzo di questo gioco.
first_dealer-card_twice = Pesca, giro { $round }: { $card } è uscito due volte.
first_dealer-undecided = Pari: { $seats } hanno pescato carte dello stesso valore e devono pescare di nuovo.
first_dealer-contradicts = La pesca dà le carte { AL($drawn) } ({ $card }), non { AL($recorded) }.
first_dealer-no_round = La pesca non ha nessun giro.
first_dealer-extra_round = Pesca, giro { $round }: il mazziere era già deciso al giro prima.
first_dealer-seats = { $count ->
        [1] { $a }
        [2] { $a } e { $b }
        [3] { $a }, { $b } e { $c }
       *[other] { $a }, { $b }, { $c } e { $d }
    }
