### Words of Trionfetti's own referee and public pages.

## the referee page's log

trionfetti-comanda_cut = comanda { $comanda } · taglio { $cut }
trionfetti-explicit = (esplicita)
trionfetti-card_by_card = mano carta per carta ({ $tricks ->
        [one] { $tricks } presa
       *[other] { $tricks } prese
    })
trionfetti-won_by = mano vinta { DAL($team) }
trionfetti-won_by_named = mano vinta da { $players } (squadra { $team })
# A hand whose winner follows from the vagaresto rather than being named.
trionfetti-hand_recorded = mano registrata
trionfetti-vagaresto = vagaresto { DEL($who) } { $answer ->
        [accepted] accettato
       *[conceded] rifiutato
    }
trionfetti-voids_entry = annulla la registrazione { $target }: { $reason }
trionfetti-replaces_entry = sostituisce la registrazione { $target }: { $reason }

## the replay page's log

trionfetti-comanda = comanda: { $comanda }
trionfetti-explicit_ranking = ordine esplicito
trionfetti-card_by_card_tricks = mano carta per carta · { $tricks ->
        [one] { $tricks } presa
       *[other] { $tricks } prese
    }
trionfetti-hand_to = mano alla squadra { $team }
trionfetti-hand_conceded = mano (vagaresto rifiutato)
trionfetti-replaces = sostituisce #{ $target }: { $reason }

## the referee page's forms

trionfetti-need_caller = Scegli chi ha chiamato il vagaresto.
trionfetti-need_answer = Indica se il vagaresto è stato accettato o rifiutato.
trionfetti-need_winner = Scegli la squadra che ha vinto la mano.
trionfetti-conceded_but_accepted = Il vagaresto è segnato come accettato: scegli la squadra che ha vinto la mano, oppure segnalo come rifiutato.
trionfetti-need_comanda = Scrivi la comanda (al massimo 500 caratteri).
trionfetti-need_cut = Scegli la carta del taglio.
trionfetti-previous_trick = Completa la presa precedente prima di questa.
trionfetti-unknown_card = carta sconosciuta { $text }
trionfetti-need_first_trick = Scegli le carte della prima presa.
