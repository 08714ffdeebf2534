### Words of the rotating-partner reports and cards; `{ $name }` is a value filled in.

rotation-round = Turno { $round }
rotation-whist_design = schema whist per { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }: in { $length } { $length ->
        [one] turno
       *[other] turni
    } ognuno gioca una volta in coppia con ciascun altro e due volte contro.
rotation-part_of_design = turni scelti da uno schema whist per { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }: quelli che ripetono meno avversari.
rotation-no_repeats = turni senza alcun compagno né avversario ripetuto ({ $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }).
rotation-round_by_round = turni scelti uno alla volta contro i precedenti ({ $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }).
rotation-design_less_one = schema whist per { $more } { $more ->
        [one] giocatore
       *[other] giocatori
    } con un posto vuoto: ogni turno i suoi tre compagni di tavolo riposano; su { $players } { $players ->
        [one] turno
       *[other] turni
    } nessuno gioca due volte con lo stesso compagno né più di due volte contro lo stesso avversario.
rotation-local_search = turni migliorati da una ricerca locale che scambia i giocatori tra i tavoli ({ $players } { $players ->
        [one] giocatore
       *[other] giocatori
    }).
rotation-no_design = con { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    } non esiste uno schema whist (serve un numero che diviso per 4 dia resto 0 o 1), ne riposano { $out } a ogni turno
rotation-after_change = da qui cambia chi gioca (iscrizione tardiva o ritiro); { $method }
rotation-nothing_repeats = nessuna ripetizione
rotation-partners_again = di nuovo compagni
rotation-opponents_again = di nuovo avversari
rotation-time = { $times }ª volta
rotation-sitting_out = riposano
rotation-unavoidable = Inevitabile:
rotation-pairs_partners = in { $rounds } { $rounds ->
        [one] turno
       *[other] turni
    } si formano { $meetings } { $meetings ->
        [one] coppia
       *[other] coppie
    } di compagni e le coppie di giocatori diverse sono solo { $pairs }.
rotation-players_partners = fin qui un giocatore ha avuto { $most } { $most ->
        [one] compagno
       *[other] compagni
    } e gli altri giocatori sono solo { $others }.
rotation-pairs_opponents = in { $rounds } { $rounds ->
        [one] turno
       *[other] turni
    } ci sono { $meetings } { $meetings ->
        [one] incontro
       *[other] incontri
    } fra avversari e le coppie di giocatori diverse sono solo { $pairs }.
rotation-players_opponents = fin qui un giocatore ha avuto { $most } { $most ->
        [one] avversario
       *[other] avversari
    } e gli altri giocatori sono solo { $others }.
rotation-at_least = Il minimo possibile fin qui: { $partners } { $partners ->
        [one] compagno ripetuto
       *[other] compagni ripetuti
    }, nessuna coppia avversaria più di { $most } { $most ->
        [one] volta
       *[other] volte
    }, { $opponents } { $opponents ->
        [one] avversario ripetuto
       *[other] avversari ripetuti
    }; questo piano: { $so_far_partners }, { $so_far_most }, { $so_far_opponents } (il migliore trovato).
rotation-fewest = Nessuna coppia si è affrontata più di { $most } { $most ->
        [one] volta
       *[other] volte
    }: il minimo possibile.
rotation-table_cards = Cartellini dei tavoli
rotation-guide_cards = Cartellini dei giocatori
rotation-cards_hint = Un cartellino per tavolo, da lasciare sul tavolo tutta la sera, e uno per giocatore, da consegnare: stampa questa pagina.
rotation-seat_legend = I posti 1 e 3 giocano in coppia contro 2 e 4; il posto 1 dà le carte per primo.
rotation-round_short = Turno
rotation-deals = dà le carte
rotation-seat = Posto
rotation-partner = Compagno
rotation-sits_out = riposa
