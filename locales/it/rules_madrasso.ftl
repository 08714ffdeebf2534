### Madrasso's own rule errors.

madrasso-deal = Partita { $game }, battuta { $deal }
madrasso-special_ends_conflict = { $deal }: cappotto, cassone e chiamata fuori sono finali diversi; se ne registra al più uno.
madrasso-team_and_points = { $deal }: la squadra e i suoi punti si registrano insieme.
madrasso-points_missing = { $deal }: mancano i punti di una squadra (oppure cappotto, cassone o chiamata fuori).
madrasso-declaration_points_missing = { $deal }: { $seat } si è chiamato fuori, ma mancano i punti fatti finora dalla sua squadra in questa battuta.
madrasso-declarer_team_mismatch = { $deal }: si è chiamato fuori { $seat }, che gioca con { $team }, ma i punti sono registrati per { $recorded }.
madrasso-points_impossible = { $deal }: nessuna battuta dà { $points } { $points ->
        [one] punto
       *[other] punti
    } a una squadra (si va da 0 a 130, e 1 e 129 non si possono fare).
madrasso-points_contradict = { $deal }: registrati { $recorded } { $recorded ->
        [one] punto
       *[other] punti
    } per { $team }, ma la battuta gliene dà { $actual }.
madrasso-cappotto_contradicts_cards = { $deal }: registrato cappotto per { $team }, ma le prese sono { $tricks_a } alla squadra A e { $tricks_b } alla squadra B (servono tutte e dieci).
madrasso-declaration_too_early = { $deal }: { $seat } si è chiamato fuori, ma non ci si può chiamare fuori prima di aver giocato { $min_deals } battute.
madrasso-declarer_did_not_win_trick = { $deal }: si chiama fuori solo chi ha appena fatto una presa; { $seat } si è chiamato fuori, ma la presa { $trick } l'ha vinta { $winner } con { $card }.
madrasso-exchange_without_cards = { $deal }: lo scambio del sette di briscola si registra solo con le carte giocate.
madrasso-face_up_missing = { $deal }: battuta registrata carta per carta, ma manca la carta scoperta del mazziere che fa briscola.
madrasso-exchange_by_dealer = { $deal }: lo scambio è registrato per { $seat }, che è il mazziere: la carta scoperta è già sua.
madrasso-exchange_of_the_seven = { $deal }: lo scambio è registrato per { $seat }, ma la carta scoperta è proprio il sette di briscola.
madrasso-wrong_trick_count = { $deal }: una battuta ha 10 prese, registrate { $found }.
madrasso-wrong_trick_count_stopped = { $deal }: dopo un cassone o una chiamata fuori si registrano da 1 a 10 prese, registrate { $found }.
madrasso-face_up_not_dealers = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma è la carta scoperta del mazziere ({ $dealer }) e non c'è stato scambio.
madrasso-face_up_was_exchanged = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma la carta scoperta l'ha presa { $exchanger } con lo scambio.
madrasso-seven_was_exchanged = { $deal }: { $seat } ha giocato { $card } nella presa { $trick }, ma { $exchanger } l'ha scambiato con la carta scoperta e da quel momento è del mazziere ({ $dealer }).
madrasso-cassone_trick_missing = { $deal }: in una battuta registrata carta per carta il cassone deve dire in quale presa è avvenuto.
madrasso-cassone_not_reached = { $deal }: il cassone è nella presa { $trick }, ma { $recorded ->
        [one] è registrata { $recorded } presa
       *[other] sono registrate { $recorded } prese
    }.
madrasso-cassone_followed_suit = { $deal }: cassone registrato per { $seat } nella presa { $trick }, ma ha risposto al seme con { $card }.
# The proof of a revoke or of a failure to trump ({ $proof }) is worded by rules-held.
madrasso-revoke = { $deal }: nella presa { $trick } { $seat } ha giocato { $card } { SUL($led) } senza rispondere al seme, ma { $proof }: è cassone e va registrato come tale.
madrasso-must_trump = { $deal }: nella presa { $trick } { $seat } non aveva il seme { DEL($led) } e doveva giocare briscola, cioè una carta di { $trumps }, ma ha giocato { $card } e { $proof }: è cassone e va registrato come tale.
madrasso-play_after_cassone = { $deal }: il gioco si ferma al cassone della presa { $trick }, quando { $seat } ha giocato { $card }, ma dopo è registrato { $after }: vanno tolte le carte registrate dopo il cassone.
