### The words every game's rule errors share: seats, cards, and the refusals of card
### play common to the trick games.

# { $number } counts seats from 1, as people do ({ $seat }, from 0, names the player).
rules-seat = il posto { $number }
rules-suit = { $suit ->
        [spade] spade
        [bastoni] bastoni
        [coppe] coppe
       *[denari] denari
    }
# A card of the Italian deck: its rank (1 to 13) and suit, without the article.
rules-card_name = { $rank ->
        [1] asso
        [2] due
        [3] tre
        [4] quattro
        [5] cinque
        [6] sei
        [7] sette
        [8] otto
        [9] nove
        [10] dieci
        [11] fante
        [12] cavallo
       *[13] re
    } di { $suit ->
        [spade] spade
        [bastoni] bastoni
        [coppe] coppe
       *[denari] denari
    }
# The same card with its article: "l'asso di spade", "il sette di denari".
rules-card = { $rank ->
        [1] l'{ $name }
        [8] l'{ $name }
       *[other] il { $name }
    }

rules-wrong_trick_size = { $deal }: nella presa { $trick } ogni posto gioca una carta (4 carte), trovate { $found }.
rules-wrong_leader = { $deal }: { $found } ha aperto la presa { $trick }, ma { $why }.
rules-lead_dealers_right = la prima presa la apre { $expected }, alla destra del mazziere ({ $dealer })
rules-lead_dealers_left = la prima presa la apre { $expected }, alla sinistra del mazziere ({ $dealer })
rules-lead_won_previous = la presa { $trick } l'ha vinta { $seat } con { $card }
rules-card_played_twice = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma era già uscito nella presa { $first_trick }.
rules-not_in_deck = { $deal }: { $card } { $trick ->
        [0] come carta scoperta
       *[other] nella presa { $trick }
    } non è nel mazzo da 40 carte (niente 8, 9 e 10).
# Where the card that proves a revoke was: still in hand (0) or played in a later trick
# (every game's proof but Tressette's, where a declaration proves it too).
rules-held = { $played ->
        [0] { $card } gli restava in mano
       *[other] aveva { $card }, giocato poi nella presa { $played }
    }
# A revoke in the words of a game that has none of its own.
rules-revoke = { $deal }: nella presa { $trick }, aperta con { $led }, { $seat } ha giocato { $card } senza rispondere al seme, ma { $proof }.

# The refusals of the games played by 2 or 4 (Trijumf, Vitou); { $deal } is the game's
# place, a deal or a round.
rules-seat_not_in_game = { $deal }: in { $players } { $players ->
        [one] giocatore
       *[other] giocatori
    } { $seat } non esiste (posti da 1 a { $players }).
rules-wrong_trick_size_players = { $deal }: nella presa { $trick } ogni giocatore gioca una carta ({ $expected } { $expected ->
        [one] carta
       *[other] carte
    }), trovate { $found }.
rules-card_already_played = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma l'aveva già giocato { $first_seat } nella presa { $first_trick }.
# A hand (Trionfetti) or a round (Vitou) recorded card by card without a trick.
rules-no_tricks = { $deal }: nessuna presa registrata.

## corrections and the other refusals of a match's log

replay-correction_kind = { $kind ->
        [void] un annullamento
        [replace] una sostituzione
       *[other] { $kind }
    }
replay-target_out_of_range = la correzione punta alla registrazione { $target }, che non è una registrazione precedente
replay-target_is_correction = la correzione punta alla registrazione { $target }, che è a sua volta una correzione ({ $kind }); correggere la registrazione originale
replay-target_is_correction_hand = la correzione punta alla registrazione { $target }, che è a sua volta una correzione ({ $kind }); correggere la mano o la smazzata originale
replay-already_void = la registrazione { $target } è già annullata
replay-comanda_unreadable = comanda { $comanda } non leggibile: { $error }
replay-no_ranking = la smazzata deve dare la comanda o l'ordine esplicito delle carte
