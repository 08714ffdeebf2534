### Tressette's own rule errors.

tressette-deal = Partita { $game }, mano { $deal }
tressette-declaration_four = i quattro { $honour ->
        [three] tre
        [two] due
       *[ace] assi
    } del posto { $seat }
tressette-declaration_three = i tre { $honour ->
        [three] tre
        [two] due
       *[ace] assi
    } del posto { $seat } (manca { $missing })
tressette-declaration_napoletana = la napoletana di { $suit } del posto { $seat }
tressette-sweep_and_claim = { $deal }: una chiamata ferma il gioco, quindi la mano non può essere anche un cappotto o uno stramazzo.
tressette-points_out_of_range = { $deal }: in una mano una squadra fa da 0 a 11 punti di carte, registrati { $points }.
tressette-points_missing = { $deal }: mancano la squadra e i suoi punti (oppure una chiamata o un cappotto).
tressette-eleven_without_sweep = { $deal }: 11 a 0 per { $team } non si fa senza cappotto né stramazzo: una squadra resta senza punti solo se l'altra prende tutte le prese (cappotto) o tutti i punti di carte (stramazzo; l'ultima presa allora non conta). Se è così, indicalo nel campo "sweep"; altrimenti all'altra squadra va almeno 1 punto (al più 10 a 1).
tressette-claim_points_missing = { $deal }: { $seat } ha chiamato, ma mancano i punti di carte fatti finora dalla sua squadra.
tressette-claim_team_mismatch = { $deal }: ha chiamato { $seat }, che gioca con { $team }, ma i punti sono registrati per { $recorded }.
tressette-sweep_team_missing = { $deal }: manca la squadra che ha fatto cappotto o stramazzo.
tressette-points_contradict = { $deal }: registrati { $recorded } { $recorded ->
        [one] punto
       *[other] punti
    } di carte per { $team }, ma le carte gliene danno { $actual }.
tressette-no_sweep = nessun cappotto né stramazzo
tressette-sweep_by = { $sweep } { $team }
tressette-sweep_contradicts_cards = { $deal }: registrato { $sweep } per { $team }, ma le carte mostrano { $shown }.
tressette-declaration_repeated = { $deal }: { $declaration } è registrata due volte.
tressette-declarations_overlap = { $deal }: { $first } e { $second } non possono stare insieme: le carte di un rango si accusano una volta sola.
tressette-card_declared_twice = { $deal }: { $card } è negli accusi sia { DEL($first) } sia { DEL($second) }, ma sta in una mano sola.
tressette-declarations_contradict = { $deal }: secondo { $declaration } manca { $card }, ma un altro suo accuso lo richiede.
tressette-too_many_declared_cards = { $deal }: gli accusi { DEL($seat) } richiedono { $cards } { $cards ->
        [one] carta
       *[other] carte
    }, ma una mano ne ha 10.
tressette-declarations_before_first_trick = { $deal }: si accusa alla fine della prima presa, ma la chiamata è venuta prima che fosse giocata.
tressette-wrong_trick_count = { $deal }: una mano ha 10 prese, registrate { $found }.
tressette-wrong_trick_count_claimed = { $deal }: dopo una chiamata si registrano al più 10 prese, registrate { $found }.
tressette-declared_card_played_by_other = { $deal }: { $declaration } richiede { $card }, ma l'ha giocato { $seat } nella presa { $trick }.
tressette-missing_card_held = { $deal }: secondo { $declaration } manca { $card }, ma l'ha giocato lui stesso nella presa { $trick }.
# How a revoke is proved: a declared card (0) or one played in a later trick.
tressette-held = { $played ->
        [0] aveva accusato { $card }
       *[other] aveva { $card }, giocato poi nella presa { $played }
    }
tressette-revoke = { $deal }: nella presa { $trick } { $seat } ha giocato { $card } { SUL($led) } senza rispondere al seme, ma { $proof }.
