### Vitou's own rule errors.

vitou-round = Mano { $round }
# A card of the 32-card French deck: its rank (1, 7 to 13) and suit, with the article.
vitou-card = { $rank ->
        [1] l'asso
        [2] il due
        [3] il tre
        [4] il quattro
        [5] il cinque
        [6] il sei
        [7] il sette
        [8] l'otto
        [9] il nove
        [10] il dieci
        [11] il fante
        [12] la donna
       *[13] il re
    } di { $suit ->
        [spade] picche
        [bastoni] fiori
        [coppe] cuori
       *[denari] quadri
    }
vitou-won = { $team }
vitou-tied = pari
vitou-list = { $head }, { $tail }
vitou-players_not_supported = Il vitou si gioca in 2 o in 4, non in { $players }.
vitou-decline_not_allowed = { $round }: rinunciare a giocare può solo la squadra a 20 (l'altra no), ma il punteggio è { $score_a }-{ $score_b }.
vitou-all_passed_not_allowed = { $round }: si passa tutti solo sul 20 pari, ma il punteggio è { $score_a }-{ $score_b }.
vitou-play_without_round = { $round }: una mano rifiutata o passata non ha carte, puntate né vincitore.
vitou-bidding_closed = { $round }: sul { $score_a }-{ $score_b } una squadra è a 20 e non si punta più fino alla fine della partita.
vitou-bid_opening = { $round }: { $seat } apre le puntate con { $bid }, ma si apre sempre con 3; poi si rilancia a 6, a 12 e a baraque, senza salti.
vitou-bid_out_of_order = { $round }: { $seat } punta { $bid }, ma dopo il { $last } si può rilanciare solo a { $expected } (niente salti).
vitou-bid_above_baraque = { $round }: { $seat } punta { $bid }, ma dopo baraque non si rilancia.
vitou-raise_own_side = { $round }: { $seat } rilancia a { $bid }, ma l'ultima puntata è della sua squadra ({ $last }): rilancia solo l'altra.
vitou-refusal_without_bid = { $round }: rifiuto senza alcuna puntata.
vitou-refusal_out_of_turn = { $round }: rifiuta { $seat }, ma può rifiutare solo { $expected }, subito dopo chi ha puntato per ultimo ({ $raiser }).
vitou-tied_and_refused = { $round }: una mano rifiutata non finisce con tre prese pari.
vitou-winner_contradicts_cards = { $round }: registrata come vinta { DAL($recorded) }, ma le carte la danno { AL($actual) }.
vitou-winner_contradicts_ties = { $round }: registrata come vinta { DAL($recorded) }, ma le tre prese sono pari e nessuno segna.
vitou-tied_contradicts_cards = { $round }: registrata con tre prese pari, ma le carte la danno { AL($actual) }.
vitou-winner_contradicts_refusal = { $round }: registrata come vinta { DAL($recorded) }, ma ha rifiutato { $refuser } e la mano va agli avversari.
vitou-winner_and_tied = { $round }: una mano con tre prese pari non ha vincitore.
vitou-winner_missing = { $round }: manca chi ha vinto la mano (o che le tre prese sono pari).
vitou-no_bidding = senza puntate
vitou-bid_refused = con il { $bid } rifiutato
vitou-bid_accepted = con il { $bid } accettato
vitou-stake_mismatch = { $round }: { $why } la mano vale { $expected } { $expected ->
        [one] punto
       *[other] punti
    }, ma ne sono registrati { $recorded }.
vitou-too_many_tricks = { $round }: una mano ha al più 3 prese, trovate { $found }.
vitou-call_trick_missing = { $round }: registrata carta per carta, la puntata o il rifiuto { DEL($seat) } deve dire in quale presa è stato fatto.
vitou-played_after_refusal = { $round }: il rifiuto nella presa { $trick } chiude la mano, ma le prese registrate sono { $recorded }.
vitou-won_by = vinta { DAL($team) }
vitou-trick_after_decided = { $round }: la presa { $trick } non si gioca, la mano era già decisa ({ $who }).
vitou-lead_tied = la presa { $trick } è finita pari e riapre chi l'aveva aperta, { $expected }
vitou-card_not_in_deck = { $round }: { $seat } ha giocato { $card } nella presa { $trick }, ma non è nel mazzo da 32.
vitou-bid_not_reached = { $round }: { $seat } punta { $bid } nella presa { $trick }, ma nelle carte registrate non arriva il suo turno.
vitou-bid_by_last = { $round }: { $seat } punta { $bid } nella presa { $trick }, ma è l'ultimo a giocarla e l'ultimo non punta mai.
vitou-bids_out_of_play_order = { $round }: la puntata { $bid } { DEL($seat) } nella presa { $trick } non segue nell'ordine di gioco quella prima.
vitou-refusal_not_after_raise = { $round }: { $seat } rifiuta nella presa { $trick }, ma si rifiuta solo al proprio turno subito dopo l'ultimo rilancio.
vitou-round_undecided = { $round }: le prese registrate ({ $results }) non decidono la mano.
